//! HTTP under `/api/v1/`: the top of the server's routes. Here: create,
//! show, join and cancel games, and the lobby's list; routed here as
//! well: the two WebSocket routes ([`crate::live`]), the club events'
//! routes ([`crate::event::api`]) and the clubs' ([`crate::clubs::api`]).
//! Every body is read by the protocol's decoder; every answer is JSON,
//! errors as `ApiError` with a fitting status ([`crate::web`]).

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, FromRef, FromRequest, FromRequestParts, Path, Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use mind_sports_core::online::protocol::{
    decode, ApiError, CancelRequest, CreateRequest, JoinRequest, LimitReached, Lobby,
    MAX_MESSAGE_BYTES,
};
use mind_sports_core::online::room::Action;
use serde::de::DeserializeOwned;

use crate::clubs::Clubs;
use crate::event::Events;
use crate::service::Failure;
use crate::tokens;
use crate::web::{error_response, json, App};

/// What the routes under `/api/v1` share: [`App`], which every handler
/// takes, and the club events and the clubs, which their own handlers
/// take (each handler takes the parts it needs: axum's `FromRef`).
#[derive(Clone)]
pub struct ApiState {
    /// What every handler shares.
    pub app: App,
    /// The club events.
    pub events: Arc<Events>,
    /// The clubs.
    pub clubs: Arc<Clubs>,
}

impl FromRef<ApiState> for App {
    fn from_ref(state: &ApiState) -> App {
        state.app.clone()
    }
}

impl FromRef<ApiState> for Arc<Events> {
    fn from_ref(state: &ApiState) -> Arc<Events> {
        state.events.clone()
    }
}

impl FromRef<ApiState> for Arc<Clubs> {
    fn from_ref(state: &ApiState) -> Arc<Clubs> {
        state.clubs.clone()
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
pub fn routes(state: ApiState) -> Router {
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
            state.app.clone(),
            within_rate,
        ))
        .layer(axum::middleware::from_fn(crate::refusals::as_json))
        .with_state(state)
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

impl<S, T> FromRequest<S> for Posted<T>
where
    S: Send + Sync,
    App: FromRef<S>,
    T: DeserializeOwned,
{
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Response> {
        let app = App::from_ref(state);
        let (mut parts, body) = request.into_parts();
        let ConnectInfo(peer) = ConnectInfo::<SocketAddr>::from_request_parts(&mut parts, state)
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
