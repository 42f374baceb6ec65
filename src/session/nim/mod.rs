//! A take-away game in the app.
//!
//! * [`settings`]: the heaps to start with, normal or misère, who plays.
//! * [`link`]: share links; [`saved`]: the autosave form.
//! * [`state`]: the page state and every action that changes it.

pub mod link;
pub mod saved;
pub mod settings;
pub mod state;

pub use settings::{Mover, Settings};
pub use state::{Action, Announcement, Job, NimState, Notice, Turn};

/// The record of a take-away game.
pub type Record = crate::session::record::Record<crate::engine::nim::Position>;

/// The most moves a pasted, linked or saved record may hold (a game on
/// huge heaps can be long; its replay costs time and memory per move).
pub const MAX_RECORD_MOVES: usize = 10_000;

/// Replays `heap:taken` moves from `start`, naming the first bad one
/// (1-based) and why.
pub fn replay(
    start: &crate::engine::nim::Position,
    moves: &[&str],
) -> Result<Record, (usize, crate::engine::nim::position::MoveTextError)> {
    if moves.len() > MAX_RECORD_MOVES {
        return Err((
            MAX_RECORD_MOVES + 1,
            crate::engine::nim::position::MoveTextError::RecordFull {
                max: MAX_RECORD_MOVES,
            },
        ));
    }
    let mut record = Record::new(start.clone());
    for (i, text) in moves.iter().enumerate() {
        let mv = crate::engine::nim::parse_move(&record.current(), text).map_err(|e| (i + 1, e))?;
        record.play(mv).expect("parse_move checked it");
    }
    Ok(record)
}
