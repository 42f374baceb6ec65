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

/// An Othello game's page online (`#/online/othello/<id>`,
/// `src/bin/othelloonline.rs`).
pub fn othello_game(route: &Route) -> Html {
    game_of::<Othello>(route, GameKind::Othello)
}

/// An Opok game's page online (`src/bin/opokonline.rs`).
pub fn opok_game(route: &Route) -> Html {
    game_of::<Opok>(route, GameKind::Opok)
}

/// A Nim game's page online (`src/bin/nimonline.rs`).
pub fn nim_game(route: &Route) -> Html {
    game_of::<Nim>(route, GameKind::Nim)
}

/// An online game's page (`#/online/<game>/<id>`) of the module of game
/// `kind` (`G`): a module of its own for each game, with that game's board
/// only; an address of another game, or of none, is not found.
fn game_of<G: super::shell::PageGame>(route: &Route, kind: GameKind) -> Html {
    match route {
        Route::Online(rest) => match OnlineLink::parse(rest) {
            Some(link) if link.kind == kind => {
                html! { <page::OnlinePage<G> key={rest.clone()} rest={rest.clone()} /> }
            }
            _ => not_found(),
        },
        _ => Html::default(),
    }
}

/// The frame following a live Othello game (`#/embed/othello?live=<id>`,
/// `src/bin/othellolive.rs`): the module a club's website loads for it,
/// without the lobby and the online games' pages.
pub fn othello_live(route: &Route) -> Html {
    live_of::<Othello>(route, GameKind::Othello)
}

/// The frame following a live Opok game (`src/bin/opoklive.rs`).
pub fn opok_live(route: &Route) -> Html {
    live_of::<Opok>(route, GameKind::Opok)
}

/// The frame following a live Nim game (`src/bin/nimlive.rs`).
pub fn nim_live(route: &Route) -> Html {
    live_of::<Nim>(route, GameKind::Nim)
}

/// A live game's frame of the module of game `kind` (`G`).
fn live_of<G: super::embed::EmbedBoard>(route: &Route, kind: GameKind) -> Html {
    match route {
        Route::Embed(rest) => match LiveFrame::parse(rest) {
            Some(live) if live.kind == kind => frame::live_frame::<G>(live),
            _ => not_found(),
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
