//! "Run online": the tournament being run goes on the club's server as an
//! event (issue 29). The request and the organiser's view are the event
//! module's (`event.js`, loaded on the press), so that the club page
//! carries this button only; on a static site without the server the
//! event module says that club events need it. Where this browser keeps
//! clubs' tokens, the event can go in one of those clubs (the first
//! offered), so that its games count in the club's rating list.

use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::online::event::CONTROLS;

use super::super::context::use_texts;
use super::super::module_section::call_module;
use super::on_server::kept_clubs;
use super::state::Shared;
use crate::i18n::Texts;

/// Props: the tournament being run.
#[derive(Properties, PartialEq)]
pub struct RunOnlineProps {
    pub tournament: Shared,
}

/// The time control and the button; what went wrong beside them.
#[function_component(RunOnline)]
pub fn run_online(props: &RunOnlineProps) -> Html {
    let t = use_texts();
    let control = use_state(|| "10+5".to_string());
    let note = use_state(|| None::<String>);
    let clubs = kept_clubs();
    let club = use_state(|| clubs.keys().next().cloned().unwrap_or_default());
    let onclick = {
        let (control, note, file, club) = (
            control.clone(),
            note.clone(),
            props.tournament.to_compact_text(),
            club.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let args = [
                t.lang().code().into(),
                file.as_str().into(),
                control.as_str().into(),
                club.as_str().into(),
            ];
            note.set(Some(t.club().running_online().into()));
            ask_event_module(t, "run_online", args, note.clone());
        })
    };
    let onchange = {
        let control = control.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            control.set(select.value());
        })
    };
    let on_club = {
        let club = club.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            club.set(select.value());
        })
    };
    let options = clubs.iter().map(|(id, kept)| {
        let label = if kept.name.is_empty() {
            id.clone()
        } else {
            kept.name.clone()
        };
        html! { <option value={id.clone()} selected={*club == *id}>{ label }</option> }
    });
    html! {
        <div class="club-run-online no-print">
            if !clubs.is_empty() {
                <label for="club-run-club">{ t.clubs().run_in() }</label>
                <select id="club-run-club" onchange={on_club} data-testid="club-run-club">
                    { for options }
                    <option value="" selected={club.is_empty()}>{ t.clubs().no_club() }</option>
                </select>
            }
            <label for="club-run-control">{ t.club().run_online_control() }</label>
            <select id="club-run-control" {onchange} data-testid="club-run-control">
                { for CONTROLS.iter().map(|c| html! { <option value={*c} selected={*control == *c}>{ *c }</option> }) }
            </select>
            <button type="button" {onclick} data-testid="club-run-online">{ t.club().run_online() }</button>
            <a href="#/event/new" data-testid="club-new-event">{ t.club().run_online_new() }</a>
            if let Some(note) = &*note {
                <p class="online-note" role="status" data-testid="club-run-note">{ note.clone() }</p>
            }
        </div>
    }
}

/// Calls `function` of the event-creating module (`newevent.js`) with
/// `args`; the promise it returns resolves to what to tell the person
/// (empty when its page opened), which goes to `note` (none when empty).
pub(super) fn ask_event_module<const N: usize>(
    t: &'static Texts,
    function: &'static str,
    args: [JsValue; N],
    note: UseStateHandle<Option<String>>,
) {
    wasm_bindgen_futures::spawn_local(async move {
        let said = match call_module("newevent", function, &args).await {
            Ok(promise) => JsFuture::from(js_sys::Promise::from(promise))
                .await
                .ok()
                .and_then(|v: JsValue| v.as_string())
                .unwrap_or_default(),
            Err(_) => t.common.online_failed().into(),
        };
        note.set((!said.is_empty()).then_some(said));
    });
}
