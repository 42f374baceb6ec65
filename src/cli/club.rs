//! `engine standings FILE` and `engine pair FILE`: the standings and the
//! next round of a tournament file, by the same code as the club page
//! (`club::standings`, `club::pairing`).

use serde_json::{json, Value};

use crate::club::tournament::Tournament;
use crate::club::{pairing, standings, tournament};

use super::{read_file, CliError, Report, TEXT_FILE_LIMIT};

/// `engine standings FILE`, `engine pair FILE`.
#[derive(clap::Args, Debug)]
pub struct TournamentFile {
    /// The tournament file the club page saves (JSON or CSV)
    #[arg(value_name = "FILE")]
    pub file: String,
}

/// The tournament file at `path`.
fn tournament_file(path: &str) -> Result<(String, Tournament), CliError> {
    let path = path.to_string();
    let text = String::from_utf8_lossy(&read_file(&path, TEXT_FILE_LIMIT)?).into_owned();
    let t = tournament::parse(&text).map_err(|e| CliError::NoResult(format!("{path}: {e}")))?;
    Ok((path, t))
}

/// Runs `engine pair FILE`: `{"round", "pairs": [{"black", "white"}],
/// "bye"}` for the next round.
pub fn pair_command(path: &str) -> Result<Report, CliError> {
    let (path, t) = tournament_file(path)?;
    let p = pairing::next_round(&t).map_err(|e| CliError::NoResult(format!("{path}: {e}")))?;
    let pairs: Vec<Value> = p
        .pairs
        .iter()
        .map(|g| json!({ "black": g.black, "white": g.white }))
        .collect();
    let mut text = format!("round {}", p.round);
    for (board, g) in p.pairs.iter().enumerate() {
        text += &format!("\n{:>3}. {} – {}", board + 1, g.black, g.white);
    }
    if let Some(bye) = &p.bye {
        text += &format!("\n     bye: {bye}");
    }
    Ok(Report {
        json: json!({ "round": p.round, "pairs": pairs, "bye": p.bye }),
        text,
    })
}

/// Runs `engine standings FILE`.
pub fn standings_command(path: &str) -> Result<Report, CliError> {
    let (_, t) = tournament_file(path)?;
    let lines = standings::standings(&t);
    let rows: Vec<Value> = lines
        .iter()
        .map(|s| {
            let mut row = json!({
                "rank": s.rank,
                "name": s.name,
                "points": s.points,
                "buchholz": s.buchholz,
                "sonneborn_berger": s.sonneborn_berger,
            });
            if let (Some(bq), Some(discs)) = (s.brightwell, s.discs) {
                row["brightwell"] = json!(bq);
                row["discs"] = json!(discs);
            }
            row
        })
        .collect();
    let text = lines
        .iter()
        .map(|s| match s.brightwell {
            Some(bq) => format!(
                "{:>3}. {} {} (BQ {bq}, discs {})",
                s.rank,
                s.name,
                s.points,
                s.discs.unwrap_or(0.0)
            ),
            None => format!(
                "{:>3}. {} {} (Buchholz {}, SB {})",
                s.rank, s.name, s.points, s.buchholz, s.sonneborn_berger
            ),
        })
        .collect::<Vec<_>>()
        .join("\n");
    Ok(Report {
        json: json!({ "standings": rows }),
        text,
    })
}
