//! The Opok page and its parts.
//!
//! * `page`: state, worker, storage, keyboard and paste wiring.
//! * `board`: the stacks; `picker`: how many pieces to lift.
//! * `status`: whose turn, passes, result; `new_game`: the dialog.
//! * `rules`: the rules page with the book's capture examples.

mod board;
mod new_game;
mod page;
mod picker;
mod rules;

pub use page::OpokPage;
pub use rules::OpokRules;
