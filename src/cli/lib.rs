//! The `engine` command line (native only): perft, replay, solve, search,
//! bench; engine matches (`openings`, `match`) and the training of the
//! pattern evaluation (`train`). Every command prints one JSON object with
//! `--json`; errors go to
//! stderr with exit status 2. `engine nboard` is the exception: a session of
//! the NBoard protocol on stdin and stdout.
//!
//! The words are read by clap ([`Cli`], each command's options beside its
//! code); numbers by [`numbers`], one way everywhere; mistakes are said in
//! one line by [`usage`].
//!
//! A crate of its own over the engine and the core (never the web app or
//! the server); on wasm it is empty.
#![cfg(not(target_arch = "wasm32"))]

mod bench;
mod calibrate;
pub mod club;
mod common;
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
pub mod numbers;
mod openings;
mod opok;
mod othello;
mod parallel;
mod perft;
pub mod player;
pub mod puzzles;
mod search_report;
mod train;
mod usage;

use std::fmt;

use mind_sports_engine as engine;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use clap_complete::generate;
use serde_json::Value;

pub use usage::ArgsError;

use crate::engine::opok::notation::{PositionTextError, RecordError};
use crate::engine::othello::notation::{BoardTextError, TranscriptError};
use crate::engine::othello::pattern::weights::DecodeWeightsError;

/// Everything that can go wrong when running a command.
#[derive(Debug)]
pub enum CliError {
    /// The words do not make a command: what is wrong, and clap's advice
    /// (the usage, a tip) for people.
    Usage {
        /// The mistake, in one line.
        message: String,
        /// The usage and tips, shown to people after the message.
        advice: String,
    },
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
    /// A check ran and found failures: its report (`--json` prints the
    /// report's object, as on success, and the status is 2).
    Failed(Report),
    /// Reading or writing an interactive session failed.
    Io(std::io::Error),
    /// A file could not be read or written.
    File(String, std::io::Error),
    /// A weights file could not be decoded.
    Weights(String, DecodeWeightsError),
    /// A tournament file (its path) was read but is not one: the reader's
    /// refusal.
    Tournament(String, mind_sports_core::club::csv::ImportError),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage { message, .. } => f.write_str(message),
            CliError::Args(e) => e.fmt(f),
            CliError::Transcript(e) => write!(f, "bad transcript: {e}"),
            CliError::Board(e) => write!(f, "bad board: {e}"),
            CliError::Record(e) => write!(f, "bad record: {e}"),
            CliError::Position(e) => write!(f, "bad position: {e}"),
            CliError::Nim(e) => write!(f, "bad position: {e}"),
            CliError::NoResult(m) => f.write_str(m),
            CliError::Failed(report) => f.write_str(&report.text),
            CliError::Io(e) => write!(f, "input/output error: {e}"),
            CliError::File(path, e) => write!(f, "{path}: {e}"),
            CliError::Weights(path, e) => write!(f, "{path}: {e}"),
            CliError::Tournament(path, e) => write!(f, "{path}: {e}"),
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

/// What the top-level help says after the commands.
const AFTER_HELP: &str = "\
Examples:
  engine perft othello 9
  engine replay othello \"f5 d6 c3 d3 c4\" --json
  engine solve \"O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X\"
  engine search othello --moves f5d6c3 --time-ms 2000
  engine search opok --position \"c9,.,./.,.,./.,.,s9 c\" --depth 16
  engine nim \"nim:11 nim:5 nim:12 nim:20\" --json
  engine diagram othello --moves f5d6c3 --coords --last-move > game.svg
  engine diagram nim --heaps \"3 4 5\" --moves 1:2,3:1 --print --out heaps.svg
  engine standings event.json --json
  engine ratings spring.json summer.csv

Every command accepts --json and then prints exactly one JSON object; errors go to stderr
with exit status 2 (with --json as {\"error\": …}).
Searches stop after 60 s and perft after 10 minutes unless --time-ms says otherwise; a perft
that cannot finish within its limit is refused at once (see engine help perft).
Numbers are ASCII digits only: +5, ' 5', 1e3 and 0x10 are refused.
Boards: n*n characters X (black), O (white), - (empty) from a1, then the side to move.
Evaluations (E): standard, handmade, pattern (the shipped weights) or a weights file.
`engine help COMMAND` or `engine COMMAND --help` tells more; `engine completions bash|zsh|fish`
prints shell completions.";

/// The `engine` command line.
#[derive(Parser, Debug)]
#[command(
    name = "engine",
    version,
    about = "engine: the Mind Sports game engine (Othello, Opok, take-away games)",
    after_help = AFTER_HELP
)]
pub struct Cli {
    /// Print exactly one JSON object (errors: {"error": …} on stderr)
    #[arg(long, global = true)]
    pub json: bool,
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// Every command.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaves of the move tree to a depth (refused at once when
    /// it cannot finish within its time limit)
    #[command(after_help = perft::HOW_ESTIMATED)]
    Perft {
        /// The game.
        #[command(subcommand)]
        game: PerftGame,
    },
    /// The position after a game's moves
    Replay {
        /// The game.
        #[command(subcommand)]
        game: ReplayGame,
    },
    /// The best move within a depth or time limit, and the engine's line
    Search {
        /// The game.
        #[command(subcommand)]
        game: SearchGame,
    },
    /// An Othello position's exact result with perfect play (or the bounds
    /// proved when the time runs out)
    Solve(othello::SolveArgs),
    /// A take-away position: Grundy values, nim-sum, P or N and every
    /// winning move (heaps numbered from 1)
    Nim(nim::NimArgs),
    /// An SVG diagram of a position, the same drawing as the game pages'
    Diagram {
        /// The game.
        #[command(subcommand)]
        game: diagram::DiagramGame,
    },
    /// Win rates of the computer's levels
    Levels {
        /// The game.
        #[command(subcommand)]
        game: LevelsGame,
    },
    /// Shallow-versus-deep errors of Othello searches (ProbCut's margins)
    Calibrate {
        /// The game.
        #[command(subcommand)]
        game: CalibrateGame,
    },
    /// Fixed workloads whose speed is worth tracking
    Bench(bench::BenchArgs),
    /// Balanced Othello openings for matches
    Openings(openings::OpeningsArgs),
    /// An Othello match between two configurations or programs
    Match(engine_match::MatchArgs),
    /// Train the pattern evaluation: generate, label, fit
    Train {
        /// The step.
        #[command(subcommand)]
        step: train::Step,
    },
    /// Othello puzzles: generate, export, check
    Puzzles {
        /// The step.
        #[command(subcommand)]
        step: puzzles::Step,
    },
    /// The lessons of data/lessons/: list them, or prove every answer
    Lessons {
        /// The step.
        #[command(subcommand)]
        step: LessonsStep,
    },
    /// A tournament's standings (the file format: docs/tournament.md)
    Standings(club::TournamentFile),
    /// The next round of a tournament: Swiss or round robin
    Pair(club::TournamentFile),
    /// A club's rating list (Glicko-2) from its tournament files, in the
    /// order given
    Ratings(club::TournamentFiles),
    /// The NBoard protocol on stdin and stdout (add `engine nboard` to
    /// NBoard)
    #[command(after_help = common::SEARCH_THREADS_HELP)]
    Nboard(common::Threads),
    /// A line-protocol player for referees (new, play BOARD SIDE MS,
    /// search BOARD SIDE MS, level N, ping, quit; see src/cli/player.rs)
    Player {
        /// The game.
        #[command(subcommand)]
        game: PlayerGame,
    },
    /// Shell completions for the engine command
    Completions {
        /// The shell: bash, zsh or fish
        shell: Shell,
    },
}

/// The shells completions are written for.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum Shell {
    /// Bash.
    Bash,
    /// Zsh.
    Zsh,
    /// Fish.
    Fish,
}

/// `engine perft GAME`.
#[derive(Subcommand, Debug)]
pub enum PerftGame {
    /// Othello (every size and variant)
    #[command(after_help = perft::HOW_ESTIMATED)]
    Othello(othello::PerftArgs),
    /// Opok (distinct moves from:k:to)
    #[command(after_help = perft::HOW_ESTIMATED)]
    Opok(opok::PerftArgs),
}

/// `engine replay GAME`.
#[derive(Subcommand, Debug)]
pub enum ReplayGame {
    /// Othello: board, side to move, counts, the score once over
    Othello(othello::ReplayArgs),
    /// Opok: the board in the position format, the score "c-s"
    Opok(opok::ReplayArgs),
}

/// `engine search GAME`.
#[derive(Subcommand, Debug)]
pub enum SearchGame {
    /// Othello, from --moves or --board
    Othello(othello::SearchArgs),
    /// Opok, from --moves or --position
    Opok(opok::SearchArgs),
}

/// `engine levels GAME`.
#[derive(Subcommand, Debug)]
pub enum LevelsGame {
    /// Each Othello level against the one below
    Othello(levels_othello::LevelsArgs),
    /// Every Opok level against random and greedy players
    Opok(levels::LevelsArgs),
}

/// `engine calibrate GAME`.
#[derive(Subcommand, Debug)]
pub enum CalibrateGame {
    /// Othello
    Othello(calibrate::CalibrateArgs),
}

/// `engine player GAME`.
#[derive(Subcommand, Debug)]
pub enum PlayerGame {
    /// Othello
    Othello(player::PlayerArgs),
}

/// `engine lessons STEP`.
#[derive(Subcommand, Debug)]
pub enum LessonsStep {
    /// The lessons with their routes and opponents
    List,
    /// Every stated answer proved by the engine (exit status 2 if one fails)
    Check,
}

impl LessonsStep {
    fn name(&self) -> &'static str {
        match self {
            LessonsStep::List => "list",
            LessonsStep::Check => "check",
        }
    }
}

/// What the words asked for.
pub enum Parsed {
    /// Help or the version: the text to print.
    Help(String),
    /// A command to run (boxed: it is large beside the help's text).
    Run(Box<Cli>),
}

/// Reads the command line `words` (without the program name).
pub fn parse(words: &[String]) -> Result<Parsed, CliError> {
    let program = std::iter::once("engine".to_string());
    // `engine help … --json`: clap's help takes command names only; the
    // help is then printed as JSON by the caller.
    let asked_help = words.first().is_some_and(|w| w == "help");
    let words_read = words
        .iter()
        .filter(|w| !(asked_help && *w == "--json"))
        .cloned();
    match Cli::try_parse_from(program.chain(words_read)) {
        Ok(cli) => Ok(Parsed::Run(Box::new(cli))),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            Ok(Parsed::Help(e.render().to_string().trim_end().to_string()))
        }
        Err(e) => Err(CliError::Usage {
            message: usage::describe(&e, words),
            advice: usage::advice(&e),
        }),
    }
}

/// Runs the command in `words` (without the program name): help is a
/// report too; an interactive session is refused (see [`Command::is_interactive`]).
pub fn run(words: &[String]) -> Result<Report, CliError> {
    match parse(words)? {
        Parsed::Help(text) => Ok(Report {
            json: serde_json::json!({ "help": text }),
            text,
        }),
        Parsed::Run(cli) => execute(cli.command, cli.json),
    }
}

/// Runs a command that makes a report.
pub fn execute(command: Command, json: bool) -> Result<Report, CliError> {
    match command {
        Command::Perft { game } => match game {
            PerftGame::Othello(args) => othello::perft(&args),
            PerftGame::Opok(args) => opok::perft(&args),
        },
        Command::Replay { game } => match game {
            ReplayGame::Othello(args) => othello::replay(&args),
            ReplayGame::Opok(args) => opok::replay_command(&args),
        },
        Command::Search { game } => match game {
            SearchGame::Othello(args) => othello::search(&args, json),
            SearchGame::Opok(args) => opok::search(&args, json),
        },
        Command::Solve(args) => othello::solve(&args),
        Command::Nim(args) => nim::nim(&args),
        Command::Diagram { game } => diagram::diagram(&game),
        Command::Levels { game } => match game {
            LevelsGame::Othello(args) => levels_othello::levels(&args),
            LevelsGame::Opok(args) => levels::levels(&args),
        },
        Command::Calibrate {
            game: CalibrateGame::Othello(args),
        } => calibrate::calibrate(&args),
        Command::Bench(args) => bench::bench(&args),
        Command::Openings(args) => openings::openings(&args),
        Command::Match(args) => engine_match::run_match(&args),
        Command::Train { step } => train::train(&step),
        Command::Puzzles { step } => puzzles::puzzles(&step),
        Command::Lessons { step } => lessons::lessons(step.name()),
        Command::Standings(file) => club::standings_command(&file.file),
        Command::Pair(file) => club::pair_command(&file.file),
        Command::Ratings(files) => club::ratings_command(&files.files, json),
        Command::Completions { shell } => Ok(completions(shell)),
        // Interactive: they have no single report, so callers start them
        // with `serve`.
        Command::Nboard(_) | Command::Player { .. } => Err(ArgsError::Conflict(
            "engine nboard and engine player are interactive sessions on stdin and stdout; they have no report"
                .into(),
        )
        .into()),
    }
}

impl Command {
    /// Whether the command is an interactive session (`engine nboard`,
    /// `engine player`), which talks on stdin and stdout instead of
    /// returning a [`Report`].
    pub fn is_interactive(&self) -> bool {
        matches!(self, Command::Nboard(_) | Command::Player { .. })
    }
}

/// Runs the interactive session of `command` on the process's stdin and
/// stdout until `quit` or the end of the input.
pub fn serve(command: &Command) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    let (input, output) = (stdin.lock(), std::io::stdout().lock());
    match command {
        Command::Nboard(threads) => {
            nboard::serve_on_threads(threads.or(1), input, output).map_err(CliError::Io)
        }
        Command::Player {
            game: PlayerGame::Othello(args),
        } => player::serve(player::Player::new(args.threads.or(1)), input, output)
            .map_err(CliError::Io),
        _ => Err(ArgsError::Conflict("not an interactive command".into()).into()),
    }
}

/// The completion script of `shell` (`--json`: in `{"shell", "script"}`).
fn completions(shell: Shell) -> Report {
    let mut command = Cli::command();
    let mut script = Vec::new();
    let target = match shell {
        Shell::Bash => clap_complete::Shell::Bash,
        Shell::Zsh => clap_complete::Shell::Zsh,
        Shell::Fish => clap_complete::Shell::Fish,
    };
    generate(target, &mut command, "engine", &mut script);
    let script = String::from_utf8_lossy(&script).into_owned();
    Report {
        json: serde_json::json!({ "shell": format!("{shell:?}").to_lowercase(), "script": script }),
        text: script.trim_end().to_string(),
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
