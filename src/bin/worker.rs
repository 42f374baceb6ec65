//! The search worker's entry point (wasm only).

#[cfg(target_arch = "wasm32")]
fn main() {
    mind_sports_web::search_worker::register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the worker runs in the browser: build it with `make serve`");
    std::process::exit(2);
}
