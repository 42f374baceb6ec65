//! `engine nim "POSITION" [--misere]`: Grundy values, nim-sum, P or N and
//! every winning move.

use serde_json::json;

use crate::engine::nim::theory::{analyse, Outcome, DEFAULT_BUDGET};
use crate::engine::nim::{parse_position, Move};

use super::args::{number_in, Args};
use super::{CliError, Report};

/// Runs the command.
pub fn nim(words: &[String]) -> Result<Report, CliError> {
    let mut args = Args::parse(words, &["budget"], &["json", "misere"])?;
    let text = args.positional("\"POSITION\" (e.g. \"nim:11 nim:5 nim:12 nim:20\")")?;
    args.finish()?;
    let misere = args.switch("--misere");
    let budget = args
        .parsed(
            "--budget",
            "a number of positions",
            number_in(1u64, u64::MAX),
        )?
        .unwrap_or(DEFAULT_BUDGET);
    let position = parse_position(&text).map_err(|e| CliError::Nim(e.to_string()))?;
    let analysis =
        analyse(&position, misere, budget).map_err(|e| CliError::NoResult(e.to_string()))?;
    let outcome = match analysis.outcome {
        Outcome::P => "P",
        Outcome::N => "N",
    };
    let moves: Vec<String> = analysis.winning_moves.iter().map(Move::to_string).collect();
    let mut text = format!("{position}\n");
    if let (Some(values), Some(nimsum)) = (&analysis.values, analysis.nimsum) {
        let values: Vec<String> = values.iter().map(u64::to_string).collect();
        text += &format!("Grundy values {}, nim-sum {nimsum}\n", values.join(" "));
    }
    text += &format!(
        "{outcome}-position{}; winning moves: {}",
        if misere { " (misère)" } else { "" },
        if moves.is_empty() {
            "none".to_string()
        } else {
            moves.join(" ")
        }
    );
    Ok(Report {
        json: json!({
            "values": analysis.values,
            "nimsum": analysis.nimsum,
            "outcome": outcome,
            "winning_moves": moves,
        }),
        text,
    })
}
