//! How a game is set up: rules, players, thinking time.

use serde::{Deserialize, Serialize};

use crate::engine::othello::{Color, Level, Rules};

/// Who plays a side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Player {
    /// A person at this device.
    Human,
    /// The engine at a level.
    Computer(Level),
}

/// Thinking times offered for the strongest level, in milliseconds.
pub const THINK_TIMES_MS: [u32; 5] = [1000, 3000, 5000, 10000, 30000];

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
        !matches!(self.black, Player::Human) && !matches!(self.white, Player::Human)
    }

    /// Whether legal-move markers start switched on: for two people, and
    /// against the beginner levels.
    pub fn suggests_markers(&self) -> bool {
        [self.black, self.white].iter().all(|p| match p {
            Player::Human => true,
            Player::Computer(level) => level.suits_beginners(),
        })
    }
}
