//! What the HTTP handlers share, whatever they serve: the context of
//! every route under `/api/v1/` ([`App`]: the games, the per-address
//! limits, the address salt, the stop signal; the events' and the clubs'
//! routes take theirs beside it), and the JSON answers, errors each with
//! its status ([`Answer`]), which `/healthz` gives too. Below the games'
//! routes, the live connections, the events' and the clubs' routes, so
//! that none of them needs another to answer.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use mind_sports_core::online::protocol::{encode, ApiError};
use serde::Serialize;
use tokio::sync::watch;

use crate::limits::{Connections, Requests};
use crate::service::Service;

/// What every request handler shares.
#[derive(Clone)]
pub struct App {
    /// The games.
    pub service: Arc<Service>,
    /// Live connections per address.
    pub connections: Connections,
    /// HTTP requests per address (all but `GET`s).
    pub requests: Arc<Requests>,
    /// `GET`s and live connections opened per address.
    pub reads: Arc<Requests>,
    /// The salt of the address hashes kept in the database.
    pub salt: Arc<str>,
    /// Becomes `true` when the server stops (live connections close).
    pub stopping: watch::Receiver<bool>,
}

impl App {
    /// The client's address: the peer's, or from a trusted proxy the one
    /// its header names past the trusted hops ([`crate::proxy`]).
    pub fn address(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        self.service.settings().proxies.client(peer.ip(), headers)
    }

    /// The time a client has to send a request's body.
    pub fn body_timeout(&self) -> std::time::Duration {
        self.service.settings().limits.request_body_timeout
    }

    /// The hosts the request reached the server as (its own origin's):
    /// `Host`, a trusted proxy's forwarded host, `--public-url`'s.
    pub fn own_hosts(&self, peer: SocketAddr, headers: &HeaderMap) -> Vec<String> {
        let settings = self.service.settings();
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        let forwarded = settings.proxies.forwarded_host(peer.ip(), headers);
        settings.own_hosts(host, forwarded)
    }
}

/// `body` as JSON with `status`, never cached.
pub fn json<T: Serialize>(status: StatusCode, body: &T) -> Response {
    crate::refusals::json_text(status, encode(body))
}

/// An error of the API that answers with its own status: the games',
/// the events' and the clubs' errors.
pub trait Answer: Serialize {
    /// The status it is answered with.
    fn status(&self) -> StatusCode;
}

impl Answer for ApiError {
    fn status(&self) -> StatusCode {
        match self {
            ApiError::Malformed { .. }
            | ApiError::Setup { .. }
            | ApiError::Name { .. }
            | ApiError::HelloFirst => StatusCode::BAD_REQUEST,
            ApiError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::WrongToken | ApiError::WrongInvite | ApiError::Origin => {
                StatusCode::FORBIDDEN
            }
            ApiError::Refused { .. } => StatusCode::CONFLICT,
            ApiError::Limit(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

/// An error as its response.
pub fn refusal<E: Answer>(error: &E) -> Response {
    json(error.status(), error)
}

/// A result as its response: the body with `status`, or the error's.
pub fn answer<T: Serialize, E: Answer>(status: StatusCode, result: Result<T, E>) -> Response {
    match result {
        Ok(body) => json(status, &body),
        Err(error) => refusal(&error),
    }
}

/// An error as its response.
pub fn error_response(error: ApiError) -> Response {
    refusal(&error)
}
