//! The listening socket: each connection served by hyper's HTTP/1 with
//! the limits that keep half-sent requests from holding the server:
//!
//! * a request's head must arrive within `--request-head-timeout` (10 s;
//!   hyper's header read timeout, which also closes a kept-alive
//!   connection that sends nothing more);
//! * a connection that moves no byte either way for [`IO_IDLE`] is closed
//!   (a body that stalls, a client that stops reading; live connections
//!   have their own, shorter, idle time and pings);
//! * at most `open_connections_per_address` connections from one address
//!   (an IPv6 /64; a trusted proxy's are not counted: the proxy holds its
//!   clients' slow requests), the one over it answered `429` as JSON;
//! * at most as many connections in all as the open-file limit leaves
//!   room for: past that, new connections wait in the kernel's queue
//!   instead of failing the database's files.
//!
//! Every request carries its peer's address (`ConnectInfo`).

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use mind_sports_core::online::protocol::{encode, ApiError, LimitReached};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

use crate::limits::{ConnectionGuard, Connections};
use crate::proxy::Proxies;

/// A connection that moves no byte this long is closed.
pub const IO_IDLE: Duration = Duration::from_secs(150);

/// Files kept free for the database, the logs and the listener itself.
const FILES_KEPT: usize = 128;

/// What the listener needs to know.
pub struct Listening {
    /// Open connections per address.
    pub per_address: Connections,
    /// The proxies in front (their connections are not counted).
    pub proxies: Proxies,
    /// The most connections in all.
    pub total: usize,
    /// The time a client has to send a request's head.
    pub head_timeout: Duration,
}

impl Listening {
    /// The limits of `limits`, the total from this process's open-file
    /// limit.
    pub fn new(limits: &crate::config::Limits, proxies: Proxies) -> Listening {
        let total = open_file_limit()
            .map_or(4096, |files| files.saturating_sub(FILES_KEPT))
            .max(64);
        Listening {
            per_address: Connections::new(limits.open_connections_per_address),
            proxies,
            total,
            head_timeout: limits.request_head_timeout,
        }
    }
}

/// The soft limit of open files (`/proc/self/limits`), if it says.
fn open_file_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// Serves `router` on `listener` until `stopping` turns true, then waits
/// for the connections in progress to end (live ones close on the same
/// signal).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: Listening,
    mut stopping: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let permits = Arc::new(Semaphore::new(limits.total));
    // Each connection holds a receiver; the sender learns when all are gone.
    let (tracker, held_open) = watch::channel(());
    loop {
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => permit.expect("never closed"),
            _ = stopping.wait_for(|stop| *stop) => break,
        };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stopping.wait_for(|stop| *stop) => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of files or memory for a moment: wait, never spin.
                tracing::warn!(%error, "accept");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let place = if limits.proxies.trusts(peer.ip()) {
            None
        } else {
            match limits.per_address.enter(peer.ip()) {
                Some(place) => Some(place),
                None => {
                    let limit = limits.per_address.limit();
                    tokio::spawn(refuse(stream, limit, permit));
                    continue;
                }
            }
        };
        let _ = stream.set_nodelay(true);
        let held = Held::new(stream, place, permit);
        let head_timeout = limits.head_timeout;
        let connection =
            serve_connection(held, peer, router.clone(), head_timeout, stopping.clone());
        let held_open = held_open.clone();
        tokio::spawn(async move {
            connection.await;
            drop(held_open);
        });
    }
    drop(held_open);
    tracker.closed().await;
    Ok(())
}

/// Serves one connection until it ends (or, once `stopping`, until its
/// request in progress is answered).
async fn serve_connection(
    held: Held,
    peer: SocketAddr,
    router: Router,
    head_timeout: Duration,
    mut stopping: watch::Receiver<bool>,
) {
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(ConnectInfo(peer));
        let router = router.clone();
        async move { Ok::<_, Infallible>(router.oneshot(request).await.unwrap_or_else(|e| match e {})) }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(head_timeout)
        .keep_alive(true);
    let connection = builder
        .serve_connection(TokioIo::new(held), service)
        .with_upgrades();
    tokio::pin!(connection);
    let mut shutting = false;
    loop {
        tokio::select! {
            result = connection.as_mut() => {
                if let Err(error) = result {
                    tracing::debug!(%error, %peer, "connection");
                }
                return;
            }
            _ = stopping.wait_for(|stop| *stop), if !shutting => {
                shutting = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    }
}

/// Tells a connection over its address's limit why, and closes it.
async fn refuse(mut stream: TcpStream, limit: u32, permit: OwnedSemaphorePermit) {
    let body = encode(&ApiError::Limit(LimitReached::new(
        "open_connections_per_address",
        limit,
    )));
    let answer = format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n\
         cache-control: no-store\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await?;
        // Read what the client sent until it closes: a socket closed with
        // unread data is reset, and the reset may drop the answer.
        let mut scrap = [0u8; 4096];
        while stream.read(&mut scrap).await? > 0 {}
        Ok::<_, std::io::Error>(())
    })
    .await;
    drop(permit);
}

/// A connection's socket holding its places (its address's and the
/// total's) for as long as it is open, a live connection's included, and
/// failing once no byte moved for [`IO_IDLE`].
struct Held {
    stream: TcpStream,
    idle: Pin<Box<tokio::time::Sleep>>,
    _place: Option<ConnectionGuard>,
    _permit: OwnedSemaphorePermit,
}

impl Held {
    fn new(
        stream: TcpStream,
        place: Option<ConnectionGuard>,
        permit: OwnedSemaphorePermit,
    ) -> Held {
        Held {
            stream,
            idle: Box::pin(tokio::time::sleep(IO_IDLE)),
            _place: place,
            _permit: permit,
        }
    }

    /// What a poll of the socket gave, the idle time applied: progress
    /// moves the deadline on; waiting past it is an error.
    fn watch<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<std::io::Result<T>>,
    ) -> Poll<std::io::Result<T>> {
        match poll {
            Poll::Ready(result) => {
                let deadline = tokio::time::Instant::now() + IO_IDLE;
                self.idle.as_mut().reset(deadline);
                Poll::Ready(result)
            }
            Poll::Pending => match self.idle.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(std::io::ErrorKind::TimedOut.into())),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncRead for Held {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_read(cx, buf);
        this.watch(cx, poll)
    }
}

impl AsyncWrite for Held {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write(cx, buf);
        this.watch(cx, poll)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_flush(cx);
        this.watch(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        this.watch(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_open_file_limit_is_read() {
        assert!(super::open_file_limit().is_some_and(|n| n > 0));
    }
}
