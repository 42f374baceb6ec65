//! The browser front end (Yew). Components receive data and callbacks; game
//! state changes go through reducers whose logic lives in
//! [`session`](crate::session) and is tested natively.
//!
//! * `app`: the page shell.
//! * `othello`: the Othello board and game page.
//! * `search`: the hook that owns the search worker.

mod app;
mod othello;
mod search;

pub use app::App;

/// Mounts the app on the page's body.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
