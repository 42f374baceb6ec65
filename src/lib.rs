//! Mind Sports: Othello, Opok and take-away games.
//!
//! * [`engine`]: the pure core (rules, notation, search, evaluation); builds
//!   natively and for wasm.
//! * [`session`]: a game in the app (record, undo, who plays), pure as well.
//! * [`diagram`]: SVG diagrams of positions for print and newsletters (the
//!   game pages and `engine diagram`), pure as well.
//! * [`embed`]: boards embedded on other sites: the frame's URL parameters
//!   and its postMessage API, pure as well.
//! * [`worker`]: the search worker and its message protocol.
//! * `ui`: the Yew front end (wasm only).
//! * `cli`: the native `engine` command.

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod club;
pub mod diagram;
pub mod embed;
pub mod i18n;
pub mod learn;

/// The game core: its own crate (`mind-sports-engine`, no web
/// dependencies), re-exported so that the app and the command line reach it
/// as `mind_sports::engine`.
pub use mind_sports_engine as engine;

pub mod session;
#[cfg(target_arch = "wasm32")]
pub mod ui;
pub mod worker;
