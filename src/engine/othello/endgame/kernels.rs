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
        let odd = self.odd_squares(empty, parity);
        let mut best = -MAX_SCORE - 1;
        for group in [odd, empty & !odd] {
            let mut rest = group;
            while rest != 0 {
                let square = rest.trailing_zeros() as usize;
                rest &= rest - 1;
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
                    let mut squares = [0u8; TAIL_EMPTIES];
                    let count = self.tail_order(empty ^ bit, child_parity, &mut squares);
                    -self.tail(np, no, -beta, -alpha, &squares[..count])
                } else {
                    -self.shallow(np, no, -beta, -alpha, empty ^ bit, child_parity, false)
                };
                if raise(&mut best, &mut alpha, score, beta) {
                    return best;
                }
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

    /// The empty squares in the order the tail tries them: odd quadrants
    /// first. Returns how many.
    #[inline]
    pub(super) fn tail_order(&self, empty: u64, parity: u8, out: &mut [u8; TAIL_EMPTIES]) -> usize {
        let odd = self.odd_squares(empty, parity);
        let mut count = 0;
        for group in [odd, empty & !odd] {
            let mut rest = group;
            while rest != 0 && count < TAIL_EMPTIES {
                out[count] = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                count += 1;
            }
        }
        count
    }

    /// At most [`TAIL_EMPTIES`] empties, given in the order to try them: the
    /// tightest loops of the solver, one function per number of empties so
    /// that the squares stay in registers.
    pub(super) fn tail(&mut self, p: u64, o: u64, alpha: i32, beta: i32, squares: &[u8]) -> i32 {
        match *squares {
            [] => self.final_score(p, o),
            [a] => self.last_square(p, o, usize::from(a)),
            [a, b] => self.solve2(p, o, alpha, beta, [a, b], false),
            [a, b, c] => self.solve3(p, o, alpha, beta, [a, b, c], false),
            [a, b, c, d] => self.solve4(p, o, alpha, beta, [a, b, c, d], false),
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

/// One tail search over exactly `$n` empties: each legal square in the
/// given order, the rest passed on in the same order to `$child`; a pass
/// when none is legal, the final score when neither side can move.
macro_rules! tail_solver {
    ($name:ident, $n:literal, $child:ident) => {
        impl EndgameSolver {
            #[allow(clippy::too_many_arguments)]
            fn $name(
                &mut self,
                p: u64,
                o: u64,
                mut alpha: i32,
                beta: i32,
                squares: [u8; $n],
                passed: bool,
            ) -> i32 {
                self.nodes += 1;
                if $n >= 3 {
                    if let Some(cap) = self.stability_cut(p, o, alpha, $n) {
                        return cap;
                    }
                }
                let mut best = -MAX_SCORE - 1;
                for i in 0..$n {
                    let square = usize::from(squares[i]);
                    if o & NEIGHBOURHOOD[square] == 0 {
                        continue;
                    }
                    let f = flips(p, o, square);
                    if f == 0 {
                        continue;
                    }
                    let mut rest = [0u8; $n - 1];
                    for j in 0..$n - 1 {
                        rest[j] = squares[j + (j >= i) as usize];
                    }
                    let score = -tail_solver!(@child $child, self, o ^ f, p | f | 1 << square, -beta, -alpha, rest);
                    if raise(&mut best, &mut alpha, score, beta) {
                        return best;
                    }
                }
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
        $solver.last_square($p, $o, usize::from($rest[0]))
    };
    (@child $child:ident, $solver:ident, $p:expr, $o:expr, $alpha:expr, $beta:expr, $rest:ident) => {
        $solver.$child($p, $o, $alpha, $beta, $rest, false)
    };
}

tail_solver!(solve2, 2, last_square);
tail_solver!(solve3, 3, solve2);
tail_solver!(solve4, 4, solve3);
