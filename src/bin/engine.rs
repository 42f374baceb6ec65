//! The `engine` command: see `engine help`.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let raw: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let json = raw.iter().any(|w| w == "--json");
    let words: Vec<String> = match raw
        .into_iter()
        .enumerate()
        .map(|(i, w)| w.into_string().map_err(|_| i + 1))
        .collect()
    {
        Ok(words) => words,
        Err(position) => report_error(&mind_sports::cli::ArgsError::NotUtf8(position).into(), json),
    };
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
    if let (mind_sports::cli::CliError::Failed(report), true) = (error, json) {
        // A check that found failures: its report, as on success.
        println!("{}", report.json);
    } else if json {
        eprintln!("{}", serde_json::json!({ "error": error.to_string() }));
    } else {
        eprintln!("engine: {error}");
    }
    std::process::exit(2);
}

#[cfg(target_arch = "wasm32")]
fn main() {}
