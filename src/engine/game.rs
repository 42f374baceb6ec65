//! The contract between a game and the shared search, in two parts: the
//! rules ([`Game`]: legal moves, playing them, the exact score of a finished
//! game) and the judgement ([`Evaluator`]: the heuristic score of an
//! unfinished position, and the search heuristics tuned to it). One game can
//! be searched with several evaluators (the trained and the hand-made
//! Othello evaluations play each other in one process).
//!
//! Everything is seen from the side to move (negamax), so no code in the
//! search branches on colour.

use std::fmt::Debug;

/// A score from the point of view of the side to move; higher is better.
///
/// Each game chooses its unit (Othello: hundredths of a disc) but every score
/// must lie strictly inside `-SCORE_INFINITY..SCORE_INFINITY`.
pub type Score = i32;

/// A bound no real score reaches; used as the initial alpha-beta window.
pub const SCORE_INFINITY: Score = 1_000_000;

/// A position of a two-player, zero-sum, perfect-information game: its
/// rules, as the search needs them.
///
/// Implementations must be cheap to clone: the search copies positions
/// instead of undoing moves.
pub trait Game: Clone + Debug {
    /// A move; a forced pass is a move too, so that a position has no legal
    /// moves exactly when the game is over.
    type Move: Copy + Eq + Debug + TableMove;

    /// Size of the table indexed by [`Game::move_key`] (history heuristic).
    const MOVE_KEYS: usize;

    /// The pass, in games where a side with no move passes.
    const PASS: Option<Self::Move> = None;

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
    fn is_pass(&self, mv: Self::Move) -> bool {
        Self::PASS == Some(mv)
    }

    /// The exact result of a finished game, for the side to move.
    fn final_score(&self) -> Score;

    /// A hash of everything that decides the game's future (board and side to
    /// move). Positions with the same hash are treated as the same.
    fn hash(&self) -> u64;

    /// An index below [`Game::MOVE_KEYS`] identifying `mv` for the history
    /// heuristic; different moves may share a key.
    fn move_key(&self, mv: Self::Move) -> usize;

    /// An upper bound on the moves (not counting passes) left in the game,
    /// when one is known: a search at least this deep is exact.
    fn moves_left_bound(&self) -> Option<u32> {
        None
    }
}

/// A move as a transposition table keeps it: a number below
/// [`TableMove::CODES`], so that a table entry fits in one word and many
/// threads can share the table without locks.
pub trait TableMove: Sized {
    /// How many codes there are at most (2^24 − 1).
    const CODES: u32 = (1 << 24) - 1;

    /// The move's code, or `None` for a move too large to have one (the
    /// table then keeps no move for the position: only the move ordering
    /// loses).
    fn code(self) -> Option<u32>;

    /// The move whose code is `code` (any move for a code no move has: a
    /// table move is only tried when it is legal).
    fn from_code(code: u32) -> Self;
}

/// How unfinished positions of `G` are judged, and the search heuristics
/// that go with that judgement.
pub trait Evaluator<G: Game> {
    /// A heuristic score of the unfinished `position`, for the side to move.
    fn evaluate(&self, position: &G) -> Score;

    /// A cheap guess of how good `mv` is in `position`, used to order moves;
    /// higher first. `depth` is what remains to be searched below
    /// `position`: a guess that costs about as much as the subtree it could
    /// save is better skipped there.
    fn move_order_hint(&self, _position: &G, _mv: G::Move, _depth: i32) -> i32 {
        0
    }

    /// Whether moves that caused cut-offs elsewhere in the tree (the
    /// history table) are tried earlier.
    fn uses_history(&self) -> bool {
        true
    }

    /// Selective search (ProbCut) for a null-window search `depth` deep:
    /// a shallower search whose result predicts the deep one within
    /// `margin` most of the time (measured with this evaluation). `None`
    /// (the default) searches everything; it must be `None` when `depth`
    /// reaches the end of the game, so exact searches stay exact.
    fn probcut(&self, _position: &G, _depth: i32) -> Option<ProbCut> {
        None
    }

    /// Half the width of the first window tried around the last score of
    /// the same depth parity (aspiration); `None` searches with a full
    /// window.
    fn aspiration_window(&self, _position: &G) -> Option<Score> {
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
