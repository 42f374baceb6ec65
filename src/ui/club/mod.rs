//! The club page (`#/club`) as a module of its own (`src/bin/club.rs`,
//! mounted through [`section`](super::section)): a tournament manager
//! kept in the browser; and the webmasters' embed snippet builder
//! (`#/embed`).

mod actions;
mod heading;
mod on_server;
mod page;
mod players;
mod results;
pub(crate) mod round;
mod run_online;
mod setup;
mod slips;
pub(crate) mod standings_table;
pub(crate) mod state;
mod storage;

use yew::prelude::*;

use crate::route::Route;

use page::ClubPage;

pub fn page_of(route: &Route) -> Html {
    match route {
        // The webmasters' snippet builder comes with the club's tools.
        Route::EmbedBuilder(query) => {
            html! { <super::embed::builder::EmbedBuilder query={query.clone()} /> }
        }
        _ => html! { <ClubPage /> },
    }
}
