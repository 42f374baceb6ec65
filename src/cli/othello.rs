//! The Othello commands.

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::othello::eval::DISC;
use crate::engine::othello::notation::{board_squares, board_text, parse_board, replay_from_start};
use crate::engine::othello::perft::perft_within;
use crate::engine::othello::{Analyzer, BoardSize, Color, Move, Position, Rules, Variant};
use crate::engine::search::{Budget, Limits};

use super::args::{number_in, on_off, Args, ArgsError};
use super::search_report::{progress_line, search_report};
use super::{evaluation, limits_from, parse_depth, CliError, Report};

fn rules_from(args: &Args) -> Result<Rules, ArgsError> {
    let size = args
        .parsed("--size", "a board size (4, 6 or 8)", |s| {
            s.trim().parse().ok().and_then(BoardSize::from_side)
        })?
        .unwrap_or_default();
    let variant = args
        .parsed("--variant", "a variant (standard, anti or reversi)", |s| {
            s.parse().ok()
        })?
        .unwrap_or_default();
    Ok(Rules::new(size, variant))
}

fn side_letter(color: Color) -> String {
    color.letter().to_string()
}

/// `engine perft othello DEPTH`: leaves of the move tree.
pub fn perft(args: &mut Args) -> Result<Report, CliError> {
    let depth = parse_depth(args.positional("DEPTH")?)?;
    args.finish()?;
    let rules = rules_from(args)?;
    let time_ms = super::perft_time_ms(args)?;
    let clock = SystemClock::new();
    let budget = Budget::new(Limits::time_ms(time_ms), &clock);
    let nodes = perft_within(&Position::start(rules), depth, &budget)
        .ok_or_else(|| super::perft_unfinished(depth, time_ms))?;
    let seconds = clock.elapsed_seconds();
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
pub fn replay(args: &mut Args) -> Result<Report, CliError> {
    let moves = args.positional("MOVES")?;
    args.finish()?;
    let rules = rules_from(args)?;
    let game = replay_from_start(rules, &moves)?;
    let last = game.last();
    let to_move = match () {
        _ if last.is_over() => None,
        _ if last.must_pass() => Some(last.side_to_move().opponent()),
        _ => Some(last.side_to_move()),
    };
    let time_loss = match args.option("--time-loss") {
        None => None,
        Some("black") => Some(Color::Black),
        Some("white") => Some(Color::White),
        Some(other) => {
            return Err(ArgsError::BadValue {
                name: "--time-loss".into(),
                value: other.to_string(),
                expected: "black or white".into(),
            }
            .into())
        }
    };
    let completed = args.switch("--completed");
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
pub fn solve(words: &[String]) -> Result<Report, CliError> {
    let mut args = Args::parse(words, &["variant", "time-ms"], &["json"])?;
    let board = args.positional("\"BOARD SIDE\"")?;
    args.finish()?;
    let variant = rules_from(&args)?.variant;
    let time_ms = args
        .parsed(
            "--time-ms",
            "a time in milliseconds",
            number_in(1.0f64, 1e9),
        )?
        .unwrap_or(DEFAULT_SOLVE_MS);
    let position = board_arg(&board, variant)?;
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
pub fn search(args: &mut Args) -> Result<Report, CliError> {
    args.finish()?;
    let rules = rules_from(args)?;
    let position = match (args.option("--moves"), args.option("--board")) {
        (Some(moves), None) => replay_from_start(rules, moves)?.last(),
        (None, Some(board)) => {
            let p = board_arg(board, rules.variant)?;
            if args.option("--size").is_some() && p.rules().size != rules.size {
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
    let evaluator = evaluation::evaluator(args.option("--eval").unwrap_or("standard"))?;
    let clock = SystemClock::new();
    let budget = Budget::new(limits_from(args)?, &clock);
    let selective = args
        .parsed("--selective", "on or off", on_off)?
        .unwrap_or(true);
    let mut analyzer = Analyzer::new(22)
        .with_evaluator(evaluator)
        .with_selective(selective);
    let json_mode = args.switch("--json");
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
