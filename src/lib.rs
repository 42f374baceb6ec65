//! The Mind Sports web app: the Yew pages and the entry points of the
//! wasm modules Trunk builds (`src/bin`), on top of the pure core.
//!
//! * `ui`: the Yew front end (wasm only).
//! * `search_worker`: the search worker's glue (wasm only): the engine
//!   runs there, off the page's main thread.
//!
//! Everything else is the core's ([`mind_sports_core`]: sessions, clubs,
//! lessons, frames, online play, texts) and the engine's
//! ([`mind_sports_engine`]), re-exported so that the pages reach them as
//! `crate::session`, `crate::i18n`….

pub use mind_sports_core::{
    club, diagram, embed, frame, glicko2, i18n, json, lang, learn, links, online, query, route,
    session, worker,
};

/// The game core, as every layer reaches it.
pub use mind_sports_core::engine;

#[cfg(target_arch = "wasm32")]
pub mod search_worker;
#[cfg(target_arch = "wasm32")]
pub mod ui;

/// The entry point of a part of the app built as a wasm module of its own
/// (`src/bin/<name>.rs`), which the app fetches when one of its pages first
/// opens. `wasm_module!(ui::othello::page_of, "the Othello page", host)`
/// exports `mount(root, lang, host)` and `unmount()` drawing the pages of
/// `page_of` (see `ui::section`) and speaking through the app's `host`;
/// with `own` instead of `host`, through a live region of their own; and
/// `start()`, the whole app started from the module (see `ui::start_from`;
/// a fourth argument `start_frame` starts a frame's app instead).
/// Natively, a `main` that says where the part runs.
#[macro_export]
macro_rules! wasm_module {
    ($($pages:ident)::+, $what:literal, $speaks:ident) => {
        $crate::wasm_module!($($pages)::+, $what, $speaks, start_from);
    };
    ($($pages:ident)::+, $what:literal, $speaks:ident, $start:ident) => {
        #[cfg(target_arch = "wasm32")]
        mod exports {
            use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

            /// Draws the part's pages inside `root` in the language `lang`,
            /// lent the app's `host`.
            #[wasm_bindgen]
            pub fn mount(root: web_sys::Element, lang: &str, host: JsValue) {
                let host = $crate::wasm_module!(@host $speaks, host);
                mind_sports_web::ui::mount_module(root, lang, mind_sports_web::$($pages)::+, host);
            }

            /// Takes the part's pages down.
            #[wasm_bindgen]
            pub fn unmount() {
                mind_sports_web::ui::unmount_module();
            }

            /// Starts the whole app from this module, for a page of its
            /// own opened by its address: the app's own module is then not
            /// fetched at all, and this module's pages are drawn without
            /// another fetch (`index.html` boots it).
            #[wasm_bindgen]
            pub fn start() {
                mind_sports_web::ui::$start(env!("CARGO_BIN_NAME"), mount, unmount);
            }
        }

        #[cfg(target_arch = "wasm32")]
        fn main() {}

        #[cfg(not(target_arch = "wasm32"))]
        fn main() {
            eprintln!(concat!($what, " run in the browser: build them with `make serve`"));
            std::process::exit(2);
        }
    };
    (@host host, $host:ident) => {
        Some($host)
    };
    (@host own, $host:ident) => {{
        let _ = $host;
        None
    }};
}
