//! The Mind Sports app without the web: everything the pages, the server
//! and the `engine` command line share, pure Rust (no web, async or
//! terminal dependency), built natively and for wasm and tested natively.
//!
//! Its modules, each knowing only those listed before it (`tests/layers.rs`
//! keeps the order):
//!
//! * [`json`]: reading JSON without serde's visitors (the pages' readers
//!   of the server's messages).
//! * [`lang`]: the app's three languages.
//! * [`glicko2`]: the one Glicko-2 rating step, for the puzzles and the
//!   club's rating list.
//! * [`diagram`]: SVG diagrams of positions for print and newsletters.
//! * [`query`]: an address's query: percent-encoding and its pairs.
//! * [`club`]: a club's tournaments: pairings, results, standings, ratings.
//! * [`session`]: a game in the app (record, undo, who plays, clocks),
//!   through one trait each game implements.
//! * [`online`]: online play's protocol and game rooms, shared by the
//!   server and the browser, and the browser's side of a game.
//! * [`learn`]: lessons and puzzles, their checks and progress.
//! * [`worker`]: the search worker's jobs and messages.
//! * [`embed`]: boards embedded on other sites: the frame's URL parameters
//!   and its postMessage API.
//! * [`links`]: the club's and the event's addresses and private links.
//! * [`route`]: which page an address names.
//! * [`i18n`]: the texts in English, Czech and Russian; they render the
//!   typed values and errors of every module above.
//! * [`frame`]: the embedded frame's game, answering its host page (in
//!   English, the frame API's language).

pub mod json;

pub mod lang;

pub mod glicko2;

pub mod diagram;

pub mod query;

pub mod club;

pub mod session;

pub mod online;

pub mod learn;

pub mod worker;

pub mod embed;

pub mod links;

pub mod route;

pub mod i18n;

pub mod frame;

/// The game core: its own crate (`mind-sports-engine`), re-exported so
/// that every layer above reaches it as `…::engine`.
pub use mind_sports_engine as engine;
