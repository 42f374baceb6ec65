//! The board's shape: squares of an N×N board (3 ≤ N ≤ 9) as bits of a
//! `u128`, row-major from a1 (top left), and shifts to the four neighbours.

use std::fmt;

/// The smallest board.
pub const MIN_SIZE: u8 = 3;
/// The largest board.
pub const MAX_SIZE: u8 = 9;
/// The most squares a board has.
pub const MAX_SQUARES: usize = 81;

/// A square of an N×N board: `row * N + column`, a1 = 0 at the top left.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, serde::Serialize, serde::Deserialize,
)]
pub struct Square(pub u8);

impl Square {
    /// The square's index.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The four orthogonal directions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    /// Towards row 1.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column a.
    Left,
    /// Towards the last column.
    Right,
}

impl Direction {
    /// All four, in a fixed order.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The direction straight back.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }
}

/// An N×N board's geometry. In saved data it is the number N, checked on
/// reading.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Geometry {
    n: u8,
}

impl TryFrom<u8> for Geometry {
    type Error = String;

    fn try_from(n: u8) -> Result<Geometry, String> {
        Geometry::new(n).ok_or_else(|| format!("{n} is not a board size from 3 to 9"))
    }
}

impl From<Geometry> for u8 {
    fn from(g: Geometry) -> u8 {
        g.n
    }
}

impl Geometry {
    /// The geometry of an `n`×`n` board, if 3 ≤ n ≤ 9.
    pub fn new(n: u8) -> Option<Geometry> {
        (MIN_SIZE..=MAX_SIZE).contains(&n).then_some(Geometry { n })
    }

    /// Side length.
    pub fn size(self) -> u8 {
        self.n
    }

    /// Number of squares, N².
    pub fn squares(self) -> usize {
        usize::from(self.n) * usize::from(self.n)
    }

    /// All squares as a bit set.
    pub fn all(self) -> u128 {
        (1u128 << self.squares()) - 1
    }

    /// The square at `column` (0 = a) and `row` (0 = row 1).
    pub fn square(self, column: u8, row: u8) -> Option<Square> {
        (column < self.n && row < self.n).then(|| Square(row * self.n + column))
    }

    /// Column (0 = a) and row (0 = row 1) of `square`.
    pub fn coordinates(self, square: Square) -> (u8, u8) {
        (square.0 % self.n, square.0 / self.n)
    }

    /// The top-left corner, Circles' home.
    pub fn circles_home(self) -> Square {
        Square(0)
    }

    /// The bottom-right corner, Squares' home.
    pub fn squares_home(self) -> Square {
        Square((self.squares() - 1) as u8)
    }

    fn column_mask(self, column: u8) -> u128 {
        (0..self.n).fold(0, |m, r| m | 1u128 << (r * self.n + column))
    }

    /// Every square of `set` moved one step in `direction`, those falling off
    /// the board dropped.
    #[inline]
    pub fn shift(self, set: u128, direction: Direction) -> u128 {
        let n = u32::from(self.n);
        match direction {
            Direction::Up => set >> n,
            Direction::Down => (set << n) & self.all(),
            Direction::Left => (set & !self.column_mask(0)) >> 1,
            Direction::Right => (set & !self.column_mask(self.n - 1)) << 1,
        }
    }

    /// The neighbour of `square` in `direction`, if on the board.
    pub fn step(self, square: Square, direction: Direction) -> Option<Square> {
        let moved = self.shift(1u128 << square.0, direction);
        (moved != 0).then(|| Square(moved.trailing_zeros() as u8))
    }

    /// The name of `square` (`a1`, `e5`…).
    pub fn name(self, square: Square) -> String {
        let (c, r) = self.coordinates(square);
        format!("{}{}", (b'a' + c) as char, r + 1)
    }

    /// The square named `name` on this board.
    pub fn parse_square(self, name: &str) -> Option<Square> {
        let name = name.trim();
        let letter = *name
            .as_bytes()
            .first()
            .filter(|b| b.is_ascii_alphabetic())?;
        let column = letter.to_ascii_lowercase() - b'a';
        let row: u8 = crate::text::parse_number(&name[1..])?;
        self.square(column, row.checked_sub(1)?)
    }

    /// The squares of a bit set, lowest first.
    pub fn iter(set: u128) -> impl Iterator<Item = Square> {
        let mut rest = set;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let s = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                Square(s)
            })
        })
    }
}

impl fmt::Display for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_stay_on_the_board() {
        let g = Geometry::new(5).unwrap();
        let a1 = 1u128;
        assert_eq!(g.shift(a1, Direction::Up), 0);
        assert_eq!(g.shift(a1, Direction::Left), 0);
        assert_eq!(
            g.name(
                Geometry::iter(g.shift(a1, Direction::Right))
                    .next()
                    .unwrap()
            ),
            "b1"
        );
        assert_eq!(
            g.name(Geometry::iter(g.shift(a1, Direction::Down)).next().unwrap()),
            "a2"
        );
        let e5 = 1u128 << 24;
        assert_eq!(g.shift(e5, Direction::Down), 0);
        assert_eq!(g.shift(e5, Direction::Right), 0);
        let e1 = 1u128 << 4;
        assert_eq!(g.shift(e1, Direction::Right), 0, "no wrap to the next row");
    }

    #[test]
    fn squares_are_named_and_parsed() {
        let g = Geometry::new(9).unwrap();
        assert_eq!(g.name(g.squares_home()), "i9");
        assert_eq!(g.parse_square("I9"), Some(g.squares_home()));
        assert_eq!(g.parse_square("j1"), None);
        assert_eq!(g.parse_square("a0"), None);
        assert_eq!(g.parse_square("a10"), None);
        assert!(Geometry::new(2).is_none() && Geometry::new(10).is_none());
    }
}
