//! A lesson or a puzzle in an embedded frame (issue 16,
//! `#/embed/<game>?mode=lesson&lesson=…` or `?mode=puzzle&puzzle=…`). The
//! frames' module draws the frame (theme, `ready`, `resize`, errors) and
//! mounts this module inside it; this part plays the lesson or the puzzle
//! without site links, keeps the learner's stars in memory only (a frame
//! never writes the app's storage) and tells the page `lessonComplete` and
//! `puzzleSolved`.

use yew::prelude::*;

use crate::embed::messages::FrameMessage;
use crate::embed::params::{learning_of, LearningRef};

use super::super::embed::talk::post_to;
use super::lesson::LessonPage;
use super::puzzles::PuzzlePage;

/// What a lesson or a puzzle in a frame tells: the context that makes the
/// learning pages a frame's (no storage, no site links, messages out).
#[derive(Clone, PartialEq)]
pub struct Embedded {
    /// A lesson was completed with this many stars.
    pub lesson_complete: Callback<(String, u8)>,
    /// A puzzle was solved after this many tries (1: at once).
    pub puzzle_solved: Callback<(String, u32)>,
}

/// Whether the learning pages are drawn in a frame.
#[hook]
pub fn use_embedded() -> Option<Embedded> {
    use_context::<Embedded>()
}

/// Props: the frame's route as written after `#/embed/`.
#[derive(Properties, PartialEq)]
pub struct EmbeddedLearningProps {
    /// `othello?mode=lesson&lesson=othello-1-1&…`.
    pub frame: String,
}

/// The lesson or the puzzle a frame names.
#[function_component(EmbeddedLearning)]
pub fn embedded_learning(props: &EmbeddedLearningProps) -> Html {
    // The frames' module has read the whole address and mounted this
    // module for a lesson or a puzzle; only those and the page are read.
    let Some(frame) = learning_of(&props.frame) else {
        return Html::default();
    };
    let context = {
        let (lesson_parent, puzzle_parent) = (frame.parent.clone(), frame.parent.clone());
        Embedded {
            lesson_complete: Callback::from(move |(id, stars): (String, u8)| {
                post_to(
                    lesson_parent.as_ref(),
                    &FrameMessage::LessonComplete { id, stars },
                )
            }),
            puzzle_solved: Callback::from(move |(id, tries): (String, u32)| {
                post_to(
                    puzzle_parent.as_ref(),
                    &FrameMessage::PuzzleSolved { id, tries },
                )
            }),
        }
    };
    let page = match frame.what {
        LearningRef::Lesson(id) => html! { <LessonPage game={frame.game.name()} {id} /> },
        LearningRef::Puzzle(id) => html! { <PuzzlePage {id} /> },
    };
    html! {
        <ContextProvider<Embedded> {context}>
            <div class="learn embedded-learning" data-testid="embedded-learning">{ page }</div>
        </ContextProvider<Embedded>>
    }
}
