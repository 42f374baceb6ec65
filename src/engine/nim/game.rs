//! A take-away sum as a [`Game`] for the shared search: exact win or loss,
//! with the Sprague–Grundy theory as the evaluation ([`Theory`]) under
//! normal play (the search then plays perfectly at any depth).

use crate::game::{Evaluator, Game, Score, TableMove};

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

/// Table codes: the heap's index in 6 bits (a sum has at most 64 heaps),
/// the tokens taken above it; a move taking 2^17 tokens or more has none.
impl TableMove for Move {
    fn code(self) -> Option<u32> {
        let take = u32::try_from(self.take).ok().filter(|&t| t < 1 << 17)?;
        let heap = u32::try_from(self.heap).ok().filter(|&h| h < 64)?;
        Some(take << 6 | heap)
    }

    fn from_code(code: u32) -> Move {
        Move {
            heap: (code & 63) as usize,
            take: u64::from(code >> 6),
        }
    }
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

/// The Sprague–Grundy theory as an evaluation: under normal play a
/// non-zero nim-sum is a win (so the search plays perfectly at any depth);
/// misère sums are not judged (0).
#[derive(Clone, Copy, Debug, Default)]
pub struct Theory;

impl Evaluator<NimGame> for Theory {
    fn evaluate(&self, game: &NimGame) -> Score {
        if game.misere {
            return 0;
        }
        let nimsum = game
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
}
