//! The `serve` binary killed (SIGKILL) and stopped (SIGTERM) mid-game, then
//! started again on the same state folder: every move is kept, the
//! players' pages resume, the live clock did not run while the server was
//! down, and the game is played to its end.

#![cfg(not(target_arch = "wasm32"))]

mod support;

use std::time::Duration;

use mind_sports_core::online::protocol::{ClientMessage, ServerMessage};
use mind_sports_core::online::room::{Reason, Status};
use mind_sports_core::online::setup::GameKind;
use mind_sports_server::client::{self, Live};
use support::*;

fn serve_args(dir: &std::path::Path, port: u16) -> Vec<String> {
    [
        "--dir",
        &dir.display().to_string(),
        "--port",
        &port.to_string(),
        "--state",
        &dir.join("state").display().to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// Waits until a live connection to the restarted server opens.
async fn reconnect(
    at: std::net::SocketAddr,
    game: &str,
    token: &str,
) -> (Live, mind_sports_core::online::protocol::GameView) {
    for _ in 0..100 {
        if let Ok((live, _, view)) = Live::game(at, game, Some(token)).await {
            return (live, view);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the server did not come back");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_and_restart_lose_nothing() {
    let dir = scratch_dir("restart");
    let port = free_port();
    let server = Process::start(&serve_args(&dir, port));
    let at = server.address;
    let (eva, petr) = pair(at, setup(GameKind::Othello, "", live("1+0")), false).await;
    let mut black = open(at, &eva.game, Some(&eva.token)).await;
    let mut white = open(at, &eva.game, Some(&petr.token)).await;
    let opening = ["f5", "d6", "c3", "d3", "c4"];
    for (ply, square) in opening.iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut black } else { &mut white };
        mover.act(mv(ply as u32, ply, square)).await.unwrap();
    }
    // White to move; the move is acknowledged, so it is on disk.
    let before = client::view(at, &eva.game).await.unwrap();
    let white_left = before.brief.clock.unwrap().left_ms[1];
    server.kill();
    // Down for four seconds: a move made meanwhile cannot reach it.
    let _ = white.send(&mv(99, 5, "f4")).await;
    let mut lost = false;
    for _ in 0..50 {
        if white.next().await.is_err() {
            lost = true;
            break;
        }
    }
    assert!(lost, "the connection ends with the server");
    tokio::time::sleep(Duration::from_secs(4)).await;
    let server = Process::start(&serve_args(&dir, port));
    assert_eq!(server.address, at);
    let (mut white, view) = reconnect(at, &eva.game, &petr.token).await;
    assert_eq!(view.moves, opening, "every move kept");
    assert_eq!(view.brief.status, Status::Playing);
    // At most the last heartbeat's second and the restart itself were
    // charged, not the four seconds down.
    let lost = white_left - view.brief.clock.unwrap().left_ms[1];
    assert!((-1_500..2_500).contains(&lost), "white lost {lost} ms");
    // The move made offline is sent again and accepted: the game has not
    // moved on.
    white.act(mv(100, 5, "f4")).await.unwrap();
    let (mut black, _) = reconnect(at, &eva.game, &eva.token).await;
    let game_setup = setup(GameKind::Othello, "", live("1+0"));
    let reply = legal_move(
        &game_setup,
        &client::view(at, &eva.game).await.unwrap().moves,
    )
    .unwrap();
    black.act(mv(101, 6, &reply)).await.unwrap();
    // A copy of the offline move sent again (its answer lost) is answered
    // as played; another move against that old position is refused, clearly.
    white.act(mv(102, 5, "f4")).await.unwrap();
    let refused = white.act(mv(103, 5, "a1")).await.unwrap_err();
    assert!(matches!(
        refused,
        ServerMessage::Refused {
            refusal: mind_sports_core::online::room::Refusal::MovedOn { ply: 7 },
            ..
        }
    ));

    // SIGTERM: stopped cleanly, then started again.
    server.terminate();
    let server = Process::start(&serve_args(&dir, port));
    let (mut white, view) = reconnect(at, &eva.game, &petr.token).await;
    assert_eq!(view.moves.len(), 7);
    white.act(ClientMessage::Resign { id: 1 }).await.unwrap();
    let view = client::view(at, &eva.game).await.unwrap();
    assert!(matches!(view.brief.status, Status::Over(e) if e.reason == Reason::Resigned));
    drop(black);
    server.terminate();
    let _ = std::fs::remove_dir_all(dir);
}
