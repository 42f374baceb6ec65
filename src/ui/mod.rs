//! The browser front end (Yew). Components receive data and callbacks; game
//! state changes go through reducers whose logic lives in
//! [`session`](crate::session) and is tested natively.
//!
//! * `app`: the shell: language, theme, routing, the live region.
//! * `home`: the list of games; `common`: parts every game page uses.
//! * `othello`, `opok`, `nim`: each game's page, its parts and its rules page.
//! * `search`: the hook that owns the search worker.
//! * `browser`: storage, clipboard and location helpers.
//! * `offline`: the service worker (offline use, updates between games).

mod app;
mod browser;
pub mod club;
mod common;
mod context;
mod crash;
pub mod embed;
pub mod event;
mod header;
mod home;
pub mod learn;
mod look;
mod module_section;
pub mod nim;
mod offline;
pub mod online;
pub mod opok;
pub mod othello;
mod search;
mod section;
pub use section::{mount as mount_module, unmount as unmount_module};
mod shell;
mod store_news;

pub use app::App;
pub use common::diagram;
use yew::BaseComponent;

/// Mounts the app on a container of its own in the page's body (never an
/// ancestor of a module's pages: see [`module_section`]), after the panic
/// hook (a banner offering a reload) and, on request, the browser tests'
/// hooks.
pub fn start() {
    render::<App>();
}

/// Draws the app's component `A` after the panic hook and the tests' hooks.
fn render<A: BaseComponent<Properties = ()>>() {
    crash::install_panic_hook();
    crash::install_test_hooks();
    let root = module_section::body_child("div", APP_ROOT_ID);
    yew::Renderer::<A>::with_root(root).render();
}

/// Starts the app from the module `name` (a page of the module opened by
/// its address, `index.html`): the module's `mount` and `unmount` serve as
/// if the module had been fetched, so the app's own module is never needed
/// on that load, and the pages the module does not hold are fetched as
/// always when they open.
pub fn start_from(
    name: &'static str,
    mount: fn(web_sys::Element, &str, wasm_bindgen::JsValue),
    unmount: fn(),
) {
    module_section::hold(name, mount, unmount);
    start();
}

/// Starts the app of an embedded frame from the frames' module (`frame`,
/// see [`start_from`]): the frame alone, without the site's header and
/// home page.
pub fn start_frame(
    name: &'static str,
    mount: fn(web_sys::Element, &str, wasm_bindgen::JsValue),
    unmount: fn(),
) {
    module_section::hold(name, mount, unmount);
    render::<app::FrameApp>();
}

/// The id of the element the app's Yew tree is drawn into.
pub const APP_ROOT_ID: &str = "app-root";
