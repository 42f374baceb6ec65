//! Playing below full strength like a person would: every move is judged,
//! but misjudged by random noise, and the best-looking move is played.

use serde::{Deserialize, Serialize};

use crate::clock::Clock;
use crate::game::Score;
use crate::rng::Rng;
use crate::search::{Budget, Limits, MoveScores, Progress};

/// What the computer decided, with what it saw.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Choice<M> {
    /// The move to play (`None` only when the game is over).
    pub best: Option<M>,
    /// The engine's own score of the position for the side to move, when it
    /// searched.
    pub score: Option<Score>,
    /// Whether `score` is the exact result with perfect play.
    pub exact: bool,
}

impl<M> Choice<M> {
    /// A move played without a search (the only move, a greedy pick, or
    /// nothing searched in time).
    pub fn unscored(best: Option<M>) -> Choice<M> {
        Choice {
            best,
            score: None,
            exact: false,
        }
    }
}

/// A computer level, 1 (weakest) to 7 (strongest), shared by the games:
/// each game decides what a level does, but every game's strongest level
/// thinks for the player's chosen time and levels 1–3 are for beginners.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Level(u8);

impl TryFrom<u8> for Level {
    type Error = String;

    fn try_from(n: u8) -> Result<Level, String> {
        Level::new(n).ok_or_else(|| format!("{n} is not a level from 1 to 7"))
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level: the full engine for the chosen time.
    pub const MAX: Level = Level(7);

    /// Level `n` (1 to 7).
    pub fn new(n: u8) -> Option<Level> {
        (1..=7).contains(&n).then_some(Level(n))
    }

    /// All levels, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=7).map(Level)
    }

    /// The level's number, 1 to 7.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The index of the level's entry in a game's table of 7.
    pub fn index(self) -> usize {
        usize::from(self.0 - 1)
    }

    /// True for the strongest level, which thinks for the chosen time.
    pub fn uses_think_time(self) -> bool {
        self == Level::MAX
    }

    /// Whether legal-move markers should start on against this level.
    pub fn suits_beginners(self) -> bool {
        self.0 <= 3
    }
}

/// How long the computer may think.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ThinkTime {
    /// Milliseconds per move of the strongest level (the player's choice).
    pub strongest_ms: f64,
    /// Factor on the fixed times of the other timed levels: 1 in play,
    /// smaller to run many games in a benchmark.
    pub scale: f64,
    /// The longest the move may take by the game clock (the computer's
    /// share of its own time), when a clock is set: it bounds every
    /// level's search, the solver's floor and the time plan's long moves.
    pub clock_ms: Option<f64>,
}

impl ThinkTime {
    /// `strongest_ms` for the strongest level, other levels as designed.
    pub fn new(strongest_ms: f64) -> ThinkTime {
        ThinkTime {
            strongest_ms,
            scale: 1.0,
            clock_ms: None,
        }
    }

    /// These times within `clock_ms` of the game clock (none: no clock).
    pub fn within_clock(self, clock_ms: Option<f64>) -> ThinkTime {
        ThinkTime { clock_ms, ..self }
    }

    /// `ms`, cut to the game clock's share of the move.
    pub fn capped(self, ms: f64) -> f64 {
        self.clock_ms.map_or(ms, |clock| ms.min(clock.max(0.0)))
    }

    /// The time of a level with a fixed time (`Some`), or of the strongest,
    /// within the game clock's share.
    pub fn for_level(self, fixed_ms: Option<f64>) -> f64 {
        self.capped(fixed_ms.map_or(self.strongest_ms, |ms| ms * self.scale))
    }
}

/// The move whose score plus Gaussian noise (standard deviation `noise`, in
/// the same units as the scores) is highest; `None` for no moves.
pub fn pick_with_noise<M: Copy>(scores: &[(M, Score)], noise: f64, rng: &mut Rng) -> Option<M> {
    scores
        .iter()
        .map(|&(m, s)| (m, f64::from(s) + noise * rng.gaussian()))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(m, _)| m)
}

/// A level that judges every move to a depth and misjudges them by noise.
pub struct Noisy<M> {
    /// How deep every move is searched.
    pub depth: u32,
    /// The noise's standard deviation, in score units.
    pub noise: f64,
    /// The move played when not even depth 1 completed.
    pub fallback: Option<M>,
}

impl<M: Copy> Noisy<M> {
    /// The choice: `score_moves` scores the moves within the budget
    /// (reporting each depth, whose best move goes to `on_progress`).
    pub fn choose(
        self,
        time: ThinkTime,
        clock: &dyn Clock,
        rng: &mut Rng,
        on_progress: &mut dyn FnMut(&Progress<M>),
        score_moves: impl FnOnce(&Budget, &mut dyn FnMut(&MoveScores<M>)) -> Option<MoveScores<M>>,
    ) -> Choice<M> {
        // A deep level on a slow device still answers.
        let limits =
            Limits::depth(self.depth).with_time_ms(time.capped(time.strongest_ms.max(2000.0)));
        let budget = Budget::new(limits, clock);
        let mut report = |scores: &MoveScores<M>| {
            if let Some(progress) = scores.progress() {
                on_progress(&progress);
            }
        };
        match score_moves(&budget, &mut report) {
            Some(scores) => Choice {
                best: pick_with_noise(&scores.scores, self.noise, rng),
                score: scores.best().map(|(_, s)| s),
                exact: scores.exact,
            },
            None => Choice::unscored(self.fallback),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_noise_picks_the_best_and_noise_sometimes_does_not() {
        let scores = [(1, 0), (2, 100), (3, 50)];
        let mut rng = Rng::new(1);
        assert_eq!(pick_with_noise(&scores, 0.0, &mut rng), Some(2));
        let picks: Vec<i32> = (0..200)
            .filter_map(|_| pick_with_noise(&scores, 80.0, &mut rng))
            .collect();
        assert!(picks.iter().filter(|&&m| m == 2).count() > 80);
        assert!(picks.iter().any(|&m| m != 2));
        assert_eq!(pick_with_noise::<u8>(&[], 1.0, &mut rng), None);
    }
}
