//! The `engine` command line (native only): perft, replay, solve, search and
//! bench. Every command prints one JSON object with `--json`; errors go to
//! stderr with exit status 2.

mod args;
mod bench;
mod othello;

use std::fmt;

use serde_json::Value;

pub use args::{Args, ArgsError};

use crate::engine::othello::notation::{BoardTextError, TranscriptError};

/// Everything that can go wrong when running a command.
#[derive(Debug)]
pub enum CliError {
    /// The command line itself is wrong.
    Args(ArgsError),
    /// A transcript could not be replayed.
    Transcript(TranscriptError),
    /// A board string could not be read.
    Board(BoardTextError),
    /// The search ran out of its budget before any result.
    NoResult(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Args(e) => e.fmt(f),
            CliError::Transcript(e) => write!(f, "bad transcript: {e}"),
            CliError::Board(e) => write!(f, "bad board: {e}"),
            CliError::NoResult(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for CliError {}

impl From<ArgsError> for CliError {
    fn from(e: ArgsError) -> Self {
        CliError::Args(e)
    }
}

impl From<TranscriptError> for CliError {
    fn from(e: TranscriptError) -> Self {
        CliError::Transcript(e)
    }
}

impl From<BoardTextError> for CliError {
    fn from(e: BoardTextError) -> Self {
        CliError::Board(e)
    }
}

/// What a command produced: a JSON object and the same for people.
#[derive(Debug)]
pub struct Report {
    /// The machine-readable result (`--json`).
    pub json: Value,
    /// The human-readable result.
    pub text: String,
}

const HELP: &str = "\
engine: the Mind Sports game engine

usage:
  engine perft othello DEPTH [--size 4|6|8] [--variant standard|anti|reversi]
  engine replay othello MOVES [--size N] [--variant V]
  engine solve \"BOARD SIDE\" [--variant V] [--time-ms T]
  engine search othello (--moves MOVES | --board \"BOARD SIDE\") (--depth D | --time-ms T)
                        [--size N] [--variant V]
  engine bench [--full]

Every command accepts --json and then prints exactly one JSON object.
Boards: n*n characters X (black), O (white), - (empty) from a1, then the side to move.";

/// Runs the command in `words` (without the program name).
pub fn run(words: &[String]) -> Result<Report, CliError> {
    let Some((command, rest)) = words.split_first() else {
        return Err(ArgsError::MissingCommand.into());
    };
    match command.as_str() {
        "perft" => othello::perft(rest),
        "replay" => othello::replay(rest),
        "solve" => othello::solve(rest),
        "search" => othello::search(rest),
        "bench" => bench::bench(rest),
        "help" | "--help" | "-h" => Ok(Report {
            json: serde_json::json!({ "help": HELP }),
            text: HELP.to_string(),
        }),
        other => Err(ArgsError::UnknownCommand(other.to_string()).into()),
    }
}

/// Whether the words ask for JSON output (so errors can be reported in kind).
pub fn wants_json(words: &[String]) -> bool {
    words.iter().any(|w| w == "--json")
}

/// Takes the game name (the first positional) and checks it is supported.
fn expect_game(args: &mut Args, supported: &[&str]) -> Result<String, ArgsError> {
    let game = args.positional("game (othello)")?;
    if supported.contains(&game.as_str()) {
        Ok(game)
    } else {
        Err(ArgsError::UnknownGame(game))
    }
}
