//! The club page (`#/club`) as a module of its own (`src/bin/club.rs`,
//! mounted through [`section`](super::section)): a tournament manager
//! kept in the browser; and the webmasters' embed snippet builder
//! (`#/embed`).

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

fn page_of(route: &Route) -> Html {
    match route {
        // The webmasters' snippet builder comes with the club's tools.
        Route::EmbedBuilder(query) => {
            html! { <super::embed::builder::EmbedBuilder query={query.clone()} /> }
        }
        _ => html! { <ClubPage /> },
    }
}
