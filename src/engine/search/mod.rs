//! One search for every game: iterative-deepening negamax alpha-beta (PVS)
//! with a transposition table, over the [`Game`](crate::game::Game)
//! trait.
//!
//! * [`limits`]: depth, node, time and stop-flag limits.
//! * [`tt`]: the transposition table.
//! * `ordering`: killer and history move ordering.
//! * `alphabeta`: the recursive search.
//! * [`driver`]: iterative deepening, progress reports and the result.
//! * `parallel`: the same search on several threads (native only).
//! * `all_moves`: scores for every root move (hints, weaker levels).
//! * [`reference`]: plain minimax and perft, the yardsticks for tests.

mod all_moves;
mod alphabeta;
pub mod driver;
pub mod limits;
mod ordering;
#[cfg(not(target_arch = "wasm32"))]
mod parallel;
pub mod reference;
pub mod tt;

pub use all_moves::{MoveScores, RootShare};
pub use driver::{Progress, Report, SearchResult, Searcher};
pub use limits::{Budget, Limits};

/// The most threads a search or a solve uses.
pub const MAX_THREADS: usize = 64;
