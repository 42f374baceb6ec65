//! The four lines through a square (row, column and both diagonals), each
//! gathered from a bitboard into one byte and scattered back, so that a
//! move's flips can be read from small tables line by line instead of being
//! walked direction by direction.
//!
//! In every gathered byte, bit `i` is the `i`-th square of the line and the
//! square itself sits at the line's `position`: its column for the row and
//! the diagonals (a diagonal has one square per column), `7 − row` for the
//! column (gathered bottom-up, which makes the scatter a single multiply).
//! A diagonal shorter than 8 leaves its missing positions 0 in every byte.

/// The a-file: one bit in each byte.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Multiplying the a-file bits by this moves row `i` to bit `63 − i`, and a
/// byte's bit `i` to bits whose top-of-byte copies land on row `7 − i`
/// (no two partial products overlap, so there are no carries).
const COLUMN_MAGIC: u64 = 0x8040_2010_0804_0201;

/// `DIAGONALS[s]`: the squares on the a1–h8-direction diagonal through `s`.
pub static DIAGONALS: [u64; 64] = diagonal_masks(false);
/// `ANTI_DIAGONALS[s]`: the squares on the h1–a8-direction diagonal.
pub static ANTI_DIAGONALS: [u64; 64] = diagonal_masks(true);

const fn diagonal_masks(anti: bool) -> [u64; 64] {
    let mut masks = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (column, row) = ((square % 8) as i32, (square / 8) as i32);
        let mut other: i32 = 0;
        while other < 64 {
            let (c, r) = (other % 8, other / 8);
            let same = if anti {
                c + r == column + row
            } else {
                c - r == column - row
            };
            if same {
                masks[square] |= 1u64 << other;
            }
            other += 1;
        }
        square += 1;
    }
    masks
}

/// Row `row` of `discs`, by column.
#[inline(always)]
pub fn gather_row(discs: u64, row: usize) -> u8 {
    (discs >> (row * 8)) as u8
}

/// A row byte back on row `row`.
#[inline(always)]
pub fn scatter_row(line: u8, row: usize) -> u64 {
    u64::from(line) << (row * 8)
}

/// Column `column` of `discs`, bottom-up: bit `i` is row `7 − i`.
#[inline(always)]
pub fn gather_column(discs: u64, column: usize) -> u8 {
    (((discs >> column) & FILE_A).wrapping_mul(COLUMN_MAGIC) >> 56) as u8
}

/// A bottom-up column byte back on column `column`.
#[inline(always)]
pub fn scatter_column(line: u8, column: usize) -> u64 {
    ((u64::from(line).wrapping_mul(COLUMN_MAGIC) & 0x8080_8080_8080_8080) >> 7) << column
}

/// The discs of `discs` on the diagonal `mask`, by column (the bytes
/// summed: each holds at most the one bit of its row's square).
#[inline(always)]
pub fn gather_diagonal(discs: u64, mask: u64) -> u8 {
    ((discs & mask).wrapping_mul(FILE_A) >> 56) as u8
}

/// A diagonal byte back on the diagonal `mask` (the byte copied into every
/// row, each row keeping its own square).
#[inline(always)]
pub fn scatter_diagonal(line: u8, mask: u64) -> u64 {
    u64::from(line).wrapping_mul(FILE_A) & mask
}

/// `OUTFLANK[i][inner]`: for a move at position `i` of a line whose six
/// inner positions (1–6) hold opponent discs as in `inner`, the squares
/// just past each run of opponent discs next to `i`: where a disc of the
/// mover would close the run.
const OUTFLANK: [[u8; 64]; 8] = {
    let mut table = [[0u8; 64]; 8];
    let mut position = 0;
    while position < 8 {
        let mut inner = 0;
        while inner < 64 {
            let opponent = (inner << 1) as u32;
            let mut closing = 0u8;
            let mut j = position + 1;
            while j < 8 && opponent >> j & 1 == 1 {
                j += 1;
            }
            if j > position + 1 && j < 8 {
                closing |= 1 << j;
            }
            let mut j = position as i32 - 1;
            while j >= 0 && opponent >> j & 1 == 1 {
                j -= 1;
            }
            if j < position as i32 - 1 && j >= 0 {
                closing |= 1 << j;
            }
            table[position][inner] = closing;
            inner += 1;
        }
        position += 1;
    }
    table
};

/// `FLIPPED[i][closing]`: the squares strictly between position `i` and
/// each closing square in `closing`.
const FLIPPED: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut position = 0;
    while position < 8 {
        let mut closing = 0;
        while closing < 256 {
            let mut flipped = 0u32;
            let mut j = 0;
            while j < 8 {
                if closing >> j & 1 == 1 {
                    let (low, high) = if j < position {
                        (j + 1, position)
                    } else {
                        (position + 1, j)
                    };
                    let mut k = low;
                    while k < high {
                        flipped |= 1 << k;
                        k += 1;
                    }
                }
                j += 1;
            }
            table[position][closing] = flipped as u8;
            closing += 1;
        }
        position += 1;
    }
    table
};

/// The tables the move generator reads at run time (the consts above
/// serve the tables built at compile time from them).
static OUTFLANK_TABLE: [[u8; 64]; 8] = OUTFLANK;
static FLIPPED_TABLE: [[u8; 256]; 8] = FLIPPED;

/// The opponent discs flipped along one line by a move at `position`.
#[inline(always)]
pub fn line_flips(position: usize, player: u8, opponent: u8) -> u8 {
    let closing = OUTFLANK_TABLE[position][usize::from((opponent >> 1) & 0x3F)] & player;
    FLIPPED_TABLE[position][usize::from(closing)]
}

/// [`line_flips`] on a full line: every position but `position` and the
/// mover's discs holds an opponent disc (for tables built at compile time).
pub const fn full_line_flips(position: usize, player: u8) -> u8 {
    let opponent = !player & !(1 << position);
    let closing = OUTFLANK[position][((opponent >> 1) & 0x3F) as usize] & player;
    FLIPPED[position][closing as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn lines_gather_and_scatter_back_unchanged() {
        let mut rng = Rng::new(5);
        for _ in 0..2_000 {
            let discs = rng.next_u64();
            for square in 0..64 {
                let (column, row) = (square % 8, square / 8);
                let row_mask = 0xFFu64 << (row * 8);
                let column_mask = FILE_A << column;
                assert_eq!(scatter_row(gather_row(discs, row), row), discs & row_mask);
                assert_eq!(
                    scatter_column(gather_column(discs, column), column),
                    discs & column_mask
                );
                for mask in [DIAGONALS[square], ANTI_DIAGONALS[square]] {
                    assert_eq!(
                        scatter_diagonal(gather_diagonal(discs, mask), mask),
                        discs & mask
                    );
                }
            }
        }
    }

    #[test]
    fn the_square_sits_at_its_position_in_each_line() {
        for square in 0..64 {
            let (column, row) = (square % 8, square / 8);
            let bit = 1u64 << square;
            assert_eq!(gather_row(bit, row), 1 << column);
            assert_eq!(gather_column(bit, column), 1 << (7 - row));
            assert_eq!(gather_diagonal(bit, DIAGONALS[square]), 1 << column);
            assert_eq!(gather_diagonal(bit, ANTI_DIAGONALS[square]), 1 << column);
        }
    }
}
