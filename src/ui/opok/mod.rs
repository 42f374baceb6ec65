//! The Opok page and its parts.
//!
//! * `page`: the shell with the Opok parts; `page_game`: what it plugs
//!   into the shell (worker jobs, score line).
//! * `board`: the stacks; `selection`: putting a move together;
//!   `picker`: how many pieces to lift.
//! * `new_game`: the dialog.
//! * `rules`: the rules page with the book's capture examples.

pub mod board;
pub mod embed;
mod new_game;
mod page;
mod page_game;
mod picker;
mod rules;
mod selection;

pub use page::OpokPage;
pub use rules::OpokRules;

use yew::prelude::*;

use crate::route::Route;

/// The page of a route (a new share link draws a new page).
pub fn page_of(route: &Route) -> Html {
    match route {
        Route::Opok(link) => {
            html! { <OpokPage key={link.clone().unwrap_or_default()} link={link.clone()} /> }
        }
        _ => Html::default(),
    }
}
