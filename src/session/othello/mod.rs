//! An Othello game in the app.
//!
//! * [`settings`]: board, variant, who plays each side and how strongly.
//! * [`record`]: the moves with undo, redo and going back to any move.
//! * [`link`]: the share-link form of a game; [`saved`]: the autosave form.
//! * [`state`]: the page state and every action that changes it.

pub mod link;
pub mod record;
pub mod saved;
pub mod settings;
pub mod state;

pub use record::Record;
pub use settings::{Player, Settings};
pub use state::{Action, Announcement, OthelloState, Search, SearchKind, Turn};
