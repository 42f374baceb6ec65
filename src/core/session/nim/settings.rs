//! How a take-away game is set up.

use serde::{Deserialize, Serialize};

use crate::engine::nim::Position;
use crate::engine::strength::Level;
use crate::session::player::{Player, Seats};

/// The player who moved first, or second (the players of an impartial game
/// have the same moves, so they are named by their turn).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Mover {
    /// Moves first.
    First,
    /// Moves second.
    Second,
}

impl Mover {
    /// The other player.
    pub fn other(self) -> Mover {
        match self {
            Mover::First => Mover::Second,
            Mover::Second => Mover::First,
        }
    }

    /// Who moves after `ply` moves.
    pub fn at(ply: usize) -> Mover {
        if ply % 2 == 0 {
            Mover::First
        } else {
            Mover::Second
        }
    }

    /// A lowercase name for classes and tests.
    pub fn name(self) -> &'static str {
        match self {
            Mover::First => "first",
            Mover::Second => "second",
        }
    }
}

/// The heaps, the convention and the players.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Settings {
    /// The heaps at the start.
    pub start: Position,
    /// Misère play: whoever makes the last move loses.
    pub misere: bool,
    /// Who moves first.
    pub first: Player,
    /// Who moves second.
    pub second: Player,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            start: Position::nim(&[3, 4, 5]).expect("three small heaps"),
            misere: false,
            first: Player::Human,
            second: Player::Computer(Level::MAX),
        }
    }
}

impl Seats for Settings {
    fn seats(&self) -> [Player; 2] {
        [self.first, self.second]
    }

    fn seat(&mut self, index: usize, player: Player) {
        *[&mut self.first, &mut self.second][index.min(1)] = player;
    }
}
