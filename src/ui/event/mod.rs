//! A club's events run on the server (issue 29), as a wasm module of
//! their own (`src/bin/event.rs`, `event.js`): the app loads it for
//! `#/event/<id>` and the event frames only, so that neither the club page
//! nor online play's module pays for these pages.
//!
//! * `page`: the event's page for everyone (summary, standings, the
//!   rounds' pairings with each board's live state), kept current by the
//!   event's live stream; the registration form while it is open.
//! * `player`: the view of a player whose token this browser keeps
//!   ("your game in round 3", Play, a result played over the board).
//! * `organiser`: the organiser's view (publish, add, withdraw, results,
//!   undo, the log, export).
//! * `frame`: the event frames for a club's site (`#/embed/event?…`).
//! * `link`: the page's address and the tokens kept in this browser;
//!   `api`: the requests and what their refusals say.

mod api;
mod frame;
mod link;
mod organiser;
mod page;
mod pairings;
mod player;
mod score;
mod summary;

use yew::prelude::*;

use crate::session::route::Route;

/// The module's pages, by route.
pub fn page_of(route: &Route) -> Html {
    match route {
        Route::Event(rest) => html! { <page::EventPage key={rest.clone()} rest={rest.clone()} /> },
        Route::Embed(rest) => frame::event_frame(rest),
        _ => Html::default(),
    }
}
