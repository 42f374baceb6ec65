//! The corpus of hostile inputs (`tests/data/hostile-cli.txt`,
//! `tests/data/hostile-nboard.txt`) run through the real `engine` binary
//! with a wall-clock limit and 2 GiB of address space: every case answers
//! or fails cleanly (exit status 0 or 2, no panic) in time.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// The address space each run may use.
const MEMORY_LIMIT: u64 = 2 << 30;

/// What a run did.
struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
    seconds: f64,
    killed: bool,
}

/// Runs the engine with `args` (and `input` on stdin), killing it after
/// `limit`.
fn run(args: &[String], input: &str, limit: Duration) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_engine"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe; nothing else runs between
    // fork and exec.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: MEMORY_LIMIT,
                rlim_max: MEMORY_LIMIT,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let started = Instant::now();
    let mut child = command.spawn().expect("the engine starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stdout.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let err = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let mut killed = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            killed = true;
            break child.wait().expect("wait");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let seconds = started.elapsed().as_secs_f64();
    let _ = writer.join();
    Run {
        status: status.code(),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
        seconds,
        killed,
    }
}

/// The JSON objects of a corpus file (comment lines start with `#`).
fn corpus(name: &str) -> Vec<Value> {
    let path = format!(
        "{}/tests/data/{name}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    );
    std::fs::read_to_string(&path)
        .expect("the corpus file")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{name}: {e}: {l}")))
        .collect()
}

fn shown(args: &[String]) -> String {
    let text = format!("{args:?}");
    text.chars().take(120).collect()
}

#[test]
fn hostile_command_lines_answer_or_fail_cleanly_in_time() {
    let mut failures = Vec::new();
    for case in corpus("hostile-cli.txt") {
        let args: Vec<String> = case["args"]
            .as_array()
            .expect("args")
            .iter()
            .map(|a| a.as_str().expect("a string").to_string())
            .collect();
        let seconds = case["seconds"].as_f64().unwrap_or(5.0);
        let run = run(&args, "", Duration::from_secs_f64(seconds));
        let expected = case["status"].as_i64().map(|s| s as i32);
        let problem = if run.killed {
            Some(format!("no answer within {seconds} s"))
        } else if run.stderr.contains("panicked") || run.stderr.contains("memory allocation") {
            Some(format!(
                "crashed: {}",
                run.stderr.lines().next().unwrap_or("")
            ))
        } else if !matches!(run.status, Some(0 | 2)) {
            Some(format!("exit status {:?}", run.status))
        } else if expected.is_some_and(|s| Some(s) != run.status) {
            Some(format!(
                "exit status {:?}, expected {expected:?}: {}",
                run.status,
                run.stderr.trim()
            ))
        } else if run.status == Some(2) && run.stderr.trim().is_empty() {
            Some("failed without saying why".into())
        } else {
            None
        };
        println!("{:6.3} s  {:?}  {}", run.seconds, run.status, shown(&args));
        if let Some(problem) = problem {
            failures.push(format!("{}: {problem}", shown(&args)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_session(case: &Value) {
    let input = case["input"].as_str().expect("input");
    let seconds = case["seconds"].as_f64().unwrap_or(5.0);
    let run = run(
        &["nboard".to_string()],
        input,
        Duration::from_secs_f64(seconds),
    );
    let what = input.chars().take(60).collect::<String>();
    assert!(!run.killed, "{what:?}: no end within {seconds} s");
    assert_eq!(run.status, Some(0), "{what:?}: {}", run.stderr);
    for line in run.stdout.lines() {
        assert!(
            !line.chars().any(char::is_control),
            "{what:?}: echoed {line:?}"
        );
    }
    for ping in input.lines().filter_map(|l| l.strip_prefix("ping ")) {
        assert!(
            run.stdout.lines().any(|l| l == format!("pong {ping}")),
            "{what:?}: ping {ping} unanswered: {}",
            run.stdout
        );
    }
    println!("{:6.3} s  nboard {what:?}", run.seconds);
}

#[test]
fn hostile_nboard_sessions_end_and_answer() {
    for case in corpus("hostile-nboard.txt") {
        if !case["slow"].as_bool().unwrap_or(false) {
            check_session(&case);
        }
    }
}

/// `set depth 60` then `go` from the start: the search is capped at a
/// minute (slow on purpose; it runs beside the other tests).
#[test]
fn nboard_answers_a_hopeless_depth_within_its_minute() {
    for case in corpus("hostile-nboard.txt") {
        if case["slow"].as_bool().unwrap_or(false) {
            check_session(&case);
        }
    }
}
