//! What the server counts, for `GET /metrics` in Prometheus's text format
//! (docs/online.md, "Operating the server"). One registry per process:
//! the places that count call the free functions here (one line each, so
//! the files that own the work stay about their work); the gauges that a
//! running server knows directly (games in memory, resident memory) are
//! read when the metrics are asked for.

use std::sync::OnceLock;

use mind_sports_core::online::room::{Event, Refusal};
use prometheus::{
    Histogram, HistogramOpts, IntCounter, IntCounterVec, IntGauge, Opts, Registry, TextEncoder,
};

/// The content type of [`render`]'s text.
pub const CONTENT_TYPE: &str = prometheus::TEXT_FORMAT;

/// Every metric, registered once.
struct Metrics {
    registry: Registry,
    live_connections: IntGauge,
    games_in_memory: IntGauge,
    moves: IntCounter,
    refusals: IntCounterVec,
    commit_seconds: Histogram,
    batch_writes: Histogram,
    timers_pending: IntGauge,
    database_errors: IntCounterVec,
    responses: IntCounterVec,
    resident_bytes: IntGauge,
}

fn metrics() -> &'static Metrics {
    static METRICS: OnceLock<Metrics> = OnceLock::new();
    METRICS.get_or_init(Metrics::new)
}

impl Metrics {
    fn new() -> Metrics {
        let registry = Registry::new();
        let gauge = |name: &str, help: &str| {
            let gauge = IntGauge::new(name, help).expect("a valid gauge");
            registry
                .register(Box::new(gauge.clone()))
                .expect("registered once");
            gauge
        };
        let counters = |name: &str, help: &str, label: &str| {
            let counter = IntCounterVec::new(Opts::new(name, help), &[label]).expect("valid");
            registry
                .register(Box::new(counter.clone()))
                .expect("registered once");
            counter
        };
        let histogram = |name: &str, help: &str, buckets: Vec<f64>| {
            let opts = HistogramOpts::new(name, help).buckets(buckets);
            let histogram = Histogram::with_opts(opts).expect("a valid histogram");
            registry
                .register(Box::new(histogram.clone()))
                .expect("registered once");
            histogram
        };
        let moves = IntCounter::new(
            "mind_sports_moves_total",
            "Moves committed by this instance.",
        )
        .expect("a valid counter");
        registry
            .register(Box::new(moves.clone()))
            .expect("registered once");
        Metrics {
            live_connections: gauge(
                "mind_sports_live_connections",
                "Live connections (WebSockets of games, lobby, events, clubs) open now.",
            ),
            games_in_memory: gauge(
                "mind_sports_games_in_memory",
                "Games held in this instance's memory (in use, or used in the last minute).",
            ),
            moves,
            refusals: counters(
                "mind_sports_refusals_total",
                "Players' actions the game refused, by reason (moved_on, not_your_turn, ...).",
                "reason",
            ),
            commit_seconds: histogram(
                "mind_sports_commit_seconds",
                "Time from a group commit's start to its end (one transaction, then the fsync).",
                vec![
                    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                    10.0,
                ],
            ),
            batch_writes: histogram(
                "mind_sports_commit_batch_writes",
                "Writes (a move, a join, ...) committed together in one group commit.",
                vec![1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0],
            ),
            timers_pending: gauge(
                "mind_sports_timers_pending",
                "Timers waiting to wake a game (its flag, a deadline).",
            ),
            database_errors: counters(
                "mind_sports_database_errors_total",
                "Errors the database answered, by kind (database, io, pool_timed_out, ...).",
                "kind",
            ),
            responses: counters(
                "mind_sports_http_responses_total",
                "HTTP answers by status code (live connections count once, as 101).",
                "code",
            ),
            resident_bytes: gauge(
                "process_resident_memory_bytes",
                "Resident memory of this process, bytes.",
            ),
            registry,
        }
    }
}

/// Holds one live connection's place in the count until dropped.
#[must_use = "the connection counts only while this is held"]
pub struct LiveConnection(());

impl Drop for LiveConnection {
    fn drop(&mut self) {
        metrics().live_connections.dec();
    }
}

/// A live connection opened: counted until the value is dropped.
pub fn live_connection() -> LiveConnection {
    metrics().live_connections.inc();
    LiveConnection(())
}

/// Events committed by this instance (its moves are counted).
pub fn committed(events: &[Event]) {
    let moves = events
        .iter()
        .filter(|event| matches!(event, Event::Moved { .. }))
        .count();
    metrics().moves.inc_by(moves as u64);
}

/// A player's action refused by the game.
pub fn refused(refusal: &Refusal) {
    let reason = serde_json::to_value(refusal)
        .ok()
        .and_then(|value| Some(value.get("reason")?.as_str()?.to_string()))
        .unwrap_or_else(|| "other".to_string());
    metrics().refusals.with_label_values(&[reason]).inc();
}

/// Runs a group commit of `writes` writes, timing it.
pub async fn timed_commit<F: std::future::Future>(writes: usize, commit: F) -> F::Output {
    let started = std::time::Instant::now();
    let result = commit.await;
    let metrics = metrics();
    metrics
        .commit_seconds
        .observe(started.elapsed().as_secs_f64());
    metrics.batch_writes.observe(writes as f64);
    result
}

/// The number of timers waiting now.
pub fn timers_pending(timers: usize) {
    metrics().timers_pending.set(timers as i64);
}

/// The database answered an error.
pub fn database_error(error: &sqlx::Error) {
    let kind = match error {
        sqlx::Error::Database(_) => "database",
        sqlx::Error::Io(_) => "io",
        sqlx::Error::PoolTimedOut => "pool_timed_out",
        sqlx::Error::PoolClosed => "pool_closed",
        sqlx::Error::Protocol(_) | sqlx::Error::Tls(_) => "protocol",
        sqlx::Error::Migrate(_) => "migrate",
        _ => "other",
    };
    metrics().database_errors.with_label_values(&[kind]).inc();
}

/// An HTTP answer with `status` was sent.
pub fn response(status: u16) {
    metrics()
        .responses
        .with_label_values(&[status.to_string()])
        .inc();
}

/// The metrics now, in Prometheus's text format; `games_in_memory` is the
/// running server's count.
pub fn render(games_in_memory: usize) -> String {
    let metrics = metrics();
    metrics.games_in_memory.set(games_in_memory as i64);
    metrics.resident_bytes.set(resident_bytes() as i64);
    TextEncoder::new()
        .encode_to_string(&metrics.registry.gather())
        .unwrap_or_else(|error| format!("# the metrics could not be written: {error}\n"))
}

/// This process's resident memory (Linux's `/proc/self/status`; 0 where
/// there is none).
pub fn resident_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
        .map_or(0, |kib| kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of the first sample line that starts with `prefix`.
    fn sample(text: &str, prefix: &str) -> f64 {
        text.lines()
            .find(|line| line.starts_with(prefix))
            .and_then(|line| line.rsplit(' ').next()?.parse().ok())
            .unwrap_or_else(|| panic!("{prefix} in\n{text}"))
    }

    #[test]
    fn counts_show_in_the_text_format() {
        let before = render(0);
        let moves = sample(&before, "mind_sports_moves_total ");
        let committed = futures_util::FutureExt::now_or_never(timed_commit(3, async { 1 }));
        assert_eq!(committed, Some(1));
        refused(&Refusal::MovedOn { ply: 4 });
        timers_pending(7);
        let live = live_connection();
        let text = render(5);
        assert!(
            text.contains("# TYPE mind_sports_commit_seconds histogram"),
            "{text}"
        );
        assert!(text.contains("# HELP mind_sports_moves_total"), "{text}");
        assert_eq!(sample(&text, "mind_sports_moves_total "), moves);
        assert!(sample(&text, "mind_sports_refusals_total{reason=\"moved_on\"}") >= 1.0);
        assert!(sample(&text, "mind_sports_commit_batch_writes_bucket{le=\"4\"}") >= 1.0);
        assert_eq!(sample(&text, "mind_sports_games_in_memory "), 5.0);
        assert!(sample(&text, "mind_sports_live_connections ") >= 1.0);
        assert!(sample(&text, "process_resident_memory_bytes ") > 1_000_000.0);
        drop(live);
    }
}
