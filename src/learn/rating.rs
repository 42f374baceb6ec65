//! Puzzle ratings: Glicko-2 (Glickman, "Example of the Glicko-2 system",
//! 2013), kept locally for the learner and for each puzzle, and the choice
//! of the next puzzle and of the puzzle of the day.
//!
//! A solved puzzle is a win for the learner and a loss for the puzzle; both
//! ratings move, each as one game of a rating period.

/// Glicko-2's system constant τ: how much the volatility may change. The
/// paper suggests 0.3 to 1.2; small values suit a game whose strength
/// changes slowly.
pub const TAU: f64 = 0.5;
/// The scale between the Glicko and the Glicko-2 numbers.
const SCALE: f64 = 173.7178;
/// Where everyone starts.
pub const START: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};
/// The smallest deviation kept: a rating never becomes certain, so that it
/// still follows a learner who improves.
pub const MIN_DEVIATION: f64 = 45.0;

/// A rating on the Glicko scale.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Rating {
    /// The rating (1500 is average).
    pub rating: f64,
    /// Its deviation (how uncertain it is).
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

/// One result of a rating period: the opponent and the score (1 win,
/// ½ draw, 0 loss).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Game {
    /// The opponent's rating before the period.
    pub opponent: Rating,
    /// The score.
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The rating after a period with `games` (none: only the deviation
    /// grows). Steps 1–8 of Glickman's example; the volatility is found by
    /// the Illinois algorithm, at most 100 iterations.
    pub fn after(self, games: &[Game]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: (phi_star * SCALE).min(START.deviation),
                ..self
            };
        }
        let opponents: Vec<(f64, f64, f64)> = games
            .iter()
            .map(|game| {
                let mu_j = (game.opponent.rating - 1500.0) / SCALE;
                let phi_j = game.opponent.deviation / SCALE;
                (g(phi_j), expected(mu, mu_j, phi_j), game.score)
            })
            .collect();
        let v = 1.0
            / opponents
                .iter()
                .map(|&(g, e, _)| g * g * e * (1.0 - e))
                .sum::<f64>();
        let delta = v * opponents.iter().map(|&(g, e, s)| g * (s - e)).sum::<f64>();

        // Step 5: the new volatility.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 && k < 100.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        for _ in 0..100 {
            if (big_b - big_a).abs() <= 1e-6 {
                break;
            }
            let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(big_c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = big_c;
            f_b = f_c;
        }
        let sigma_new = (big_a / 2.0).exp();

        // Steps 6–8.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new =
            mu + phi_new * phi_new * opponents.iter().map(|&(g, e, s)| g * (s - e)).sum::<f64>();
        Rating {
            rating: 1500.0 + SCALE * mu_new,
            deviation: (SCALE * phi_new).clamp(MIN_DEVIATION, START.deviation),
            volatility: sigma_new,
        }
    }
}

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
    fn glickmans_worked_example() {
        // The paper's player (1500, 200, 0.06) against 1400/30 (won),
        // 1550/100 (lost) and 1700/300 (lost), with τ = 0.5.
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let games = [
            Game {
                opponent: opponent(1400.0, 30.0),
                score: 1.0,
            },
            Game {
                opponent: opponent(1550.0, 100.0),
                score: 0.0,
            },
            Game {
                opponent: opponent(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = player.after(&games);
        assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(close(after.deviation, 151.52, 0.01), "{after:?}");
        assert!(close(after.volatility, 0.05999, 0.00001), "{after:?}");
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
