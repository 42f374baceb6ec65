//! The Othello page and its parts.
//!
//! * `page`: the shell with the Othello parts.
//! * `board`: the grid of squares; `move_box`: typing a move.
//! * `analysis`, `graph`: the engine's view and the game's evaluations.
//! * `new_game`: the new-game dialog; `board_tools`: board strings;
//!   `editor`: setting up a position.
//! * `rules`: the rules page with its exercise.

mod analysis;
pub mod board;
mod board_tools;
mod editor;
pub mod embed;
mod graph;
mod move_box;
mod new_game;
mod page;
mod page_game;
mod rules;

pub use page::OthelloPage;
pub use rules::OthelloRules;

use yew::prelude::*;

use crate::route::Route;

/// The page of a route (a new share link draws a new page).
pub fn page_of(route: &Route) -> Html {
    match route {
        Route::Othello(link) => {
            html! { <OthelloPage key={link.clone().unwrap_or_default()} link={link.clone()} /> }
        }
        _ => Html::default(),
    }
}
