//! Online play's pages (issue 28), written once for the three games:
//!
//! * `create`: the "Play online" dialog every game page has (through the
//!   shell's layout): the page's settings, the time, the colour, public or
//!   private; it creates the game and opens its page.
//! * `page`: an online game's page (`#/online/<game>/<id>`), drawn by the
//!   game's module with the game's own board: the join form of an
//!   invitation, then the live game for the players and the watchers.
//! * `panel`: the players, the clocks, the links and the buttons.
//! * `lobby`: the open public challenges (`#/online`); `mine`: "My online
//!   games" (the home page and the lobby).
//! * `net`: HTTP and the live connections; `kept`: the seats this browser
//!   holds.

pub mod create;
mod kept;
pub mod lobby;
pub mod mine;
mod net;
pub mod page;
mod panel;

use crate::i18n::Texts;
use crate::online::protocol::ApiError;
use crate::online::room::Refusal;

/// What a refusal means to the player.
pub fn refusal_text(t: &Texts, refusal: &Refusal) -> String {
    let o = t.online();
    match refusal {
        Refusal::NotYourTurn => o.refused_not_your_turn.into(),
        Refusal::MovedOn { .. } => o.refused_moved_on.into(),
        Refusal::Move { .. } => o.refused_illegal.into(),
        Refusal::TooLateToAbort => o.refused_abort.into(),
        Refusal::OpponentPresent => o.refused_present.into(),
        Refusal::ClaimTooEarly { wait_ms } => o.claim_wait(wait_ms.div_ceil(1000)),
        Refusal::NotAPlayer => o.not_sent_watching.into(),
        _ => o.refused_other.into(),
    }
}

/// What an answer of the HTTP API says to the person.
pub fn api_error_text(t: &Texts, status: u16, body: &str) -> String {
    let o = t.online();
    match serde_json::from_str::<ApiError>(body) {
        Ok(ApiError::Name { .. }) => o.name_problem.into(),
        Ok(ApiError::NotFound) => o.not_found.into(),
        Ok(ApiError::Refused { refusal }) => refusal_text(t, &refusal),
        _ if status == 404 => o.not_found.into(),
        _ => o.refused_other.into(),
    }
}

/// The server's answer to a request, read as `T`, or what to tell the
/// person.
pub async fn ask<T: serde::de::DeserializeOwned>(
    t: &'static Texts,
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<T, String> {
    match net::request(method, path, body).await {
        Some((status, text)) if (200..300).contains(&status) => {
            serde_json::from_str(&text).map_err(|_| t.online().no_server.to_string())
        }
        Some((status, text)) => Err(api_error_text(t, status, &text)),
        None => Err(t.online().no_server.into()),
    }
}
