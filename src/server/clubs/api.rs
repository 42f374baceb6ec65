//! The routes under `/api/v1/clubs` (the table is in `docs/tournament.md`,
//! "Running an event online"). Bodies are JSON of at most 4096 bytes,
//! read as the events' are ([`Posted`]: a body's `malformed`, `too_large`
//! and `limit` errors read the same as a club's); errors are
//! [`ClubError`]s with a fitting status.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::WebSocket;
use axum::extract::{ConnectInfo, FromRef, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use mind_sports_core::online::club::{Attach, ClubError, CreateClub, EditMember};
use serde::Deserialize;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

use super::Clubs;
use crate::event::api::{Body, Posted};
use crate::live::{alive, idle_time, ping, pinger, send_live, Admitted};
use crate::tokens;
use crate::web::{answer, refusal, Answer, App};

/// The routes (nested under `/api/v1`), over any state that gives the
/// handlers [`App`] and the clubs.
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    App: FromRef<S>,
    Arc<Clubs>: FromRef<S>,
{
    Router::new()
        .route("/clubs", post(create))
        .route("/clubs/{id}", get(show))
        .route("/clubs/{id}/events", post(attach))
        .route("/clubs/{id}/members", post(edit_member))
        .route("/clubs/{id}/ratings", get(ratings))
        .route("/clubs/{id}/live", get(live))
}

impl Body for CreateClub {}
impl Body for Attach {}
impl Body for EditMember {}

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
    State(clubs): State<Arc<Clubs>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Posted(request): Posted<CreateClub>,
) -> Response {
    let address = tokens::address_key(&app.salt, &app.address(peer, &headers));
    answer(StatusCode::CREATED, clubs.create(request, &address).await)
}

async fn show(State(clubs): State<Arc<Clubs>>, Path(id): Path<String>) -> Response {
    answer(StatusCode::OK, clubs.show(&id).await)
}

async fn attach(
    State(clubs): State<Arc<Clubs>>,
    Path(id): Path<String>,
    Posted(request): Posted<Attach>,
) -> Response {
    answer(StatusCode::OK, clubs.attach(&id, request).await)
}

async fn edit_member(
    State(clubs): State<Arc<Clubs>>,
    Path(id): Path<String>,
    Posted(request): Posted<EditMember>,
) -> Response {
    answer(StatusCode::OK, clubs.edit_member(&id, request).await)
}

/// Which page of the rating list (`?page=N`, from 0).
#[derive(Debug, Deserialize)]
struct PageQuery {
    #[serde(default)]
    page: usize,
}

/// `GET /api/v1/clubs/<id>/ratings?page=N`: a page of the list as it was
/// computed last (`ratings::Rated`), with its `ETag`; `304` when the
/// client has it (`If-None-Match`). Cached by the browser, revalidated on
/// every read.
async fn ratings(
    State(clubs): State<Arc<Clubs>>,
    Path(id): Path<String>,
    Query(query): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    let rated = match clubs.rated(&id).await {
        Ok(rated) => rated,
        Err(error) => return refusal(&error),
    };
    let Some(text) = rated.pages.get(query.page) else {
        return refusal(&ClubError::NotFound);
    };
    let etag = rated.etag(query.page);
    let known = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .any(|tag| tag.trim() == etag || tag.trim() == "*")
        });
    let mut response = if known {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = (StatusCode::OK, text.to_string()).into_response();
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    response
}

/// `GET /api/v1/clubs/<id>/live`: the rating list's first page now, then
/// again after every change of any of the club's events (and when one
/// joins) that changed the list, as it is committed (the origin and
/// connection limits of the games' live connections apply).
async fn live(
    State(app): State<App>,
    State(clubs): State<Arc<Clubs>>,
    Path(id): Path<String>,
    live: Admitted,
) -> Response {
    if let Err(error) = clubs.rated(&id).await {
        return refusal(&error);
    }
    live.serve(move |socket, _| async move { follow(socket, &app, &clubs, &id).await })
}

/// Sends the list, then again whenever one of the club's events changed
/// and the list is not the one sent last, until either side closes or
/// the client is silent for `--live-idle-timeout`.
async fn follow(mut socket: WebSocket, app: &App, clubs: &Clubs, id: &str) {
    let mut changes = clubs.events.changes();
    let club = clubs.show(id).await.ok();
    let mut members: HashSet<String> = club
        .into_iter()
        .flat_map(|c| c.events.into_iter().map(|e| e.event))
        .collect();
    let mut sent = match clubs.rated(id).await {
        Ok(rated) => rated,
        Err(_) => return,
    };
    if !send_live(&mut socket, &sent.message).await {
        return;
    }
    let mut stopping = app.stopping.clone();
    let after = idle_time(app);
    let idle = tokio::time::sleep(after);
    tokio::pin!(idle);
    let mut pings = pinger(app);
    loop {
        tokio::select! {
            _ = pings.tick() => if !ping(&mut socket).await { return },
            change = changes.recv() => {
                let mut ours = match change {
                    Ok(event) => is_ours(clubs, id, &mut members, &event).await,
                    Err(RecvError::Lagged(_)) => true,
                    Err(RecvError::Closed) => return,
                };
                // Changes that came meanwhile: one list for all of them.
                loop {
                    match changes.try_recv() {
                        Ok(event) => ours |= is_ours(clubs, id, &mut members, &event).await,
                        Err(TryRecvError::Lagged(_)) => ours = true,
                        Err(_) => break,
                    }
                }
                if !ours {
                    continue;
                }
                let Ok(now) = clubs.rated(id).await else { continue };
                if now.version != sent.version {
                    if !send_live(&mut socket, &now.message).await {
                        return;
                    }
                    sent = now;
                }
            },
            incoming = socket.recv() => if !alive(incoming, idle.as_mut(), after) { return },
            () = &mut idle => return,
            _ = stopping.changed() => return,
        }
    }
}

/// Whether changed event `event` is one of club `id`'s (a new member is
/// remembered).
async fn is_ours(clubs: &Clubs, id: &str, members: &mut HashSet<String>, event: &Arc<str>) -> bool {
    if members.contains(&**event) {
        return true;
    }
    if clubs.has_event(id, event).await {
        members.insert(event.to_string());
        return true;
    }
    false
}
