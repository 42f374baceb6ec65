//! A club's event run on the server through its HTTP API only: 10 players
//! register, 5 Swiss rounds are published by the organiser and played as
//! online games by the players' own tokens (4×4 Othello, 3 minutes), with
//! time losses, a forfeit by the start limit, results entered by the
//! organiser and by a pair of players (counted once confirmed), a
//! resignation, an abort (a forfeit), a
//! correction and its undo; at the end the exported file's `engine
//! standings` (the library function and the binary) equals the server's
//! standings. On SQLite and on PostgreSQL.

#![cfg(not(target_arch = "wasm32"))]

#[macro_use]
mod support;

use mind_sports_core::online::event::{How, Stage};
use mind_sports_core::online::room::Reason;
use mind_sports_core::online::setup::GameKind;
use serde_json::{json, Value};
use support::events::*;
use support::*;

/// How a board of the test's rounds ends.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ending {
    /// Played online to its end.
    Online,
    /// Two moves, then the side to move runs out of time.
    TimeLoss,
    /// White opens the game, Black never comes: Black forfeits at the
    /// start limit.
    Forfeit,
    /// The organiser enters it.
    Organiser,
    /// Both players enter it.
    Players,
    /// White resigns after Black's first move.
    Resigns,
    /// White aborts after Black's first move: a forfeit.
    Aborts,
}

fn ending(round: u32, board: usize) -> Ending {
    match (round, board) {
        (2 | 4, 4) => Ending::TimeLoss,
        (3, 4) => Ending::Forfeit,
        (2 | 5, 5) => Ending::Organiser,
        (3, 5) => Ending::Players,
        (1, 5) => Ending::Resigns,
        (4, 5) => Ending::Aborts,
        _ => Ending::Online,
    }
}

fn settings() -> Value {
    json!({"name": "Club Swiss", "game": "othello", "rules": "size=4",
        "timing": {"kind": "live", "control": "3+0"}, "format": "swiss",
        "rounds": 5, "start_limit_s": 60})
}

/// One round: published, then each board ended as [`ending`] says.
async fn play_round(server: &TestServer, club: &Club, round: u32) {
    let game_setup = setup(GameKind::Othello, "size=4", live("3+0"));
    // The players there when the start limit passes.
    let mut present = Vec::new();
    let published = club.must(json!({"type": "publish"})).await;
    assert_eq!(published["summary"]["round"], json!(round));
    let view = club.round().await;
    assert_eq!(view.boards.len(), 5);
    for b in &view.boards {
        match ending(round, b.board) {
            Ending::Online => drop(play(club, &game_setup, &b.black, &b.white, None).await),
            Ending::TimeLoss => drop(play(club, &game_setup, &b.black, &b.white, Some(2)).await),
            Ending::Forfeit => {
                let game = b.game.clone().unwrap();
                let token = club.token(&b.white);
                present.push(
                    mind_sports_server::client::Live::game(club.at, &game, Some(token))
                        .await
                        .unwrap()
                        .0,
                );
            }
            Ending::Resigns => {
                white_gives_up(club, &game_setup, &b.black, &b.white, "resign").await
            }
            Ending::Aborts => white_gives_up(club, &game_setup, &b.black, &b.white, "abort").await,
            Ending::Organiser => {
                let result =
                    json!({"type": "result", "round": round, "board": b.board, "score": [9, 7]});
                club.must(result).await;
            }
            Ending::Players => {
                // Different entries stay side by side, counted for nobody.
                let (status, _) = club.report(&b.black, round, b.board, [13.0, 3.0]).await;
                assert_eq!(status, 200);
                let (status, _) = club.report(&b.white, round, b.board, [3.0, 13.0]).await;
                assert_eq!(status, 200);
                let now = club.round().await;
                assert_eq!(
                    now.boards[b.board - 1].score,
                    None,
                    "one entry does not count"
                );
                // The public sees a dispute, never the two reports; each
                // player sees both.
                assert_eq!(now.boards[b.board - 1].reported, [None, None]);
                assert!(now.boards[b.board - 1].disputed);
                let mine = club.me(&b.black).await.board.unwrap();
                assert_eq!(mine.reported, [Some([13.0, 3.0]), Some([3.0, 13.0])]);
                let (status, _) = club.report(&b.black, round, b.board, [3.0, 13.0]).await;
                assert_eq!(status, 200);
            }
        }
    }
    let endings: Vec<Ending> = view.boards.iter().map(|b| ending(round, b.board)).collect();
    if endings.contains(&Ending::Forfeit) {
        server.wall.advance(61_000);
    }
    if endings.contains(&Ending::TimeLoss) {
        server.wall.advance(181_000);
    }
    let done = club
        .wait_round(|r| r.boards.iter().all(|b| b.score.is_some()))
        .await;
    for live in present {
        live.close().await;
    }
    for b in &done.boards {
        let how = b.how.unwrap();
        match ending(round, b.board) {
            Ending::Online => assert_eq!(
                how,
                How::Game {
                    reason: Reason::Finished
                }
            ),
            Ending::TimeLoss => {
                assert_eq!(
                    how,
                    How::Game {
                        reason: Reason::Time
                    }
                );
                // Black ran out: the world rules' score for White.
                let [black, white] = b.score.unwrap();
                assert!(white > black && black + white == 16.0, "{b:?}");
            }
            Ending::Forfeit => {
                assert_eq!(how, How::Forfeit { seat: 0 });
                assert_eq!(b.score, Some([2.0, 14.0]), "a loss on time at the start");
            }
            Ending::Organiser => assert_eq!((how, b.score), (How::Organiser, Some([9.0, 7.0]))),
            Ending::Resigns | Ending::Aborts => {
                let expected = if ending(round, b.board) == Ending::Resigns {
                    How::Game {
                        reason: Reason::Resigned,
                    }
                } else {
                    How::Forfeit { seat: 1 }
                };
                assert_eq!(how, expected);
                // As a loss on time after Black's first move: 4×4 Othello
                // 4–1 with 11 empties to Black.
                assert_eq!(b.score, Some([15.0, 1.0]), "{b:?}");
            }
            Ending::Players => assert_eq!((how, b.score), (How::Players, Some([3.0, 13.0]))),
        }
    }
}

/// A correction changes the standings; undo brings them back.
async fn correct_and_undo(club: &Club) {
    let before: Value = ok(club.at, "GET", &club.path("/standings"), None).await;
    club.must(json!({"type": "correct", "round": 1, "board": 1, "score": [0, 16]}))
        .await;
    let corrected: Value = ok(club.at, "GET", &club.path("/standings"), None).await;
    assert_ne!(before, corrected);
    let (status, refused) = club
        .manage(json!({"type": "correct", "round": 1, "board": 1, "score": [10, 10]}))
        .await;
    assert_eq!(
        (status, refused["refusal"]["reason"].clone()),
        (409, json!("score"))
    );
    let answer = club.must(json!({"type": "undo"})).await;
    assert_eq!(
        answer["undone"],
        json!([1, 1]),
        "undo says what it took back"
    );
    let undone: Value = ok(club.at, "GET", &club.path("/standings"), None).await;
    assert_eq!(before, undone);
}

/// The exported file's standings by `engine standings`: the library
/// function and the binary.
fn engine_standings(export: &str) -> (Value, Value) {
    let dir = scratch_dir("export");
    let path = dir.join("event.json");
    std::fs::write(&path, export).unwrap();
    let library = mind_sports_cli::club::standings_command(path.to_str().unwrap())
        .unwrap()
        .json;
    let printed = engine_json(&["standings", "--json", path.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(dir);
    (library, printed)
}

async fn an_event_of_ten_players_over_five_swiss_rounds(db: Db) {
    let server = TestServer::start(db, &LIFTED).await;
    let at = server.address();
    let names: Vec<String> = (1..=10).map(|i| format!("Player {i:02}")).collect();
    let club = club(at, settings(), &names).await;
    let summary = club.summary().await;
    assert_eq!(
        (summary.stage, summary.players, summary.rounds),
        (Stage::Registering, 10, 5)
    );
    for round in 1..=5 {
        play_round(&server, &club, round).await;
        if round == 2 {
            correct_and_undo(&club).await;
        }
    }
    assert_eq!(club.summary().await.stage, Stage::Finished);
    let (status, refused) = club.manage(json!({"type": "publish"})).await;
    assert_eq!(
        (status, refused["refusal"]["reason"].clone()),
        (409, json!("finished"))
    );
    let late = json!({"name": "Too Late"});
    let (status, refused) = call(at, "POST", &club.path("/register"), Some(late)).await;
    let reason = refused["refusal"]["reason"].clone();
    assert_eq!((status, reason), (409, json!("registration_closed")));

    let standings: Value = ok(at, "GET", &club.path("/standings"), None).await;
    let (_, export) = client_text(at, &club.path("/export.json")).await;
    let (library, binary) = engine_standings(&export);
    assert_eq!(
        standings, library,
        "the server's standings are engine standings'"
    );
    assert_eq!(library, binary);
    let t = mind_sports_core::club::csv::read(&export).unwrap();
    assert_eq!(t.games.len(), 25);
    let (_, csv) = client_text(at, &club.path("/export.csv")).await;
    assert_eq!(
        mind_sports_core::club::csv::read(&csv).unwrap(),
        t,
        "the CSV is the same file"
    );
    assert!(csv.starts_with('\u{feff}'), "a byte order mark for Excel");
    spreadsheets(at, &club.path(""), &standings).await;

    // The organiser's log says who did what, and never a token.
    let log_body = json!({ "token": club.organiser });
    let log: Value = ok(at, "POST", &club.path("/log"), Some(log_body)).await;
    let text = log.to_string();
    for (_, token) in &club.players {
        assert!(!text.contains(token.as_str()));
    }
    assert!(!text.contains(club.organiser.as_str()));
    let whos: Vec<&str> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["who"].as_str().unwrap())
        .collect();
    for entry in log["entries"].as_array().unwrap() {
        let at = entry["at_ms"].as_u64().unwrap();
        assert!(
            (1_800_000_000_000..server.wall_now() + 1).contains(&at),
            "the server's time: {entry}"
        );
    }
    for who in ["organiser", "registration", "server", "player"] {
        assert!(whos.contains(&who), "{who} in {whos:?}");
    }
    server.stop().await;
}

/// The event's spreadsheets read back by readers that are not ours
/// (tests/readers/sheet.py: openpyxl for the workbook, Python's csv
/// module for the CSV files): the standings sheet and both CSV forms
/// hold `standings` (the server's JSON standings) cell by cell; the
/// workbook is named after the event.
async fn spreadsheets(at: std::net::SocketAddr, event: &str, standings: &Value) {
    let rows = standings["standings"].as_array().unwrap();
    for (query, separator) in [("", ","), ("?sep=semicolon", ";")] {
        let csv = download(at, &format!("{event}/standings.csv{query}"), "csv").await;
        assert_eq!(csv["separator"], json!(separator));
        let read: Vec<Vec<String>> = serde_json::from_value(csv["rows"].clone()).unwrap();
        assert_eq!(read[0][..5], ["rank", "name", "rating", "club", "points"]);
        assert_eq!(read.len(), rows.len() + 1);
        for (row, expected) in read[1..].iter().zip(rows) {
            let number = |i: usize| row[i].replace(',', ".").parse::<f64>().unwrap();
            assert_eq!(row[0], expected["rank"].to_string());
            assert_eq!(json!(row[1]), expected["name"]);
            assert_eq!(json!(number(4)), expected["points"]);
            assert_eq!(json!(number(5)), expected["brightwell"], "{row:?}");
            assert_eq!(json!(number(6)), expected["discs"], "{row:?}");
        }
    }
    let book = download(at, &format!("{event}/export.xlsx?lang=cs"), "xlsx").await;
    let sheets = book["sheets"].as_array().unwrap();
    let titles: Vec<&str> = sheets
        .iter()
        .map(|s| s["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Pořadí", "Výsledky", "Hráči"]);
    let table = sheets[0]["rows"].as_array().unwrap();
    assert_eq!(table.len(), rows.len() + 1);
    for (row, expected) in table[1..].iter().zip(rows) {
        // openpyxl gives whole numbers as integers: compared as numbers.
        let cells: Vec<Option<f64>> = row.as_array().unwrap().iter().map(Value::as_f64).collect();
        let sum = &expected["brightwell_sum"];
        let wanted = [
            &expected["rank"],
            &expected["points"],
            &expected["brightwell"],
            &expected["discs"],
            &sum["discs"],
            &sum["opponents_points"],
            &sum["set_aside"],
        ]
        .map(Value::as_f64);
        assert_eq!(row[1], expected["name"]);
        assert_eq!(
            [0, 4, 5, 6, 7, 8, 9].map(|i| cells[i]),
            wanted,
            "{row:?} {expected}"
        );
    }
    let players = sheets[2]["rows"].as_array().unwrap();
    let mut names: Vec<&Value> = players[1..].iter().map(|p| &p[0]).collect();
    let mut expected: Vec<&Value> = rows.iter().map(|r| &r["name"]).collect();
    names.sort_by_key(|n| n.to_string());
    expected.sort_by_key(|n| n.to_string());
    assert_eq!(names, expected);
}

/// A spreadsheet downloaded from `path` (its name ending in
/// `.extension`, given by Content-Disposition) and read back by
/// tests/readers/sheet.py.
async fn download(at: std::net::SocketAddr, path: &str, extension: &str) -> Value {
    let answer = mind_sports_server::client::exchange(at, None, "GET", path, &[], None)
        .await
        .unwrap();
    assert_eq!(answer.status, 200, "{path}");
    let disposition = answer.headers["content-disposition"].to_str().unwrap();
    assert!(
        disposition.contains(&format!(".{extension}")) && disposition.contains("filename*=UTF-8''"),
        "{disposition}"
    );
    let dir = scratch_dir("sheet");
    let file = dir.join(format!("download.{extension}"));
    std::fs::write(&file, &answer.bytes).unwrap();
    let reader = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/readers/sheet.py");
    // Debian's Python, where Debian's openpyxl is (a pyenv's python3 may
    // come first on PATH).
    let python = ["/usr/bin/python3", "python3"]
        .into_iter()
        .find(|p| !p.starts_with('/') || std::path::Path::new(p).exists())
        .unwrap();
    let output = std::process::Command::new(python)
        .args([reader, file.to_str().unwrap()])
        .output()
        .expect("python3 (make setup-test installs it with openpyxl)");
    let _ = std::fs::remove_dir_all(dir);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// A GET's status and text.
async fn client_text(at: std::net::SocketAddr, path: &str) -> (u16, String) {
    mind_sports_server::client::request(at, "GET", path, None)
        .await
        .unwrap()
}

both!(an_event_of_ten_players_over_five_swiss_rounds);

/// The next event message of a live stream whose round is `round`.
async fn streamed(live: &mut mind_sports_server::client::Live, round: u32) -> Value {
    loop {
        let text = live.next_text().await.unwrap();
        let message: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(message["type"], json!("event"));
        if message["summary"]["round"] == json!(round) {
            return message;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_uploaded_file_goes_on_online_with_late_entries_and_withdrawals() {
    let server = TestServer::start(Db::Sqlite, &LIFTED).await;
    let at = server.address();
    let games = [("Ann", "Bob", [1.0, 0.0]), ("Cid", "Dan", [0.5, 0.5])];
    let file = nim_file("Autumn Cup", games, "Eve");
    let upload = json!({"file": file, "timing": {"kind": "live", "control": "5+0"}});
    let mut club = imported(at, upload).await;
    assert_eq!(club.players.len(), 5);
    let summary = club.summary().await;
    assert_eq!((summary.round, summary.stage), (1, Stage::BetweenRounds));
    let path = club.path("/live");
    let mut live = mind_sports_server::client::Live::open(at, &path, None)
        .await
        .unwrap();
    streamed(&mut live, 1).await;

    let added = club.must(json!({"type": "add", "name": "Fay"})).await;
    club.players
        .push(("Fay".into(), added["token"].as_str().unwrap().into()));
    club.must(json!({"type": "withdraw", "name": "Dan"})).await;
    let (status, _) = club
        .manage(json!({"type": "withdraw", "name": "Dan"}))
        .await;
    assert_eq!(status, 409, "withdrawn once");
    club.must(json!({"type": "publish"})).await;
    let pushed = streamed(&mut live, 2).await;
    let round = club.round().await;
    assert_eq!(
        pushed["round"]["boards"].as_array().unwrap().len(),
        round.boards.len()
    );
    let seated: Vec<&str> = round
        .boards
        .iter()
        .flat_map(|b| [b.black.as_str(), b.white.as_str()])
        .chain(round.bye.as_deref())
        .collect();
    assert_eq!(seated.len(), 5, "{round:?}");
    assert!(
        !seated.contains(&"Dan") && seated.contains(&"Fay"),
        "{seated:?}"
    );
    let bye = round.bye.clone().unwrap();
    assert!(club.me(&bye).await.bye, "the bye is told");
    for b in &round.boards {
        club.must(json!({"type": "result", "round": 2, "board": b.board, "score": [1, 0]}))
            .await;
    }
    // A game the file brought is corrected like one played here.
    club.must(json!({"type": "correct", "round": 1, "board": 2, "score": [1, 0]}))
        .await;
    // Every change is pushed: the last one says the round is over.
    let seq = json!(club.summary().await.seq);
    let mut pushed = streamed(&mut live, 2).await;
    for _ in 0..round.boards.len() + 1 {
        if pushed["summary"]["seq"] == seq {
            break;
        }
        pushed = streamed(&mut live, 2).await;
    }
    assert_eq!(pushed["summary"]["seq"], seq);
    assert_eq!(pushed["summary"]["stage"], json!("between_rounds"));

    let (_, export) = client_text(at, &club.path("/export.json")).await;
    let t = mind_sports_core::club::csv::read(&export).unwrap();
    assert_eq!(t.players.len(), 6);
    assert_eq!(t.players[3].withdrawn_after, Some(1));
    assert_eq!(t.boards(1).nth(1).unwrap().score, [1.0, 0.0]);
    assert_eq!(t.rounds_played(), 2);
    let (library, _) = engine_standings(&export);
    let standings: Value = ok(at, "GET", &club.path("/standings"), None).await;
    assert_eq!(standings, library);
    // The CSV export is a file to start another event from.
    let (_, csv) = client_text(at, &club.path("/export.csv")).await;
    let again = json!({"file": csv, "timing": {"kind": "correspondence", "days": 3}});
    let created: Value = ok(at, "POST", "/api/v1/events/import", Some(again)).await;
    let id = created["event"].as_str().unwrap();
    let copy: Value = ok(at, "GET", &format!("/api/v1/events/{id}/standings"), None).await;
    assert_eq!(copy, standings);
    live.close().await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_one_postgres_share_an_event() {
    let limits = LIFTED;
    let first = TestServer::start(Db::Postgres, &limits).await;
    let url = first.database_url();
    let second = TestServer::start(Db::Sqlite, &["--database", &url, limits[0], limits[1]]).await;
    let settings = json!({"name": "Shared", "game": "nim", "rounds": 2,
        "timing": {"kind": "correspondence", "days": 1}});
    let names: Vec<String> = ["Ann", "Bob"].map(String::from).to_vec();
    let mut club = club(first.address(), settings, &names).await;
    // The second instance has the event in use, and a live stream of it.
    club.at = second.address();
    assert_eq!(club.summary().await.players, 2);
    let path = club.path("/live");
    let mut live = mind_sports_server::client::Live::open(club.at, &path, None)
        .await
        .unwrap();
    streamed(&mut live, 0).await;
    // A round published on the first is seen and pushed by the second.
    club.at = first.address();
    club.must(json!({"type": "publish"})).await;
    club.at = second.address();
    let pushed = streamed(&mut live, 1).await;
    assert!(pushed["round"]["boards"][0]["black"].as_str().is_some());
    assert_eq!(club.round().await.round, 1);
    // A result entered on the second counts on the first.
    club.must(json!({"type": "result", "round": 1, "board": 1, "score": [0, 1]}))
        .await;
    club.at = first.address();
    club.wait_round(|r| r.boards[0].score == Some([0.0, 1.0]))
        .await;
    live.close().await;
    second.stop().await;
    first.stop().await;
}
