//! How many discs a move on the last empty square of the 8×8 board flips.
//!
//! With one square empty every other square holds a disc, so whatever is
//! not the mover's is the opponent's: the count depends on the mover's
//! discs alone. Each of the four lines through the square is gathered into
//! one byte (row: a shift; column and diagonals: a multiplication that
//! packs one bit per column) and looked up in a table of flips by position
//! in the line. The solver's last ply is the most frequent node of all, and
//! this needs no move generation, only four look-ups.

/// `FLIPS_IN_LINE[i][line]`: the discs flipped along an 8-square line when
/// the mover plays at position `i`, where `line` has a bit for each of the
/// mover's discs and every other position (but `i`) is the opponent's.
/// Positions past the line's real end read as 0 bits and so never close a
/// run, which lets the shorter diagonals use the same table.
static FLIPS_IN_LINE: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut position = 0;
    while position < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Towards higher positions, then towards lower ones.
            let mut run = 0;
            let mut j = position + 1;
            while j < 8 && line >> j & 1 == 0 {
                run += 1;
                j += 1;
            }
            if j < 8 {
                count += run;
            }
            run = 0;
            let mut j = position as i32 - 1;
            while j >= 0 && line >> j & 1 == 0 {
                run += 1;
                j -= 1;
            }
            if j >= 0 {
                count += run;
            }
            table[position][line] = count as u8;
            line += 1;
        }
        position += 1;
    }
    table
};

/// The a-file: one bit in each byte.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Moves bit `8·i` to bit `56 + i` (no two products overlap, so no carries).
const COLUMN_TO_BYTE: u64 = 0x0102_0408_1020_4080;

/// `DIAGONALS[s]`: the squares on the a1–h8-direction diagonal through `s`;
/// `ANTI_DIAGONALS[s]`: on the h1–a8-direction one.
static DIAGONALS: [u64; 64] = diagonal_masks(false);
static ANTI_DIAGONALS: [u64; 64] = diagonal_masks(true);

const fn diagonal_masks(anti: bool) -> [u64; 64] {
    let mut masks = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (column, row) = ((square % 8) as i32, (square / 8) as i32);
        let mut other = 0;
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

/// The discs flipped by `mover` playing on `square`, the only empty square
/// of the full 8×8 board (0 when the move is illegal there).
#[inline(always)]
pub fn count_last_flips(mover: u64, square: usize) -> u32 {
    let (column, row) = (square & 7, square >> 3);
    let row_line = (mover >> (row * 8)) as u8;
    let column_line = (((mover >> column) & FILE_A).wrapping_mul(COLUMN_TO_BYTE) >> 56) as u8;
    // A diagonal has one square per column: summing the bytes packs it by
    // column into the top byte.
    let diagonal = ((mover & DIAGONALS[square]).wrapping_mul(FILE_A) >> 56) as u8;
    let anti_diagonal = ((mover & ANTI_DIAGONALS[square]).wrapping_mul(FILE_A) >> 56) as u8;
    u32::from(FLIPS_IN_LINE[column][usize::from(row_line)])
        + u32::from(FLIPS_IN_LINE[row][usize::from(column_line)])
        + u32::from(FLIPS_IN_LINE[column][usize::from(diagonal)])
        + u32::from(FLIPS_IN_LINE[column][usize::from(anti_diagonal)])
}

#[cfg(test)]
mod tests {
    use super::super::bitboard::flips;
    use super::*;
    use crate::engine::rng::Rng;

    #[test]
    fn counts_match_the_move_generator_on_full_boards() {
        let mut rng = Rng::new(7);
        for _ in 0..20_000 {
            let square = (rng.next_u64() % 64) as usize;
            // Sparse, dense and even boards for the mover.
            let density = rng.next_u64() % 3;
            let mut mover = rng.next_u64();
            match density {
                0 => mover &= rng.next_u64(),
                1 => mover |= rng.next_u64(),
                _ => {}
            }
            mover &= !(1u64 << square);
            let opponent = !mover & !(1u64 << square);
            assert_eq!(
                count_last_flips(mover, square),
                flips(mover, opponent, square).count_ones(),
                "square {square}, mover {mover:#018x}"
            );
        }
    }

    #[test]
    fn every_square_and_direction_counts_a_lone_closing_disc() {
        // The mover has a single disc: the count is the gap to it when the
        // two squares share a line, else 0.
        for square in 0..64usize {
            for disc in (0..64usize).filter(|&d| d != square) {
                let mover = 1u64 << disc;
                let opponent = !mover & !(1u64 << square);
                assert_eq!(
                    count_last_flips(mover, square),
                    flips(mover, opponent, square).count_ones(),
                    "square {square}, disc {disc}"
                );
            }
        }
    }
}
