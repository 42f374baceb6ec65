//! `engine nboard`: sessions of the NBoard protocol driven from memory, and
//! once through the real binary.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Stdio};

use mind_sports_cli::nboard::serve;
use mind_sports_engine::othello::ggf::{self, GgfGame};
use mind_sports_engine::othello::notation::replay;
use mind_sports_engine::othello::{Move, Position, Rules};

/// The replies of a session fed `input`, line by line.
fn session(input: &str) -> Vec<String> {
    let mut output = Vec::new();
    serve(input.as_bytes(), &mut output).expect("in-memory i/o does not fail");
    String::from_utf8(output)
        .expect("replies are UTF-8")
        .lines()
        .map(String::from)
        .collect()
}

fn start() -> Position {
    Position::start(Rules::default())
}

fn ggf_of(moves: &str) -> String {
    let game = replay(start(), moves).unwrap();
    ggf::write(&GgfGame::new(start(), game.moves))
}

/// The move of a `=== MOVE/EVAL/TIME` reply, lowercase.
fn go_move(replies: &[String]) -> String {
    let line = replies
        .iter()
        .find(|l| l.starts_with("=== "))
        .unwrap_or_else(|| panic!("no === reply in {replies:?}"));
    let fields: Vec<&str> = line["=== ".len()..].split('/').collect();
    assert_eq!(fields.len(), 3, "{line}");
    fields[1].parse::<f64>().expect("eval is a number");
    fields[2].parse::<f64>().expect("time is a number");
    fields[0].to_ascii_lowercase()
}

#[test]
fn ping_and_handshake() {
    let replies = session("nboard 2\nping 1\n");
    assert_eq!(replies, ["set myname MindSports", "pong 1"]);
}

#[test]
fn go_from_the_start_plays_an_opening_move() {
    let replies = session(&format!(
        "nboard 2\nset game {}\nset depth 4\ngo\nping 2\n",
        ggf_of("")
    ));
    let mv = go_move(&replies);
    assert!(
        ["d3", "c4", "f5", "e6"].contains(&mv.as_str()),
        "{replies:?}"
    );
    assert_eq!(replies.last().map(String::as_str), Some("pong 2"));
    assert!(
        !replies.iter().any(|l| l.starts_with("status error")),
        "{replies:?}"
    );
}

#[test]
fn hint_scores_the_best_moves_after_f5() {
    let replies = session("set depth 4\nmove F5\nhint 3\n");
    let searches: Vec<&String> = replies
        .iter()
        .filter(|l| l.starts_with("search "))
        .collect();
    assert_eq!(searches.len(), 3, "{replies:?}");
    let after_f5 = replay(start(), "f5").unwrap().last();
    let legal: Vec<String> = after_f5.moves().iter().map(Move::to_string).collect();
    let mut evals = Vec::new();
    for line in searches {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields.len(), 5, "{line}");
        assert!(legal.contains(&fields[1].to_ascii_lowercase()), "{line}");
        assert_eq!(fields[1], fields[1].to_ascii_uppercase(), "{line}");
        evals.push(fields[2].parse::<f64>().expect("eval is a number"));
        assert_eq!(fields[3], "0");
        assert_eq!(fields[4], "4");
    }
    assert!(
        evals.windows(2).all(|w| w[0] >= w[1]),
        "best first: {evals:?}"
    );
}

#[test]
fn moves_with_evals_and_bad_moves() {
    let replies = session("move f5/0.5/1.2\nmove a1\nmove zz\nset depth 2\nhint 1\n");
    assert_eq!(replies.len(), 3, "{replies:?}");
    assert_eq!(replies[0], "status error: a1 is illegal for white");
    assert!(replies[1].starts_with("status error:"), "{replies:?}");
    // The game went on from f5 alone: white's replies are d6, f6, f4.
    assert!(
        ["D6", "F6", "F4"]
            .iter()
            .any(|m| replies[2].starts_with(&format!("search {m} "))),
        "{replies:?}"
    );
}

#[test]
fn a_bad_game_keeps_the_previous_one() {
    let replies = session(&format!(
        "set game {}\nset game (;GM[Othello]B[f5];)\nset depth 2\nhint 10\n",
        ggf_of("f5d6")
    ));
    assert_eq!(replies[0], "status error: missing BO[...] board");
    // Hints for every move after f5 d6 show that game is still on.
    let after = replay(start(), "f5d6").unwrap().last();
    let searches = replies.iter().filter(|l| l.starts_with("search ")).count();
    assert_eq!(searches, after.moves().len().min(10), "{replies:?}");
}

#[test]
fn a_finished_game_gets_no_move_and_no_hints() {
    // The shortest game: black wipes out white in nine moves.
    let replies = session(&format!(
        "set game {}\nhint 5\ngo\nping 3\n",
        ggf_of("e6f4e3f6g5d6e7f5c5")
    ));
    assert_eq!(
        replies,
        ["status error: the game is over", "pong 3"],
        "{replies:?}"
    );
}

#[test]
fn a_forced_pass_is_played_as_pa() {
    // Find a position where the side to move must pass.
    let mut rng = mind_sports_engine::rng::Rng::new(3);
    let moves = loop {
        let mut position = start();
        let mut moves = Vec::new();
        while !position.must_pass() && !position.is_over() {
            let mv = *rng.choose(&position.moves()).unwrap();
            moves.push(mv);
            position = position.play(mv);
        }
        if position.must_pass() {
            break moves;
        }
    };
    let game = ggf::write(&GgfGame::new(start(), moves));
    let replies = session(&format!("set game {game}\nset depth 3\ngo\nhint 2\n"));
    assert_eq!(go_move(&replies), "pa");
    let searches: Vec<&String> = replies
        .iter()
        .filter(|l| l.starts_with("search "))
        .collect();
    assert_eq!(searches.len(), 1, "{replies:?}");
    assert!(searches[0].starts_with("search PA "), "{replies:?}");
}

#[test]
fn garbage_does_not_end_the_session() {
    let mut input = b"\n   \nfoo bar\nset depth 0\nset depth x\nset\nhint\nhint x\nmove\nset game\nset game (;\nset contempt 5\nlearn\nanalyze\n".to_vec();
    input.extend_from_slice(b"\xff\xfe not utf-8\n\xe2\x98\x83\n");
    input.extend_from_slice(b"ping 9\nquit\nping 10\n");
    let mut output = Vec::new();
    serve(&input[..], &mut output).unwrap();
    let text = String::from_utf8(output).unwrap();
    let replies: Vec<&str> = text.lines().collect();
    assert_eq!(replies.last(), Some(&"pong 9"), "{replies:?}");
    assert!(!text.contains("pong 10"), "quit ends the session");
    assert!(
        replies.contains(&"status unknown command foo"),
        "{replies:?}"
    );
    assert!(
        replies.contains(&"status error: depth must be from 1 to 60"),
        "{replies:?}"
    );
}

/// What the engine binary run with `args` answers to `input`.
fn binary_session(args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_engine"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine binary runs");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn the_binary_speaks_nboard() {
    let out = binary_session(&["nboard"], b"nboard 2\nping 7\nquit\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("pong 7"), "{stdout}");
    assert!(stdout.contains("set myname MindSports"), "{stdout}");
}

#[test]
fn threads_are_set_by_the_command_line_and_by_the_gui() {
    // `set threads` and `set cores` are taken without a reply (a wrong
    // number is answered with an error) and the searches after them run.
    let replies = session(&format!(
        "set game {}\nset threads 2\nset depth 6\ngo\nset cores 0\nset cores 2\nhint 2\nping 3\n",
        ggf_of("f5")
    ));
    assert!(!go_move(&replies).is_empty());
    assert_eq!(
        replies
            .iter()
            .filter(|l| l.starts_with("status error"))
            .collect::<Vec<_>>(),
        ["status error: cores must be from 1 to 64"]
    );
    assert_eq!(
        replies.iter().filter(|l| l.starts_with("search ")).count(),
        2
    );
    assert_eq!(replies.last().unwrap(), "pong 3");
    let out = binary_session(
        &["nboard", "--threads", "2"],
        b"set depth 8\ngo\nping 1\nquit\n",
    );
    let lines: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert!(
        ["d3", "c4", "f5", "e6"].contains(&go_move(&lines).as_str()),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "pong 1");
}
