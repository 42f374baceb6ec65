//! `engine train generate`: positions from self-play games. Each game
//! opens with a few random moves, so that the games spread over many
//! openings, then both sides play a shallow search with a little noise,
//! so that the positions look like real games yet keep varying.

use std::collections::HashSet;

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::hashing::mix;
use crate::engine::othello::eval::{Evaluator, DISC};
use crate::engine::othello::{Analyzer, Position};
use crate::engine::rng::Rng;
use crate::engine::search::{Budget, Limits};
use crate::engine::strength::pick_with_noise;

use super::super::args::{number_in, range_in, Args, ArgsError};
use super::super::parallel::{map_in_parallel, wants_progress};
use super::super::{evaluation, CliError, Report};
use super::samples::{self, Sample};

/// How the games are played.
struct Options {
    games: usize,
    seed: u64,
    random_moves: (u32, u32),
    depth: u32,
    noise_discs: f64,
    evaluator: Evaluator,
    keep: f64,
}

/// A share of the positions of one self-play game (before the moves).
/// Positions of one game look alike: keeping a few from many games
/// gives a more varied set for the same labelling work.
fn play_game(options: &Options, game: usize, analyzer: &mut Analyzer) -> Vec<Sample> {
    let mut rng = Rng::new(mix(options.seed ^ mix(game as u64)));
    let (low, high) = options.random_moves;
    let random_moves = low + rng.below(u64::from(high - low + 1)) as u32;
    let clock = SystemClock::new();
    let mut position = Position::start(Default::default());
    let mut samples = Vec::new();
    let mut played = 0;
    analyzer.clear();
    while !position.is_over() {
        if rng.unit() < options.keep {
            samples.push(Sample::unlabelled(&position));
        }
        let moves = position.moves();
        let mv = if moves.len() == 1 {
            moves[0]
        } else if played < random_moves {
            *rng.choose(&moves).expect("a move")
        } else {
            let budget = Budget::new(Limits::depth(options.depth), &clock);
            let scores = analyzer
                .score_moves(&position, &budget, &mut |_| {})
                .expect("the game is not over");
            pick_with_noise(
                &scores.scores,
                options.noise_discs * f64::from(DISC),
                &mut rng,
            )
            .expect("a move")
        };
        position = position.play(mv);
        played += 1;
    }
    samples
}

/// Runs `engine train generate`.
pub fn generate(words: &[String]) -> Result<Report, CliError> {
    let args = Args::parse(
        words,
        &[
            "games",
            "seed",
            "random-moves",
            "depth",
            "noise",
            "eval",
            "threads",
            "keep",
            "out",
        ],
        &["json", "progress"],
    )?;
    args.finish()?;
    let out = args
        .option("--out")
        .ok_or(ArgsError::MissingArgument("--out FILE"))?;
    let options = Options {
        games: args
            .parsed(
                "--games",
                "a number of games",
                number_in(1usize, 10_000_000),
            )?
            .unwrap_or(1000),
        seed: args.seed()?,
        random_moves: args
            .parsed(
                "--random-moves",
                "MIN-MAX random opening moves",
                range_in(0u32, 60),
            )?
            .unwrap_or((4, 14)),
        depth: args
            .parsed("--depth", "a depth from 1 to 20", number_in(1u32, 20))?
            .unwrap_or(2),
        noise_discs: args
            .parsed("--noise", "a number of discs", number_in(0.0f64, 64.0))?
            .unwrap_or(2.0),
        evaluator: evaluation::evaluator(args.option("--eval").unwrap_or("standard"))?,
        keep: args
            .parsed("--keep", "a share from 0 to 1", number_in(0.0f64, 1.0))?
            .unwrap_or(1.0),
    };
    let threads = args.threads(1)?;
    let progress = wants_progress(args.switch("--progress")).then_some("games");

    let clock = SystemClock::new();
    let games = map_in_parallel(
        options.games,
        threads,
        || Analyzer::new(16).with_evaluator(options.evaluator),
        |analyzer, game| play_game(&options, game, analyzer),
        progress,
    );
    let played: usize = games.iter().map(Vec::len).sum();
    // The same position from two games is one sample: the early positions
    // repeat, and the fit would weigh them twice.
    let mut seen = HashSet::new();
    let unique: Vec<Sample> = games
        .into_iter()
        .flatten()
        .filter(|s| seen.insert((s.player, s.opponent)))
        .collect();
    samples::write(out, &unique)?;
    let seconds = clock.elapsed_seconds();
    Ok(Report {
        json: json!({
            "games": options.games,
            "positions": played,
            "unique": unique.len(),
            "out": out,
            "seconds": seconds,
        }),
        text: format!(
            "{} games, {played} positions, {} distinct, written to {out} in {seconds:.1} s",
            options.games,
            unique.len()
        ),
    })
}
