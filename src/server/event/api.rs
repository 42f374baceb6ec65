//! The routes under `/api/v1/events` (the table is in
//! `docs/tournament.md`, "Running an event online"). Bodies are JSON of
//! at most 4096 bytes (a tournament file's upload: at most
//! [`MAX_UPLOAD_BYTES`]), within the server's requests-per-second limit;
//! errors are [`EventError`]s with a fitting status.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::WebSocket;
use axum::extract::{ConnectInfo, FromRef, FromRequest, Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use mind_sports_core::club::csv::{to_csv, Separator, BOM};
use mind_sports_core::club::tournament::Tournament;
use mind_sports_core::i18n::Lang;
use mind_sports_core::online::event::{
    CreateEvent, EventError, ImportEvent, Manage, Register, Report, TokenOnly, MAX_UPLOAD_BYTES,
};
use mind_sports_core::online::protocol::{encode, MAX_MESSAGE_BYTES};
use serde::de::DeserializeOwned;

use super::service::{EventEntry, Events};
use super::spreadsheet::{file_name, standings_file, workbook};
use super::views::{players, standings_json, summary};
use crate::live::{alive, idle_time, ping, pinger, send_live, Admitted};
use crate::tokens;
use crate::web::{answer, refusal, Answer, App};

/// The routes (nested under `/api/v1`), over any state that gives the
/// handlers [`App`] and the events.
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    App: FromRef<S>,
    Arc<Events>: FromRef<S>,
{
    Router::new()
        .route("/events", post(create))
        .route("/events/import", post(import))
        .route("/events/{id}", get(show))
        .route("/events/{id}/players", get(player_list))
        .route("/events/{id}/rounds", get(rounds))
        .route("/events/{id}/standings", get(standings))
        .route("/events/{id}/export.json", get(export_json))
        .route("/events/{id}/export.csv", get(export_csv))
        .route("/events/{id}/export.xlsx", get(export_xlsx))
        .route("/events/{id}/standings.csv", get(standings_csv))
        .route("/events/{id}/register", post(register))
        .route("/events/{id}/manage", post(manage))
        .route("/events/{id}/report", post(report))
        .route("/events/{id}/me", post(me))
        .route("/events/{id}/log", post(log))
        .route("/events/{id}/live", get(live))
}

impl Answer for EventError {
    fn status(&self) -> StatusCode {
        match self {
            EventError::Malformed { .. }
            | EventError::Setup { .. }
            | EventError::Name { .. }
            | EventError::File { .. } => StatusCode::BAD_REQUEST,
            EventError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            EventError::NotFound => StatusCode::NOT_FOUND,
            EventError::WrongToken => StatusCode::FORBIDDEN,
            EventError::Refused { .. } => StatusCode::CONFLICT,
            EventError::Limit(_) => StatusCode::TOO_MANY_REQUESTS,
            EventError::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

/// A request body the events read, and the most bytes it may have.
pub trait Body: DeserializeOwned {
    /// The largest body read.
    const MAX_BYTES: usize = MAX_MESSAGE_BYTES;
}

impl Body for CreateEvent {}
impl Body for Register {}
impl Body for Manage {}
impl Body for Report {}
impl Body for TokenOnly {}
impl Body for ImportEvent {
    const MAX_BYTES: usize = MAX_UPLOAD_BYTES;
}

/// A posted request read as `T` (at most `T::MAX_BYTES`, within
/// `--request-body-timeout`); otherwise the error's response.
pub struct Posted<T>(pub T);

impl<S, T> FromRequest<S> for Posted<T>
where
    S: Send + Sync,
    App: FromRef<S>,
    T: Body,
{
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Response> {
        let app = App::from_ref(state);
        let refuse = |error: EventError| refusal(&error);
        // The address's rate was checked before (`api::within_rate`).
        let bytes =
            crate::refusals::read_body(request.into_body(), T::MAX_BYTES, app.body_timeout())
                .await
                .map_err(crate::refusals::BodyProblem::response)?;
        serde_json::from_slice(&bytes).map(Posted).map_err(|e| {
            refuse(EventError::Malformed {
                detail: e.to_string().chars().take(200).collect(),
            })
        })
    }
}

async fn create(
    State(app): State<App>,
    State(events): State<Arc<Events>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Posted(request): Posted<CreateEvent>,
) -> Response {
    let address = tokens::address_key(&app.salt, &app.address(peer, &headers));
    answer(StatusCode::CREATED, events.create(request, &address).await)
}

async fn import(
    State(app): State<App>,
    State(events): State<Arc<Events>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Posted(request): Posted<ImportEvent>,
) -> Response {
    let address = tokens::address_key(&app.salt, &app.address(peer, &headers));
    answer(StatusCode::CREATED, events.import(request, &address).await)
}

async fn show(State(events): State<Arc<Events>>, Path(id): Path<String>) -> Response {
    let result = match events.entry(&id).await {
        Ok(entry) => Ok(summary(&id, &entry.event.lock().await.state)),
        Err(error) => Err(error),
    };
    answer(StatusCode::OK, result)
}

async fn player_list(State(events): State<Arc<Events>>, Path(id): Path<String>) -> Response {
    let result = match events.entry(&id).await {
        Ok(entry) => Ok(players(&entry.event.lock().await.state)),
        Err(error) => Err(error),
    };
    answer(
        StatusCode::OK,
        result.map(|players| serde_json::json!({ "players": players })),
    )
}

async fn rounds(State(events): State<Arc<Events>>, Path(id): Path<String>) -> Response {
    let result = match events.entry(&id).await {
        Ok(entry) => Ok(events.rounds(&entry.event.lock().await.state).await),
        Err(error) => Err(error),
    };
    answer(StatusCode::OK, result)
}

async fn standings(State(events): State<Arc<Events>>, Path(id): Path<String>) -> Response {
    let result = match events.entry(&id).await {
        Ok(entry) => Ok(standings_json(&entry.event.lock().await.state)),
        Err(error) => Err(error),
    };
    answer(StatusCode::OK, result)
}

/// A file to save: its bytes and type, named after the event (the
/// name in UTF-8 as RFC 6266 says, an ASCII form for old clients).
fn file(name: &str, bytes: Vec<u8>, kind: &'static str) -> Response {
    let mut response = (StatusCode::OK, bytes).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded = mind_sports_core::query::percent_encode(name);
    let disposition = format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}");
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// `?sep=semicolon&lang=cs`: how a spreadsheet file is wanted.
#[derive(Debug, Default, serde::Deserialize)]
struct SheetQuery {
    #[serde(default)]
    sep: Option<String>,
    #[serde(default)]
    lang: Option<String>,
}

/// The event's tournament file (as the club manager saves it), or why not.
async fn tournament_of(events: &Events, id: &str) -> Result<Tournament, EventError> {
    let entry = events.entry(id).await?;
    let t = entry.event.lock().await.state.tournament();
    Ok(t)
}

async fn export_json(State(events): State<Arc<Events>>, Path(id): Path<String>) -> Response {
    match tournament_of(&events, &id).await {
        Ok(t) => file(
            &file_name(&t, &id, "json"),
            t.to_text().into_bytes(),
            "application/json",
        ),
        Err(error) => refusal(&error),
    }
}

/// The tournament file as CSV, with the byte order mark spreadsheets need
/// (the club manager reads it back either way).
async fn export_csv(State(events): State<Arc<Events>>, Path(id): Path<String>) -> Response {
    match tournament_of(&events, &id).await {
        Ok(t) => {
            let text = format!("{BOM}{}", to_csv(&t));
            file(
                &file_name(&t, &id, "csv"),
                text.into_bytes(),
                "text/csv; charset=utf-8",
            )
        }
        Err(error) => refusal(&error),
    }
}

/// The standings as CSV for a spreadsheet (`?sep=semicolon`: semicolons
/// and decimal commas).
async fn standings_csv(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    Query(query): Query<SheetQuery>,
) -> Response {
    let separator = match query.sep.as_deref() {
        Some("semicolon") => Separator::Semicolon,
        _ => Separator::Comma,
    };
    match tournament_of(&events, &id).await {
        Ok(t) => {
            let text = standings_file(&t, separator);
            let name = file_name(&t, &id, "csv");
            file(&name, text.into_bytes(), "text/csv; charset=utf-8")
        }
        Err(error) => refusal(&error),
    }
}

/// The event as an Excel workbook: standings, rounds, players
/// (`?lang=cs`: the headings' language).
async fn export_xlsx(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    Query(query): Query<SheetQuery>,
) -> Response {
    let lang = query
        .lang
        .as_deref()
        .and_then(Lang::from_code)
        .unwrap_or(Lang::En);
    match tournament_of(&events, &id).await {
        Ok(t) => match workbook(&t, lang) {
            Ok(bytes) => file(&file_name(&t, &id, "xlsx"), bytes, XLSX),
            Err(error) => refusal(&EventError::Malformed {
                detail: error.to_string(),
            }),
        },
        Err(error) => refusal(&error),
    }
}

/// The media type of an `.xlsx` workbook.
const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async fn register(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    Posted(request): Posted<Register>,
) -> Response {
    answer(
        StatusCode::CREATED,
        events.register(&id, &request.name, request.rating).await,
    )
}

async fn manage(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    Posted(request): Posted<Manage>,
) -> Response {
    answer(StatusCode::OK, events.manage(&id, request).await)
}

async fn report(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    Posted(request): Posted<Report>,
) -> Response {
    answer(StatusCode::OK, events.report(&id, request).await)
}

async fn me(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    Posted(request): Posted<TokenOnly>,
) -> Response {
    answer(StatusCode::OK, events.my_game(&id, &request.token).await)
}

async fn log(
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    Posted(request): Posted<TokenOnly>,
) -> Response {
    answer(StatusCode::OK, events.log(&id, &request.token).await)
}

/// `GET /api/v1/events/<id>/live`: the event now, then again after every
/// change, as it is committed (the origin and connection limits of the
/// games' live connections apply).
async fn live(
    State(app): State<App>,
    State(events): State<Arc<Events>>,
    Path(id): Path<String>,
    live: Admitted,
) -> Response {
    let entry = match events.entry(&id).await {
        Ok(entry) => entry,
        Err(error) => return refusal(&error),
    };
    live.serve(move |socket, _| async move { follow(socket, &app, &events, &entry).await })
}

/// Sends the event, then each change, until either side closes or the
/// client is silent for `--live-idle-timeout`.
async fn follow(mut socket: WebSocket, app: &App, events: &Events, entry: &EventEntry) {
    let mut updates = entry.subscribe();
    let first = {
        let loaded = entry.event.lock().await;
        events.message(&entry.id, &loaded.state).await
    };
    if !send_live(&mut socket, &encode(&first)).await {
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
            update = updates.recv() => match update {
                Ok(text) => {
                    if !send_live(&mut socket, &text).await {
                        return;
                    }
                }
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    let loaded = entry.event.lock().await;
                    let now = events.message(&entry.id, &loaded.state).await;
                    if !send_live(&mut socket, &encode(&now)).await {
                        return;
                    }
                }
                Err(_) => return,
            },
            incoming = socket.recv() => if !alive(incoming, idle.as_mut(), after) { return },
            () = &mut idle => return,
            _ = stopping.changed() => return,
        }
    }
}
