//! How a game is set up: rules, players, thinking time.

use serde::{Deserialize, Serialize};

use crate::engine::othello::{Color, Level, Rules};

pub use crate::session::player::Player;

/// How a game is set up.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Settings {
    /// Board size and variant.
    pub rules: Rules,
    /// Who plays black.
    pub black: Player,
    /// Who plays white.
    pub white: Player,
    /// Thinking time per move of the strongest level, in milliseconds.
    pub think_ms: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            rules: Rules::default(),
            black: Player::Human,
            white: Player::Computer(Level::new(3).expect("level 3 exists")),
            think_ms: 3000,
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

    /// True when no person plays: the computer plays itself.
    pub fn computer_only(&self) -> bool {
        self.black.is_computer() && self.white.is_computer()
    }

    /// Whether legal-move markers start switched on: for two people, and
    /// against the beginner levels.
    pub fn suggests_markers(&self) -> bool {
        self.black.suits_beginners() && self.white.suits_beginners()
    }
}
