//! Bitboard move generation: bit `i` is square `i` of the 8×8 grid (a1 = bit 0,
//! row 1 at the top). Everything works on the pair "player to move, opponent",
//! so no function here knows about colours.

use std::fmt;

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
use super::lines::{
    gather_column, gather_diagonal, gather_row, line_flips, scatter_column, scatter_diagonal,
    scatter_row, ANTI_DIAGONALS, DIAGONALS,
};

/// Squares not on the a- or h-file: a horizontal or diagonal line of flipped
/// discs never contains them, which stops shifts from wrapping between rows.
pub(super) const INNER_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

// The wasm builds have SIMD128 (every current browser does): there the two
// kernels are `super::simd`'s, which give the same results.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub use super::simd::{flips, legal_moves};

/// The legal moves of `player` against `opponent` on the squares of
/// `board` (all ones for 8×8): empty squares that flank at least one line of
/// opponent discs.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline]
pub fn legal_moves(player: u64, opponent: u64, board: u64) -> u64 {
    let empty = board & !(player | opponent);
    let inner = opponent & INNER_COLUMNS;
    (flanking(player, inner, 1)
        | flanking(player, opponent, 8)
        | flanking(player, inner, 7)
        | flanking(player, inner, 9))
        & empty
}

/// Squares beyond a line of `mask` discs that starts next to a `player` disc,
/// along `shift` in both senses (Edax's parallel-prefix form).
#[inline(always)]
pub(super) fn flanking(player: u64, mask: u64, shift: u32) -> u64 {
    let mut forward = mask & (player << shift);
    let mut backward = mask & (player >> shift);
    forward |= mask & (forward << shift);
    backward |= mask & (backward >> shift);
    let pair_forward = mask & (mask << shift);
    let pair_backward = pair_forward >> shift;
    forward |= pair_forward & (forward << (2 * shift));
    backward |= pair_backward & (backward >> (2 * shift));
    forward |= pair_forward & (forward << (2 * shift));
    backward |= pair_backward & (backward >> (2 * shift));
    (forward << shift) | (backward >> shift)
}

/// The opponent discs flipped when `player` plays on empty square `square`
/// (0 when the move is illegal): line by line, each gathered into a byte
/// and looked up (no branches, no bit scans).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
pub fn flips(player: u64, opponent: u64, square: usize) -> u64 {
    let (column, row) = (square & 7, square >> 3);
    let (diagonal, anti_diagonal) = (DIAGONALS[square], ANTI_DIAGONALS[square]);
    let on_row = line_flips(column, gather_row(player, row), gather_row(opponent, row));
    let on_column = line_flips(
        7 - row,
        gather_column(player, column),
        gather_column(opponent, column),
    );
    let on_diagonal = line_flips(
        column,
        gather_diagonal(player, diagonal),
        gather_diagonal(opponent, diagonal),
    );
    let on_anti_diagonal = line_flips(
        column,
        gather_diagonal(player, anti_diagonal),
        gather_diagonal(opponent, anti_diagonal),
    );
    scatter_row(on_row, row)
        | scatter_column(on_column, column)
        | scatter_diagonal(on_diagonal, diagonal)
        | scatter_diagonal(on_anti_diagonal, anti_diagonal)
}

/// Squares next to a disc of `discs` (8-neighbourhood), not counting the
/// discs themselves unless they touch each other; callers mask with the empties.
#[inline]
pub fn neighbours(discs: u64) -> u64 {
    let horizontal =
        ((discs << 1) & !0x0101_0101_0101_0101) | ((discs >> 1) & !0x8080_8080_8080_8080);
    let row = discs | horizontal;
    horizontal | (row << 8) | (row >> 8)
}

/// A bitboard that prints as an 8×8 grid, so failing tests read at a glance.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Grid(pub u64);

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for row in 0..8 {
            for column in 0..8 {
                let bit = self.0 >> (row * 8 + column) & 1;
                f.write_str(if bit == 1 { "x" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(squares: &[&str]) -> u64 {
        squares
            .iter()
            .map(|s| {
                let b = s.as_bytes();
                1u64 << ((b[1] - b'1') * 8 + (b[0] - b'a'))
            })
            .fold(0, |a, b| a | b)
    }

    /// Shifts of the 8 directions: E, W, S, N, SE, NW, SW, NE.
    const DIRECTIONS: [(i8, i8); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (-1, 1),
        (1, -1),
    ];

    /// Reference flips: walk every direction square by square.
    fn slow_flips(player: u64, opponent: u64, square: usize) -> u64 {
        let mut all = 0;
        for (dx, dy) in DIRECTIONS {
            let (mut x, mut y) = ((square % 8) as i8 + dx, (square / 8) as i8 + dy);
            let mut line = 0;
            while (0..8).contains(&x) && (0..8).contains(&y) {
                let bit = 1u64 << (y * 8 + x);
                if opponent & bit != 0 {
                    line |= bit;
                } else {
                    if player & bit != 0 {
                        all |= line;
                    }
                    break;
                }
                x += dx;
                y += dy;
            }
        }
        all
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn start_position_has_four_moves() {
        let black = bits(&["d5", "e4"]);
        let white = bits(&["d4", "e5"]);
        assert_eq!(
            Grid(legal_moves(black, white, !0)),
            Grid(bits(&["d3", "c4", "f5", "e6"]))
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn fast_flips_and_moves_match_a_square_by_square_walk() {
        let mut rng = crate::rng::Rng::new(11);
        for _ in 0..20_000 {
            let a = rng.next_u64();
            let b = rng.next_u64();
            let player = a & b;
            let opponent = !a & rng.next_u64() & !player;
            let empty = !(player | opponent);
            let mut expected_moves = 0;
            for square in Square::iter(empty) {
                let f = slow_flips(player, opponent, square.index());
                assert_eq!(flips(player, opponent, square.index()), f, "{:?}", square);
                if f != 0 {
                    expected_moves |= square.bit();
                }
            }
            assert_eq!(
                Grid(legal_moves(player, opponent, !0)),
                Grid(expected_moves)
            );
        }
    }

    #[test]
    fn neighbours_do_not_wrap_around_rows() {
        assert_eq!(
            Grid(neighbours(bits(&["h1"]))),
            Grid(bits(&["g1", "g2", "h2"]))
        );
        assert_eq!(
            Grid(neighbours(bits(&["a2"]))),
            Grid(bits(&["a1", "b1", "b2", "b3", "a3"]))
        );
    }

    use super::super::square::Square;
}
