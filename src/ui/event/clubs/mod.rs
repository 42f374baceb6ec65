//! A club on the server (issue 29), a module of its own (`clubs.js`; the
//! club's list and its events share the event pages' requests and live
//! stream):
//!
//! * `page`: the club's page (`#/clubs/<id>`): its events, its rating
//!   list, the private link and adding an event with the club's token;
//! * `ratings`, `history`: the rating list, sortable, and a player's
//!   history (the club page's and the frame's);
//! * `frame`: the ratings frame (`#/embed/ratings?club=…`);
//! * `live`: following the club; `kept`: its token in this browser;
//!   `api`: the requests.
//!
//! [`create_club`] is what "Club on the server" of `#/club` calls.

mod api;
mod frame;
mod history;
pub(super) mod kept;
mod live;
mod members;
mod page;
mod ratings;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::links::club::ClubLink;
use crate::online::club::{ClubCreated, CreateClub};

pub use frame::ratings_frame;

/// The club's page for what follows `#/clubs/`.
pub fn club_page(rest: &str) -> Html {
    html! { <page::ClubPage key={rest.to_string()} rest={rest.to_string()} /> }
}

/// Creates club `name` (`POST /clubs`) and opens its private link (which
/// keeps the token, then takes it out of the address). The promise
/// resolves to what to tell the person when that failed (the server's
/// refusal, or that clubs need the club's server), or to an empty text.
pub fn create_club(lang: &str, name: String) -> js_sys::Promise {
    let t = Lang::from_code(lang).unwrap_or_default().texts();
    wasm_bindgen_futures::future_to_promise(async move {
        let body = CreateClub {
            name: name.trim().to_string(),
        };
        let said = match api::send::<ClubCreated>(t, "POST", "/api/v1/clubs", Some(&body)).await {
            Ok(created) => {
                let fragment = ClubLink::private(&created.club, &created.token);
                let _ = super::super::browser::window()
                    .location()
                    .set_hash(&fragment);
                String::new()
            }
            Err(problem) => problem,
        };
        Ok(wasm_bindgen::JsValue::from_str(&said))
    })
}
