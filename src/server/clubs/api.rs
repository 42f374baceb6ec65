//! The routes under `/api/v1/clubs` (the table is in `docs/tournament.md`,
//! "Running an event online"). Bodies are JSON of at most 4096 bytes,
//! read as the events' are ([`Posted`]: a body's `malformed`, `too_large`
//! and `limit` errors read the same as a club's); errors are
//! [`ClubError`]s with a fitting status.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use mind_sports::online::club::{Attach, ClubError, ClubMessage, CreateClub};
use mind_sports::online::protocol::encode;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

use crate::api::{answer, refusal, Answer, App};
use crate::event::api::{Body, Posted};
use crate::live::Admitted;
use crate::tokens;

/// The routes (nested under `/api/v1`).
pub fn routes() -> Router<App> {
    Router::new()
        .route("/clubs", post(create))
        .route("/clubs/{id}", get(show))
        .route("/clubs/{id}/events", post(attach))
        .route("/clubs/{id}/ratings", get(ratings))
        .route("/clubs/{id}/live", get(live))
}

impl Body for CreateClub {}
impl Body for Attach {}

impl Answer for ClubError {
    fn status(&self) -> StatusCode {
        match self {
            ClubError::Malformed { .. } | ClubError::Name { .. } => StatusCode::BAD_REQUEST,
            ClubError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ClubError::NotFound | ClubError::NoSuchEvent => StatusCode::NOT_FOUND,
            ClubError::WrongToken | ClubError::WrongOrganiser => StatusCode::FORBIDDEN,
            ClubError::Refused { .. } => StatusCode::CONFLICT,
            ClubError::Limit(_) => StatusCode::TOO_MANY_REQUESTS,
            ClubError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

async fn create(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Posted(request): Posted<CreateClub>,
) -> Response {
    let address = tokens::address_key(&app.address(peer, &headers));
    answer(
        StatusCode::CREATED,
        app.clubs.create(request, &address).await,
    )
}

async fn show(State(app): State<App>, Path(id): Path<String>) -> Response {
    answer(StatusCode::OK, app.clubs.show(&id).await)
}

async fn attach(
    State(app): State<App>,
    Path(id): Path<String>,
    Posted(request): Posted<Attach>,
) -> Response {
    answer(StatusCode::OK, app.clubs.attach(&id, request).await)
}

async fn ratings(State(app): State<App>, Path(id): Path<String>) -> Response {
    answer(StatusCode::OK, app.clubs.ratings(&id).await)
}

/// `GET /api/v1/clubs/<id>/live`: the rating list now, then again after
/// every change of any of the club's events (and when one joins), as it
/// is committed (the origin and connection limits of the games' live
/// connections apply).
async fn live(State(app): State<App>, Path(id): Path<String>, live: Admitted) -> Response {
    if let Err(error) = app.clubs.ratings(&id).await {
        return refusal(&error);
    }
    live.serve(move |socket, _| async move { follow(socket, &app, &id).await })
}

/// The list as the stream sends it.
async fn message(app: &App, id: &str) -> Option<String> {
    let list = app.clubs.ratings(id).await.ok()?;
    Some(encode(&ClubMessage::Ratings {
        club: id.to_string(),
        list,
    }))
}

/// Sends the list, then again whenever one of the club's events changed
/// and the list is not the one sent last, until either side closes.
async fn follow(mut socket: WebSocket, app: &App, id: &str) {
    let mut changes = app.events.changes();
    let club = app.clubs.show(id).await.ok();
    let mut members: HashSet<String> = club
        .into_iter()
        .flat_map(|c| c.events.into_iter().map(|e| e.event))
        .collect();
    let mut sent = match message(app, id).await {
        Some(text) => text,
        None => return,
    };
    if socket.send(Message::text(sent.clone())).await.is_err() {
        return;
    }
    let mut stopping = app.stopping.clone();
    loop {
        tokio::select! {
            change = changes.recv() => {
                let mut ours = match change {
                    Ok(event) => is_ours(app, id, &mut members, &event).await,
                    Err(RecvError::Lagged(_)) => true,
                    Err(RecvError::Closed) => return,
                };
                // Changes that came meanwhile: one list for all of them.
                loop {
                    match changes.try_recv() {
                        Ok(event) => ours |= is_ours(app, id, &mut members, &event).await,
                        Err(TryRecvError::Lagged(_)) => ours = true,
                        Err(_) => break,
                    }
                }
                if !ours {
                    continue;
                }
                let Some(now) = message(app, id).await else { continue };
                if now != sent {
                    if socket.send(Message::text(now.clone())).await.is_err() {
                        return;
                    }
                    sent = now;
                }
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
            _ = stopping.changed() => return,
        }
    }
}

/// Whether changed event `event` is one of club `id`'s (a new member is
/// remembered).
async fn is_ours(app: &App, id: &str, members: &mut HashSet<String>, event: &Arc<str>) -> bool {
    if members.contains(&**event) {
        return true;
    }
    if app.clubs.has_event(id, event).await {
        members.insert(event.to_string());
        return true;
    }
    false
}
