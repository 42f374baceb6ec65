//! Mind Sports: Othello, Opok and take-away games.
//!
//! * [`engine`]: the pure core (rules, notation, search, evaluation); builds
//!   natively and for wasm.
//! * [`session`]: a game in the app (record, undo, who plays), pure as well.
//! * [`diagram`]: SVG diagrams of positions for print and newsletters (the
//!   game pages and `engine diagram`), pure as well.
//! * [`embed`]: boards embedded on other sites: the frame's URL parameters
//!   and its postMessage API, pure as well.
//! * [`worker`]: the search worker and its message protocol.
//! * [`online`]: online play's protocol and game rooms, shared by the
//!   server and the browser, pure as well.
//! * [`glicko2`]: the one Glicko-2 rating step, for the puzzles and the
//!   club's rating list.
//! * `ui`: the Yew front end (wasm only).
//! * `cli`: the native `engine` command.

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod club;
pub mod diagram;
pub mod embed;
pub mod glicko2;
pub mod i18n;
pub mod learn;
pub mod online;

/// The game core: its own crate (`mind-sports-engine`, no web
/// dependencies), re-exported so that the app and the command line reach it
/// as `mind_sports::engine`.
pub use mind_sports_engine as engine;

pub mod session;
#[cfg(target_arch = "wasm32")]
pub mod ui;
pub mod worker;

/// The entry point of a part of the app built as a wasm module of its own
/// (`src/bin/<name>.rs`), which the app fetches when one of its pages first
/// opens. `wasm_module!(ui::othello::page_of, "the Othello page", host)`
/// exports `mount(root, lang, host)` and `unmount()` drawing the pages of
/// `page_of` (see `ui::section`) and speaking through the app's `host`;
/// with `own` instead of `host`, through a live region of their own.
/// Natively, a `main` that says where the part runs.
#[macro_export]
macro_rules! wasm_module {
    ($($pages:ident)::+, $what:literal, $speaks:ident) => {
        #[cfg(target_arch = "wasm32")]
        mod exports {
            use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

            /// Draws the part's pages inside `root` in the language `lang`,
            /// lent the app's `host`.
            #[wasm_bindgen]
            pub fn mount(root: web_sys::Element, lang: &str, host: JsValue) {
                let host = $crate::wasm_module!(@host $speaks, host);
                mind_sports::ui::mount_module(root, lang, mind_sports::$($pages)::+, host);
            }

            /// Takes the part's pages down.
            #[wasm_bindgen]
            pub fn unmount() {
                mind_sports::ui::unmount_module();
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
