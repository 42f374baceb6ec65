//! The browser app's entry point (wasm only).

#[cfg(target_arch = "wasm32")]
fn main() {
    mind_sports_web::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the app runs in the browser: build it with `make serve`");
    std::process::exit(2);
}
