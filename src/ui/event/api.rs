//! The event's requests (`/api/v1/events/…`, docs/tournament.md) and
//! what their refusals say to the person.

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::i18n::Texts;
use crate::online::event::{EventError, Refusal};

use super::super::online::net;

/// The path of `what` of event `event` (`""` for the event itself).
pub fn path(event: &str, what: &str) -> String {
    if what.is_empty() {
        format!("/api/v1/events/{event}")
    } else {
        format!("/api/v1/events/{event}/{what}")
    }
}

/// What a refusal means.
pub fn refusal_text(t: &Texts, refusal: &Refusal) -> String {
    let e = t.event();
    match refusal {
        Refusal::RoundNotFinished => e.refused_round_not_finished.into(),
        Refusal::Finished => e.refused_finished.into(),
        Refusal::Pairing { detail } => e.refused_pairing(detail),
        Refusal::UnknownPlayer => e.refused_unknown_player.into(),
        Refusal::NameTaken => e.refused_name_taken.into(),
        Refusal::AlreadyWithdrawn => e.refused_already_withdrawn.into(),
        Refusal::NoSuchBoard => e.refused_no_such_board.into(),
        Refusal::HasResult => e.refused_has_result.into(),
        Refusal::NoResult => e.refused_no_result.into(),
        Refusal::Score => e.refused_score.into(),
        Refusal::NotYourBoard => e.refused_not_your_board.into(),
        Refusal::NothingToUndo => e.refused_nothing_to_undo.into(),
        Refusal::Full => e.refused_full.into(),
    }
}

/// What an error answer (`status`, `body`) says to the person.
pub fn error_text(t: &Texts, status: u16, body: &str) -> String {
    let e = t.event();
    match serde_json::from_str::<EventError>(body) {
        Ok(EventError::Refused { refusal }) => refusal_text(t, &refusal),
        Ok(EventError::Name { .. }) => e.name_problem.into(),
        Ok(EventError::NotFound) => e.not_found.into(),
        Ok(EventError::WrongToken) => e.wrong_token.into(),
        // The club manager's reader's own message (in English).
        Ok(EventError::File { detail, .. }) => format!("{} {detail}", e.refused_other),
        _ if status == 404 => e.not_found.into(),
        _ => e.refused_other.into(),
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
        Some((status, text)) => Err(error_text(t, status, &text)),
        None => Err(t.event().no_server.into()),
    }
}

/// `GET path`, read as `T`.
pub async fn get<T: DeserializeOwned>(t: &'static Texts, path: &str) -> Result<T, String> {
    let answer = text(t, "GET", path, None).await?;
    serde_json::from_str(&answer).map_err(|_| t.event().no_server.to_string())
}

/// `POST body` to `path`, the answer read as `T`.
pub async fn post<T: DeserializeOwned>(
    t: &'static Texts,
    path: &str,
    body: &impl Serialize,
) -> Result<T, String> {
    let body = serde_json::to_string(body).ok();
    let answer = text(t, "POST", path, body).await?;
    serde_json::from_str(&answer).map_err(|_| t.event().no_server.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn refusals_are_said() {
        let t = Lang::En.texts();
        let body = r#"{"error":"refused","refusal":{"reason":"round_not_finished"}}"#;
        assert_eq!(
            error_text(t, 409, body),
            "The round published has boards without a result."
        );
        assert_eq!(
            error_text(t, 403, r#"{"error":"wrong_token"}"#),
            t.event().wrong_token
        );
        assert_eq!(error_text(t, 404, "<html>"), t.event().not_found);
        assert_eq!(error_text(t, 500, ""), t.event().refused_other);
    }
}
