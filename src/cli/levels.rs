//! `engine levels opok` (`engine levels othello` is in `levels_othello`): how strong each computer level is, measured by
//! whole games against a random player and a greedy one-move player, sides
//! alternating.

use std::fmt::Write;

use serde_json::json;

use crate::engine::clock::SystemClock;
use crate::engine::game::Game;
use crate::engine::opok::game::OpokEvaluator;
use crate::engine::opok::levels::choose_move;
use crate::engine::opok::{Geometry, Level, Move, Position};
use crate::engine::rng::Rng;
use crate::engine::search::Searcher;
use crate::engine::strength::ThinkTime;

use super::common::OpokBoard;
use super::matches::{play_game, PlayerFn, Tally};
use super::numbers::{decimal, whole};
use super::{CliError, Report};

/// How long the levels think: `--think-ms`, `--time-scale`.
#[derive(clap::Args, Debug, Clone)]
pub struct ThinkTimeArgs {
    /// The strongest level's time a move in milliseconds (300 unless
    /// given)
    #[arg(long = "think-ms", value_name = "T", value_parser = whole(1u32, 1_000_000, "a time in milliseconds"))]
    pub think_ms: Option<u32>,
    /// The factor on the other levels' fixed times (0.01 to 1)
    #[arg(long = "time-scale", value_name = "F", value_parser = decimal(0.01, 1.0, "a factor"))]
    pub time_scale: Option<f64>,
}

impl ThinkTimeArgs {
    /// The times asked for; `default_scale` unless `--time-scale`.
    pub fn think_time(&self, default_scale: f64) -> ThinkTime {
        ThinkTime {
            strongest_ms: self.think_ms.map_or(300.0, f64::from),
            scale: self.time_scale.unwrap_or(default_scale),
            clock_ms: None,
        }
    }
}

/// `engine levels opok`.
#[derive(clap::Args, Debug)]
pub struct LevelsArgs {
    /// The board (5 and 7 unless given).
    #[command(flatten)]
    pub board: OpokBoard,
    /// Games per pairing (2 to 100 000; 100 unless given)
    #[arg(long, value_name = "G", value_parser = whole(2u32, 100_000, "a number of games"))]
    pub games: Option<u32>,
    /// How long the levels think.
    #[command(flatten)]
    pub time: ThinkTimeArgs,
    /// The strongest level measured (1 to 7; 7 unless given)
    #[arg(long, value_name = "L", value_parser = whole(1u8, 7, "a level"))]
    pub levels: Option<u8>,
}

/// Picks uniformly among the legal moves.
fn random_player<'a>(seed: u64) -> PlayerFn<'a, Position> {
    let mut rng = Rng::new(seed);
    Box::new(move |p: &Position| *rng.choose(&p.moves()).expect("a move"))
}

/// Picks the move that leaves it the most squares ahead right now.
fn greedy_player<'a>(seed: u64) -> PlayerFn<'a, Position> {
    let mut rng = Rng::new(seed);
    Box::new(move |p: &Position| {
        let scored: Vec<(Move, i32)> = p
            .moves()
            .into_iter()
            .map(|m| (m, -p.play(m).final_score()))
            .collect();
        let best = scored.iter().map(|s| s.1).max().expect("a move");
        let top: Vec<Move> = scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
        *rng.choose(&top).expect("a move")
    })
}

fn level_player<'a>(
    level: Level,
    time: ThinkTime,
    seed: u64,
    clock: &'a SystemClock,
) -> PlayerFn<'a, Position> {
    let mut searcher = Searcher::new(18, OpokEvaluator);
    let mut rng = Rng::new(seed);
    Box::new(move |p: &Position| {
        choose_move(&mut searcher, p, level, time, clock, &mut rng, &mut |_| {})
            .best
            .expect("a move")
    })
}

fn tally_against(
    level: Level,
    opponent: &str,
    geometry: Geometry,
    games: u32,
    time: ThinkTime,
) -> Tally {
    let clock = SystemClock::new();
    let start = Position::start(geometry);
    let mut tally = Tally::default();
    for game in 0..games {
        let seed = u64::from(game) * 7919 + u64::from(level.number());
        let mut ours = level_player(level, time, seed, &clock);
        let mut theirs = match opponent {
            "random" => random_player(seed ^ 0xABCD),
            _ => greedy_player(seed ^ 0xABCD),
        };
        tally.add(play_game(&start, &mut ours, &mut theirs, game % 2 == 0));
    }
    tally
}

/// Runs the level table.
pub fn levels(args: &LevelsArgs) -> Result<Report, CliError> {
    let sizes: Vec<u8> = match args.board.size {
        Some(geometry) => vec![geometry.size()],
        None => vec![5, 7],
    };
    let games = args.games.unwrap_or(100);
    let time = args.time.think_time(1.0);
    let top = args.levels.unwrap_or(7);

    let mut text = format!(
        "Opok levels: {games} games per pairing, sides alternating; level 7 thinks {} ms, levels 5 and 6 {} and {} ms\n",
        time.strongest_ms,
        time.for_level(Some(400.0)),
        time.for_level(Some(1500.0))
    );
    let mut rows = Vec::new();
    for &n in &sizes {
        let geometry = Geometry::new(n).expect("checked size");
        let _ = writeln!(
            text,
            "{geometry}: level | vs random W-D-L (score) | vs greedy W-D-L (score, margin)"
        );
        for level in Level::all().filter(|l| l.number() <= top) {
            // The two opponents in parallel: the machine has two cores.
            let (random, greedy) = std::thread::scope(|s| {
                let r = s.spawn(|| tally_against(level, "random", geometry, games, time));
                let g = tally_against(level, "greedy", geometry, games, time);
                (r.join().expect("no panic"), g)
            });
            let (margin, error) = greedy.margin();
            let _ = writeln!(
                text,
                "  {} | {}-{}-{} ({:.1}%) | {}-{}-{} ({:.1}%, {:+.2} ± {:.2} squares)",
                level.number(),
                random.wins,
                random.draws,
                random.losses,
                100.0 * random.score_rate(),
                greedy.wins,
                greedy.draws,
                greedy.losses,
                100.0 * greedy.score_rate(),
                margin / 100.0,
                error / 100.0
            );
            rows.push(json!({
                "size": n,
                "level": level.number(),
                "vs_random": { "wins": random.wins, "draws": random.draws, "losses": random.losses },
                "vs_greedy": { "wins": greedy.wins, "draws": greedy.draws, "losses": greedy.losses,
                               "margin": margin / 100.0, "margin_error": error / 100.0 },
            }));
        }
    }
    Ok(Report {
        json: json!({ "games": games, "think_ms": time.strongest_ms, "time_scale": time.scale, "table": rows }),
        text,
    })
}
