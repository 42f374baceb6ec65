//! The pure game core: no web dependencies, compiled natively and to wasm.
//!
//! * [`game`]: the trait every game implements so that [`search`] can play it.
//! * [`search`]: one iterative-deepening alpha-beta search for all games.
//! * [`othello`]: Othello rules, notation, evaluation and endgame solver.

pub mod clock;
pub mod game;
pub mod hashing;
pub mod nim;
pub mod opok;
pub mod othello;
pub mod rng;
pub mod search;
pub mod shared_table;
pub mod stable_sort;
pub mod strength;
pub mod table_memory;
pub mod text;
