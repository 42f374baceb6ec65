//! Playing strength: from a beginner who grabs discs to the full engine.
//!
//! Weak levels do not play random moves: they judge every move the way a
//! weaker player would (shallow look-ahead, or just counting the discs a
//! move flips) and misjudge by a level-dependent amount of noise, so their
//! mistakes are the plausible ones.

use crate::rng::Rng;
use crate::search::{Budget, Limits, Progress, SearchResult};
use crate::strength::{pick_with_noise, Noisy, ThinkTime};

use super::analysis::Analyzer;
use super::eval::DISC;
use super::position::{Move, Position};
use super::rules::Variant;
use super::square::Square;
use super::time_plan;

pub use crate::strength::Level;

/// How a level looks for its move.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Method {
    /// Counts the discs each move flips; likes corners, nothing deeper.
    Greedy,
    /// Scores every move with a search this deep.
    Depth(u32),
    /// The full search for this many milliseconds (or the game's setting).
    Time(Option<f64>),
}

struct Spec {
    method: Method,
    /// Standard deviation of the misjudgement, in discs.
    noise: f64,
    /// Plays perfectly from this many empties on.
    exact_empties: u32,
}

const SPECS: [Spec; 7] = [
    Spec {
        method: Method::Greedy,
        noise: 2.0,
        exact_empties: 0,
    },
    Spec {
        method: Method::Depth(1),
        noise: 4.0,
        exact_empties: 4,
    },
    Spec {
        method: Method::Depth(2),
        noise: 2.5,
        exact_empties: 8,
    },
    Spec {
        method: Method::Depth(4),
        noise: 1.2,
        exact_empties: 10,
    },
    Spec {
        method: Method::Depth(6),
        noise: 0.4,
        exact_empties: 14,
    },
    Spec {
        method: Method::Time(Some(1500.0)),
        noise: 0.0,
        exact_empties: 18,
    },
    Spec {
        method: Method::Time(None),
        noise: 0.0,
        exact_empties: 22,
    },
];

/// The level's entry in the table.
fn spec(level: Level) -> &'static Spec {
    &SPECS[level.index()]
}

/// Milliseconds a move of `level` takes with `time`, for the levels that
/// think for a time; `None` for the ones that search to a depth.
pub fn think_ms(level: Level, time: ThinkTime) -> Option<f64> {
    match spec(level).method {
        Method::Time(fixed) => Some(time.for_level(fixed)),
        _ => None,
    }
}

/// The longest a move of `level` may think with `time` when `empties`
/// squares are empty, in milliseconds: the budget [`choose_move`] gives
/// it. The strongest level's time plan spends up to eight per-move times
/// on a move near the end (see `time_plan`), and every level solving
/// exactly gets at least 2 s; the levels that search to a depth finish
/// well within the strongest level's per-move time.
pub fn max_move_ms(level: Level, time: ThinkTime, empties: u32) -> f64 {
    let spec = spec(level);
    match spec.method {
        Method::Time(None) => {
            time.capped(time_plan::plan(empties, time.strongest_ms, spec.exact_empties).ms)
        }
        _ if empties <= spec.exact_empties => {
            time.capped(time.strongest_ms.max(time_plan::MIN_SOLVE_MS))
        }
        Method::Time(fixed) => time.for_level(fixed),
        Method::Greedy | Method::Depth(_) => time.capped(time.strongest_ms),
    }
}

/// How much `level` misjudges a move of an endgame with `empties` empty
/// squares, in discs (a standard deviation): 0 where the level plays
/// perfectly. The lessons put it on the exact scores of their small
/// endgames, without the level's search or evaluation.
pub fn endgame_noise(level: Level, empties: u32) -> f64 {
    let spec = spec(level);
    if empties <= spec.exact_empties {
        0.0
    } else {
        spec.noise
    }
}

/// What the computer decided (see [`crate::strength::Choice`]).
pub type Choice = crate::strength::Choice<Move>;

/// Chooses a move for `position` at `level` within `time`. `rng` supplies the level's
/// misjudgements; `on_progress` sees every completed depth.
pub fn choose_move(
    analyzer: &mut Analyzer,
    position: &Position,
    level: Level,
    time: ThinkTime,
    budget_clock: &dyn crate::clock::Clock,
    rng: &mut Rng,
    on_progress: &mut dyn FnMut(&Progress<Move>),
) -> Choice {
    let spec = spec(level);
    let moves = position.moves();
    if moves.len() <= 1 {
        return Choice::unscored(moves.first().copied());
    }
    let empties = position.empties().count_ones();
    let exact_now = empties <= spec.exact_empties;
    match spec.method {
        // The strongest level spreads its time over the game.
        Method::Time(None) => {
            let plan = time_plan::plan(empties, time.strongest_ms, spec.exact_empties);
            let budget = Budget::new(Limits::time_ms(time.capped(plan.ms)), budget_clock);
            let exact_from = if plan.solve {
                empties
            } else {
                spec.exact_empties
            };
            from_result(analyzer.analyse_with_exact(position, &budget, exact_from, on_progress))
        }
        _ if exact_now => {
            let budget = Budget::new(
                Limits::depth(empties)
                    .with_time_ms(time.capped(time.strongest_ms.max(time_plan::MIN_SOLVE_MS))),
                budget_clock,
            );
            from_result(analyzer.analyse(position, &budget, on_progress))
        }
        Method::Time(fixed) => {
            let budget = Budget::new(Limits::time_ms(time.for_level(fixed)), budget_clock);
            from_result(analyzer.analyse_with_exact(
                position,
                &budget,
                spec.exact_empties,
                on_progress,
            ))
        }
        Method::Greedy => {
            let best = pick_with_noise(&greedy_scores(position), spec.noise * f64::from(DISC), rng);
            Choice::unscored(best)
        }
        Method::Depth(depth) => Noisy {
            depth,
            noise: spec.noise * f64::from(DISC),
            fallback: moves.first().copied(),
        }
        .choose(time, budget_clock, rng, on_progress, |budget, report| {
            analyzer.score_moves(position, budget, report)
        }),
    }
}

fn from_result(result: SearchResult<Move>) -> Choice {
    Choice {
        best: result.best,
        score: (result.depth > 0).then_some(result.score),
        exact: result.exact,
    }
}

/// A beginner's view of the moves: the discs each flips, corners liked
/// (fewest discs in anti-Othello), in evaluation units.
fn greedy_scores(position: &Position) -> Vec<(Move, i32)> {
    let n = position.rules().size.side();
    let anti = position.rules().variant == Variant::Anti;
    Square::iter(position.legal_squares())
        .map(|square| {
            let flipped = position.flips(square).count_ones() as i32 * DISC;
            let corner =
                [0, n - 1].contains(&square.column()) && [0, n - 1].contains(&square.row());
            let appeal = if anti {
                -flipped
            } else {
                flipped + if corner { 3 * DISC } else { 0 }
            };
            (Move::Place(square), appeal)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use crate::othello::notation::replay_from_start;
    use crate::othello::Rules;

    #[test]
    fn the_beginner_prefers_big_captures_but_is_not_deterministic() {
        // After f5 d6 c3 d3 c4, black's moves flip different numbers of discs.
        let position = replay_from_start(Rules::default(), "f5d6c3d3c4")
            .unwrap()
            .last();
        let scores = greedy_scores(&position);
        let most = scores.iter().map(|s| s.1).max().unwrap();
        let clock = ManualClock::new();
        let mut analyzer = Analyzer::new(10);
        let mut rng = Rng::new(3);
        let mut chosen = std::collections::HashMap::new();
        for _ in 0..200 {
            let choice = choose_move(
                &mut analyzer,
                &position,
                Level::MIN,
                ThinkTime::new(1000.0),
                &clock,
                &mut rng,
                &mut |_| {},
            );
            *chosen.entry(choice.best.unwrap()).or_insert(0) += 1;
        }
        let greedy_share: u32 = chosen
            .iter()
            .filter(|(m, _)| scores.iter().any(|(s, v)| s == *m && *v >= most - DISC))
            .map(|(_, n)| n)
            .sum();
        assert!(
            greedy_share > 100,
            "big captures chosen {greedy_share} of 200: {chosen:?}"
        );
        assert!(chosen.len() > 1, "always the same move: {chosen:?}");
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn every_level_plays_a_legal_move() {
        let clock = crate::clock::SystemClock::new();
        let mut analyzer = Analyzer::new(12);
        let mut rng = Rng::new(8);
        let position = replay_from_start(Rules::default(), "f5d6c3d3c4f4")
            .unwrap()
            .last();
        for level in Level::all() {
            let choice = choose_move(
                &mut analyzer,
                &position,
                level,
                ThinkTime::new(100.0),
                &clock,
                &mut rng,
                &mut |_| {},
            );
            assert!(position.try_play(choice.best.unwrap()).is_ok(), "{level:?}");
        }
    }

    #[test]
    fn a_forced_pass_is_played_without_thinking() {
        let clock = ManualClock::new();
        let mut analyzer = Analyzer::new(10);
        let position = crate::othello::notation::parse_board(
            "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O",
            Variant::Standard,
        );
        // White (to move) has no move next to its disc with only black around;
        // black can play h8: white must pass.
        let position = position.unwrap();
        assert!(position.must_pass());
        let choice = choose_move(
            &mut analyzer,
            &position,
            Level::MAX,
            ThinkTime::new(100.0),
            &clock,
            &mut Rng::new(1),
            &mut |_| {},
        );
        assert_eq!(choice.best, Some(Move::Pass));
    }
}
