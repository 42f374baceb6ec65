//! `GET /healthz` (whether this instance can serve: the database answers,
//! its schema is the one this build knows, and writes are kept) and `GET /metrics` (what
//! [`crate::metrics`] counts). Health is on the public port for load
//! balancers and on the metrics listener; the metrics only on the metrics
//! listener (`--metrics-address`), never on the public port: they tell
//! anyone how busy the club is and cost a scrape's work (docs/online.md,
//! "Metrics and health").

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Serialize;
use sqlx::Row;
use tokio::sync::watch;

use crate::service::Service;
use crate::store::Store;

/// A check's answer is reused this long (a flood of checks costs the
/// database one query a second).
const REUSE: Duration = Duration::from_secs(1);

/// A database slower than this to answer is reported unreachable.
const WITHIN: Duration = Duration::from_secs(2);

/// What `GET /healthz` answers (JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// `ok`, `unavailable` or `stopping`.
    pub status: &'static str,
    /// `reachable`, `unreachable` or `unknown` (stopping).
    pub database: &'static str,
    /// `current`; `behind` (a migration of this build not applied),
    /// `ahead` (one this build does not know: a newer server migrated),
    /// `failed`, `changed` (a file edited after it ran), `missing` (no
    /// migrations table: an empty or replaced database), or `unknown`.
    pub migrations: &'static str,
    /// The newest migration applied, if any.
    pub schema: Option<i64>,
    /// `accepted`; `new_games_refused` (the state folder's disk is below
    /// `--min-free-space`: games in progress go on); `refused` (the
    /// database file was removed or replaced while serving: restart once
    /// it is back); `unknown`.
    pub writes: &'static str,
}

impl Report {
    /// Whether the instance can serve.
    pub fn healthy(&self) -> bool {
        self.status == "ok"
    }
}

/// The health checks of a running server.
pub struct Health {
    service: Arc<Service>,
    stopping: watch::Receiver<bool>,
    last: Mutex<Option<(Instant, Report)>>,
}

impl Health {
    /// Checks `service`'s database; reports `stopping` once `stopping`
    /// turns true.
    pub fn new(service: Arc<Service>, stopping: watch::Receiver<bool>) -> Arc<Health> {
        Arc::new(Health {
            service,
            stopping,
            last: Mutex::new(None),
        })
    }

    /// The report now (or from the last second).
    pub async fn report(&self) -> Report {
        if *self.stopping.borrow() {
            return Report {
                status: "stopping",
                database: "unknown",
                migrations: "unknown",
                schema: None,
                writes: "unknown",
            };
        }
        if let Some((at, report)) = self.last.lock().expect("not poisoned").as_ref() {
            if at.elapsed() < REUSE {
                return report.clone();
            }
        }
        let report = match tokio::time::timeout(WITHIN, check(self.service.store())).await {
            Ok(report) => report,
            Err(_) => {
                tracing::warn!("health: the database did not answer within 2 s");
                unreachable()
            }
        };
        *self.last.lock().expect("not poisoned") = Some((Instant::now(), report.clone()));
        report
    }
}

fn unreachable() -> Report {
    Report {
        status: "unavailable",
        database: "unreachable",
        migrations: "unknown",
        schema: None,
        writes: "unknown",
    }
}

/// Asks the database, then compares its migrations with this build's.
pub async fn check(store: &Store) -> Report {
    if let Err(error) = store.numbers("SELECT 1", &[]).await {
        tracing::warn!(%error, "health: the database is unreachable");
        return unreachable();
    }
    let rows = sqlx::query(
        "SELECT version, CASE WHEN success THEN 1 ELSE 0 END, checksum FROM _sqlx_migrations \
         ORDER BY version",
    )
    .fetch_all(store.pool())
    .await;
    let applied: Result<Vec<(i64, i64, Vec<u8>)>, sqlx::Error> = rows.and_then(|rows| {
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)))
            .collect()
    });
    let migrations = match applied {
        Ok(applied) => compare(&applied),
        Err(error) => {
            tracing::warn!(%error, "health: the migrations table cannot be read");
            ("missing", None)
        }
    };
    let guard = store.guard();
    let writes = if guard.problem().is_some() {
        "refused"
    } else if guard.low_space() {
        "new_games_refused"
    } else {
        "accepted"
    };
    Report {
        status: if migrations.0 == "current" && writes != "refused" {
            "ok"
        } else {
            "unavailable"
        },
        database: "reachable",
        migrations: migrations.0,
        schema: migrations.1,
        writes,
    }
}

/// The state of the applied migrations (version, success, checksum)
/// against this build's, and the newest applied.
pub fn compare(applied: &[(i64, i64, Vec<u8>)]) -> (&'static str, Option<i64>) {
    let migrator = crate::store::migrator();
    let newest = applied.iter().map(|(version, ..)| *version).max();
    let known = |version: i64| migrator.iter().find(|m| m.version == version);
    let state = if applied.iter().any(|(_, success, _)| *success == 0) {
        "failed"
    } else if applied
        .iter()
        .any(|(version, ..)| known(*version).is_none())
    {
        "ahead"
    } else if applied
        .iter()
        .any(|(version, _, sum)| known(*version).is_some_and(|m| *m.checksum != **sum))
    {
        "changed"
    } else if migrator
        .iter()
        .any(|m| !applied.iter().any(|(version, ..)| *version == m.version))
    {
        "behind"
    } else {
        "current"
    };
    (state, newest)
}

/// `GET /healthz`: 200 with the report when healthy, 503 otherwise.
async fn healthz(State(health): State<Arc<Health>>) -> Response {
    let report = health.report().await;
    let status = if report.healthy() {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    crate::web::json(status, &report)
}

/// `GET /metrics`: the text format, never cached.
async fn metrics(State(health): State<Arc<Health>>) -> Response {
    let text = crate::metrics::render(health.service.games_in_memory());
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(crate::metrics::CONTENT_TYPE),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The public port's route: `/healthz`.
pub fn public_routes(health: Arc<Health>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .with_state(health)
}

/// The metrics listener's routes: `/metrics` and `/healthz`; anything
/// else is 404.
pub fn private_routes(health: Arc<Health>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(healthz))
        .fallback(|| async { StatusCode::NOT_FOUND })
        .with_state(health)
}

#[cfg(test)]
mod tests {
    use super::compare;

    fn all() -> Vec<(i64, i64, Vec<u8>)> {
        crate::store::migrator()
            .iter()
            .map(|m| (m.version, 1, m.checksum.to_vec()))
            .collect()
    }

    #[test]
    fn every_state_of_the_migrations_is_told() {
        let newest = all().last().map(|m| m.0);
        assert_eq!(compare(&all()), ("current", newest));
        let mut behind = all();
        behind.pop();
        assert_eq!(compare(&behind).0, "behind");
        assert_eq!(compare(&[]), ("behind", None));
        let mut ahead = all();
        ahead.push((9_999, 1, vec![1]));
        assert_eq!(compare(&ahead), ("ahead", Some(9_999)));
        let mut failed = all();
        failed[0].1 = 0;
        assert_eq!(compare(&failed).0, "failed");
        let mut changed = all();
        changed[0].2 = vec![0; 48];
        assert_eq!(compare(&changed).0, "changed");
    }
}
