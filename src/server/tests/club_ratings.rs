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

use mind_sports_core::club::date::Date;
use mind_sports_core::club::ratings::{rate, RatingList};
use mind_sports_core::club::tournament::{Entry, Format, Player, Tournament};
use mind_sports_core::online::club::RatingPage;
use mind_sports_core::online::event::How;
use mind_sports_server::client::Live;
use serde_json::{json, Value};
use support::events::*;
use support::*;

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
    // White is there, Black never comes: a forfeit (both absent would be
    // a double forfeit, which is no game of the tournament at all).
    let other = &view.boards[1];
    let game = other.game.clone().unwrap();
    let (white, _, _) = Live::game(event.at, &game, Some(event.token(&other.white)))
        .await
        .unwrap();
    server.wall.advance(61_000);
    let done = event.wait_round(|r| r.boards[1].score.is_some()).await;
    white.close().await;
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
        .filter(|p| mind_sports_core::club::text::key(&p.name) == "ann")
        .collect();
    assert_eq!(ann.len(), 1, "{served:?}");
    assert_eq!((ann[0].games, ann[0].history.len()), (4, 4));
    let events: Vec<usize> = ann[0].history.iter().map(|h| h.event).collect();
    assert_eq!(events, [1, 2, 2, 1], "in the order played");
    server.stop().await;
}

both!(overlapping_events_are_rated_in_time_order);

/// Registers `name` (with `rating`, if given) in `event`.
async fn register(event: &mut Club, name: &str, rating: Option<f64>) -> (u16, Value) {
    let body = json!({ "name": name, "rating": rating });
    let (status, answer) = call(event.at, "POST", &event.path("/register"), Some(body)).await;
    if status == 201 {
        let token = answer["token"].as_str().unwrap().to_string();
        event.players.push((name.to_string(), token));
    }
    (status, answer)
}

async fn round_one_is_seeded_by_the_club_list_then_the_given_rating(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let club = new_club(at, "Seeding Club").await;
    // Round 1 without ratings is paired alphabetically: Ann beats Cid,
    // Bob and Dan draw. Ann is then 1662 in the list, Cid 1338.
    let first = in_club(at, &club, "First", true, &["Ann", "Bob", "Cid", "Dan"]).await;
    play_round(&first).await;
    server.wall.advance(60_000);
    let mut second = in_club(at, &club, "Second", true, &[]).await;
    assert_eq!(register(&mut second, "ANN", None).await.0, 201);
    // The list wins over a rating given for a listed player.
    assert_eq!(register(&mut second, "Cid", Some(2000.0)).await.0, 201);
    assert_eq!(register(&mut second, "Eve", Some(1700.0)).await.0, 201);
    // Bad ratings are refused with a reason; the player is not entered.
    for bad in [json!(4000.5), json!(-1), json!("1500")] {
        let body = json!({ "name": "Gus", "rating": bad });
        let (status, said) = call(at, "POST", &second.path("/register"), Some(body)).await;
        assert!(status == 409 || status == 400, "{bad}: {status} {said}");
        if status == 409 {
            assert_eq!(said["refusal"]["reason"], json!("rating"), "{said}");
        }
    }
    let added = second
        .must(json!({"type": "add", "name": "Fay", "rating": 1400}))
        .await;
    assert_eq!(added["summary"]["players"], json!(4), "{added}");
    second.must(json!({"type": "publish"})).await;
    let round = second.round().await;
    let pairs: Vec<[&str; 2]> = round
        .boards
        .iter()
        .map(|b| {
            let mut pair = [b.black.as_str(), b.white.as_str()];
            pair.sort_unstable();
            pair
        })
        .collect();
    // Seeds: Eve 1700 (given), ANN 1662 (list), Fay 1400 (given), Cid 1338
    // (list): the top half meets the bottom half.
    assert_eq!(pairs, [["Eve", "Fay"], ["ANN", "Cid"]]);
    let body = json!({ "token": second.organiser });
    let log: Value = ok(at, "POST", &second.path("/log"), Some(body)).await;
    let seeded: Vec<&Value> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["change"]["type"] == json!("seeded"))
        .collect();
    assert_eq!(seeded.len(), 1, "{log}");
    assert_eq!(seeded[0]["who"], json!("server"));
    assert_eq!(
        seeded[0]["change"]["seeds"],
        json!([{"name": "ANN", "rating": 1662.0}, {"name": "Cid", "rating": 1338.0}])
    );
    // The export carries the seeds as the players' ratings.
    let export: Value = ok(at, "GET", &second.path("/export.json"), None).await;
    let ratings: Vec<Value> = export["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| json!([p["name"], p["rating"]]))
        .collect();
    assert_eq!(
        ratings,
        [
            json!(["ANN", 1662.0]),
            json!(["Cid", 1338.0]),
            json!(["Eve", 1700.0]),
            json!(["Fay", 1400.0])
        ]
    );
    server.stop().await;
}

both!(round_one_is_seeded_by_the_club_list_then_the_given_rating);

async fn officers_keep_the_member_list(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let (club, token) = new_club(at, "Members Club").await;
    let path = format!("/api/v1/clubs/{club}/members");
    let edit = |body: Value| {
        let path = path.clone();
        async move { call(at, "POST", &path, Some(body)).await }
    };
    let (status, shown) =
        edit(json!({"token": token, "name": " Petr  Novák ", "rating": 1850})).await;
    assert_eq!(status, 200, "{shown}");
    assert_eq!(
        shown["members"],
        json!([{"name": "Petr Novák", "rating": 1850}])
    );
    // The same name's key: changed, not added.
    let (status, shown) = edit(json!({"token": token, "name": "PETR NOVÁK"})).await;
    assert_eq!(status, 200, "{shown}");
    assert_eq!(shown["members"], json!([{"name": "PETR NOVÁK"}]));
    edit(json!({"token": token, "name": "Eva Malá", "rating": 0})).await;
    let listed: Value = ok(at, "GET", &format!("/api/v1/clubs/{club}"), None).await;
    assert_eq!(
        listed["members"],
        json!([{"name": "Eva Malá", "rating": 0}, {"name": "PETR NOVÁK"}])
    );
    // Refused, with a reason, changing nothing.
    let refusals = [
        (
            json!({"token": "forged", "name": "Ivan"}),
            403,
            "wrong_token",
        ),
        (json!({"name": "Ivan"}), 400, "malformed"),
        (json!({"token": token, "name": "<b>Ivan</b>"}), 400, "name"),
        (json!({"token": token, "name": " \u{200b} "}), 400, "name"),
        (
            json!({"token": token, "name": "Ivan", "rating": 4001}),
            409,
            "rating",
        ),
        (
            json!({"token": token, "name": "Ivan", "rating": -5}),
            400,
            "malformed",
        ),
        (
            json!({"token": token, "name": "Ivan", "extra": 1}),
            400,
            "malformed",
        ),
        (
            json!({"token": token, "name": "Ivan", "remove": true}),
            409,
            "no_such_member",
        ),
    ];
    for (body, status, error) in refusals {
        let (got, said) = edit(body.clone()).await;
        assert_eq!(got, status, "{body}: {said}");
        let reason = said["refusal"]["reason"]
            .as_str()
            .or(said["error"].as_str());
        assert_eq!(reason, Some(error), "{body}: {said}");
    }
    assert_eq!(
        ok::<Value>(at, "GET", &format!("/api/v1/clubs/{club}"), None).await,
        listed
    );
    let (status, shown) = edit(json!({"token": token, "name": "petr novák", "remove": true})).await;
    assert_eq!(status, 200);
    assert_eq!(shown["members"], json!([{"name": "Eva Malá", "rating": 0}]));
    server.stop().await;
}

both!(officers_keep_the_member_list);
