//! The club's entry point (wasm only): a module of its own,
//! which the app fetches when the club page first opens, so that the
//! tournaments cost nothing on the first load of the app.

#[cfg(target_arch = "wasm32")]
mod exports {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Draws the club page inside `root`, in the language `lang`.
    #[wasm_bindgen]
    pub fn mount(root: web_sys::Element, lang: &str) {
        mind_sports::ui::club::mount(root, lang);
    }

    /// Takes the club page down.
    #[wasm_bindgen]
    pub fn unmount() {
        mind_sports::ui::club::unmount();
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the club page run in the browser: build them with `make serve`");
    std::process::exit(2);
}
