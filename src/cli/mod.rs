//! The `engine` command line (native only): perft, replay, solve, search,
//! bench; engine matches (`openings`, `match`) and the training of the
//! pattern evaluation (`train`). Every command prints one JSON object with
//! `--json`; errors go to
//! stderr with exit status 2. `engine nboard` is the exception: a session of
//! the NBoard protocol on stdin and stdout.

mod args;
mod bench;
mod calibrate;
mod club;
mod diagram;
mod engine_match;
mod evaluation;
mod external;
mod lessons;
mod levels;
mod levels_othello;
mod matches;
pub mod nboard;
mod nim;
mod openings;
mod opok;
mod othello;
mod parallel;
pub mod player;
pub mod puzzles;
mod search_report;
mod train;

use std::fmt;

use serde_json::Value;

pub use args::{Args, ArgsError};

use crate::engine::opok::notation::{PositionTextError, RecordError};
use crate::engine::othello::notation::{BoardTextError, TranscriptError};
use crate::engine::othello::pattern::weights::DecodeWeightsError;
use crate::engine::search::Limits;

/// Everything that can go wrong when running a command.
#[derive(Debug)]
pub enum CliError {
    /// The command line itself is wrong.
    Args(ArgsError),
    /// A transcript could not be replayed.
    Transcript(TranscriptError),
    /// A board string could not be read.
    Board(BoardTextError),
    /// An Opok record could not be replayed.
    Record(RecordError),
    /// An Opok position could not be read.
    Position(PositionTextError),
    /// A take-away position could not be read.
    Nim(String),
    /// The search ran out of its budget before any result.
    NoResult(String),
    /// Reading or writing an interactive session failed.
    Io(std::io::Error),
    /// A file could not be read or written.
    File(String, std::io::Error),
    /// A weights file could not be decoded.
    Weights(String, DecodeWeightsError),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Args(e) => e.fmt(f),
            CliError::Transcript(e) => write!(f, "bad transcript: {e}"),
            CliError::Board(e) => write!(f, "bad board: {e}"),
            CliError::Record(e) => write!(f, "bad record: {e}"),
            CliError::Position(e) => write!(f, "bad position: {e}"),
            CliError::Nim(e) => write!(f, "bad position: {e}"),
            CliError::NoResult(m) => f.write_str(m),
            CliError::Io(e) => write!(f, "input/output error: {e}"),
            CliError::File(path, e) => write!(f, "{path}: {e}"),
            CliError::Weights(path, e) => write!(f, "{path}: {e}"),
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

impl From<RecordError> for CliError {
    fn from(e: RecordError) -> Self {
        CliError::Record(e)
    }
}

impl From<PositionTextError> for CliError {
    fn from(e: PositionTextError) -> Self {
        CliError::Position(e)
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
  engine perft othello DEPTH [--size 4|6|8] [--variant standard|anti|reversi] [--time-ms T]
  engine replay othello MOVES [--size N] [--variant V] [--time-loss black|white]
                        [--completed]   (--time-loss: the score recorded when that side runs out
                        of time; with --completed, when the winner then completed the game MOVES)
  engine solve \"BOARD SIDE\" [--variant V] [--time-ms T]   (60 s unless --time-ms; then the bounds proved)
  engine search othello (--moves MOVES | --board \"BOARD SIDE\") (--depth D | --time-ms T)
                        [--size N] [--variant V] [--eval E] [--selective on|off]
  engine perft opok DEPTH [--size 3..9] [--time-ms T]
  engine replay opok \"MOVES\" [--size N]
  engine search opok (--moves \"MOVES\" | --position \"POSITION\") (--depth D | --time-ms T) [--size N]
  engine nim \"POSITION\" [--misere] [--budget N]   (e.g. \"nim:11 nim:5 nim:12 nim:20\")
  engine diagram othello [--moves MOVES] [--board \"BOARD SIDE\"] [--size N] [--variant V]
  engine diagram opok [--moves \"MOVES\"] [--position \"POSITION\"] [--size N]
  engine diagram nim --heaps \"POSITION\" [--moves \"1:2,2:1\"] [--misere]
                 [--coords] [--last-move] [--numbers] [--legend] [--print] [--title T]
                 [--px WIDTH] [--out FILE]   (an SVG diagram, on stdout unless --out; moves from
                 the board or position when given; nim moves heap:taken, heaps from 1; --heaps
                 \"3 4 5\" means Nim heaps; --print: black and white; PNG: from a game page)
  engine levels othello [--count N] [--think-ms T] [--time-scale F] [--levels L] [--threads N]
  engine levels opok [--size N] [--games G] [--think-ms T] [--time-scale F] [--levels L]
  engine bench [--full] [--ffo FIRST-LAST]   (--ffo: only those FFO endgames)
  engine calibrate othello [--positions N] [--max-depth D] [--seed S]   (ProbCut's errors)
  engine calibrate othello --endgame [--positions N] [--empties MIN-MAX] [--seed S]
                  (the selective endgame search's errors: exact score against a shallow search)
  engine openings [--count N] [--plies MIN-MAX] [--seed S] [--depth D] [--max-eval DISCS]
                  [--eval E] [--out FILE]
  engine match --player CONFIG --opponent CONFIG [--openings FILE] [--count N]
               [--depth D] [--time-ms T] [--nodes N] [--exact EMPTIES] [--threads T] [--progress]
               CONFIG: an evaluation E, or eval=E,depth=D,time-ms=T,nodes=N,exact=EMPTIES
               (--player-command/--opponent-command CMD instead: a line-protocol player in another
               process, e.g. \"old/engine player othello\", asked \"play BOARD SIDE MS\" with MS from
               --time-ms (1000 unless given); --opponent-request TEMPLATE for another request)
  engine train generate --out FILE [--games G] [--seed S] [--random-moves MIN-MAX] [--depth D]
                        [--noise DISCS] [--keep SHARE] [--eval E] [--threads T] [--progress]
  engine train label --in FILE[,FILE…] --out FILE [--exact EMPTIES] [--depth D] [--eval E]
                     [--threads T] [--progress]
  engine train fit --in FILE[,FILE…] --out WEIGHTS [--ridge R] [--neighbours W] [--min-count N]
                   [--validation SHARE] [--unit U] [--iterations N] [--threads T]
  engine puzzles generate [--count N] [--seed S] [--games G] [--threads T] [--out FILE]
  engine puzzles export [--in FILE]    (the shipped Othello puzzles, or those of FILE)
  engine puzzles check [--in FILE] [--threads T]   (every puzzle proved again)
  engine standings FILE    (a tournament's standings: points, Brightwell quotient, Buchholz;
                           the file format: docs/tournament.md)
  engine pair FILE         (the next round of a tournament: Swiss or round robin)
  engine lessons list|check   (the lessons of data/lessons/, every answer proved)
  engine nboard            (the NBoard protocol on stdin/stdout: add `engine nboard` to NBoard)
  engine player othello    (a line-protocol player for referees: new, play BOARD SIDE MS,
                           search BOARD SIDE MS, level N, ping, quit; see src/cli/player.rs)

Every command accepts --json and then prints exactly one JSON object.
Searches stop after 60 s and perft after 10 minutes unless --time-ms says otherwise.
Boards: n*n characters X (black), O (white), - (empty) from a1, then the side to move.
Evaluations (E): standard, handmade, pattern (the shipped weights) or a weights file.";

/// Runs the command in `words` (without the program name).
pub fn run(words: &[String]) -> Result<Report, CliError> {
    let Some((command, rest)) = words.split_first() else {
        return Err(ArgsError::MissingCommand.into());
    };
    match command.as_str() {
        "perft" | "replay" | "search" => game_command(command, rest),
        "solve" => othello::solve(rest),
        "levels" => levels::levels(rest),
        "calibrate" => calibrate::calibrate(rest),
        "nim" => nim::nim(rest),
        "diagram" => diagram::diagram(rest),
        "bench" => bench::bench(rest),
        "train" => train::train(rest),
        "match" => engine_match::run_match(rest),
        "openings" => openings::openings(rest),
        "puzzles" => puzzles::puzzles(rest),
        "lessons" => lessons::lessons(rest),
        "standings" => club::standings_command(rest),
        "pair" => club::pair_command(rest),
        // Interactive: it has no single report, so callers start it with
        // `run_interactive` (see `is_interactive`).
        "nboard" | "player" => Err(ArgsError::Conflict(format!(
            "engine {command} is an interactive session on stdin and stdout; it has no report"
        ))
        .into()),
        "help" | "--help" | "-h" => Ok(Report {
            json: serde_json::json!({ "help": HELP }),
            text: HELP.to_string(),
        }),
        other => Err(ArgsError::UnknownCommand(other.to_string()).into()),
    }
}

/// Reads the file `path`, refusing one longer than `limit` bytes (a
/// mistyped path such as `/dev/zero` must not read forever).
pub(crate) fn read_file(path: &str, limit: u64) -> Result<Vec<u8>, CliError> {
    use std::io::Read;
    let file_error = |e| CliError::File(path.to_string(), e);
    let file = std::fs::File::open(path).map_err(file_error)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(file_error)?;
    if bytes.len() as u64 > limit {
        return Err(file_error(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("longer than {limit} bytes; not a file this command reads"),
        )));
    }
    Ok(bytes)
}

/// The longest weights or openings file read (the shipped weights: 470 KB).
pub(crate) const TEXT_FILE_LIMIT: u64 = 64 << 20;

/// Creates the folder `path` is to be written in, when it has one.
pub(crate) fn create_parent_dir(path: &str) -> Result<(), CliError> {
    match std::path::Path::new(path)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
    {
        Some(dir) => std::fs::create_dir_all(dir).map_err(|e| CliError::File(path.to_string(), e)),
        None => Ok(()),
    }
}

/// Whether `words` start an interactive session (`engine nboard`, `engine
/// player`), which talks on stdin and stdout instead of returning a
/// [`Report`].
pub fn is_interactive(words: &[String]) -> bool {
    words
        .first()
        .is_some_and(|w| w == "nboard" || w == "player")
}

/// Runs the interactive session of `words` on the process's stdin and stdout
/// until `quit` or the end of the input.
pub fn run_interactive(words: &[String]) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let (input, output) = (stdin.lock(), std::io::stdout().lock());
    match words {
        [command, rest @ ..] if command == "nboard" => {
            Args::parse(rest, &[], &[])?.finish()?;
            nboard::serve(input, output).map_err(CliError::Io)
        }
        [_, game, rest @ ..] if game == "othello" => {
            Args::parse(rest, &[], &[])?.finish()?;
            player::serve(input, output).map_err(CliError::Io)
        }
        [_, game, ..] => Err(ArgsError::Conflict(format!(
            "engine player plays othello only, not {:?}",
            crate::engine::text::excerpt(game, 30)
        ))
        .into()),
        _ => Err(ArgsError::MissingArgument("game (othello)").into()),
    }
}

/// Whether the words ask for JSON output (so errors can be reported in kind).
pub fn wants_json(words: &[String]) -> bool {
    words.iter().any(|w| w == "--json")
}

/// The commands that take a game name first: `perft`, `replay`, `search`.
fn game_command(command: &str, rest: &[String]) -> Result<Report, CliError> {
    let Some((game, rest)) = rest.split_first() else {
        return Err(ArgsError::MissingArgument("game (othello or opok)").into());
    };
    let json = &["json"];
    match (command, game.as_str()) {
        ("perft", "othello") => othello::perft(&mut Args::parse(
            rest,
            &["size", "variant", "time-ms"],
            json,
        )?),
        ("replay", "othello") => othello::replay(&mut Args::parse(
            rest,
            &["size", "variant", "time-loss"],
            &["json", "completed"],
        )?),
        ("search", "othello") => othello::search(&mut Args::parse(
            rest,
            &[
                "size",
                "variant",
                "moves",
                "board",
                "depth",
                "time-ms",
                "nodes",
                "eval",
                "selective",
            ],
            json,
        )?),
        ("perft", "opok") => opok::perft(&mut Args::parse(rest, &["size", "time-ms"], json)?),
        ("replay", "opok") => opok::replay_command(&mut Args::parse(rest, &["size"], json)?),
        ("search", "opok") => opok::search(&mut Args::parse(
            rest,
            &["size", "moves", "position", "depth", "time-ms", "nodes"],
            json,
        )?),
        (_, other) => Err(ArgsError::UnknownGame(other.to_string()).into()),
    }
}

/// A perft depth argument.
fn parse_depth(text: String) -> Result<u32, ArgsError> {
    args::number_in(0u32, 60)(&text).ok_or(ArgsError::BadValue {
        name: "DEPTH".into(),
        value: text,
        expected: "a depth from 0 to 60".into(),
    })
}

/// How long a perft may run unless `--time-ms` says otherwise.
const DEFAULT_PERFT_MS: f64 = 600_000.0;

/// The time limit of a perft: `--time-ms`, or ten minutes.
fn perft_time_ms(args: &Args) -> Result<f64, ArgsError> {
    Ok(args
        .parsed(
            "--time-ms",
            "a time in milliseconds",
            args::number_in(1.0f64, 1e9),
        )?
        .unwrap_or(DEFAULT_PERFT_MS))
}

/// The error of a perft that ran out of time.
fn perft_unfinished(depth: u32, time_ms: f64) -> CliError {
    CliError::NoResult(format!(
        "perft {depth} did not finish within {time_ms} ms; give a smaller depth or a larger --time-ms"
    ))
}

/// The search limits of `--depth`, `--time-ms` and `--nodes`; one is required.
fn limits_from(args: &Args) -> Result<Limits, ArgsError> {
    let depth = args.parsed(
        "--depth",
        "a depth from 1 to 200",
        args::number_in(1u32, 200),
    )?;
    let time_ms = args.parsed(
        "--time-ms",
        "a time in milliseconds",
        args::number_in(1.0f64, 1e9),
    )?;
    let nodes = args.parsed("--nodes", "a node count", args::number_in(1u64, u64::MAX))?;
    if depth.is_none() && time_ms.is_none() && nodes.is_none() {
        return Err(ArgsError::Conflict(
            "give a limit: --depth D or --time-ms T".into(),
        ));
    }
    Ok(Limits {
        depth,
        nodes,
        // A depth the position cannot afford still answers, with the
        // deepest result reached in a minute.
        time_ms: time_ms.or(Some(DEFAULT_SEARCH_MS)),
    })
}

/// How long `engine search` may take unless `--time-ms` says otherwise.
const DEFAULT_SEARCH_MS: f64 = 60_000.0;
