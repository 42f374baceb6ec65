//! Squares and colours.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A square of the 8×8 grid, `row * 8 + column`; a1 (0) is the top-left
/// corner and rows are numbered from the top, as in Othello notation.
/// Smaller boards use the top-left n×n part of the grid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    /// The square at `column` (0 = a) and `row` (0 = row 1), both below 8.
    pub fn new(column: u8, row: u8) -> Option<Square> {
        (column < 8 && row < 8).then_some(Square(row * 8 + column))
    }

    /// The square with grid index `index` (0..64).
    pub fn from_index(index: u8) -> Option<Square> {
        (index < 64).then_some(Square(index))
    }

    /// The grid index, `row * 8 + column`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 for a.
    pub fn column(self) -> u8 {
        self.0 % 8
    }

    /// The row, 0 for row 1 (the top).
    pub fn row(self) -> u8 {
        self.0 / 8
    }

    /// The one-bit bitboard of this square.
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Iterates over the squares of a bitboard, lowest index first.
    pub fn iter(bits: u64) -> impl Iterator<Item = Square> {
        let mut rest = bits;
        std::iter::from_fn(move || {
            if rest == 0 {
                None
            } else {
                let index = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                Some(Square(index))
            }
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The colour of a disc or of a player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Color {
    /// Black moves first.
    Black,
    /// White moves second.
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The board-string letter: `X` for black, `O` for white.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// The lowercase English name, as used in error messages.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_othello_notation() {
        assert_eq!(Square::new(0, 0).unwrap().to_string(), "a1");
        assert_eq!(Square::new(7, 7).unwrap().to_string(), "h8");
        assert_eq!(Square::new(3, 2).unwrap().to_string(), "d3");
        assert_eq!(Square::new(8, 0), None);
    }

    #[test]
    fn iterates_bits_in_order() {
        let squares: Vec<String> = Square::iter(0b1001 | 1 << 63)
            .map(|s| s.to_string())
            .collect();
        assert_eq!(squares, ["a1", "d1", "h8"]);
    }
}
