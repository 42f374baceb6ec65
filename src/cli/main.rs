//! The `engine` command: see `engine help`.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    use mind_sports_cli::{self as cli, CliError, Parsed};

    let raw: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let json = raw.iter().any(|w| w == "--json");
    let words: Vec<String> = match raw
        .into_iter()
        .enumerate()
        .map(|(i, w)| w.into_string().map_err(|_| i + 1))
        .collect()
    {
        Ok(words) => words,
        Err(position) => report_error(&cli::ArgsError::NotUtf8(position).into(), json),
    };
    let outcome = cli::parse(&words).and_then(|parsed| match parsed {
        Parsed::Help(text) if json => {
            print(&serde_json::json!({ "help": text }));
            Ok(())
        }
        Parsed::Help(text) => {
            print(&text);
            Ok(())
        }
        Parsed::Run(parsed) if parsed.command.is_interactive() => cli::serve(&parsed.command),
        Parsed::Run(parsed) => cli::execute(parsed.command, json).map(|report| {
            if json {
                print(&report.json)
            } else {
                print(&report.text)
            }
        }),
    });
    if let Err(error) = outcome {
        report_error(&error, json);
    }

    /// Prints a line to stdout; a reader that went away (`engine … | head`)
    /// ends the program quietly.
    fn print(text: &dyn std::fmt::Display) {
        use std::io::Write;
        if writeln!(std::io::stdout().lock(), "{text}").is_err() {
            std::process::exit(0);
        }
    }

    /// Prints `error` to stderr (as JSON with `--json`; for people with
    /// clap's advice) and exits with status 2.
    /// A closed stderr (`engine … 2>&1 | head -1`) is no reason to panic.
    fn report_error(error: &CliError, json: bool) -> ! {
        use std::io::Write;
        if let (CliError::Failed(report), true) = (error, json) {
            // A check that found failures: its report, as on success.
            print(&report.json);
            std::process::exit(2);
        }
        let text = match error {
            _ if json => serde_json::json!({ "error": error.to_string() }).to_string(),
            CliError::Usage { message, advice } if !advice.is_empty() => {
                format!("engine: {message}\n\n{advice}")
            }
            _ => format!("engine: {error}"),
        };
        let _ = writeln!(std::io::stderr().lock(), "{text}");
        std::process::exit(2);
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
