//! The learning pages as three modules of their own, each mounted through
//! [`section`](super::super::section): the lessons (`src/bin/learn.rs`:
//! the course, a lesson), a teacher's pages (`src/bin/teacher.rs`: the
//! sets and their results), the puzzles (`src/bin/puzzles.rs`), the games'
//! rules pages (`src/bin/rules.rs`), and a lesson's and a puzzle's frames
//! (`src/bin/othellolesson.rs`, `opoklesson.rs`, `nimlesson.rs`: one per
//! game, `src/bin/puzzleframe.rs`). Apart, so that a
//! page opened by its link loads what it draws (issue 40).

use yew::prelude::*;

use crate::route::{Route, LESSON_FRAMES};
use crate::ui::embed::learning::LearningFrame;

use super::embedded::{lesson_frame, puzzle_frame};
use super::progress_file::ProgressNotice;
use super::{
    LearnHome, LearnStages, LessonPage, PuzzlePage, PuzzlesHome, ResultsPage, SetPage, TeacherPage,
};
use crate::learn::games::{EveryGame, LessonGames, OpokLessons, OthelloLessons, TakeAwayLessons};

/// `page` under the notice of an unreadable stored progress (never in a
/// frame, which does not read the app's storage).
fn with_notice(page: Html) -> Html {
    html! { <><ProgressNotice />{ page }</> }
}

/// Othello's lesson frame (`src/bin/othellolesson.rs`): the lesson, and
/// the frame around it.
pub fn othello_lesson_frame_of(route: &Route) -> Html {
    lesson_frame_of::<OthelloLessons>(route, LESSON_FRAMES[0])
}

/// Opok's lesson frame (`src/bin/opoklesson.rs`).
pub fn opok_lesson_frame_of(route: &Route) -> Html {
    lesson_frame_of::<OpokLessons>(route, LESSON_FRAMES[1])
}

/// The take-away games' lesson frame (`src/bin/nimlesson.rs`).
pub fn nim_lesson_frame_of(route: &Route) -> Html {
    lesson_frame_of::<TakeAwayLessons>(route, LESSON_FRAMES[2])
}

/// A lesson's frame in the module `module`, which draws the lessons of
/// `G`'s game.
fn lesson_frame_of<G: LessonGames>(route: &Route, module: &str) -> Html {
    match route {
        Route::Embed(frame) if route.module() == Some(module) => {
            framed(route, lesson_frame::<G>(frame))
        }
        // Another module's frame: the page is being loaded anew
        // (`ui::start_frame`); nothing is drawn, nothing said.
        _ => Html::default(),
    }
}

/// A puzzle's frame (`src/bin/puzzleframe.rs`): the puzzle, and the frame
/// around it.
pub fn puzzle_frame_of(route: &Route) -> Html {
    match route {
        Route::Embed(frame) if route.module() == Some("puzzleframe") => {
            framed(route, puzzle_frame(frame))
        }
        _ => Html::default(),
    }
}

/// A lesson or a puzzle (`page`) in the frame of its address `route`.
fn framed(route: &Route, page: Html) -> Html {
    let fragment = route.fragment();
    let key = fragment.clone();
    html! {
        <LearningFrame {key} {fragment}>{ page }</LearningFrame>
    }
}

/// The lessons' pages: the course, a game's stages, a lesson.
pub fn page_of(route: &Route) -> Html {
    match route {
        Route::LearnGame(game) => with_notice(html! { <LearnStages game={game.clone()} /> }),
        Route::Lesson(game, id) => {
            with_notice(html! { <LessonPage<EveryGame> game={game.clone()} id={id.clone()} /> })
        }
        _ => with_notice(html! { <LearnHome /> }),
    }
}

/// A teacher's pages: making a set of lessons, a learner's set, and the
/// results a learner sends back.
pub fn teacher_of(route: &Route) -> Html {
    match route {
        Route::LearnSet(query) => with_notice(html! { <SetPage query={query.clone()} /> }),
        Route::LearnResults(query) => with_notice(html! { <ResultsPage query={query.clone()} /> }),
        _ => with_notice(html! { <TeacherPage /> }),
    }
}

/// The puzzles' pages.
pub fn puzzles_of(route: &Route) -> Html {
    match route {
        Route::Puzzle(id) => with_notice(html! { <PuzzlePage id={id.clone()} /> }),
        _ => with_notice(html! { <PuzzlesHome /> }),
    }
}

/// The games' rules pages.
pub fn rules_of(route: &Route) -> Html {
    let page = match route {
        Route::OpokRules => html! { <crate::ui::opok::OpokRules /> },
        Route::NimRules => html! { <crate::ui::nim::NimRules /> },
        _ => html! { <crate::ui::othello::OthelloRules /> },
    };
    with_notice(page)
}
