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

use crate::route::Route;

/// The page of a route (a new share link draws a new page).
pub fn page_of(route: &Route) -> Html {
    match route {
        Route::Nim(link) => {
            html! { <NimPage key={link.clone().unwrap_or_default()} link={link.clone()} /> }
        }
        _ => Html::default(),
    }
}
