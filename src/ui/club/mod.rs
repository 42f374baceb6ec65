//! The club page (`#/club`) as a module of its own (`src/bin/club.rs`,
//! mounted through [`section`](super::section)): a tournament manager
//! kept in the browser. The webmasters' embed snippet builder (`#/embed`)
//! is a module of its own (`src/bin/builder.rs`).

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

/// The club page (its only route).
pub fn page_of(_route: &Route) -> Html {
    html! { <ClubPage /> }
}
