//! A club's event run on the server through its HTTP API only: 10 players
//! register, 5 Swiss rounds are published by the organiser and played as
//! online games by the players' own tokens (4×4 Othello, 3 minutes), with
//! time losses, a forfeit by the start limit, results entered by the
//! organiser and by a pair of players (counted once confirmed), a
//! correction and its undo; at the end the exported file's `engine
//! standings` (the library function and the binary) equals the server's
//! standings. On SQLite and on PostgreSQL.

#![cfg(not(target_arch = "wasm32"))]

mod support;

use mind_sports::online::event::{How, Stage};
use mind_sports::online::room::Reason;
use mind_sports::online::setup::GameKind;
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
    /// Nobody moves: Black forfeits at the start limit.
    Forfeit,
    /// The organiser enters it.
    Organiser,
    /// Both players enter it.
    Players,
}

fn ending(round: u32, board: usize) -> Ending {
    match (round, board) {
        (2 | 4, 4) => Ending::TimeLoss,
        (3, 4) => Ending::Forfeit,
        (2 | 5, 5) => Ending::Organiser,
        (3, 5) => Ending::Players,
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
    let published = club.must(json!({"type": "publish"})).await;
    assert_eq!(published["summary"]["round"], json!(round));
    let view = club.round().await;
    assert_eq!(view.boards.len(), 5);
    for b in &view.boards {
        match ending(round, b.board) {
            Ending::Online => drop(play(club, &game_setup, &b.black, &b.white, None).await),
            Ending::TimeLoss => drop(play(club, &game_setup, &b.black, &b.white, Some(2)).await),
            Ending::Forfeit => {}
            Ending::Organiser => {
                let result =
                    json!({"type": "result", "round": round, "board": b.board, "score": [9, 7]});
                club.must(result).await;
            }
            Ending::Players => {
                let (status, _) = club.report(&b.white, round, b.board, [3.0, 13.0]).await;
                assert_eq!(status, 200);
                let now = club.round().await;
                assert_eq!(
                    now.boards[b.board - 1].score,
                    None,
                    "one entry does not count"
                );
                assert_eq!(now.boards[b.board - 1].reported[1], Some([3.0, 13.0]));
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
    club.must(json!({"type": "undo"})).await;
    let undone: Value = ok(club.at, "GET", &club.path("/standings"), None).await;
    assert_eq!(before, undone);
}

/// The exported file's standings by `engine standings`: the library
/// function and the binary.
fn engine_standings(export: &str) -> (Value, Value) {
    let dir = scratch_dir("export");
    let path = dir.join("event.json");
    std::fs::write(&path, export).unwrap();
    let library = mind_sports::cli::club::standings_command(path.to_str().unwrap())
        .unwrap()
        .json;
    let binary = engine_binary();
    let out = std::process::Command::new(binary)
        .args(["standings", "--json", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let _ = std::fs::remove_dir_all(dir);
    (library, printed)
}

/// The `engine` binary of this build (built if the tests of the server
/// alone were built).
fn engine_binary() -> std::path::PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile = exe.parent().unwrap().parent().unwrap();
    let engine = profile.join("engine");
    if !engine.is_file() {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let built = std::process::Command::new(cargo)
            .args(["build", "--bin", "engine", "-p", "mind-sports"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .unwrap();
        assert!(built.success());
    }
    engine
}

async fn an_event_of_ten_players_over_five_swiss_rounds(db: Db) {
    let server = TestServer::start(db, &["--max-requests-per-second", "100000"]).await;
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

    let standings: Value = ok(at, "GET", &club.path("/standings"), None).await;
    let (_, export) = client_text(at, &club.path("/export.json")).await;
    let (library, binary) = engine_standings(&export);
    assert_eq!(
        standings, library,
        "the server's standings are engine standings'"
    );
    assert_eq!(library, binary);
    let t = mind_sports::club::csv::read(&export).unwrap();
    assert_eq!(t.games.len(), 25);
    let (_, csv) = client_text(at, &club.path("/export.csv")).await;
    assert_eq!(
        mind_sports::club::csv::read(&csv).unwrap(),
        t,
        "the CSV is the same file"
    );

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
    for who in ["organiser", "registration", "server", "player"] {
        assert!(whos.contains(&who), "{who} in {whos:?}");
    }
    server.stop().await;
}

/// A GET's status and text.
async fn client_text(at: std::net::SocketAddr, path: &str) -> (u16, String) {
    mind_sports_server::client::request(at, "GET", path, None)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_of_ten_players_over_five_swiss_rounds_sqlite() {
    an_event_of_ten_players_over_five_swiss_rounds(Db::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_of_ten_players_over_five_swiss_rounds_postgres() {
    an_event_of_ten_players_over_five_swiss_rounds(Db::Postgres).await;
}
