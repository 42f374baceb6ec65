//! The club's page (`#/clubs/<id>`): its name, its events (links to their
//! pages, each with its stage) and its rating list, kept current by the
//! club's live stream. The club's private link (`?token=…`) keeps the
//! token in this browser and takes it out of the address, as the event
//! organiser's link does; with the token the page shows the private link
//! again (with Copy and the prompt to keep it), offers "Manage" on each
//! of the club's events (the club's token manages them: an officer who
//! lost an organiser's link continues here) and adds an event this
//! browser organises to the club. When the browser cannot keep the
//! token, the page says so and shows the link.

use std::collections::HashMap;
use std::rc::Rc;

use yew::prelude::*;

use crate::links::club::ClubLink;
use crate::online::club::{Attach, Club};

use super::super::super::browser;
use super::super::super::context::use_texts;
use super::super::super::online::mine::game_name;
use super::super::link::PrivateLink as LinkToKeep;
use super::super::summary::stage_text;
use super::api;
use super::kept;
use super::live::use_club;
use super::members::Members;
use super::ratings::RatingTable;

/// Props: what follows `#/clubs/` in the address.
#[derive(Properties, PartialEq)]
pub struct ClubPageProps {
    pub rest: String,
}

/// The club's page.
#[function_component(ClubPage)]
pub fn club_page(props: &ClubPageProps) -> Html {
    let t = use_texts();
    // The private link's token: kept, then taken out of the address (so
    // that it is not left in the history or copied with the address).
    let link = ClubLink::parse(&props.rest);
    let stored = use_state(|| {
        let link = link.as_ref()?;
        let token = link.token.clone()?;
        let kept = kept::keep(&link.club, |k| k.token = token.clone());
        browser::replace_fragment(&link.public());
        Some(kept.is_ok())
    });
    let Some(link) = link else {
        return html! { <p class="online-problem" data-testid="club-problem">{ t.clubs().not_found() }</p> };
    };
    // A token that could not be kept lives in this page only.
    let token = link.token.clone().or_else(|| kept::token(&link.club));
    html! {
        <ClubView club={AttrValue::from(link.club)} token={token.map(AttrValue::from)} store_failed={*stored == Some(false)} />
    }
}

/// Props of the club's view.
#[derive(Properties, PartialEq)]
struct ViewProps {
    club: AttrValue,
    token: Option<AttrValue>,
    store_failed: bool,
}

/// The club: everyone's view, and the holder's of its token.
#[function_component(ClubView)]
fn club_view(props: &ViewProps) -> Html {
    let t = use_texts();
    let c = t.clubs();
    let known = use_club(props.club.clone());
    {
        // The name, kept with the token (the club page's list of clubs).
        let (club, held) = (props.club.clone(), props.token.is_some());
        let name = known.club.as_ref().map(|k| k.name.clone());
        use_effect_with(name, move |name| {
            if let (Some(name), true) = (name, held) {
                let _ = kept::keep(&club, |k| k.name = name.clone());
            }
        });
    }
    let Some(club) = known.club.clone() else {
        let text = known
            .problem
            .clone()
            .unwrap_or_else(|| t.event().connecting().to_string());
        return html! { <section class="club-page club"><h1>{ t.common.club_title() }</h1><p data-testid="club-status">{ text }</p></section> };
    };
    let print = Callback::from(|_| {
        let _ = browser::window().print();
    });
    html! {
        <section class="club-page club" data-testid="club-page">
            <h1 tabindex="-1" data-testid="club-name">{ club.name.clone() }</h1>
            if known.connected == Some(false) {
                <p class="online-status" data-testid="club-live-status">{ t.event().reconnecting() }</p>
            }
            if let Some(token) = &props.token {
                <PrivateLink club={props.club.clone()} token={token.clone()} store_failed={props.store_failed} />
            }
            { events(t, &club, props.token.is_some()) }
            if props.token.is_some() {
                <p class="no-print"><a class="button" href={format!("#/event/new?club={}", props.club)} data-testid="club-new-event">{ t.clubs().new_event() }</a></p>
            }
            if let Some(token) = &props.token {
                <AttachForm club={props.club.clone()} token={token.clone()} events={club.events.iter().map(|e| e.event.clone()).collect::<Vec<_>>()} />
            }
            <Members club={props.club.clone()} token={props.token.clone()} members={club.members.clone()} />
            <section aria-labelledby="club-ratings-heading">
                <h2 id="club-ratings-heading">{ c.ratings_heading() }</h2>
                if let Some(list) = &known.list {
                    <RatingTable list={list.clone()} />
                }
                <button type="button" class="no-print" onclick={print} data-testid="club-print">{ c.print() }</button>
            </section>
        </section>
    }
}

/// The club's events, oldest first: each a link to its page, its game and
/// its stage, and with the club's token (`manage`) a "Manage" link, which
/// opens the event's page with the organiser's panel.
fn events(t: &'static crate::i18n::Texts, club: &Club, manage: bool) -> Html {
    let c = t.clubs();
    let items = club.events.iter().map(|event| {
        let name = event.name.clone().unwrap_or_else(|| event.event.clone());
        html! {
            <li data-testid="club-event">
                <a href={format!("#/event/{}", event.event)}>{ name }</a>
                { format!(" · {} · {}", game_name(t, event.game), stage_text(t, event.stage)) }
                if manage {
                    { " " }
                    <a class="button small no-print" href={format!("#/event/{}", event.event)}
                        aria-label={format!("{}: {}", c.manage(), event.name.as_deref().unwrap_or(&event.event))}
                        data-testid="club-event-manage">{ c.manage() }</a>
                }
            </li>
        }
    });
    html! {
        <section aria-labelledby="club-events-heading">
            <h2 id="club-events-heading">{ c.events_heading() }</h2>
            if club.events.is_empty() {
                <p data-testid="club-no-events">{ c.no_events() }</p>
            } else {
                <ul class="club-events" data-testid="club-events">{ for items }</ul>
            }
        </section>
    }
}

/// Props of the private link.
#[derive(Properties, PartialEq)]
struct PrivateLinkProps {
    club: AttrValue,
    token: AttrValue,
    store_failed: bool,
}

/// The club's private link, to keep (and, when this browser could not
/// keep the token, why it must be kept by hand).
#[function_component(PrivateLink)]
fn private_link(props: &PrivateLinkProps) -> Html {
    let c = use_texts().clubs();
    let link = browser::page_address() + &ClubLink::private(&props.club, &props.token);
    html! {
        <div class="club-private no-print">
            if props.store_failed {
                <p class="feedback wrong" role="alert" data-testid="club-store-failed">{ c.store_failed() }</p>
            }
            <LinkToKeep label={c.private_link()} link={AttrValue::from(link)} id="club-private-link" />
        </div>
    }
}

/// Props of the form that adds an event.
#[derive(Properties, PartialEq)]
struct AttachProps {
    club: AttrValue,
    token: AttrValue,
    /// The club's events already.
    events: Vec<String>,
}

/// The events this browser organises outside the club, and the button that
/// adds one (`POST /clubs/<id>/events` with both tokens).
#[function_component(AttachForm)]
fn attach_form(props: &AttachProps) -> Html {
    let t = use_texts();
    let c = t.clubs();
    let candidates: Vec<(String, String)> = kept::organised_events()
        .into_iter()
        .filter(|(event, _)| !props.events.contains(event))
        .collect();
    let names = use_event_names(candidates.iter().map(|(e, _)| e.clone()).collect());
    let chosen = use_state(|| None::<String>);
    let note = use_state(|| None::<(bool, String)>);
    let current = (*chosen)
        .clone()
        .filter(|e| candidates.iter().any(|(c, _)| c == e))
        .or_else(|| candidates.first().map(|(e, _)| e.clone()));
    let onsubmit = {
        let (note, club, token) = (note.clone(), props.club.clone(), props.token.clone());
        let pick = current
            .clone()
            .and_then(|e| candidates.iter().find(|(c, _)| *c == e).cloned());
        Callback::from(move |ev: SubmitEvent| {
            ev.prevent_default();
            let Some((event, organiser)) = pick.clone() else {
                return;
            };
            let body = Attach {
                token: token.to_string(),
                event,
                organiser,
            };
            let (note, club) = (note.clone(), club.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let path = api::path(&club, "events");
                let said = api::send::<crate::json::Value>(t, "POST", &path, Some(&body)).await;
                note.set(Some(match said {
                    Ok(_) => (true, c.attached().to_string()),
                    Err(problem) => (false, problem),
                }));
            });
        })
    };
    let onchange = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            chosen.set(Some(select.value()));
        })
    };
    html! {
        <form class="club-attach no-print" {onsubmit} data-testid="club-attach">
            <h2>{ c.attach_heading() }</h2>
            if candidates.is_empty() {
                <p class="hints" data-testid="club-attach-none">{ c.nothing_to_attach() }</p>
            } else {
                <label for="club-attach-event">{ c.event() }</label>
                <select id="club-attach-event" {onchange} data-testid="club-attach-event">
                    { for candidates.iter().map(|(e, _)| html! {
                        <option value={e.clone()} selected={current.as_deref() == Some(e.as_str())}>
                            { names.get(e).cloned().unwrap_or_else(|| e.clone()) }
                        </option>
                    }) }
                </select>
                <button type="submit" data-testid="club-attach-button">{ c.attach() }</button>
            }
            if let Some((good, text)) = &*note {
                <p class={classes!("feedback", if *good { "right" } else { "wrong" })} role="status" data-testid="club-attach-note">{ text.clone() }</p>
            }
        </form>
    }
}

/// The names of events `ids` as their summaries give them (fetched once
/// for each list of ids): the choice of event to add shows names, not
/// ids. An event not read (yet), or without a name, is missing.
#[hook]
fn use_event_names(ids: Vec<String>) -> Rc<HashMap<String, String>> {
    let t = use_texts();
    let names = use_state(|| Rc::new(HashMap::new()));
    {
        let names = names.clone();
        use_effect_with(ids, move |ids| {
            let ids = ids.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let mut found = HashMap::new();
                for id in ids {
                    let path = format!("/api/v1/events/{id}");
                    // Its summary read for its name only: the rest of it is not
                    // needed here, and not reading it keeps its readers out.
                    let summary = api::get::<crate::json::Value>(t, &path).await;
                    let name = summary
                        .ok()
                        .and_then(|s| Some(s.get("name")?.as_str()?.to_string()));
                    if let Some(name) = name {
                        found.insert(id, name);
                    }
                }
                names.set(Rc::new(found));
            });
        });
    }
    (*names).clone()
}
