//! A club on the server through its HTTP API only: a club with two
//! events (one created in the club and played as online games with
//! results entered by the organiser and by both players; one uploaded
//! from a saved file and attached later), whose rating list equals
//! `engine ratings --json` on the two exported files (the library function
//! and the binary), stays current after a correction, is pushed live,
//! survives a restart and is the same on a second instance. Hostile
//! requests (forged or missing club tokens, a player's token as the
//! organiser's, an event of another club) are refused and change nothing.
//! On SQLite and on PostgreSQL.

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use std::net::SocketAddr;

use mind_sports_core::online::club::RatingPage;
use mind_sports_core::online::event::Stage;
use mind_sports_core::online::setup::GameKind;
use mind_sports_server::client::Live;
use serde_json::{json, Value};
use support::events::*;
use support::*;

/// An event of four players created in club `club` (4×4 Othello, two
/// Swiss rounds): each round's top board played online, the other entered
/// by the organiser (round 1) or by both players (round 2).
async fn played_in_club(at: SocketAddr, club: &str, token: &str) -> Club {
    let settings = json!({"name": "Autumn Swiss", "game": "othello", "rules": "size=4",
        "timing": {"kind": "live", "control": "3+0"}, "format": "swiss", "rounds": 2,
        "club": club, "club_token": token});
    let names = ["Ann", "Bob", "Cid", "Dan"].map(String::from);
    let event = support::events::club(at, settings, &names).await;
    let game_setup = setup(GameKind::Othello, "size=4", live("3+0"));
    for round in 1..=2u32 {
        event.must(json!({"type": "publish"})).await;
        let view = event.round().await;
        let top = &view.boards[0];
        play(&event, &game_setup, &top.black, &top.white, None).await;
        let second = &view.boards[1];
        if round == 1 {
            event
                .must(json!({"type": "result", "round": 1, "board": 2, "score": [11, 5]}))
                .await;
        } else {
            for name in [&second.black, &second.white] {
                let (status, _) = event.report(name, 2, 2, [4.0, 12.0]).await;
                assert_eq!(status, 200);
            }
        }
        event
            .wait_round(|r| r.boards.iter().all(|b| b.score.is_some()))
            .await;
    }
    assert_eq!(event.summary().await.stage, Stage::Finished);
    event
}

/// The uploaded event (no club yet): Winter Cup, round 1 played.
async fn uploaded(at: SocketAddr) -> Club {
    let games = [("Eve", "Ann", [1.0, 0.0]), ("Bob", "Dan", [0.5, 0.5])];
    let file = nim_file("Winter Cup", games, "Cid");
    let upload = json!({"file": file, "timing": {"kind": "correspondence", "days": 3}});
    imported(at, upload).await
}

/// `engine ratings --json` on the events' exported files, in order,
/// each dated the day the test's wall starts (2027-01-15: all its rounds
/// are played in that month, one rating period): the library function's
/// answer and the binary's.
async fn engine_ratings(at: SocketAddr, events: &[&Club]) -> (Value, Value) {
    let dir = scratch_dir("ratings");
    let mut paths = Vec::new();
    for (i, event) in events.iter().enumerate() {
        let (status, export) =
            mind_sports_server::client::request(at, "GET", &event.path("/export.json"), None)
                .await
                .unwrap();
        assert_eq!(status, 200);
        let mut export: Value = serde_json::from_str(&export).unwrap();
        export["date"] = json!("2027-01-15");
        let path = dir.join(format!("event-{i}.json"));
        std::fs::write(&path, export.to_string()).unwrap();
        paths.push(path.display().to_string());
    }
    let library = mind_sports_cli::club::ratings_command(&paths, true)
        .unwrap()
        .json;
    // Compared as the server's answer and the binary's are: read from
    // JSON text (serde_json's default float reader may be one unit in the
    // last place off, the same for all three).
    let library = serde_json::from_str(&library.to_string()).unwrap();
    let mut args = vec!["ratings".to_string(), "--json".to_string()];
    args.extend(paths);
    let printed = engine_json(&args);
    let _ = std::fs::remove_dir_all(dir);
    (library, printed)
}

/// The whole rating list of club `club` as `engine ratings --json`
/// prints it: its pages (`GET …/ratings?page=N`) read and joined.
async fn whole(at: SocketAddr, club: &str) -> Value {
    let path = |page: usize| format!("/api/v1/clubs/{club}/ratings?page={page}");
    let first: RatingPage = ok(at, "GET", &path(0), None).await;
    joined(at, first).await
}

/// The list whose first page is `first`, the other pages read.
async fn joined(at: SocketAddr, first: RatingPage) -> Value {
    let mut pages = vec![first];
    while pages.len() < pages[0].pages {
        let path = format!(
            "/api/v1/clubs/{}/ratings?page={}",
            pages[0].club,
            pages.len()
        );
        pages.push(ok(at, "GET", &path, None).await);
    }
    let list = RatingPage::join(&pages).expect("pages of one version");
    serde_json::from_str(&serde_json::to_string(&list).unwrap()).unwrap()
}

/// The next rating list of a club's live stream with `events` events.
async fn pushed(at: SocketAddr, live: &mut Live, events: u64) -> Value {
    loop {
        let message: Value = serde_json::from_str(&live.next_text().await.unwrap()).unwrap();
        assert_eq!(message["type"], json!("ratings"));
        if message["events"] == json!(events) {
            return joined(at, serde_json::from_value(message).unwrap()).await;
        }
    }
}

/// The organiser's log's `club` changes of an event.
async fn club_changes(event: &Club) -> Vec<Value> {
    let body = json!({ "token": event.organiser });
    let log: Value = ok(event.at, "POST", &event.path("/log"), Some(body)).await;
    log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["change"]["type"] == json!("club"))
        .cloned()
        .collect()
}

async fn a_club_rates_its_two_events(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let (id, token) = new_club(at, "Brno Othello Club").await;
    let club_path = format!("/api/v1/clubs/{id}");
    let empty = whole(at, &id).await;
    assert_eq!(empty, json!({"events": 0, "periods": 0, "players": []}));

    let first = played_in_club(at, &id, &token).await;
    let summary = first.summary().await;
    assert_eq!(summary.club.as_deref(), Some(id.as_str()));
    // The event page names its club by the club's name, not its id.
    assert_eq!(summary.club_name.as_deref(), Some("Brno Othello Club"));
    let mut live = Live::open(at, &format!("{club_path}/live"), None)
        .await
        .unwrap();
    pushed(at, &mut live, 1).await;
    server.wall.advance(1_000);
    let second = uploaded(at).await;
    let attach = json!({"token": token, "event": second.id, "organiser": second.organiser});
    let shown: Value = ok(at, "POST", &format!("{club_path}/events"), Some(attach)).await;
    let listed: Vec<&str> = shown["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        listed,
        [first.id.as_str(), second.id.as_str()],
        "oldest first"
    );
    assert_eq!(shown["name"], json!("Brno Othello Club"));
    assert_eq!(shown["events"][0]["stage"], json!("finished"));
    assert_eq!(shown["events"][1]["game"], json!("nim"));
    pushed(at, &mut live, 2).await;
    // Both joins are in the events' logs, made by the organiser.
    for event in [&first, &second] {
        let changes = club_changes(event).await;
        assert_eq!(changes.len(), 1, "{changes:?}");
        assert_eq!(changes[0]["who"], json!("organiser"));
        assert_eq!(changes[0]["change"]["club"], json!(id));
        assert_eq!(changes[0]["change"]["name"], json!("Brno Othello Club"));
    }

    // Round 2 of the upload, entered by the organiser: counted at once.
    second.must(json!({"type": "publish"})).await;
    for b in &second.round().await.boards {
        let result = json!({"type": "result", "round": 2, "board": b.board, "score": [0, 1]});
        second.must(result).await;
    }
    let ratings = whole(at, &id).await;
    let (library, binary) = engine_ratings(at, &[&first, &second]).await;
    assert_eq!(ratings, library, "the server's list is engine ratings'");
    assert_eq!(library, binary);
    assert_eq!(ratings["events"], json!(2));
    assert_eq!(ratings["periods"], json!(1), "one month");
    assert_eq!(ratings["players"].as_array().unwrap().len(), 5);
    let live_list = loop {
        let list = pushed(at, &mut live, 2).await;
        if list == ratings {
            break list;
        }
    };

    // A correction changes the list at once, live too.
    second
        .must(json!({"type": "correct", "round": 1, "board": 1, "score": [0, 1]}))
        .await;
    let corrected = whole(at, &id).await;
    assert_ne!(corrected, live_list);
    assert_eq!(corrected, engine_ratings(at, &[&first, &second]).await.0);
    assert_eq!(pushed(at, &mut live, 2).await, corrected);
    live.close().await;

    // A restart keeps the club; another instance sees it.
    let url = server.database_url();
    let shown: Value = ok(at, "GET", &club_path, None).await;
    let dir = server.dir.clone();
    let mut server = server;
    server.running.take().unwrap().stop().await.unwrap();
    let again = TestServer::start(Db::Sqlite, &[&["--database", &url][..], &LIFTED].concat()).await;
    let at = again.address();
    assert_eq!(ok::<Value>(at, "GET", &club_path, None).await, shown);
    assert_eq!(whole(at, &id).await, corrected);
    if matches!(db, Db::Postgres) {
        let other =
            TestServer::start(Db::Sqlite, &[&["--database", &url][..], &LIFTED].concat()).await;
        let there = other.address();
        assert_eq!(ok::<Value>(there, "GET", &club_path, None).await, shown);
        // A change made on one instance is in the list on the other.
        let mut second = second;
        second.at = at;
        second.must(json!({"type": "undo"})).await;
        let undone = whole(at, &id).await;
        assert_eq!(undone, live_list);
        wait_for(there, &id, &undone).await;
        other.stop().await;
    }
    again.stop().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// Waits until club `club`'s list is `expected` (another instance
/// catches up).
async fn wait_for(at: SocketAddr, club: &str, expected: &Value) {
    for _ in 0..100 {
        if whole(at, club).await == *expected {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("club {club}'s list did not become {expected}");
}

both!(a_club_rates_its_two_events);

/// What a club and an event look like from outside: to see that a
/// refused request changed nothing.
async fn snapshot(at: SocketAddr, club: &str, event: &Club) -> (Value, Value, Value) {
    let shown = ok(at, "GET", &format!("/api/v1/clubs/{club}"), None).await;
    let summary = ok(at, "GET", &event.path(""), None).await;
    let body = json!({ "token": event.organiser });
    let log = ok(at, "POST", &event.path("/log"), Some(body)).await;
    (shown, summary, log)
}

async fn hostile_requests_are_refused_and_change_nothing(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let (id, token) = new_club(at, "Ours").await;
    let (other, other_token) = new_club(at, "Theirs").await;
    let names = ["Ann", "Bob"].map(String::from);
    let settings = |club: Value, token: Value| {
        json!({"name": "Cup", "game": "nim", "rounds": 1, "club": club, "club_token": token,
            "timing": {"kind": "correspondence", "days": 1}})
    };
    // Creating in a club needs its token; an unknown club is refused.
    for (club, club_token, status, error) in [
        (json!(id), json!("0".repeat(40)), 403, "wrong_token"),
        (json!(id), Value::Null, 403, "wrong_token"),
        (json!(id), json!(other_token), 403, "wrong_token"),
        (json!("zzzzzzzzzzzz"), json!(token), 400, "setup"),
        (Value::Null, json!(token), 400, "setup"),
    ] {
        let (got, answer) = call(
            at,
            "POST",
            "/api/v1/events",
            Some(settings(club, club_token)),
        )
        .await;
        assert_eq!(
            (got, answer["error"].as_str()),
            (status, Some(error)),
            "{answer}"
        );
    }
    let shown: Value = ok(at, "GET", &format!("/api/v1/clubs/{id}"), None).await;
    assert_eq!(shown["events"], json!([]), "no event was created");

    let theirs =
        support::events::club(at, settings(json!(other), json!(other_token)), &names).await;
    let ours = support::events::club(at, settings(Value::Null, Value::Null), &names).await;
    let attach = |club: &str, token: &str, event: &str, organiser: &str| {
        let body = json!({"token": token, "event": event, "organiser": organiser});
        let path = format!("/api/v1/clubs/{club}/events");
        async move { call(at, "POST", &path, Some(body)).await }
    };
    let before = snapshot(at, &id, &ours).await;
    let player = ours.token("Ann").to_string();
    let forged = "0".repeat(40);
    for ((status, answer), expected) in [
        (
            attach(&id, &forged, &ours.id, &ours.organiser).await,
            "wrong_token",
        ),
        (
            attach(&id, &other_token, &ours.id, &ours.organiser).await,
            "wrong_token",
        ),
        (
            attach(&id, &token, &ours.id, &player).await,
            "wrong_organiser",
        ),
        (
            attach(&id, &token, &ours.id, &forged).await,
            "wrong_organiser",
        ),
        (
            attach(&id, &token, &ours.id, &theirs.organiser).await,
            "wrong_organiser",
        ),
        (
            attach(&id, &token, "zzzzzzzzzzzz", &ours.organiser).await,
            "no_such_event",
        ),
        (
            attach("zzzzzzzzzzzz", &token, &ours.id, &ours.organiser).await,
            "not_found",
        ),
    ] {
        assert_eq!(
            answer["error"].as_str(),
            Some(expected),
            "{status} {answer}"
        );
        assert!([403, 404].contains(&status), "{status} {answer}");
        assert_eq!(snapshot(at, &id, &ours).await, before, "nothing changed");
    }
    // An event of another club stays there.
    let theirs_before = snapshot(at, &other, &theirs).await;
    let (status, answer) = attach(&id, &token, &theirs.id, &theirs.organiser).await;
    assert_eq!(
        (status, answer["refusal"]["reason"].as_str()),
        (409, Some("other_club"))
    );
    assert_eq!(snapshot(at, &other, &theirs).await, theirs_before);
    assert_eq!(snapshot(at, &id, &ours).await, before);
    // Attached once; asked again, nothing is logged twice.
    for _ in 0..2 {
        let (status, _) = attach(&id, &token, &ours.id, &ours.organiser).await;
        assert_eq!(status, 200);
    }
    assert_eq!(club_changes(&ours).await.len(), 1);
    // Names with markup, empty names, unknown clubs, bad bodies.
    for (body, status) in [
        (json!({"name": "<b>Club</b>"}), 400),
        (json!({"name": " \u{200b} "}), 400),
        (json!({"name": "x".repeat(101)}), 400),
        (json!({"name": "A", "token": "x"}), 400),
    ] {
        let (got, answer) = call(at, "POST", "/api/v1/clubs", Some(body)).await;
        assert_eq!(got, status, "{answer}");
    }
    for path in ["/api/v1/clubs/zzzzzzzzzzzz", "/api/v1/clubs/ABC%2F..%2Fx"] {
        let (status, _) = call(at, "GET", path, None).await;
        assert_eq!(status, 404, "{path}");
    }
    let (status, _) = call(at, "GET", "/api/v1/clubs/zzzzzzzzzzzz/ratings", None).await;
    assert_eq!(status, 404);
    server.stop().await;
}

both!(hostile_requests_are_refused_and_change_nothing);
