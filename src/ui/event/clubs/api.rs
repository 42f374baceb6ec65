//! The club's requests (`/api/v1/clubs/…`, docs/tournament.md); what
//! their refusals say is `ClubsTexts::error`'s.

use crate::json::Decode;
use serde::Serialize;

use crate::i18n::Texts;

use super::super::super::online::net;

/// The path of `what` of club `club` (`""` for the club itself).
pub fn path(club: &str, what: &str) -> String {
    if what.is_empty() {
        format!("/api/v1/clubs/{club}")
    } else {
        format!("/api/v1/clubs/{club}/{what}")
    }
}

/// Sends `body` (JSON, if any) to `path`, the answer read as `T`; or what
/// to tell the person (a static site without the server answers 404 or 405
/// with a page that is not JSON: it has no club server).
pub async fn send<T: Decode>(
    t: &'static Texts,
    method: &str,
    path: &str,
    body: Option<&impl Serialize>,
) -> Result<T, String> {
    let body = body.and_then(|b| serde_json::to_string(b).ok());
    let c = t.clubs();
    match net::request(method, path, body).await {
        Some((status, text)) if (200..300).contains(&status) => {
            crate::json::from_str(&text).map_err(|_| c.no_server().to_string())
        }
        Some((status, text)) if !text.starts_with('{') && matches!(status, 404 | 405) => {
            Err(c.no_server().into())
        }
        Some((status, text)) => Err(c.error(status, &text)),
        None => Err(c.no_server().into()),
    }
}

/// `GET path`, read as `T`.
pub async fn get<T: Decode>(t: &'static Texts, path: &str) -> Result<T, String> {
    send(t, "GET", path, None::<&()>).await
}
