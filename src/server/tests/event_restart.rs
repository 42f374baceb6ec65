//! The `serve` binary killed (SIGKILL) mid-round of a club event and
//! started again on the same state folder: the round, its games with
//! every move and their clocks are kept; the games are played to their
//! end after the restart and their results go into the standings.

#![cfg(not(target_arch = "wasm32"))]

mod support;

use std::time::Duration;

use mind_sports_core::online::event::Stage;
use mind_sports_core::online::room::Status;
use mind_sports_core::online::setup::GameKind;
use mind_sports_server::client;
use serde_json::json;
use support::events::*;
use support::*;

fn serve_args(dir: &std::path::Path, port: u16) -> Vec<String> {
    let state = dir.join("state").display().to_string();
    let dir = dir.display().to_string();
    let port = port.to_string();
    [
        "--dir",
        &dir,
        "--port",
        &port,
        "--state",
        &state,
        "--max-requests-per-second",
        "10000",
        "--max-reads-per-second",
        "10000",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Waits until the restarted server answers.
async fn back(at: std::net::SocketAddr, path: &str) {
    for _ in 0..100 {
        if let Ok((200, _)) = client::request(at, "GET", path, None).await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the server did not come back");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_round_keeps_the_round_its_games_and_clocks() {
    let dir = scratch_dir("event-restart");
    let port = free_port();
    let server = Process::start(&serve_args(&dir, port));
    let at = server.address;
    let settings = json!({"name": "Night", "game": "othello", "rules": "size=4",
        "timing": {"kind": "live", "control": "2+0"}, "rounds": 2, "start_limit_s": 600});
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dan"].map(String::from).to_vec();
    let club = club(at, settings, &names).await;
    club.must(json!({"type": "publish"})).await;
    let round = club.round().await;
    let game_setup = setup(GameKind::Othello, "size=4", live("2+0"));
    // Board 1 is played to its end, board 2 for three moves.
    let first = &round.boards[0];
    play(&club, &game_setup, &first.black, &first.white, None).await;
    let second = &round.boards[1];
    let game = play(&club, &game_setup, &second.black, &second.white, Some(3)).await;
    club.wait_round(|r| r.boards[0].score.is_some()).await;
    let before = client::view(at, &game).await.unwrap();
    server.kill();
    tokio::time::sleep(Duration::from_secs(4)).await;

    let server = Process::start(&serve_args(&dir, port));
    back(at, &club.path("")).await;
    let after = club.round().await;
    assert_eq!(after.boards.len(), round.boards.len());
    assert_eq!(after.boards[0].score, club.round().await.boards[0].score);
    assert!(after.boards[0].score.is_some(), "the result is kept");
    assert_eq!(after.boards[1].game.as_deref(), Some(game.as_str()));
    let view = client::view(at, &game).await.unwrap();
    assert_eq!(view.moves, before.moves, "every move kept");
    assert_eq!(view.brief.status, Status::Playing);
    let (was, is) = (before.brief.clock.unwrap(), view.brief.clock.unwrap());
    let mover = usize::from(view.brief.to_move.unwrap());
    let charged = was.left_ms[mover] - is.left_ms[mover];
    assert!(
        (-1_500..2_500).contains(&charged),
        "the downtime was given back: {charged} ms"
    );
    // The round goes on after the restart: played to its end, recorded.
    play(&club, &game_setup, &second.black, &second.white, None).await;
    let done = club
        .wait_round(|r| r.boards.iter().all(|b| b.score.is_some()))
        .await;
    assert_eq!(done.boards.len(), 2);
    assert_eq!(club.summary().await.stage, Stage::BetweenRounds);
    server.terminate();
    let _ = std::fs::remove_dir_all(dir);
}
