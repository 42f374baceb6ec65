//! Hostile requests to a club event: forged organiser and player tokens,
//! a player's token used as the organiser's, results entered for another
//! board, another player's seat, a 10 000-player upload, an upload over
//! the limit, names with markup, malformed bodies. Each is refused with a
//! typed error and the event is untouched (its change count, players and
//! round are as before). A closed registration takes nobody more.

#![cfg(not(target_arch = "wasm32"))]

mod support;

use mind_sports_core::online::event::RoundView;
use mind_sports_core::online::protocol::ApiError;
use mind_sports_server::client::{CallError, Live};
use serde_json::{json, Value};
use support::events::*;
use support::*;

fn settings() -> Value {
    json!({"name": "Open", "game": "nim", "timing": {"kind": "live", "control": "5+0"},
        "rounds": 3})
}

/// Refused uploads: a 10 000-player file, one over the size limit,
/// markup in a name, a broken file.
async fn bad_uploads(at: std::net::SocketAddr) {
    let players: Vec<String> = (0..10_000)
        .map(|i| format!(r#"{{"name":"P{i}"}}"#))
        .collect();
    let file = format!(
        r#"{{"game":"nim","rounds":5,"players":[{}],"games":[]}}"#,
        players.join(",")
    );
    let upload = |file: String| json!({"file": file, "timing": {"kind": "live", "control": "5+0"}});
    let (status, error) = call(at, "POST", "/api/v1/events/import", Some(upload(file))).await;
    assert_eq!(status, 400, "{error}");
    assert_eq!(
        (error["error"].as_str(), error["problem"].as_str()),
        (Some("file"), Some("too_many_players"))
    );
    assert!(
        error["detail"].as_str().unwrap().contains("1000"),
        "{error}"
    );
    let huge = "x".repeat(300 * 1024);
    let (status, error) = call(at, "POST", "/api/v1/events/import", Some(upload(huge))).await;
    assert_eq!((status, error["error"].as_str()), (413, Some("too_large")));
    let markup = r#"{"game":"nim","rounds":2,"players":[{"name":"<img src=x onerror=alert(1)>"},{"name":"B"}],"games":[]}"#;
    let (status, error) = call(
        at,
        "POST",
        "/api/v1/events/import",
        Some(upload(markup.into())),
    )
    .await;
    assert_eq!(
        (status, error["error"].as_str(), error["problem"].as_str()),
        (400, Some("name"), Some("markup"))
    );
    let broken = "tournament,nim,swiss\r\nplayer,\"A";
    let (status, error) = call(
        at,
        "POST",
        "/api/v1/events/import",
        Some(upload(broken.into())),
    )
    .await;
    assert_eq!(
        (status, error["error"].as_str()),
        (400, Some("file")),
        "{error}"
    );
    // An event's name with markup, in the settings or in the file.
    let mut named = settings();
    named["name"] = json!("<b>Cup</b>");
    let (status, error) = call(at, "POST", "/api/v1/events", Some(named)).await;
    assert_eq!(
        (status, error["error"].as_str(), error["problem"].as_str()),
        (400, Some("name"), Some("markup"))
    );
    let file = r#"{"name":"<i>Night</i>","game":"nim","rounds":2,"players":[{"name":"A"},{"name":"B"}],"games":[]}"#;
    let (status, error) = call(
        at,
        "POST",
        "/api/v1/events/import",
        Some(upload(file.into())),
    )
    .await;
    assert_eq!(
        (status, error["error"].as_str(), error["problem"].as_str()),
        (400, Some("name"), Some("markup"))
    );
    let (status, error) = call(at, "POST", "/api/v1/events", Some(json!({"name": 1}))).await;
    assert_eq!((status, error["error"].as_str()), (400, Some("malformed")));
    let mut extra = settings();
    extra["admin"] = json!(true);
    let (status, _) = call(at, "POST", "/api/v1/events", Some(extra)).await;
    assert_eq!(status, 400, "unknown fields are refused");
    bad_labels(at).await;
}

/// Event names with nothing visible, too long or with a NUL are refused as
/// names (not as files); markup in a file's place or a player's club.
async fn bad_labels(at: std::net::SocketAddr) {
    let long = "x".repeat(101);
    for (name, problem) in [
        ("", "empty"),
        ("   ", "empty"),
        ("\u{200b}\u{200b}", "empty"),
        ("\u{2800}\u{2800}", "empty"),
        ("a\u{0}b", "control"),
        (long.as_str(), "too_long"),
    ] {
        let mut named = settings();
        named["name"] = json!(name);
        let (status, error) = call(at, "POST", "/api/v1/events", Some(named)).await;
        assert_eq!(
            (status, error["error"].as_str(), error["problem"].as_str()),
            (400, Some("name"), Some(problem)),
            "{name:?}: {error}"
        );
    }
    for file in [
        r#"{"place":"<script>x</script>","game":"nim","rounds":2,"players":[{"name":"A"},{"name":"B"}],"games":[]}"#,
        r#"{"game":"nim","rounds":2,"players":[{"name":"A","club":"<b>C</b>"},{"name":"B"}],"games":[]}"#,
    ] {
        let upload = json!({"file": file, "timing": {"kind": "live", "control": "5+0"}});
        let (status, error) = call(at, "POST", "/api/v1/events/import", Some(upload)).await;
        assert_eq!(
            (status, error["error"].as_str(), error["problem"].as_str()),
            (400, Some("name"), Some("markup")),
            "{file}: {error}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_requests_are_refused_and_the_event_is_intact() {
    let server = TestServer::start(Db::Sqlite, &LIFTED).await;
    let at = server.address();
    bad_uploads(at).await;
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dan"].map(String::from).to_vec();
    let club = club(at, settings(), &names).await;
    club.must(json!({"type": "publish"})).await;
    assert!(
        !club.summary().await.registration,
        "closed when play starts"
    );
    unknown_fields_are_refused(&club).await;
    // A Swiss may take late entries: the organiser opens registration again.
    club.must(json!({"type": "registration", "open": true}))
        .await;
    let before = club.summary().await;
    let round = club.round().await;
    let players_before: Value = ok(at, "GET", &club.path("/players"), None).await;

    bad_names_are_refused(&club).await;
    forged_organiser_tokens_are_refused(&club).await;
    players_keep_to_their_own_boards(&club, &round).await;
    // Ids that are not events.
    for id in ["..%2F..%2Fetc", "zzzzzzzzzzzz", "x"] {
        let (status, _) = call(at, "GET", &format!("/api/v1/events/{id}"), None).await;
        assert_eq!(status, 404, "{id}");
    }

    assert_eq!(club.summary().await, before, "the event is untouched");

    assert_eq!(club.round().await, round);
    let players_after: Value = ok(at, "GET", &club.path("/players"), None).await;
    assert_eq!(players_before, players_after);

    a_closed_registration_takes_nobody_more(&club).await;
    server.stop().await;
}

/// A request with a field it does not know is refused, publish and undo
/// too.
async fn unknown_fields_are_refused(club: &Club) {
    for action in [
        json!({"type": "publish", "x": 1}),
        json!({"type": "undo", "round": 1}),
    ] {
        let (status, error) = club.manage(action).await;
        assert_eq!(
            (status, error["error"].as_str()),
            (400, Some("malformed")),
            "{error}"
        );
    }
}

/// Markup and duplicates in registration.
async fn bad_names_are_refused(club: &Club) {
    let at = club.at;
    for (name, problem) in [
        ("<script>x</script>", "markup"),
        ("a\u{202e}b", "control"),
        ("", "empty"),
    ] {
        let (status, error) = call(
            at,
            "POST",
            &club.path("/register"),
            Some(json!({"name": name})),
        )
        .await;
        assert_eq!(
            (status, error["problem"].as_str()),
            (400, Some(problem)),
            "{name:?}"
        );
    }
    let (status, error) = call(
        at,
        "POST",
        &club.path("/register"),
        Some(json!({"name": " Ann "})),
    )
    .await;
    assert_eq!(
        (status, error["refusal"]["reason"].as_str()),
        (409, Some("name_taken"))
    );
}

/// Forged organiser tokens, and a player's token as the organiser's.
async fn forged_organiser_tokens_are_refused(club: &Club) {
    let at = club.at;
    for token in ["0".repeat(40), club.token("Ann").to_string(), String::new()] {
        let body = json!({"token": token, "action": {"type": "withdraw", "name": "Bob"}});
        let (status, error) = call(at, "POST", &club.path("/manage"), Some(body)).await;
        assert_eq!(
            (status, error["error"].as_str()),
            (403, Some("wrong_token"))
        );
        let (status, _) = call(
            at,
            "POST",
            &club.path("/log"),
            Some(json!({"token": token})),
        )
        .await;
        assert_eq!(status, 403);
    }
}

/// A player enters a result for a board not theirs, or takes the seat of
/// another game; a forged player token.
async fn players_keep_to_their_own_boards(club: &Club, round: &RoundView) {
    let at = club.at;
    let theirs = round
        .boards
        .iter()
        .find(|b| b.black != "Ann" && b.white != "Ann")
        .unwrap();
    let (status, error) = club
        .report("Ann", round.round, theirs.board, [1.0, 0.0])
        .await;
    assert_eq!(
        (status, error["refusal"]["reason"].as_str()),
        (409, Some("not_your_board"))
    );
    let forged = json!({"token": "f".repeat(40), "round": 1, "board": 1, "score": [1, 0]});
    let (status, _) = call(at, "POST", &club.path("/report"), Some(forged)).await;
    assert_eq!(status, 403);
    let (status, _) = call(
        at,
        "POST",
        &club.path("/me"),
        Some(json!({"token": "f".repeat(40)})),
    )
    .await;
    assert_eq!(status, 403);
    // A player's token does not hold a seat of another game.
    let game = theirs.game.clone().unwrap();
    let refused = Live::game(at, &game, Some(club.token("Ann"))).await.err();
    assert_eq!(refused, Some(CallError::Api(0, ApiError::WrongToken)));
}

/// The organiser closes registration: the public link takes nobody more,
/// the organiser still adds.
async fn a_closed_registration_takes_nobody_more(club: &Club) {
    club.must(json!({"type": "registration", "open": false}))
        .await;
    let (status, error) = call(
        club.at,
        "POST",
        &club.path("/register"),
        Some(json!({"name": "Eve"})),
    )
    .await;
    assert_eq!(
        (status, error["refusal"]["reason"].as_str()),
        (409, Some("registration_closed"))
    );
    assert!(!club.summary().await.registration);
    club.must(json!({"type": "add", "name": "Eve"})).await;
    assert_eq!(club.summary().await.players, 5);
}
