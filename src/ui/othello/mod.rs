//! The Othello page and its parts.
//!
//! * `page`: state, worker, storage, keyboard and paste wiring.
//! * `board`: the grid of squares.
//! * `status`, `controls`, `move_list`, `analysis`, `graph`: around the board.
//! * `new_game`: the new-game dialog; `records`: copy, paste, share;
//!   `editor`: setting up a position.
//! * `rules`: the rules page with its exercise.

mod analysis;
mod board;
mod controls;
mod editor;
mod graph;
mod move_list;
mod new_game;
mod page;
mod records;
mod rules;
mod status;

pub use page::OthelloPage;
pub use rules::OthelloRules;
