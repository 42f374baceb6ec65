//! Lessons: short exercises with one goal each, written as data (one JSON
//! file per stage in `data/lessons/`, the format in `docs/lessons.md`).
//! Adding a lesson needs no Rust change.
//!
//! * [`lesson`]: the format, read and validated;
//! * [`check`]: every lesson's stated answer, proved by the engine (a
//!   lesson the engine does not confirm fails `make test`);
//! * [`wording`]: what the lessons' texts may say (they explain before
//!   they ask, name squares rather than directions, never repeat the page's
//!   verdict);
//! * [`play`]: one try at a lesson, its hints and the star rule;
//! * [`transform`]: a lesson shown another way on a retry;
//! * [`games`]: which games' lessons a program shows (a lesson's frame,
//!   its own game's);
//! * [`played`]: the lessons played against the computer, move by move;
//! * [`opponent`]: who answers the learner in a played lesson;
//! * [`rating`]: Glicko-2 ratings of learners and puzzles, the next
//!   puzzle, the puzzle of the day.

pub mod check;
pub mod games;
pub mod lesson;
pub mod opponent;
pub mod play;
pub mod played;
pub mod progress;
pub mod rating;
pub mod shipped;
pub mod teacher;
pub mod transform;
pub mod wording;

/// Every stage file, embedded at build time, in course order (by game,
/// then number: the order the build bundles `data/lessons/` in for the
/// app; a test checks that this list is that folder).
pub const STAGES: [(&str, &str); 18] = [
    (
        "othello-1",
        include_str!("../../../data/lessons/othello-1.json"),
    ),
    (
        "othello-2",
        include_str!("../../../data/lessons/othello-2.json"),
    ),
    (
        "othello-3",
        include_str!("../../../data/lessons/othello-3.json"),
    ),
    (
        "othello-4",
        include_str!("../../../data/lessons/othello-4.json"),
    ),
    (
        "othello-5",
        include_str!("../../../data/lessons/othello-5.json"),
    ),
    (
        "othello-6",
        include_str!("../../../data/lessons/othello-6.json"),
    ),
    (
        "othello-7",
        include_str!("../../../data/lessons/othello-7.json"),
    ),
    (
        "othello-8",
        include_str!("../../../data/lessons/othello-8.json"),
    ),
    ("opok-1", include_str!("../../../data/lessons/opok-1.json")),
    ("opok-2", include_str!("../../../data/lessons/opok-2.json")),
    ("opok-3", include_str!("../../../data/lessons/opok-3.json")),
    ("opok-4", include_str!("../../../data/lessons/opok-4.json")),
    ("nim-1", include_str!("../../../data/lessons/nim-1.json")),
    ("nim-2", include_str!("../../../data/lessons/nim-2.json")),
    ("nim-3", include_str!("../../../data/lessons/nim-3.json")),
    ("nim-4", include_str!("../../../data/lessons/nim-4.json")),
    ("nim-5", include_str!("../../../data/lessons/nim-5.json")),
    ("nim-6", include_str!("../../../data/lessons/nim-6.json")),
];

/// Every shipped lesson, in course order (for tests).
#[cfg(test)]
pub(crate) fn shipped_lessons() -> Vec<lesson::Lesson> {
    STAGES
        .iter()
        .flat_map(|(_, text)| lesson::parse_stage(text).unwrap().lessons)
        .collect()
}

/// The shipped lesson `id` (for tests).
#[cfg(test)]
pub(crate) fn shipped_lesson(id: &str) -> lesson::Lesson {
    shipped_lessons()
        .into_iter()
        .find(|l| l.id == id)
        .unwrap_or_else(|| panic!("no lesson {id}"))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    /// The course as the build bundles it for the app: every stage file of
    /// `data/lessons/`, by game (Othello, Opok, take-away), then number.
    fn stage_files() -> Vec<String> {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/lessons");
        let order = |name: &str| {
            let (game, n) = name.rsplit_once('-')?;
            let game = ["othello", "opok", "nim"].iter().position(|g| *g == game)?;
            Some((game, n.parse::<u32>().ok()?))
        };
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .filter_map(|entry| {
                let name = entry.ok()?.file_name().into_string().ok()?;
                name.strip_suffix(".json").map(str::to_string)
            })
            .collect();
        names.sort_by_key(|name| order(name));
        names
    }

    #[test]
    fn the_stages_the_tests_check_are_the_stages_the_app_loads() {
        // The app loads every file of the folder; the tests and the command
        // line check `STAGES`: the two are one list, in one order, and every
        // stage embedded is the file as it is.
        let files = stage_files();
        let listed: Vec<String> = super::STAGES.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(
            listed, files,
            "a stage file is missing from STAGES, or out of order"
        );
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/lessons");
        for (name, text) in super::STAGES {
            let on_disk = std::fs::read_to_string(format!("{folder}/{name}.json")).unwrap();
            assert_eq!(on_disk, text, "{name}");
        }
    }
}
