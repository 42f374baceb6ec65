//! The entry point of online play's pages (wasm only, issue 28): a module
//! of its own, which the app fetches when an online route opens (the lobby
//! `#/online`, a game's page `#/online/<game>/<id>`, a frame following a
//! live game `#/embed/<game>?live=<id>`) or when a game page's "Play
//! online" is pressed, so that neither the app nor the game pages carry the
//! protocol, the live connection and these pages.

mind_sports_web::wasm_module!(ui::online::page_of, "online play's pages", host);

#[cfg(target_arch = "wasm32")]
mod dialog {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// Shows the "Play online" dialog in the language `lang` for the game
    /// of the page `route` set up as its share link's `query` says.
    #[wasm_bindgen]
    pub fn create(lang: &str, route: &str, query: &str) -> Result<(), String> {
        mind_sports_web::ui::online::create::open(lang, route, query)
    }

    /// Takes the dialog down.
    #[wasm_bindgen]
    pub fn close() {
        mind_sports_web::ui::online::create::close();
    }
}
