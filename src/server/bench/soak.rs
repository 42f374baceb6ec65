//! `make bench-online BENCH_ONLINE_ARGS="--soak 20"`: play that goes on.
//! With PostgreSQL two `serve` instances on one database, each game's
//! players split between them (every move crosses instances through
//! NOTIFY); with SQLite one instance. A watcher on every tenth game, and
//! every finished game followed by its rematch, for the given minutes.
//! Printed each minute: each instance's resident memory, the memory per
//! game (all instances' growth since before the set-up, over the games),
//! what the instances' `/metrics` say (games in memory, timers pending,
//! live connections, moves a second), the machine's load. Then the
//! players' figures and the memory per game at the end against after the
//! set-up (the bound: within 1.5x). Asserts nothing.

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use crate::run::{
    go, load_average, ready, reports, resident_kib, start_server, start_worker, Server, Settings,
};
use mind_sports_server::scratch::Cluster;

/// A watcher on every n-th game.
const WATCH_EVERY: usize = 10;

/// What one instance's `/metrics` says (the samples the soak prints).
#[derive(Default, Clone, Copy)]
struct Scraped {
    games: f64,
    timers: f64,
    live: f64,
    moves: f64,
}

/// Reads `/metrics` of the instance at `at` (zeros if it does not answer).
fn scrape(at: SocketAddr) -> Scraped {
    let text = (|| {
        let mut stream = std::net::TcpStream::connect_timeout(&at, Duration::from_secs(5)).ok()?;
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .ok()?;
        write!(stream, "GET /metrics HTTP/1.0\r\nHost: {at}\r\n\r\n").ok()?;
        let mut text = String::new();
        stream.read_to_string(&mut text).ok()?;
        Some(text)
    })()
    .unwrap_or_default();
    let value = |name: &str| {
        text.lines()
            .find(|line| line.split(' ').next() == Some(name))
            .and_then(|line| line.rsplit(' ').next()?.parse().ok())
            .unwrap_or(0.0)
    };
    Scraped {
        games: value("mind_sports_games_in_memory"),
        timers: value("mind_sports_timers_pending"),
        live: value("mind_sports_live_connections"),
        moves: value("mind_sports_moves_total"),
    }
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

/// One soak on `database` (sqlite or postgres): the rows as they come.
pub fn soak(settings: &Settings, database: &str, games: usize, minutes: u64) {
    let dir = std::env::temp_dir().join(format!(
        "mind-sports-soak-{}-{database}",
        std::process::id()
    ));
    let cluster =
        (database == "postgres").then(|| Cluster::start(true).expect("PostgreSQL starts"));
    let url = cluster
        .as_ref()
        .map(|c| c.database("soak").expect("a database"));
    let count = if url.is_some() { 2 } else { 1 };
    let mut servers: Vec<Server> = (0..count)
        .map(|i| start_server(&settings.serve, &dir.join(format!("i{i}")), url.as_deref()))
        .collect();
    let before: Vec<u64> = servers.iter().map(|s| resident_kib(s.child.id())).collect();
    let started = Instant::now();
    let seconds = minutes * 60;
    let b = &servers[count - 1].address;
    let mut workers: Vec<_> = (0..2)
        .map(|i| {
            let extra = [
                "--server-b".to_string(),
                b.clone(),
                "--watch-every".into(),
                WATCH_EVERY.to_string(),
                "--rematch".into(),
            ];
            let share = games / 2 + games % 2 * (1 - i);
            start_worker(&servers[0].address, share, seconds, i, &extra)
        })
        .collect();
    ready(&mut workers);
    let setup_s = started.elapsed().as_secs_f64();
    let per_game = |now: &[u64]| {
        let grown: u64 = now
            .iter()
            .zip(&before)
            .map(|(n, b)| n.saturating_sub(*b))
            .sum();
        grown as f64 / games.max(1) as f64
    };
    let after_setup: Vec<u64> = servers.iter().map(|s| resident_kib(s.child.id())).collect();
    println!(
        "soak: {database}, {count} instance(s), {games} games ({} player connections, a watcher on every \
         {WATCH_EVERY}th game), each finished game rematched, {minutes} min; set-up {setup_s:.0} s",
        2 * games
    );
    println!("| minute | resident memory by instance | memory per game | games in memory | timers pending | live connections | moves/s | load |");
    println!("|---|---|---|---|---|---|---|---|");
    let mut last_moves: f64 = 0.0;
    let mut last_at = Instant::now();
    let row = |minute: u64, rss: &[u64], scraped: &[Scraped], moves_per_s: f64| {
        let each: Vec<String> = rss.iter().map(|k| format!("{:.1} MiB", mib(*k))).collect();
        let sum = |f: fn(&Scraped) -> f64| scraped.iter().map(f).sum::<f64>();
        println!(
            "| {minute} | {} | {:.1} KiB | {:.0} | {:.0} | {:.0} | {moves_per_s:.0} | {:.1} |",
            each.join(" + "),
            per_game(rss),
            sum(|s| s.games),
            sum(|s| s.timers),
            sum(|s| s.live),
            load_average()
        );
    };
    let scraped: Vec<Scraped> = servers.iter().map(|s| scrape(s.metrics)).collect();
    last_moves += scraped.iter().map(|s| s.moves).sum::<f64>();
    row(0, &after_setup, &scraped, 0.0);
    go(&mut workers);
    let started_play = Instant::now();
    let mut end_rss = after_setup.clone();
    for minute in 1..=minutes {
        let at = started_play + Duration::from_secs(minute * 60);
        std::thread::sleep(at.saturating_duration_since(Instant::now()));
        end_rss = servers.iter().map(|s| resident_kib(s.child.id())).collect();
        let scraped: Vec<Scraped> = servers.iter().map(|s| scrape(s.metrics)).collect();
        let moves: f64 = scraped.iter().map(|s| s.moves).sum();
        let rate = (moves - last_moves) / last_at.elapsed().as_secs_f64();
        (last_moves, last_at) = (moves, Instant::now());
        row(minute, &end_rss, &scraped, rate);
        let _ = std::io::stdout().flush();
    }
    let mut total = reports(workers);
    for server in &mut servers {
        server.stop();
    }
    let _ = std::fs::remove_dir_all(&dir);
    let (p50, p99) = total.quantiles();
    let (setup_kib, end_kib) = (per_game(&after_setup), per_game(&end_rss));
    println!(
        "players: {} moves ({:.0}/s), relay median {p50:.1} ms, p99 {p99:.1} ms; {} games finished and \
         rematched; watchers saw {} updates; failures: {} moves, {} watcher connections",
        total.moves,
        total.moves as f64 / seconds as f64,
        total.finished,
        total.watched,
        total.failures,
        total.watch_failures
    );
    println!(
        "memory per game: {setup_kib:.1} KiB after the set-up, {end_kib:.1} KiB after {minutes} min: \
         {:.2}x (bound 1.5x: {})",
        end_kib / setup_kib,
        if end_kib <= 1.5 * setup_kib { "within" } else { "OVER" }
    );
}
