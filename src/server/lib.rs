//! `serve`: the production server for the built app, and online play.
//!
//! Static files come from tower-http's `ServeDir`, which picks the `.br`
//! or `.gz` copy `make build` writes beside each file when the browser
//! accepts it; [`policy`] adds the caching headers. Online play (README,
//! "Online play"; `docs/online.md`) lives under `/api/v1/`: [`api`] (HTTP)
//! and [`live`] (WebSockets) over [`service`] (the games, decided by the
//! room logic of `mind_sports_core::online`), [`store`] (SQLite or PostgreSQL),
//! [`time`] (service time: the downtime given back) and [`tasks`] (timers,
//! sweeper, heartbeat, the other instances' notifications). Club events
//! (`docs/tournament.md`) live under `/api/v1/events/`: [`event`]; clubs
//! and their rating lists under `/api/v1/clubs/`: [`clubs`]. Operating it:
//! [`health`] (`/healthz`, `/metrics`), [`metrics`], [`backup`] (`serve
//! backup` and `serve restore`), [`logging`].
//!
//! The modules stand in layers, each using only those below it, so that
//! each can be read (and changed) knowing only what is under it:
//! - the helpers: [`config`], [`options`], [`proxy`], [`limits`],
//!   [`tokens`], [`metrics`], [`memory`], [`refusals`], [`timers`];
//! - the storage: [`database`] < [`state_folder`] < [`journal`] (the
//!   writes) < [`store`] (opening, the reads);
//! - over the store: [`time`] and [`quotas`]; then [`service`] (the
//!   games) and [`tasks`];
//! - the HTTP side: [`web`] (what every handler shares) < [`health`],
//!   [`live`] < [`event`] < [`clubs`] (a club collects events) < [`api`],
//!   which routes them all; [`start`] here puts the server together.

#![cfg(not(target_arch = "wasm32"))]

pub mod api;
pub mod backup;
pub mod client;
pub mod clubs;
pub mod config;
pub mod database;
pub mod event;
pub mod files;
pub mod health;
pub mod journal;
pub mod limits;
pub mod listen;
pub mod live;
pub mod logging;
pub mod memory;
pub mod metrics;
pub mod options;
pub mod policy;
pub mod proxy;
pub mod quotas;
pub mod refusals;
pub mod scratch;
pub mod service;
pub mod state_folder;
pub mod store;
pub mod tasks;
pub mod time;
pub mod timers;
pub mod tokens;
pub mod web;

use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use axum::extract::Request;
use axum::middleware::Next;
use axum::Router;
use tokio::sync::watch;
use tower_http::services::ServeDir;

/// A server that is running.
pub struct Running {
    /// Where it listens.
    pub address: SocketAddr,
    /// Where `/metrics` is served (`--metrics-address`), if anywhere.
    pub metrics_address: Option<SocketAddr>,
    /// The games (tests look inside).
    pub service: Arc<service::Service>,
    stop: watch::Sender<bool>,
    served: tokio::task::JoinHandle<std::io::Result<()>>,
    metrics_served: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl Running {
    /// Stops it as SIGTERM does: live connections are closed, the last
    /// heartbeat written, the database closed.
    pub async fn stop(self) -> std::io::Result<()> {
        let _ = self.stop.send(true);
        let result = self.served.await.unwrap_or(Ok(()));
        if let Some(metrics) = self.metrics_served {
            let _ = metrics.await;
        }
        // The live connections close on the same signal: let them say so.
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let service = &self.service;
        let _ = service
            .time()
            .stop(service.store(), service.instance())
            .await;
        let _ = service
            .store()
            .execute(
                "DELETE FROM presence WHERE instance = $1",
                &[store::Param::Text(service.instance())],
            )
            .await;
        service.store().close().await;
        service.store().guard().release();
        result
    }
}

/// The caching headers of [`policy::headers_for`] on successful static
/// responses.
async fn caching(request: Request, next: Next) -> axum::response::Response {
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    let api = path.starts_with("/api/") || path == "/healthz";
    if !api && (response.status().is_success() || response.status().as_u16() == 304) {
        for (name, value) in policy::headers_for(&path) {
            response
                .headers_mut()
                .insert(name, axum::http::HeaderValue::from_static(value));
        }
    }
    response
}

/// Counts every answer by its status (`mind_sports_http_responses_total`).
async fn counted(request: Request, next: Next) -> axum::response::Response {
    let response = next.run(request).await;
    metrics::response(response.status().as_u16());
    response
}

/// Serves `router` on `listener` until `stopping` turns true.
fn serve_until(
    listener: tokio::net::TcpListener,
    router: Router,
    mut stopping: watch::Receiver<bool>,
) -> tokio::task::JoinHandle<std::io::Result<()>> {
    tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            let _ = stopping.wait_for(|stop| *stop).await;
        })
        .await
    })
}

/// Opens the database, starts the background tasks and listens; prints
/// `serving DIR on http://ADDRESS/` once it does (then `online play: …`
/// and, with `--metrics-address`, `metrics on http://…/metrics`).
pub async fn start(
    options: options::Options,
    clocks: impl Into<time::Clocks>,
) -> std::io::Result<Running> {
    check_built(&options.dir)?;
    let (store, url) = open_store(&options.online).await?;
    let (service, salt) = start_service(store, clocks.into(), &options.online).await?;
    let limits = &options.online.limits;
    let (stop, stopping) = watch::channel(false);
    let api = api_state(&service, salt, limits, &stopping);
    let files = static_files(&options.dir)?;
    let health = health::Health::new(service.clone(), stopping.clone());
    let router = public_router(api, files, health.clone());
    let listener = tokio::net::TcpListener::bind((options.address, options.port)).await?;
    let address = listener.local_addr()?;
    let metrics_listener = bind_metrics(options.metrics_address).await?;
    let metrics_address = match &metrics_listener {
        Some(listener) => Some(listener.local_addr()?),
        None => None,
    };
    let database = if url.starts_with("sqlite:") {
        url.as_str()
    } else {
        "postgres"
    };
    announce(&options.dir, address, database, metrics_address);
    let metrics_served = metrics_listener.map(|listener| {
        tracing::info!(address = %metrics_address.expect("bound"), "metrics and health");
        serve_until(listener, health::private_routes(health), stopping.clone())
    });
    let listening = listen::Listening::new(limits, options.online.proxies.clone());
    let served = tokio::spawn(listen::serve(listener, router, listening, stopping));
    Ok(Running {
        address,
        metrics_address,
        service,
        stop,
        served,
        metrics_served,
    })
}

/// An error of the start as an I/O error (what `start` returns).
fn failed(error: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(error.to_string())
}

/// Refuses a folder that is not a built app (`make build` writes its
/// `index.html`).
fn check_built(dir: &Path) -> std::io::Result<()> {
    if dir.join("index.html").is_file() {
        return Ok(());
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::NotFound,
        format!(
            "{} has no index.html: run `make build` first",
            dir.display()
        ),
    ))
}

/// Holds the state folder (SQLite; nothing to hold with PostgreSQL) and
/// opens the database in it, or `--database`'s; the store and its URL.
async fn open_store(online: &config::Online) -> std::io::Result<(store::Store, String)> {
    let guard = match &online.database {
        Some(_) => state_folder::Guard::unwatched(),
        None => {
            let guard =
                state_folder::Guard::claim(&online.state, online.min_free_bytes).map_err(failed)?;
            guard.check_before_open().map_err(failed)?;
            guard
        }
    };
    let url = store::database_url(online.database.as_deref(), &online.state).map_err(failed)?;
    let store = store::Store::open(&url, Arc::new(guard))
        .await
        .map_err(failed)?;
    Ok((store, url))
}

/// Starts the games over `store` as a new instance, on service time and
/// with their background tasks; the games and the address hashes' salt.
async fn start_service(
    store: store::Store,
    clocks: time::Clocks,
    online: &config::Online,
) -> std::io::Result<(Arc<service::Service>, String)> {
    let instance = tokens::secret()[..16].to_string();
    let time = time::ServiceTime::start(&store, clocks, &instance)
        .await
        .map_err(failed)?;
    let salt = store.address_salt().await.map_err(failed)?;
    let service = service::Service::new(store, Arc::new(time), instance, online.clone());
    tasks::spawn(&service).await.map_err(failed)?;
    Ok((service, salt))
}

/// What the routes under `/api/v1` share: the games with the per-address
/// limits, and the club events and clubs over them (their background
/// tasks start here).
fn api_state(
    service: &Arc<service::Service>,
    salt: String,
    limits: &config::Limits,
    stopping: &watch::Receiver<bool>,
) -> api::ApiState {
    let events = event::Events::start(service.clone());
    api::ApiState {
        app: web::App {
            service: service.clone(),
            connections: limits::Connections::new(limits.connections_per_address),
            requests: Arc::new(limits::Requests::new(limits.requests_per_second)),
            reads: Arc::new(limits::Requests::new(limits.reads_per_second)),
            salt: Arc::from(salt),
            stopping: stopping.clone(),
        },
        events: events.clone(),
        clubs: Arc::new(clubs::Clubs {
            events,
            cache: clubs::ratings::RatingCache::default(),
        }),
    }
}

/// The built app's files, `.br` or `.gz` when the browser takes them,
/// within the folder ([`files::guard`]).
fn static_files(dir: &Path) -> std::io::Result<Router> {
    let root = Arc::new(files::Root::new(dir)?);
    Ok(Router::new()
        .fallback_service(ServeDir::new(dir).precompressed_br().precompressed_gzip())
        .layer(axum::middleware::from_fn_with_state(root, files::guard)))
}

/// The public port's routes: the API, `/healthz` and the files, with the
/// caching headers, the request log and the answers counted.
fn public_router(api: api::ApiState, files: Router, health: Arc<health::Health>) -> Router {
    let router = Router::new()
        .nest("/api/v1", api::routes(api))
        .merge(health::public_routes(health))
        .fallback_service(files)
        .layer(axum::middleware::from_fn(caching));
    logged(router).layer(axum::middleware::from_fn(counted))
}

/// A span per request (its method and path, never its body) and a warning
/// for each answer the server failed (5xx).
fn logged(router: Router) -> Router {
    router.layer(
        tower_http::trace::TraceLayer::new_for_http()
            .make_span_with(|request: &Request| {
                tracing::info_span!("request", method = %request.method(), path = %request.uri().path())
            })
            .on_request(())
            .on_response(
                tower_http::trace::DefaultOnResponse::new()
                    .level(tracing::Level::DEBUG)
                    .latency_unit(tower_http::LatencyUnit::Millis),
            )
            .on_failure(
                tower_http::trace::DefaultOnFailure::new()
                    .level(tracing::Level::WARN)
                    .latency_unit(tower_http::LatencyUnit::Millis),
            ),
    )
}

/// The `--metrics-address` listener, if one is asked for.
async fn bind_metrics(at: Option<SocketAddr>) -> std::io::Result<Option<tokio::net::TcpListener>> {
    let Some(at) = at else {
        return Ok(None);
    };
    let listener = tokio::net::TcpListener::bind(at)
        .await
        .map_err(|e| std::io::Error::new(e.kind(), format!("--metrics-address {at}: {e}")))?;
    Ok(Some(listener))
}

/// Says where the server listens: on standard output (the first line is
/// what whoever started us waits for) and in the log.
fn announce(dir: &Path, address: SocketAddr, database: &str, metrics: Option<SocketAddr>) {
    // Whoever started us may read only the first line and close the pipe:
    // never fail for it.
    let mut out = std::io::stdout();
    let _ = writeln!(out, "serving {} on http://{address}/", dir.display());
    let _ = writeln!(out, "online play: {database}");
    if let Some(at) = metrics {
        let _ = writeln!(out, "metrics on http://{at}/metrics");
    }
    let _ = out.flush();
    tracing::info!(%address, database, dir = %dir.display(), "serving");
}
