//! The `engine` command: see `engine help`.

fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    match mind_sports::cli::run(&words) {
        Ok(report) => {
            if mind_sports::cli::wants_json(&words) {
                println!("{}", report.json);
            } else {
                println!("{}", report.text);
            }
        }
        Err(error) => {
            if mind_sports::cli::wants_json(&words) {
                eprintln!("{}", serde_json::json!({ "error": error.to_string() }));
            } else {
                eprintln!("engine: {error}");
            }
            std::process::exit(2);
        }
    }
}
