//! `engine match`, `engine openings` and the `engine train` pipeline as
//! the README runs them, in miniature.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use std::process::Command;

use mind_sports_engine::othello::notation::replay_from_start;
use mind_sports_engine::othello::{Color, Rules};
use serde_json::Value;

fn engine(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_engine"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("the engine binary runs");
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json(args: &[&str]) -> Value {
    let (ok, stdout, stderr) = engine(args);
    assert!(ok, "{args:?}: {stderr}");
    assert_eq!(
        stdout.trim().lines().count(),
        1,
        "one line of JSON: {stdout}"
    );
    serde_json::from_str(&stdout).unwrap()
}

/// Runs `engine args` and asserts that it fails saying `says`.
fn refused(args: &[&str], says: &str) {
    let (ok, _, stderr) = engine(args);
    assert!(!ok && stderr.contains(says), "{args:?}: {stderr}");
}

/// The JSON report of `engine match` with the options `words` (split at
/// spaces) and then `more` (which may hold spaces).
fn match_json(words: &str, more: &[&str]) -> Value {
    let args: Vec<&str> = ["match"]
        .into_iter()
        .chain(words.split_whitespace())
        .collect();
    json(&[&args[..], more, &["--json"]].concat())
}

fn temp(name: &str) -> String {
    format!("{}/{name}", env!("CARGO_TARGET_TMPDIR"))
}

#[test]
fn a_tiny_match_reports_a_consistent_tally() {
    let v = match_json(
        "--player pattern --opponent eval=handmade,depth=1 --depth 2 --count 2",
        &[],
    );
    assert_eq!(v["player"], "pattern depth 2");
    assert_eq!(v["opponent"], "handmade depth 1");
    assert_eq!(v["openings"], 2);
    let games = v["games"].as_u64().unwrap();
    assert_eq!(games, 4, "each opening with both colours");
    let (w, d, l) = (
        v["wins"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
        v["losses"].as_u64().unwrap(),
    );
    assert_eq!(w + d + l, games);
    let rate = v["score_rate"].as_f64().unwrap();
    assert!((rate - (w as f64 + 0.5 * d as f64) / games as f64).abs() < 1e-9);

    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 4);
    let margins: Vec<f64> = results
        .iter()
        .map(|r| r["disc_difference"].as_f64().unwrap())
        .collect();
    assert_eq!(margins.iter().filter(|&&m| m > 0.0).count() as u64, w);
    assert_eq!(margins.iter().filter(|&&m| m == 0.0).count() as u64, d);
    let mean = margins.iter().sum::<f64>() / 4.0;
    assert!((v["disc_difference"].as_f64().unwrap() - mean).abs() < 1e-9);
    let variance = margins.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / 4.0;
    let error = (variance / 4.0).sqrt();
    assert!((v["disc_difference_error"].as_f64().unwrap() - error).abs() < 1e-9);
    // The first two openings of the shipped file, each with both colours.
    let colours: Vec<&str> = results
        .iter()
        .map(|r| r["player_colour"].as_str().unwrap())
        .collect();
    assert_eq!(colours, ["black", "white", "black", "white"]);
    assert_eq!(results[0]["opening"], results[1]["opening"]);
    assert_ne!(results[1]["opening"], results[2]["opening"]);
    // Each game's record: its moves after the opening play it to the end,
    // won by the side the result says.
    for r in results {
        let record = format!(
            "{} {}",
            r["opening"].as_str().unwrap(),
            r["moves"].as_str().unwrap()
        );
        let end = replay_from_start(Rules::default(), &record).unwrap().last();
        assert!(end.is_over(), "{record}");
        let black = end.count(Color::Black) as i64 - end.count(Color::White) as i64;
        let ours = if r["player_colour"] == "black" {
            black
        } else {
            -black
        };
        let margin = r["disc_difference"].as_f64().unwrap();
        assert_eq!(
            ours.signum(),
            margin.signum() as i64 * i64::from(margin != 0.0),
            "{record}"
        );
    }
}

#[test]
fn the_match_text_names_the_sides_and_the_error_bar() {
    let (ok, stdout, stderr) = engine(&[
        "match",
        "--player",
        "handmade",
        "--opponent",
        "pattern",
        "--depth",
        "1",
        "--count",
        "2",
    ]);
    assert!(ok, "{stderr}");
    let lines: Vec<&str> = stdout.trim().lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(lines[0].starts_with("handmade depth 1 vs pattern depth 1: 4 games from 2 openings"));
    assert!(lines[1].contains("(W-D-L), score "), "{}", lines[1]);
    assert!(lines[1].contains(" ± "), "{}", lines[1]);
    assert!(lines[1].ends_with(" per game"), "{}", lines[1]);
}

#[test]
fn an_external_player_takes_one_side() {
    // The engine's own line-protocol player as the opponent: every answer
    // is a legal move (no faults), and the games add up.
    let player = format!("{} player othello", env!("CARGO_BIN_EXE_engine"));
    let v = match_json(
        "--player eval=handmade,depth=1 --time-ms 20 --count 2",
        &["--opponent-command", &player],
    );
    assert_eq!(v["games"], 4);
    assert_eq!(v["faults"], 0);
    assert!(v["opponent"].as_str().unwrap().contains("player othello"));
    // A player that answers nonsense: its faults are counted, the match ends.
    let v = match_json(
        "--player eval=handmade,depth=1 --opponent-request ping_{board}_{side} --count 1",
        &["--opponent-command", &player],
    );
    assert_eq!(v["games"], 2);
    assert!(v["faults"].as_u64().unwrap() > 0);
    // A command that is not a player, both kinds of one side, or a
    // request without the position (refused before any game).
    let not_a_player: &[&str] = &["--opponent-command", "/bin/false"];
    let both_kinds = &["--opponent", "handmade", "--opponent-command", &player];
    let no_position = &[
        "--opponent-command",
        &player,
        "--opponent-request",
        "play BOARD SIDE 600",
    ];
    for (opponent, says) in [
        (not_a_player, "line-protocol player"),
        (both_kinds, "one of them"),
        (no_position, "a request with {board} and {side}"),
    ] {
        let args = [
            &["match", "--player", "pattern"],
            opponent,
            &["--depth", "1"],
        ];
        refused(&args.concat(), says);
    }
}

#[test]
fn match_mistakes_are_named() {
    let depth = |d| ["--depth", d];
    let players = [
        ("pattern", vec![], "no search limit"),
        ("eval=pattern,speed=9", depth("1").to_vec(), "eval=, depth="),
        (
            "no/such/weights.bin",
            depth("1").to_vec(),
            "no/such/weights.bin",
        ),
        (
            "selective=maybe",
            depth("2").to_vec(),
            "selective=on or selective=off",
        ),
    ];
    for (player, limits, says) in players {
        let args = ["match", "--player", player, "--opponent", "handmade"];
        refused(&[&args[..], &limits].concat(), says);
    }
}

#[test]
fn openings_are_reproducible_and_balanced() {
    let args = [
        "openings",
        "--count",
        "3",
        "--seed",
        "5",
        "--depth",
        "2",
        "--max-eval",
        "2",
        "--json",
    ];
    let first = json(&args);
    assert_eq!(first["openings"].as_array().unwrap().len(), 3);
    assert_eq!(json(&args)["openings"], first["openings"]);
}

#[test]
fn the_training_pipeline_runs_end_to_end() {
    let positions = temp("positions.bin");
    let labels = temp("labels.bin");
    let weights = temp("weights.bin");
    let v = json(&[
        "train", "generate", "--games", "4", "--seed", "3", "--out", &positions, "--json",
    ]);
    assert!(v["unique"].as_u64().unwrap() > 100);
    let v = json(&[
        "train", "label", "--in", &positions, "--out", &labels, "--exact", "8", "--depth", "1",
        "--eval", "handmade", "--json",
    ]);
    assert!(v["exact"].as_u64().unwrap() >= 4 * 8);
    assert_eq!(
        v["exact"].as_u64().unwrap() + v["searched"].as_u64().unwrap(),
        v["positions"].as_u64().unwrap()
    );
    let v = json(&[
        "train",
        "fit",
        "--in",
        &labels,
        "--out",
        &weights,
        "--validation",
        "0",
        "--json",
    ]);
    assert_eq!(v["phases"].as_array().unwrap().len(), 12);
    assert!(v["bytes"].as_u64().unwrap() > 100);
    // The new weights play.
    let v = json(&[
        "match",
        "--player",
        &weights,
        "--opponent",
        "handmade",
        "--depth",
        "1",
        "--count",
        "1",
        "--json",
    ]);
    assert_eq!(v["games"], 2);
}

#[test]
fn the_othello_level_ladder_plays_each_level_against_the_one_below() {
    let v = json(&[
        "levels",
        "othello",
        "--count",
        "2",
        "--levels",
        "3",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(v["openings"], 2);
    let table = v["table"].as_array().unwrap();
    assert_eq!(table.len(), 2, "2 vs 1 and 3 vs 2: {v}");
    for (row, level) in table.iter().zip(2..) {
        assert_eq!(row["level"], level);
        assert_eq!(row["against"], level - 1);
        let games: u64 = ["wins", "draws", "losses"]
            .iter()
            .map(|k| row[k].as_u64().unwrap())
            .sum();
        assert_eq!(games, 4, "two openings, both colours");
    }
    refused(&["levels", "othello", "--levels", "9"], "--levels");
}

#[test]
fn a_match_can_turn_selective_search_off_and_names_it() {
    let v = match_json(
        "--player selective=off --opponent selective=on --depth 4 --count 1",
        &[],
    );
    assert_eq!(v["player"], "standard depth 4 not selective");
    assert_eq!(v["opponent"], "standard depth 4");
}
