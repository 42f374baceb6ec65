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

use super::args::ArgsError;
use super::{CliError, Report};

/// Runs `engine train STEP …`.
pub fn train(words: &[String]) -> Result<Report, CliError> {
    let Some((step, rest)) = words.split_first() else {
        return Err(ArgsError::MissingArgument("step (generate, label or fit)").into());
    };
    match step.as_str() {
        "generate" => generate::generate(rest),
        "label" => label::label_command(rest),
        "fit" => fit::fit(rest),
        other => Err(ArgsError::UnknownCommand(format!("train {other}")).into()),
    }
}
