//! Big answers (issue 36): a club of 40 players with long Cyrillic names
//! over 8 imported events of 7 rounds — a rating list over 256 KiB — is
//! served in pages of at most 64 KiB, each with an `ETag` answered `304`
//! when the client has it, computed again only when an event changed, and
//! pushed live as its first page; the pages join into the library's list.
//! The largest event (1000 players with 32-letter names of four bytes a
//! letter) reaches its live stream whole, in parts of 32 KiB. On SQLite
//! and on PostgreSQL.

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use std::net::SocketAddr;

use mind_sports_core::club::ratings::rate;
use mind_sports_core::club::tournament::{Entry, Format, Player, Tournament};
use mind_sports_core::online::club::RatingPage;
use mind_sports_core::online::protocol::parts::PART_BYTES;
use mind_sports_server::client::{self, Live};
use serde_json::{json, Value};
use support::events::*;
use support::*;

/// The 256 KiB a live frame could carry before.
const CLIFF: usize = 256 * 1024;

/// A name as long as names go (32 characters) in an alphabet of two
/// bytes a letter.
fn cyrillic(n: usize) -> String {
    format!("Александра Константинопольская{n:02}")
}

/// A take-away event of `players` planning `planned` rounds, the first
/// `rounds` played, paired by the circle method (nobody meets twice),
/// results by a fixed rule.
fn event_file(
    name: &str,
    players: &[String],
    planned: u32,
    rounds: u32,
    salt: usize,
) -> Tournament {
    let mut t = Tournament::new("nim", Format::Swiss, 8, planned);
    t.name = Some(name.into());
    t.players = players.iter().map(|p| Player::named(p.clone())).collect();
    let n = players.len();
    let mut circle: Vec<usize> = (0..n).collect();
    for round in 1..=rounds {
        for i in 0..n / 2 {
            let (a, b) = (circle[i], circle[n - 1 - i]);
            let score = match (a * 7 + b * 3 + salt + round as usize) % 5 {
                0 => [0.5, 0.5],
                1 | 2 => [1.0, 0.0],
                _ => [0.0, 1.0],
            };
            t.games.push(Entry::Game {
                round,
                black: players[a].clone(),
                white: players[b].clone(),
                score,
            });
        }
        circle[1..].rotate_right(1);
    }
    t
}

/// A page of the club's list: status, `ETag` and body, asked with
/// `If-None-Match: known` if given.
async fn page(at: SocketAddr, club: &str, n: usize, known: Option<&str>) -> client::Answer {
    let path = format!("/api/v1/clubs/{club}/ratings?page={n}");
    let headers: Vec<(&str, &str)> = known.map(|k| ("if-none-match", k)).into_iter().collect();
    client::exchange(at, None, "GET", &path, &headers, None)
        .await
        .unwrap()
}

fn etag(answer: &client::Answer) -> String {
    answer.headers["etag"].to_str().unwrap().to_string()
}

/// The whole list, its pages read and joined; and their `ETag`s.
async fn whole(at: SocketAddr, club: &str) -> (Value, Vec<String>) {
    let mut pages: Vec<RatingPage> = Vec::new();
    let mut tags = Vec::new();
    loop {
        let answer = page(at, club, pages.len(), None).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert!(
            answer.body.len() <= 65 * 1024,
            "a page of {} bytes",
            answer.body.len()
        );
        tags.push(etag(&answer));
        pages.push(serde_json::from_str(&answer.body).unwrap());
        if pages.len() == pages[0].pages {
            break;
        }
    }
    let list = RatingPage::join(&pages).expect("pages of one version");
    (
        serde_json::from_str(&serde_json::to_string(&list).unwrap()).unwrap(),
        tags,
    )
}

async fn a_big_club_is_served_in_pages(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let created: Value = ok(
        at,
        "POST",
        "/api/v1/clubs",
        Some(json!({"name": "Big Club"})),
    )
    .await;
    let (id, token) = (
        created["club"].as_str().unwrap(),
        created["token"].as_str().unwrap(),
    );
    let players: Vec<String> = (0..40).map(cyrillic).collect();
    let mut files = Vec::new();
    let mut events = Vec::new();
    for e in 0..8 {
        let file = event_file(&format!("Вечер {e}"), &players, 7, 7, e);
        let upload = json!({"file": file.to_compact_text(), "club": id, "club_token": token,
            "timing": {"kind": "correspondence", "days": 3}});
        events.push(imported(at, upload).await);
        files.push(file);
        server.wall.advance(1000);
    }
    let (list, tags) = whole(at, id).await;
    // Imported in one month (the wall starts on 2027-01-15): one rating
    // period, as the files dated that day are.
    for file in &mut files {
        file.date = Some(mind_sports_core::club::date::Date::parse("2027-01-15").unwrap());
    }
    let expected: Value =
        serde_json::from_str(&serde_json::to_string(&rate(&files)).unwrap()).unwrap();
    assert_eq!(list, expected, "the pages join into the library's list");
    assert!(
        list.to_string().len() > CLIFF,
        "{} bytes",
        list.to_string().len()
    );
    assert!(tags.len() >= 4, "{} pages", tags.len());

    // Computed once: read again, the same version; the client that has a
    // page is told so.
    let (_, again) = whole(at, id).await;
    assert_eq!(again, tags);
    let known = page(at, id, 2, Some(&tags[2])).await;
    assert_eq!((known.status, known.body.as_str()), (304, ""));
    assert_eq!(etag(&known), tags[2]);
    let (missing, _) = call(
        at,
        "GET",
        &format!("/api/v1/clubs/{id}/ratings?page={}", tags.len()),
        None,
    )
    .await;
    assert_eq!(missing, 404);

    // Live: the first page, then the first page of each new version.
    let mut live = Live::open(at, &format!("/api/v1/clubs/{id}/live"), None)
        .await
        .unwrap();
    let first: Value = serde_json::from_str(&live.next_text().await.unwrap()).unwrap();
    assert_eq!(first["type"], json!("ratings"));
    assert_eq!(first["total"], json!(40));
    assert_eq!(first["pages"], json!(tags.len()));
    let version = first["version"].as_str().unwrap().to_string();
    events[3]
        .must(json!({"type": "correct", "round": 1, "board": 1, "score": [0.5, 0.5]}))
        .await;
    let pushed: Value = serde_json::from_str(&live.next_text().await.unwrap()).unwrap();
    assert_ne!(pushed["version"].as_str().unwrap(), version);
    let stale = page(at, id, 2, Some(&tags[2])).await;
    assert_eq!(stale.status, 200, "a new version is sent in full");
    let (corrected, new_tags) = whole(at, id).await;
    assert_ne!(corrected, list);
    assert!(new_tags.iter().all(|t| !tags.contains(t)));
    live.close().await;
    server.stop().await;
}

both!(a_big_club_is_served_in_pages);

async fn a_big_event_reaches_its_live_stream(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    // The largest event there is: 1000 players (the most an event takes),
    // each name as long as names go (32 characters) in a script of four
    // bytes a letter (CJK Extension B).
    let players: Vec<String> = (0..1000u32)
        .map(|n| {
            let letters: String = (0..28)
                .map(|i| char::from_u32(0x20000 + n * 28 + i).unwrap())
                .collect();
            format!("{letters}{n:04}")
        })
        .collect();
    let file = event_file("大会", &players, 3, 0, 0);
    let upload =
        json!({"file": file.to_compact_text(), "timing": {"kind": "correspondence", "days": 3}});
    let event = imported(at, upload).await;
    assert_eq!(event.players.len(), 1000);
    let mut live = Live::open(at, &event.path("/live"), None).await.unwrap();
    let message = live.next_text().await.unwrap();
    let parts = message.len().div_ceil(PART_BYTES);
    assert!(parts >= 6, "a message of {} bytes", message.len());
    assert_eq!(live.frames, parts as u64, "sent in parts of 32 KiB");
    let read: Value = serde_json::from_str(&message).unwrap();
    assert_eq!(read["type"], json!("event"));
    assert_eq!(
        read["standings"]["standings"].as_array().unwrap().len(),
        1000
    );
    // A change: the whole event again, in parts again.
    event
        .must(json!({"type": "withdraw", "name": players[7]}))
        .await;
    let again = live.next_text().await.unwrap();
    assert_ne!(again, message);
    assert!(live.frames >= 2 * parts as u64);
    live.close().await;
    server.stop().await;
}

both!(a_big_event_reaches_its_live_stream);
