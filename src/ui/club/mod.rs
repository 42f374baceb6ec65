//! The club page (`#/club`) as a module of its own (`src/bin/club.rs`,
//! mounted through [`section`](super::section)): a tournament manager
//! kept in the browser.

mod page;

use yew::prelude::*;

use crate::session::route::Route;

use super::section;
use page::ClubPage;

/// Draws the club page inside `root` in the language `code`.
pub fn mount(root: web_sys::Element, code: &str, _host: wasm_bindgen::JsValue) {
    // Speaks through a live region of its own.
    section::mount(root, code, page_of, None);
}

/// Takes the club page down.
pub fn unmount() {
    section::unmount();
}

fn page_of(_route: &Route) -> Html {
    html! { <ClubPage /> }
}
