//! The game pages' diagram dialog (wasm only): a module of its own, which
//! the app fetches when a "Diagram" button is first pressed, so that the
//! drawing code costs nothing on the first load of the app.

#[cfg(target_arch = "wasm32")]
mod exports {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Shows the diagram dialog in the language `lang` for the game of the
    /// page `route` as its share link's `query` holds it.
    #[wasm_bindgen]
    pub fn open(lang: &str, route: &str, query: &str) -> Result<(), String> {
        mind_sports_web::ui::diagram::open(lang, route, query)
    }

    /// Takes the dialog down.
    #[wasm_bindgen]
    pub fn close() {
        mind_sports_web::ui::diagram::close();
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("the diagram dialog runs in the browser: build it with `make serve`");
    std::process::exit(2);
}
