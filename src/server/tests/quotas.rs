//! What one client may make: clubs and events (created or uploaded) per
//! address a day and in total, each refusal the `limit` it reached; other
//! addresses go on until the total is reached. On SQLite and PostgreSQL.

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use std::net::{IpAddr, SocketAddr};

use mind_sports_server::client;
use serde_json::{json, Value};
use support::events::*;
use support::*;

async fn post_from(at: SocketAddr, from: [u8; 4], path: &str, body: Value) -> (u16, Value) {
    let source = Some(IpAddr::from(from));
    let (status, text) = client::request_from(at, source, "POST", path, Some(body.to_string()))
        .await
        .unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// The limit a refusal names.
fn limit_of(answer: &Value) -> &str {
    assert_eq!(answer["error"], "limit", "{answer}");
    answer["what"]
        .as_str()
        .unwrap_or_else(|| panic!("no limit in {answer}"))
}

async fn clubs_and_events_have_quotas(db: Db) {
    let server = TestServer::start(
        db,
        &[
            "--max-clubs-per-address-per-day",
            "2",
            "--max-clubs",
            "3",
            "--max-events-per-address-per-day",
            "2",
            "--max-events",
            "3",
        ],
    )
    .await;
    let at = server.address();
    let club = |n: u32| json!({ "name": format!("Club {n}") });
    for n in 0..2 {
        let (status, answer) = post_from(at, [127, 0, 0, 1], "/api/v1/clubs", club(n)).await;
        assert_eq!(status, 201, "{answer}");
    }
    let (status, answer) = post_from(at, [127, 0, 0, 1], "/api/v1/clubs", club(2)).await;
    assert_eq!(status, 429, "{answer}");
    assert_eq!(limit_of(&answer), "clubs_per_address_per_day");
    let (status, answer) = post_from(at, [127, 0, 0, 2], "/api/v1/clubs", club(3)).await;
    assert_eq!(status, 201, "another address: {answer}");
    let (status, answer) = post_from(at, [127, 0, 0, 3], "/api/v1/clubs", club(4)).await;
    assert_eq!(status, 429, "{answer}");
    assert_eq!(limit_of(&answer), "clubs_in_total");

    let event = json!({"name": "Spring", "game": "nim", "rules": "",
        "timing": {"kind": "live", "control": "3+0"}, "format": "swiss", "rounds": 2});
    for _ in 0..2 {
        let (status, answer) = post_from(at, [127, 0, 0, 1], "/api/v1/events", event.clone()).await;
        assert_eq!(status, 201, "{answer}");
    }
    // An upload counts as an event.
    let file = nim_file(
        "Winter Cup",
        [("Eve", "Ann", [1.0, 0.0]), ("Bob", "Dan", [0.5, 0.5])],
        "Cid",
    );
    let upload = json!({"file": file, "timing": {"kind": "correspondence", "days": 3}});
    let (status, answer) =
        post_from(at, [127, 0, 0, 1], "/api/v1/events/import", upload.clone()).await;
    assert_eq!(status, 429, "{answer}");
    assert_eq!(limit_of(&answer), "events_per_address_per_day");
    let (status, answer) =
        post_from(at, [127, 0, 0, 2], "/api/v1/events/import", upload.clone()).await;
    assert_eq!(status, 201, "another address: {answer}");
    let (status, answer) = post_from(at, [127, 0, 0, 3], "/api/v1/events", event).await;
    assert_eq!(status, 429, "{answer}");
    assert_eq!(limit_of(&answer), "events_in_total");
    server.stop().await;
}

both!(clubs_and_events_have_quotas);
