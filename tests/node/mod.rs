//! Running the site's JavaScript in Node, for the tests of the parts that
//! run in no browser or before any wasm (the page's boot, the build's
//! style sheets).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// What `program`, an ES module read from stdin and run from the
/// repository's root, writes to stdout, read as JSON; panics with its
/// errors if it fails.
pub fn run_module<T: serde::de::DeserializeOwned>(program: &str) -> T {
    let mut node = Command::new("node")
        .args(["--input-type=module", "-"])
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("node (make test installs it)");
    node.stdin
        .take()
        .unwrap()
        .write_all(program.as_bytes())
        .unwrap();
    let output = node.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "the script failed in Node: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the script writes JSON")
}
