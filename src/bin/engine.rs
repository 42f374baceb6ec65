//! The `engine` command: see `engine help`.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let json = mind_sports::cli::wants_json(&words);
    match mind_sports::cli::run(&words) {
        Ok(report) if json => println!("{}", report.json),
        Ok(report) => println!("{}", report.text),
        Err(error) => {
            if json {
                eprintln!("{}", serde_json::json!({ "error": error.to_string() }));
            } else {
                eprintln!("engine: {error}");
            }
            std::process::exit(2);
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
