//! The search worker: the engine runs here, off the page's main thread.
//!
//! [`protocol`] is the message format and [`pool`] the workers' number and
//! memory (plain data, compiled everywhere so it is tested natively); the
//! worker itself exists only in wasm.

pub mod pool;
pub mod protocol;
pub mod run;

/// The engine's transposition tables have 2^`TABLE_BITS` entries (about
/// 40 MB in all); `engine player` uses the same.
pub const TABLE_BITS: u32 = 20;

/// Where the Othello engine starts exact solving: a little later than
/// natively, as wasm is slower; `engine player` plays as the app does.
pub const OTHELLO_EXACT_EMPTIES: u32 = 18;

#[cfg(target_arch = "wasm32")]
mod agent;
#[cfg(target_arch = "wasm32")]
mod clock;

#[cfg(target_arch = "wasm32")]
pub use agent::SearchAgent;

/// Registers the worker; called by the worker binary's `main`.
#[cfg(target_arch = "wasm32")]
pub fn register() {
    use gloo_worker::Registrable;
    // A panic ends the worker; the page notices the silence and starts a
    // new one. The message is for whoever reads the console.
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("Mind Sports worker: {info}").into());
    }));
    SearchAgent::registrar().register();
}
