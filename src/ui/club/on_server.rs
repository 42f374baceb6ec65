//! "Club on the server" (issue 29): a club created on the club's server
//! from its name; the clubs whose tokens this browser keeps, each a link
//! to its page. The request is the event-creating module's
//! (`newevent.js`, loaded on the press), the club's pages `clubs.js`'s, so
//! that the club page carries this
//! form only; on a static site without the server it says that clubs
//! need it.

use std::collections::BTreeMap;

use yew::prelude::*;

use crate::links::club::{read_kept_clubs, KeptClub, KEPT_CLUBS_KEY};

use super::super::browser;
use super::super::context::use_texts;
use super::run_online::ask_event_module;

/// The clubs whose tokens this browser keeps, by id.
pub fn kept_clubs() -> BTreeMap<String, KeptClub> {
    browser::load(KEPT_CLUBS_KEY)
        .map(|text| read_kept_clubs(&text))
        .unwrap_or_default()
}

/// The form that creates a club, and the clubs kept.
#[function_component(ClubOnServer)]
pub fn club_on_server() -> Html {
    let t = use_texts();
    let c = t.clubs();
    let name = use_state(String::new);
    let note = use_state(|| None::<String>);
    let onsubmit = {
        let (name, note) = (name.clone(), note.clone());
        Callback::from(move |ev: SubmitEvent| {
            ev.prevent_default();
            let args = [t.lang().code().into(), name.trim().into()];
            note.set(Some(c.creating().into()));
            ask_event_module(t, "create_club", args, note.clone());
        })
    };
    let oninput = {
        let name = name.clone();
        Callback::from(move |ev: InputEvent| {
            let input: web_sys::HtmlInputElement = ev.target_unchecked_into();
            name.set(input.value());
        })
    };
    let clubs = kept_clubs();
    let links = clubs.iter().map(|(id, kept)| {
        let label = if kept.name.is_empty() { id.clone() } else { kept.name.clone() };
        html! { <li><a href={format!("#/clubs/{id}")} data-testid="club-kept-link">{ label }</a></li> }
    });
    html! {
        <section class="club-on-server no-print" aria-labelledby="club-server-heading" data-testid="club-on-server">
            <h2 id="club-server-heading">{ c.server_heading() }</h2>
            <p class="hints">{ c.server_intro() }</p>
            if !clubs.is_empty() {
                <p>{ c.kept_clubs() }</p>
                <ul>{ for links }</ul>
            }
            <form class="online-join" {onsubmit}>
                <div class="field">
                    <label for="club-server-name">{ c.club_name() }</label>
                    <input id="club-server-name" type="text" maxlength="100" required=true
                        value={(*name).clone()} {oninput} data-testid="club-server-name" />
                </div>
                <button type="submit" data-testid="club-server-create">{ c.create() }</button>
            </form>
            if let Some(note) = &*note {
                <p class="online-note" role="status" data-testid="club-server-note">{ note.clone() }</p>
            }
        </section>
    }
}
