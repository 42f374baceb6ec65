//! `engine standings FILE`, `engine pair FILE` and `engine ratings FILE…`:
//! the standings and the next round of a tournament file, and a club's
//! rating list over several, by the same code as the club page
//! (`club::standings`, `club::pairing`, `club::ratings`), read by the
//! page's one reader (`club::csv::read`: the JSON or CSV file the page
//! saves, with or without a byte order mark).

use serde_json::{json, Value};

use mind_sports_core::club::csv::{read, MAX_FILE_BYTES};
use mind_sports_core::club::ratings::{self, RatingList, PROVISIONAL_DEVIATION};
use mind_sports_core::club::text::shown;
use mind_sports_core::club::tournament::Tournament;
use mind_sports_core::club::{pairing, standings};

use super::{read_file, CliError, Report};

/// `engine standings FILE`, `engine pair FILE`.
#[derive(clap::Args, Debug)]
pub struct TournamentFile {
    /// The tournament file the club page saves (JSON or CSV)
    #[arg(value_name = "FILE")]
    pub file: String,
}

/// `engine ratings FILE…`.
#[derive(clap::Args, Debug)]
pub struct TournamentFiles {
    /// The club's tournament files (JSON or CSV), oldest first
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
}

/// The tournament file at `path`.
fn tournament_file(path: &str) -> Result<(String, Tournament), CliError> {
    let path = path.to_string();
    let text = String::from_utf8_lossy(&read_file(&path, MAX_FILE_BYTES as u64)?).into_owned();
    let t = read(&text).map_err(|e| CliError::Tournament(path.clone(), e))?;
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
    // Names are checked by the reader (no control characters); the text is
    // made harmless for a terminal all the same.
    let mut text = format!("round {}", p.round);
    for (board, g) in p.pairs.iter().enumerate() {
        text += &format!(
            "\n{:>3}. {} – {}",
            board + 1,
            shown(&g.black),
            shown(&g.white)
        );
    }
    if let Some(bye) = &p.bye {
        text += &format!("\n     bye: {}", shown(bye));
    }
    Ok(Report {
        json: json!({ "round": p.round, "pairs": pairs, "bye": p.bye }),
        text,
    })
}

/// Runs `engine standings FILE`.
pub fn standings_command(path: &str) -> Result<Report, CliError> {
    let (_, t) = tournament_file(path)?;
    Ok(standings_report(&t))
}

/// The standings of `t` as `engine standings` gives them: the JSON the
/// server's club events answer too ([`standings::standings_json`]), and a
/// line a player for people.
pub fn standings_report(t: &Tournament) -> Report {
    let lines = standings::standings(t);
    let text = lines
        .iter()
        .map(|s| match (s.brightwell_sum, s.discs) {
            (Some(sum), Some(discs)) => format!(
                "{:>3}. {} {} (BQ {} = {} + {} × {} + {} × {}, discs {discs})",
                s.rank,
                shown(&s.name),
                s.points,
                sum.total(),
                sum.discs,
                sum.c,
                sum.opponents_points,
                sum.set_aside,
                sum.set_aside_worth(),
            ),
            _ => format!(
                "{:>3}. {} {} (Buchholz {}, SB {})",
                s.rank,
                shown(&s.name),
                s.points,
                s.buchholz,
                s.sonneborn_berger
            ),
        })
        .collect::<Vec<_>>()
        .join("\n");
    Report {
        json: standings::standings_json(t, &lines),
        text,
    }
}

/// Runs `engine ratings FILE…`: the rating list of the files' events in
/// the order given (`--json`: the [`RatingList`] as serde writes it).
/// Only the form asked for is made: at the files' limits the list holds
/// half a million rounds of history, and its JSON tree ten times the
/// memory of the table.
pub fn ratings_command(paths: &[String], json: bool) -> Result<Report, CliError> {
    let events = paths
        .iter()
        .map(|path| tournament_file(path).map(|(_, t)| t))
        .collect::<Result<Vec<_>, _>>()?;
    let list = ratings::rate(&events);
    Ok(if json {
        Report {
            json: serde_json::to_value(&list).unwrap_or_default(),
            text: String::new(),
        }
    } else {
        Report {
            json: Value::Null,
            text: rating_table(&list),
        }
    })
}

/// The list for people: rank, name, rating (`?` when provisional),
/// ±deviation, games; names as the files have them, made harmless.
fn rating_table(list: &RatingList) -> String {
    let names: Vec<String> = list.players.iter().map(|p| shown(&p.name)).collect();
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let mut text = format!("Rank  {:width$}  Rating  Deviation  Games", "Name");
    for (p, name) in list.players.iter().zip(&names) {
        let mark = if p.provisional { "?" } else { " " };
        text += &format!(
            "\n{:>4}  {name:width$}  {:>5}{mark}  {:>9}  {:>5}",
            p.rank,
            p.rating.round(),
            format!("±{}", p.deviation.round()),
            p.games
        );
    }
    if list.players.is_empty() {
        text += "\n(no rated games)";
    }
    text + &format!(
        "\n? provisional: deviation above {PROVISIONAL_DEVIATION}. Events: {}, rating periods: {} (a calendar month each; a file without a date is one).",
        list.events, list.periods
    )
}
