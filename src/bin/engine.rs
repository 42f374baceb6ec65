//! The `engine` command: see `engine help`.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let json = mind_sports::cli::wants_json(&words);
    if mind_sports::cli::is_interactive(&words) {
        if let Err(error) = mind_sports::cli::run_interactive(&words) {
            report_error(&error, json);
        }
        return;
    }
    match mind_sports::cli::run(&words) {
        Ok(report) if json => println!("{}", report.json),
        Ok(report) => println!("{}", report.text),
        Err(error) => report_error(&error, json),
    }
}

/// Prints `error` to stderr (as JSON with `--json`) and exits with status 2.
#[cfg(not(target_arch = "wasm32"))]
fn report_error(error: &mind_sports::cli::CliError, json: bool) -> ! {
    if json {
        eprintln!("{}", serde_json::json!({ "error": error.to_string() }));
    } else {
        eprintln!("engine: {error}");
    }
    std::process::exit(2);
}

#[cfg(target_arch = "wasm32")]
fn main() {}
