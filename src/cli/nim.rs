//! `engine nim "POSITION" [--misere]`: Grundy values, nim-sum, P or N and
//! every winning move (`heap:taken`, heaps numbered from 1).

use serde_json::json;

use crate::engine::nim::theory::{analyse, Outcome, DEFAULT_BUDGET};
use crate::engine::nim::{parse_position, Move};

use super::numbers::whole;
use super::{CliError, Report};

/// `engine nim`.
#[derive(clap::Args, Debug)]
pub struct NimArgs {
    /// The heaps, rule:size split by spaces: nim, dim, aliquot, evenodd,
    /// half, sub{1,3,4} (e.g. "nim:11 nim:5 nim:12 nim:20")
    #[arg(value_name = "POSITION")]
    pub position: String,
    /// Misère play: whoever makes the last move loses
    #[arg(long)]
    pub misere: bool,
    /// The positions a misère search may decide (1 000 000 unless given;
    /// about 25 bytes each)
    #[arg(long, value_name = "N", value_parser = whole(1u64, 100_000_000, "a number of positions"))]
    pub budget: Option<u64>,
}

/// Runs the command.
pub fn nim(args: &NimArgs) -> Result<Report, CliError> {
    let misere = args.misere;
    let budget = args.budget.unwrap_or(DEFAULT_BUDGET);
    let position = parse_position(&args.position).map_err(|e| CliError::Nim(e.to_string()))?;
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
