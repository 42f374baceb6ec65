//! The search worker (wasm only): the engine runs here, off the page's
//! main thread, answering the jobs of [`crate::worker::protocol`].

mod agent;
mod clock;

pub use agent::SearchAgent;

/// Registers the worker; called by the worker binary's `main`.
pub fn register() {
    use gloo_worker::Registrable;
    // A panic ends the worker; the page notices the silence and starts a
    // new one. The message is for whoever reads the console.
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("Mind Sports worker: {info}").into());
    }));
    SearchAgent::registrar().register();
}
