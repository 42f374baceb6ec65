//! Who plays a side: a person or the computer at a level.

use serde::{Deserialize, Serialize};

use crate::engine::strength::Level;

/// Thinking times offered for the strongest level, in milliseconds.
pub const THINK_TIMES_MS: [u32; 5] = [1000, 3000, 5000, 10000, 30000];

/// The thinking times a link or a saved game may ask for, in milliseconds.
pub const THINK_MS_RANGE: std::ops::RangeInclusive<u32> = 100..=600_000;

/// Reads a player's code (`human`, `c1` … `c7`) into `slot`; false when
/// it is not one.
pub fn read_player(slot: &mut Player, code: &str) -> bool {
    Player::from_code(code).map(|p| *slot = p).is_some()
}

/// Reads a thinking time in milliseconds within [`THINK_MS_RANGE`] into
/// `slot`; false when it is not one.
pub fn read_think_ms(slot: &mut u32, text: &str) -> bool {
    crate::engine::text::parse_number(text)
        .filter(|ms| THINK_MS_RANGE.contains(ms))
        .map(|ms| *slot = ms)
        .is_some()
}

/// Checks a thinking time read from a save.
pub fn check_think_ms(ms: u32) -> Result<(), String> {
    THINK_MS_RANGE
        .contains(&ms)
        .then_some(())
        .ok_or_else(|| format!("a thinking time of {ms} ms"))
}

/// Settings that seat a player on each of a game's two sides (first
/// side first): what a new-game form chooses.
pub trait Seats {
    /// The players.
    fn seats(&self) -> [Player; 2];
    /// Seats `player` on side `index` (0 or 1).
    fn seat(&mut self, index: usize, player: Player);
    /// The strongest level's thinking time, if the game has one.
    fn think_ms(&self) -> Option<u32> {
        None
    }
    /// Sets it (a game without one ignores it).
    fn set_think_ms(&mut self, _ms: u32) {}
}

/// Who plays a side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Player {
    /// A person at this device.
    Human,
    /// The engine at a level.
    Computer(Level),
}

impl Player {
    /// The form used in links and forms: `human`, `c1` … `c7`.
    pub fn code(self) -> String {
        match self {
            Player::Human => "human".into(),
            Player::Computer(level) => format!("c{}", level.number()),
        }
    }

    /// Reads [`Player::code`].
    pub fn from_code(code: &str) -> Option<Player> {
        if code == "human" {
            return Some(Player::Human);
        }
        let n = crate::engine::text::parse_number(code.strip_prefix('c')?)?;
        Level::new(n).map(Player::Computer)
    }

    /// The level the engine searches at for this player: the computer's,
    /// or the strongest for a person (hints, analysis).
    pub fn level(self) -> Level {
        match self {
            Player::Human => Level::MAX,
            Player::Computer(level) => level,
        }
    }

    /// True for the computer.
    pub fn is_computer(self) -> bool {
        matches!(self, Player::Computer(_))
    }

    /// Whether move markers suit a game against this player.
    pub fn suits_beginners(self) -> bool {
        match self {
            Player::Human => true,
            Player::Computer(level) => level.suits_beginners(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for player in [
            Player::Human,
            Player::Computer(Level::MIN),
            Player::Computer(Level::MAX),
        ] {
            assert_eq!(Player::from_code(&player.code()), Some(player));
        }
        for bad in ["", "c0", "c8", "robot", "cx"] {
            assert_eq!(Player::from_code(bad), None);
        }
    }
}
