//! A club evening at the tables (issue 37): an event whose rounds make no
//! online games and run no clocks; the players report their results from
//! their phones, two matching reports are the result, a disagreement is
//! shown to the public only as a dispute and settled by the organiser; in
//! an online event the organiser moves a single board to the table.

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use mind_sports_core::online::event::{How, Stage};
use serde_json::{json, Value};
use support::events::*;
use support::*;

fn settings(at_tables: bool) -> Value {
    json!({"name": "Club evening", "game": "othello", "rules": "size=8",
        "timing": {"kind": "live", "control": "25+0"}, "format": "swiss",
        "rounds": 2, "start_limit_s": 60, "at_tables": at_tables})
}

async fn an_evening_at_the_tables(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let names: Vec<String> = ["Ann", "Ben", "Cat", "Dan"].map(String::from).to_vec();
    let club = club(at, settings(true), &names).await;
    assert!(club.summary().await.at_tables);
    club.must(json!({"type": "publish"})).await;
    let round = club.round().await;
    assert!(
        round.boards.iter().all(|b| b.game.is_none() && b.at_table),
        "{round:?}"
    );
    // No clock runs: an hour later nothing is forfeited.
    server.wall.advance(3_600_000);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(club.round().await.boards.iter().all(|b| b.score.is_none()));

    // Board 1: both report the same; board 2: they disagree.
    let (b1, b2) = (&round.boards[0], &round.boards[1]);
    for name in [&b1.black, &b1.white] {
        assert_eq!(club.report(name, 1, 1, [40.0, 24.0]).await.0, 200);
    }
    assert_eq!(club.report(&b2.black, 1, 2, [33.0, 31.0]).await.0, 200);
    assert_eq!(club.report(&b2.white, 1, 2, [31.0, 33.0]).await.0, 200);
    let now = club.round().await;
    assert_eq!(now.boards[0].score, Some([40.0, 24.0]));
    assert_eq!(now.boards[0].how, Some(How::Players));
    assert!(now.boards[1].disputed && now.boards[1].reported == [None, None]);
    let mine = club.me(&b2.white).await.board.unwrap();
    assert_eq!(mine.reported, [Some([33.0, 31.0]), Some([31.0, 33.0])]);
    // The organiser settles it.
    club.must(json!({"type": "result", "round": 1, "board": 2, "score": [31, 33]}))
        .await;
    let settled = club.round().await;
    assert_eq!(settled.boards[1].score, Some([31.0, 33.0]));
    assert!(!settled.boards[1].disputed);
    assert_eq!(club.summary().await.stage, Stage::BetweenRounds);
    let (status, refused) = club
        .manage(json!({"type": "at_table", "round": 1, "board": 1}))
        .await;
    assert_eq!(
        (status, refused["refusal"]["reason"].as_str()),
        (409, Some("has_result"))
    );
    server.stop().await;
}

both!(an_evening_at_the_tables);

/// An online event: a player without a phone plays at the table; the
/// board's online game no longer counts, the players report.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_of_an_online_event_moves_to_the_table() {
    let server = TestServer::start(Db::Sqlite, &LIFTED).await;
    let at = server.address();
    let names: Vec<String> = ["Ann", "Ben", "Cat", "Dan"].map(String::from).to_vec();
    let club = club(at, settings(false), &names).await;
    club.must(json!({"type": "publish"})).await;
    let round = club.round().await;
    assert!(round.boards.iter().all(|b| b.game.is_some() && !b.at_table));
    club.must(json!({"type": "at_table", "round": 1, "board": 2}))
        .await;
    let (status, refused) = club
        .manage(json!({"type": "at_table", "round": 1, "board": 2}))
        .await;
    assert_eq!(
        (status, refused["refusal"]["reason"].as_str()),
        (409, Some("at_table"))
    );
    let moved = club.round().await;
    assert!(moved.boards[1].at_table && moved.boards[1].game.is_none());
    // Its online game's start limit falls on the others only.
    server.wall.advance(61_000);
    let forfeited = club.wait_round(|r| r.boards[0].score.is_some()).await;
    assert_eq!(
        forfeited.boards[1].score, None,
        "the board at the table waits"
    );
    let b = &moved.boards[1];
    for name in [&b.black, &b.white] {
        assert_eq!(club.report(name, 1, 2, [32.0, 32.0]).await.0, 200);
    }
    assert_eq!(club.round().await.boards[1].score, Some([32.0, 32.0]));
    server.stop().await;
}
