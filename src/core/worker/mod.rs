//! The search worker: the engine runs here, off the page's main thread.
//!
//! [`protocol`] is the message format, [`pool`] the workers' number and
//! memory, [`split`] how one job is shared among them (plain data,
//! compiled everywhere so it is tested natively); the worker itself is the
//! web app's (`search_worker`), in wasm only.

pub mod pool;
pub mod protocol;
pub mod run;
pub mod split;

/// The engine's transposition tables have 2^`TABLE_BITS` entries (about
/// 40 MB in all); `engine player` uses the same.
pub const TABLE_BITS: u32 = 20;

/// Where the Othello engine starts exact solving: a little later than
/// natively, as wasm is slower; `engine player` plays as the app does.
pub const OTHELLO_EXACT_EMPTIES: u32 = 18;
