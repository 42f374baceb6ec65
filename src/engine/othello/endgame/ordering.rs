//! Move ordering and score estimates: fastest first (fewest and poorest
//! replies), from 16 empties with a shallow search's evaluation added, and
//! the small midgame search behind both.

use crate::search::limits::Budget;

use super::super::bitboard::{flips, legal_moves, neighbours};
use super::super::eval;
use super::super::game::board_hash;
use super::super::position::Position;
use super::super::square::Color;
use super::kernels::SHALLOW_EMPTIES;
use super::{EndgameSolver, CHECK_INTERVAL, MAX_MOVES, MAX_SCORE};

/// From this many empties on, the evaluation after a shallow search joins
/// the fastest-first key: a search `(empties − 15) / 3` plies deep (0 at
/// 16–17 empties, 1 at 18–20, …), worth `EVAL_ORDER_WEIGHT` key units per
/// disc (a reply less for the opponent is worth 16). Tuned with the
/// trained evaluation on FFO #44–#48 (weights 1 to 16 tried).
const EVAL_ORDER_EMPTIES: u32 = 16;
const EVAL_ORDER_WEIGHT: i32 = 8;
/// Fastest-first weights: the opponent's replies (corners count double),
/// the opponent's potential mobility, the mover's stable corner discs, and
/// a corner move itself.
const WEIGHT_MOBILITY: i32 = 16;
const WEIGHT_POTENTIAL: i32 = 4;
const WEIGHT_CORNER_DISCS: i32 = 8;
const WEIGHT_CORNER_MOVE: i32 = 8;

/// A move in the order the search tries it, with the discs it flips.
#[derive(Clone, Copy, Default)]
pub(super) struct OrderedMove {
    pub(super) key: i32,
    pub(super) square: u8,
    pub(super) flips: u64,
}

/// The four corners of the 8×8 board.
const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Edge squares next to a corner the owner of `discs` holds (they are stable
/// too when the owner's disc is on them).
#[inline]
fn corner_neighbours(discs: u64) -> u64 {
    let mut near = 0;
    if discs & 1 != 0 {
        near |= 0x0000_0000_0000_0102;
    }
    if discs & 0x80 != 0 {
        near |= 0x0000_0000_0000_8040;
    }
    if discs & 0x0100_0000_0000_0000 != 0 {
        near |= 0x0201_0000_0000_0000;
    }
    if discs & 0x8000_0000_0000_0000 != 0 {
        near |= 0x4080_0000_0000_0000;
    }
    near
}

/// The deepest ordering search (a deeper one costs more than it saves, and
/// far from the end it would dominate the solve).
const MAX_ORDER_DEPTH: u32 = 4;

impl EndgameSolver {
    /// A quick estimate of the final score: a shallow midgame search with
    /// the evaluation, in discs.
    pub(super) fn estimate(&mut self, p: u64, o: u64, empties: u32, budget: &Budget) -> i32 {
        let depth = if empties > 16 { 4 } else { 2 };
        let value = self.midgame(p, o, depth, -eval::DISC * 200, eval::DISC * 200, budget);
        ((value / eval::DISC) & !1).clamp(-MAX_SCORE, MAX_SCORE)
    }

    /// A small negamax on the heuristic evaluation (hundredths of a disc),
    /// used to order moves near the root and to estimate the score. It
    /// checks the budget too (its nodes are counted apart), returning 0 at
    /// once when it runs out.
    pub(super) fn midgame(
        &mut self,
        p: u64,
        o: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        budget: &Budget,
    ) -> i32 {
        self.midgame_nodes += 1;
        if self.midgame_nodes & CHECK_INTERVAL == 0 && budget.exhausted(self.nodes) {
            self.abort();
        }
        if self.aborted {
            return 0;
        }
        let moves = legal_moves(p, o, self.board);
        if depth == 0 || moves == 0 {
            if moves == 0 && legal_moves(o, p, self.board) == 0 {
                return self.final_score(p, o) * eval::DISC;
            }
            if moves == 0 {
                return -self.midgame(o, p, depth, -beta, -alpha, budget);
            }
            let position = Position::from_bitboards(p, o, Color::Black, self.rules);
            return self.evaluator.evaluate(&position);
        }
        let mut best = i32::MIN + 1;
        let mut rest = moves;
        while rest != 0 {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, square);
            let score = -self.midgame(o ^ f, p | f | 1 << square, depth - 1, -beta, -alpha, budget);
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// Sorts the moves best-first into `out`: the table's
    /// move first, then fastest-first (fewest and poorest replies), from
    /// `EVAL_ORDER_EMPTIES` on with a shallow search's evaluation added.
    /// Returns how many.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn order(
        &mut self,
        p: u64,
        o: u64,
        moves: u64,
        empties: u32,
        table_move: Option<usize>,
        out: &mut [OrderedMove; MAX_MOVES],
        budget: &Budget,
    ) -> usize {
        let mut count = 0;
        let mut rest = moves;
        while rest != 0 && count < out.len() {
            let square = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, square);
            let (np, no) = (o ^ f, p | f | 1 << square);
            if empties > SHALLOW_EMPTIES + 1 {
                // The child will probe the table: start loading its slot
                // now, while the other moves are ordered.
                self.prefetch(board_hash(np, no));
            }
            let key = if Some(square) == table_move {
                i32::MAX
            } else if empties >= EVAL_ORDER_EMPTIES {
                let depth = ((empties - 15) / 3).min(MAX_ORDER_DEPTH);
                let value =
                    -self.midgame(np, no, depth, -eval::DISC * 200, eval::DISC * 200, budget);
                self.fastest_first_key(np, no, square) + value * EVAL_ORDER_WEIGHT / eval::DISC
            } else {
                self.fastest_first_key(np, no, square)
            };
            out[count] = OrderedMove {
                key,
                square: square as u8,
                flips: f,
            };
            count += 1;
        }
        out[..count].sort_unstable_by_key(|m| std::cmp::Reverse(m.key));
        count
    }

    /// How promising a move is for the mover, from the position after it
    /// (`np` the opponent to move, `no` the mover): few and poor replies
    /// (weighted mobility, corners counted twice), few squares next to the
    /// mover's discs (the opponent's potential mobility), and stable corners.
    #[inline]
    pub(super) fn fastest_first_key(&self, np: u64, no: u64, square: usize) -> i32 {
        let empty = self.board & !(np | no);
        let replies = legal_moves(np, no, self.board);
        let weighted = replies.count_ones() as i32 + (replies & CORNERS).count_ones() as i32;
        let potential = (neighbours(no) & empty).count_ones() as i32;
        let corners =
            (no & CORNERS).count_ones() as i32 + (no & corner_neighbours(no)).count_ones() as i32;
        let mut key = (36 - weighted) * WEIGHT_MOBILITY
            + (36 - potential) * WEIGHT_POTENTIAL
            + corners * WEIGHT_CORNER_DISCS;
        if CORNERS & 1 << square != 0 {
            key += WEIGHT_CORNER_MOVE;
        }
        key
    }
}
