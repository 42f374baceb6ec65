//! The embedded frame's entry point (issue 16, `#/embed/<game>`; wasm only): a module of its own,
//! which the app fetches when a frame opens, so that a frame's board and
//! messages cost nothing on the first load of the app.

#[cfg(target_arch = "wasm32")]
mod exports {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Draws the frame inside `root`, in the language `lang`.
    #[wasm_bindgen]
    pub fn mount(root: web_sys::Element, lang: &str) {
        mind_sports::ui::embed::mount(root, lang);
    }

    /// Takes the frame down.
    #[wasm_bindgen]
    pub fn unmount() {
        mind_sports::ui::embed::unmount();
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the embedded frame runs in the browser: build it with `make serve`");
    std::process::exit(2);
}
