//! The organiser's view (this browser keeps the event's organiser token,
//! or the token of the event's club, which manages it too): the private
//! link, publishing the next round, adding (late entries), the players'
//! links (`links`), withdrawing, undoing the last result, the event log,
//! export and print.
//! Results and corrections are entered on the pairings' boards through the
//! same [`Manager`].

use std::collections::BTreeMap;

use yew::prelude::*;

use crate::club::tournament::Tournament;
use crate::i18n::Texts;
use crate::online::event::{Action, Change, Log, LogEntry, Manage, Managed, TokenOnly, Who};

use super::super::browser;
use super::super::context::{use_app, use_texts};
use super::api;
use super::link::{self, PrivateLink};
use super::links::PlayerLinks;
use super::members;
use super::pairings::score_text;

/// What the organiser's requests share: the action sender, what the last
/// one said, and the players' tokens given here (kept in this browser).
#[derive(Clone, PartialEq)]
pub struct Manager {
    /// Sends an action.
    pub act: Callback<Action>,
    /// What the last action said (and whether it was refused).
    pub notice: UseStateHandle<Option<(bool, String)>>,
    /// The players' tokens given here (added, reissued, a file's), by
    /// name.
    pub links: UseStateHandle<BTreeMap<String, String>>,
}

/// The organiser's action sender for `event` with `token`.
#[hook]
pub fn use_manager(event: AttrValue, token: AttrValue) -> Manager {
    let t = use_texts();
    let announce = use_app().announce;
    let notice = use_state(|| None::<(bool, String)>);
    let links = use_state(|| link::kept(&event).links);
    let act = {
        let (notice, links) = (notice.clone(), links.clone());
        Callback::from(move |action: Action| {
            let (event, token, notice, links, announce) = (
                event.clone(),
                token.to_string(),
                notice.clone(),
                links.clone(),
                announce.clone(),
            );
            let name = match &action {
                Action::Add { name, .. } | Action::Reissue { name } => Some(name.clone()),
                _ => None,
            };
            wasm_bindgen_futures::spawn_local(async move {
                let body = Manage { token, action };
                let answer = api::post::<Managed>(t, &api::path(&event, "manage"), &body).await;
                let said = match answer {
                    Ok(managed) => {
                        if let (Some(name), Some(token)) = (name, managed.token) {
                            // Kept, so that a reload shows it again (a
                            // failed write is told by the app's banner;
                            // the page holds it meanwhile).
                            let kept = (name.trim().to_string(), token);
                            let copy = kept.clone();
                            let _ = link::keep(&event, move |k| {
                                k.links.insert(copy.0, copy.1);
                            });
                            let mut next = (*links).clone();
                            next.insert(kept.0, kept.1);
                            links.set(next);
                        }
                        // An undo says what it took back.
                        let done = match managed.undone {
                            Some((round, board)) => t.event().log_undone(round, board),
                            None => t.event().done().to_string(),
                        };
                        (false, done)
                    }
                    Err(problem) => (true, problem),
                };
                announce.emit(said.1.clone());
                notice.set(Some(said));
            });
        })
    };
    Manager { act, notice, links }
}

/// The organiser's private link (`#/event/<id>?organiser=<token>`).
pub fn organiser_link(event: &str, token: &str) -> String {
    format!(
        "{}#/event/{event}?organiser={token}",
        browser::page_address()
    )
}

/// A player's private link (`#/event/<id>?player=<token>`), to hand out.
pub fn player_link(event: &str, token: &str) -> String {
    format!("{}#/event/{event}?player={token}", browser::page_address())
}

/// Props of the organiser's panel.
#[derive(Properties, PartialEq)]
pub struct OrganiserProps {
    pub event: AttrValue,
    pub token: AttrValue,
    pub manager: Manager,
    /// The event as the club manager's file (its players).
    pub tournament: Option<std::rc::Rc<Tournament>>,
    /// Every round is played: nobody enters, withdraws or is paired any
    /// more (results can still be corrected).
    #[prop_or_default]
    pub finished: bool,
    /// The token is the club's (this browser has no organiser's link).
    #[prop_or_default]
    pub by_club: bool,
    /// The event's club: its members are offered to add.
    pub club: Option<AttrValue>,
}

/// The organiser's panel.
#[function_component(OrganiserView)]
pub fn organiser_view(props: &OrganiserProps) -> Html {
    let t = use_texts();
    let e = t.event();
    let name = use_state(String::new);
    let rating = use_state(String::new);
    let members = members::use_members(props.club.as_ref().map(|c| c.to_string()));
    let act = props.manager.act.clone();
    let link = organiser_link(&props.event, &props.token);
    let public = format!("{}#/event/{}", browser::page_address(), props.event);
    let announce = use_app().announce;
    let copy_public = {
        let public = public.clone();
        Callback::from(move |_: MouseEvent| {
            if browser::copy_to_clipboard(&public) {
                announce.emit(t.event().done().to_string());
            }
        })
    };
    let add = {
        let (act, name, rating) = (act.clone(), name.clone(), rating.clone());
        Callback::from(move |ev: SubmitEvent| {
            ev.prevent_default();
            // The number field gives a number or nothing; the server
            // refuses one out of range with its sentence.
            let given = rating.trim().parse::<u32>().ok().map(f64::from);
            act.emit(Action::Add {
                name: name.trim().to_string(),
                rating: given,
            });
            name.set(String::new());
            rating.set(String::new());
        })
    };
    let oninput = {
        let (name, rating, members) = (name.clone(), rating.clone(), members.clone());
        Callback::from(move |ev: InputEvent| {
            let input: web_sys::HtmlInputElement = ev.target_unchecked_into();
            if let Some(given) = members::rating_of_member(&members, &input.value()) {
                if rating.trim().is_empty() {
                    rating.set(given);
                }
            }
            name.set(input.value());
        })
    };
    let on_rating = {
        let rating = rating.clone();
        Callback::from(move |ev: InputEvent| {
            let input: web_sys::HtmlInputElement = ev.target_unchecked_into();
            rating.set(input.value());
        })
    };
    let export = |kind: &str, label: &str| {
        let href = api::path(&props.event, &format!("export.{kind}"));
        html! { <a class="button" {href} download="" data-testid={format!("event-export-{kind}")}>{ label.to_string() }</a> }
    };
    // Publishing and undo ask first: neither is a tap to make by mistake.
    let asked = |question: &'static str, action: Action| {
        let act = act.clone();
        Callback::from(move |_: MouseEvent| {
            if browser::window()
                .confirm_with_message(question)
                .unwrap_or(false)
            {
                act.emit(action.clone());
            }
        })
    };
    let print = Callback::from(|_: MouseEvent| {
        let _ = browser::window().print();
    });
    html! {
        <section class="event-organiser no-print" data-testid="event-organiser">
            <h2>{ e.organiser() }</h2>
            if props.by_club {
                <p data-testid="event-by-club">{ e.by_club() }</p>
            } else {
                <PrivateLink label={e.organiser_link()} {link} id="event-organiser-link" />
            }
            <div class="online-link">
                <label for="event-public-link">{ e.public_link() }</label>
                <input id="event-public-link" type="text" readonly=true value={public} data-testid="event-public-link" />
                <button type="button" onclick={copy_public} data-testid="event-copy-public-link">{ t.common.copy_link() }</button>
            </div>
            <div class="buttons">
                if !props.finished {
                    <button class="primary" onclick={asked(e.publish_confirm(), Action::Publish {})} data-testid="event-publish">{ e.publish() }</button>
                }
                <button onclick={asked(e.undo_confirm(), Action::Undo {})} data-testid="event-undo">{ e.undo() }</button>
                { export("json", e.export_json()) }
                { export("csv", e.export_csv()) }
                <button onclick={print} data-testid="event-print">{ e.print() }</button>
            </div>
            if let Some((refused, text)) = &*props.manager.notice {
                <p class={classes!("feedback", refused.then_some("wrong"))} role="status" data-testid="event-notice">{ text.clone() }</p>
            }
            if props.finished {
                <p data-testid="event-over">{ e.refused_over() }</p>
            } else {
                <form class="answer-form" onsubmit={add}>
                    <label for="event-add-name">{ e.add_player() }</label>
                    <input id="event-add-name" type="text" maxlength="32" value={(*name).clone()} {oninput} list="event-add-members" data-testid="event-add-name" />
                    { members::datalist("event-add-members", &members) }
                    <label for="event-add-rating">{ e.rating_optional() }</label>
                    <input id="event-add-rating" type="number" min="0" max="4000" step="1" inputmode="numeric" value={(*rating).clone()} oninput={on_rating} data-testid="event-add-rating" />
                    <button type="submit" data-testid="event-add">{ e.add() }</button>
                </form>
            }
            <PlayerLinks event={props.event.clone()} tournament={props.tournament.clone()}
                links={(*props.manager.links).clone()} act={act.clone()} />
            { withdrawals(t, props.tournament.as_deref(), (!props.finished).then_some(&act)) }
            <EventLog event={props.event.clone()} token={props.token.clone()} />
        </section>
    }
}

/// The players, each with a button that withdraws them.
/// Without `act` (a finished event) the players are listed without buttons.
fn withdrawals(
    t: &'static Texts,
    tournament: Option<&Tournament>,
    act: Option<&Callback<Action>>,
) -> Html {
    let Some(tournament) = tournament else {
        return Html::default();
    };
    let e = t.event();
    let lines = tournament.players.iter().map(|player| {
        let button = act.filter(|_| player.withdrawn_after.is_none()).map(|act| {
            let name = player.name.clone();
            let withdraw = act.reform(move |_: MouseEvent| Action::Withdraw { name: name.clone() });
            let question = e.withdraw_confirm(&player.name);
            let confirm = Callback::from(move |ev: MouseEvent| {
                if browser::window().confirm_with_message(&question).unwrap_or(false) {
                    withdraw.emit(ev);
                }
            });
            html! {
                <button class="small" onclick={confirm} aria-label={format!("{}: {}", e.withdraw(), player.name)}
                    data-testid="event-withdraw">{ e.withdraw() }</button>
            }
        });
        html! {
            <li>
                { player.name.clone() }
                if player.withdrawn_after.is_some() {
                    { format!(" ({})", e.withdrawn()) }
                }
                { for button }
            </li>
        }
    });
    html! {
        <div>
            <h3>{ e.players() }</h3>
            <ul class="club-players">{ for lines }</ul>
        </div>
    }
}

/// A change of the log in words.
pub fn change_text(t: &Texts, change: &Change) -> String {
    let e = t.event();
    match change {
        Change::Created { .. } => e.log_created().into(),
        Change::Entered { name, .. } => e.log_entered(name),
        Change::Seeded { .. } => e.log_seeded().into(),
        // Withdrawn before any round was published.
        Change::Withdrawn { name, after: 0 } => e.log_withdrawn_before(name),
        Change::Withdrawn { name, after } => e.log_withdrawn(name, after),
        Change::Published { round, .. } => e.log_published(round),
        Change::Reported {
            round,
            board,
            score,
            ..
        } => e.log_reported(round, board, score_text(t, *score)),
        Change::Result {
            round,
            board,
            score,
            ..
        } => e.log_result(round, board, score_text(t, *score)),
        Change::Corrected {
            round,
            board,
            score,
        } => e.log_corrected(round, board, score_text(t, *score)),
        Change::StartLimit { round, .. } => e.log_start_limit(round),
        Change::Undone { round, board } => e.log_undone(round, board),
        Change::Registration { open: true } => e.log_registration_opened().into(),
        Change::Registration { open: false } => e.log_registration_closed().into(),
        // Logs written before names were kept name the club by its id.
        Change::Club { club, name } => e.log_club(if name.is_empty() { club } else { name }),
        Change::AtTable { round, board } => e.log_at_table(round, board),
        Change::Reissued { name } => e.log_reissued(name),
    }
}

/// Who made a change, in words.
fn who_text(t: &Texts, entry: &LogEntry) -> String {
    let e = t.event();
    match &entry.who {
        Who::Organiser => e.who_organiser().into(),
        Who::Player { name } => e.who_player(name),
        Who::Registration => e.who_registration().into(),
        Who::Server => e.who_server().into(),
    }
}

/// Props of the log.
#[derive(Properties, PartialEq)]
struct LogProps {
    event: AttrValue,
    token: AttrValue,
}

/// The event log, read on request.
#[function_component(EventLog)]
fn event_log(props: &LogProps) -> Html {
    let t = use_texts();
    let log = use_state(|| None::<Result<Log, String>>);
    let open = {
        let (log, event, token) = (log.clone(), props.event.clone(), props.token.clone());
        Callback::from(move |_: MouseEvent| {
            let (log, event, token) = (log.clone(), event.clone(), token.to_string());
            wasm_bindgen_futures::spawn_local(async move {
                let body = TokenOnly { token };
                log.set(Some(
                    api::post::<Log>(t, &api::path(&event, "log"), &body).await,
                ));
            });
        })
    };
    let lines = match &*log {
        Some(Ok(log)) => {
            let items = log.entries.iter().rev().map(|entry| {
                let at = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(entry.at_ms as f64));
                let when = String::from(at.to_locale_string(t.lang().code(), &wasm_bindgen::JsValue::UNDEFINED));
                html! { <li>{ format!("{when} · {} · {}", who_text(t, entry), change_text(t, &entry.change)) }</li> }
            });
            html! { <ol class="event-log" reversed=true data-testid="event-log">{ for items }</ol> }
        }
        Some(Err(problem)) => html! { <p class="feedback wrong">{ problem.clone() }</p> },
        None => Html::default(),
    };
    html! {
        <div>
            <button onclick={open} data-testid="event-show-log">{ t.event().log() }</button>
            { lines }
        </div>
    }
}
