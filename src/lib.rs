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
//! * `ui`: the Yew front end (wasm only).
//! * `cli`: the native `engine` command.

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod club;
pub mod diagram;
pub mod embed;
pub mod i18n;
pub mod learn;

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
/// opens: `wasm_module!(ui::othello, "the Othello pages")` exports
/// `mount(root, lang, host)` and `unmount()` of `crate::ui::othello` (see
/// `ui::section`), and natively a `main` that says where the part runs.
#[macro_export]
macro_rules! wasm_module {
    ($($part:ident)::+, $what:literal) => {
        #[cfg(target_arch = "wasm32")]
        mod exports {
            use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

            /// Draws the part's pages inside `root` in the language `lang`,
            /// speaking through the app's `host`.
            #[wasm_bindgen]
            pub fn mount(root: web_sys::Element, lang: &str, host: JsValue) {
                mind_sports::$($part)::+::mount(root, lang, host);
            }

            /// Takes the part's pages down.
            #[wasm_bindgen]
            pub fn unmount() {
                mind_sports::$($part)::+::unmount();
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
}
