//! The event's requests (`/api/v1/events/…`, docs/tournament.md); what
//! their refusals say is `EventTexts::error`'s.

use crate::json::Decode;
use serde::Serialize;

use crate::i18n::Texts;

use super::super::online::net;

/// The path of `what` of event `event` (`""` for the event itself).
pub fn path(event: &str, what: &str) -> String {
    if what.is_empty() {
        format!("/api/v1/events/{event}")
    } else {
        format!("/api/v1/events/{event}/{what}")
    }
}

/// Sends `body` (JSON) or nothing to `path`: the answer's text, or what
/// to tell the person.
pub async fn text(
    t: &'static Texts,
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<String, String> {
    match net::request(method, path, body).await {
        Some((status, text)) if (200..300).contains(&status) => Ok(text),
        Some((status, text)) => Err(t.event().error(status, &text)),
        None => Err(t.event().no_server().into()),
    }
}

/// `GET path`, read as `T`.
pub async fn get<T: Decode>(t: &'static Texts, path: &str) -> Result<T, String> {
    let answer = text(t, "GET", path, None).await?;
    crate::json::from_str(&answer).map_err(|_| t.event().no_server().to_string())
}

/// `POST body` to `path`, the answer read as `T`.
pub async fn post<T: Decode>(
    t: &'static Texts,
    path: &str,
    body: &impl Serialize,
) -> Result<T, String> {
    let body = serde_json::to_string(body).ok();
    let answer = text(t, "POST", path, body).await?;
    crate::json::from_str(&answer).map_err(|_| t.event().no_server().to_string())
}
