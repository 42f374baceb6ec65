//! How an Opok game is set up.

use serde::{Deserialize, Serialize};

use crate::engine::opok::{Geometry, Level, Side};
use crate::session::player::Player;

/// Board size, players and thinking time.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Settings {
    /// The board.
    pub geometry: Geometry,
    /// Who plays Circles (first).
    pub circles: Player,
    /// Who plays Squares.
    pub squares: Player,
    /// Thinking time per move of the strongest level, in milliseconds.
    pub think_ms: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            geometry: Geometry::new(5).expect("5×5 is a board"),
            circles: Player::Human,
            squares: Player::Computer(Level::new(3).expect("level 3 exists")),
            think_ms: 3000,
        }
    }
}

impl Settings {
    /// Who plays `side`.
    pub fn player(&self, side: Side) -> Player {
        match side {
            Side::Circles => self.circles,
            Side::Squares => self.squares,
        }
    }

    /// True when no person plays.
    pub fn computer_only(&self) -> bool {
        self.circles.is_computer() && self.squares.is_computer()
    }
}
