//! The learning section's entry point (wasm only): a module of its own,
//! which the app fetches when a learning page first opens, so that the
//! lessons and puzzles cost nothing on the first load of the app.

#[cfg(target_arch = "wasm32")]
mod exports {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Draws the learning pages inside `root`, in the language `lang`.
    #[wasm_bindgen]
    pub fn mount(root: web_sys::Element, lang: &str) {
        mind_sports::ui::learn::mount(root, lang);
    }

    /// Takes the learning pages down.
    #[wasm_bindgen]
    pub fn unmount() {
        mind_sports::ui::learn::unmount();
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the learning pages run in the browser: build them with `make serve`");
    std::process::exit(2);
}
