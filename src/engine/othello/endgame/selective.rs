//! The selective endgame search (Multi-ProbCut): a null-window node far
//! enough from the end is answered without searching it when a shallow
//! midgame search predicts its exact score beyond the window by a margin.
//!
//! The margin is a number of standard deviations of the prediction's
//! error, `exact − shallow`, measured by `engine calibrate othello
//! --endgame` on positions of our own games (docs/strength.md). A solve at
//! a [`Selectivity`] below [`Selectivity::EXACT`] is therefore right with
//! a known confidence, and far cheaper: the time plan runs one when an
//! exact solve cannot finish in time, and the exact solve after it reuses
//! its table (the bounds a selective search stored are only trusted by
//! searches at most as sure; its best moves order every search).

use super::super::eval::DISC;
use super::super::position::Position;
use super::EndgameSolver;
use crate::clock::ManualClock;
use crate::search::limits::Budget;

/// How sure a solve is: a cut needs the shallow prediction to lie
/// [`Selectivity::sigmas`] standard deviations beyond the window;
/// [`Selectivity::EXACT`] makes no cut.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub struct Selectivity(u8);

/// The standard deviations of each selective level, loosest first (a
/// wrong cut has probability 14%, 7%, 2.3%, 0.5%).
const SIGMAS: [f64; 4] = [1.1, 1.5, 2.0, 2.6];

impl Selectivity {
    /// No cuts: the solve is exact.
    pub const EXACT: Selectivity = Selectivity(SIGMAS.len() as u8);
    /// The loosest level.
    pub const LOOSEST: Selectivity = Selectivity(0);

    /// Every level from the loosest to exact, in that order.
    pub fn all() -> impl Iterator<Item = Selectivity> {
        (0..=SIGMAS.len() as u8).map(Selectivity)
    }

    /// The levels a time-limited solve of `empties` empty squares goes
    /// through: every one from the loosest where cuts pay, only exact
    /// below [`LADDER_MIN_EMPTIES`] (an exact solve of 20 empties takes
    /// about 0.3 s here).
    pub fn ladder(empties: u32) -> impl Iterator<Item = Selectivity> {
        let skipped = if empties >= LADDER_MIN_EMPTIES {
            0
        } else {
            SIGMAS.len()
        };
        Selectivity::all().skip(skipped)
    }

    /// The standard deviations a cut needs (`None` when exact).
    pub fn sigmas(self) -> Option<f64> {
        SIGMAS.get(usize::from(self.0)).copied()
    }

    /// The chance, in percent, that the prediction does not err past the
    /// margin on one side: 86, 93, 97, 99 and 100 when exact.
    pub fn confidence_percent(self) -> u32 {
        match self.sigmas() {
            Some(s) => (100.0 * normal_cdf(s)).floor() as u32,
            None => 100,
        }
    }

    /// The level as stored in the table (higher is surer).
    pub(super) fn code(self) -> u8 {
        self.0
    }
}

/// Φ(x), the standard normal distribution function (Abramowitz–Stegun
/// 7.1.26, error below 1.5·10⁻⁷).
fn normal_cdf(x: f64) -> f64 {
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    0.5 * (1.0 + erf.copysign(x))
}

/// From this many empties on, a time-limited solve starts selective.
pub const LADDER_MIN_EMPTIES: u32 = 21;

/// From this many empties on, a node may be cut (below, the exact search
/// is cheaper than the prediction).
pub const MPC_MIN_EMPTIES: u32 = 14;

/// The depth of the shallow search that predicts a node with `empties`
/// empty squares (1 at 14–19, 2 at 20–23, 3 at 24–27, 4 at 28–31, …).
pub fn shallow_depth(empties: u32) -> u32 {
    (empties.saturating_sub(12) / 4).clamp(1, 6)
}

/// The standard deviation of `exact − shallow` in discs at `empties`,
/// for the shallow depth of [`shallow_depth`]. `engine calibrate othello
/// --endgame --positions 100 --empties 14-22` measured 7.1–8.9 at depth
/// 1, 6.4–7.9 at 2, 6.0–7.4 at 3, 5.0–6.6 at 4, 5.0–6.5 at 5 and 4.5–6.0
/// at 6, with no trend in the empties and means within ±2 (so none is
/// corrected for): a line in the depth, 7.9 − 0.45·d.
pub fn prediction_error(empties: u32) -> f64 {
    DEVIATION_AT_0 - DEVIATION_PER_DEPTH * f64::from(shallow_depth(empties))
}

/// Calibrated constants of [`prediction_error`].
const DEVIATION_AT_0: f64 = 7.9;
const DEVIATION_PER_DEPTH: f64 = 0.45;

impl EndgameSolver {
    /// The score a selective solve stands on: Multi-ProbCut at a null
    /// window `alpha..alpha + 1` (disc scores). `Some(bound)` when the
    /// shallow prediction settles the node.
    #[inline]
    pub(super) fn selective_cut(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        budget: &Budget,
    ) -> Option<i32> {
        let sigmas = self.selectivity.sigmas()?;
        if empties < MPC_MIN_EMPTIES {
            return None;
        }
        let beta = alpha + 1;
        let depth = shallow_depth(empties);
        let margin = sigmas * prediction_error(empties);
        // The shallow value that predicts `beta` with the margin to spare.
        let high = ((f64::from(beta) + margin) * f64::from(DISC)).ceil() as i32;
        if beta + (margin as i32) < super::MAX_SCORE
            && self.midgame(p, o, depth, high - 1, high, budget) >= high
        {
            return Some(beta);
        }
        let low = ((f64::from(alpha) - margin) * f64::from(DISC)).floor() as i32;
        if alpha - (margin as i32) > -super::MAX_SCORE
            && self.midgame(p, o, depth, low, low + 1, budget) <= low
        {
            return Some(alpha);
        }
        None
    }

    /// The shallow search's value of `position` at `depth` (hundredths of
    /// a disc, for the side to move): what the cuts predict from, for the
    /// calibration.
    pub fn shallow_value(&mut self, position: &Position, depth: u32) -> i32 {
        let clock = ManualClock::new();
        let budget = Budget::new(Default::default(), &clock);
        if !self.start(position) {
            return 0;
        }
        self.midgame(
            position.player(),
            position.opponent(),
            depth,
            -200 * DISC,
            200 * DISC,
            &budget,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_surer_up_to_exact() {
        let levels: Vec<_> = Selectivity::all().collect();
        assert_eq!(levels.first(), Some(&Selectivity::LOOSEST));
        assert_eq!(levels.last(), Some(&Selectivity::EXACT));
        let percents: Vec<_> = levels.iter().map(|l| l.confidence_percent()).collect();
        assert_eq!(percents, vec![86, 93, 97, 99, 100]);
        assert!(levels.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn small_solves_go_straight_to_exact() {
        assert_eq!(
            Selectivity::ladder(LADDER_MIN_EMPTIES - 1).collect::<Vec<_>>(),
            vec![Selectivity::EXACT]
        );
        assert!(Selectivity::ladder(LADDER_MIN_EMPTIES).eq(Selectivity::all()));
    }

    #[test]
    fn the_prediction_deepens_towards_the_root() {
        assert_eq!(shallow_depth(14), 1);
        assert_eq!(shallow_depth(20), 2);
        assert_eq!(shallow_depth(24), 3);
        assert!((20..40).all(|e| shallow_depth(e) <= shallow_depth(e + 1)));
    }
}
