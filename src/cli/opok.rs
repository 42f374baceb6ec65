//! The Opok commands.

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::opok::eval::SQUARE;
use crate::engine::opok::game::OpokEvaluator;
use crate::engine::opok::notation::{board_text, move_text, parse_position, position_text, replay};
use crate::engine::opok::{Geometry, Position, Side};
use crate::engine::search::reference::perft_within;
use crate::engine::search::{Budget, Limits, Searcher};

use super::args::{Args, ArgsError};
use super::search_report::{progress_line, search_report};
use super::{parse_depth, CliError, Report};

fn geometry_from(args: &Args) -> Result<Geometry, ArgsError> {
    Ok(args
        .parsed("--size", "a board size from 3 to 9", |s| {
            s.trim().parse().ok().and_then(Geometry::new)
        })?
        .unwrap_or_else(|| Geometry::new(5).expect("5 is a size")))
}

/// `engine perft opok DEPTH --size N`.
pub fn perft(args: &mut Args) -> Result<Report, CliError> {
    let depth = parse_depth(args.positional("DEPTH")?)?;
    args.finish()?;
    let geometry = geometry_from(args)?;
    let time_ms = super::perft_time_ms(args)?;
    let clock = SystemClock::new();
    let budget = Budget::new(Limits::time_ms(time_ms), &clock);
    let nodes = perft_within(&Position::start(geometry), depth, &budget)
        .ok_or_else(|| super::perft_unfinished(depth, time_ms))?;
    let seconds = clock.elapsed_seconds();
    Ok(Report {
        json: json!({ "nodes": nodes, "seconds": seconds }),
        text: format!("perft {depth} (opok {geometry}): {nodes} leaves in {seconds:.3} s"),
    })
}

/// `engine replay opok MOVES --size N`.
pub fn replay_command(args: &mut Args) -> Result<Report, CliError> {
    let moves = args.positional("MOVES")?;
    args.finish()?;
    let geometry = geometry_from(args)?;
    let game = replay(Position::start(geometry), &moves)?;
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
pub fn search(args: &mut Args) -> Result<Report, CliError> {
    args.finish()?;
    let geometry = geometry_from(args)?;
    let position = match (args.option("--moves"), args.option("--position")) {
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
    let limits = super::limits_from(args)?;
    let clock = SystemClock::new();
    let budget = Budget::new(limits, &clock);
    let mut searcher = Searcher::new(20, OpokEvaluator);
    let g = position.geometry();
    let mut lines = Vec::new();
    let json_mode = args.switch("--json");
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
