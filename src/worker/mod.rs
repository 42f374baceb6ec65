//! The search worker: the engine runs here, off the page's main thread.
//!
//! [`protocol`] is the message format (plain data, compiled everywhere so it
//! is tested natively); the worker itself exists only in wasm.

pub mod protocol;

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
