//! Online play's pages (issue 28), written once for the three games, as
//! wasm modules of their own: the lobby and the "Play online" dialog
//! (`src/bin/online.rs`, `online.js`: [`page_of`]), which the app loads
//! for the lobby and a game page for its dialog; an online game's page
//! (`src/bin/onlinegame.rs`, `onlinegame.js`: [`game_of`]), with the
//! three games' boards; so that neither the app nor the game pages pay for
//! the protocol's decoders and the live connection, nor the lobby for the
//! boards.
//!
//! * `create`: the "Play online" dialog (opened by the button every game
//!   page has, through the shell's layout, with the page's game as its
//!   share link writes it): the time, the colour, public or private; it
//!   creates the game and opens its page.
//! * `page`: an online game's page (`#/online/<game>/<id>`), with the
//!   game's own board: the join form of an invitation, then the live game
//!   for the players and the watchers.
//! * `frame`: an embedded frame that follows a live game
//!   (`#/embed/<game>?live=<id>`), a module of its own (`liveframe.js`:
//!   [`frame_of`]).
//! * `panel`: the game's facts, where it stands, the news, and the rest of
//!   the side panel: `players` (names, presence, clocks, deadlines),
//!   `actions` (the player's buttons), `links` (invitation, watch link,
//!   private link), `notify` (title, badge, notifications).
//! * `facts`: a game's rules and time in words, for every page.
//! * `lobby`: the open public challenges (`#/online`); `mine`: "My online
//!   games" (the lobby), finished games kept with their downloads.
//! * `net`: HTTP and the live connections; `kept`: the seats this browser
//!   holds.

mod actions;
pub mod create;
mod facts;
mod frame;
pub(crate) mod kept;
mod links;
mod lobby;
pub(crate) mod mine;
pub(crate) mod net;
mod notify;
mod page;
mod panel;
mod players;

use yew::prelude::*;

use crate::i18n::Texts;
use crate::online::client::{LiveFrame, OnlineLink};
use crate::online::protocol::ApiError;
use crate::online::room::Refusal;
use crate::online::setup::GameKind;
use crate::route::Route;
use crate::session::nim::Nim;
use crate::session::opok::Opok;
use crate::session::othello::Othello;

/// The lobby (`#/online`, `src/bin/online.rs`, which also draws a game
/// page's "Play online" dialog).
pub fn page_of(route: &Route) -> Html {
    match route {
        Route::Lobby => html! { <lobby::Lobby /> },
        _ => Html::default(),
    }
}

/// An online game's page (`#/online/<game>/<id>`, `src/bin/onlinegame.rs`),
/// with its game's board.
pub fn game_of(route: &Route) -> Html {
    match route {
        Route::Online(rest) => match OnlineLink::parse(rest).map(|link| link.kind) {
            Some(GameKind::Othello) => {
                html! { <page::OnlinePage<Othello> key={rest.clone()} rest={rest.clone()} /> }
            }
            Some(GameKind::Opok) => {
                html! { <page::OnlinePage<Opok> key={rest.clone()} rest={rest.clone()} /> }
            }
            Some(GameKind::Nim) => {
                html! { <page::OnlinePage<Nim> key={rest.clone()} rest={rest.clone()} /> }
            }
            None => not_found(),
        },
        _ => Html::default(),
    }
}

/// The frames that follow a live game alone (`#/embed/<game>?live=<id>`):
/// the module a club's website loads for them (`src/bin/liveframe.rs`),
/// without the lobby and the online games' pages.
pub fn frame_of(route: &Route) -> Html {
    match route {
        Route::Embed(rest) => match LiveFrame::parse(rest) {
            Some(live) => frame::live_frame(live),
            None => not_found(),
        },
        _ => Html::default(),
    }
}

/// An address of the module's that names no game.
fn not_found() -> Html {
    html! { <NotFound /> }
}

/// Says that the address names no game.
#[function_component(NotFound)]
fn not_found_page() -> Html {
    let t = super::context::use_texts();
    html! { <p class="online-problem" data-testid="online-problem">{ t.online().not_found() }</p> }
}

/// What a refusal means to the player.
pub fn refusal_text(t: &Texts, refusal: &Refusal) -> String {
    let o = t.online();
    match refusal {
        Refusal::NotYourTurn => o.refused_not_your_turn().into(),
        Refusal::MovedOn { .. } => o.refused_moved_on().into(),
        Refusal::Move { .. } => o.refused_illegal().into(),
        Refusal::TooLateToAbort => o.refused_abort().into(),
        Refusal::OpponentPresent => o.refused_present().into(),
        Refusal::ClaimTooEarly { wait_ms } => o.claim_wait(wait_ms.div_ceil(1000)),
        Refusal::NotAPlayer => o.not_sent_watching().into(),
        _ => o.refused_other().into(),
    }
}

/// What an answer of the HTTP API says to the person.
pub fn api_error_text(t: &Texts, status: u16, body: &str) -> String {
    let o = t.online();
    match crate::json::from_str::<ApiError>(body) {
        Ok(ApiError::Name { .. }) => o.name_problem().into(),
        Ok(ApiError::NotFound) => o.not_found().into(),
        Ok(ApiError::Refused { refusal }) => refusal_text(t, &refusal),
        _ if status == 404 => o.not_found().into(),
        _ => o.refused_other().into(),
    }
}

/// The server's answer to a request, read as `T`, or what to tell the
/// person.
pub async fn ask<T: crate::json::Decode>(
    t: &'static Texts,
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<T, String> {
    match net::request(method, path, body).await {
        Some((status, text)) if (200..300).contains(&status) => {
            crate::json::from_str(&text).map_err(|_| t.online().no_server().to_string())
        }
        Some((status, text)) => Err(api_error_text(t, status, &text)),
        None => Err(t.online().no_server().into()),
    }
}
