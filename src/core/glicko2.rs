//! Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), written
//! once for the project: the puzzles (`learn::rating`: the learner and each
//! puzzle) and the club's rating list (`club::ratings`) rate with it.
//!
//! One system for both, with the same constants: τ = 0.5, everyone starts
//! at 1500 ± 350 with volatility 0.06, and a deviation stays between
//! [`MIN_DEVIATION`] and the starting 350.

use serde::{Deserialize, Serialize};

/// Glicko-2's system constant τ: how much the volatility may change. The
/// paper suggests 0.3 to 1.2; small values suit a game whose strength
/// changes slowly.
pub const TAU: f64 = 0.5;
/// The scale between the Glicko and the Glicko-2 numbers.
pub const SCALE: f64 = 173.7178;
/// Where everyone starts.
pub const START: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};
/// The smallest deviation kept: a rating never becomes certain, so that it
/// still follows a player who improves.
pub const MIN_DEVIATION: f64 = 45.0;

/// A rating on the Glicko scale.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
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

/// Step 5: the new volatility σ′ from the estimated variance `v`, the
/// improvement `delta`, the deviation `phi` and the volatility `sigma`
/// (Glicko-2 scale), by the Illinois algorithm, at most 100 iterations.
fn volatility(delta: f64, phi: f64, v: f64, sigma: f64) -> f64 {
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
    (big_a / 2.0).exp()
}

impl Rating {
    /// The rating after a period with `games` (none: only the deviation
    /// grows, Glickman's step 6 alone, up to the starting deviation).
    /// Steps 1–8 of Glickman's example; the deviation is kept between
    /// [`MIN_DEVIATION`] and [`START`]'s.
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
        let sigma_new = volatility(delta, phi, v, sigma);

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
    fn an_idle_period_only_widens_the_deviation_up_to_the_start() {
        // Step 6 alone: φ* = √(φ² + σ²), on the Glicko scale.
        let settled = Rating {
            rating: 1700.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let idle = settled.after(&[]);
        let expected = ((60.0 / SCALE).powi(2) + 0.06f64.powi(2)).sqrt() * SCALE;
        assert!(close(idle.deviation, expected, 1e-9), "{idle:?}");
        assert_eq!((idle.rating, idle.volatility), (1700.0, 0.06));
        assert_eq!(START.after(&[]), START);
    }
}
