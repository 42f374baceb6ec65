//! Othello: rules on bitboards, notation, evaluation, endgame solver.
//!
//! * [`square`], [`rules`], [`position`]: the rules; [`bitboard`]: the move
//!   generator underneath, [`lines`]: the lines through a square as bytes.
//! * [`notation`]: transcripts and board strings; [`ggf`]: GGF game records
//!   (GGS and the NBoard GUI).
//! * [`eval`], [`game`]: what the shared search needs; [`pattern`]: the
//!   trained evaluation of the standard board.
//! * [`endgame`]: the exact solver ([`last_flip`]: its last ply); [`analysis`]: midgame search plus solver;
//!   [`levels`]: playing strength from beginner to full engine.
//! * [`perft`]: fast move-tree counts; `simd`: the move generator's kernels
//!   in wasm SIMD128 (the wasm builds).

pub mod analysis;
pub mod bitboard;
pub mod endgame;
pub mod eval;
pub mod ffo;
pub mod game;
pub mod ggf;
pub mod last_flip;
pub mod levels;
pub mod lines;
pub mod notation;
// Threads exist natively only (the browser runs one search per worker).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod parallel_search_tests;
pub mod pattern;
pub mod perft;
pub mod position;
pub mod puzzle;
pub mod rules;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd;
pub mod square;
pub mod stability;
pub mod time_plan;

pub use analysis::Analyzer;
pub use levels::Level;
pub use position::{Move, Outcome, PlayError, Position, PositionError, Setup};
pub use rules::{BoardSize, Rules, Variant};
pub use square::{Color, Square};
