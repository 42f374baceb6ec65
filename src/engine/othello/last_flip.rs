//! How many discs a move on the last empty square of the 8×8 board flips.
//!
//! With one square empty every other square holds a disc, so whatever is
//! not the mover's is the opponent's: the count depends on the mover's
//! discs alone. Each of the four lines through the square is gathered into
//! one byte ([`super::lines`]) and looked up in a table of flips by
//! position in the line. The solver's last ply is the most frequent node of all, and
//! this needs no move generation, only four look-ups.

use super::lines::{
    full_line_flips, gather_column, gather_diagonal, gather_row, ANTI_DIAGONALS, DIAGONALS,
};

/// `FLIPS_IN_LINE[i][line]`: how many discs a move at position `i` flips
/// along a full line whose other positions hold the mover's discs where
/// `line` has a bit and the opponent's elsewhere. Positions past a short
/// diagonal's end read as the opponent's and so never close a run: one
/// table serves every line.
static FLIPS_IN_LINE: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut position = 0;
    while position < 8 {
        let mut line = 0;
        while line < 256 {
            table[position][line] = full_line_flips(position, line as u8).count_ones() as u8;
            line += 1;
        }
        position += 1;
    }
    table
};

/// The discs flipped by `mover` playing on `square`, the only empty square
/// of the full 8×8 board (0 when the move is illegal there).
#[inline(always)]
pub fn count_last_flips(mover: u64, square: usize) -> u32 {
    let (column, row) = (square & 7, square >> 3);
    let row_line = gather_row(mover, row);
    let column_line = gather_column(mover, column);
    let diagonal = gather_diagonal(mover, DIAGONALS[square]);
    let anti_diagonal = gather_diagonal(mover, ANTI_DIAGONALS[square]);
    u32::from(FLIPS_IN_LINE[column][usize::from(row_line)])
        + u32::from(FLIPS_IN_LINE[7 - row][usize::from(column_line)])
        + u32::from(FLIPS_IN_LINE[column][usize::from(diagonal)])
        + u32::from(FLIPS_IN_LINE[column][usize::from(anti_diagonal)])
}

#[cfg(test)]
mod tests {
    use super::super::bitboard::flips;
    use super::*;
    use crate::rng::Rng;

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
