//! Choosing an evaluation on the command line: `standard` (the engine's
//! own), `handmade`, `pattern` (the shipped weights) or the path of a
//! weights file written by `engine train fit`.

use crate::engine::othello::eval::Evaluator;
use crate::engine::othello::pattern::weights::{shipped, Weights};

use super::CliError;

/// Reads a weights file.
pub fn read_weights(path: &str) -> Result<Weights, CliError> {
    let bytes = super::read_file(path, super::TEXT_FILE_LIMIT)?;
    Weights::decode(&bytes).map_err(|e| CliError::Weights(path.to_string(), e))
}

/// Writes a weights file in the compact format; returns its size in bytes.
pub fn write_weights(path: &str, weights: &Weights) -> Result<usize, CliError> {
    let bytes = weights.encode();
    super::create_parent_dir(path)?;
    std::fs::write(path, &bytes).map_err(|e| CliError::File(path.to_string(), e))?;
    Ok(bytes.len())
}

/// The evaluator a command-line word names. Weights files are read once
/// and kept for the rest of the run.
pub fn evaluator(name: &str) -> Result<Evaluator, CliError> {
    Ok(match name {
        "standard" => Evaluator::Standard,
        "handmade" | "hand-made" => Evaluator::HandMade,
        "pattern" => Evaluator::Pattern(shipped()),
        path => Evaluator::Pattern(read_weights(path)?.leak()),
    })
}
