//! An Othello game in the app: settings, the move record and the actions
//! that change them.

use serde::{Deserialize, Serialize};

use crate::engine::othello::{Color, Move, PlayError, Position, Rules};

/// Who plays a side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Player {
    /// A person at this device.
    Human,
    /// The engine, thinking for `think_ms` milliseconds per move.
    Computer {
        /// Thinking time per move in milliseconds.
        think_ms: u32,
    },
}

/// How a game is set up.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Settings {
    /// Board size and variant.
    pub rules: Rules,
    /// Who plays black.
    pub black: Player,
    /// Who plays white.
    pub white: Player,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            rules: Rules::default(),
            black: Player::Human,
            white: Player::Computer { think_ms: 1000 },
        }
    }
}

impl Settings {
    /// Who plays `color`.
    pub fn player(&self, color: Color) -> Player {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// The moves of a game from its start, with a cursor for undo and redo:
/// moves after the cursor are the line that redo replays.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    start: Position,
    moves: Vec<Move>,
    positions: Vec<Position>,
    cursor: usize,
}

impl Record {
    /// A record starting at `start`.
    pub fn new(start: Position) -> Record {
        Record {
            start,
            moves: Vec::new(),
            positions: Vec::new(),
            cursor: 0,
        }
    }

    /// The starting position.
    pub fn start(&self) -> Position {
        self.start
    }

    /// The position at the cursor.
    pub fn current(&self) -> Position {
        self.position_at(self.cursor)
    }

    /// The position after the first `ply` moves.
    pub fn position_at(&self, ply: usize) -> Position {
        if ply == 0 {
            self.start
        } else {
            self.positions[ply - 1]
        }
    }

    /// The moves up to the cursor.
    pub fn played(&self) -> &[Move] {
        &self.moves[..self.cursor]
    }

    /// All moves, including those after the cursor.
    pub fn line(&self) -> &[Move] {
        &self.moves
    }

    /// How many moves are played (the cursor).
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.played().last().copied()
    }

    /// Plays `mv` at the cursor; a different move than the one recorded next
    /// starts a new line, dropping the old continuation.
    pub fn play(&mut self, mv: Move) -> Result<Position, PlayError> {
        let next = self.current().try_play(mv)?;
        if self.moves.get(self.cursor) != Some(&mv) {
            self.moves.truncate(self.cursor);
            self.positions.truncate(self.cursor);
            self.moves.push(mv);
            self.positions.push(next);
        }
        self.cursor += 1;
        Ok(next)
    }

    /// Moves the cursor to `ply` (0 = start), within the recorded line.
    pub fn go_to(&mut self, ply: usize) -> bool {
        if ply <= self.moves.len() && ply != self.cursor {
            self.cursor = ply;
            true
        } else {
            false
        }
    }
}

/// A game in the app: settings plus record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    /// How the game is set up.
    pub settings: Settings,
    /// The moves.
    pub record: Record,
}

/// What the side to move must do next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// A person must place a disc.
    HumanMove(Color),
    /// A person has no legal move and must confirm a pass.
    HumanPass(Color),
    /// The computer must move (or pass).
    Computer(Color),
    /// The game is over.
    Over,
}

impl Game {
    /// A new game from the start position of the settings' rules.
    pub fn new(settings: Settings) -> Game {
        Game {
            settings,
            record: Record::new(Position::start(settings.rules)),
        }
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.record.current()
    }

    /// What happens next.
    pub fn turn(&self) -> Turn {
        let p = self.position();
        if p.is_over() {
            return Turn::Over;
        }
        let side = p.side_to_move();
        match self.settings.player(side) {
            Player::Computer { .. } => Turn::Computer(side),
            Player::Human if p.must_pass() => Turn::HumanPass(side),
            Player::Human => Turn::HumanMove(side),
        }
    }

    /// A person plays `mv`; refused when it is not a person's turn or the
    /// move is illegal.
    pub fn human_move(&mut self, mv: Move) -> Result<(), PlayError> {
        match self.turn() {
            Turn::HumanMove(_) | Turn::HumanPass(_) => self.record.play(mv).map(|_| ()),
            Turn::Computer(color) => Err(PlayError::Illegal(
                match mv {
                    Move::Place(s) => s,
                    Move::Pass => return Err(PlayError::PassNotAllowed(color)),
                },
                color,
            )),
            Turn::Over => Err(PlayError::GameOver),
        }
    }

    /// The computer's answer for `searched`; ignored (returns false) when the
    /// game has moved on since the search started.
    pub fn computer_move(&mut self, searched: &Position, mv: Move) -> bool {
        matches!(self.turn(), Turn::Computer(_))
            && self.position() == *searched
            && self.record.play(mv).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::othello::Square;

    fn sq(name: &str) -> Move {
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
        // Replaying the recorded move keeps the line (redo).
        record.play(sq("d6")).unwrap();
        assert_eq!(record.line().len(), 3);
        record.go_to(1);
        record.play(sq("f6")).unwrap();
        assert_eq!(record.line(), &[sq("f5"), sq("f6")]);
        assert_eq!(record.cursor(), 2);
    }

    #[test]
    fn the_computer_answer_for_an_old_position_is_ignored() {
        let mut game = Game::new(Settings::default());
        let start = game.position();
        game.human_move(sq("f5")).unwrap();
        assert_eq!(game.turn(), Turn::Computer(Color::White));
        assert!(!game.computer_move(&start, sq("d6")));
        let now = game.position();
        assert!(game.computer_move(&now, sq("d6")));
        assert_eq!(game.turn(), Turn::HumanMove(Color::Black));
        // Not the computer's turn any more.
        assert!(!game.computer_move(&game.position(), sq("c3")));
    }

    #[test]
    fn humans_cannot_move_for_the_computer_or_illegally() {
        let mut game = Game::new(Settings::default());
        assert!(game.human_move(sq("a1")).is_err());
        game.human_move(sq("f5")).unwrap();
        assert!(game.human_move(sq("d6")).is_err());
    }
}
