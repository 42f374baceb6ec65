//! The learning pages, and the games' rules pages, as a module of its own (`src/bin/learn.rs`, mounted
//! through [`section`](super::super::section)).

use yew::prelude::*;

use crate::session::route::Route;

use super::super::section;
use super::{
    LearnHome, LearnStages, LessonPage, PuzzlePage, PuzzlesHome, ResultsPage, SetPage, TeacherPage,
};

/// Draws the learning pages inside `root` in the language `code`.
pub fn mount(root: web_sys::Element, code: &str, _host: wasm_bindgen::JsValue) {
    // Speaks through a live region of its own.
    section::mount(root, code, page_of, None);
}

/// Takes the learning pages down.
pub fn unmount() {
    section::unmount();
}

/// The page of a learning route.
fn page_of(route: &Route) -> Html {
    match route {
        Route::LearnGame(game) => html! { <LearnStages game={game.clone()} /> },
        Route::Lesson(game, id) => html! { <LessonPage game={game.clone()} id={id.clone()} /> },
        Route::Puzzles => html! { <PuzzlesHome /> },
        Route::Puzzle(id) => html! { <PuzzlePage id={id.clone()} /> },
        Route::LearnTeacher => html! { <TeacherPage /> },
        Route::LearnSet(query) => html! { <SetPage query={query.clone()} /> },
        Route::LearnResults(query) => html! { <ResultsPage query={query.clone()} /> },
        Route::OthelloRules => html! { <crate::ui::othello::OthelloRules /> },
        Route::OpokRules => html! { <crate::ui::opok::OpokRules /> },
        Route::NimRules => html! { <crate::ui::nim::NimRules /> },
        _ => html! { <LearnHome /> },
    }
}
