//! `engine train`: the pipeline that makes the weights of the pattern
//! evaluation, in three re-runnable steps.
//!
//! * [`generate`]: positions from self-play with random openings;
//! * [`label`]: exact results near the end, searches earlier;
//! * [`fit`]: least-squares weights per phase, written as a weights file.
//!
//! Labelling again with the new weights and fitting again is one round of
//! improvement; the README lists the commands that made the shipped file.

mod fit;
mod generate;
mod label;
pub mod samples;

use super::{CliError, Report};

/// `engine train STEP`.
#[derive(clap::Subcommand, Debug)]
pub enum Step {
    /// Positions from self-play games with random openings
    Generate(generate::GenerateArgs),
    /// Exact results near the end, searches earlier
    Label(label::LabelArgs),
    /// Least-squares weights per phase, written as a weights file
    Fit(fit::FitArgs),
}

/// Runs `engine train STEP …`.
pub fn train(step: &Step) -> Result<Report, CliError> {
    match step {
        Step::Generate(args) => generate::generate(args),
        Step::Label(args) => label::label_command(args),
        Step::Fit(args) => fit::fit(args),
    }
}
