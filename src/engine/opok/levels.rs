//! Opok playing strength, from a player who looks one move ahead and
//! misjudges to the full search. Like Othello's levels, weak levels judge
//! every move and add noise, so their mistakes are plausible ones.

use crate::clock::Clock;
use crate::rng::Rng;
use crate::search::{Budget, Limits, Progress, Searcher};
use crate::strength::{Noisy, ThinkTime};

use super::eval::SQUARE;
use super::game::OpokEvaluator;
use super::position::{Move, Position};

pub use crate::strength::Level;

#[derive(Clone, Copy, PartialEq, Debug)]
enum Method {
    /// Scores every move with a search this deep, then adds noise.
    Depth(u32),
    /// The full search for this long (or the game's thinking time).
    Time(Option<f64>),
}

struct Spec {
    method: Method,
    /// Standard deviation of the misjudgement, in squares.
    noise: f64,
}

const SPECS: [Spec; 7] = [
    Spec {
        method: Method::Depth(1),
        noise: 2.0,
    },
    Spec {
        method: Method::Depth(1),
        noise: 0.8,
    },
    Spec {
        method: Method::Depth(2),
        noise: 0.6,
    },
    Spec {
        method: Method::Depth(2),
        noise: 0.2,
    },
    Spec {
        method: Method::Time(Some(400.0)),
        noise: 0.0,
    },
    Spec {
        method: Method::Time(Some(1500.0)),
        noise: 0.0,
    },
    Spec {
        method: Method::Time(None),
        noise: 0.0,
    },
];

/// The level's entry in the table.
fn spec(level: Level) -> &'static Spec {
    &SPECS[level.index()]
}

/// What the computer decided (see [`crate::strength::Choice`]).
pub type Choice = crate::strength::Choice<Move>;

/// Chooses a move at `level` within `time`.
pub fn choose_move(
    searcher: &mut Searcher<Position, OpokEvaluator>,
    position: &Position,
    level: Level,
    time: ThinkTime,
    clock: &dyn Clock,
    rng: &mut Rng,
    on_progress: &mut dyn FnMut(&Progress<Move>),
) -> Choice {
    let moves = position.moves();
    if moves.len() <= 1 {
        return Choice::unscored(moves.first().copied());
    }
    let spec = spec(level);
    match spec.method {
        Method::Time(fixed) => {
            let budget = Budget::new(Limits::time_ms(time.for_level(fixed)), clock);
            let result = searcher.search(position, &budget, on_progress);
            Choice {
                best: result.best,
                score: (result.depth > 0).then_some(result.score),
                exact: result.exact,
            }
        }
        Method::Depth(depth) => {
            let noise = spec.noise * f64::from(SQUARE);
            let noisy = Noisy {
                depth,
                noise,
                fallback: moves.first().copied(),
            };
            noisy.choose(time, clock, rng, on_progress, |budget, report| {
                searcher.score_moves(position, budget, report)
            })
        }
    }
}
