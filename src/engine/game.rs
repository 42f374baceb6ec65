//! The contract between a game's rules and the shared search.
//!
//! The search knows a game only through [`Game`]: it asks for the legal moves,
//! plays them, scores finished games exactly and unfinished ones heuristically.
//! Everything is seen from the side to move (negamax), so no code in the search
//! branches on colour.

use std::fmt::Debug;

/// A score from the point of view of the side to move; higher is better.
///
/// Each game chooses its unit (Othello: hundredths of a disc) but every score
/// must lie strictly inside `-SCORE_INFINITY..SCORE_INFINITY`.
pub type Score = i32;

/// A bound no real score reaches; used as the initial alpha-beta window.
pub const SCORE_INFINITY: Score = 1_000_000;

/// A position of a two-player, zero-sum, perfect-information game.
///
/// Implementations must be cheap to clone: the search copies positions
/// instead of undoing moves.
pub trait Game: Clone + Debug {
    /// A move; a forced pass is a move too, so that a position has no legal
    /// moves exactly when the game is over.
    type Move: Copy + Eq + Debug;

    /// Size of the table indexed by [`Game::move_key`] (history heuristic).
    const MOVE_KEYS: usize;

    /// Appends every legal move to `moves` (which the caller has cleared).
    /// Appends nothing exactly when the game is over.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The position after `mv`, which must be one of [`Game::legal_moves`];
    /// an illegal move gives an unspecified (but memory-safe) position.
    fn play(&self, mv: Self::Move) -> Self;

    /// True when nobody can move any more.
    fn is_over(&self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.is_empty()
    }

    /// True for a pass: the search does not count it against the depth, so a
    /// depth that covers every remaining move also covers the passes.
    fn is_pass(&self, _mv: Self::Move) -> bool {
        false
    }

    /// The exact result of a finished game, for the side to move.
    fn final_score(&self) -> Score;

    /// A heuristic score of an unfinished position, for the side to move.
    fn evaluate(&self) -> Score;

    /// A hash of everything that decides the game's future (board and side to
    /// move). Positions with the same hash are treated as the same.
    fn hash(&self) -> u64;

    /// A cheap guess of how good `mv` is, used to order moves; higher first.
    fn move_order_hint(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// An index below [`Game::MOVE_KEYS`] identifying `mv` for the history
    /// heuristic; different moves may share a key.
    fn move_key(&self, mv: Self::Move) -> usize;

    /// An upper bound on the moves (not counting passes) left in the game,
    /// when one is known: a search at least this deep is exact.
    fn moves_left_bound(&self) -> Option<u32> {
        None
    }

    /// Selective search (ProbCut) for a null-window search `depth` deep:
    /// a shallower search whose result predicts the deep one within
    /// `margin` most of the time (the game measures its own error). `None`
    /// (the default) searches everything; a game must return `None` when
    /// `depth` reaches the end of the game, so exact searches stay exact.
    fn probcut(&self, _depth: i32) -> Option<ProbCut> {
        None
    }

    /// Half the width of the first window tried around the last score of
    /// the same depth parity (aspiration); `None` searches with a full
    /// window.
    fn aspiration_window(&self) -> Option<Score> {
        None
    }
}

/// A ProbCut test: search `depth` plies and trust the result when it lies
/// beyond the window by more than `margin`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ProbCut {
    /// The depth of the predicting search.
    pub depth: i32,
    /// How far outside the window the prediction must fall.
    pub margin: Score,
}
