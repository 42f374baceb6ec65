//! `engine openings`: a reproducible set of balanced openings for engine
//! matches: random openings of a few moves whose shallow search finds
//! them close to even, no two the same up to the symmetries of the board.

use std::collections::HashSet;
use std::fmt::Write as _;

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::game::Score;
use crate::engine::othello::eval::DISC;
use crate::engine::othello::notation::{format_transcript, replay_from_start};
use crate::engine::othello::pattern::features::views;
use crate::engine::othello::{Analyzer, Color, Move, Position, Rules};
use crate::engine::rng::Rng;
use crate::engine::search::{Budget, Limits};

use super::common::Seed;
use super::numbers::{decimal, range, whole};
use super::parallel::map_in_parallel;
use super::usage::ArgsError;
use super::{evaluation, CliError, Report};

/// `engine openings`.
#[derive(clap::Args, Debug)]
pub struct OpeningsArgs {
    /// How many openings (1 to 100 000; 100 unless given)
    #[arg(long, value_name = "N", value_parser = whole(1usize, 100_000, "a number of openings"))]
    pub count: Option<usize>,
    /// Random moves in each, MIN-MAX (1 to 30; 6-8 unless given)
    #[arg(long, value_name = "MIN-MAX", value_parser = range(1u32, 30, "a range of moves"))]
    pub plies: Option<(u32, u32)>,
    /// The seed.
    #[command(flatten)]
    pub seed: Seed,
    /// The depth of the search that judges them (1 to 20; 6 unless given)
    #[arg(long, value_name = "D", value_parser = whole(1u32, 20, "a depth"))]
    pub depth: Option<u32>,
    /// The most discs either side may be ahead (0 to 64; 1 unless given)
    #[arg(long = "max-eval", value_name = "DISCS", value_parser = decimal(0.0, 64.0, "a number of discs"))]
    pub max_eval: Option<f64>,
    /// The evaluation E that judges them (handmade unless given)
    #[arg(long, value_name = "E")]
    pub eval: Option<String>,
    /// Also write them to this file
    #[arg(long, value_name = "FILE")]
    pub out: Option<String>,
}

/// The openings a match plays: `--openings`, `--count`.
#[derive(clap::Args, Debug, Clone)]
pub struct OpeningsFile {
    /// The openings file (data/openings.txt unless given)
    #[arg(long, value_name = "FILE")]
    pub openings: Option<String>,
    /// Play only the first N openings
    #[arg(long, value_name = "N", value_parser = whole(1usize, 1_000_000, "a number of openings"))]
    pub count: Option<usize>,
}

/// The openings engine matches play unless told otherwise.
pub const DEFAULT_OPENINGS: &str = "data/openings.txt";

/// The same key for a position and its 8 symmetric images.
fn symmetric_key(position: &Position) -> (u64, u64) {
    let (own, theirs) = (views(position.player()), views(position.opponent()));
    (0..8).map(|k| (own[k], theirs[k])).min().expect("8 views")
}

/// Reads an openings file: one transcript per line (the first word),
/// `#` starts a comment line.
pub fn read_openings(path: &str) -> Result<Vec<(String, Position)>, CliError> {
    let bytes = super::read_file(path, super::TEXT_FILE_LIMIT)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::File(
            path.to_string(),
            std::io::Error::new(std::io::ErrorKind::InvalidData, e),
        )
    })?;
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let moves = line.split_whitespace().next().unwrap_or_default();
            let position = replay_from_start(Rules::default(), moves)?.last();
            Ok((moves.to_string(), position))
        })
        .collect()
}

/// The openings of `--openings` (default [`DEFAULT_OPENINGS`]) and the
/// file's name: the first `--count` of them (more than the file holds is
/// an error), or at most `default_count` (all when `None`).
pub fn openings_from_args(
    args: &OpeningsFile,
    default_count: Option<usize>,
) -> Result<(String, Vec<(String, Position)>), CliError> {
    let path = args.openings.as_deref().unwrap_or(DEFAULT_OPENINGS);
    let mut openings = read_openings(path)?;
    let asked = args.count;
    if let Some(count) = asked.filter(|&count| count > openings.len()) {
        return Err(ArgsError::Conflict(format!(
            "{path} has only {} openings, not {count}",
            openings.len()
        ))
        .into());
    }
    if let Some(count) = asked.or(default_count) {
        openings.truncate(count);
    }
    Ok((path.to_string(), openings))
}

/// The colour of the first player in game `game` of a match from
/// openings: black in game 2k, white in game 2k + 1 (both from opening k).
pub fn first_player_colour(game: usize) -> Color {
    if game % 2 == 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// Plays every opening twice, the first player taking each colour once,
/// on `threads` threads each with its own `state` from `init`. `play` gets
/// the state, the start and whether the first player moves first, and
/// returns the final score from the first player's side; the results come
/// back in discs, in game order (see [`first_player_colour`]).
pub fn play_from_openings<S, I, P>(
    openings: &[(String, Position)],
    threads: usize,
    progress: Option<&str>,
    init: I,
    play: P,
) -> Vec<Score>
where
    I: Fn() -> S + Sync,
    P: Fn(&mut S, usize, &Position, bool) -> Score + Sync,
{
    map_in_parallel(
        2 * openings.len(),
        threads,
        init,
        |state, game| {
            let start = &openings[game / 2].1;
            let first_moves_first = start.side_to_move() == first_player_colour(game);
            play(state, game, start, first_moves_first) / DISC
        },
        progress,
    )
}

/// Runs `engine openings`.
pub fn openings(args: &OpeningsArgs) -> Result<Report, CliError> {
    let count = args.count.unwrap_or(100);
    let (low, high) = args.plies.unwrap_or((6, 8));
    let seed = args.seed.seed();
    let depth = args.depth.unwrap_or(6);
    let max_eval = args.max_eval.unwrap_or(1.0);
    let eval_name = args.eval.as_deref().unwrap_or("handmade");
    let evaluator = evaluation::evaluator(eval_name)?;

    let clock = SystemClock::new();
    let mut analyzer = Analyzer::new(18).with_evaluator(evaluator);
    let mut rng = Rng::new(seed);
    let mut seen = HashSet::new();
    let mut chosen: Vec<(String, i32)> = Vec::new();
    let mut tried = 0;
    while chosen.len() < count && tried < count * 1000 {
        tried += 1;
        let plies = low + rng.below(u64::from(high - low + 1)) as u32;
        let mut position = Position::start(Rules::default());
        let mut moves: Vec<Move> = Vec::new();
        for _ in 0..plies {
            let Some(&mv) = rng.choose(&position.moves()) else {
                break;
            };
            position = position.play(mv);
            moves.push(mv);
        }
        if position.is_over() || !seen.insert(symmetric_key(&position)) {
            continue;
        }
        analyzer.clear();
        let budget = Budget::new(Limits::depth(depth), &clock);
        let score = analyzer.analyse(&position, &budget, &mut |_| {}).score;
        if f64::from(score.abs()) <= max_eval * f64::from(DISC) {
            chosen.push((format_transcript(&moves), score));
        }
    }
    if chosen.len() < count {
        return Err(CliError::NoResult(format!(
            "only {} balanced openings found in {tried} tries",
            chosen.len()
        )));
    }
    let mut text = format!(
        "# engine openings --count {count} --plies {low}-{high} --seed {seed} --depth {depth} --max-eval {max_eval} --eval {eval_name}\n# transcript, then the depth-{depth} score for the side to move in discs\n"
    );
    for (moves, score) in &chosen {
        let _ = writeln!(text, "{moves} {:+.2}", f64::from(*score) / f64::from(DISC));
    }
    if let Some(path) = &args.out {
        std::fs::write(path, &text).map_err(|e| CliError::File(path.to_string(), e))?;
    }
    Ok(Report {
        json: json!({
            "openings": chosen.iter().map(|(m, _)| m).collect::<Vec<_>>(),
            "tried": tried,
            "out": args.out,
        }),
        text: text.trim_end().to_string(),
    })
}
