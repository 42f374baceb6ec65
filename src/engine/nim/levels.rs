//! The computer in take-away games: the perfect level always takes a
//! winning move when there is one; lower levels sometimes play a random
//! legal move instead, more often the lower the level.

use crate::rng::Rng;
use crate::strength::Level;

use super::position::{Move, Position};
use super::theory::{analyse, BudgetExhausted, DEFAULT_BUDGET};

/// The chance, by level, of playing a random move instead of the best.
const MISTAKE_RATE: [f64; 7] = [0.8, 0.6, 0.45, 0.3, 0.15, 0.05, 0.0];

/// A random legal move: a heap that can move, chosen uniformly, then one of
/// its amounts, chosen uniformly by index (no list of a huge heap's moves).
pub fn random_move(position: &Position, rng: &mut Rng) -> Option<Move> {
    let live: Vec<usize> = (0..position.heaps().len())
        .filter(|&i| {
            let h = &position.heaps()[i];
            h.rule.can_move(h.size)
        })
        .collect();
    let &heap = rng.choose(&live)?;
    let h = &position.heaps()[heap];
    let count = h.rule.take_count(h.size);
    let take = h.rule.nth_take(h.size, rng.below(count))?;
    Some(Move { heap, take })
}

/// What the computer plays, and whether it could see the outcome.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NimChoice {
    /// The move (`None` only when the game is over).
    pub best: Option<Move>,
    /// False when a misère sum was too large to decide exactly: the move
    /// then follows normal play.
    pub exact: bool,
}

/// Chooses a move at `level`: a winning move if there is one (and no
/// mistake is made), otherwise a random legal move.
pub fn choose_move(position: &Position, misere: bool, level: Level, rng: &mut Rng) -> NimChoice {
    if position.is_over() {
        return NimChoice {
            best: None,
            exact: true,
        };
    }
    let mistake = rng.unit() < MISTAKE_RATE[level.index()];
    let (analysis, exact) = match analyse(position, misere, DEFAULT_BUDGET) {
        Ok(a) => (a, true),
        Err(BudgetExhausted { .. }) => (
            analyse(position, false, 0).expect("normal play needs no budget"),
            false,
        ),
    };
    let best = match analysis.winning_moves.first() {
        Some(&winning) if !mistake => Some(winning),
        _ => random_move(position, rng),
    };
    NimChoice { best, exact }
}
