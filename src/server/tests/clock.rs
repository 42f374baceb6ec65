//! Service time against the wall clock: a step of the wall (back an hour,
//! forward two) neither freezes a running clock nor flags it, before or
//! after a restart; a restart within 3 s gives its downtime back (after a
//! clean stop on both databases, after a crash on SQLite; a crashed
//! PostgreSQL instance cannot be told from a live one for 3 s, so that
//! gap is charged, as docs/online.md says).

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use mind_sports_core::online::protocol::{ClientMessage, Seated};
use mind_sports_core::online::room::Status;
use mind_sports_core::online::setup::GameKind;
use mind_sports_server::client;
use mind_sports_server::options::{Command, Options};
use support::*;

/// White's time left, and the game's status.
async fn white_left(server: &TestServer, game: &str) -> (i64, Status) {
    let view = client::view(server.address(), game).await.unwrap();
    (
        view.brief.clock.unwrap().left_ms[1] as i64,
        view.brief.status,
    )
}

/// A live game at 1+0 in which White's clock runs.
async fn white_to_move(server: &TestServer) -> (Seated, Seated) {
    let at = server.address();
    let (eva, petr) = pair(at, setup(GameKind::Othello, "", live("1+0")), false).await;
    let mut black = open(at, &eva.game, Some(&eva.token)).await;
    black.act(mv(0, 0, "f5")).await.unwrap();
    black.close().await;
    (eva, petr)
}

/// Asserts White has `expected` ms left (within 300: a shared instance
/// works off a kept step by 10 ms a real second) and the game goes on.
async fn expect_left(server: &TestServer, game: &str, expected: i64, when: &str) {
    let (left, status) = white_left(server, game).await;
    assert!(
        (left - expected).abs() <= 300,
        "{when}: {left} ms left, expected {expected}"
    );
    assert_eq!(status, Status::Playing, "{when}");
}

/// A heartbeat now (the background one comes every real second).
async fn beat(server: &TestServer) {
    let service = &server.running.as_ref().unwrap().service;
    service
        .time()
        .heartbeat(service.store(), service.instance())
        .await
        .unwrap();
}

/// Stops the server (cleanly, or as a crash leaves it), lets `down_ms`
/// pass and the wall step by `step_ms` meanwhile, and starts it again on
/// the same database and clocks.
async fn restart(server: &mut TestServer, db: Db, down_ms: u64, crash: bool, step_ms: i64) {
    let running = server.running.take().unwrap();
    let url = running.service.store().url().to_string();
    running.stop().await.unwrap();
    if crash {
        // What a kill -9 leaves: the last heartbeat without the mark of a
        // clean stop.
        let unwatched = std::sync::Arc::new(mind_sports_server::state_folder::Guard::unwatched());
        let store = mind_sports_server::store::Store::open(&url, unwatched)
            .await
            .unwrap();
        store
            .execute(
                "UPDATE instances SET id = SUBSTR(id, 9) WHERE id LIKE 'stopped:%'",
                &[],
            )
            .await
            .unwrap();
        store.close().await;
    }
    server.wall.advance(down_ms);
    server.wall.step(step_ms);
    let options = match db {
        Db::Sqlite => options(db, &server.dir, &[]),
        Db::Postgres => {
            let dir = server.dir.display().to_string();
            let args = ["--dir", &dir, "--port", "0", "--database", &url];
            match Options::parse(args) {
                Ok(Command::Serve(options)) => *options,
                other => panic!("{other:?}"),
            }
        }
    };
    let running = mind_sports_server::start(options, server.wall.clone())
        .await
        .unwrap();
    server.running = Some(running);
}

async fn wall_steps_neither_freeze_nor_flag(db: Db) {
    let mut server = TestServer::start(db, &[]).await;
    let (eva, petr) = white_to_move(&server).await;
    let game = eva.game.as_str();
    let (start, _) = white_left(&server, game).await;
    server.wall.advance(5_000);
    expect_left(&server, game, start - 5_000, "5 s later").await;
    // NTP steps a clock that ran an hour fast back: White's clock goes on.
    server.wall.step(-3_600_000);
    beat(&server).await;
    server.wall.advance(5_000);
    beat(&server).await;
    expect_left(&server, game, start - 10_000, "after a step back").await;
    // Two hours forward: no flag falls.
    server.wall.step(7_200_000);
    beat(&server).await;
    server.wall.advance(5_000);
    beat(&server).await;
    expect_left(&server, game, start - 15_000, "after a step forward").await;
    // The sweeper's and the timers' rounds find nothing due.
    tokio::time::sleep(std::time::Duration::from_millis(2_500)).await;
    expect_left(&server, game, start - 15_000, "after the sweeper").await;
    // Stopped and started again: the steps are not replayed, the second
    // down given back.
    restart(&mut server, db, 1_000, false, 0).await;
    expect_left(&server, game, start - 15_000, "after a restart").await;
    server.wall.advance(5_000);
    expect_left(&server, game, start - 20_000, "after the restart").await;
    // The wall set back an hour while the server was down, then another
    // restart: nothing charged, nothing replayed.
    restart(&mut server, db, 1_000, false, -3_600_000).await;
    expect_left(&server, game, start - 20_000, "set back while down").await;
    restart(&mut server, db, 1_000, false, 0).await;
    expect_left(&server, game, start - 20_000, "and restarted again").await;
    // And the game plays on.
    let at = server.address();
    let mut white = open(at, game, Some(&petr.token)).await;
    white.act(mv(1, 1, "d6")).await.unwrap();
    white.act(ClientMessage::Resign { id: 2 }).await.unwrap();
    server.stop().await;
}

both!(wall_steps_neither_freeze_nor_flag);

async fn a_restart_within_three_seconds_gives_its_downtime_back(db: Db) {
    let mut server = TestServer::start(db, &[]).await;
    let (eva, _) = white_to_move(&server).await;
    let game = eva.game.as_str();
    let (start, _) = white_left(&server, game).await;
    server.wall.advance(2_000);
    expect_left(&server, game, start - 2_000, "2 s later").await;
    // A clean stop (SIGTERM), down 1.5 s: nothing charged.
    restart(&mut server, db, 1_500, false, 0).await;
    expect_left(&server, game, start - 2_000, "after a clean restart").await;
    // A crash, down 1.5 s: given back on SQLite (one server per folder, so
    // the last one is surely gone); charged on PostgreSQL (for 3 s a
    // crashed instance looks like a live one).
    restart(&mut server, db, 1_500, true, 0).await;
    let charged = match db {
        Db::Sqlite => 0,
        Db::Postgres => 1_500,
    };
    expect_left(&server, game, start - 2_000 - charged, "after a crash").await;
    // Down longer than 3 s after a crash: given back on both.
    restart(&mut server, db, 4_000, true, 0).await;
    expect_left(&server, game, start - 2_000 - charged, "after a long crash").await;
    server.stop().await;
}

both!(a_restart_within_three_seconds_gives_its_downtime_back);
