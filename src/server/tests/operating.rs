//! Operating the server: `/healthz` (the database reachable, the
//! migrations current; 200 or 503), `/metrics` only on the metrics
//! listener and counting what happens, and the migrations embedded from
//! every file of `migrations/`.

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use std::net::SocketAddr;
use std::time::Duration;

use mind_sports_core::online::protocol::ServerMessage;
use mind_sports_core::online::room::Refusal;
use mind_sports_core::online::setup::GameKind;
use support::*;

/// A whole HTTP/1.0 answer, headers included (lower-cased names).
async fn raw_get(at: SocketAddr, path: &str) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(at).await.unwrap();
    let request = format!("GET {path} HTTP/1.0\r\nHost: {at}\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_lowercase(), body.to_string())
}

/// The value of the sample `name` (with its labels) in a scrape.
fn sample(text: &str, name: &str) -> f64 {
    text.lines()
        .find(|line| line.split(' ').next() == Some(name))
        .and_then(|line| line.rsplit(' ').next()?.parse().ok())
        .unwrap_or(0.0)
}

async fn scrape(at: SocketAddr) -> String {
    let (status, head, body) = raw_get(at, "/metrics").await;
    assert_eq!(status, 200, "{head}");
    assert!(
        head.contains("content-type: text/plain; version=0.0.4"),
        "{head}"
    );
    body
}

async fn health(at: SocketAddr) -> (u16, serde_json::Value) {
    let (status, head, body) = raw_get(at, "/healthz").await;
    assert!(head.contains("cache-control: no-store"), "{head}");
    (status, serde_json::from_str(&body).unwrap())
}

async fn health_and_metrics(db: Db) {
    let server = TestServer::start(db, &["--metrics-address", "127.0.0.1:0"]).await;
    let at = server.address();
    let metrics_at = server.running.as_ref().unwrap().metrics_address.unwrap();
    assert_ne!(metrics_at, at);
    // Health on both ports; the metrics only on their own.
    for port in [at, metrics_at] {
        let (status, report) = health(port).await;
        assert_eq!(status, 200, "{report}");
        assert_eq!(report["status"], "ok");
        assert_eq!(report["database"], "reachable");
        assert_eq!(report["migrations"], "current");
        let newest = mind_sports_server::store::migrator()
            .iter()
            .map(|m| m.version)
            .max();
        assert_eq!(report["schema"], serde_json::json!(newest));
    }
    let (status, _, _) = raw_get(at, "/metrics").await;
    assert_eq!(status, 404, "never on the public port");
    let (status, _, _) = raw_get(metrics_at, "/api/v1/challenges").await;
    assert_eq!(status, 404, "the metrics port serves nothing else");

    let before = scrape(metrics_at).await;
    for name in [
        "mind_sports_live_connections",
        "mind_sports_games_in_memory",
        "mind_sports_moves_total",
        "mind_sports_commit_seconds",
        "mind_sports_commit_batch_writes",
        "mind_sports_timers_pending",
        "mind_sports_http_responses_total",
        "process_resident_memory_bytes",
    ] {
        assert!(
            before.contains(&format!("# TYPE {name} ")),
            "{name} in\n{before}"
        );
    }
    let (eva, petr) = pair(at, setup(GameKind::Othello, "", live("5+0")), false).await;
    let mut black = open(at, &eva.game, Some(&eva.token)).await;
    let mut white = open(at, &eva.game, Some(&petr.token)).await;
    for (ply, square) in ["f5", "d6", "c3"].iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut black } else { &mut white };
        mover.act(mv(ply as u32, ply, square)).await.unwrap();
    }
    let refused = black.act(mv(9, 3, "d3")).await.unwrap_err();
    assert!(matches!(
        refused,
        ServerMessage::Refused {
            refusal: Refusal::NotYourTurn,
            ..
        }
    ));
    let after = scrape(metrics_at).await;
    let grew = |name: &str| sample(&after, name) - sample(&before, name);
    // Counters are per process (other tests of this binary count too).
    assert!(grew("mind_sports_moves_total") >= 3.0, "{after}");
    assert!(
        grew("mind_sports_refusals_total{reason=\"not_your_turn\"}") >= 1.0,
        "{after}"
    );
    assert!(grew("mind_sports_commit_seconds_count") >= 4.0, "{after}");
    assert!(grew("mind_sports_commit_batch_writes_count") >= 4.0);
    assert!(grew("mind_sports_http_responses_total{code=\"201\"}") >= 1.0);
    assert!(sample(&after, "mind_sports_live_connections") >= 2.0);
    assert!(sample(&after, "mind_sports_games_in_memory") >= 1.0);
    assert!(sample(&after, "process_resident_memory_bytes") > 1e6);

    // A database whose migrations are not this build's is unhealthy.
    let store = server.running.as_ref().unwrap().service.store().clone();
    store
        .execute(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             SELECT 9999, 'from a newer server', success, checksum, 0 FROM _sqlx_migrations \
             WHERE version = 1",
            &[],
        )
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let (status, report) = health(at).await;
    assert_eq!(status, 503, "{report}");
    assert_eq!(report["migrations"], "ahead");
    assert_eq!(report["schema"], 9999);
    store
        .execute("DELETE FROM _sqlx_migrations WHERE version = 9999", &[])
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    assert_eq!(health(at).await.0, 200);

    // While stopping: 503 at once, without asking the database.
    let service = server.running.as_ref().unwrap().service.clone();
    let (_, stopping) = tokio::sync::watch::channel(true);
    let report = mind_sports_server::health::Health::new(service, stopping)
        .report()
        .await;
    assert_eq!((report.status, report.healthy()), ("stopping", false));

    // The database gone: 503, and the error counted.
    store.close().await;
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let (status, report) = health(metrics_at).await;
    assert_eq!(status, 503, "{report}");
    assert_eq!(report["database"], "unreachable");
    let last = scrape(metrics_at).await;
    assert!(
        sample(
            &last,
            "mind_sports_database_errors_total{kind=\"pool_closed\"}"
        ) >= 1.0,
        "{last}"
    );
    drop((black, white));
    server.stop().await;
}

both!(health_and_metrics);

/// Every `.sql` file of the migrations folder is embedded, in order, with
/// its text and the checksum the hand-listed migrator recorded before
/// (a database migrated by an older build is still current).
#[test]
fn every_migration_file_is_in_the_migrator() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let mut files: Vec<(i64, String, String)> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "sql"))
        .map(|path| {
            let name = path.file_stem().unwrap().to_str().unwrap().to_string();
            let (version, description) = name.split_once('_').expect("NNNN_name.sql");
            let sql = std::fs::read_to_string(&path).unwrap();
            (version.parse().unwrap(), description.replace('_', " "), sql)
        })
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    let migrator = mind_sports_server::store::migrator();
    let embedded: Vec<_> = migrator.iter().collect();
    assert_eq!(embedded.len(), files.len(), "a file left out, or one extra");
    for (migration, (version, description, sql)) in embedded.iter().zip(&files) {
        assert_eq!(migration.version, *version);
        assert_eq!(migration.description, *description);
        assert_eq!(migration.sql.as_ref(), sql.as_str());
        let listed = sqlx::migrate::Migration::new(
            *version,
            description.clone().into(),
            sqlx::migrate::MigrationType::Simple,
            sqlx::SqlSafeStr::into_sql_str(sqlx::AssertSqlSafe(sql.clone())),
            false,
        );
        assert_eq!(migration.checksum, listed.checksum, "version {version}");
    }
}
