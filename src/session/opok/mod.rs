//! An Opok game in the app.
//!
//! * [`settings`]: board size, who plays each side, thinking time.
//! * [`link`]: share links; [`saved`]: the autosave form.
//! * [`state`]: the page state and every action that changes it.

pub mod link;
pub mod saved;
pub mod settings;
pub mod state;

pub use settings::Settings;
pub use state::{Action, Announcement, Notice, OpokState, Turn};

/// The record of an Opok game.
pub type Record = crate::session::record::Record<crate::engine::opok::Position>;
