//! `engine ratings FILE…`: a club's rating list from its tournament files
//! (JSON or CSV, in the order given), as a table and with `--json`; files
//! that are missing or not tournament files are refused, naming the file.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

mod engine_command;

use engine_command::{error, json, stdout};
use serde_json::Value;

/// A folder of its own for each test.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mind-sports-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to the file `name` in `dir`; its path.
fn written(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The Autumn Cup of tests/data/glicko2_two_periods.py as the page saves
/// it: round 1 Ann beats Bob (Cid's bye), round 2 Ann draws Cid (Bob's).
const AUTUMN: &str = r#"{"name": "Autumn Cup", "game": "othello", "size": 6, "rounds": 3,
  "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}],
  "games": [{"round": 1, "black": "Ann", "white": "Bob", "score": [20, 16]}, {"round": 1, "bye": "Cid"},
            {"round": 2, "black": "Cid", "white": "Ann", "score": [18, 18]}, {"round": 2, "bye": "Bob"}]}"#;

/// A later event as CSV: Bob beats Dan; Ann and Cid are not there.
const WINTER: &str = "tournament,nim,swiss,8,1,\"Winter\",,\r\n\
                      player,\"Bob\",,,\r\nplayer,\"Dan\",,,\r\n\
                      game,1,\"Bob\",\"Dan\",1,0\r\n";

fn close(value: &Value, expected: f64) -> bool {
    (value.as_f64().unwrap() - expected).abs() <= 0.01
}

#[test]
fn ratings_of_one_event_as_json_and_as_a_table() {
    let dir = folder("ratings-one");
    let path = &written(&dir, "autumn.json", AUTUMN);
    let v = json(&["ratings", path, "--json"]);
    // A file without a date is one rating period: both rounds at once.
    assert_eq!(
        (v["events"].as_u64(), v["periods"].as_u64()),
        (Some(1), Some(1))
    );
    let players = v["players"].as_array().unwrap();
    let names: Vec<&str> = players
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann", "Cid", "Bob"]);
    // The numbers worked by hand (tests/data/glicko2_two_periods.py,
    // "one period").
    assert!(close(&players[0]["rating"], 1623.6590), "{v}");
    assert!(close(&players[0]["deviation"], 253.4046), "{v}");
    assert!(close(&players[1]["rating"], 1500.0), "{v}");
    assert!(close(&players[2]["rating"], 1337.6891), "{v}");
    assert!(close(&players[2]["deviation"], 290.3190), "{v}");
    assert_eq!(players[0]["games"], 2);
    assert_eq!(players[0]["provisional"], true);
    assert_eq!(players[0]["rank"], 1);
    let round2 = &players[0]["history"][1];
    assert_eq!(round2["event"], 1);
    assert_eq!(round2["event_name"], "Autumn Cup");
    assert_eq!(
        (round2["round"].as_u64(), round2["games"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(round2["score"], 0.5);
    let mut keys: Vec<&String> = players[0].as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "deviation",
            "games",
            "history",
            "name",
            "provisional",
            "rank",
            "rating",
            "volatility"
        ]
    );
    let text = stdout(&["ratings", path]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Rank  Name  Rating  Deviation  Games", "{text}");
    assert_eq!(lines[1], "   1  Ann    1624?       ±253      2", "{text}");
    assert_eq!(lines[2], "   2  Cid    1500?       ±290      1", "{text}");
    assert_eq!(lines[3], "   3  Bob    1338?       ±290      1", "{text}");
    assert!(
        lines[4]
            == "? provisional: deviation above 110. Events: 1, rating periods: 1 (a calendar month each; a file without a date is one).",
        "{text}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn ratings_over_two_files_follow_the_players_from_event_to_event() {
    let dir = folder("ratings-two");
    let autumn = &written(&dir, "autumn.json", AUTUMN);
    let winter = &written(&dir, "winter.csv", WINTER);
    let v = json(&["ratings", autumn, winter, "--json"]);
    assert_eq!(
        (v["events"].as_u64(), v["periods"].as_u64()),
        (Some(2), Some(2))
    );
    let player = |name: &str| {
        v["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()
            .clone()
    };
    let bob = player("Bob");
    assert_eq!(bob["games"], 2);
    assert_eq!(bob["history"][1]["event"], 2);
    assert_eq!(bob["history"][1]["event_name"], "Winter");
    // Ann did not play the Winter event: her rating stays, less certain.
    let ann = player("Ann");
    assert!(close(&ann["rating"], 1623.6590), "{ann}");
    assert!(ann["deviation"].as_f64().unwrap() > 253.4046 + 0.1, "{ann}");
    assert_eq!(player("Dan")["games"], 1);
    // docs/tournament.md shows this run: its table is what the command
    // prints.
    let doc = include_str!("../../docs/tournament.md");
    let shown = doc
        .split("$ engine ratings autumn.json winter.csv\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/tournament.md shows engine ratings");
    assert_eq!(stdout(&["ratings", autumn, winter]), shown);
    // The order of the files is the order of the events.
    let reversed = json(&["ratings", winter, autumn, "--json"]);
    assert_ne!(reversed, v);
    assert_eq!(reversed["players"].as_array().unwrap().len(), 4);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn ratings_refuse_a_missing_or_malformed_file_naming_it() {
    let dir = folder("ratings-bad");
    let good = &written(&dir, "autumn.json", AUTUMN);
    let missing = dir.join("missing.json");
    let missing = missing.to_str().unwrap();
    let said = error(&["ratings", good, missing]);
    assert!(said.starts_with(&format!("engine: {missing}: ")), "{said}");
    let bad = &written(&dir, "bad.json", r#"{"game": "othello"}"#);
    let said = error(&["ratings", good, bad, "--json"]);
    let said: Value = serde_json::from_str(&said).unwrap();
    let message = said["error"].as_str().unwrap();
    assert!(message.starts_with(&format!("{bad}: ")), "{message}");
    assert!(message.contains("not a tournament file"), "{message}");
    let csv = written(
        &dir,
        "bad.csv",
        "tournament,nim,swiss,8,2\nplayer,Ann\ngame,1,Ann,Zed,1,0\n",
    );
    let said = error(&["ratings", &csv]);
    assert!(said.contains("bad.csv: Line 3:"), "{said}");
    // No file at all is a usage mistake, the same status.
    assert!(error(&["ratings"]).contains("FILE"));
    let _ = std::fs::remove_dir_all(dir);
}
