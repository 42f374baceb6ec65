//! The Opok commands.

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::opok::eval::SQUARE;
use crate::engine::opok::game::OpokEvaluator;
use crate::engine::opok::notation::{board_text, move_text, parse_position, position_text, replay};
use crate::engine::opok::{Position, Side};
use crate::engine::search::reference::perft_within;
use crate::engine::search::{Budget, Searcher};

use super::common::{time_ms, OpokBoard, SearchLimits};
use super::numbers::whole;
use super::perft::DEFAULT_PERFT_MS;
use super::search_report::{progress_line, search_report};
use super::usage::ArgsError;
use super::{CliError, Report};

/// `engine perft opok`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The depth (0 to 60)
    #[arg(value_name = "DEPTH", value_parser = whole(0u32, 60, "a depth"))]
    pub depth: u32,
    /// The board.
    #[command(flatten)]
    pub board: OpokBoard,
    /// The time limit in milliseconds (ten minutes unless given)
    #[arg(long = "time-ms", value_name = "T", value_parser = time_ms)]
    pub time_ms: Option<u64>,
}

/// `engine replay opok`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// The moves, from:count:to split by spaces or commas (a1:3:b3 e5:1:e4)
    #[arg(value_name = "MOVES")]
    pub moves: String,
    /// The board.
    #[command(flatten)]
    pub board: OpokBoard,
}

/// `engine search opok`.
#[derive(clap::Args, Debug)]
pub struct SearchArgs {
    /// The position after these moves from the start
    #[arg(long, value_name = "MOVES", conflicts_with = "position")]
    pub moves: Option<String>,
    /// The position: rows from the top split by /, squares by , (., c<h>
    /// or s<h>), a space and the side to move (c9,.,./.,.,./.,.,s9 c)
    #[arg(long, value_name = "POSITION")]
    pub position: Option<String>,
    /// The board.
    #[command(flatten)]
    pub board: OpokBoard,
    /// The limits.
    #[command(flatten)]
    pub limits: SearchLimits,
}

/// `engine perft opok DEPTH --size N`.
pub fn perft(args: &PerftArgs) -> Result<Report, CliError> {
    let (depth, geometry) = (args.depth, args.board.geometry());
    let time_ms = args.time_ms.map_or(DEFAULT_PERFT_MS, |t| t as f64);
    let start = Position::start(geometry);
    let counted = super::perft::count(depth, time_ms, |d, budget| perft_within(&start, d, budget))?;
    let (nodes, seconds) = (counted.leaves, counted.seconds);
    Ok(Report {
        json: json!({ "nodes": nodes, "seconds": seconds }),
        text: format!("perft {depth} (opok {geometry}): {nodes} leaves in {seconds:.3} s"),
    })
}

/// `engine replay opok MOVES --size N`.
pub fn replay_command(args: &ReplayArgs) -> Result<Report, CliError> {
    let game = replay(Position::start(args.board.geometry()), &args.moves)?;
    let last = game.last;
    let over = last.is_over();
    let to_move = match () {
        _ if over => None,
        _ if last.must_pass() => Some(last.side_to_move().opponent()),
        _ => Some(last.side_to_move()),
    };
    let (circles, squares) = (last.score(Side::Circles), last.score(Side::Squares));
    let score = over.then(|| format!("{circles}-{squares}"));
    Ok(Report {
        json: json!({
            "board": board_text(&last),
            "to_move": to_move.map(|s| s.letter().to_string()),
            "circles": circles,
            "squares": squares,
            // The same keys as Othello's replay: black = Circles (first), white = Squares.
            "black": circles,
            "white": squares,
            "over": over,
            "score": score,
        }),
        text: format!(
            "{}\ncircles {circles}, squares {squares}; {}",
            position_text(&last),
            match (&score, to_move) {
                (Some(s), _) => format!("game over, {s}"),
                (None, Some(side)) => format!("{} to move", side.name()),
                (None, None) => String::new(),
            }
        ),
    })
}

/// `engine search opok (--moves … | --position …) (--depth D | --time-ms T)`.
pub fn search(args: &SearchArgs, json_mode: bool) -> Result<Report, CliError> {
    let geometry = args.board.geometry();
    let position = match (&args.moves, &args.position) {
        (Some(moves), None) => replay(Position::start(geometry), moves)?.last,
        (None, Some(text)) => parse_position(text)?,
        (Some(_), Some(_)) => {
            return Err(ArgsError::Conflict("give --moves or --position, not both".into()).into())
        }
        (None, None) => {
            return Err(
                ArgsError::Conflict("give the position with --moves or --position".into()).into(),
            )
        }
    };
    let limits = args.limits.limits()?;
    let clock = SystemClock::new();
    let budget = Budget::new(limits, &clock);
    let mut searcher = Searcher::new(20, OpokEvaluator);
    let g = position.geometry();
    let mut lines = Vec::new();
    let result = searcher.search(&position, &budget, &mut |p| {
        if !json_mode {
            lines.push(progress_line(p, SQUARE, |&m| move_text(g, m)));
        }
    });
    Ok(search_report(
        &result,
        clock.elapsed_seconds(),
        SQUARE,
        |&m| move_text(g, m),
        lines,
    ))
}
