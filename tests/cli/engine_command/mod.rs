//! Running the `engine` binary from the integration tests that check its
//! command line (each test file uses what it needs).
#![allow(dead_code)]

use std::process::{Command, Output};

use serde_json::Value;

/// Runs the `engine` binary.
pub fn engine(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_engine"))
        .args(args)
        .output()
        .expect("the engine binary runs")
}

/// What it printed, after checking that it succeeded.
pub fn stdout(args: &[&str]) -> String {
    let out = engine(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Its one line of JSON, after checking that it succeeded.
pub fn json(args: &[&str]) -> Value {
    let text = stdout(args);
    assert_eq!(text.trim().lines().count(), 1, "one line of JSON: {text}");
    serde_json::from_str(&text).unwrap()
}

/// Its error message, after checking that it failed with status 2.
pub fn error(args: &[&str]) -> String {
    let out = engine(args);
    assert_eq!(out.status.code(), Some(2), "{args:?} should fail");
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).unwrap()
}
