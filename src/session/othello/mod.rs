//! An Othello game in the app.
//!
//! * [`settings`]: board, variant, who plays each side and how strongly.
//! * [`link`]: the share-link form of a game; [`saved`]: the autosave form.
//! * [`state`]: the page state and every action that changes it.

pub mod link;
pub mod saved;
pub mod settings;
pub mod state;

/// The record of an Othello game.
pub type Record = crate::session::record::Record<crate::engine::othello::Position>;
pub use settings::{Player, Settings};
pub use state::{Action, Announcement, OthelloState, Search, SearchKind, Turn};
