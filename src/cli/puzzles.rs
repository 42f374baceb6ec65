//! `engine puzzles`: Othello puzzles made from self-play games and proved
//! by the solver (`generate`), the shipped set (`export`), and its check
//! from scratch (`check`). The file format is the export's JSON.

use std::collections::HashSet;

use serde_json::{json, Value};

use crate::engine::clock::SystemClock;
use crate::engine::hashing::mix;
use crate::engine::othello::notation::{board_text, parse_board, replay};
use crate::engine::othello::puzzle::{self, Kind, Puzzle};
use crate::engine::othello::{Analyzer, Move, Position, Rules, Variant};
use crate::engine::rng::Rng;
use crate::engine::search::{Budget, Limits};

use super::common::{Progress, Seed, Threads};
use super::numbers::whole;
use super::parallel::map_in_parallel;
use super::{create_parent_dir, read_file, CliError, Report, TEXT_FILE_LIMIT};

/// The shipped puzzles (`engine puzzles generate --count 360 --seed 1`).
pub const SHIPPED: &str = include_str!("../../data/othello-puzzles.json");
/// Where they are, for `generate --out`.
const SHIPPED_PATH: &str = "data/othello-puzzles.json";

/// The solver's budget per position: a node limit, not a time limit, so that
/// a generation is the same on every machine.
const SOLVE_NODES: u64 = 5_000_000;
/// The budget of a check from scratch: generation solves with the tables
/// warm from the game's earlier positions, a check starts cold.
const CHECK_NODES: u64 = 200_000_000;
/// The empty squares of the endgame puzzles (all kinds but corner and wipeout).
const ENDGAME_EMPTIES: std::ops::RangeInclusive<u32> = 8..=16;
/// The empty squares where a forced corner is looked for.
const CORNER_EMPTIES: std::ops::RangeInclusive<u32> = 20..=44;
/// A wipeout is looked for when the opponent has at most this many discs
/// and the game has reached this many empty squares.
const WIPEOUT_DISCS: u32 = 6;
const WIPEOUT_EMPTIES: u32 = 44;

/// `engine puzzles generate`.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles (1 to 100 000; 360 unless given)
    #[arg(long, value_name = "N", value_parser = whole(1usize, 100_000, "a number of puzzles"))]
    count: Option<usize>,
    /// The seed.
    #[command(flatten)]
    seed: Seed,
    /// Games to play (six per puzzle unless given)
    #[arg(long, value_name = "G", value_parser = whole(1usize, 10_000_000, "a number of games"))]
    games: Option<usize>,
    /// Threads (1 unless given).
    #[command(flatten)]
    threads: Threads,
    /// Where they are written (the shipped file unless given)
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Progress.
    #[command(flatten)]
    progress: Progress,
}

/// `engine puzzles STEP`.
#[derive(clap::Subcommand, Debug)]
pub enum Step {
    /// Puzzles from self-play games, proved by the solver
    Generate(GenerateArgs),
    /// The shipped puzzles, or those of --in FILE
    Export {
        /// A puzzles file instead of the shipped one
        #[arg(long = "in", value_name = "FILE")]
        input: Option<String>,
    },
    /// Every puzzle proved again from scratch
    Check {
        /// A puzzles file instead of the shipped one
        #[arg(long = "in", value_name = "FILE")]
        input: Option<String>,
        /// Threads (1 unless given).
        #[command(flatten)]
        threads: Threads,
    },
}

/// Runs `engine puzzles STEP`.
pub fn puzzles(step: &Step) -> Result<Report, CliError> {
    match step {
        Step::Generate(args) => generate(args),
        Step::Export { input } => export(input.as_deref()),
        Step::Check { input, threads } => check(input.as_deref(), threads),
    }
}

/// One puzzle as the file holds it.
fn to_json(p: &Puzzle) -> Value {
    let position = &p.position;
    json!({
        "id": id(p),
        "board": board_text(position),
        "kind": p.kind.name(),
        "solution": p.solution.iter().map(Move::to_string).collect::<Vec<_>>(),
        "score": p.score,
        "turns": p.turns,
        "empties": position.empties().count_ones(),
        "rating": puzzle::initial_rating(p),
        "verified": if p.kind == Kind::Corner { "search" } else { "exact" },
    })
}

/// A stable name: the kind and a hash of the position's symmetry class.
fn id(p: &Puzzle) -> String {
    let (black, white, side) = puzzle::canonical(&p.position);
    let hash = mix(black ^ mix(white ^ mix(u64::from(side))));
    format!("{}-{:08x}", p.kind.name(), hash >> 32)
}

/// Reads a puzzle file's text.
pub fn parse(text: &str) -> Result<Vec<Puzzle>, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let list = value["puzzles"].as_array().ok_or("no \"puzzles\" list")?;
    list.iter()
        .enumerate()
        .map(|(i, item)| parse_one(item).map_err(|e| format!("puzzle {}: {e}", i + 1)))
        .collect()
}

fn parse_one(item: &Value) -> Result<Puzzle, String> {
    let field = |name: &str| item.get(name).ok_or(format!("no \"{name}\""));
    let board = field("board")?.as_str().ok_or("the board is not text")?;
    let position = parse_board(board, Variant::Standard).map_err(|e| e.to_string())?;
    let kind = field("kind")?
        .as_str()
        .and_then(Kind::from_name)
        .ok_or("an unknown kind")?;
    let moves: Vec<&str> = field("solution")?
        .as_array()
        .ok_or("the solution is not a list")?
        .iter()
        .map(|m| m.as_str().ok_or("a move is not text"))
        .collect::<Result<_, _>>()?;
    let solution = replay(position, &moves.join(" "))
        .map_err(|e| e.to_string())?
        .moves;
    let small = |name: &str| item.get(name).and_then(Value::as_i64);
    Ok(Puzzle {
        position,
        kind,
        solution,
        score: small("score").map(|s| s as i32),
        turns: small("turns").map(|t| t as u32),
    })
}

/// The puzzles of one self-play game: at most one of each kind. Most games
/// are played by two shallow searches with noise; every fourth has a side
/// that plays at random, whose games end in wipeouts and lost corners.
fn play_game(seed: u64, game: usize, analyzer: &mut Analyzer) -> Vec<Puzzle> {
    let mut rng = Rng::new(mix(seed ^ mix(game as u64)));
    let clock = SystemClock::new();
    let careless = (game % 4 == 0).then(|| rng.below(2) == 0);
    let random_moves = 2 + rng.below(8) as u32;
    let mut position = Position::start(Rules::default());
    let mut found: Vec<Puzzle> = Vec::new();
    let mut played = 0;
    while !position.is_over() {
        let empties = position.empties().count_ones();
        let theirs = position.opponent().count_ones();
        let wanted = |kind| !found.iter().any(|p: &Puzzle| p.kind == kind);
        let candidate = if CORNER_EMPTIES.contains(&empties) && wanted(Kind::Corner) {
            puzzle::corner_puzzle(&position)
        } else if ENDGAME_EMPTIES.contains(&empties)
            || (theirs <= WIPEOUT_DISCS && empties <= WIPEOUT_EMPTIES && wanted(Kind::Wipeout))
        {
            let budget = Budget::new(Limits::nodes(SOLVE_NODES), &clock);
            puzzle::exact_scores(analyzer, &position, &budget)
                .and_then(|scores| puzzle::classify(&position, Some(&scores)))
                .filter(|p| ENDGAME_EMPTIES.contains(&empties) || p.kind == Kind::Wipeout)
        } else {
            None
        };
        if let Some(p) = candidate.filter(|p| wanted(p.kind)) {
            found.push(p);
        }
        let moves = position.moves();
        let black_to_move = position.side_to_move() == crate::engine::othello::Color::Black;
        let mv = if moves.len() == 1 {
            moves[0]
        } else if played < random_moves || careless == Some(black_to_move) {
            *rng.choose(&moves).expect("a move")
        } else {
            let depth = 1 + rng.below(3) as u32;
            let budget = Budget::new(Limits::depth(depth), &clock);
            let scores = analyzer
                .score_moves(&position, &budget, &mut |_| {})
                .expect("the game is not over");
            crate::engine::strength::pick_with_noise(&scores.scores, 150.0, &mut rng)
                .expect("a move")
        };
        position = position.play(mv);
        played += 1;
    }
    found
}

/// Picks `count` puzzles from those found (in game order), no two alike
/// under symmetry, the kinds as even as they allow.
fn select(found: Vec<Puzzle>, count: usize) -> Vec<Puzzle> {
    let mut seen = HashSet::new();
    let mut by_kind: Vec<Vec<Puzzle>> = Kind::ALL.iter().map(|_| Vec::new()).collect();
    for p in found {
        if seen.insert(puzzle::canonical(&p.position)) {
            let k = Kind::ALL.iter().position(|&k| k == p.kind).expect("a kind");
            by_kind[k].push(p);
        }
    }
    let mut chosen = Vec::new();
    let mut round = 0;
    while chosen.len() < count && by_kind.iter().any(|list| list.len() > round) {
        for list in &by_kind {
            if let Some(p) = list.get(round) {
                if chosen.len() < count {
                    chosen.push(p.clone());
                }
            }
        }
        round += 1;
    }
    chosen.sort_by_key(|p| (p.kind, p.position.empties().count_ones(), id(p)));
    chosen
}

/// `engine puzzles generate`.
fn generate(args: &GenerateArgs) -> Result<Report, CliError> {
    let count = args.count.unwrap_or(360);
    let seed = args.seed.seed();
    let games = args.games.unwrap_or(count * 6);
    let out = args.out.as_deref().unwrap_or(SHIPPED_PATH);
    let threads = args.threads.threads.unwrap_or(1);
    let progress = args.progress.of("games");
    let clock = SystemClock::new();
    let found = map_in_parallel(
        games,
        threads,
        || Analyzer::new(20),
        |analyzer, game| play_game(seed, game, analyzer),
        progress,
    );
    let chosen = select(found.into_iter().flatten().collect(), count);
    let text = serde_json::to_string_pretty(&json!({
        "puzzles": chosen.iter().map(to_json).collect::<Vec<_>>()
    }))
    .expect("JSON")
        + "\n";
    create_parent_dir(out)?;
    std::fs::write(out, text).map_err(|e| CliError::File(out.to_string(), e))?;
    let kinds: serde_json::Map<String, Value> = Kind::ALL
        .iter()
        .map(|&k| {
            (
                k.name().to_string(),
                json!(chosen.iter().filter(|p| p.kind == k).count()),
            )
        })
        .collect();
    let seconds = clock.elapsed_seconds();
    Ok(Report {
        text: format!(
            "{} puzzles from {games} games ({kinds:?}), written to {out} in {seconds:.1} s",
            chosen.len()
        ),
        json: json!({ "puzzles": chosen.len(), "games": games, "kinds": kinds, "out": out, "seconds": seconds }),
    })
}

/// The puzzles of `--in FILE`, or the shipped ones.
fn load(input: Option<&str>) -> Result<Vec<Puzzle>, CliError> {
    let text = match input {
        Some(path) => String::from_utf8_lossy(&read_file(path, TEXT_FILE_LIMIT)?).into_owned(),
        None => SHIPPED.to_string(),
    };
    parse(&text).map_err(CliError::NoResult)
}

/// `engine puzzles export`: the shipped set.
fn export(input: Option<&str>) -> Result<Report, CliError> {
    let puzzles = load(input)?;
    Ok(Report {
        text: format!("{} puzzles (use --json for the list)", puzzles.len()),
        json: json!({ "puzzles": puzzles.iter().map(to_json).collect::<Vec<_>>() }),
    })
}

/// `engine puzzles check`: every puzzle proved again from its position;
/// the report (`{"checked", "failed", "repeated"}`) also when one fails,
/// with exit status 2.
fn check(input: Option<&str>, threads: &Threads) -> Result<Report, CliError> {
    let puzzles = load(input)?;
    let threads = threads.threads.unwrap_or(1);
    let results = map_in_parallel(
        puzzles.len(),
        threads,
        || Analyzer::new(20),
        |analyzer, i| {
            let clock = SystemClock::new();
            let budget = Budget::new(Limits::nodes(CHECK_NODES), &clock);
            puzzle::verify(&puzzles[i], analyzer, &budget)
                .map_err(|e| format!("{} {e:?}", id(&puzzles[i])))
        },
        None,
    );
    let failed: Vec<String> = results.into_iter().filter_map(Result::err).collect();
    let mut classes = HashSet::new();
    let repeated: Vec<String> = puzzles
        .iter()
        .filter(|p| !classes.insert(puzzle::canonical(&p.position)))
        .map(id)
        .collect();
    let report = Report {
        text: format!(
            "{} puzzles checked; failed: {failed:?}; repeated: {repeated:?}",
            puzzles.len()
        ),
        json: json!({ "checked": puzzles.len(), "failed": failed, "repeated": repeated }),
    };
    if failed.is_empty() && repeated.is_empty() {
        Ok(report)
    } else {
        Err(CliError::Failed(report))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_format_reads_back_what_it_writes() {
        let shipped: Value = serde_json::from_str(SHIPPED).unwrap();
        let puzzles = parse(SHIPPED).unwrap();
        let written: Vec<Value> = puzzles.iter().map(to_json).collect();
        assert_eq!(Value::Array(written), shipped["puzzles"]);
    }

    #[test]
    fn bad_files_name_the_puzzle_and_the_fault() {
        let board = "-".repeat(27) + "OX------XO" + &"-".repeat(27) + " X";
        let cases = [
            ("[]", "no \"puzzles\" list"),
            ("{\"puzzles\": [{}]}", "puzzle 1: no \"board\""),
            (
                &format!("{{\"puzzles\": [{{\"board\": \"{board}\", \"kind\": \"easy\", \"solution\": []}}]}}"),
                "puzzle 1: an unknown kind",
            ),
            (
                &format!("{{\"puzzles\": [{{\"board\": \"{board}\", \"kind\": \"corner\", \"solution\": [\"a1\"]}}]}}"),
                "puzzle 1: ",
            ),
        ];
        for (text, message) in cases {
            let error = parse(text).unwrap_err();
            assert!(error.starts_with(message), "{text}: {error}");
        }
    }
}
