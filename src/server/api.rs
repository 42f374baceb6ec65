//! HTTP under `/api/v1/`: create, show, join and cancel games, the lobby's
//! list, and the two WebSocket routes (`live.rs`). Every body is read by
//! the protocol's decoder; every answer is JSON, errors as `ApiError` with
//! a fitting status.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Path, Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use mind_sports_core::online::protocol::{
    decode, encode, ApiError, CancelRequest, CreateRequest, JoinRequest, LimitReached, Lobby,
    MAX_MESSAGE_BYTES,
};
use mind_sports_core::online::room::Action;
use serde::de::DeserializeOwned;
use serde::Serialize;
use tokio::sync::watch;

use crate::limits::{Connections, Requests};
use crate::service::{Failure, Service};
use crate::tokens;

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
    /// The club events.
    pub events: Arc<crate::event::Events>,
    /// The clubs.
    pub clubs: Arc<crate::clubs::Clubs>,
}

impl App {
    /// The client's address: the peer's, or from a trusted proxy the one
    /// its header names past the trusted hops (`crate::proxy`).
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

/// Middleware: every request under `/api/` within its address's rate,
/// before anything is read or loaded for it: `GET`s (live connections
/// opened included) within `reads_per_second`, the others within
/// `requests_per_second`.
async fn within_rate(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let address = app.address(peer, request.headers());
    let reading = matches!(*request.method(), Method::GET | Method::HEAD);
    let (bucket, what) = if reading {
        (&app.reads, "reads_per_second")
    } else {
        (&app.requests, "requests_per_second")
    };
    if !bucket.allow(address) {
        return error_response(ApiError::Limit(LimitReached::new(what, bucket.rate())));
    }
    next.run(request).await
}

/// The routes under `/api/v1`.
pub fn routes(app: App) -> Router {
    Router::new()
        .route("/games", post(create))
        .route("/games/{id}", get(show))
        .route("/games/{id}/join", post(join))
        .route("/games/{id}/cancel", post(cancel))
        .route("/games/{id}/live", get(crate::live::game_socket))
        .route("/challenges", get(challenges))
        .route("/lobby/live", get(crate::live::lobby_socket))
        .merge(crate::event::api::routes())
        .merge(crate::clubs::api::routes())
        .fallback(|| async { error_response(ApiError::NotFound) })
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            within_rate,
        ))
        .layer(axum::middleware::from_fn(crate::refusals::as_json))
        .with_state(app)
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

fn failure_response(failure: Failure) -> Response {
    match failure {
        Failure::Refused(refusal) => error_response(ApiError::Refused { refusal }),
        Failure::Api(error) => error_response(error),
    }
}

/// A posted request: its body (at most [`MAX_MESSAGE_BYTES`], within
/// `--request-body-timeout`) read as `T` by the protocol's decoder, and the
/// client's address (its rate was checked by [`within_rate`]). Rejected
/// with the `ApiError` response, so a handler starts from a good request.
struct Posted<T> {
    request: T,
    address: IpAddr,
}

impl<T: DeserializeOwned> FromRequest<App> for Posted<T> {
    type Rejection = Response;

    async fn from_request(request: Request, app: &App) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        let ConnectInfo(peer) = ConnectInfo::<SocketAddr>::from_request_parts(&mut parts, app)
            .await
            .map_err(IntoResponse::into_response)?;
        let address = app.address(peer, &parts.headers);
        let body = crate::refusals::read_body(body, MAX_MESSAGE_BYTES, app.body_timeout())
            .await
            .map_err(crate::refusals::BodyProblem::response)?;
        let request = decode(&body).map_err(|error| error_response(error.to_api()))?;
        Ok(Posted { request, address })
    }
}

async fn create(State(app): State<App>, posted: Posted<CreateRequest>) -> Response {
    let key = tokens::address_key(&app.salt, &posted.address);
    match app.service.create(posted.request, &key).await {
        Ok(seated) => json(StatusCode::CREATED, &seated),
        Err(error) => error_response(error),
    }
}

async fn show(State(app): State<App>, Path(id): Path<String>) -> Response {
    match app.service.entry(&id).await {
        Ok(entry) => json(StatusCode::OK, &app.service.view(&entry).await),
        Err(error) => error_response(error),
    }
}

async fn join(
    State(app): State<App>,
    Path(id): Path<String>,
    posted: Posted<JoinRequest>,
) -> Response {
    match app.service.join(&id, posted.request).await {
        Ok(seated) => json(StatusCode::OK, &seated),
        Err(failure) => failure_response(failure),
    }
}

async fn cancel(
    State(app): State<App>,
    Path(id): Path<String>,
    posted: Posted<CancelRequest>,
) -> Response {
    let entry = match app.service.entry(&id).await {
        Ok(entry) => entry,
        Err(error) => return error_response(error),
    };
    let Some(seat) = app.service.seat_of(&entry, &posted.request.token).await else {
        return error_response(ApiError::WrongToken);
    };
    match app.service.act(&entry, Some(seat), Action::Cancel).await {
        Ok(()) => json(StatusCode::OK, &app.service.view(&entry).await),
        Err(failure) => failure_response(failure),
    }
}

async fn challenges(State(app): State<App>) -> Response {
    match app.service.challenges().await {
        Ok(challenges) => json(StatusCode::OK, &Lobby { challenges }),
        Err(error) => error_response(error),
    }
}
