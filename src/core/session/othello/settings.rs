//! How a game is set up: rules, players, thinking time.

use serde::{Deserialize, Serialize};

use crate::engine::othello::{Level, Rules};

pub use crate::session::player::{Player, Seats};

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
    /// Whether legal-move markers start switched on: for two people, and
    /// against the beginner levels.
    pub fn suggests_markers(&self) -> bool {
        self.black.suits_beginners() && self.white.suits_beginners()
    }
}

impl Seats for Settings {
    fn seats(&self) -> [Player; 2] {
        [self.black, self.white]
    }

    fn seat(&mut self, index: usize, player: Player) {
        *[&mut self.black, &mut self.white][index.min(1)] = player;
    }

    fn think_ms(&self) -> Option<u32> {
        Some(self.think_ms)
    }

    fn set_think_ms(&mut self, ms: u32) {
        self.think_ms = ms;
    }
}
