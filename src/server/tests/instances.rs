//! Several `serve` instances on one PostgreSQL: the two players on
//! different instances, watchers on either, the lobby shared; an instance
//! killed, its player back through the other.

#![cfg(not(target_arch = "wasm32"))]

mod support;

use std::time::Duration;

use mind_sports_core::online::protocol::{
    ClientMessage, Colour, CreateRequest, JoinRequest, ServerMessage,
};
use mind_sports_core::online::room::{Event, Reason, Status};
use mind_sports_core::online::setup::GameKind;
use mind_sports_server::client::{self, Live};
use support::*;

fn instance(database: &str, dir: &std::path::Path) -> Process {
    let args: Vec<String> = [
        "--dir",
        &dir.display().to_string(),
        "--port",
        "0",
        "--database",
        database,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    Process::start(&args)
}

async fn moved(live: &mut Live) -> Vec<String> {
    live.until(|m| match m {
        ServerMessage::Update {
            event: Event::Moved { moves, .. },
            ..
        } => Some(moves.clone()),
        _ => None,
    })
    .await
    .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_every_game() {
    let database = postgres_database();
    let dir = scratch_dir("instances");
    let a = instance(&database, &dir);
    let mut b = Some(instance(&database, &dir));
    let b_address = b.as_ref().unwrap().address;
    // The lobby on B sees a challenge made on A; the player who accepts
    // it does so on B.
    let mut lobby = Live::open(b_address, "/api/v1/lobby/live", None)
        .await
        .unwrap();
    assert!(matches!(
        lobby.next().await.unwrap(),
        ServerMessage::Lobby { .. }
    ));
    let request = CreateRequest {
        setup: setup(GameKind::Othello, "size=6", live("10+0")),
        name: "Eva".into(),
        colour: Colour::First,
        public: true,
    };
    let eva = client::create(a.address, &request).await.unwrap();
    let opened = lobby.next().await.unwrap();
    assert!(
        matches!(&opened, ServerMessage::ChallengeOpened { challenge } if challenge.game == eva.game),
        "{opened:?}"
    );
    let join = JoinRequest {
        name: "Petr".into(),
        invite: None,
    };
    let petr = client::join(b_address, &eva.game, &join).await.unwrap();
    assert_eq!(
        lobby.next().await.unwrap(),
        ServerMessage::ChallengeClosed {
            game: eva.game.clone()
        }
    );

    let mut black = open(a.address, &eva.game, Some(&eva.token)).await;
    let mut white = open(b_address, &eva.game, Some(&petr.token)).await;
    let mut watcher_a = open(a.address, &eva.game, None).await;
    let mut watcher_b = open(b_address, &eva.game, None).await;
    // Presence is shared: black on A sees white (on B) connected.
    let present = black
        .until(|m| match m {
            ServerMessage::Presence { brief } if brief.present == [true, true] => Some(()),
            _ => None,
        })
        .await;
    assert!(present.is_ok());
    // Play a 6×6 game to its end, each player on their own instance.
    let mut ply = 0;
    let mut id = 0;
    loop {
        let view = client::view(a.address, &eva.game).await.unwrap();
        let Some(to_move) = view.brief.to_move else {
            break;
        };
        assert_eq!(view.moves.len(), ply);
        let (mover, other) = if to_move == 0 {
            (&mut black, &mut white)
        } else {
            (&mut white, &mut black)
        };
        id += 1;
        let played = legal_move(&request.setup, &view.moves).expect("a legal move");
        mover.act(mv(id, ply, &played)).await.unwrap();
        let relayed = moved(other).await;
        assert_eq!(relayed[0], played, "the other instance relays the move");
        assert_eq!(moved(&mut watcher_a).await, relayed);
        assert_eq!(moved(&mut watcher_b).await, relayed);
        ply += relayed.len();
        if ply >= 10 {
            if let Some(b) = b.take() {
                // Instance B dies; white and B's watcher come back through
                // A and the game goes on.
                b.kill();
                white = open(a.address, &eva.game, Some(&petr.token)).await;
                watcher_b = open(a.address, &eva.game, None).await;
            }
        }
    }
    let view = client::view(a.address, &eva.game).await.unwrap();
    assert!(
        matches!(view.brief.status, Status::Over(e) if e.reason == Reason::Finished),
        "{view:?}"
    );
    assert_eq!(view.moves.len(), ply);
    // White's presence from the dead instance is cleared by A's sweeper.
    white.send(&ClientMessage::Ping { id: 0 }).await.unwrap();
    a.terminate();
    let _ = std::fs::remove_dir_all(dir);
    let _ = Duration::from_secs(0);
}
