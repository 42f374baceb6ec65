//! The evaluation of unfinished positions, in hundredths of a disc for the
//! side to move: trained patterns on the standard board
//! ([`crate::othello::pattern`]), the hand-made evaluation
//! ([`hand_made`]) where there are no trained weights.

pub mod hand_made;

use super::pattern::{self, Weights};
use super::position::Position;
use super::rules::{BoardSize, Variant};

/// One disc, in evaluation units.
pub const DISC: i32 = 100;

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, Default)]
pub enum Evaluator {
    /// The engine's own choice: the shipped pattern weights where they
    /// apply ([`Evaluator::uses_patterns`]), the hand-made evaluation
    /// elsewhere.
    #[default]
    Standard,
    /// The hand-made evaluation everywhere (for comparisons).
    HandMade,
    /// These pattern weights where patterns apply, the hand-made
    /// evaluation elsewhere (for comparing trained versions).
    Pattern(&'static Weights),
}

impl Evaluator {
    /// Whether pattern weights apply to `position`: 8×8 boards of standard
    /// Othello and of historical Reversi (which is standard Othello after
    /// its first four moves). Anti-Othello and the small boards have none.
    pub fn uses_patterns(position: &Position) -> bool {
        let rules = position.rules();
        rules.size == BoardSize::Eight && rules.variant != Variant::Anti
    }

    /// The value of the unfinished `position` for the side to move.
    #[inline]
    pub fn evaluate(self, position: &Position) -> i32 {
        match self {
            Evaluator::HandMade => hand_made::evaluate(position),
            _ if !Evaluator::uses_patterns(position) => hand_made::evaluate(position),
            Evaluator::Standard => pattern::evaluate(position, pattern::weights::shipped()),
            Evaluator::Pattern(weights) => pattern::evaluate(position, weights),
        }
    }
}

/// The value of the unfinished `position` for the side to move, with the
/// engine's standard evaluation.
#[inline]
pub fn evaluate(position: &Position) -> i32 {
    Evaluator::Standard.evaluate(position)
}
