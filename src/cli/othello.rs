//! The Othello commands.

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::othello::eval::DISC;
use crate::engine::othello::notation::{board_squares, board_text, parse_board, replay_from_start};
use crate::engine::othello::perft::perft_within;
use crate::engine::othello::{Analyzer, Color, Move, Position, Variant};
use crate::engine::search::{Budget, Limits};

use super::common::{time_ms, variant, OthelloRules, SearchLimits};
use super::numbers::whole;
use super::perft::DEFAULT_PERFT_MS;
use super::search_report::{progress_line, search_report};
use super::usage::ArgsError;
use super::{evaluation, CliError, Report};

/// `engine perft othello`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The depth (0 to 60)
    #[arg(value_name = "DEPTH", value_parser = whole(0u32, 60, "a depth"))]
    pub depth: u32,
    /// The board and variant.
    #[command(flatten)]
    pub rules: OthelloRules,
    /// The time limit in milliseconds (ten minutes unless given)
    #[arg(long = "time-ms", value_name = "T", value_parser = time_ms)]
    pub time_ms: Option<u64>,
}

/// `engine replay othello`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// The moves (f5d6c3…; spaces, move numbers and passes allowed)
    #[arg(value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: String,
    /// The board and variant.
    #[command(flatten)]
    pub rules: OthelloRules,
    /// The score recorded when this side runs out of time (the world
    /// rules)
    #[arg(long = "time-loss", value_name = "SIDE")]
    pub time_loss: Option<Side>,
    /// With --time-loss: the winner then completed the game MOVES (seed
    /// 004's procedure)
    #[arg(long)]
    pub completed: bool,
}

/// A side by its colour.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Side {
    /// Black.
    Black,
    /// White.
    White,
}

/// `engine solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// The board: n*n characters X, O, - from a1, a space, the side to move
    #[arg(value_name = "BOARD SIDE", allow_hyphen_values = true)]
    pub board: String,
    /// standard, anti or reversi
    #[arg(long, value_name = "V", value_parser = variant)]
    pub variant: Option<Variant>,
    /// The time limit in milliseconds (a minute unless given); then the
    /// bounds proved
    #[arg(long = "time-ms", value_name = "T", value_parser = time_ms)]
    pub time_ms: Option<u64>,
}

/// `engine search othello`.
#[derive(clap::Args, Debug)]
pub struct SearchArgs {
    /// The position after these moves from the start
    #[arg(
        long,
        value_name = "MOVES",
        allow_hyphen_values = true,
        conflicts_with = "board"
    )]
    pub moves: Option<String>,
    /// The position: n*n characters X, O, - from a1, a space, the side to
    /// move
    #[arg(long, value_name = "BOARD SIDE", allow_hyphen_values = true)]
    pub board: Option<String>,
    /// The board and variant.
    #[command(flatten)]
    pub rules: OthelloRules,
    /// The limits.
    #[command(flatten)]
    pub limits: SearchLimits,
    /// The evaluation E: standard, handmade, pattern or a weights file
    #[arg(long, value_name = "E")]
    pub eval: Option<String>,
    /// ProbCut and the selective endgame: on (unless given) or off
    #[arg(long, value_name = "on|off")]
    pub selective: Option<OnOff>,
}

/// A switch's value.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnOff {
    /// On.
    On,
    /// Off.
    Off,
}

fn side_letter(color: Color) -> String {
    color.letter().to_string()
}

/// `engine perft othello DEPTH`: leaves of the move tree.
pub fn perft(args: &PerftArgs) -> Result<Report, CliError> {
    let (depth, rules) = (args.depth, args.rules.rules());
    let time_ms = args.time_ms.map_or(DEFAULT_PERFT_MS, |t| t as f64);
    let start = Position::start(rules);
    let counted = super::perft::count(depth, time_ms, |d, budget| perft_within(&start, d, budget))?;
    let (nodes, seconds) = (counted.leaves, counted.seconds);
    Ok(Report {
        json: json!({ "nodes": nodes, "seconds": seconds }),
        text: format!(
            "perft {depth} ({}x{}, {}): {nodes} leaves in {seconds:.3} s ({:.1} M leaves/s)",
            rules.size,
            rules.size,
            rules.variant,
            nodes as f64 / seconds.max(1e-9) / 1e6
        ),
    })
}

/// `engine replay othello MOVES`: the position after a transcript; with
/// `--time-loss SIDE` the score recorded when SIDE runs out of time there
/// (the world rules), or with `--completed` as well, when SIDE ran out of
/// time and the winner completed the game MOVES (seed 004's procedure).
pub fn replay(args: &ReplayArgs) -> Result<Report, CliError> {
    let game = replay_from_start(args.rules.rules(), &args.moves)?;
    let last = game.last();
    let to_move = match () {
        _ if last.is_over() => None,
        _ if last.must_pass() => Some(last.side_to_move().opponent()),
        _ => Some(last.side_to_move()),
    };
    let time_loss = args.time_loss.map(|side| match side {
        Side::Black => Color::Black,
        Side::White => Color::White,
    });
    let completed = args.completed;
    let outcome = match time_loss {
        None if completed => {
            return Err(ArgsError::Conflict("--completed goes with --time-loss".into()).into())
        }
        None => last.outcome(),
        Some(loser) if completed => Some(last.completed_time_loss_outcome(loser).ok_or_else(
            || {
                ArgsError::Conflict(
                    "--completed: MOVES must be the whole game, completed by the winner, in standard Othello"
                        .into(),
                )
            },
        )?),
        Some(_) if last.is_over() => {
            return Err(
                ArgsError::Conflict("the game is over: nobody can lose on time".into()).into(),
            )
        }
        Some(loser) => Some(last.time_loss_outcome(loser).ok_or_else(|| {
            ArgsError::Conflict(
                "time-loss scoring is defined for standard Othello, not anti-Othello".into(),
            )
        })?),
    };
    let score = outcome.map(|o| format!("{}-{}", o.black, o.white));
    let (black, white) = (last.count(Color::Black), last.count(Color::White));
    let text = format!(
        "{}\nblack {black}, white {white}; {}",
        board_text(&last),
        match (&score, to_move) {
            (Some(s), _) => format!("game over, {s}"),
            (None, Some(c)) => format!("{c} to move"),
            (None, None) => String::new(),
        }
    );
    Ok(Report {
        json: json!({
            "board": board_squares(&last),
            "to_move": to_move.map(side_letter),
            "black": black,
            "white": white,
            "over": last.is_over(),
            "score": score,
            "time_loss": time_loss.map(side_letter),
            "completed": completed,
        }),
        text,
    })
}

fn board_arg(text: &str, variant: Variant) -> Result<Position, CliError> {
    Ok(parse_board(text, variant)?)
}

/// How long `engine solve` may take unless `--time-ms` says otherwise.
const DEFAULT_SOLVE_MS: f64 = 60_000.0;

/// `engine solve "BOARD SIDE"`: the exact result with perfect play, or,
/// when the time limit (60 s unless `--time-ms`) runs out first, the
/// bounds proved so far (`"solved": false`).
pub fn solve(args: &SolveArgs) -> Result<Report, CliError> {
    let variant = args.variant.unwrap_or_default();
    let time_ms = args.time_ms.map_or(DEFAULT_SOLVE_MS, |t| t as f64);
    let position = board_arg(&args.board, variant)?;
    let clock = SystemClock::new();
    let budget = Budget::new(Limits::time_ms(time_ms), &clock);
    let mut analyzer = Analyzer::new(22);
    let Some(solution) = analyzer.solve(&position, &budget) else {
        let seconds = clock.elapsed_seconds();
        let proven = analyzer.proven();
        let best = proven.best.map(|m| m.to_string());
        return Ok(Report {
            json: json!({
                "solved": false,
                "lower": proven.lower,
                "upper": proven.upper,
                "best": best,
                "nodes": analyzer.solver_nodes(),
                "seconds": seconds,
            }),
            text: format!(
                "not solved within the limit ({time_ms} ms): the score is between {:+} and {:+}{} ({seconds:.3} s)",
                proven.lower,
                proven.upper,
                best.map_or(String::new(), |b| format!("; {b} reaches at least {:+}", proven.lower))
            ),
        });
    };
    let seconds = clock.elapsed_seconds();
    let best = solution.best.map(|m| m.to_string());
    let pv: Vec<String> = solution.pv.iter().map(Move::to_string).collect();
    Ok(Report {
        json: json!({
            "solved": true,
            "best": best,
            "score": solution.score,
            "pv": pv,
            "nodes": solution.nodes,
            "seconds": seconds,
        }),
        text: format!(
            "best {} score {:+} (pv {}) in {seconds:.3} s, {} nodes",
            best.as_deref().unwrap_or("none"),
            solution.score,
            pv.join(" "),
            solution.nodes
        ),
    })
}

/// `engine search othello …`: the best move within a depth or time limit.
pub fn search(args: &SearchArgs, json_mode: bool) -> Result<Report, CliError> {
    let rules = args.rules.rules();
    let position = match (&args.moves, &args.board) {
        (Some(moves), None) => replay_from_start(rules, moves)?.last(),
        (None, Some(board)) => {
            let p = board_arg(board, rules.variant)?;
            if args.rules.size.is_some() && p.rules().size != rules.size {
                return Err(ArgsError::Conflict(format!(
                    "--size {} does not match the {}x{} board",
                    rules.size,
                    p.rules().size,
                    p.rules().size
                ))
                .into());
            }
            p
        }
        (Some(_), Some(_)) => {
            return Err(ArgsError::Conflict("give --moves or --board, not both".into()).into())
        }
        (None, None) => {
            return Err(
                ArgsError::Conflict("give the position with --moves or --board".into()).into(),
            )
        }
    };
    let evaluator = evaluation::evaluator(args.eval.as_deref().unwrap_or("standard"))?;
    let clock = SystemClock::new();
    let budget = Budget::new(args.limits.limits()?, &clock);
    let selective = args.selective != Some(OnOff::Off);
    let mut analyzer = Analyzer::new(22)
        .with_evaluator(evaluator)
        .with_selective(selective);
    let mut lines = Vec::new();
    let result = analyzer.analyse(&position, &budget, &mut |p| {
        if !json_mode {
            lines.push(progress_line(p, DISC, Move::to_string));
        }
    });
    Ok(search_report(
        &result,
        clock.elapsed_seconds(),
        DISC,
        Move::to_string,
        lines,
    ))
}
