//! The club's rating list as a federation keeps it (issue 37): forfeits
//! and byes rate nobody; the rounds of the club's events are rated in the
//! order they were played, a calendar month a period, so that a player in
//! two events at once is rated on both in one period; a player is their
//! name's key (`club::text::key`) in every event. On SQLite and on
//! PostgreSQL.

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use std::net::SocketAddr;

use mind_sports::club::date::Date;
use mind_sports::club::ratings::{rate, RatingList};
use mind_sports::club::tournament::{Entry, Format, Player, Tournament};
use mind_sports::online::club::RatingPage;
use mind_sports::online::event::How;
use serde_json::{json, Value};
use support::events::*;
use support::*;

/// A new club: its id and token.
async fn new_club(at: SocketAddr, name: &str) -> (String, String) {
    let created: Value = ok(at, "POST", "/api/v1/clubs", Some(json!({ "name": name }))).await;
    let id = created["club"].as_str().unwrap().to_string();
    (id, created["token"].as_str().unwrap().to_string())
}

/// An event of club `club` played at the tables (8×8 Othello, Swiss) or
/// online with a start limit of a minute, `names` registered.
async fn in_club(
    at: SocketAddr,
    (club, token): &(String, String),
    name: &str,
    at_tables: bool,
    names: &[&str],
) -> Club {
    let settings = json!({"name": name, "game": "othello", "rules": "size=8",
        "timing": {"kind": "live", "control": "25+0"}, "format": "swiss",
        "rounds": 3, "start_limit_s": 60, "at_tables": at_tables,
        "club": club, "club_token": token});
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    support::events::club(at, settings, &names).await
}

/// Club `club`'s whole list (one page here).
async fn list(at: SocketAddr, club: &str) -> RatingList {
    let page: RatingPage = ok(at, "GET", &format!("/api/v1/clubs/{club}/ratings"), None).await;
    assert_eq!(page.pages, 1);
    RatingPage::join(&[page]).unwrap()
}

/// Publishes the next round of `event` and enters every board: Black
/// wins 40–24 on the top board, the others are drawn; the games as a
/// file's entries.
async fn play_round(event: &Club) -> Vec<Entry> {
    event.must(json!({"type": "publish"})).await;
    let view = event.round().await;
    let mut games = Vec::new();
    for b in &view.boards {
        let score = if b.board == 1 {
            [40.0, 24.0]
        } else {
            [32.0, 32.0]
        };
        let action =
            json!({"type": "result", "round": view.round, "board": b.board, "score": score});
        event.must(action).await;
        games.push(Entry::Game {
            round: view.round,
            black: b.black.clone(),
            white: b.white.clone(),
            score,
        });
    }
    games
}

/// A tournament file of `games`, dated `date`: what a federation's
/// program would be given for one month's rounds of one event.
fn file(name: &str, date: &str, games: &[Entry]) -> Tournament {
    let mut t = Tournament::new("othello", Format::Swiss, 8, 3);
    t.name = Some(name.into());
    t.date = Some(Date::parse(date).unwrap());
    let mut names: Vec<String> = Vec::new();
    for entry in games {
        if let Entry::Game { black, white, .. } = entry {
            for n in [black, white] {
                if !names.contains(n) {
                    names.push(n.clone());
                }
            }
        }
    }
    t.players = names.into_iter().map(Player::named).collect();
    t.games = games.to_vec();
    t
}

/// The lists' players without their histories (whose event numbers are
/// the files', not the club's).
fn lines(list: &RatingList) -> Vec<(String, u64, u64, u32)> {
    list.players
        .iter()
        .map(|p| {
            let round = |x: f64| (x * 1e6).round() as u64;
            (p.name.clone(), round(p.rating), round(p.deviation), p.games)
        })
        .collect()
}

async fn forfeits_and_byes_rate_nobody(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let club = new_club(at, "Forfeit Club").await;
    let names = ["Ann", "Bob", "Cid", "Dan", "Eve"];
    let event = in_club(at, &club, "Online evening", false, &names).await;
    event.must(json!({"type": "publish"})).await;
    let view = event.round().await;
    let bye = view.bye.clone().expect("five players: a bye");
    // The top board is played at the table; nobody starts the other.
    event
        .must(json!({"type": "at_table", "round": 1, "board": 1}))
        .await;
    event
        .must(json!({"type": "result", "round": 1, "board": 1, "score": [40, 24]}))
        .await;
    server.wall.advance(61_000);
    let done = event.wait_round(|r| r.boards[1].score.is_some()).await;
    assert!(
        matches!(done.boards[1].how, Some(How::Forfeit { .. })),
        "{done:?}"
    );
    let rated = list(at, &club.0).await;
    let top = &view.boards[0];
    let mut named: Vec<&str> = rated.players.iter().map(|p| p.name.as_str()).collect();
    named.sort_unstable();
    let mut expected = [top.black.as_str(), top.white.as_str()];
    expected.sort_unstable();
    assert_eq!(
        named, expected,
        "the forfeit's players and {bye} (the bye) are not rated"
    );
    assert_eq!((rated.events, rated.periods), (1, 1));
    assert!(rated
        .players
        .iter()
        .all(|p| p.games == 1 && p.history.len() == 1));
    // The standings still count the forfeit and the bye.
    let standings: Value = ok(at, "GET", &event.path("/standings"), None).await;
    assert!(standings.to_string().contains(&bye), "{standings}");
    server.stop().await;
}

both!(forfeits_and_byes_rate_nobody);

async fn overlapping_events_are_rated_in_time_order(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let club = new_club(at, "Two Evenings Club").await;
    // The wall starts on 2027-01-15. Tuesday's event is created first;
    // Thursday's, with Ann written otherwise, is played alongside it.
    let tuesday = in_club(at, &club, "Tuesday", true, &["Ann", "Bob", "Cid", "Dan"]).await;
    server.wall.advance(1_000);
    let thursday = in_club(at, &club, "Thursday", true, &["ANN", "Eve", "Fay", "Gus"]).await;
    let tue_1 = play_round(&tuesday).await;
    server.wall.advance(3_600_000);
    let thu_1 = play_round(&thursday).await;
    // Three weeks later, in February: Thursday's round 2, then Tuesday's.
    server.wall.advance(21 * 86_400_000);
    let thu_2 = play_round(&thursday).await;
    server.wall.advance(3_600_000);
    let tue_2 = play_round(&tuesday).await;
    let served = list(at, &club.0).await;
    assert_eq!((served.events, served.periods), (2, 2));
    let by_month = rate(&[
        file("Tuesday", "2027-01-15", &tue_1),
        file("Thursday", "2027-01-15", &thu_1),
        file("Thursday", "2027-02-05", &thu_2),
        file("Tuesday", "2027-02-05", &tue_2),
    ]);
    assert_eq!(lines(&served), lines(&by_month), "{served:?}");
    // Rated event after event (the order they were created), the list
    // would differ: Ann idle in Tuesday's second round while playing on
    // Thursday.
    let by_creation = rate(&[
        file("Tuesday", "2027-01-15", &[tue_1, tue_2].concat()),
        file("Thursday", "2027-02-05", &[thu_1, thu_2].concat()),
    ]);
    assert_ne!(lines(&served), lines(&by_creation));
    // One player of both events, as the name was last written.
    let ann: Vec<_> = served
        .players
        .iter()
        .filter(|p| mind_sports::club::text::key(&p.name) == "ann")
        .collect();
    assert_eq!(ann.len(), 1, "{served:?}");
    assert_eq!((ann[0].games, ann[0].history.len()), (4, 4));
    let events: Vec<usize> = ann[0].history.iter().map(|h| h.event).collect();
    assert_eq!(events, [1, 2, 2, 1], "in the order played");
    server.stop().await;
}

both!(overlapping_events_are_rated_in_time_order);
