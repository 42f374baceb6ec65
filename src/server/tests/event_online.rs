//! An online event's games (issue 37): their clocks start when both
//! players are there (or at the first move), not at publication; the
//! start limit forfeits whoever is absent (both: a double forfeit),
//! recorded as a forfeit, never "on time"; the organiser's result on a
//! running game is refused until confirmed, then ends the game as decided
//! by the organiser for both players and every watcher; an event's game is
//! forfeited instead of aborted and has no rematch; a friendly rematch's
//! clock waits for both players as well.

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use std::time::Duration;

use mind_sports_core::online::event::{How, RoundView, Stage};
use mind_sports_core::online::protocol::{ClientMessage, GameView, ServerMessage};
use mind_sports_core::online::room::{Event, Reason, Refusal, Status};
use mind_sports_server::client::{self, Live};
use serde_json::{json, Value};
use support::events::*;
use support::*;

/// An Othello event at `control` whose start limit is a minute.
fn settings(control: &str) -> Value {
    json!({"name": "Online evening", "game": "othello", "rules": "size=8",
        "timing": {"kind": "live", "control": control}, "format": "swiss",
        "rounds": 2, "start_limit_s": 60})
}

async fn event(at: std::net::SocketAddr, control: &str, names: &[&str]) -> Club {
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let club = club(at, settings(control), &names).await;
    club.must(json!({"type": "publish"})).await;
    club
}

/// The game of board `board` (from 1) of the round published last.
fn game_of(round: &RoundView, board: usize) -> String {
    round.boards[board - 1].game.clone().unwrap()
}

/// Waits until the game's view satisfies `done`.
async fn wait_game(
    at: std::net::SocketAddr,
    game: &str,
    done: impl Fn(&GameView) -> bool,
) -> GameView {
    for _ in 0..200 {
        let view = client::view(at, game).await.unwrap();
        if done(&view) {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("{:?}", client::view(at, game).await.unwrap());
}

fn running(view: &GameView) -> Option<u8> {
    view.brief.clock.as_ref().and_then(|clock| clock.running)
}

fn ending(view: &GameView) -> (Reason, Option<u8>) {
    match view.brief.status {
        Status::Over(ending) => (ending.reason, ending.score.winner),
        other => panic!("not over: {other:?}"),
    }
}

/// Waits for the update that ends the game, on one connection.
async fn sees_the_end(live: &mut Live) -> Reason {
    live.until(|m| match m {
        ServerMessage::Update { brief, .. } => match brief.status {
            Status::Over(ending) => Some(ending.reason),
            _ => None,
        },
        _ => None,
    })
    .await
    .unwrap()
}

/// A 5+0 event of Ann and Ben, round 1 published, both players at its
/// board: the event, the game, Black's and White's connections and the
/// game as it was when both were there.
async fn both_at_board_one(at: std::net::SocketAddr) -> (Club, String, Live, Live, GameView) {
    let club = event(at, "5+0", &["Ann", "Ben"]).await;
    let round = club.round().await;
    let board = &round.boards[0];
    let game = game_of(&round, 1);
    let (black, _, _) = Live::game(at, &game, Some(club.token(&board.black)))
        .await
        .unwrap();
    let (white, _, view) = Live::game(at, &game, Some(club.token(&board.white)))
        .await
        .unwrap();
    (club, game, black, white, view)
}

async fn the_clock_waits_for_both_players(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let club = event(at, "5+0", &["Ann", "Ben"]).await;
    let round = club.round().await;
    let (black, white) = (round.boards[0].black.clone(), round.boards[0].white.clone());
    let game = game_of(&round, 1);
    let view = client::view(at, &game).await.unwrap();
    assert_eq!(view.brief.status, Status::Playing);
    assert_eq!(running(&view), None, "no clock runs at publication");
    // Half a minute later, with one player there, nobody has lost time.
    server.wall.advance(30_000);
    let (mut first, _, _) = Live::game(at, &game, Some(club.token(&black)))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let view = client::view(at, &game).await.unwrap();
    assert_eq!(running(&view), None, "one player is not enough");
    assert_eq!(view.brief.clock.unwrap().left_ms, [300_000, 300_000]);
    // The second player comes: the clock starts, the first's time runs.
    let (second, _, _) = Live::game(at, &game, Some(club.token(&white)))
        .await
        .unwrap();
    first
        .until(|m| match m {
            ServerMessage::Update {
                event: Event::Started { .. },
                ..
            } => Some(()),
            _ => None,
        })
        .await
        .unwrap();
    let view = wait_game(at, &game, |v| running(v) == Some(0)).await;
    assert!(view.brief.clock.unwrap().left_ms[0] > 299_000);
    // A started game is not forfeited when the start limit passes.
    server.wall.advance(31_000);
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    assert_eq!(club.round().await.boards[0].score, None);
    assert_eq!(
        client::view(at, &game).await.unwrap().brief.status,
        Status::Playing
    );
    first.close().await;
    second.close().await;
    server.stop().await;
}

both!(the_clock_waits_for_both_players);

async fn the_start_limit_forfeits_the_absent(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let club = event(at, "1+0", &["Ann", "Ben", "Cat", "Dan"]).await;
    let round = club.round().await;
    // Board 1: Black is there, White never comes; board 2: nobody.
    let black = round.boards[0].black.clone();
    let (present, _, _) = Live::game(at, &game_of(&round, 1), Some(club.token(&black)))
        .await
        .unwrap();
    // The 1+0 clocks would have fallen long before the limit.
    server.wall.advance(61_000);
    let done = club
        .wait_round(|r| r.boards.iter().all(|b| b.score.is_some()))
        .await;
    assert_eq!(done.boards[0].how, Some(How::Forfeit { seat: 1 }));
    let [winner, loser] = done.boards[0].score.unwrap();
    assert!(winner > loser, "{:?}", done.boards[0]);
    assert_eq!(done.boards[1].how, Some(How::DoubleForfeit));
    assert_eq!(done.boards[1].score, Some([0.0, 0.0]));
    let one = client::view(at, &game_of(&round, 1)).await.unwrap();
    assert_eq!(ending(&one), (Reason::Forfeit, Some(0)), "not on time");
    let both = client::view(at, &game_of(&round, 2)).await.unwrap();
    assert_eq!(ending(&both), (Reason::DoubleForfeit, None));
    assert_eq!(club.summary().await.stage, Stage::BetweenRounds);
    // Both lose: the double forfeit is no game of the tournament, so
    // neither gets a point from it.
    let (b2, w2) = (&round.boards[1].black, &round.boards[1].white);
    let export: Value = ok(at, "GET", &club.path("/export.json"), None).await;
    let games = export["games"].as_array().unwrap();
    assert!(
        !games
            .iter()
            .any(|g| g["black"] == json!(b2) || g["white"] == json!(w2)),
        "no game for a double forfeit: {export}"
    );
    // The organiser may change it, as any result.
    club.must(json!({"type": "correct", "round": 1, "board": 2, "score": [40, 24]}))
        .await;
    let corrected = club.round().await;
    assert_eq!(corrected.boards[1].how, Some(How::Organiser));
    present.close().await;
    server.stop().await;
}

both!(the_start_limit_forfeits_the_absent);

async fn the_organiser_s_result_ends_a_running_game(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let (club, game, mut black, mut white, view) = both_at_board_one(at).await;
    let (mut watcher, seat, _) = Live::game(at, &game, None).await.unwrap();
    assert_eq!(seat, None);
    let setup = view.setup.clone();
    let square = legal_move(&setup, &view.moves).unwrap();
    black.act(mv(1, 0, &square)).await.unwrap();
    // Not confirmed: a typed refusal, the game goes on.
    let result = json!({"type": "result", "round": 1, "board": 1, "score": [40, 24]});
    let (status, refused) = club.manage(result.clone()).await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(
        refused["refusal"],
        json!({"reason": "game_running", "round": 1, "board": 1})
    );
    assert_eq!(
        client::view(at, &game).await.unwrap().brief.status,
        Status::Playing
    );
    // Confirmed: the game ends as decided by the organiser, for all.
    let confirmed = json!({"type": "result", "round": 1, "board": 1, "score": [40, 24],
        "ends_game": true});
    club.must(confirmed).await;
    for live in [&mut black, &mut white, &mut watcher] {
        assert_eq!(sees_the_end(live).await, Reason::Decided);
    }
    let view = client::view(at, &game).await.unwrap();
    let Status::Over(end) = view.brief.status else {
        panic!("{view:?}");
    };
    assert_eq!((end.reason, end.score.winner), (Reason::Decided, Some(0)));
    assert_eq!(end.score.points, Some([40, 24]));
    // The official result stands; the game's ending is not recorded over it.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let after = club.round().await;
    assert_eq!(after.boards[0].score, Some([40.0, 24.0]));
    assert_eq!(after.boards[0].how, Some(How::Organiser));
    // A move after the end is refused.
    let refused = white.act(mv(2, 1, "f6")).await.unwrap_err();
    assert!(
        matches!(refused, ServerMessage::Refused { .. }),
        "{refused:?}"
    );
    for live in [black, white, watcher] {
        live.close().await;
    }
    server.stop().await;
}

both!(the_organiser_s_result_ends_a_running_game);

async fn an_event_game_is_forfeited_not_aborted_and_not_rematched(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let (club, game, mut black, mut white, view) = both_at_board_one(at).await;
    assert_eq!(
        view.event.as_ref().map(|e| (e.round, e.board)),
        Some((1, 1))
    );
    assert_eq!(view.event.as_ref().unwrap().event, club.id);
    white.act(ClientMessage::Abort { id: 1 }).await.unwrap();
    let view = client::view(at, &game).await.unwrap();
    assert_eq!(
        ending(&view),
        (Reason::Forfeit, Some(0)),
        "lost, not aborted"
    );
    let done = club.wait_round(|r| r.boards[0].score.is_some()).await;
    assert_eq!(done.boards[0].how, Some(How::Forfeit { seat: 1 }));
    for (live, id) in [(&mut black, 2), (&mut white, 3)] {
        let refused = live.act(ClientMessage::Rematch { id }).await.unwrap_err();
        assert!(
            matches!(
                refused,
                ServerMessage::Refused {
                    refusal: Refusal::NoRematch,
                    ..
                }
            ),
            "{refused:?}"
        );
    }
    let view = client::view(at, &game).await.unwrap();
    assert_eq!(view.brief.next_game, None);
    black.close().await;
    white.close().await;
    server.stop().await;
}

both!(an_event_game_is_forfeited_not_aborted_and_not_rematched);

async fn a_rematch_s_clock_waits_for_both_players(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let (eva, petr) = pair(
        at,
        setup(
            mind_sports_core::online::setup::GameKind::Nim,
            "start=nim:5+nim:7",
            live("1+0"),
        ),
        false,
    )
    .await;
    let mut first = open(at, &eva.game, Some(&eva.token)).await;
    let mut second = open(at, &eva.game, Some(&petr.token)).await;
    second.act(ClientMessage::Resign { id: 1 }).await.unwrap();
    first.act(ClientMessage::Rematch { id: 2 }).await.unwrap();
    second.act(ClientMessage::Rematch { id: 3 }).await.unwrap();
    let next = wait_game(at, &eva.game, |v| v.brief.next_game.is_some())
        .await
        .brief
        .next_game
        .unwrap();
    first.close().await;
    second.close().await;
    // Nobody opened it: five minutes later no flag has fallen on a 1+0.
    server.wall.advance(300_000);
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let view = client::view(at, &next).await.unwrap();
    assert_eq!(view.brief.status, Status::Playing);
    assert_eq!(running(&view), None);
    assert_eq!(view.brief.clock.unwrap().left_ms, [60_000, 60_000]);
    assert_eq!(view.event, None);
    // Petr (first now) opens it: still waiting; Eva comes: it starts.
    let petr_live = open(at, &next, Some(&petr.token)).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(running(&client::view(at, &next).await.unwrap()), None);
    let eva_live = open(at, &next, Some(&eva.token)).await;
    let started = wait_game(at, &next, |v| running(v).is_some()).await;
    assert_eq!(running(&started), Some(0));
    // Its clock runs now: a minute later Petr's flag falls.
    server.wall.advance(61_000);
    let over = wait_game(at, &next, |v| matches!(v.brief.status, Status::Over(_))).await;
    assert_eq!(ending(&over).0, Reason::Aborted, "no first move: no result");
    petr_live.close().await;
    eva_live.close().await;
    server.stop().await;
}

both!(a_rematch_s_clock_waits_for_both_players);
