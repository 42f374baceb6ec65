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

use crate::route::Route;

/// Mounts the app on a container of its own in the page's body (never an
/// ancestor of a module's pages: see [`module_section`]), after the panic
/// hook (a banner offering a reload) and, on request, the browser tests'
/// hooks.
pub fn start() {
    crash::install_panic_hook();
    crash::install_test_hooks();
    let root = module_section::body_child("div", APP_ROOT_ID);
    yew::Renderer::<App>::with_root(root).render();
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

/// Starts an embedded frame from its own module (a board's, the live
/// frames', the club's frames': [`start_from`]'s counterpart): the frame's
/// pages straight in the page's `main`, with a live region of their own,
/// and nothing of the site's (header, home page, the app's module host).
/// The frame's address may change (the page's messages, the snippet
/// builder's preview); when it names a page another module draws (another
/// game's board, a page of the site), the page is loaded anew, which starts
/// that module (`index.html`, which tests/boot.rs holds to
/// `Route::module`).
pub fn start_frame(
    name: &'static str,
    mount: fn(web_sys::Element, &str, wasm_bindgen::JsValue),
    _unmount: fn(),
) {
    run_frame(name, Route::module, mount);
}

/// Starts the snippet builder's module: the builder's page as
/// [`start_from`] starts a module's, or a board's frame as
/// [`start_frame`] starts one, which the builder's preview frame asks of
/// it (`index.html` starts the builder's module there,
/// [`PREVIEW_WINDOW`](crate::route::PREVIEW_WINDOW)).
pub fn start_builder(
    name: &'static str,
    mount: fn(web_sys::Element, &str, wasm_bindgen::JsValue),
    unmount: fn(),
) {
    /// The builder's for a board's frame, which it draws: another board's
    /// needs no new load.
    fn board_frame(route: &Route) -> Option<&'static str> {
        route
            .module()
            .filter(|module| crate::route::BOARD_FRAMES.contains(module))
            .map(crate::route::in_preview)
    }
    if board_frame(&Route::from_fragment(&browser::fragment())) == Some(name) {
        run_frame(name, board_frame, mount);
    } else {
        start_from(name, mount, unmount);
    }
}

/// Draws the frame of the module `name` (the module `module_of` names a
/// route's), following its address.
fn run_frame(
    name: &'static str,
    module_of: fn(&Route) -> Option<&'static str>,
    mount: fn(web_sys::Element, &str, wasm_bindgen::JsValue),
) {
    crash::install_panic_hook();
    crash::install_test_hooks();
    let lang = app::initial_lang();
    look::set_root_attribute("lang", lang.code());
    let follow = move || {
        let route = Route::from_fragment(&browser::fragment());
        if module_of(&route) != Some(name) {
            let _ = browser::window().location().reload();
        }
        if let Some(document) = browser::window().document() {
            document.set_title(&crate::i18n::pages::page_title(lang.texts(), &route));
        }
    };
    follow();
    gloo_events::EventListener::new(&browser::window(), "hashchange", move |_| follow()).forget();
    // Kept for offline use, as the site is; a frame offers no update.
    offline::register(yew::Callback::noop());
    browser::when_idle(10_000, offline::keep_worker_for_offline);
    mount(
        module_section::frame_root(),
        lang.code(),
        wasm_bindgen::JsValue::UNDEFINED,
    );
}

/// The id of the element the app's Yew tree is drawn into.
pub const APP_ROOT_ID: &str = "app-root";
