//! The last empties, where most nodes are: 5–7 empties in parity order
//! without move lists or table, 2–4 with the squares in a fixed array (one
//! function per count), and the last square's flips counted directly.

use super::super::bitboard::flips;
use super::super::last_flip::count_last_flips;
use super::{EndgameSolver, MAX_SCORE};

/// At most this many empties: the parity-ordered search without move lists
/// or table.
pub(super) const SHALLOW_EMPTIES: u32 = 7;
/// At most this many empties: the tail, with the squares in a fixed array.
pub(super) const TAIL_EMPTIES: usize = 4;

/// The 8 neighbours of each square: a move needs an opponent disc among them.
static NEIGHBOURHOOD: [u64; 64] = {
    let mut table = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (column, row) = ((square % 8) as i32, (square / 8) as i32);
        let mut dy = -1;
        while dy <= 1 {
            let mut dx = -1;
            while dx <= 1 {
                let (c, r) = (column + dx, row + dy);
                if (dx != 0 || dy != 0) && c >= 0 && c < 8 && r >= 0 && r < 8 {
                    table[square] |= 1u64 << (r * 8 + c);
                }
                dx += 1;
            }
            dy += 1;
        }
        square += 1;
    }
    table
};

impl EndgameSolver {
    /// The parity bits (one per quadrant with an odd number of empties).
    pub(super) fn parity_of(&self, empty: u64) -> u8 {
        let mut parity = 0;
        for (q, quadrant) in self.quadrants.iter().enumerate() {
            parity |= (((empty & quadrant).count_ones() & 1) as u8) << q;
        }
        parity
    }

    /// The empties of the quadrants whose parity bit is set.
    #[inline]
    pub(super) fn odd_squares(&self, empty: u64, parity: u8) -> u64 {
        empty & self.parity_squares[usize::from(parity)]
    }

    /// The last few empties (more than [`TAIL_EMPTIES`]): no move list, no
    /// table; squares in quadrants with an odd number of empties first
    /// (parity), then the rest.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn shallow(
        &mut self,
        p: u64,
        o: u64,
        mut alpha: i32,
        beta: i32,
        empty: u64,
        parity: u8,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let child_empties = empty.count_ones() - 1;
        if let Some(cap) = self.stability_cut(p, o, alpha, child_empties as i32 + 1) {
            return cap;
        }
        let mut best = -MAX_SCORE - 1;
        for square in self.parity_order(empty, parity) {
            if o & NEIGHBOURHOOD[square] == 0 {
                continue;
            }
            let f = flips(p, o, square);
            if f == 0 {
                continue;
            }
            let bit = 1u64 << square;
            let (np, no) = (o ^ f, p | f | bit);
            let child_parity = parity ^ self.quadrant_bit[square];
            let score = if child_empties as usize <= TAIL_EMPTIES {
                let squares = self.tail_order(empty ^ bit, child_parity);
                -self.tail(np, no, -beta, -alpha, squares)
            } else {
                -self.shallow(np, no, -beta, -alpha, empty ^ bit, child_parity, false)
            };
            if raise(&mut best, &mut alpha, score, beta) {
                return best;
            }
        }
        if best == -MAX_SCORE - 1 {
            return if passed {
                self.final_score(p, o)
            } else {
                -self.shallow(o, p, -beta, -alpha, empty, parity, true)
            };
        }
        best
    }

    /// The empty squares in the order the shallow searches try them: those
    /// of quadrants with an odd number of empties first (parity), then the
    /// rest, each group from the lowest square up.
    #[inline(always)]
    fn parity_order(&self, empty: u64, parity: u8) -> ParityOrder {
        let odd = self.odd_squares(empty, parity);
        ParityOrder {
            group: odd,
            then: empty & !odd,
        }
    }

    /// The empty squares in the order the tail tries them: odd quadrants
    /// first (at most [`TAIL_EMPTIES`]).
    #[inline]
    pub(super) fn tail_order(&self, empty: u64, parity: u8) -> TailSquares {
        let mut squares = TailSquares::default();
        for square in self.parity_order(empty, parity).take(TAIL_EMPTIES) {
            squares.packed |= (square as u32) << (8 * squares.count);
            squares.count += 1;
        }
        squares
    }

    /// At most [`TAIL_EMPTIES`] empties, given in the order to try them: the
    /// tightest loops of the solver, one function per number of empties so
    /// that the squares stay in registers.
    pub(super) fn tail(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        squares: TailSquares,
    ) -> i32 {
        let packed = squares.packed;
        match squares.count {
            0 => self.final_score(p, o),
            1 => self.last_square(p, o, nth_square(packed, 0)),
            2 => self.solve2(p, o, alpha, beta, packed, false),
            3 => self.solve3(p, o, alpha, beta, packed, false),
            4 => self.solve4(p, o, alpha, beta, packed, false),
            _ => unreachable!("at most {TAIL_EMPTIES} empties in the tail"),
        }
    }

    /// The score when only `square` is empty: whoever can play there does.
    #[inline]
    pub(super) fn last_square(&mut self, p: u64, o: u64, square: usize) -> i32 {
        self.nodes += 1;
        if self.full_board {
            // Every other square is taken: count flips instead of making
            // the move.
            let sign = if self.anti { -1 } else { 1 };
            let n = count_last_flips(p, square);
            if n != 0 {
                return sign * (2 * (p.count_ones() + n) as i32 + 2 - 64);
            }
            let n = count_last_flips(o, square);
            if n != 0 {
                return sign * (64 - 2 - 2 * (o.count_ones() + n) as i32);
            }
            return self.final_score(p, o);
        }
        let bit = 1u64 << square;
        let f = flips(p, o, square);
        if f != 0 {
            return self.final_score(p | f | bit, o ^ f);
        }
        let f = flips(o, p, square);
        if f != 0 {
            return self.final_score(p ^ f, o | f | bit);
        }
        self.final_score(p, o)
    }
}

/// Squares in parity order ([`EndgameSolver::parity_order`]): two
/// bitboards walked one after the other. (An array of the two, looped
/// over, lived in memory in the wasm build, on its shadow stack.)
struct ParityOrder {
    group: u64,
    then: u64,
}

impl Iterator for ParityOrder {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.group == 0 {
            if self.then == 0 {
                return None;
            }
            self.group = std::mem::take(&mut self.then);
        }
        let square = self.group.trailing_zeros() as usize;
        self.group &= self.group - 1;
        Some(square)
    }
}

/// The tail's squares in the order to try them, one a byte, the first in
/// the lowest byte: the tail solvers pick and drop squares with shifts, so
/// the squares stay in registers. (As an array indexed by the move loop
/// they lived in memory in the wasm build, on its shadow stack.)
#[derive(Clone, Copy, Default)]
pub(super) struct TailSquares {
    packed: u32,
    count: usize,
}

/// Square `i` of packed tail squares.
#[inline(always)]
fn nth_square(packed: u32, i: usize) -> usize {
    (packed >> (8 * i) & 0xFF) as usize
}

/// Packed tail squares without square `i`, the others in the same order.
#[inline(always)]
fn without_nth(packed: u32, i: usize) -> u32 {
    let below = (1u32 << (8 * i)) - 1;
    packed & below | (packed >> 8) & !below
}

/// Takes a move's `score` into the node's `best` score and `alpha`; true
/// when it reaches `beta` (a cut-off). The no-table searches' step.
#[inline(always)]
fn raise(best: &mut i32, alpha: &mut i32, score: i32, beta: i32) -> bool {
    if score > *best {
        *best = score;
        if score > *alpha {
            *alpha = score;
            return score >= beta;
        }
    }
    false
}

/// One tail search over exactly `$n` empties (packed as [`TailSquares`]
/// packs them): each legal square in the
/// given order, the rest passed on in the same order to `$child`; a pass
/// when none is legal, the final score when neither side can move.
macro_rules! tail_solver {
    ($name:ident, $n:literal, [$($i:literal),+], $child:ident) => {
        impl EndgameSolver {
            #[allow(clippy::too_many_arguments)]
            fn $name(
                &mut self,
                p: u64,
                o: u64,
                mut alpha: i32,
                beta: i32,
                squares: u32,
                passed: bool,
            ) -> i32 {
                self.nodes += 1;
                if $n >= 3 {
                    if let Some(cap) = self.stability_cut(p, o, alpha, $n) {
                        return cap;
                    }
                }
                let mut best = -MAX_SCORE - 1;
                $('next_square: {
                    let square = nth_square(squares, $i);
                    if o & NEIGHBOURHOOD[square] == 0 {
                        break 'next_square;
                    }
                    let f = flips(p, o, square);
                    if f == 0 {
                        break 'next_square;
                    }
                    let rest = without_nth(squares, $i);
                    let score = -tail_solver!(@child $child, self, o ^ f, p | f | 1 << square, -beta, -alpha, rest);
                    if raise(&mut best, &mut alpha, score, beta) {
                        return best;
                    }
                })+
                if best == -MAX_SCORE - 1 {
                    return if passed {
                        self.final_score(p, o)
                    } else {
                        -self.$name(o, p, -beta, -alpha, squares, true)
                    };
                }
                best
            }
        }
    };
    (@child last_square, $solver:ident, $p:expr, $o:expr, $alpha:expr, $beta:expr, $rest:ident) => {
        $solver.last_square($p, $o, nth_square($rest, 0))
    };
    (@child $child:ident, $solver:ident, $p:expr, $o:expr, $alpha:expr, $beta:expr, $rest:ident) => {
        $solver.$child($p, $o, $alpha, $beta, $rest, false)
    };
}

tail_solver!(solve2, 2, [0, 1], last_square);
tail_solver!(solve3, 3, [0, 1, 2], solve2);
tail_solver!(solve4, 4, [0, 1, 2, 3], solve3);

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn packed_tail_squares_drop_one_and_keep_the_order() {
        let squares = [63u8, 0, 27, 9];
        let packed = u32::from_le_bytes(squares);
        for i in 0..4 {
            assert_eq!(nth_square(packed, i), usize::from(squares[i]));
            let mut rest: Vec<u8> = squares.to_vec();
            rest.remove(i);
            let rest_packed = without_nth(packed, i);
            let unpacked: Vec<u8> = (0..3).map(|j| nth_square(rest_packed, j) as u8).collect();
            assert_eq!(unpacked, rest, "without square {i}");
        }
    }
}
