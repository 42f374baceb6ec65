//! The `engine` command as club tooling uses it: one JSON object on stdout
//! with `--json`, errors on stderr with exit status 2.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

mod engine_command;

use engine_command::{error, json};
use serde_json::Value;

#[test]
fn perft_counts_leaves() {
    let v = json(&["perft", "othello", "6", "--json"]);
    assert_eq!(v["nodes"], 8200);
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    let v = json(&["perft", "othello", "3", "--size", "4", "--json"]);
    assert_eq!(v["nodes"], 44);
    let v = json(&["perft", "othello", "5", "--variant", "reversi", "--json"]);
    assert_eq!(v["nodes"], 96);
}

#[test]
fn replay_reports_the_position() {
    let v = json(&["replay", "othello", "f5d6c3d3c4f4f6f3e6e7", "--json"]);
    assert_eq!(
        v["board"],
        "------------------XO-O----XXOO-----XOX-----OOX------O-----------"
    );
    assert_eq!(v["to_move"], "X");
    assert_eq!(
        (v["black"].as_u64(), v["white"].as_u64()),
        (Some(6), Some(8))
    );
    assert_eq!(v["over"], false);
    assert_eq!(v["score"], Value::Null);
}

#[test]
fn replay_of_a_finished_game_scores_it() {
    // The shortest possible game: black wipes out white in 9 moves.
    let v = json(&["replay", "othello", "e6f4e3f6g5d6e7f5c5", "--json"]);
    assert_eq!(v["over"], true);
    assert_eq!(v["to_move"], Value::Null);
    assert_eq!(v["white"], 0);
    assert_eq!(v["score"], "64-0");
}

#[test]
fn solve_finds_ffo_40() {
    let v = json(&[
        "solve",
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        "--json",
    ]);
    assert_eq!(v["solved"], true);
    assert_eq!(v["best"], "a2");
    assert_eq!(v["score"], 38);
    assert!(v["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn solve_on_two_threads_proves_the_one_thread_score() {
    // FFO #40 (20 empties): the parallel solver splits it.
    let board = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    let one = json(&["solve", board, "--json"]);
    let two = json(&["solve", board, "--threads", "2", "--json"]);
    assert_eq!(
        (&one["solved"], &two["solved"]),
        (&Value::Bool(true), &Value::Bool(true))
    );
    assert_eq!(one["score"], 38, "{one}");
    assert_eq!(two["score"], one["score"], "{two}");
    assert_eq!(
        (one["threads"].as_u64(), two["threads"].as_u64()),
        (Some(1), Some(2))
    );
    let v = json(&[
        "search",
        "othello",
        "--moves",
        "f5d6",
        "--depth",
        "8",
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(
        (v["depth"].as_u64(), v["threads"].as_u64()),
        (Some(8), Some(2))
    );
    assert!(v["best"].is_string(), "{v}");
    for bad in ["0", "65", "x", "+2", "2.5"] {
        let e = error(&["solve", "XO- X", "--threads", bad]);
        assert!(
            e.contains("is not a number of threads from 1 to 64"),
            "{bad}: {e}"
        );
    }
    let e = error(&[
        "search",
        "othello",
        "--moves",
        "f5",
        "--depth",
        "3",
        "--threads",
        "0",
    ]);
    assert!(
        e.contains("--threads: \"0\" is not a number of threads from 1 to 64"),
        "{e}"
    );
    assert!(engine_command::stdout(&["help", "solve"]).contains("--threads <N>"));
    assert!(
        engine_command::stdout(&["player", "othello", "--help"]).contains("Young Brothers Wait")
    );
}

#[test]
fn search_gives_a_move_a_score_and_a_line() {
    let v = json(&[
        "search", "othello", "--moves", "f5d6", "--depth", "6", "--json",
    ]);
    assert_eq!(v["depth"], 6);
    let pv = v["pv"].as_array().unwrap();
    assert_eq!(pv.len(), 6);
    assert_eq!(v["best"], pv[0]);
    let v = json(&[
        "search",
        "othello",
        "--board",
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        "--time-ms",
        "20000",
        "--json",
    ]);
    assert_eq!(v["best"], "a2");
    assert_eq!(v["score"], 38.0);
    assert_eq!(v["exact"], true);
}

#[test]
fn bench_solves_a_range_of_ffo_endgames() {
    let v = json(&["bench", "--ffo", "1-3", "--json"]);
    let solved = v["ffo"].as_array().unwrap();
    let numbers: Vec<u64> = solved
        .iter()
        .map(|e| e["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [1, 2, 3]);
    assert!(solved.iter().all(|e| e["correct"] == true), "{v}");
    assert!(error(&["bench", "--ffo", "9-3"]).contains("--ffo: \"9-3\""));
}

#[test]
fn bad_input_is_a_clear_error() {
    assert!(error(&["replay", "othello", "f5 d6 c9"])
        .contains("move 3 (c9, character 7): not a square"));
    assert!(error(&["replay", "othello", "f5 d6 a1"]).contains("move 3 (a1): illegal for black"));
    assert!(error(&["perft", "othello", "x"]).contains("DEPTH: \"x\" is not a depth"));
    assert!(error(&["perft", "chess", "3"]).contains("unknown game \"chess\""));
    assert!(error(&["perft", "othello", "3", "--size", "5"])
        .contains("--size: \"5\" is not a board size"));
    assert!(error(&["solve", "XO- X"]).contains("16, 36 or 64 squares"));
    assert!(error(&["search", "othello", "--moves", "f5"]).contains("give a limit"));
    assert!(error(&["frobnicate"]).contains("unknown command"));
    assert!(error(&[]).contains("no command"));
    let e = error(&["replay", "othello", "zz", "--json"]);
    let v: Value = serde_json::from_str(&e).unwrap();
    assert!(v["error"]
        .as_str()
        .unwrap()
        .contains("move 1 (zz, character 1)"));
}

#[test]
fn opok_commands() {
    let v = json(&["perft", "opok", "2", "--size", "3", "--json"]);
    assert_eq!(v["nodes"], 492);
    let v = json(&["replay", "opok", "a1:3:b3 e5:1:e4", "--json"]);
    assert_eq!(
        v["board"],
        "c22,.,.,.,./.,.,.,.,./.,c3,.,.,./.,.,.,.,s1/.,.,.,.,s24"
    );
    assert_eq!(v["to_move"], "c");
    assert_eq!(
        (v["circles"].as_u64(), v["squares"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(v["over"], false);
    let v = json(&[
        "search", "opok", "--size", "3", "--moves", "", "--depth", "16", "--json",
    ]);
    assert_eq!(v["score"], 3.0);
    assert_eq!(v["exact"], true);
    let v = json(&[
        "search",
        "opok",
        "--position",
        "c9,.,./.,.,./.,.,s9 c",
        "--depth",
        "2",
        "--json",
    ]);
    assert_eq!(v["depth"], 2);
    assert!(error(&["replay", "opok", "a1:3:b3 e5:1:zz"]).contains("move 2 (e5:1:zz): not a move"));
    assert!(error(&["search", "opok", "--position", "c9,.,. c", "--depth", "2"]).contains("rows"));
    assert!(error(&["perft", "opok", "2", "--size", "10"]).contains("--size"));
}

#[test]
fn nim_command() {
    let v = json(&["nim", "nim:11 nim:5 nim:12 nim:20", "--json"]);
    assert_eq!(v["nimsum"], 22);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["values"], serde_json::json!([11, 5, 12, 20]));
    assert_eq!(v["winning_moves"], serde_json::json!(["4:18"]));
    let v = json(&["nim", "nim:1 nim:1", "--misere", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["nimsum"], Value::Null);
    let v = json(&["nim", "half:9 sub{1,3,4}:10 dim:12", "--json"]);
    assert_eq!(v["values"], serde_json::json!([2, 1, 3]));
    assert!(error(&[
        "nim",
        "half:1000000 dim:999999 sub{1,2}:1000000",
        "--misere"
    ])
    .contains("budget"));
    assert!(error(&["nim", "chess:3"]).contains("unknown rule"));
    assert!(error(&["nim", "sub{0,1}:3"]).contains("contains 0"));
}

#[test]
fn take_away_games_answer_for_any_u64_heap() {
    let value = |position: &str| json(&["nim", position, "--json"]);
    let v = value("nim:9223372036854775807 nim:1");
    assert_eq!(v["nimsum"], 9_223_372_036_854_775_806u64);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!(["1:9223372036854775806"])
    );
    assert_eq!(
        value("dim:4611686018427387904")["values"],
        serde_json::json!([63])
    );
    assert_eq!(
        value("aliquot:3458764513820540928")["values"],
        serde_json::json!([60])
    );
    assert_eq!(
        value("evenodd:1000000000000001")["values"],
        serde_json::json!([500_000_000_000_001u64])
    );
    assert_eq!(
        value("half:1000000000000007")["values"],
        serde_json::json!([62_500_000_000_000u64])
    );
    let v = value("sub{2000000}:1000000000000");
    assert_eq!(
        (v["nimsum"].as_u64(), v["outcome"].as_str()),
        (Some(0), Some("P"))
    );
    assert!(error(&["nim", "nim:18446744073709551616"]).contains("not a whole number"));
    assert!(error(&["nim", "sub{10000000}:5"]).contains("period is too long"));
    // Misère search that cannot finish says so, within its budget.
    assert!(error(&["nim", "half:1000000000000", "--misere"]).contains("not solved exactly"));
}

#[test]
fn solve_and_perft_honour_their_limits() {
    let start = "---------------------------OX------XO--------------------------- X";
    let v = json(&["solve", start, "--time-ms", "200", "--json"]);
    assert_eq!(v["solved"], false);
    assert!(v["lower"].as_i64().unwrap() <= v["upper"].as_i64().unwrap());
    assert!(v["seconds"].as_f64().unwrap() < 10.0, "{v}");
    // A perft that cannot finish within its limit is refused at once
    // (issue 27, item 19: it ran for the whole ten minutes), saying why.
    for args in [
        &["perft", "othello", "40"][..],
        &["perft", "othello", "40", "--time-ms", "100"],
        &["perft", "othello", "16", "--time-ms", "60000"],
        &["perft", "opok", "40", "--time-ms", "100"],
    ] {
        let started = std::time::Instant::now();
        let e = error(args);
        assert!(
            e.contains("would take about") || e.contains("did not finish"),
            "{args:?}: {e}"
        );
        assert!(started.elapsed().as_secs_f64() < 3.0, "{args:?}: {e}");
    }
    let e = error(&["perft", "othello", "40"]);
    assert!(e.contains("perft 40 would take about"), "{e}");
    assert!(e.contains("more than its limit of 600000 ms"), "{e}");
}

/// Issue 27, item 19: help for every command, one reading of numbers,
/// errors that say what was expected, shell completions.
#[test]
fn help_numbers_and_completions() {
    for args in [
        &["--help"][..],
        &["help"],
        &["help", "solve"],
        &["solve", "--help"],
    ] {
        let out = engine_command::stdout(args);
        assert!(out.contains("Usage: engine"), "{args:?}: {out}");
    }
    assert!(engine_command::stdout(&["help", "solve"]).contains("--time-ms <T>"));
    let perft = engine_command::stdout(&["help", "perft", "othello"]);
    assert!(perft.contains("<DEPTH>"), "{perft}");
    assert!(perft.contains("refused at once"), "{perft}");
    let v = json(&["help", "nim", "--json"]);
    assert!(v["help"].as_str().unwrap().contains("--misere"), "{v}");
    // Numbers are ASCII digits only, everywhere, and the error says what
    // was expected.
    for (args, said) in [
        (
            &["perft", "othello", "+5"][..],
            "DEPTH: \"+5\" is not a depth from 0 to 60",
        ),
        (&["perft", "othello", " 5"], "DEPTH: \" 5\" is not a depth"),
        (
            &["search", "othello", "--moves", "f5", "--time-ms", "1e3"],
            "--time-ms: \"1e3\" is not a time in milliseconds",
        ),
        (
            &["search", "othello", "--moves", "f5", "--depth", "+5"],
            "--depth: \"+5\" is not a depth from 1 to 200",
        ),
        (
            &["nim", "nim:3", "--budget", "1e3"],
            "--budget: \"1e3\" is not a number of positions",
        ),
        (
            &["levels", "opok", "--time-scale", "1e-1"],
            "--time-scale: \"1e-1\" is not a factor from 0.01 to 1",
        ),
        (
            &["calibrate", "othello", "--positions", "+3"],
            "--positions: \"+3\"",
        ),
        (&["openings", "--plies", " 6-8"], "--plies: \" 6-8\""),
        (
            &["match", "--player", "depth=1e1", "--opponent", "standard"],
            "configuration: \"depth=1e1\"",
        ),
        (
            &["diagram", "othello", "--px", "+480"],
            "--px: \"+480\" is not a width in pixels",
        ),
    ] {
        let e = error(args);
        assert!(e.contains(said), "{args:?}: {e}");
        assert!(e.contains("digits 0-9"), "{args:?}: {e}");
    }
    let e = error(&["frobnicate", "--json"]);
    let v: Value = serde_json::from_str(e.trim()).unwrap();
    assert_eq!(
        v["error"],
        "unknown command \"frobnicate\" (try `engine help`)"
    );
    for shell in ["bash", "zsh", "fish"] {
        let script = engine_command::stdout(&["completions", shell]);
        assert!(
            script.contains("engine") && script.contains("perft"),
            "{shell}"
        );
    }
    assert!(error(&["completions", "elvish"]).contains("not one of bash, zsh, fish"));
}

#[test]
fn a_time_loss_is_scored_by_the_world_rules() {
    let score = |args: &[&str]| json(args)["score"].as_str().unwrap().to_string();
    // After f5 Black has 4 discs to 1: if Black runs out of time, White
    // wins 33–31; if White does, the discs stand and the empties go to
    // Black.
    assert_eq!(
        score(&["replay", "othello", "f5", "--time-loss", "black", "--json"]),
        "31-33"
    );
    assert_eq!(
        score(&["replay", "othello", "f5", "--time-loss", "white", "--json"]),
        "63-1"
    );
    // Equal discs do not favour the one who ran out of time.
    assert_eq!(
        score(&[
            "replay",
            "othello",
            "f5d6c3d3c4f4",
            "--time-loss",
            "black",
            "--json"
        ]),
        "5-59"
    );
    // On 6×6 the favoured loser's score is 17–19.
    assert_eq!(
        score(&[
            "replay",
            "othello",
            "e4",
            "--size",
            "6",
            "--time-loss",
            "black",
            "--json"
        ]),
        "17-19"
    );
    assert_eq!(
        score(&[
            "replay",
            "othello",
            "",
            "--size",
            "4",
            "--time-loss",
            "white",
            "--json"
        ]),
        "14-2"
    );
    // The winner completed the game (seed 004): at least a one-disc win.
    use mind_sports_engine::othello::notation::format_transcript;
    use mind_sports_engine::othello::{BoardSize, Color, Position, Rules, Variant};
    for size in [4u8, 8] {
        let board = if size == 4 {
            BoardSize::Four
        } else {
            BoardSize::Eight
        };
        let mut end = Position::start(Rules::new(board, Variant::Standard));
        let mut moves = Vec::new();
        while !end.is_over() {
            let mv = end.moves()[0];
            moves.push(mv);
            end = end.play(mv);
        }
        let transcript = format_transcript(&moves);
        let size = size.to_string();
        for (loser, color) in [("black", Color::Black), ("white", Color::White)] {
            let args = [
                "replay",
                "othello",
                &transcript,
                "--size",
                &size,
                "--time-loss",
                loser,
                "--completed",
                "--json",
            ];
            let expected = end.completed_time_loss_outcome(color).unwrap();
            assert_eq!(
                score(&args),
                format!("{}-{}", expected.black, expected.white)
            );
        }
    }
    // --completed needs a finished game and a side.
    error(&[
        "replay",
        "othello",
        "f5",
        "--time-loss",
        "white",
        "--completed",
    ]);
    error(&["replay", "othello", "f5", "--completed"]);
    error(&["replay", "othello", "f5", "--time-loss", "grey"]);
    error(&[
        "replay",
        "othello",
        "f5",
        "--variant",
        "anti",
        "--time-loss",
        "black",
    ]);
}

#[test]
fn standings_of_a_tournament_file() {
    let dir = std::env::temp_dir().join(format!("mind-sports-club-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("event.json");
    // 6×6 over 8 rounds: c = 5 (4.5 rounds up); B withdrew; C had a bye.
    std::fs::write(
        &file,
        r#"{"game": "othello", "size": 6, "rounds": 8,
        "players": [{"name": "A"}, {"name": "B", "withdrawn_after": 1}, {"name": "C"}],
        "games": [{"round": 1, "black": "A", "white": "B", "score": [20, 16]}, {"round": 1, "bye": "C"},
                  {"round": 2, "black": "A", "white": "C", "score": [18, 18]}]}"#,
    )
    .unwrap();
    let v = json(&["standings", file.to_str().unwrap(), "--json"]);
    let rows = v["standings"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["A", "C", "B"]);
    assert_eq!(rows[0]["brightwell"], 51.0);
    assert_eq!(rows[1]["brightwell"], 51.0);
    assert_eq!(rows[2]["brightwell"], 23.5);
    assert_eq!(rows[0]["discs"], 38.0);
    std::fs::write(&file, "{\"game\": \"othello\"}").unwrap();
    assert!(error(&["standings", file.to_str().unwrap()]).contains("not a tournament file"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn pair_the_next_round_of_a_tournament_file() {
    let dir = std::env::temp_dir().join(format!("mind-sports-pair-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("event.json");
    let path = file.to_str().unwrap();
    // A Swiss (the default format) after round 1; Fay withdrew after it.
    std::fs::write(
        &file,
        r#"{"game": "othello", "rounds": 5,
        "players": [{"name": "Ann", "rating": 1900}, {"name": "Bob", "rating": 1800},
                    {"name": "Cid", "rating": 1700}, {"name": "Dan", "rating": 1600},
                    {"name": "Eve", "rating": 1500}, {"name": "Fay", "withdrawn_after": 1}],
        "games": [{"round": 1, "black": "Ann", "white": "Dan", "score": [40, 24]},
                  {"round": 1, "black": "Eve", "white": "Bob", "score": [20, 44]},
                  {"round": 1, "black": "Cid", "white": "Fay", "score": [32, 32]}]}"#,
    )
    .unwrap();
    let v = json(&["pair", path, "--json"]);
    // Ann and Bob (1 point) meet, Cid (½) meets Dan; Eve, last on the
    // Brightwell quotient among the players on 0, has the bye. Colours
    // alternate from round 1.
    assert_eq!(
        v,
        serde_json::json!({"round": 2, "bye": "Eve", "pairs": [
            {"black": "Bob", "white": "Ann"}, {"black": "Dan", "white": "Cid"}]})
    );
    // A round robin: the first round of the Berger table.
    std::fs::write(
        &file,
        r#"{"game": "nim", "format": "round-robin", "rounds": 3,
        "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}, {"name": "Dan"}],
        "games": []}"#,
    )
    .unwrap();
    let v = json(&["pair", path, "--json"]);
    assert_eq!(v["round"], 1);
    assert_eq!(v["bye"], Value::Null);
    assert_eq!(v["pairs"].as_array().unwrap().len(), 2);
    // A finished tournament, and a file that is not one.
    std::fs::write(
        &file,
        r#"{"game": "nim", "rounds": 1, "players": [{"name": "Ann"}, {"name": "Bob"}],
        "games": [{"round": 1, "black": "Ann", "white": "Bob", "score": [1, 0]}]}"#,
    )
    .unwrap();
    assert!(error(&["pair", path, "--json"]).contains("finished"));
    std::fs::write(&file, r#"{"game": "nim", "format": "knockout"}"#).unwrap();
    assert!(error(&["pair", path]).contains("not a tournament file"));
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 27, item 29: `engine standings` and `engine pair` read what the
/// page saves (its CSV, a JSON file with a byte order mark) by the page's
/// one reader; a name with escape sequences never reaches the terminal;
/// a bye gives 0 discs, never "-0".
#[test]
fn the_commands_read_what_the_page_saves_and_print_names_harmlessly() {
    let dir = std::env::temp_dir().join(format!("mind-sports-club-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    // The page's tournament CSV: round 1 of five players, Eva's bye.
    let csv = "record,game,format,size,rounds,name,place,date\r\n\
               tournament,othello,swiss,8,4,\"Spring Open\",\"Praha\",2027-03-14\r\n\
               player,\"Ann\",1850,,\r\nplayer,\"Bob\",,,\r\nplayer,\"Cid\",,,\r\n\
               player,\"Dan\",,,\r\nplayer,\"Eva\",,,\r\n\
               game,1,\"Ann\",\"Bob\",40,24\r\ngame,1,\"Cid\",\"Dan\",33,31\r\nbye,1,\"Eva\"\r\n";
    std::fs::write(path("t.csv"), csv).unwrap();
    let v = json(&["standings", &path("t.csv"), "--json"]);
    let eva = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "Eva")
        .unwrap()
        .clone();
    assert_eq!(eva["discs"].to_string(), "0.0", "{eva}");
    assert_eq!(eva["brightwell_sum"]["set_aside"], 1);
    assert_eq!(v["brightwell_c"], 16);
    let text = engine_command::stdout(&["standings", &path("t.csv")]);
    assert!(!text.contains("-0"), "{text}");
    assert!(
        text.contains("Eva 1 (BQ 48 = 0 + 16 × 0 + 1 × 48, discs 0)"),
        "{text}"
    );
    assert_eq!(json(&["pair", &path("t.csv"), "--json"])["round"], 2);
    // The same tournament as JSON with a byte order mark.
    let exported = mind_sports_core::club::csv::read(csv).unwrap().to_text();
    std::fs::write(path("t.json"), format!("\u{feff}{exported}")).unwrap();
    assert_eq!(json(&["standings", &path("t.json"), "--json"]), v);
    // Escape sequences in a name: refused, and the refusal shows them
    // harmless.
    let hostile = "tournament,nim,swiss,8,2\nplayer,\"\u{1b}]0;owned\u{7}\u{1b}[2J\"\nplayer,Bob\n";
    std::fs::write(path("bad.csv"), hostile).unwrap();
    for command in ["standings", "pair"] {
        let said = error(&[command, &path("bad.csv")]);
        assert!(
            !said.contains('\u{1b}') && !said.contains('\u{7}'),
            "{said:?}"
        );
        assert!(
            said.contains("Line 2: The name of player 1 has a control character (U+001B)."),
            "{said}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}
