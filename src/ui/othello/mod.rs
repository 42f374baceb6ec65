//! The Othello page: board, status and the computer opponent.

mod board;
mod page;
mod state;

pub use page::OthelloPage;
