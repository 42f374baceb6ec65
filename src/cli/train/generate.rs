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

use super::super::common::{Progress, Seed, Threads};
use super::super::numbers::{decimal, range, whole};
use super::super::parallel::map_in_parallel;
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

/// `engine train generate`.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Where the positions are written
    #[arg(long, value_name = "FILE")]
    pub out: String,
    /// Games to play (1 to 10 000 000; 1000 unless given)
    #[arg(long, value_name = "G", value_parser = whole(1usize, 10_000_000, "a number of games"))]
    pub games: Option<usize>,
    /// The seed.
    #[command(flatten)]
    pub seed: Seed,
    /// Random opening moves, MIN-MAX (0 to 60; 4-14 unless given)
    #[arg(long = "random-moves", value_name = "MIN-MAX", value_parser = range(0u32, 60, "a range of random opening moves"))]
    pub random_moves: Option<(u32, u32)>,
    /// The depth of the players' searches (1 to 20; 2 unless given)
    #[arg(long, value_name = "D", value_parser = whole(1u32, 20, "a depth"))]
    pub depth: Option<u32>,
    /// Noise on the moves' scores in discs (0 to 64; 2 unless given)
    #[arg(long, value_name = "DISCS", value_parser = decimal(0.0, 64.0, "a number of discs"))]
    pub noise: Option<f64>,
    /// The evaluation E (standard unless given)
    #[arg(long, value_name = "E")]
    pub eval: Option<String>,
    /// The share of positions kept (0 to 1; 1 unless given)
    #[arg(long, value_name = "SHARE", value_parser = decimal(0.0, 1.0, "a share"))]
    pub keep: Option<f64>,
    /// Threads (1 unless given).
    #[command(flatten)]
    pub threads: Threads,
    /// Progress.
    #[command(flatten)]
    pub progress: Progress,
}

/// Runs `engine train generate`.
pub fn generate(args: &GenerateArgs) -> Result<Report, CliError> {
    let out = args.out.as_str();
    let options = Options {
        games: args.games.unwrap_or(1000),
        seed: args.seed.seed(),
        random_moves: args.random_moves.unwrap_or((4, 14)),
        depth: args.depth.unwrap_or(2),
        noise_discs: args.noise.unwrap_or(2.0),
        evaluator: evaluation::evaluator(args.eval.as_deref().unwrap_or("standard"))?,
        keep: args.keep.unwrap_or(1.0),
    };
    let threads = args.threads.threads.unwrap_or(1);
    let progress = args.progress.of("games");

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
