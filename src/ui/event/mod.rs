//! A club's events run on the server (issue 29), as wasm modules of their
//! own, each loaded by its pages only: an event's page (`event.js`,
//! `#/event/<id>`: [`page_of`]), creating one (`newevent.js`,
//! `#/event/new`, and the club page's "Run online" and "Club on the
//! server": [`new_event_of`]), a club's page on the server (`clubs.js`,
//! `#/clubs/<id>`: [`club_of`]), so that neither the club page nor online
//! play's module pays for these pages, nor each of them for the others;
//! the frames for a club's site are modules of their own (`eventframe.js`,
//! `ratingsframe.js`: [`event_frame_of`], [`ratings_frame_of`]).
//!
//! * `create`: creating an event (`#/event/new`: from settings, or from
//!   a tournament file).
//! * `page`: the event's page for everyone (summary, standings, the
//!   rounds' pairings with each board's live state), kept current by the
//!   event's live stream; the registration form while it is open.
//! * `player`: the view of a player whose token this browser keeps
//!   ("your game in round 3", Play, a result played over the board).
//! * `organiser`: the organiser's view (publish, add, withdraw, results,
//!   undo, the log, export); `links`: the players' private links on it
//!   (shown, copied, reissued).
//! * `device`: "continue on another device" of a player's view (their
//!   link, Copy and its QR code).
//! * `downloads`: the event as a workbook and its standings as CSV, for
//!   everyone.
//! * `frame`: the event frames for a club's site (`#/embed/event?…`).
//! * `link`: the tokens kept in this browser (their format and the
//!   addresses are `session::event`'s); `api`: the requests.
//! * `clubs`: a club on the server: its page (`#/clubs/<id>`), its rating
//!   list and the ratings frame.

mod api;
mod clubs;
mod create;
mod device;
mod downloads;
mod frame;
mod link;
mod links;
mod members;
mod organiser;
mod page;
mod pairings;
mod player;
mod score;
mod summary;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::online::event::{ClubClaim, ImportEvent};
use crate::online::setup::Timing;
use crate::route::Route;

/// An event's page (`#/event/<id>`, `src/bin/event.rs`).
pub fn page_of(route: &Route) -> Html {
    match route {
        Route::Event(rest) if !create::is_new(rest) => {
            html! { <page::EventPage key={rest.clone()} rest={rest.clone()} /> }
        }
        _ => Html::default(),
    }
}

/// Creating an event (`#/event/new`, `src/bin/newevent.rs`, which also
/// runs the club page's "Run online" and "Club on the server").
pub fn new_event_of(route: &Route) -> Html {
    match route {
        Route::Event(rest) if create::is_new(rest) => {
            html! { <create::CreatePage club={create::club_in(rest)} /> }
        }
        _ => Html::default(),
    }
}

/// A club's page on the server (`#/clubs/<id>`, `src/bin/clubs.rs`).
pub fn club_of(route: &Route) -> Html {
    match route {
        Route::Clubs(rest) => clubs::club_page(rest),
        _ => Html::default(),
    }
}

/// An event's frame alone (`#/embed/event?…`: its standings, pairings or
/// results): the module a club's website loads for it
/// (`src/bin/eventframe.rs`), without the event pages.
pub fn event_frame_of(route: &Route) -> Html {
    match route {
        Route::Embed(rest) => frame::event_frame(rest),
        _ => Html::default(),
    }
}

/// A club's rating list in a frame alone (`#/embed/ratings?…`): the module
/// a club's website loads for it (`src/bin/ratingsframe.rs`).
pub fn ratings_frame_of(route: &Route) -> Html {
    match route {
        Route::Embed(rest) => clubs::ratings_frame(rest),
        _ => Html::default(),
    }
}

pub use clubs::create_club;

/// Creates an event from the club manager's `file` (`POST
/// /events/import`) with the games' time `control`, in `club` when it is
/// a club whose token this browser keeps (empty: in none), then opens its
/// organiser's view (`#/event/<id>?organiser=<token>`, which keeps the
/// token and takes it out of the address). The promise resolves to what
/// to tell the organiser when that failed (the server's refusal, or that
/// club events need the club's server), or to an empty text.
pub fn run_online(lang: &str, file: String, control: String, club: String) -> js_sys::Promise {
    let t = Lang::from_code(lang).unwrap_or_default().texts();
    let club_token = clubs::kept::token(&club);
    wasm_bindgen_futures::future_to_promise(async move {
        let body = ImportEvent {
            file,
            rules: String::new(),
            timing: Timing::Live {
                control,
                completes: false,
            },
            start_limit_s: None,
            at_tables: false,
            club: ClubClaim {
                id: club_token.is_some().then_some(club),
                token: club_token,
            },
        };
        let body = serde_json::to_string(&body).ok();
        let said = create::create_and_open(t, "/api/v1/events/import", body).await;
        Ok(wasm_bindgen::JsValue::from_str(&said))
    })
}
