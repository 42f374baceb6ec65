//! A player's buttons on an online game's page, for where the game
//! stands: withdraw an open challenge; resign and abort (each asked again
//! first; an event's game is forfeited instead, and has no rematch); claim the win once the opponent has been away long enough
//! (with the time until then); settle a completion; a rematch, with who
//! asked and who is awaited in words; then the rematch's page.

use yew::prelude::*;

use crate::i18n::Texts;
use crate::online::client::KeptSeat;
use crate::online::protocol::{CancelRequest, ClientMessage, GameView};
use crate::online::room::{Reason, Status};
use crate::online::setup::GameKind;

use super::super::shell::clock::now;
use super::panel::Glance;
use super::players::name_of;
use super::{ask, kept};

/// What a button asks again before it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirming {
    /// Nothing.
    None,
    /// Resign.
    Resign,
    /// Abort.
    Abort,
}

/// A question and its two buttons: do it, or keep playing.
fn confirm(
    t: &Texts,
    question: &'static str,
    label: &'static str,
    testid: &'static str,
    confirming: &UseStateHandle<Confirming>,
    send: &Callback<fn(u32) -> ClientMessage>,
    make: fn(u32) -> ClientMessage,
) -> Html {
    let yes = {
        let (send, confirming) = (send.clone(), confirming.clone());
        Callback::from(move |_: MouseEvent| {
            confirming.set(Confirming::None);
            send.emit(make);
        })
    };
    let no = {
        let confirming = confirming.clone();
        Callback::from(move |_: MouseEvent| confirming.set(Confirming::None))
    };
    html! {
        <div class="online-confirm" role="group" aria-label={question}>
            <span>{ question }</span>
            <button type="button" class="danger" onclick={yes} data-testid={testid}>{ label }</button>
            <button type="button" onclick={no}>{ t.online().keep_playing() }</button>
        </div>
    }
}

/// The claim: the time until it is possible, or the button.
fn claim(t: &Texts, state: &Glance, send: &Callback<fn(u32) -> ClientMessage>) -> Html {
    let o = t.online();
    let Some(from) = state.claim_from else {
        return Html::default();
    };
    // Nothing to claim while the clocks wait for both players.
    let waits = state
        .view
        .is_some_and(|v| v.brief.clock.as_ref().is_some_and(|c| c.running.is_none()));
    if waits {
        return Html::default();
    }
    let wait = from - now();
    if wait > 0.0 {
        // Whole seconds, counted down: `0:42`.
        let seconds = (wait / 1000.0).ceil() as u64;
        let time = format!("{}:{:02}", seconds / 60, seconds % 60);
        return html! { <p class="online-claim-wait" data-testid="online-claim-wait">{ o.claim_in(time) }</p> };
    }
    let onclick =
        send.reform(|_: MouseEvent| (|id| ClientMessage::Claim { id }) as fn(u32) -> ClientMessage);
    html! {
        <>
            if from > 0.0 {
                <p class="online-claim-wait">{ o.claim_now() }</p>
            }
            <button type="button" class="primary" {onclick} data-testid="online-claim">{ o.claim() }</button>
        </>
    }
}

/// After the game: the rematch, said as it stands.
fn rematch(
    t: &Texts,
    view: &GameView,
    seat: u8,
    game: &str,
    send: &Callback<fn(u32) -> ClientMessage>,
) -> Html {
    let o = t.online();
    let (mine, theirs) = (
        view.brief.rematch[usize::from(seat & 1)],
        view.brief.rematch[usize::from(1 - (seat & 1))],
    );
    if let Some(next) = &view.brief.next_game {
        return html! { <a class="button primary" href={rematch_link(view.setup.game, next, seat, game)}
        data-testid="online-open-rematch">{ o.open_rematch() }</a> };
    }
    let other = name_of(view, 1 - (seat & 1));
    let ask_for = send
        .reform(|_: MouseEvent| (|id| ClientMessage::Rematch { id }) as fn(u32) -> ClientMessage);
    html! {
        <div class="online-rematch" data-testid="online-rematch-state">
            if theirs && !mine {
                <p class="online-offer">{ o.rematch_asked(other) }</p>
                <button type="button" class="primary" onclick={ask_for} data-testid="online-rematch">{ o.rematch_accept() }</button>
            } else if mine {
                <p class="online-offer">{ o.rematch_waiting(other) }</p>
                <button type="button" disabled=true data-testid="online-rematch">{ o.rematch_asked_button() }</button>
            } else {
                <button type="button" onclick={ask_for} data-testid="online-rematch">{ o.rematch() }</button>
            }
        </div>
    }
}

/// The player's buttons for where the game stands.
pub(super) fn buttons(
    t: &'static Texts,
    state: &Glance,
    game: &str,
    send: &Callback<fn(u32) -> ClientMessage>,
    confirming: &UseStateHandle<Confirming>,
) -> Html {
    let o = t.online();
    let (Some(view), Some(seat)) = (state.view, state.seat) else {
        return Html::default();
    };
    let ask_again = |what: Confirming| {
        let confirming = confirming.clone();
        Callback::from(move |_: MouseEvent| confirming.set(what))
    };
    let my_moves = (0..view.moves.len())
        .filter(|ply| ply % 2 == usize::from(seat))
        .count();
    let can_abort = my_moves == 0 && matches!(view.brief.status, Status::Playing);
    // An event's game is not aborted but forfeited, and has no rematch.
    let event = view.event.is_some();
    match view.brief.status {
        Status::Open => {
            let game = game.to_string();
            let onclick = Callback::from(move |_: MouseEvent| cancel_challenge(t, game.clone()));
            html! { <button type="button" {onclick} data-testid="online-cancel">{ o.cancel_challenge() }</button> }
        }
        Status::Playing | Status::Completing { .. } => match **confirming {
            Confirming::Resign => confirm(
                t,
                o.resign_confirm(),
                o.resign(),
                "online-resign-confirm",
                confirming,
                send,
                |id| ClientMessage::Resign { id },
            ),
            Confirming::Abort if can_abort => confirm(
                t,
                if event {
                    o.forfeit_confirm()
                } else {
                    o.abort_confirm()
                },
                if event { o.forfeit_game() } else { o.abort() },
                "online-abort-confirm",
                confirming,
                send,
                |id| ClientMessage::Abort { id },
            ),
            _ => html! {
                <>
                    <button type="button" onclick={ask_again(Confirming::Resign)} data-testid="online-resign">{ o.resign() }</button>
                    if can_abort {
                        <button type="button" onclick={ask_again(Confirming::Abort)} data-testid="online-abort">{ if event { o.forfeit_game() } else { o.abort() } }</button>
                    }
                    if matches!(view.brief.status, Status::Completing { loser } if loser != seat) {
                        <button type="button" onclick={send.reform(|_: MouseEvent| (|id| ClientMessage::Settle { id }) as fn(u32) -> ClientMessage)}>{ o.settle() }</button>
                    }
                    { claim(t, state, send) }
                </>
            },
        },
        Status::Over(ending) if ending.reason == Reason::Cancelled || event => Html::default(),
        Status::Over(_) => rematch(t, view, seat, game, send),
    }
}

/// The rematch's page for this player (the same token, the other seat;
/// kept in this browser).
fn rematch_link(kind: GameKind, next: &str, seat: u8, game: &str) -> String {
    match kept::seat_of(game) {
        Some(mine) => KeptSeat {
            game: next.to_string(),
            seat: 1 - (seat & 1),
            invite: None,
            ..KeptSeat::new(kind, mine.token)
        }
        .link()
        .fragment(),
        None => format!("#/online/{}/{next}", kind.name()),
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
