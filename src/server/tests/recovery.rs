//! A way back (issue 37): the club's token manages every event of the
//! club (an officer who lost the organiser's link continues from the
//! club's) and no other; the organiser reissues a player's private link
//! (the new token holds the player's place and seat, the old one is
//! refused); a late entry's token is kept as the others' (read again
//! from the database once the event has left memory).

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use std::time::Duration;

use mind_sports_server::client::Live;
use serde_json::{json, Value};
use support::events::*;
use support::*;

/// Settings of a Nim event at the tables, in `club` (id, token) if given.
fn settings(club: Option<(&str, &str)>) -> Value {
    let mut settings = json!({"name": "Club night", "game": "nim", "rounds": 2,
        "timing": {"kind": "live", "control": "5+3"}, "at_tables": true});
    if let Some((id, token)) = club {
        settings["club"] = json!(id);
        settings["club_token"] = json!(token);
    }
    settings
}

/// `action` on `event` with `token`: the status and the refusal's error.
async fn manage_with(event: &Club, token: &str, action: Value) -> (u16, Value) {
    let body = json!({ "token": token, "action": action });
    let (status, answer) = call(event.at, "POST", &event.path("/manage"), Some(body)).await;
    (status, answer["error"].clone())
}

/// The event leaves memory (quiet for longer than its idle time): the next
/// request reads it from the database.
async fn forget(server: &TestServer) {
    server.wall.advance(120_000);
    tokio::time::sleep(Duration::from_millis(1_500)).await;
}

async fn a_club_token_manages_the_clubs_events_only(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let (ours, our_token) = new_club(at, "Othello Brno").await;
    let (theirs, their_token) = new_club(at, "Othello Praha").await;
    let names: Vec<String> = ["Ann", "Ben", "Cat", "Dan"].map(String::from).to_vec();
    let mine = club(at, settings(Some((&ours, &our_token))), &names).await;
    let other = club(at, settings(Some((&theirs, &their_token))), &names).await;
    let outside = club(at, settings(None), &names).await;

    // The officer continues with the club's token: publish, a result, the log.
    let (status, _) = manage_with(&mine, &our_token, json!({"type": "publish"})).await;
    assert_eq!(status, 200);
    let result = json!({"type": "result", "round": 1, "board": 1, "score": [1, 0]});
    assert_eq!(manage_with(&mine, &our_token, result).await.0, 200);
    let body = json!({ "token": our_token });
    let log: Value = ok(at, "POST", &mine.path("/log"), Some(body)).await;
    assert!(log["entries"].as_array().unwrap().len() >= 4, "{log}");
    assert_eq!(mine.round().await.boards[0].score, Some([1.0, 0.0]));

    // Not another club's event, nor an event of no club.
    for (event, token) in [
        (&other, &our_token),
        (&outside, &our_token),
        (&mine, &their_token),
    ] {
        let (status, error) = manage_with(event, token, json!({"type": "publish"})).await;
        assert_eq!((status, error), (403, json!("wrong_token")));
        let body = json!({ "token": token });
        let (status, _) = call(at, "POST", &event.path("/log"), Some(body)).await;
        assert_eq!(status, 403);
    }
    assert_eq!(other.summary().await.round, 0, "nothing was published");

    // An event that joins the club later is managed by its token too.
    let attach = json!({"token": our_token, "event": outside.id, "organiser": outside.organiser});
    let _: Value = ok(
        at,
        "POST",
        &format!("/api/v1/clubs/{ours}/events"),
        Some(attach),
    )
    .await;
    let (status, _) = manage_with(&outside, &our_token, json!({"type": "publish"})).await;
    assert_eq!(status, 200);
    // Read again from the database, it still is.
    forget(&server).await;
    let add = json!({"type": "add", "name": "Eve"});
    assert_eq!(manage_with(&mine, &our_token, add).await.0, 200);
    server.stop().await;
}

both!(a_club_token_manages_the_clubs_events_only);

async fn a_reissued_link_replaces_the_old(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let names: Vec<String> = ["Ann", "Ben", "Cat", "Dan"].map(String::from).to_vec();
    let event = club(at, settings(None), &names).await;
    event.must(json!({"type": "publish"})).await;
    let old = event.token("Ann").to_string();
    let answer = event.must(json!({"type": "reissue", "name": "Ann"})).await;
    let new = answer["token"].as_str().unwrap().to_string();
    assert_ne!(new, old);

    let me = |token: &str| json!({ "token": token });
    let (status, error) = call(at, "POST", &event.path("/me"), Some(me(&old))).await;
    assert_eq!((status, &error["error"]), (403, &json!("wrong_token")));
    let mine: Value = ok(at, "POST", &event.path("/me"), Some(me(&new))).await;
    assert_eq!(mine["name"], json!("Ann"));
    // The new token reports for Ann's board; the old one cannot.
    let board = mine["board"]["board"].as_u64().unwrap();
    let report = |token: &str| json!({"token": token, "round": 1, "board": board, "score": [1, 0]});
    let (status, _) = call(at, "POST", &event.path("/report"), Some(report(&old))).await;
    assert_eq!(status, 403);
    let (status, _) = call(at, "POST", &event.path("/report"), Some(report(&new))).await;
    assert_eq!(status, 200);

    // Logged; an unknown player is refused with a reason.
    let log: Value = ok(at, "POST", &event.path("/log"), Some(me(&event.organiser))).await;
    let reissued = log["entries"].as_array().unwrap().iter().any(|entry| {
        entry["change"] == json!({"type": "reissued", "name": "Ann"})
            && entry["who"] == json!("organiser")
    });
    assert!(reissued, "{log}");
    let (status, refused) = event
        .manage(json!({"type": "reissue", "name": "Zoe"}))
        .await;
    assert_eq!(
        (status, refused["refusal"]["reason"].as_str()),
        (409, Some("unknown_player"))
    );
    // Players cannot reissue.
    let (status, _) = manage_with(&event, &new, json!({"type": "reissue", "name": "Ben"})).await;
    assert_eq!(status, 403);

    // Read again from the database: the same.
    forget(&server).await;
    let (status, _) = call(at, "POST", &event.path("/me"), Some(me(&old))).await;
    assert_eq!(status, 403);
    let mine: Value = ok(at, "POST", &event.path("/me"), Some(me(&new))).await;
    assert_eq!(mine["name"], json!("Ann"));
    server.stop().await;
}

both!(a_reissued_link_replaces_the_old);

/// An online event: the new token holds the player's seat in the game
/// being played, the old one only watches.
async fn a_reissued_link_takes_the_seat(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let online = json!({"name": "Online night", "game": "othello", "rules": "size=4",
        "timing": {"kind": "live", "control": "3+0"}, "rounds": 2, "start_limit_s": 600});
    let names: Vec<String> = ["Ann", "Ben", "Cat", "Dan"].map(String::from).to_vec();
    let event = club(at, online, &names).await;
    event.must(json!({"type": "publish"})).await;
    let mine = event.me("Ann").await;
    let (game, seat) = (mine.board.unwrap().game.unwrap(), mine.seat);
    // The game is in memory, held by the old token.
    let (live, got, _) = Live::game(at, &game, Some(event.token("Ann")))
        .await
        .unwrap();
    assert_eq!(got, seat);
    live.close().await;
    let answer = event.must(json!({"type": "reissue", "name": "Ann"})).await;
    let new = answer["token"].as_str().unwrap();
    let (live, got, _) = Live::game(at, &game, Some(new)).await.unwrap();
    assert_eq!(got, seat, "the new token holds the seat");
    live.close().await;
    let old = Live::game(at, &game, Some(event.token("Ann"))).await;
    assert!(
        !matches!(old, Ok((_, Some(_), _))),
        "the old token holds no seat"
    );
    server.stop().await;
}

both!(a_reissued_link_takes_the_seat);

async fn a_late_entrys_token_is_kept(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let names: Vec<String> = ["Ann", "Ben", "Cat", "Dan"].map(String::from).to_vec();
    let event = club(at, settings(None), &names).await;
    event.must(json!({"type": "publish"})).await;
    let added = event.must(json!({"type": "add", "name": "Eve"})).await;
    let token = added["token"].as_str().unwrap().to_string();
    forget(&server).await;
    let body = json!({ "token": token });
    let mine: Value = ok(at, "POST", &event.path("/me"), Some(body)).await;
    assert_eq!(mine["name"], json!("Eve"));
    server.stop().await;
}

both!(a_late_entrys_token_is_kept);
