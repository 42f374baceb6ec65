//! The live connections: one WebSocket per open game page
//! (`/api/v1/games/<id>/live`) or lobby (`/api/v1/lobby/live`). A game's
//! connection starts with `hello` (a seat's token, or none to watch), gets
//! the whole game, then every update as it is committed; a player's
//! messages are actions answered `ack` or `refused`. Limits: the page's
//! origin, connections per address, the message size and messages per
//! second; a client over a limit is told which, and a flood is cut off.
//! Every live stream (games, lobby, events, clubs) is closed after
//! `--live-idle-timeout` (120 s) without a frame from its client (the
//! server sends a WebSocket ping after a third of it, which any client
//! that reads answers by itself; pages also send `ping`), and sends a message longer
//! than a frame in parts (`protocol::parts`).

use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use std::future::Future;

use axum::extract::{ConnectInfo, FromRef, FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use mind_sports_core::online::protocol::{
    decode, encode, parts, ApiError, ClientMessage, LimitReached, ServerMessage, MAX_MESSAGE_BYTES,
};
use mind_sports_core::online::room::{Action, Seat};
use tokio::sync::broadcast::error::RecvError;

use crate::limits::{Bucket, ConnectionGuard};
use crate::service::{Entry, Failure};
use crate::web::{error_response, App};

/// Frames larger than this close the connection (status 1009); messages
/// up to it but over [`MAX_MESSAGE_BYTES`] are answered `too_large`.
const MAX_FRAME_BYTES: usize = 64 * 1024;

/// A connection's read buffer (tungstenite's default, 128 KiB, would be
/// most of the server's memory per game: the messages are small).
const READ_BUFFER_BYTES: usize = 4096;

/// The most a connection may have waiting to be written (a client that
/// stops reading is cut off instead of growing the server's memory); a
/// longer message goes in parts of `parts::PART_BYTES`.
const MAX_WRITE_BUFFER_BYTES: usize = 256 * 1024;

/// The time a client has to say `hello`.
const HELLO_WITHIN: Duration = Duration::from_secs(15);

/// How long a live connection's client may stay silent before the
/// connection is closed (`--live-idle-timeout`; pages send `ping`).
pub(crate) fn idle_time(app: &App) -> Duration {
    app.service.settings().limits.live_idle_timeout
}

/// The time a refused client has to answer our close.
const CLOSE_WITHIN: Duration = Duration::from_secs(2);

/// Messages over the rate this many times in a row close the connection.
const FLOOD: u32 = 50;

/// Sends `text` on `socket`: as it is, or in parts if it is longer than
/// a frame. Whether the socket took it.
pub(crate) async fn send_live(socket: &mut WebSocket, text: &str) -> bool {
    for frame in parts::split(text) {
        if socket.send(Message::Text(frame.into())).await.is_err() {
            return false;
        }
    }
    true
}

/// The ticks on which a live stream pings its client: a third of the idle
/// time (the first after one period).
pub(crate) fn pinger(app: &App) -> tokio::time::Interval {
    let period = idle_time(app) / 3;
    let mut interval = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    interval
}

/// Sends a WebSocket ping (its pong shows the client is there).
pub(crate) async fn ping(socket: &mut WebSocket) -> bool {
    socket.send(Message::Ping(Default::default())).await.is_ok()
}

/// Whether a stream that only listens for its client's close (the event
/// and club streams) goes on after reading `incoming`: any frame but a
/// close is a sign of life, and moves the stream's idle deadline on.
pub(crate) fn alive(
    incoming: Option<Result<Message, axum::Error>>,
    idle: std::pin::Pin<&mut tokio::time::Sleep>,
    after: Duration,
) -> bool {
    match incoming {
        Some(Ok(Message::Close(_))) | Some(Err(_)) | None => false,
        Some(Ok(_)) => {
            idle.reset(tokio::time::Instant::now() + after);
            true
        }
    }
}

/// Checks the origin and the address's connections; the guard holds the
/// connection's place.
pub(crate) fn admit(
    app: &App,
    peer: SocketAddr,
    headers: &HeaderMap,
    own: &[String],
) -> Result<ConnectionGuard, ApiError> {
    if let Some(origin) = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) {
        if !app.service.settings().allows_origin(origin, own) {
            return Err(ApiError::Origin);
        }
    }
    app.connections
        .enter(app.address(peer, headers))
        .ok_or_else(|| {
            ApiError::Limit(LimitReached::new(
                "connections_per_address",
                app.connections.limit(),
            ))
        })
}

/// A live connection's request that [`admit`] let in: a WebSocket
/// upgrade from an allowed origin, its address's place held until the
/// socket closes, and the hosts it reached the server as (its own
/// origin's: `App::own_hosts`). Refused with the error's response
/// otherwise.
pub struct Admitted {
    upgrade: WebSocketUpgrade,
    guard: ConnectionGuard,
    own: Vec<String>,
}

impl<S> FromRequestParts<S> for Admitted
where
    S: Send + Sync,
    App: FromRef<S>,
{
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        let app = App::from_ref(state);
        let upgrade = WebSocketUpgrade::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let ConnectInfo(peer) = ConnectInfo::<SocketAddr>::from_request_parts(parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let own = app.own_hosts(peer, &parts.headers);
        let guard = admit(&app, peer, &parts.headers, &own).map_err(error_response)?;
        Ok(Admitted {
            upgrade,
            guard,
            own,
        })
    }
}

impl Admitted {
    /// Upgrades to a socket with the live connections' limits and runs
    /// `serve` on it, giving the address's place back when it ends.
    pub fn serve<F, Served>(self, serve: F) -> Response
    where
        F: FnOnce(WebSocket, Vec<String>) -> Served + Send + 'static,
        Served: Future<Output = ()> + Send + 'static,
    {
        let Admitted {
            upgrade,
            guard,
            own,
        } = self;
        // The request's span (method and path: the game or event, never a
        // token) follows the connection for as long as it lives.
        let span = tracing::Span::current();
        limited(upgrade).on_upgrade(move |socket| {
            tracing::Instrument::instrument(
                async move {
                    let _counted = crate::metrics::live_connection();
                    tracing::debug!("live connection opened");
                    serve(socket, own).await;
                    drop(guard);
                    tracing::debug!("live connection closed");
                },
                span,
            )
        })
    }
}

/// `GET /api/v1/games/<id>/live`.
pub async fn game_socket(
    State(app): State<App>,
    Path(id): Path<String>,
    live: Admitted,
) -> Response {
    live.serve(move |socket, own| async move {
        Connection::new(socket, &app).game(&id, &own).await;
    })
}

/// The frame size and buffer limits of every live connection.
pub(crate) fn limited(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    upgrade
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER_BYTES)
}

/// `GET /api/v1/lobby/live`.
pub async fn lobby_socket(State(app): State<App>, live: Admitted) -> Response {
    live.serve(move |socket, _| async move {
        Connection::new(socket, &app).lobby().await;
    })
}

/// What a client's frame was.
enum Incoming {
    /// A message that decoded.
    Message(ClientMessage),
    /// Something to tell the client (over the size or the rate).
    Problem(ApiError),
    /// Nothing to answer (a WebSocket ping or pong).
    Nothing,
    /// The connection ends.
    Closed,
}

/// One live connection.
struct Connection {
    socket: WebSocket,
    app: App,
    bucket: Bucket,
    over_rate: u32,
    /// When the client last sent a frame.
    heard_at: tokio::time::Instant,
}

impl Connection {
    fn new(socket: WebSocket, app: &App) -> Connection {
        Connection {
            socket,
            app: app.clone(),
            bucket: Bucket::new(app.service.settings().limits.messages_per_second),
            over_rate: 0,
            heard_at: tokio::time::Instant::now(),
        }
    }

    async fn send(&mut self, message: &ServerMessage) -> bool {
        self.send_text(encode(message).into()).await
    }

    async fn send_text(&mut self, text: Utf8Bytes) -> bool {
        send_live(&mut self.socket, text.as_str()).await
    }

    /// Reads one frame within the idle time (counted from the client's
    /// last frame, whatever was sent to it meanwhile), applying the size
    /// and rate limits.
    async fn receive(&mut self) -> Incoming {
        let deadline = self.heard_at + idle_time(&self.app);
        let frame = match tokio::time::timeout_at(deadline, self.socket.next()).await {
            Ok(Some(Ok(frame))) => frame,
            _ => return Incoming::Closed,
        };
        self.heard_at = tokio::time::Instant::now();
        let bytes = match frame {
            Message::Text(text) => text.as_bytes().to_vec(),
            Message::Binary(bytes) => bytes.to_vec(),
            Message::Close(_) => return Incoming::Closed,
            Message::Ping(_) | Message::Pong(_) => return Incoming::Nothing,
        };
        if !self.bucket.take() {
            self.over_rate += 1;
            let limit = ApiError::Limit(LimitReached::new(
                "messages_per_second",
                self.app.service.settings().limits.messages_per_second,
            ));
            if self.over_rate >= FLOOD {
                self.refuse(limit).await;
                return Incoming::Closed;
            }
            return Incoming::Problem(limit);
        }
        self.over_rate = 0;
        if bytes.len() > MAX_MESSAGE_BYTES {
            return Incoming::Problem(ApiError::TooLarge);
        }
        match decode::<ClientMessage>(&bytes) {
            Ok(message) => Incoming::Message(message),
            Err(error) => Incoming::Problem(error.to_api()),
        }
    }

    /// Tells the client why and closes the connection. The frames it has
    /// sent meanwhile are read (and dropped) until its close answers ours:
    /// a socket closed with unread data is reset, and a reset makes the
    /// client's system drop what we sent it, the reason included.
    async fn refuse(&mut self, error: ApiError) {
        let _ = self.send(&ServerMessage::Error { error }).await;
        if self.socket.send(Message::Close(None)).await.is_err() {
            return;
        }
        let _ = tokio::time::timeout(CLOSE_WITHIN, async {
            while let Some(Ok(_)) = self.socket.next().await {}
        })
        .await;
    }

    /// The lobby: its challenges, then each one opened or closed.
    async fn lobby(&mut self) {
        let mut changes = self.app.service.lobby_updates();
        let challenges = match self.app.service.challenges().await {
            Ok(challenges) => challenges,
            Err(error) => return self.refuse(error).await,
        };
        if !self.send(&ServerMessage::Lobby { challenges }).await {
            return;
        }
        let mut stopping = self.app.stopping.clone();
        let mut pings = pinger(&self.app);
        loop {
            tokio::select! {
                _ = pings.tick() => if !ping(&mut self.socket).await { return },
                incoming = self.receive() => match incoming {
                    Incoming::Message(ClientMessage::Ping { id }) => {
                        if !self.send(&ServerMessage::Pong { id }).await { return; }
                    }
                    Incoming::Message(_) => {
                        if !self.send(&ServerMessage::Error { error: ApiError::HelloFirst }).await { return; }
                    }
                    Incoming::Problem(error) => {
                        if !self.send(&ServerMessage::Error { error }).await { return; }
                    }
                    Incoming::Nothing => {}
                    Incoming::Closed => return,
                },
                change = changes.recv() => match change {
                    Ok(text) => if !self.send_text(text.as_ref().into()).await { return },
                    Err(RecvError::Lagged(_)) => return self.refuse(ApiError::Unavailable).await,
                    Err(RecvError::Closed) => return,
                },
                _ = stopping.changed() => return self.refuse(ApiError::Unavailable).await,
            }
        }
    }

    /// Waits for `hello`; the seat of its token (`None` to watch).
    async fn hello(&mut self, entry: &Entry, own: &[String]) -> Result<Option<Seat>, ApiError> {
        let incoming = tokio::time::timeout(HELLO_WITHIN, self.receive()).await;
        let Ok(Incoming::Message(ClientMessage::Hello { token, embed })) = incoming else {
            return Err(ApiError::HelloFirst);
        };
        if let Some(origin) = embed {
            if !self.app.service.settings().allows_embed(&origin, own) {
                return Err(ApiError::Origin);
            }
        }
        match token {
            None => Ok(None),
            Some(token) => match self.app.service.seat_of(entry, &token).await {
                Some(seat) => Ok(Some(seat)),
                None => Err(ApiError::WrongToken),
            },
        }
    }

    /// A game page: hello, the game, then updates and the player's actions.
    async fn game(&mut self, id: &str, own: &[String]) {
        let service = self.app.service.clone();
        let entry = match service.entry(id).await {
            Ok(entry) => entry,
            Err(error) => return self.refuse(error).await,
        };
        let seat = match self.hello(&entry, own).await {
            Ok(seat) => seat,
            Err(error) => return self.refuse(error).await,
        };
        let mut updates = entry.subscribe();
        if let Some(seat) = seat {
            service.presence(&entry, seat, true).await;
        }
        let game = service.view(&entry).await;
        let claim_after_ms = Some(service.settings().claim_after_ms);
        if self
            .send(&ServerMessage::Welcome {
                seat,
                game,
                claim_after_ms,
            })
            .await
        {
            self.follow(&entry, seat, &mut updates).await;
        }
        if let Some(seat) = seat {
            service.presence(&entry, seat, false).await;
        }
    }

    async fn follow(
        &mut self,
        entry: &Entry,
        seat: Option<Seat>,
        updates: &mut tokio::sync::broadcast::Receiver<std::sync::Arc<str>>,
    ) {
        let mut stopping = self.app.stopping.clone();
        let mut pings = pinger(&self.app);
        loop {
            tokio::select! {
                _ = pings.tick() => if !ping(&mut self.socket).await { return },
                incoming = self.receive() => {
                    let answer = match incoming {
                        Incoming::Message(message) => self.answer(entry, seat, message, updates).await,
                        Incoming::Problem(error) => Some(ServerMessage::Error { error }),
                        Incoming::Nothing => None,
                        Incoming::Closed => return,
                    };
                    if let Some(answer) = answer {
                        if !self.send(&answer).await { return; }
                    }
                }
                update = updates.recv() => match update {
                    Ok(text) => if !self.send_text(text.as_ref().into()).await { return },
                    Err(RecvError::Lagged(_)) => {
                        // Too far behind: the whole game again.
                        let game = self.app.service.view(entry).await;
                        let claim_after_ms = Some(self.app.service.settings().claim_after_ms);
                        if !self.send(&ServerMessage::Welcome { seat, game, claim_after_ms }).await { return; }
                    }
                    Err(RecvError::Closed) => return,
                },
                _ = stopping.changed() => return self.refuse(ApiError::Unavailable).await,
            }
        }
    }

    /// Does a player's message; its answer. The updates it caused are sent
    /// first, so that the page sees the new position before the `ack`.
    async fn answer(
        &mut self,
        entry: &Entry,
        seat: Option<Seat>,
        message: ClientMessage,
        updates: &mut tokio::sync::broadcast::Receiver<std::sync::Arc<str>>,
    ) -> Option<ServerMessage> {
        let claim_after = self.app.service.settings().claim_after_ms;
        let (id, action) = match message {
            ClientMessage::Hello { .. } => {
                return Some(ServerMessage::Error {
                    error: ApiError::HelloFirst,
                })
            }
            ClientMessage::Ping { id } => return Some(ServerMessage::Pong { id }),
            ClientMessage::Move { id, ply, mv } => (id, Action::Move { ply, mv }),
            ClientMessage::Resign { id } => (id, Action::Resign),
            ClientMessage::Abort { id } => (id, Action::Abort),
            ClientMessage::Claim { id } => (
                id,
                Action::Claim {
                    absent_ms: None,
                    after_ms: claim_after,
                },
            ),
            ClientMessage::Rematch { id } => (id, Action::Rematch),
            ClientMessage::Settle { id } => (id, Action::Settle),
        };
        let result = self.app.service.act(entry, seat, action).await;
        while let Ok(text) = updates.try_recv() {
            if !self.send_text(text.as_ref().into()).await {
                return None;
            }
        }
        Some(match result {
            Ok(()) => ServerMessage::Ack { id },
            Err(Failure::Refused(refusal)) => ServerMessage::Refused { id, refusal },
            Err(Failure::Api(error)) => ServerMessage::Error { error },
        })
    }
}
