//! The systemd unit in docs/: its command line is one `serve` accepts
//! (SQLite in the state directory, the metrics on loopback), and, where
//! `systemd-analyze` is installed (Debian's `systemd` package; no running
//! systemd needed), it verifies and its security review rates it well.

#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};
use std::process::Command;

use mind_sports_server::options::{Command as Serve, Options};

fn unit() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/mind-sports.service");
    std::fs::read_to_string(path).unwrap()
}

/// The values of `key=` lines of the unit.
fn values(unit: &str, key: &str) -> Vec<String> {
    unit.lines()
        .filter_map(|line| line.strip_prefix(&format!("{key}=")))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_units_command_line_is_one_serve_accepts() {
    let unit = unit();
    let exec = values(&unit, "ExecStart");
    assert_eq!(exec.len(), 1);
    let mut words = exec[0].split_whitespace();
    assert_eq!(words.next(), Some("/opt/mind-sports/serve"));
    let Ok(Serve::Serve(options)) = Options::parse(words) else {
        panic!("serve refuses {exec:?}");
    };
    assert_eq!(options.online.state, PathBuf::from("/var/lib/mind-sports"));
    assert_eq!(options.online.database, None, "the URL is DATABASE_URL's");
    assert!(options.metrics_address.unwrap().ip().is_loopback());
    assert_eq!(values(&unit, "StateDirectory"), ["mind-sports"]);
    assert_eq!(values(&unit, "Restart"), ["on-failure"]);
    assert_eq!(values(&unit, "EnvironmentFile"), ["-/etc/mind-sports/env"]);
}

/// The unit with its program replaced by this build's (verify checks that
/// ExecStart is executable), in a folder of its own.
fn installed_unit() -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("mind-sports-unit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mind-sports.service");
    let text = unit().replace("/opt/mind-sports/serve", env!("CARGO_BIN_EXE_serve"));
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn systemd_analyze_verifies_the_unit() {
    if Command::new("systemd-analyze")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("systemd-analyze is not installed: the unit is not verified");
        return;
    }
    let (dir, path) = installed_unit();
    let out = Command::new("systemd-analyze")
        .args(["verify", "--man=no"])
        .arg(&path)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{said}");
    // Warnings about the unit itself (not about units it names that this
    // machine lacks, such as network-online.target in a container).
    let about_it: Vec<&str> = said
        .lines()
        .filter(|line| line.contains("mind-sports.service"))
        .collect();
    assert!(about_it.is_empty(), "{said}");
    let out = Command::new("systemd-analyze")
        .args(["security", "--offline=true", "--no-pager"])
        .arg(&path)
        .output()
        .unwrap();
    let review = String::from_utf8_lossy(&out.stdout).to_string();
    let exposure: f64 = review
        .lines()
        .find_map(|line| line.split("exposure level for").nth(1))
        .and_then(|rest| {
            rest.split(':')
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .unwrap_or_else(|| {
            panic!(
                "no exposure level in {review}{}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
    // systemd rates 0-10; under 2 is "OK" (a default unit is 9.6).
    assert!(exposure < 2.0, "{review}");
    let _ = std::fs::remove_dir_all(dir);
}
