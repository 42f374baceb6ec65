//! `engine calibrate othello`: measures how well a shallow search predicts
//! a deeper one, the error ProbCut's margins are made of.
//!
//! Positions come from random games (random lengths, so every phase is
//! sampled); each is searched by iterative deepening without selectivity,
//! and for every pair of depths (d, d') the mean and the standard deviation
//! of `score(d) − score(d')` are reported per phase (empty squares).

use std::fmt::Write;

use serde_json::json;

use crate::engine::clock::ManualClock;
use crate::engine::othello::endgame::EndgameSolver;
use crate::engine::othello::eval::{Evaluator, DISC};
use crate::engine::othello::{Position, Rules};
use crate::engine::rng::Rng;
use crate::engine::search::{Budget, Limits, Searcher};

use super::common::Seed;
use super::numbers::{range, whole};
use super::usage::ArgsError;
use super::{CliError, Report};

/// `engine calibrate othello`.
#[derive(clap::Args, Debug)]
pub struct CalibrateArgs {
    /// Positions to measure (300 unless given; 40 per number of empties
    /// with --endgame)
    #[arg(long, value_name = "N", value_parser = whole(1u32, 1_000_000, "a number of positions"))]
    pub positions: Option<u32>,
    /// The deepest search (3 to 14; 8 unless given)
    #[arg(long = "max-depth", value_name = "D", value_parser = whole(3u32, 14, "a depth"))]
    pub max_depth: Option<u32>,
    /// The seed.
    #[command(flatten)]
    pub seed: Seed,
    /// The selective endgame search's errors: exact score against a
    /// shallow search
    #[arg(long)]
    pub endgame: bool,
    /// With --endgame: the empties measured, MIN-MAX from 4 to 30 (14-20
    /// unless given)
    #[arg(long, value_name = "MIN-MAX", value_parser = range(4u32, 30, "a range of empties"))]
    pub empties: Option<(u32, u32)>,
}

/// Phases by empty squares: the opening, the midgame, the late midgame.
const PHASES: [(u32, u32); 3] = [(45, 60), (30, 44), (14, 29)];

/// Sums for one (phase, deep, shallow) cell.
#[derive(Clone, Copy, Default)]
struct Moments {
    count: f64,
    sum: f64,
    square_sum: f64,
}

impl Moments {
    fn add(&mut self, x: f64) {
        self.count += 1.0;
        self.sum += x;
        self.square_sum += x * x;
    }

    fn mean_and_deviation(&self) -> (f64, f64) {
        let n = self.count.max(1.0);
        let mean = self.sum / n;
        (mean, (self.square_sum / n - mean * mean).max(0.0).sqrt())
    }
}

/// A position after a random number of random moves, with at least
/// `min_empties` empty squares and a move to make.
fn random_position(rng: &mut Rng, min_empties: u32) -> Position {
    loop {
        let mut position = Position::start(Rules::default());
        let plies = 4 + rng.below(u64::from(60 - min_empties - 4)) as u32;
        for _ in 0..plies {
            let moves = position.moves();
            let Some(&mv) = rng.choose(&moves) else { break };
            position = position.play(mv);
        }
        if !position.is_over() && position.empties().count_ones() >= min_empties {
            return position;
        }
    }
}

/// Runs the calibration.
pub fn calibrate(args: &CalibrateArgs) -> Result<Report, CliError> {
    let endgame = args.endgame;
    let misplaced = if endgame { "--max-depth" } else { "--empties" };
    let given = if endgame {
        args.max_depth.is_some()
    } else {
        args.empties.is_some()
    };
    if given {
        return Err(ArgsError::Conflict(format!(
            "{misplaced} is not an option of this calibration (--endgame {})",
            if endgame { "given" } else { "not given" }
        ))
        .into());
    }
    if endgame {
        return calibrate_endgame(args);
    }
    let count = args.positions.unwrap_or(300);
    let max_depth = args.max_depth.unwrap_or(8);
    let seed = args.seed.seed();

    let depths = max_depth as usize + 1;
    let mut cells = vec![vec![vec![Moments::default(); depths]; depths]; PHASES.len()];
    let mut rng = Rng::new(seed);
    let clock = ManualClock::new();
    let mut searcher = Searcher::new(18, Evaluator::Standard);
    for _ in 0..count {
        let position = random_position(&mut rng, PHASES[PHASES.len() - 1].0);
        let empties = position.empties().count_ones();
        let Some(phase) = PHASES
            .iter()
            .position(|&(lo, hi)| (lo..=hi).contains(&empties))
        else {
            continue;
        };
        searcher.clear();
        let mut scores = vec![None; depths];
        searcher.search(
            &position,
            &Budget::new(Limits::depth(max_depth), &clock),
            &mut |progress| {
                if !progress.exact {
                    scores[progress.depth as usize] = Some(f64::from(progress.score));
                }
            },
        );
        for deep in 2..depths {
            for shallow in 1..deep {
                if let (Some(d), Some(s)) = (scores[deep], scores[shallow]) {
                    cells[phase][deep][shallow].add(d - s);
                }
            }
        }
    }

    let mut text = format!(
        "score(d) - score(d') over {count} random positions, in discs: mean ± standard deviation\n"
    );
    let mut rows = Vec::new();
    for (phase, &(lo, hi)) in PHASES.iter().enumerate() {
        let _ = writeln!(text, "{lo}-{hi} empties:");
        for (deep, row) in cells[phase].iter().enumerate().skip(2) {
            let mut line = format!("  d={deep:2}:");
            for (shallow, cell) in row.iter().enumerate().take(deep).skip(1) {
                let (mean, deviation) = cell.mean_and_deviation();
                let (mean, deviation) = (mean / f64::from(DISC), deviation / f64::from(DISC));
                let _ = write!(line, "  d'={shallow} {mean:+.1}±{deviation:.1}");
                rows.push(json!({
                    "empties": [lo, hi], "deep": deep, "shallow": shallow,
                    "samples": cell.count, "mean": mean, "deviation": deviation,
                }));
            }
            let _ = writeln!(text, "{line}");
        }
    }
    Ok(Report {
        json: json!({ "positions": count, "max_depth": max_depth, "table": rows }),
        text,
    })
}

/// The deepest prediction the endgame calibration measures.
const ENDGAME_MAX_SHALLOW: u32 = 6;

/// A position of a plausible game with `empties` empty squares and a move
/// to make: a few random moves, then a depth-3 search's choices, one in
/// eight replaced by a random move (so that games differ).
fn played_position(
    rng: &mut Rng,
    searcher: &mut Searcher<Position, Evaluator>,
    empties: u32,
) -> Option<Position> {
    let clock = ManualClock::new();
    let mut position = Position::start(Rules::default());
    let random_plies = 2 + rng.below(6) as u32;
    while position.empties().count_ones() > empties {
        if position.is_over() {
            return None;
        }
        let moves = position.moves();
        let plies = 60 - position.empties().count_ones();
        let mv = if plies < random_plies || rng.below(8) == 0 {
            *rng.choose(&moves)?
        } else {
            searcher
                .search(
                    &position,
                    &Budget::new(Limits::depth(3), &clock),
                    &mut |_| {},
                )
                .best?
        };
        position = position.play(mv);
    }
    (!position.is_over() && position.empties().count_ones() == empties).then_some(position)
}

/// `engine calibrate othello --endgame`: the error of the selective
/// endgame search's predictions, `exact − shallow(d)`, per number of
/// empties, on positions of plausible games solved exactly.
fn calibrate_endgame(args: &CalibrateArgs) -> Result<Report, CliError> {
    let count = args.positions.unwrap_or(40);
    let (lo, hi) = args.empties.unwrap_or((14, 20));
    let seed = args.seed.seed();
    let mut rng = Rng::new(seed);
    let clock = ManualClock::new();
    let unlimited = Budget::new(Limits::default(), &clock);
    let mut searcher = Searcher::new(16, Evaluator::Standard);
    let mut solver = EndgameSolver::new(22);
    let depths = ENDGAME_MAX_SHALLOW as usize + 1;
    let mut text = format!(
        "exact - shallow(d) over {count} positions per number of empties, in discs: mean ± standard deviation\n"
    );
    let mut rows = Vec::new();
    for empties in lo..=hi {
        let mut cells = vec![Moments::default(); depths];
        let mut done = 0;
        while done < count {
            let Some(position) = played_position(&mut rng, &mut searcher, empties) else {
                continue;
            };
            solver.clear();
            let Some(solution) = solver.solve(&position, &unlimited) else {
                continue;
            };
            let exact = f64::from(solution.score);
            for (depth, cell) in cells.iter_mut().enumerate().skip(1) {
                let shallow = f64::from(solver.shallow_value(&position, depth as u32));
                cell.add(exact - shallow / f64::from(DISC));
            }
            done += 1;
        }
        let mut line = format!("{empties:2} empties:");
        for (depth, cell) in cells.iter().enumerate().skip(1) {
            let (mean, deviation) = cell.mean_and_deviation();
            let _ = write!(line, "  d={depth} {mean:+.2}±{deviation:.2}");
            rows.push(json!({
                "empties": empties, "shallow": depth, "samples": cell.count,
                "mean": mean, "deviation": deviation,
            }));
        }
        let _ = writeln!(text, "{line}");
    }
    Ok(Report {
        json: json!({ "positions": count, "endgame": true, "table": rows }),
        text,
    })
}
