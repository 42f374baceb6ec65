//! The take-away games page and its parts.
//!
//! * `page`: state, worker, storage, keyboard wiring.
//! * `heaps`: the heaps of tokens; `theory`: values, nim-sum, P/N, the
//!   value strip of a rule with the mex spelled out.
//! * `new_game`: presets, random and custom sums; `rules`: the rules page.

mod custom_sum;
pub mod embed;
pub mod heaps;
mod new_game;
mod page;
mod page_game;
mod rules;
mod theory;

pub use page::NimPage;
pub use rules::NimRules;

use yew::prelude::*;

use crate::session::route::Route;

use super::section;

/// Draws the take-away games' page inside `root` in the language `code` (a module of its own,
/// `src/bin/nim.rs`), speaking through the app's `host`.
pub fn mount(root: web_sys::Element, code: &str, host: wasm_bindgen::JsValue) {
    section::mount(root, code, page_of, Some(host));
}

/// Takes the take-away games' page down.
pub fn unmount() {
    section::unmount();
}

/// The page of a route (a new share link draws a new page).
fn page_of(route: &Route) -> Html {
    match route {
        Route::Nim(link) => {
            html! { <NimPage key={link.clone().unwrap_or_default()} link={link.clone()} /> }
        }
        _ => Html::default(),
    }
}
