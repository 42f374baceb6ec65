//! `engine standings FILE`: the standings of a tournament file, by the same
//! code as the club page (`club::standings`).

use serde_json::{json, Value};

use crate::club::{standings, tournament};

use super::args::Args;
use super::{read_file, CliError, Report, TEXT_FILE_LIMIT};

/// Runs `engine standings FILE`.
pub fn standings_command(words: &[String]) -> Result<Report, CliError> {
    let mut args = Args::parse(words, &[], &["json"])?;
    let path = args.positional("FILE")?;
    args.finish()?;
    let text = String::from_utf8_lossy(&read_file(&path, TEXT_FILE_LIMIT)?).into_owned();
    let t = tournament::parse(&text).map_err(|e| CliError::NoResult(format!("{path}: {e}")))?;
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
