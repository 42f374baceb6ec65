//! The shipped Othello puzzles (data/othello-puzzles.json): enough of every
//! kind, each proved again from its position, no two alike under the
//! board's symmetries; generation is reproducible; a bad file is a clear
//! error.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{HashMap, HashSet};
mod engine_command;

use engine_command::{engine, json};
use serde_json::Value;

#[test]
fn the_shipped_set_has_every_kind_and_each_puzzle_holds() {
    let export = json(&["puzzles", "export", "--json"]);
    let puzzles = export["puzzles"].as_array().unwrap();
    assert!(puzzles.len() >= 300, "{} puzzles", puzzles.len());
    let mut kinds: HashMap<&str, usize> = HashMap::new();
    let mut ids = HashSet::new();
    for p in puzzles {
        *kinds.entry(p["kind"].as_str().unwrap()).or_default() += 1;
        assert!(ids.insert(p["id"].as_str().unwrap()), "ids are unique");
        let board = p["board"].as_str().unwrap();
        assert_eq!(board.len(), 66, "BOARD SIDE: {board}");
        assert!(!p["solution"].as_array().unwrap().is_empty());
        let rating = p["rating"].as_u64().unwrap();
        assert!((600..=2600).contains(&rating));
    }
    for kind in [
        "best-move",
        "only-move",
        "corner",
        "wipeout",
        "parity",
        "exact-score",
    ] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) >= 30,
            "{kind}: {kinds:?}"
        );
    }
    // Every answer proved again from scratch, and no repeats under symmetry.
    let check = json(&["puzzles", "check", "--threads", "2", "--json"]);
    assert_eq!(check["checked"].as_u64().unwrap() as usize, puzzles.len());
    assert_eq!(check["failed"], Value::Array(Vec::new()));
    assert_eq!(check["repeated"], Value::Array(Vec::new()));
}

#[test]
fn generation_is_reproducible_and_checked() {
    let dir = std::env::temp_dir().join(format!("mind-sports-puzzles-{}", std::process::id()));
    let files: Vec<String> = (0..2)
        .map(|i| {
            dir.join(format!("p{i}.json"))
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    for file in &files {
        let report = json(&[
            "puzzles", "generate", "--count", "12", "--games", "60", "--seed", "7", "--out", file,
            "--json",
        ]);
        assert_eq!(report["puzzles"], 12);
    }
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    assert_eq!(texts[0], texts[1], "the same seed gives the same puzzles");
    let check = json(&["puzzles", "check", "--in", &files[0], "--json"]);
    assert_eq!(check["failed"], Value::Array(Vec::new()));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_wrong_answer_or_a_bad_file_is_refused() {
    let dir = std::env::temp_dir().join(format!("mind-sports-bad-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let export = json(&["puzzles", "export", "--json"]);
    let puzzles = export["puzzles"].as_array().unwrap();
    let of_kind = |kind: &str| puzzles.iter().find(|p| p["kind"] == kind).unwrap().clone();
    // A wrong score, a wrong kind: the check proves them wrong.
    let mut wrong_score = of_kind("exact-score");
    wrong_score["score"] = Value::from(wrong_score["score"].as_i64().unwrap() + 2);
    let mut wrong_kind = of_kind("best-move");
    wrong_kind["kind"] = Value::from("wipeout");
    for (name, puzzle) in [("score", wrong_score), ("kind", wrong_kind)] {
        let file = dir.join(format!("wrong-{name}.json"));
        std::fs::write(
            &file,
            serde_json::json!({ "puzzles": [puzzle] }).to_string(),
        )
        .unwrap();
        let out = engine(&["puzzles", "check", "--in", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "a wrong {name} passed");
        // With --json the report says what was checked and what failed,
        // on stdout, as when every puzzle holds (not {"error": …}).
        let out = engine(&["puzzles", "check", "--in", file.to_str().unwrap(), "--json"]);
        assert_eq!(out.status.code(), Some(2));
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["checked"], 1, "{report}");
        assert_eq!(report["failed"].as_array().unwrap().len(), 1, "{report}");
        assert!(report.get("error").is_none());
    }
    for text in [
        "",
        "{",
        "{\"puzzles\": 3}",
        "{\"puzzles\": [{\"board\": \"nonsense\"}]}",
        "\u{0}\u{fffd}",
    ] {
        let bad = dir.join("bad.json");
        std::fs::write(&bad, text).unwrap();
        let out = engine(&["puzzles", "check", "--in", bad.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{text:?}");
        assert!(!out.stderr.is_empty());
    }
    let out = engine(&["puzzles", "frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(dir);
}
