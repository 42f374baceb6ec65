//! Puzzle ratings: Glicko-2 (Glickman, "Example of the Glicko-2 system",
//! 2013), kept locally for the learner and for each puzzle, and the choice
//! of the next puzzle and of the puzzle of the day.
//!
//! A solved puzzle is a win for the learner and a loss for the puzzle; both
//! ratings move, each as one game of a rating period. The Glicko-2 step
//! itself is the project's one implementation, [`crate::glicko2`] (the
//! club's rating list uses it too); its types are re-exported here.

pub use crate::glicko2::{Game, Rating, MIN_DEVIATION, START, TAU};

/// A learner's deviation above which the rating is still new: a result
/// then moves it a long way (a new learner's first miss costs 120 to 170
/// points), and the page says so with the change.
pub const SETTLING_DEVIATION: f64 = 150.0;

/// How one try moved the learner's rating, as the page tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingChange {
    /// The rating before, rounded.
    pub before: i64,
    /// The rating after, rounded.
    pub after: i64,
    /// The rating was still new (its deviation above
    /// [`SETTLING_DEVIATION`]): that is why it moved so far.
    pub new: bool,
}

impl RatingChange {
    /// The change from `before` to `after`.
    pub fn between(before: Rating, after: Rating) -> RatingChange {
        RatingChange {
            before: before.rating.round() as i64,
            after: after.rating.round() as i64,
            new: before.deviation > SETTLING_DEVIATION,
        }
    }

    /// The points won (negative: lost).
    pub fn delta(self) -> i64 {
        self.after - self.before
    }
}

/// The learner's and the puzzle's ratings after one try: solved (without
/// hints) or not.
pub fn after_try(learner: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let score = if solved { 1.0 } else { 0.0 };
    (
        learner.after(&[Game {
            opponent: puzzle,
            score,
        }]),
        puzzle.after(&[Game {
            opponent: learner,
            score: 1.0 - score,
        }]),
    )
}

/// The next puzzle for a learner rated `learner`: among those not yet
/// tried, the one whose rating is nearest, ties to the earlier one.
/// `ratings[i]` is puzzle i's rating, `tried[i]` whether it was tried.
pub fn next_puzzle(learner: f64, ratings: &[f64], tried: &[bool]) -> Option<usize> {
    (0..ratings.len())
        .filter(|&i| !tried.get(i).copied().unwrap_or(false))
        .min_by(|&i, &j| {
            let (di, dj) = ((ratings[i] - learner).abs(), (ratings[j] - learner).abs());
            di.total_cmp(&dj).then(i.cmp(&j))
        })
}

/// The puzzle of the day: the same for everyone on a date (days since
/// 1970-01-01, UTC), without a server, and not the same two days running.
pub fn daily(day: u64, count: usize) -> Option<usize> {
    if count == 0 {
        return None;
    }
    // Day d gives (d · step + 17) mod count: a step with no common factor
    // with `count` walks through every puzzle before one comes back.
    let count64 = count as u64;
    let mut step = (0x9E37_79B9 % count64).max(1);
    while gcd(step, count64) != 1 {
        step += 1;
    }
    Some(((day % count64) * step % count64 + 17 % count64) as usize % count)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn solving_raises_the_learner_and_lowers_the_puzzle() {
        let (learner, puzzle) = after_try(START, START, true);
        assert!(learner.rating > 1500.0 && puzzle.rating < 1500.0);
        assert!(close(learner.rating - 1500.0, 1500.0 - puzzle.rating, 1e-9));
        let (learner, _) = after_try(START, START, false);
        assert!(learner.rating < 1500.0);
        // An idle period only makes a rating less certain, up to the start.
        let settled = Rating {
            deviation: 60.0,
            ..START
        };
        assert!(settled.after(&[]).deviation > 60.0);
        assert_eq!(START.after(&[]).deviation, START.deviation);
    }

    #[test]
    fn a_new_rating_moves_far_and_says_why_a_settled_one_does_not() {
        // A new learner's first miss at a 1170 puzzle costs well over a
        // hundred points: the change says the rating is new.
        let puzzle = |rating| Rating {
            rating,
            deviation: 200.0,
            volatility: 0.06,
        };
        let (after, _) = after_try(START, puzzle(1170.0), false);
        let first = RatingChange::between(START, after);
        assert!(first.delta() <= -120, "{first:?}");
        assert!(first.new);
        // Twenty tries later (half of them solved) a miss costs far less,
        // and the rating is no longer new.
        let mut learner = START;
        for n in 0..20 {
            learner = after_try(learner, puzzle(1500.0), n % 2 == 0).0;
        }
        let (after, _) = after_try(learner, puzzle(1170.0), false);
        let settled = RatingChange::between(learner, after);
        assert!(settled.delta() > -60, "{settled:?}");
        assert!(!settled.new);
    }

    #[test]
    fn the_next_puzzle_is_the_nearest_untried_one() {
        let ratings = [1200.0, 1500.0, 1520.0, 1900.0];
        assert_eq!(next_puzzle(1510.0, &ratings, &[false; 4]), Some(1));
        assert_eq!(
            next_puzzle(1510.0, &ratings, &[false, true, false, false]),
            Some(2)
        );
        assert_eq!(next_puzzle(1510.0, &ratings, &[true; 4]), None);
        assert_eq!(next_puzzle(3000.0, &ratings, &[]), Some(3));
    }

    #[test]
    fn the_daily_puzzle_is_fixed_by_the_date_and_moves_on() {
        assert_eq!(daily(20_000, 0), None);
        assert_eq!(daily(20_000, 1), Some(0));
        for count in [2, 7, 360, 1000] {
            let first = daily(20_000, count).unwrap();
            assert_eq!(daily(20_000, count), Some(first));
            assert!(first < count);
            assert_ne!(daily(20_001, count), Some(first), "{count}");
            // Every puzzle comes round within `count` days.
            let seen: std::collections::HashSet<_> = (0..count as u64)
                .map(|d| daily(20_000 + d, count).unwrap())
                .collect();
            assert_eq!(seen.len(), count);
        }
    }
}
