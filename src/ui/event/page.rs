//! The event's page (`#/event/<id>`): the summary, the standings (the
//! club manager's table), every round's pairings with the boards' live
//! state, kept current by the event's live stream (which reconnects as
//! the online pages' do); the registration form while the event takes
//! players; the player's and the organiser's views when this browser
//! holds their token. Printable as the club manager's pages are.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::club::tournament::{parse, Tournament};
use crate::online::event::PlayerToken;
use crate::online::event::{EventMessage, Register, RoundView, Rounds, Stage, Summary};

use super::super::browser;
use super::super::club::standings_table::StandingsTable;
use super::super::club::state::Shared;
use super::super::context::{use_app, use_texts};
use super::super::online::net::Live;
use super::api;
use super::downloads::Downloads;
use super::members;
use crate::links::event::{EventLink, Kept};

use super::link::{self, KeepLink};
use super::organiser::{use_manager, OrganiserView};
use super::pairings::{OrganiserEntry, Pairings};
use super::player::PlayerView;
use super::summary::SummaryView;

/// What the page knows of the event.
#[derive(Clone, Default, PartialEq)]
pub struct Known {
    /// The event in brief, from the live stream.
    pub summary: Option<Summary>,
    /// Every round published.
    pub rounds: Rc<Vec<RoundView>>,
    /// The event as the club manager's file (for the standings).
    pub tournament: Option<Rc<Tournament>>,
    /// Whether the live stream is connected (`None` before the first).
    pub connected: Option<bool>,
    /// Why the event cannot be shown.
    pub problem: Option<String>,
}

/// Changes what the page knows (each change draws the page again).
type Setter = Rc<dyn Fn(&dyn Fn(&mut Known))>;

/// Follows event `event`: its live stream, and the rounds and the file
/// again after each change (`seq`).
#[hook]
pub fn use_event(event: AttrValue) -> UseStateHandle<Known> {
    let t = use_texts();
    let known = use_state(Known::default);
    // The latest view, for the callbacks that outlive a render.
    let latest = use_mut_ref(Known::default);
    {
        let (known, latest) = (known.clone(), latest.clone());
        use_effect_with(event.clone(), move |event| {
            let set = move |change: &dyn Fn(&mut Known)| {
                let mut next = latest.borrow().clone();
                change(&mut next);
                *latest.borrow_mut() = next.clone();
                known.set(next);
            };
            let set: Setter = Rc::new(set);
            let live = follow(t, event.to_string(), set);
            move || live.close()
        });
    }
    known
}

/// Opens the live stream of `event`; each message updates the summary and
/// fetches the rounds and the file.
fn follow(t: &'static crate::i18n::Texts, event: String, set: Setter) -> Live {
    let last_seq = Rc::new(RefCell::new(None::<u64>));
    let on_message = {
        let (set, event) = (set.clone(), event.clone());
        Callback::from(move |text: String| {
            let Ok(EventMessage::Event { summary, .. }) = crate::json::from_str(&text) else {
                return;
            };
            if last_seq.replace(Some(summary.seq)) == Some(summary.seq) {
                return;
            }
            set(&|k: &mut Known| {
                k.summary = Some(summary.clone());
                k.problem = None;
            });
            let (set, event) = (set.clone(), event.clone());
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(rounds) = api::get::<Rounds>(t, &api::path(&event, "rounds")).await {
                    let rounds = Rc::new(rounds.rounds);
                    set(&|k: &mut Known| k.rounds = rounds.clone());
                }
                if let Ok(file) = api::text(t, "GET", &api::path(&event, "export.json"), None).await
                {
                    if let Ok(tournament) = parse(&file) {
                        let tournament = Rc::new(tournament);
                        set(&|k: &mut Known| k.tournament = Some(tournament.clone()));
                    }
                }
            });
        })
    };
    let on_open = {
        let (set, event) = (set.clone(), event.clone());
        Callback::from(move |open: bool| {
            set(&|k: &mut Known| k.connected = Some(open));
            if !open {
                // A stream that never opens: say whether the event exists.
                let (set, event) = (set.clone(), event.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    if let Err(problem) = api::get::<Summary>(t, &api::path(&event, "")).await {
                        set(&|k: &mut Known| k.problem = Some(problem.clone()));
                    }
                });
            }
        })
    };
    Live::open(&api::path(&event, "live"), None, on_message, on_open)
}

/// Props: what follows `#/event/` in the address.
#[derive(Properties, PartialEq)]
pub struct EventPageProps {
    pub rest: String,
}

/// The event's page.
#[function_component(EventPage)]
pub fn event_page(props: &EventPageProps) -> Html {
    let t = use_texts();
    let Some(address) = EventLink::parse(&props.rest) else {
        return html! { <p class="online-problem" data-testid="event-problem">{ t.event().not_found() }</p> };
    };
    // A private link's token is kept, then taken out of the address (so
    // that it is not left in the history or copied with the address). One
    // that could not be kept stays in the address (a reload keeps the
    // seat) and is held by the page, which says to keep the link.
    let mut held = Kept::default();
    if address.organiser.is_some() || address.player.is_some() {
        let (organiser, player) = (address.organiser.clone(), address.player.clone());
        held.organiser = organiser;
        held.player = player.map(|token| (String::new(), token));
        let copy = held.clone();
        if link::keep(&address.event, move |kept| {
            if copy.organiser.is_some() {
                kept.organiser = copy.organiser;
            }
            if copy.player.is_some() {
                kept.player = copy.player;
            }
        }) {
            held = Kept::default();
            browser::replace_fragment(&address.public());
        }
    }
    html! { <EventView event={AttrValue::from(address.event)} {held} /> }
}

/// Props of the event's view.
#[derive(Properties, PartialEq)]
struct ViewProps {
    event: AttrValue,
    /// The tokens of the private link that could not be kept.
    held: Kept,
}

/// The event: everyone's view, the player's and the organiser's.
#[function_component(EventView)]
fn event_view(props: &ViewProps) -> Html {
    let t = use_texts();
    let e = t.event();
    let held = use_state(|| props.held.clone());
    let kept = use_state(|| link::kept_with(&props.event, &held));
    let known = use_event(props.event.clone());
    // Without the organiser's link, the club's token manages the club's
    // events (an officer continues from the club's page).
    let club_token = match &kept.organiser {
        Some(_) => None,
        None => known
            .summary
            .as_ref()
            .and_then(|s| s.club.as_deref())
            .and_then(super::clubs::kept::token),
    };
    let by_club = club_token.is_some();
    let organiser = kept.organiser.clone().or(club_token).map(AttrValue::from);
    let manager = use_manager(props.event.clone(), organiser.clone().unwrap_or_default());
    use_round_news(known.summary.as_ref().map(|s| s.round));
    let Some(summary) = known.summary.clone() else {
        let text = known
            .problem
            .clone()
            .unwrap_or_else(|| e.connecting().to_string());
        return html! { <section class="event-page"><h1>{ t.common.event_title() }</h1><p data-testid="event-status">{ text }</p></section> };
    };
    let kind = summary.setup.game;
    let squares = known.tournament.as_ref().map_or(64, |t| t.squares());
    let registered = {
        let (kept, held, event) = (kept.clone(), held.clone(), props.event.clone());
        Callback::from(move |player: PlayerToken| {
            let token = Some((player.name.clone(), player.token.clone()));
            let copy = token.clone();
            let mut now = (*held).clone();
            if !link::keep(&event, move |k| k.player = copy) {
                now.player = token;
                held.set(now.clone());
            }
            kept.set(link::kept_with(&event, &now));
        })
    };
    html! {
        <section class="event-page club" data-testid="event-page">
            <SummaryView summary={summary.clone()} />
            if let Some(link) = held_link(&props.event, &held) {
                <KeepLink {link} />
            }
            if known.connected == Some(false) {
                <p class="online-status" data-testid="event-status">{ e.reconnecting() }</p>
            }
            if let Some((_, token)) = &kept.player {
                <PlayerView event={props.event.clone()} token={AttrValue::from(token.clone())} {kind} {squares} seq={summary.seq} />
            } else if summary.stage == Stage::Registering && organiser.is_none() {
                <RegisterForm event={props.event.clone()} club={summary.club.clone().map(AttrValue::from)} on_registered={registered} />
            }
            if let Some(token) = organiser.clone() {
                <OrganiserView event={props.event.clone()} {token} manager={manager.clone()} tournament={known.tournament.clone()} finished={summary.stage == Stage::Finished} {by_club} club={summary.club.clone().map(AttrValue::from)} />
            }
            if let Some(tournament) = &known.tournament {
                <StandingsTable tournament={Shared(tournament.clone())} />
                <Downloads event={props.event.clone()} />
            }
            <Pairings<OrganiserEntry> rounds={known.rounds.clone()} {kind} {squares}
                on_action={organiser.map(|_| manager.act.clone())} />
        </section>
    }
}

/// The private link of the tokens the page holds (the organiser's first),
/// if it holds any.
fn held_link(event: &str, held: &Kept) -> Option<AttrValue> {
    let link = match (&held.organiser, &held.player) {
        (Some(token), _) => super::organiser::organiser_link(event, token),
        (None, Some((_, token))) => super::organiser::player_link(event, token),
        (None, None) => return None,
    };
    Some(AttrValue::from(link))
}

/// Says "Round 3 is published" through the live region when a round comes
/// while the page is open.
#[hook]
fn use_round_news(round: Option<u32>) {
    let t = use_texts();
    let announce = use_app().announce;
    let seen = use_mut_ref(|| None::<u32>);
    use_effect_with(round, move |round| {
        if let Some(round) = *round {
            let before = seen.replace(Some(round));
            if before.is_some_and(|b| b < round) {
                announce.emit(t.event().round_published(round));
            }
        }
    });
}

/// Props of the registration form.
#[derive(Properties, PartialEq)]
struct RegisterProps {
    event: AttrValue,
    /// The event's club: its members are offered.
    club: Option<AttrValue>,
    on_registered: Callback<PlayerToken>,
}

/// A name (a club member's to pick), a rating if given, and the button
/// that enters the event.
#[function_component(RegisterForm)]
fn register_form(props: &RegisterProps) -> Html {
    let t = use_texts();
    let e = t.event();
    let name = use_state(super::super::online::kept::name);
    let rating = use_state(String::new);
    let members = members::use_members(props.club.as_ref().map(|c| c.to_string()));
    let busy = use_state(|| false);
    let problem = use_state(|| None::<String>);
    let onsubmit = {
        let (name, rating, busy, problem, event, done) = (
            name.clone(),
            rating.clone(),
            busy.clone(),
            problem.clone(),
            props.event.clone(),
            props.on_registered.clone(),
        );
        Callback::from(move |ev: SubmitEvent| {
            ev.prevent_default();
            let Ok(rating) = members::rating_of(&rating) else {
                problem.set(Some(e.refused_rating().into()));
                return;
            };
            busy.set(true);
            let body = Register {
                name: name.trim().to_string(),
                rating,
            };
            let (busy, problem, event, done) =
                (busy.clone(), problem.clone(), event.clone(), done.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match api::post::<PlayerToken>(t, &api::path(&event, "register"), &body).await {
                    Ok(player) => done.emit(player),
                    Err(text) => problem.set(Some(text)),
                }
                busy.set(false);
            });
        })
    };
    let oninput = {
        let (name, rating, members) = (name.clone(), rating.clone(), members.clone());
        Callback::from(move |ev: InputEvent| {
            let input: web_sys::HtmlInputElement = ev.target_unchecked_into();
            // A member picked: their rating, unless one is typed already.
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
    html! {
        <form class="event-register online-join no-print" {onsubmit} data-testid="event-register">
            <h2>{ e.register_heading() }</h2>
            <div class="field">
                <label for="event-name">{ e.your_name() }</label>
                <input id="event-name" type="text" maxlength="32" value={(*name).clone()} {oninput}
                    autocomplete="nickname" list="event-members" data-testid="event-name-input" />
                { members::datalist("event-members", &members) }
            </div>
            <div class="field">
                <label for="event-rating">{ e.rating_optional() }</label>
                <input id="event-rating" type="number" min="0" max="4000" step="1" inputmode="numeric"
                    value={(*rating).clone()} oninput={on_rating} data-testid="event-rating-input" />
            </div>
            <button type="submit" class="primary" disabled={*busy} data-testid="event-register-button">
                { if *busy { e.registering() } else { e.register() } }
            </button>
            if let Some(problem) = &*problem {
                <p class="online-problem" role="alert" data-testid="event-register-problem">{ problem.clone() }</p>
            }
        </form>
    }
}
