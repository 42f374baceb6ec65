//! The learning pages, and the games' rules pages, as a module of its own (`src/bin/learn.rs`, mounted
//! through [`section`](super::super::section)).

use yew::prelude::*;

use crate::route::Route;

use super::embedded::EmbeddedLearning;
use super::progress_file::ProgressNotice;
use super::{
    LearnHome, LearnStages, LessonPage, PuzzlePage, PuzzlesHome, ResultsPage, SetPage, TeacherPage,
};

/// The page of a learning route, under the notice of an unreadable stored
/// progress (never in a frame, which does not read the app's storage).
pub fn page_of(route: &Route) -> Html {
    let page = page(route);
    match route {
        Route::Embed(_) => page,
        _ => html! { <><ProgressNotice />{ page }</> },
    }
}

fn page(route: &Route) -> Html {
    match route {
        Route::LearnGame(game) => html! { <LearnStages game={game.clone()} /> },
        // A lesson or a puzzle in an embedded frame (the frames' module
        // mounts this module inside the frame).
        Route::Embed(frame) => html! { <EmbeddedLearning frame={frame.clone()} /> },
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
