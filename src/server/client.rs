//! A small native client of the online protocol, for the tests (which play
//! whole games through a real server) and `make bench-online`: HTTP calls
//! over hyper, live connections over tokio-tungstenite. Not used by the
//! server itself.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use mind_sports_core::online::protocol::parts::Joiner;
use mind_sports_core::online::protocol::{
    decode, encode, ApiError, ClientMessage, CreateRequest, GameView, JoinRequest, Seated,
    ServerMessage,
};
use mind_sports_core::online::room::Seat;
use serde::de::DeserializeOwned;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// What a call gave instead of its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallError {
    /// The server answered with an error.
    Api(u16, ApiError),
    /// The connection failed, or the answer did not read.
    Io(String),
}

fn io<E: std::fmt::Display>(error: E) -> CallError {
    CallError::Io(error.to_string())
}

/// A connection to `server`, from the loopback address `source` if given
/// (the benchmark spreads its many connections over 127.0.0.0/8, whose
/// every address has its own ephemeral ports).
pub async fn connect(server: SocketAddr, source: Option<IpAddr>) -> Result<TcpStream, CallError> {
    let Some(source) = source else {
        return TcpStream::connect(server).await.map_err(io);
    };
    let socket = tokio::net::TcpSocket::new_v4().map_err(io)?;
    socket.bind(SocketAddr::new(source, 0)).map_err(io)?;
    socket.connect(server).await.map_err(io)
}

/// One HTTP request (a connection of its own); the status and the body.
pub async fn request(
    server: SocketAddr,
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<(u16, String), CallError> {
    request_from(server, None, method, path, body).await
}

/// [`request`] from the address `source`.
pub async fn request_from(
    server: SocketAddr,
    source: Option<IpAddr>,
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<(u16, String), CallError> {
    let answer = exchange(server, source, method, path, &[], body).await?;
    Ok((answer.status, answer.body))
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    /// Its status.
    pub status: u16,
    /// Its headers.
    pub headers: hyper::HeaderMap,
    /// Its body as text (invalid UTF-8 replaced).
    pub body: String,
    /// Its body as sent (a workbook is not text).
    pub bytes: Vec<u8>,
}

/// One request (a connection of its own) from `source`, with `headers`
/// besides `Host` and `Content-Type`.
pub async fn exchange(
    server: SocketAddr,
    source: Option<IpAddr>,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<String>,
) -> Result<Answer, CallError> {
    let stream = connect(server, source).await?;
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
            .await
            .map_err(io)?;
    tokio::spawn(connection);
    let mut request = hyper::Request::builder()
        .method(method)
        .uri(path)
        .header("host", server.to_string())
        .header("content-type", "application/json");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let request = request
        .body(Full::new(Bytes::from(body.unwrap_or_default())))
        .map_err(io)?;
    let response = sender.send_request(request).await.map_err(io)?;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.map_err(io)?.to_bytes();
    Ok(Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
        bytes: bytes.to_vec(),
    })
}

/// A JSON call: the answer of type `T`, or the server's error.
pub async fn call<T: DeserializeOwned>(
    server: SocketAddr,
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<T, CallError> {
    call_from(server, None, method, path, body).await
}

/// [`call`] from the address `source`.
pub async fn call_from<T: DeserializeOwned>(
    server: SocketAddr,
    source: Option<IpAddr>,
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<T, CallError> {
    let (status, text) = request_from(server, source, method, path, body).await?;
    if (200..300).contains(&status) {
        serde_json::from_str(&text).map_err(io)
    } else {
        let error = decode::<ApiError>(text.as_bytes())
            .map_err(|e| io(format!("{status}: {e:?}: {text}")))?;
        Err(CallError::Api(status, error))
    }
}

/// Creates a game.
pub async fn create(server: SocketAddr, request: &CreateRequest) -> Result<Seated, CallError> {
    call(server, "POST", "/api/v1/games", Some(encode(request))).await
}

/// Joins game `game`.
pub async fn join(
    server: SocketAddr,
    game: &str,
    request: &JoinRequest,
) -> Result<Seated, CallError> {
    call(
        server,
        "POST",
        &format!("/api/v1/games/{game}/join"),
        Some(encode(request)),
    )
    .await
}

/// The whole game.
pub async fn view(server: SocketAddr, game: &str) -> Result<GameView, CallError> {
    call(server, "GET", &format!("/api/v1/games/{game}"), None).await
}

/// A live connection.
pub struct Live {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// How long [`Live::next`] waits.
    pub patience: Duration,
    /// The parts of a long message (`protocol::parts`).
    joiner: Joiner,
    /// The text frames received (a message in parts counts each).
    pub frames: u64,
}

impl Live {
    /// Opens `path` (`/api/v1/games/<id>/live`, `/api/v1/lobby/live`),
    /// as a page of `origin` if given.
    pub async fn open(
        server: SocketAddr,
        path: &str,
        origin: Option<&str>,
    ) -> Result<Live, CallError> {
        Live::open_from(server, None, path, origin).await
    }

    /// [`Live::open`] from the address `source`.
    pub async fn open_from(
        server: SocketAddr,
        source: Option<IpAddr>,
        path: &str,
        origin: Option<&str>,
    ) -> Result<Live, CallError> {
        let origin: Vec<(&str, &str)> = origin.map(|o| ("origin", o)).into_iter().collect();
        Live::open_with(server, source, path, &origin).await
    }

    /// [`Live::open_from`] with `headers` (a proxy's, an origin).
    pub async fn open_with(
        server: SocketAddr,
        source: Option<IpAddr>,
        path: &str,
        headers: &[(&str, &str)],
    ) -> Result<Live, CallError> {
        let mut request = format!("ws://{server}{path}")
            .into_client_request()
            .map_err(io)?;
        for (name, value) in headers {
            let name = hyper::header::HeaderName::from_bytes(name.as_bytes()).map_err(io)?;
            request
                .headers_mut()
                .append(name, value.parse().map_err(io)?);
        }
        let stream = connect(server, source).await?;
        // Small buffers: the benchmark holds thousands of connections.
        let config = WebSocketConfig::default()
            .read_buffer_size(4096)
            .write_buffer_size(0);
        let (socket, _) = tokio_tungstenite::client_async_with_config(
            request,
            MaybeTlsStream::Plain(stream),
            Some(config),
        )
        .await
        .map_err(io)?;
        Ok(Live {
            socket,
            patience: Duration::from_secs(10),
            joiner: Joiner::default(),
            frames: 0,
        })
    }

    /// Opens game `game` with `token` (a watcher without): the welcome's
    /// seat and game.
    pub async fn game(
        server: SocketAddr,
        game: &str,
        token: Option<&str>,
    ) -> Result<(Live, Option<Seat>, GameView), CallError> {
        Live::game_from(server, None, game, token).await
    }

    /// [`Live::game`] from the address `source`.
    pub async fn game_from(
        server: SocketAddr,
        source: Option<IpAddr>,
        game: &str,
        token: Option<&str>,
    ) -> Result<(Live, Option<Seat>, GameView), CallError> {
        let mut live =
            Live::open_from(server, source, &format!("/api/v1/games/{game}/live"), None).await?;
        let hello = ClientMessage::Hello {
            token: token.map(str::to_string),
            embed: None,
        };
        live.send(&hello).await?;
        match live.next().await? {
            ServerMessage::Welcome { seat, game, .. } => Ok((live, seat, game)),
            ServerMessage::Error { error } => Err(CallError::Api(0, error)),
            other => Err(io(format!("not a welcome: {other:?}"))),
        }
    }

    /// Sends a message.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), CallError> {
        self.send_text(encode(message)).await
    }

    /// Sends any text.
    pub async fn send_text(&mut self, text: String) -> Result<(), CallError> {
        self.socket
            .send(Message::Text(text.into()))
            .await
            .map_err(io)
    }

    /// The next message from the server, within [`Live::patience`].
    pub async fn next(&mut self) -> Result<ServerMessage, CallError> {
        let text = self.next_text().await?;
        serde_json::from_str(&text).map_err(|e| io(format!("{e}: {text}")))
    }

    /// The next text message, as sent (a club event's stream), its parts
    /// joined if it came in parts.
    pub async fn next_text(&mut self) -> Result<String, CallError> {
        loop {
            let frame = tokio::time::timeout(self.patience, self.socket.next())
                .await
                .map_err(|_| io("no message in time"))?;
            match frame {
                Some(Ok(Message::Text(text))) => {
                    self.frames += 1;
                    if let Some(message) = self.joiner.take(text.to_string()) {
                        return Ok(message);
                    }
                }
                Some(Ok(Message::Close(frame))) => return Err(io(format!("closed: {frame:?}"))),
                Some(Ok(_)) => continue,
                Some(Err(error)) => return Err(io(error)),
                None => return Err(io("closed")),
            }
        }
    }

    /// Messages until one `wanted` returns something for; that.
    pub async fn until<T>(
        &mut self,
        mut wanted: impl FnMut(&ServerMessage) -> Option<T>,
    ) -> Result<T, CallError> {
        loop {
            let message = self.next().await?;
            if let Some(found) = wanted(&message) {
                return Ok(found);
            }
        }
    }

    /// Sends `message` and waits for its `ack` (the updates before it are
    /// skipped); a refusal or an error is returned as `Err`.
    pub async fn act(&mut self, message: ClientMessage) -> Result<(), ServerMessage> {
        let id = message.id().unwrap_or(0);
        let failed = |e: CallError| ServerMessage::Error {
            error: match e {
                CallError::Api(_, error) => error,
                CallError::Io(detail) => ApiError::Malformed { detail },
            },
        };
        self.send(&message).await.map_err(failed)?;
        loop {
            match self.next().await.map_err(failed)? {
                ServerMessage::Ack { id: acked } if acked == id => return Ok(()),
                refused @ ServerMessage::Refused { .. } => return Err(refused),
                error @ ServerMessage::Error { .. } => return Err(error),
                _ => continue,
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
