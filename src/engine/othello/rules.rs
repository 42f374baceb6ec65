//! Which Othello is played: board size and variant.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::square::Square;

/// The side length of the board. Smaller boards use the top-left part of the
/// 8×8 bitboard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum BoardSize {
    /// 4×4: solved, white wins.
    Four,
    /// 6×6: solved, white wins 16–20.
    Six,
    /// 8×8: the standard board.
    #[default]
    Eight,
}

impl BoardSize {
    /// Every supported size, smallest first.
    pub const ALL: [BoardSize; 3] = [BoardSize::Four, BoardSize::Six, BoardSize::Eight];

    /// The number of rows (and columns).
    pub fn side(self) -> u8 {
        match self {
            BoardSize::Four => 4,
            BoardSize::Six => 6,
            BoardSize::Eight => 8,
        }
    }

    /// The number of squares, n².
    pub fn squares(self) -> u32 {
        u32::from(self.side()).pow(2)
    }

    /// The size with `side` rows, if supported.
    pub fn from_side(side: u32) -> Option<BoardSize> {
        BoardSize::ALL
            .into_iter()
            .find(|s| u32::from(s.side()) == side)
    }

    /// The squares of the board as a bitboard.
    pub fn mask(self) -> u64 {
        let n = self.side();
        let row: u64 = (1u64 << n) - 1;
        (0..n).fold(0, |mask, r| mask | row << (8 * r))
    }

    /// The four centre squares as a bitboard.
    pub fn centre(self) -> u64 {
        let h = self.side() / 2;
        [(h - 1, h - 1), (h, h - 1), (h - 1, h), (h, h)]
            .into_iter()
            .map(|(c, r)| Square::new(c, r).map_or(0, Square::bit))
            .fold(0, |a, b| a | b)
    }

    /// The squares of the board in reading order (a1, b1, …).
    pub fn squares_in_order(self) -> impl Iterator<Item = Square> {
        let n = self.side();
        (0..n).flat_map(move |r| (0..n).filter_map(move |c| Square::new(c, r)))
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.side())
    }
}

/// The rule set on top of the basic move rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Variant {
    /// Standard Othello: most discs wins, empties go to the winner.
    #[default]
    Standard,
    /// Anti-Othello: fewest discs wins; empties are not reassigned.
    Anti,
    /// Historical Reversi: the board starts empty and the first four moves
    /// fill the centre without flipping.
    Reversi,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 3] = [Variant::Standard, Variant::Anti, Variant::Reversi];

    /// The name used on the command line and in links.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Anti => "anti",
            Variant::Reversi => "reversi",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name that is not one of `standard`, `anti`, `reversi`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVariantError(pub String);

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant {:?} (expected standard, anti or reversi)",
            self.0
        )
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseVariantError(s.to_string()))
    }
}

/// Board size and variant together: everything that is fixed for a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Rules {
    /// The board size.
    pub size: BoardSize,
    /// The variant.
    pub variant: Variant,
}

impl Rules {
    /// Standard Othello on `size`.
    pub fn new(size: BoardSize, variant: Variant) -> Rules {
        Rules { size, variant }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_cover_n_squared_squares() {
        for size in BoardSize::ALL {
            assert_eq!(size.mask().count_ones(), size.squares());
            assert_eq!(size.centre().count_ones(), 4);
            assert_eq!(size.centre() & !size.mask(), 0);
        }
        assert_eq!(BoardSize::Eight.mask(), u64::MAX);
    }

    #[test]
    fn variants_parse_case_insensitively() {
        assert_eq!("Anti".parse::<Variant>(), Ok(Variant::Anti));
        assert!("chess".parse::<Variant>().is_err());
    }
}
