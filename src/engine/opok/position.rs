//! The checked Opok position: stacks with owner and height, the side to
//! move, moves with exactly-k-step walks, captures by the landing stack.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::geometry::{Direction, Geometry, Square, MAX_SQUARES};

/// A player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Side {
    /// Circles: home a1, move first.
    Circles,
    /// Squares: home in the opposite corner.
    Squares,
}

impl Side {
    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::Circles => Side::Squares,
            Side::Squares => Side::Circles,
        }
    }

    /// The letter of the position format: `c` or `s`.
    pub fn letter(self) -> char {
        match self {
            Side::Circles => 'c',
            Side::Squares => 's',
        }
    }

    /// The lowercase English name.
    pub fn name(self) -> &'static str {
        match self {
            Side::Circles => "circles",
            Side::Squares => "squares",
        }
    }

    fn index(self) -> usize {
        match self {
            Side::Circles => 0,
            Side::Squares => 1,
        }
    }

    /// +1 for Circles, -1 for Squares: the sign of their heights in cells.
    fn sign(self) -> i8 {
        match self {
            Side::Circles => 1,
            Side::Squares => -1,
        }
    }
}

/// A stack on a square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stack {
    /// Who owns it.
    pub owner: Side,
    /// How many pieces, at least 1.
    pub height: u8,
}

/// An Opok move: `k` pieces lifted from `from` walk to `to`, or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Move {
    /// Lift `k` pieces from `from` and walk them exactly `k` steps to `to`.
    Step {
        /// The origin.
        from: Square,
        /// Pieces lifted, which is also the number of steps.
        k: u8,
        /// The landing square.
        to: Square,
    },
    /// Pass (only when the side to move has no move).
    Pass,
}

/// A position as typed in, not yet checked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The board size.
    pub geometry: Geometry,
    /// Stacks by square (heights signed: + Circles, − Squares).
    pub cells: [i8; MAX_SQUARES],
    /// Who moves next.
    pub side_to_move: Side,
}

/// Why a setup is not an Opok position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// A player has more pieces than squares on the board.
    TooManyPieces(Side),
    /// A home corner is not held by its owner.
    HomeNotHeld(Side),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::TooManyPieces(side) => write!(
                f,
                "{} have more pieces than the board has squares",
                side.name()
            ),
            PositionError::HomeNotHeld(side) => write!(
                f,
                "the {} home corner must hold a {} stack",
                side.name(),
                side.name()
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a move cannot be played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// The game is over.
    GameOver,
    /// Not a legal move here.
    Illegal,
    /// A pass while a move is possible.
    PassNotAllowed,
    /// A move while the side to move has none.
    MustPass,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayError::GameOver => "the game is over",
            PlayError::Illegal => "not a legal move",
            PlayError::PassNotAllowed => "a move is possible, so passing is not allowed",
            PlayError::MustPass => "no move is possible: the side to move must pass",
        })
    }
}

impl std::error::Error for PlayError {}

/// The result of a finished game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    /// Squares occupied by Circles.
    pub circles: u32,
    /// Squares occupied by Squares.
    pub squares: u32,
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
}

/// A legal Opok position. Built by [`Position::start`], [`Position::from_setup`]
/// and playing moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    geometry: Geometry,
    #[serde(with = "cells_serde")]
    cells: [i8; MAX_SQUARES],
    /// Squares of Circles' and Squares' stacks (kept in step with `cells`).
    owned: [u128; 2],
    side_to_move: Side,
}

/// Serde for the fixed array (serde derives arrays only up to 32).
mod cells_serde {
    use super::MAX_SQUARES;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(cells: &[i8; MAX_SQUARES], s: S) -> Result<S::Ok, S::Error> {
        cells.as_slice().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[i8; MAX_SQUARES], D::Error> {
        let v = Vec::<i8>::deserialize(d)?;
        v.try_into()
            .map_err(|_| serde::de::Error::custom("expected 81 cells"))
    }
}

impl Position {
    /// The start: each player's N² pieces as one stack on their home corner,
    /// Circles to move.
    pub fn start(geometry: Geometry) -> Position {
        let mut cells = [0; MAX_SQUARES];
        let pieces = geometry.squares() as i8;
        cells[geometry.circles_home().index()] = pieces;
        cells[geometry.squares_home().index()] = -pieces;
        Position::with_cells(geometry, cells, Side::Circles)
    }

    fn with_cells(geometry: Geometry, cells: [i8; MAX_SQUARES], side_to_move: Side) -> Position {
        let mut owned = [0u128; 2];
        for (i, &h) in cells[..geometry.squares()].iter().enumerate() {
            match h.signum() {
                1 => owned[0] |= 1u128 << i,
                -1 => owned[1] |= 1u128 << i,
                _ => {}
            }
        }
        Position {
            geometry,
            cells,
            owned,
            side_to_move,
        }
    }

    /// Checks a setup: at most N² pieces each, home corners held by their owners.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut cells = setup.cells;
        cells[setup.geometry.squares()..].fill(0);
        let position = Position::with_cells(setup.geometry, cells, setup.side_to_move);
        for side in [Side::Circles, Side::Squares] {
            if position.pieces(side) > setup.geometry.squares() as u32 {
                return Err(PositionError::TooManyPieces(side));
            }
            let home = match side {
                Side::Circles => setup.geometry.circles_home(),
                Side::Squares => setup.geometry.squares_home(),
            };
            if position.stack(home).map(|s| s.owner) != Some(side) {
                return Err(PositionError::HomeNotHeld(side));
            }
        }
        Ok(position)
    }

    /// The unchecked form.
    pub fn to_setup(&self) -> Setup {
        Setup {
            geometry: self.geometry,
            cells: self.cells,
            side_to_move: self.side_to_move,
        }
    }

    /// The board's geometry.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Who moves next (who may have to pass).
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// The stack on `square`.
    pub fn stack(&self, square: Square) -> Option<Stack> {
        let h = self.cells[square.index()];
        match h.signum() {
            1 => Some(Stack {
                owner: Side::Circles,
                height: h as u8,
            }),
            -1 => Some(Stack {
                owner: Side::Squares,
                height: h.unsigned_abs(),
            }),
            _ => None,
        }
    }

    /// Squares holding stacks of `side`.
    #[inline]
    pub fn occupied_by(&self, side: Side) -> u128 {
        self.owned[side.index()]
    }

    /// Squares holding any stack.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.owned[0] | self.owned[1]
    }

    /// The pieces of `side` on the board.
    pub fn pieces(&self, side: Side) -> u32 {
        Geometry::iter(self.occupied_by(side))
            .map(|s| u32::from(self.cells[s.index()].unsigned_abs()))
            .sum()
    }

    /// The squares occupied by `side`: the score.
    pub fn score(&self, side: Side) -> u32 {
        self.occupied_by(side).count_ones()
    }

    /// Moves left at most: every move lowers the sum of (height − 1) over
    /// all stacks by one, and captures never raise it.
    pub fn moves_left_bound(&self) -> u32 {
        self.cells[..self.geometry.squares()]
            .iter()
            .filter(|&&h| h != 0)
            .map(|h| u32::from(h.unsigned_abs()) - 1)
            .sum()
    }

    /// The landing squares of every walk of exactly `k` steps from `from`,
    /// for k = 1, 2, … up to `max_k`, reported to `visit(k, landings)`.
    /// Walks go through empty squares only and never step straight back.
    pub fn walks(&self, from: Square, max_k: u8, mut visit: impl FnMut(u8, u128)) {
        let g = self.geometry;
        let empty = g.all() & !self.occupied();
        // reached[d]: squares reached by a walk whose last step went in direction d.
        let mut reached = [0u128; 4];
        for (d, slot) in Direction::ALL.iter().zip(reached.iter_mut()) {
            *slot = g.shift(1u128 << from.0, *d) & empty;
        }
        for k in 1..=max_k {
            let landings = reached.iter().fold(0, |m, r| m | r);
            if landings == 0 {
                return;
            }
            visit(k, landings);
            if k == max_k {
                return;
            }
            let mut next = [0u128; 4];
            for (i, d) in Direction::ALL.iter().enumerate() {
                let came = Direction::ALL
                    .iter()
                    .zip(&reached)
                    .filter(|(prev, _)| **prev != d.opposite())
                    .fold(0, |m, (_, r)| m | r);
                next[i] = g.shift(came, *d) & empty;
            }
            reached = next;
        }
    }

    /// Appends every move of the side to move (not a pass).
    pub fn steps(&self, moves: &mut Vec<Move>) {
        for from in Geometry::iter(self.occupied_by(self.side_to_move)) {
            let h = self.cells[from.index()].unsigned_abs();
            if h < 2 {
                continue;
            }
            self.walks(from, h - 1, |k, landings| {
                moves.extend(Geometry::iter(landings).map(|to| Move::Step { from, k, to }));
            });
        }
    }

    /// True when the side to move has at least one move (not counting pass).
    pub fn can_move(&self) -> bool {
        let empty = self.geometry.all() & !self.occupied();
        Geometry::iter(self.occupied_by(self.side_to_move)).any(|from| {
            self.cells[from.index()].unsigned_abs() >= 2
                && Direction::ALL
                    .iter()
                    .any(|&d| self.geometry.shift(1u128 << from.0, d) & empty != 0)
        })
    }

    /// The legal moves: steps, or one pass when stuck but the opponent is
    /// not, or nothing when the game is over.
    pub fn moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.steps(&mut moves);
        if moves.is_empty() && self.passed().can_move() {
            moves.push(Move::Pass);
        }
        moves
    }

    /// True when the side to move is stuck but the opponent can move.
    pub fn must_pass(&self) -> bool {
        !self.can_move() && self.passed().can_move()
    }

    /// True when neither side can move.
    pub fn is_over(&self) -> bool {
        !self.can_move() && !self.passed().can_move()
    }

    /// The same position with the other side to move.
    pub fn passed(&self) -> Position {
        Position {
            side_to_move: self.side_to_move.opponent(),
            ..*self
        }
    }

    /// True when `mv` is a legal step here.
    pub fn is_legal_step(&self, mv: Move) -> bool {
        let Move::Step { from, k, to } = mv else {
            return false;
        };
        let g = self.geometry;
        if from.index() >= g.squares() || to.index() >= g.squares() {
            return false;
        }
        let Some(stack) = self.stack(from) else {
            return false;
        };
        if stack.owner != self.side_to_move || k == 0 || k >= stack.height {
            return false;
        }
        let mut legal = false;
        self.walks(from, k, |steps, landings| {
            if steps == k {
                legal = landings & 1u128 << to.0 != 0;
            }
        });
        legal
    }

    /// Plays `mv` after checking it.
    pub fn try_play(&self, mv: Move) -> Result<Position, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        match mv {
            Move::Pass if self.can_move() => Err(PlayError::PassNotAllowed),
            Move::Pass => Ok(self.passed()),
            Move::Step { .. } if !self.can_move() => Err(PlayError::MustPass),
            Move::Step { .. } if !self.is_legal_step(mv) => Err(PlayError::Illegal),
            Move::Step { .. } => Ok(self.play_unchecked(mv)),
        }
    }

    /// Plays a legal move.
    ///
    /// # Panics
    /// When `mv` is illegal; use [`Position::try_play`] for user input.
    pub fn play(&self, mv: Move) -> Position {
        self.try_play(mv).unwrap_or_else(|e| panic!("{mv:?}: {e}"))
    }

    /// The stacks `mv` would capture (empty for a pass).
    pub fn captures(&self, mv: Move) -> u128 {
        let Move::Step { from, k, to } = mv else {
            return 0;
        };
        let mut after = *self;
        after.lift(from, k, to);
        after.captured_by_landing(to)
    }

    /// Moves `k` pieces of the side to move from `from` to the empty `to`.
    #[inline]
    fn lift(&mut self, from: Square, k: u8, to: Square) {
        let side = self.side_to_move;
        let sign = side.sign();
        self.cells[from.index()] -= sign * k as i8;
        self.cells[to.index()] = sign * k as i8;
        self.owned[side.index()] |= 1u128 << to.0;
    }

    /// Enemy rows enclosed by the stack on `landing` and another stack of the
    /// same owner with more height together than the row.
    fn captured_by_landing(&self, landing: Square) -> u128 {
        let g = self.geometry;
        let mover = self.cells[landing.index()];
        let sign = mover.signum();
        let mut captured = 0;
        for d in Direction::ALL {
            let mut row = 0u128;
            let mut row_height = 0u32;
            let mut at = g.step(landing, d);
            while let Some(s) = at {
                let h = self.cells[s.index()];
                if h.signum() != -sign || h == 0 {
                    break;
                }
                row |= 1u128 << s.0;
                row_height += u32::from(h.unsigned_abs());
                at = g.step(s, d);
            }
            let Some(far) = at else { continue };
            let far_height = self.cells[far.index()];
            if row != 0 && far_height.signum() == sign {
                let enclosing =
                    u32::from(mover.unsigned_abs()) + u32::from(far_height.unsigned_abs());
                if enclosing > row_height {
                    captured |= row;
                }
            }
        }
        captured
    }

    /// Plays `mv` without checking it (the search's hot path).
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Position {
        let Move::Step { from, k, to } = mv else {
            return self.passed();
        };
        let mut next = *self;
        next.lift(from, k, to);
        let captured = next.captured_by_landing(to);
        for s in Geometry::iter(captured) {
            next.cells[s.index()] = 0;
        }
        next.owned[self.side_to_move.opponent().index()] &= !captured;
        next.side_to_move = self.side_to_move.opponent();
        next
    }

    /// The result once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let circles = self.score(Side::Circles);
        let squares = self.score(Side::Squares);
        Some(Outcome {
            circles,
            squares,
            winner: match circles.cmp(&squares) {
                std::cmp::Ordering::Greater => Some(Side::Circles),
                std::cmp::Ordering::Less => Some(Side::Squares),
                std::cmp::Ordering::Equal => None,
            },
        })
    }

    /// The cells (signed heights: + Circles, − Squares) of the board.
    pub fn cells(&self) -> &[i8] {
        &self.cells[..self.geometry.squares()]
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", super::notation::position_text(self))
    }
}
