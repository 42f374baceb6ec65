//! How an Opok game is set up.

use serde::{Deserialize, Serialize};

use crate::engine::opok::{Geometry, Level};
use crate::session::player::{Player, Seats};

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

impl Seats for Settings {
    fn seats(&self) -> [Player; 2] {
        [self.circles, self.squares]
    }

    fn seat(&mut self, index: usize, player: Player) {
        *[&mut self.circles, &mut self.squares][index.min(1)] = player;
    }

    fn think_ms(&self) -> Option<u32> {
        Some(self.think_ms)
    }

    fn set_think_ms(&mut self, ms: u32) {
        self.think_ms = ms;
    }
}
