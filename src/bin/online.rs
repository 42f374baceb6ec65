//! The entry point of online play's lobby (wasm only, issue 28, `#/online`)
//! and of the "Play online" dialog: a module of its own, which the app
//! fetches when the lobby opens or a game page's "Play online" is pressed,
//! so that neither the app nor the game pages carry the protocol and the
//! live connection, and which carries no board (an online game's page is
//! `onlinegame.js`'s).

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
