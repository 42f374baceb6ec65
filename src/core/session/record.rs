//! The moves of a game from its start, with a cursor for undo and redo:
//! moves after the cursor are the line that redo replays. Any game whose
//! positions can check and play a move fits ([`Playable`]).

use std::fmt::Debug;

/// A position that plays moves after checking them.
pub trait Playable: Clone + Eq + Debug {
    /// A move.
    type Move: Clone + Eq + Debug;
    /// Why a move was refused.
    type Error;

    /// The position after `mv`, or why `mv` is illegal.
    fn try_play(&self, mv: Self::Move) -> Result<Self, Self::Error>;
}

impl Playable for crate::engine::othello::Position {
    type Move = crate::engine::othello::Move;
    type Error = crate::engine::othello::PlayError;

    fn try_play(&self, mv: Self::Move) -> Result<Self, Self::Error> {
        crate::engine::othello::Position::try_play(self, mv)
    }
}

impl Playable for crate::engine::opok::Position {
    type Move = crate::engine::opok::Move;
    type Error = crate::engine::opok::PlayError;

    fn try_play(&self, mv: Self::Move) -> Result<Self, Self::Error> {
        crate::engine::opok::Position::try_play(self, mv)
    }
}

impl Playable for crate::engine::nim::Position {
    type Move = crate::engine::nim::Move;
    type Error = crate::engine::nim::PlayError;

    fn try_play(&self, mv: Self::Move) -> Result<Self, Self::Error> {
        crate::engine::nim::Position::try_play(self, mv)
    }
}

/// A game record: start position, moves, and how many of them are played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record<P: Playable> {
    start: P,
    moves: Vec<P::Move>,
    positions: Vec<P>,
    cursor: usize,
}

impl<P: Playable> Record<P> {
    /// A record starting at `start`.
    pub fn new(start: P) -> Record<P> {
        Record {
            start,
            moves: Vec::new(),
            positions: Vec::new(),
            cursor: 0,
        }
    }

    /// A record of `moves` from `start` with the cursor at `cursor`;
    /// `None` if a move is illegal or the cursor beyond the moves.
    pub fn from_moves(start: P, moves: &[P::Move], cursor: usize) -> Option<Record<P>> {
        let mut record = Record::new(start);
        for mv in moves {
            record.play(mv.clone()).ok()?;
        }
        record.go_to(cursor.min(moves.len()));
        (cursor <= moves.len()).then_some(record)
    }

    /// The starting position.
    pub fn start(&self) -> P {
        self.start.clone()
    }

    /// The position at the cursor.
    pub fn current(&self) -> P {
        self.position_at(self.cursor)
    }

    /// The position after the first `ply` moves of the line.
    pub fn position_at(&self, ply: usize) -> P {
        if ply == 0 {
            self.start.clone()
        } else {
            self.positions[ply - 1].clone()
        }
    }

    /// The moves up to the cursor.
    pub fn played(&self) -> &[P::Move] {
        &self.moves[..self.cursor]
    }

    /// All moves, including those after the cursor.
    pub fn line(&self) -> &[P::Move] {
        &self.moves
    }

    /// How many moves are played (the cursor).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<P::Move> {
        self.played().last().cloned()
    }

    /// Plays `mv` at the cursor; a move other than the one recorded next
    /// starts a new line, dropping the old continuation.
    pub fn play(&mut self, mv: P::Move) -> Result<P, P::Error> {
        let next = self.current().try_play(mv.clone())?;
        if self.moves.get(self.cursor) != Some(&mv) {
            self.moves.truncate(self.cursor);
            self.positions.truncate(self.cursor);
            self.moves.push(mv);
            self.positions.push(next.clone());
        }
        self.cursor += 1;
        Ok(next)
    }

    /// Where undo goes: the latest earlier ply where `stop` holds (a
    /// person's turn), or the start; `None` at the start.
    pub fn undo_target(&self, stop: impl Fn(usize) -> bool) -> Option<usize> {
        let cursor = self.cursor;
        (cursor > 0).then(|| (0..cursor).rev().find(|&ply| stop(ply)).unwrap_or(0))
    }

    /// Where redo goes: the next ply of the line where `stop` holds, or the
    /// line's end; `None` at the end.
    pub fn redo_target(&self, stop: impl Fn(usize) -> bool) -> Option<usize> {
        let end = self.moves.len();
        (self.cursor < end).then(|| {
            (self.cursor + 1..=end)
                .find(|&ply| stop(ply))
                .unwrap_or(end)
        })
    }

    /// Moves the cursor to `ply` (0 = start) within the line; false when it
    /// is out of range or already there.
    pub fn go_to(&mut self, ply: usize) -> bool {
        if ply <= self.moves.len() && ply != self.cursor {
            self.cursor = ply;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::othello::{Move, Position, Rules, Square};

    pub(crate) fn sq(name: &str) -> Move {
        let b = name.as_bytes();
        Move::Place(Square::new(b[0] - b'a', b[1] - b'1').unwrap())
    }

    #[test]
    fn a_new_move_after_going_back_replaces_the_old_line() {
        let mut record = Record::new(Position::start(Rules::default()));
        for m in ["f5", "d6", "c3"] {
            record.play(sq(m)).unwrap();
        }
        assert!(record.go_to(1));
        assert_eq!(record.current(), record.position_at(1));
        // Replaying the recorded move keeps the line (that is redo).
        record.play(sq("d6")).unwrap();
        assert_eq!(record.line().len(), 3);
        record.go_to(1);
        record.play(sq("f6")).unwrap();
        assert_eq!(record.line(), &[sq("f5"), sq("f6")]);
        assert_eq!(record.cursor(), 2);
    }

    #[test]
    fn records_are_rebuilt_from_moves_or_refused() {
        let start = Position::start(Rules::default());
        let r = Record::from_moves(start, &[sq("f5"), sq("d6")], 1).unwrap();
        assert_eq!(r.cursor(), 1);
        assert_eq!(r.line().len(), 2);
        assert!(Record::from_moves(start, &[sq("f5"), sq("a1")], 2).is_none());
        assert!(Record::from_moves(start, &[sq("f5")], 2).is_none());
    }
}
