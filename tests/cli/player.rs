//! `engine player othello`: a whole game through the real binary, every
//! move checked by the rules, and arbitrary input answered line by line.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use mind_sports_cli::player::{serve, Player};
use mind_sports_engine::othello::notation::board_text;
use mind_sports_engine::othello::{Position, Rules};
use proptest::prelude::*;

#[test]
fn a_whole_game_between_two_levels_through_the_binary() {
    // On two threads: the parallel search and solver play every move.
    let mut child = Command::new(env!("CARGO_BIN_EXE_engine"))
        .args(["player", "othello", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut ready = String::new();
    output.read_line(&mut ready).unwrap();
    assert_eq!(ready, "= ready\n");
    let mut ask = |line: &str| {
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
        let mut answer = String::new();
        output.read_line(&mut answer).unwrap();
        answer.trim_end().to_string()
    };
    assert_eq!(ask("ping"), "= pong");
    assert_eq!(ask("new"), "= ok");
    let mut position = Position::start(Rules::default());
    let mut plies = 0;
    while !position.is_over() {
        // Black plays the strongest level, White level 2.
        let level = if plies % 2 == 0 { 7 } else { 2 };
        assert_eq!(ask(&format!("level {level}")), "= ok");
        let answer = ask(&format!("play {} 20", board_text(&position)));
        let fields: Vec<&str> = answer.split(' ').collect();
        assert_eq!(fields.len(), 5, "{answer}");
        let mv = position
            .moves()
            .into_iter()
            .find(|m| m.to_string() == fields[1])
            .unwrap_or_else(|| panic!("{answer}: not legal in {}", board_text(&position)));
        position = position.play(mv);
        plies += 1;
        assert!(plies <= 120, "the game does not end");
    }
    assert_eq!(
        ask(&format!("play {} 20", board_text(&position)))
            .split(' ')
            .nth(1),
        Some("none")
    );
    writeln!(input, "quit").unwrap();
    drop(input);
    assert!(child.wait().unwrap().success());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any lines but `quit` get one answer each, `= …` or `? …`.
    #[test]
    fn every_line_is_answered(lines in proptest::collection::vec("[^\n]{0,80}", 0..8)) {
        let lines: Vec<&String> = lines.iter().filter(|l| l.trim() != "quit").collect();
        let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let mut out = Vec::new();
        serve(Player::default(), input.as_bytes(), &mut out).unwrap();
        let answers: Vec<String> = String::from_utf8(out).unwrap().lines().map(String::from).collect();
        prop_assert_eq!(answers.len(), lines.len() + 1);
        for answer in &answers {
            prop_assert!(answer.starts_with("= ") || answer.starts_with("? "), "{}", answer);
        }
    }
}
