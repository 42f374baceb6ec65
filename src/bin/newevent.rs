//! The entry point of creating a club's event (wasm only, issue 29,
//! `#/event/new`), which also runs the club page's "Run online" and "Club
//! on the server": a module of its own, fetched by these only.

mind_sports_web::wasm_module!(ui::event::new_event_of, "creating a club's event", host);

#[cfg(target_arch = "wasm32")]
mod run {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// "Run online" of the club page: creates the event from the club
    /// manager's `file` with the games' time `control` (in `club`, a club
    /// whose token this browser keeps; empty: in none) and opens its
    /// organiser's view; resolves to what to tell the organiser when the
    /// server refuses or cannot be reached (empty when the event opens).
    #[wasm_bindgen]
    pub fn run_online(lang: &str, file: String, control: String, club: String) -> js_sys::Promise {
        mind_sports_web::ui::event::run_online(lang, file, control, club)
    }

    /// "Club on the server" of the club page: creates club `name` and
    /// opens its private link; resolves to what to tell the person when
    /// the server refuses or cannot be reached (empty when the club opens).
    #[wasm_bindgen]
    pub fn create_club(lang: &str, name: String) -> js_sys::Promise {
        mind_sports_web::ui::event::create_club(lang, name)
    }
}
