//! A lesson or a puzzle in an embedded frame (issue 16,
//! `#/embed/<game>?mode=lesson&lesson=…` or `?mode=puzzle&puzzle=…`). The
//! lesson's or the puzzle's frame module draws it: the frame around it
//! (theme, `ready`, `resize`, errors, the page's messages) is
//! [`crate::ui::embed::learning`]'s; this part plays the lesson or the puzzle
//! without site links, keeps the learner's stars in memory only (a frame
//! never writes the app's storage) and tells the page `lessonComplete` and
//! `puzzleSolved`.

use yew::prelude::*;

use crate::embed::messages::FrameMessage;
use crate::embed::origin::Origin;
use crate::embed::params::{learning_of, LearningFrame, LearningRef};

use super::super::embed::talk::post_to;
use super::lesson::LessonPage;
use super::puzzles::PuzzlePage;
use crate::learn::games::LessonGames;

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

/// Whether `G`'s lessons are drawn in a frame: always in a lesson frame's
/// module ([`LessonGames::SITE`], a constant the compiler folds, so that
/// such a module carries none of the site's links, titles or stored
/// progress), else as the context says ([`use_embedded`]). Not a hook, and
/// asked where it decides, not kept by a closure: a hook's result, or a
/// closure's copy, is not folded.
pub fn in_frame<G: LessonGames>(embedded: Option<&Embedded>) -> bool {
    !G::SITE || embedded.is_some()
}

/// A lesson in a frame (the lessons' module), or nothing when the frame
/// names no lesson.
pub fn lesson_frame<G: LessonGames>(frame: &str) -> Html {
    learning_frame(frame, |learning| match &learning.what {
        LearningRef::Lesson(id) => {
            Some(html! { <LessonPage<G> game={learning.game.name()} id={id.clone()} /> })
        }
        LearningRef::Puzzle(_) => None,
    })
}

/// A puzzle in a frame (the puzzles' module), or nothing when the frame
/// names no puzzle.
pub fn puzzle_frame(frame: &str) -> Html {
    learning_frame(frame, |learning| match &learning.what {
        LearningRef::Puzzle(id) => Some(html! { <PuzzlePage id={id.clone()} /> }),
        LearningRef::Lesson(_) => None,
    })
}

/// The page `page` draws for the lesson or puzzle `frame` names, as a
/// frame's; nothing when the frame names none, or one `page` does not draw.
fn learning_frame(frame: &str, page: impl FnOnce(&LearningFrame) -> Option<Html>) -> Html {
    let Some(learning) = learning_of(frame) else {
        return Html::default();
    };
    match page(&learning) {
        Some(page) => {
            html! { <EmbeddedLearning parent={learning.parent}>{ page }</EmbeddedLearning> }
        }
        None => Html::default(),
    }
}

/// Props: the page the frame talks to, and the lesson or the puzzle.
#[derive(Properties, PartialEq)]
struct EmbeddedLearningProps {
    /// The only page the frame talks to.
    parent: Option<Origin>,
    /// The lesson's or the puzzle's page.
    children: Html,
}

/// A lesson or a puzzle as a frame's: its news told to the frame's page.
#[function_component(EmbeddedLearning)]
fn embedded_learning(props: &EmbeddedLearningProps) -> Html {
    let context = {
        let (lesson_parent, puzzle_parent) = (props.parent.clone(), props.parent.clone());
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
    html! {
        <ContextProvider<Embedded> {context}>
            <div class="learn embedded-learning" data-testid="embedded-learning">{ props.children.clone() }</div>
        </ContextProvider<Embedded>>
    }
}
