//! The games whose lessons a program shows. The learning pages show every
//! game's; a lesson's frame is a web module per game (issue 40) and shows
//! its own game's only. Each place where a lesson turns to one game (its
//! position, its transforms, its board, a game against the computer) asks
//! [`LessonGames`], a constant the compiler folds, so that a frame's module
//! holds no other game's positions, answers or reasoning.

/// Which games' lessons a program shows (a lesson of another game is
/// shown as written and, on a page, as one that cannot be played).
pub trait LessonGames: Clone + Copy + PartialEq + 'static {
    /// Othello's lessons.
    const OTHELLO: bool;
    /// Opok's lessons.
    const OPOK: bool;
    /// The take-away games' lessons.
    const TAKE_AWAY: bool;
    /// Whether the lessons are drawn on the site's own pages, with its
    /// links, page titles and the learner's progress kept in the browser's
    /// storage. A lesson's frame on another site has none of these (it
    /// keeps the progress for the visit only), so its module carries none.
    const SITE: bool;
}

/// Every game's lessons: the learning pages.
#[derive(Clone, Copy, PartialEq)]
pub struct EveryGame;

impl LessonGames for EveryGame {
    const OTHELLO: bool = true;
    const OPOK: bool = true;
    const TAKE_AWAY: bool = true;
    const SITE: bool = true;
}

/// Othello's lessons only: Othello's lesson frame.
#[derive(Clone, Copy, PartialEq)]
pub struct OthelloLessons;

impl LessonGames for OthelloLessons {
    const OTHELLO: bool = true;
    const OPOK: bool = false;
    const TAKE_AWAY: bool = false;
    const SITE: bool = false;
}

/// Opok's lessons only: Opok's lesson frame.
#[derive(Clone, Copy, PartialEq)]
pub struct OpokLessons;

impl LessonGames for OpokLessons {
    const OTHELLO: bool = false;
    const OPOK: bool = true;
    const TAKE_AWAY: bool = false;
    const SITE: bool = false;
}

/// The take-away games' lessons only: Nim's lesson frame.
#[derive(Clone, Copy, PartialEq)]
pub struct TakeAwayLessons;

impl LessonGames for TakeAwayLessons {
    const OTHELLO: bool = false;
    const OPOK: bool = false;
    const TAKE_AWAY: bool = true;
    const SITE: bool = false;
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::learn::shipped_lessons;
    use crate::learn::transform::{shown, transforms, Transform};

    /// The lessons of the game `G` shows are shown in each of their
    /// forms, every other game's only as written (its module carries no
    /// such game).
    fn shows_its_own<G: LessonGames>(game: &str) {
        for lesson in shipped_lessons() {
            let own = lesson.id.starts_with(&format!("{game}-"));
            let forms = transforms::<G>(&lesson);
            if own {
                assert_eq!(forms, transforms::<EveryGame>(&lesson), "{}", lesson.id);
            } else {
                // One form, the first candidate: the lesson as written.
                assert_eq!(forms.len(), 1, "{}", lesson.id);
                for transform in [&forms[0], &Transform::IDENTITY] {
                    let shown = shown::<G>(&lesson, transform);
                    assert_eq!(shown.start, lesson.start, "{}", lesson.id);
                }
            }
        }
    }

    #[test]
    fn a_lesson_frame_transforms_its_own_game_s_lessons_only() {
        shows_its_own::<OthelloLessons>("othello");
        shows_its_own::<OpokLessons>("opok");
        shows_its_own::<TakeAwayLessons>("nim");
    }
}
