//! Opok, the stacking game of the Russian puzzle book (RULES.md §2).
//!
//! * [`geometry`]: N×N boards (3…9) as bit sets, square names.
//! * [`position`]: stacks, moves (exactly-k-step walks), captures, the end.
//! * [`notation`]: moves `a1:3:b3`, records, the position text format.
//! * [`eval`], [`game`]: what the shared search needs; [`levels`]: strength.

pub mod eval;
pub mod game;
pub mod geometry;
pub mod levels;
pub mod notation;
pub mod position;

pub use geometry::{Geometry, Square};
pub use levels::Level;
pub use position::{Move, Outcome, PlayError, Position, PositionError, Setup, Side, Stack};
