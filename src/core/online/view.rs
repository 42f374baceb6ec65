//! A room as the protocol shows it ([`Brief`], [`GameView`]): service
//! time turned into the deadlines' dates, and the players' presence, which
//! the server knows and the room does not.

use super::protocol::{Brief, ClockView, GameView};
use super::room::Room;

/// What the server adds to a room to show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    /// Service time now.
    pub now: u64,
    /// Wall time less service time (milliseconds since 1970 at service
    /// time 0, the server's downtime added).
    pub offset: u64,
    /// Whether each seat's player is connected.
    pub present: [bool; 2],
}

impl Room {
    /// Where the game stands, as of `seen`.
    pub fn brief(&self, seen: Seen) -> Brief {
        let (rematch, next_game) = self.rematch();
        Brief {
            status: self.status(),
            ply: self.moves().len(),
            to_move: self.to_move(),
            clock: self.clock().map(|clock| ClockView {
                left_ms: clock.left(seen.now),
                running: clock.running().map(|side| side as u8),
                deadline_ms: clock.flag_at().map(|at| at + seen.offset),
            }),
            rematch,
            next_game: next_game.map(str::to_string),
            present: seen.present,
        }
    }

    /// The whole game `id`, as of `seen`.
    pub fn view(&self, id: &str, seen: Seen) -> GameView {
        GameView {
            game: id.to_string(),
            setup: self.setup().clone(),
            public: self.is_public(),
            names: self.names().clone(),
            moves: self.moves().to_vec(),
            seq: self.events(),
            brief: self.brief(seen),
            expires_ms: self.expires_at().map(|at| at + seen.offset),
            event: self.event().cloned(),
        }
    }
}
