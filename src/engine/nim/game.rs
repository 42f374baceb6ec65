//! A take-away sum as a [`Game`] for the shared search: exact win or loss,
//! with the Sprague–Grundy theory as the evaluation under normal play (the
//! search then plays perfectly at any depth).

use crate::engine::game::{Game, Score};

use super::grundy::grundy;
use super::position::{Move, Position};

/// A win, in score units.
pub const WIN: Score = 1000;

/// A position with its play convention.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct NimGame {
    /// The heaps.
    pub position: Position,
    /// Misère play: whoever makes the last move loses.
    pub misere: bool,
}

impl Game for NimGame {
    type Move = Move;
    const MOVE_KEYS: usize = 64;

    /// Every move: for the shared search on small sums (the theory, not
    /// the search, answers huge heaps).
    fn legal_moves(&self, moves: &mut Vec<Move>) {
        moves.extend(self.position.moves());
    }

    fn play(&self, mv: Move) -> NimGame {
        NimGame {
            position: self.position.play_unchecked(mv),
            misere: self.misere,
        }
    }

    fn is_over(&self) -> bool {
        self.position.is_over()
    }

    fn final_score(&self) -> Score {
        // No move left: under normal play the player to move has lost.
        if self.misere {
            WIN
        } else {
            -WIN
        }
    }

    fn evaluate(&self) -> Score {
        if self.misere {
            return 0;
        }
        let nimsum = self
            .position
            .heaps()
            .iter()
            .fold(0, |x, h| x ^ grundy(&h.rule, h.size));
        if nimsum == 0 {
            -WIN / 2
        } else {
            WIN / 2
        }
    }

    fn hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        Hash::hash(self, &mut hasher);
        hasher.finish()
    }

    fn move_key(&self, mv: Move) -> usize {
        mv.heap % Self::MOVE_KEYS
    }

    fn moves_left_bound(&self) -> Option<u32> {
        let total = self
            .position
            .heaps()
            .iter()
            .try_fold(0u64, |sum, h| sum.checked_add(h.size))?;
        u32::try_from(total).ok()
    }
}
