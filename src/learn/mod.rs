//! Lessons: short exercises with one goal each, written as data (one JSON
//! file per stage in `data/lessons/`, the format in `docs/lessons.md`).
//! Adding a lesson needs no Rust change.
//!
//! * [`lesson`]: the format, read and validated;
//! * [`check`]: every lesson's stated answer, proved by the engine (a
//!   lesson the engine does not confirm fails `make test`);
//! * [`opponent`]: who answers the learner in a played lesson;
//! * [`rating`]: Glicko-2 ratings of learners and puzzles, the next
//!   puzzle, the puzzle of the day.

pub mod check;
pub mod lesson;
pub mod opponent;
pub mod play;
pub mod progress;
pub mod rating;
pub mod shipped;
pub mod teacher;

/// Every stage file, embedded at build time, in course order.
pub const STAGES: [(&str, &str); 18] = [
    (
        "othello-1",
        include_str!("../../data/lessons/othello-1.json"),
    ),
    (
        "othello-2",
        include_str!("../../data/lessons/othello-2.json"),
    ),
    (
        "othello-3",
        include_str!("../../data/lessons/othello-3.json"),
    ),
    (
        "othello-4",
        include_str!("../../data/lessons/othello-4.json"),
    ),
    (
        "othello-5",
        include_str!("../../data/lessons/othello-5.json"),
    ),
    (
        "othello-6",
        include_str!("../../data/lessons/othello-6.json"),
    ),
    (
        "othello-7",
        include_str!("../../data/lessons/othello-7.json"),
    ),
    (
        "othello-8",
        include_str!("../../data/lessons/othello-8.json"),
    ),
    ("opok-1", include_str!("../../data/lessons/opok-1.json")),
    ("opok-2", include_str!("../../data/lessons/opok-2.json")),
    ("opok-3", include_str!("../../data/lessons/opok-3.json")),
    ("opok-4", include_str!("../../data/lessons/opok-4.json")),
    ("nim-1", include_str!("../../data/lessons/nim-1.json")),
    ("nim-2", include_str!("../../data/lessons/nim-2.json")),
    ("nim-3", include_str!("../../data/lessons/nim-3.json")),
    ("nim-4", include_str!("../../data/lessons/nim-4.json")),
    ("nim-5", include_str!("../../data/lessons/nim-5.json")),
    ("nim-6", include_str!("../../data/lessons/nim-6.json")),
];

/// The shipped lesson `id` (for tests).
#[cfg(test)]
pub(crate) fn shipped_lesson(id: &str) -> lesson::Lesson {
    STAGES
        .iter()
        .flat_map(|(_, text)| lesson::parse_stage(text).unwrap().lessons)
        .find(|l| l.id == id)
        .unwrap_or_else(|| panic!("no lesson {id}"))
}
