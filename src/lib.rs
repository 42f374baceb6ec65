//! Mind Sports: Othello, Opok and take-away games.
//!
//! [`engine`] is the pure core (rules, notation, search, evaluation) and builds
//! natively and for wasm. The browser front end ([`ui`]) and the search worker
//! ([`worker`]) exist only on `wasm32`.

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod engine;

#[cfg(target_arch = "wasm32")]
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod worker;
