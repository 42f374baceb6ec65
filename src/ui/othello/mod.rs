//! The Othello page and its parts.
//!
//! * `page`: state, worker, storage, keyboard and paste wiring.
//! * `board`: the grid of squares.
//! * `status`, `analysis`, `graph`: around the board.
//! * `new_game`: the new-game dialog; `board_tools`: board strings;
//!   `editor`: setting up a position.
//! * `rules`: the rules page with its exercise.

mod analysis;
mod board;
mod board_tools;
mod editor;
mod graph;
mod new_game;
mod page;
mod rules;
mod status;

pub use page::OthelloPage;
pub use rules::OthelloRules;
