//! The search from 8 empties up: move lists, the transposition table,
//! enhanced transposition cut-offs and stability cut-offs.

use crate::search::limits::Budget;

use super::super::bitboard::legal_moves;
use super::super::game::board_hash;
use super::super::stability::stable_discs;
use super::kernels::{SHALLOW_EMPTIES, TAIL_EMPTIES};
use super::ordering::OrderedMove;
use super::{EndgameSolver, MAX_MOVES, MAX_SCORE};

/// From this many empties on: enhanced transposition cut-offs.
const ETC_EMPTIES: u32 = 11;

impl EndgameSolver {
    /// The score of a move, from the mover's side, given the position
    /// after it (`p` the opponent to move, `o` the mover): the first move
    /// with the full window, the others first with a null window around
    /// `alpha` and again in full only when they beat it (principal
    /// variation search).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child_score(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
        first: bool,
        budget: &Budget,
    ) -> i32 {
        if first {
            return -self.search(p, o, -beta, -alpha, empties, budget);
        }
        let probe = -self.search(p, o, -alpha - 1, -alpha, empties, budget);
        if probe > alpha && probe < beta {
            -self.search(p, o, -beta, -alpha, empties, budget)
        } else {
            probe
        }
    }

    /// The exact score of `p` to move against `o` with `empties` empty
    /// squares, within `alpha..beta` (fail-soft): 0 once the budget has run
    /// out (the caller then discards the result).
    pub(super) fn search(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
        budget: &Budget,
    ) -> i32 {
        if empties <= SHALLOW_EMPTIES {
            let empty = self.board & !(p | o);
            let parity = self.parity_of(empty);
            if empties as usize <= TAIL_EMPTIES {
                let squares = self.tail_order(empty, parity);
                return self.tail(p, o, alpha, beta, squares);
            }
            return self.shallow(p, o, alpha, beta, empty, parity, false);
        }
        let key = board_hash(p, o);
        self.prefetch(key);
        self.tick(budget);
        #[cfg(not(target_arch = "wasm32"))]
        if self.split_cut() {
            // A move beside this one's ancestor cut off: this is wasted.
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let moves = legal_moves(p, o, self.board);
        if moves == 0 {
            if legal_moves(o, p, self.board) == 0 {
                return self.final_score(p, o);
            }
            return -self.search(o, p, -beta, -alpha, empties, budget);
        }

        if let Some(cap) = self.stability_cap(p, o, alpha, 2 * empties as i32 - 2) {
            if cap <= alpha {
                return cap;
            }
            beta = beta.min(cap);
        }

        let mut table_move = None;
        if let Some(entry) = self.probe(key) {
            table_move = Some(usize::from(entry.best)).filter(|&s| s < 64);
            if let Some((lower, upper)) = entry.bounds_for(self.selectivity) {
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
                if alpha >= beta {
                    return alpha;
                }
            }
        }

        if beta == alpha + 1 {
            if let Some(bound) = self.selective_cut(p, o, alpha, empties, budget) {
                return bound;
            }
        }

        let mut ordered = [OrderedMove::default(); MAX_MOVES];
        let count = self.order(p, o, moves, empties, table_move, &mut ordered, budget);

        // Enhanced transposition cut-off: a child already known to be bad
        // enough for the opponent refutes this node without searching.
        if empties >= ETC_EMPTIES {
            for m in &ordered[..count] {
                let f = m.flips;
                let child = self.probe(board_hash(o ^ f, p | f | 1 << m.square));
                if let Some((_, upper)) = child.and_then(|c| c.bounds_for(self.selectivity)) {
                    if -upper >= beta {
                        return -upper;
                    }
                }
            }
        }

        let (best_score, best_square) =
            self.search_moves(p, o, alpha, beta, empties, &ordered[..count], budget);
        if self.aborted {
            return 0;
        }
        self.store(p, o, empties, alpha, best_score, beta, best_square);
        best_score
    }

    /// The best score and square among `moves` of the node `p`, `o` (the
    /// first with the full window, the others by principal variation
    /// search), shared with idle threads in a parallel solve once the
    /// first has not cut off. Garbage when the search was aborted.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_moves(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        moves: &[OrderedMove],
        budget: &Budget,
    ) -> (i32, usize) {
        let mut best_score = -MAX_SCORE - 1;
        let mut best_square = usize::from(moves[0].square);
        for (i, m) in moves.iter().enumerate() {
            #[cfg(not(target_arch = "wasm32"))]
            if i > 0 && self.may_split(empties) {
                return self.split(
                    p,
                    o,
                    alpha,
                    beta,
                    empties,
                    &moves[i..],
                    best_score,
                    best_square,
                    budget,
                );
            }
            let (square, f) = (usize::from(m.square), m.flips);
            let (np, no) = (o ^ f, p | f | 1 << square);
            let score = self.child_score(np, no, alpha, beta, empties - 1, i == 0, budget);
            if self.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
                best_square = square;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        (best_score, best_square)
    }

    /// The cap on the score from the opponent's stable discs (never ours),
    /// computed only when alpha reaches `threshold`: below, the cap seldom
    /// cuts and costs more than it saves.
    #[inline(always)]
    pub(super) fn stability_cap(&self, p: u64, o: u64, alpha: i32, threshold: i32) -> Option<i32> {
        (self.use_stability && alpha >= threshold)
            .then(|| 64 - 2 * stable_discs(o, p).count_ones() as i32)
    }

    /// A stability cut-off in the 3–7-empty searches: the cap when it is at
    /// most `alpha`. Tried from alpha `2·empties − 6` (FFO #45, #46, #48:
    /// 10%, 22%, 22% fewer nodes than from `2·empties − 2`, the threshold
    /// of the deeper search, and none at 3 empties; trying still more
    /// eagerly costs more than it saves, e.g. 7% more instructions on #44).
    #[inline(always)]
    pub(super) fn stability_cut(&self, p: u64, o: u64, alpha: i32, empties: i32) -> Option<i32> {
        self.stability_cap(p, o, alpha, 2 * empties - 6)
            .filter(|&cap| cap <= alpha)
    }
}
