//! The side panel of an online game: the players (side, name, here or
//! away, clock), where the game stands, the player's buttons (resign,
//! abort, claim, rematch, settle, withdraw), the links to send, and the
//! move list.

use yew::prelude::*;

use crate::i18n::Texts;
use crate::online::protocol::{CancelRequest, ClientMessage, GameView};
use crate::online::room::{Ending, Reason, Status};
use crate::online::setup::Timing;
use crate::session::clock::clock_text;
use crate::session::online::{KeptSeat, News, OnlineGame, OnlineLink};

use super::super::browser;
use super::super::common::move_list::MoveList;
use super::super::context::{use_app, use_texts};
use super::super::shell::clock::now;
use super::super::shell::layout::move_entries;
use super::super::shell::PageGame;
use super::{ask, kept, refusal_text};

/// Props of the panel.
#[derive(Properties, PartialEq)]
pub struct OnlinePanelProps<G: PageGame> {
    /// The game.
    pub state: UseReducerHandle<OnlineGame<G>>,
    /// Its id.
    pub game: AttrValue,
    /// Sends a player's message (made with its id).
    pub send: Callback<fn(u32) -> ClientMessage>,
    /// Shows the position after a move.
    pub on_go: Callback<usize>,
}

/// A seat's name ("…" while it is free).
pub(super) fn name_of(view: &GameView, seat: u8) -> String {
    view.names[usize::from(seat & 1)]
        .clone()
        .unwrap_or_else(|| "…".into())
}

/// How a finished game ended, in a sentence.
fn ending_text(t: &Texts, view: &GameView, ending: &Ending) -> String {
    let o = t.online();
    let how = match ending.reason {
        Reason::Aborted => return o.over_aborted.into(),
        Reason::Cancelled => return o.over_cancelled.into(),
        Reason::Expired => return o.over_expired.into(),
        Reason::Finished => o.reason_finished,
        Reason::Time => o.reason_time,
        Reason::Completed => o.reason_completed,
        Reason::Resigned => o.reason_resigned,
        Reason::Abandoned => o.reason_abandoned,
    };
    let result = match ending.score.winner {
        Some(seat) => o.wins(name_of(view, seat), how),
        None => o.over_draw.into(),
    };
    match ending.score.points {
        Some([first, second]) => format!("{result} {}.", o.score(first, second)),
        None => result,
    }
}

/// Where the game stands, in a sentence.
pub(super) fn status_text<G: PageGame>(t: &Texts, state: &OnlineGame<G>) -> String {
    let o = t.online();
    let Some(view) = &state.view else {
        return o.connecting.into();
    };
    let brief = &view.brief;
    let mut text = match brief.status {
        Status::Open => o.waiting.to_string(),
        Status::Over(ending) => ending_text(t, view, &ending),
        Status::Completing { .. } => o.completing.to_string(),
        Status::Playing if state.my_move() => o.your_move.to_string(),
        Status::Playing => o.to_move(name_of(view, brief.to_move.unwrap_or(0))),
    };
    if state.seat.is_none() {
        text = format!("{text} {}", o.watching);
    }
    if !state.connected {
        text = format!("{} {text}", o.reconnecting);
    }
    text
}

/// What the page says of `news`.
pub fn news_text<G: PageGame>(t: &Texts, state: &OnlineGame<G>, news: &News) -> String {
    let o = t.online();
    let Some(view) = &state.view else {
        return String::new();
    };
    match news {
        News::Joined(name) => o.joined(name.as_str()),
        News::Over(ending) => ending_text(t, view, ending),
        News::RematchOffered(seat) if state.seat == Some(*seat) => o.rematch_sent.into(),
        News::RematchOffered(seat) => o.rematch_asked(name_of(view, *seat)),
        News::Rematched(_) => o.open_rematch.into(),
        News::Refused(refusal) => refusal_text(t, refusal),
        News::Error => o.server_error.into(),
        News::Presence(seat, true) => o.back(name_of(view, *seat)),
        News::Presence(seat, false) => o.left(name_of(view, *seat)),
    }
}

/// The players: side, name, here or away, clock.
fn players<G: PageGame>(t: &Texts, state: &OnlineGame<G>) -> Html {
    let Some(view) = &state.view else {
        return Html::default();
    };
    let o = t.online();
    let clocks = state.clocks(now());
    let correspondence = matches!(view.setup.timing, Timing::Correspondence { .. });
    let items = G::sides().into_iter().enumerate().map(|(seat, side)| {
        let running = state.playing() && view.brief.to_move == Some(seat as u8);
        let here = view.brief.present[seat];
        let clock = clocks
            .map(|left| clock_text(left[seat]))
            .filter(|_| !correspondence || running);
        html! {
            <li class={classes!("online-player", G::side_class(side), running.then_some("to-move"))}
                data-testid={format!("online-player-{seat}")}>
                <span class="online-side">{ G::side_name(t, side) }</span>
                <span class="online-name">{ name_of(view, seat as u8) }</span>
                if state.seat == Some(seat as u8) {
                    <span class="online-you">{ "★" }</span>
                }
                if view.names[seat].is_some() {
                    <span class="online-presence">{ if here { o.present } else { o.absent } }</span>
                }
                if let Some(clock) = clock {
                    <span class="online-clock" role="timer" data-testid={format!("online-clock-{seat}")}>{ clock }</span>
                }
            </li>
        }
    });
    let deadline = view
        .brief
        .clock
        .and_then(|c| c.deadline_ms)
        .filter(|_| correspondence && state.playing())
        .map(|ms| {
            let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
            let lang = wasm_bindgen::JsValue::from_str(t.lang().code());
            o.deadline(String::from(date.to_locale_string(
                &lang.as_string().unwrap_or_default(),
                &wasm_bindgen::JsValue::UNDEFINED,
            )))
        });
    html! {
        <>
            <ul class="online-players">{ for items }</ul>
            if let Some(deadline) = deadline {
                <p class="online-deadline">{ deadline }</p>
            }
        </>
    }
}

/// `ms` (since 1970) as a short local date and time in the page's
/// language (an open challenge's expiry).
pub(super) fn date_text(t: &Texts, ms: u64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    let options = js_sys::Object::new();
    let short = wasm_bindgen::JsValue::from_str("short");
    let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &short);
    let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &short);
    String::from(date.to_locale_string(t.lang().code(), &options))
}

/// A link to copy, with its button.
fn copy_link(
    label: &'static str,
    url: String,
    testid: &'static str,
    t: &Texts,
    announce: &Callback<String>,
) -> Html {
    let copied = t.online().copied;
    let onclick = {
        let (url, announce) = (url.clone(), announce.clone());
        Callback::from(move |_: MouseEvent| {
            if browser::copy_to_clipboard(&url) {
                announce.emit(copied.to_string());
            }
        })
    };
    html! {
        <div class="online-link">
            <label>{ label }
                <input type="text" readonly=true value={url} data-testid={testid} />
            </label>
            <button type="button" {onclick}>{ t.online().copy }</button>
        </div>
    }
}

/// The links: the invitation while the game waits (for its creator), and
/// the watch link.
fn links<G: PageGame>(
    t: &Texts,
    state: &OnlineGame<G>,
    game: &str,
    announce: &Callback<String>,
) -> Html {
    let o = t.online();
    let kind = crate::online::setup::GameKind::from_name(G::ROUTE);
    let Some(kind) = kind else {
        return Html::default();
    };
    let address = browser::page_address();
    let watch = OnlineLink {
        kind,
        game: game.to_string(),
        seat: None,
        invite: None,
    };
    let open = matches!(state.brief().map(|b| b.status), Some(Status::Open));
    let invitation = (open && state.seat.is_some()).then(|| {
        let invite = kept::seat_of(game).and_then(|k| k.invite);
        let private = invite.is_some();
        let link = OnlineLink {
            invite,
            ..watch.clone()
        };
        html! {
            <>
                { copy_link(o.invitation, format!("{address}{}", link.fragment()), "online-invitation", t, announce) }
                if private {
                    <p class="help">{ o.invitation_private }</p>
                }
                if let Some(expires) = state.view.as_ref().and_then(|v| v.expires_ms) {
                    <p class="help" data-testid="online-expires">{ o.waiting_until(date_text(t, expires)) }</p>
                }
            </>
        }
    });
    html! {
        <>
            { invitation.unwrap_or_default() }
            { copy_link(o.watch_link, format!("{address}{}", watch.fragment()), "online-watch-link", t, announce) }
        </>
    }
}

/// The player's buttons for where the game stands.
fn buttons<G: PageGame>(
    t: &'static Texts,
    state: &OnlineGame<G>,
    props: &OnlinePanelProps<G>,
    confirming: &UseStateHandle<bool>,
) -> Html {
    let o = t.online();
    let (Some(view), Some(seat)) = (&state.view, state.seat) else {
        return Html::default();
    };
    let send = |make: fn(u32) -> ClientMessage| props.send.reform(move |_: MouseEvent| make);
    let other = usize::from(1 - (seat & 1));
    let live = view.setup.timing.is_live();
    let my_moves = (0..view.moves.len())
        .filter(|ply| ply % 2 == usize::from(seat))
        .count();
    let resign = if **confirming {
        let confirm = {
            let (send, confirming) = (props.send.clone(), confirming.clone());
            Callback::from(move |_: MouseEvent| {
                confirming.set(false);
                send.emit(|id| ClientMessage::Resign { id });
            })
        };
        let cancel = {
            let confirming = confirming.clone();
            Callback::from(move |_: MouseEvent| confirming.set(false))
        };
        html! {
            <>
                <span>{ o.resign_confirm }</span>
                <button type="button" class="danger" onclick={confirm} data-testid="online-resign-confirm">{ o.resign }</button>
                <button type="button" onclick={cancel}>{ t.common.cancel }</button>
            </>
        }
    } else {
        let confirming = confirming.clone();
        html! {
            <button type="button" onclick={Callback::from(move |_: MouseEvent| confirming.set(true))}
                data-testid="online-resign">{ o.resign }</button>
        }
    };
    match view.brief.status {
        Status::Open => {
            let game = props.game.to_string();
            let onclick = Callback::from(move |_: MouseEvent| cancel_challenge(t, game.clone()));
            html! { <button type="button" {onclick} data-testid="online-cancel">{ o.cancel_challenge }</button> }
        }
        Status::Playing | Status::Completing { .. } => html! {
            <>
                { resign }
                if my_moves == 0 && matches!(view.brief.status, Status::Playing) {
                    <button type="button" onclick={send(|id| ClientMessage::Abort { id })} data-testid="online-abort">{ o.abort }</button>
                }
                if live && !view.brief.present[other] {
                    <button type="button" onclick={send(|id| ClientMessage::Claim { id })} data-testid="online-claim">{ o.claim }</button>
                }
                if matches!(view.brief.status, Status::Completing { loser } if loser != seat) {
                    <button type="button" onclick={send(|id| ClientMessage::Settle { id })}>{ o.settle }</button>
                }
            </>
        },
        Status::Over(ending) => match &view.brief.next_game {
            Some(next) => {
                html! { <a class="button primary" href={rematch_link::<G>(next, seat, &props.game)}
                data-testid="online-open-rematch">{ o.open_rematch }</a> }
            }
            None if matches!(ending.reason, Reason::Cancelled | Reason::Expired) => Html::default(),
            None => html! {
                <button type="button" onclick={send(|id| ClientMessage::Rematch { id })}
                    disabled={view.brief.rematch[usize::from(seat)]} data-testid="online-rematch">{ o.rematch }</button>
            },
        },
    }
}

/// The rematch's page for this player (the same token, the other seat;
/// kept in this browser).
fn rematch_link<G: PageGame>(next: &str, seat: u8, game: &str) -> String {
    let kind = crate::online::setup::GameKind::from_name(G::ROUTE);
    match (kind, kept::seat_of(game)) {
        (Some(kind), Some(mine)) => {
            let next_seat = KeptSeat {
                kind,
                game: next.to_string(),
                seat: 1 - (seat & 1),
                token: mine.token,
                invite: None,
            };
            next_seat.link().fragment()
        }
        _ => format!("#/online/{}/{next}", G::ROUTE),
    }
}

/// Withdraws the open challenge `game` (its creator's token kept here).
fn cancel_challenge(t: &'static Texts, game: String) {
    let Some(mine) = kept::seat_of(&game) else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        let body = serde_json::to_string(&CancelRequest { token: mine.token }).ok();
        let path = format!("/api/v1/games/{game}/cancel");
        let _ = ask::<GameView>(t, "POST", &path, body).await;
    });
}

/// The panel.
#[function_component(OnlinePanel)]
pub fn online_panel<G: PageGame>(props: &OnlinePanelProps<G>) -> Html {
    let t = use_texts();
    let state = &*props.state;
    let confirming = use_state(|| false);
    let announce = use_app().announce;
    let session = &state.session;
    let moves = move_entries(t, session);
    html! {
        <aside class="side-panel online-panel">
            { players(t, state) }
            <p class="online-status" data-testid="online-status">{ status_text(t, state) }</p>
            <div class="online-buttons">{ buttons(t, state, props, &confirming) }</div>
            { links(t, state, &props.game, &announce) }
            <MoveList {moves} cursor={session.record.cursor()} on_go={props.on_go.clone()} />
            <p><a href="#/online">{ t.online().lobby_link }</a></p>
        </aside>
    }
}
