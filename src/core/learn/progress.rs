//! What a learner has done, kept in the browser's storage and carried
//! between devices as a file: the stars of every lesson, the learner's
//! puzzle rating and each tried puzzle's local rating.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::rating::{after_try, Rating, RatingChange, START};

/// The format's version, written into every file.
pub const VERSION: u32 = 1;
/// The largest progress text read (a file of every lesson and puzzle is
/// far smaller).
pub const MAX_LEN: usize = 1 << 20;
/// A puzzle's deviation before anyone has tried it here: its shipped rating
/// comes from the solver's view of its difficulty, not from results.
pub const PUZZLE_DEVIATION: f64 = 200.0;

/// A rating as stored: whole numbers, so that a file reads back exactly
/// (text does not carry every float's last bit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stored {
    /// The rating, in tenths.
    pub r: i32,
    /// Its deviation, in tenths.
    pub d: i32,
    /// Its volatility, in millionths.
    pub v: i32,
}

impl From<Rating> for Stored {
    fn from(r: Rating) -> Stored {
        let scaled = |x: f64, by: f64| (x * by).round().clamp(-1e9, 1e9) as i32;
        Stored {
            r: scaled(r.rating, 10.0),
            d: scaled(r.deviation, 10.0),
            v: scaled(r.volatility, 1e6),
        }
    }
}

impl From<Stored> for Rating {
    fn from(s: Stored) -> Rating {
        Rating {
            rating: f64::from(s.r) / 10.0,
            deviation: f64::from(s.d) / 10.0,
            volatility: f64::from(s.v) / 1e6,
        }
    }
}

/// A tried puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRecord {
    /// Solved at the first try without a hint.
    pub solved: bool,
    /// Its rating here after the learner's tries.
    pub rating: Stored,
}

/// How a lesson was done (its best try): hints taken and wrong tries, for
/// a teacher's result code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonTry {
    /// Hints taken.
    pub hints: u8,
    /// Wrong tries.
    pub wrong: u8,
}

/// A learner's progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// The format's version ([`VERSION`]).
    pub version: u32,
    /// The best stars (1 to 3) of every finished lesson, by id.
    #[serde(default)]
    pub lessons: BTreeMap<String, u8>,
    /// The learner's puzzle rating.
    pub learner: Stored,
    /// Every tried puzzle, by id.
    #[serde(default)]
    pub puzzles: BTreeMap<String, PuzzleRecord>,
    /// The hints and wrong tries of each finished lesson's best try.
    #[serde(default)]
    pub tries: BTreeMap<String, LessonTry>,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress {
            version: VERSION,
            lessons: BTreeMap::new(),
            learner: START.into(),
            puzzles: BTreeMap::new(),
            tries: BTreeMap::new(),
        }
    }
}

/// Why a progress text is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgressError {
    /// Longer than [`MAX_LEN`].
    TooLarge,
    /// Not a progress file (serde's message).
    Format(String),
    /// Written by a newer app (its format's version).
    Newer(u32),
    /// A format version no app ever wrote (0).
    UnknownVersion(u32),
    /// A value out of its range.
    Value(String),
}

impl std::fmt::Display for ProgressError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProgressError::TooLarge => write!(f, "the file is too large"),
            ProgressError::Format(e) => write!(f, "not a progress file: {e}"),
            ProgressError::Newer(v) => write!(f, "written by a newer version (format {v})"),
            ProgressError::UnknownVersion(v) => write!(f, "an unknown format version ({v})"),
            ProgressError::Value(e) => write!(f, "a value is out of range: {e}"),
        }
    }
}

fn rating_ok(s: &Stored) -> bool {
    (0..=40_000).contains(&s.r) && (1..=4_000).contains(&s.d) && (1..=1_000_000).contains(&s.v)
}

impl Progress {
    /// Reads a progress text (from storage or an imported file).
    pub fn parse(text: &str) -> Result<Progress, ProgressError> {
        if text.len() > MAX_LEN {
            return Err(ProgressError::TooLarge);
        }
        let progress: Progress =
            serde_json::from_str(text).map_err(|e| ProgressError::Format(e.to_string()))?;
        if progress.version > VERSION {
            return Err(ProgressError::Newer(progress.version));
        }
        if progress.version == 0 {
            return Err(ProgressError::UnknownVersion(0));
        }
        if let Some((id, stars)) = progress.lessons.iter().find(|(_, s)| !(1..=3).contains(*s)) {
            return Err(ProgressError::Value(format!("{id}: {stars} stars")));
        }
        if !rating_ok(&progress.learner) {
            return Err(ProgressError::Value("the learner's rating".into()));
        }
        if let Some(id) = progress
            .puzzles
            .iter()
            .find(|(_, p)| !rating_ok(&p.rating))
            .map(|(id, _)| id)
        {
            return Err(ProgressError::Value(format!("puzzle {id}")));
        }
        Ok(progress)
    }

    /// The text kept in storage and exported.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Records a finished lesson: the best stars are kept, with the hints
    /// and wrong tries of the try that earned them (fewest on a tie).
    pub fn finish_lesson(&mut self, id: &str, stars: u8, hints: usize, wrong: u32) {
        let stars = stars.clamp(1, 3);
        let now = LessonTry {
            hints: hints.min(usize::from(u8::MAX)) as u8,
            wrong: wrong.min(u32::from(u8::MAX)) as u8,
        };
        let before = self.stars(id);
        let fewer = self
            .tries
            .get(id)
            .is_none_or(|t| (now.hints, now.wrong) < (t.hints, t.wrong));
        if stars > before || (stars == before && fewer) {
            self.lessons.insert(id.to_string(), stars);
            self.tries.insert(id.to_string(), now);
        }
    }

    /// The hints and wrong tries of a finished lesson's best try.
    pub fn lesson_try(&self, id: &str) -> Option<LessonTry> {
        self.tries.get(id).copied()
    }

    /// The stars of a lesson (0: not finished).
    pub fn stars(&self, id: &str) -> u8 {
        self.lessons.get(id).copied().unwrap_or(0)
    }

    /// A puzzle's rating here: its local one once tried, else the shipped
    /// one.
    pub fn puzzle_rating(&self, id: &str, shipped: u32) -> Rating {
        self.puzzles
            .get(id)
            .map(|p| p.rating.into())
            .unwrap_or(Rating {
                rating: f64::from(shipped),
                deviation: PUZZLE_DEVIATION,
                volatility: START.volatility,
            })
    }

    /// Records the first try at a puzzle (solved without a hint or not)
    /// and moves both ratings; the learner's change, or `None` for a later
    /// try of the same puzzle, which changes nothing (the learner has seen
    /// the answer).
    pub fn try_puzzle(&mut self, id: &str, shipped: u32, solved: bool) -> Option<RatingChange> {
        if self.puzzles.contains_key(id) {
            return None;
        }
        let before: Rating = self.learner.into();
        let (learner, puzzle) = after_try(before, self.puzzle_rating(id, shipped), solved);
        self.learner = learner.into();
        self.puzzles.insert(
            id.to_string(),
            PuzzleRecord {
                solved,
                rating: puzzle.into(),
            },
        );
        Some(RatingChange::between(before, self.learner.into()))
    }

    /// The learner's rating, rounded.
    pub fn learner_rating(&self) -> i64 {
        i64::from(self.learner.r + 5) / 10
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn stars_keep_the_best_and_puzzles_move_the_rating() {
        let mut progress = Progress::default();
        progress.finish_lesson("othello-1-1", 2, 1, 0);
        progress.finish_lesson("othello-1-1", 1, 2, 3);
        progress.finish_lesson("othello-1-2", 9, 0, 0);
        assert_eq!(
            progress.lesson_try("othello-1-1"),
            Some(LessonTry { hints: 1, wrong: 0 })
        );
        assert_eq!(progress.stars("othello-1-1"), 2);
        assert_eq!(progress.stars("othello-1-2"), 3);
        assert_eq!(progress.stars("nim-1-1"), 0);
        assert!(progress.try_puzzle("corner-1", 1400, true).is_some());
        let after_win = progress.learner_rating();
        assert!(after_win > 1500, "{after_win}");
        assert!(progress.puzzle_rating("corner-1", 1400).rating < 1400.0);
        // A second try changes nothing.
        assert_eq!(progress.try_puzzle("corner-1", 1400, false), None);
        assert_eq!(progress.learner_rating(), after_win);
        let miss = progress.try_puzzle("wipeout-2", 1700, false).unwrap();
        assert!(miss.delta() < 0 && miss.after == progress.learner_rating());
        assert!(progress.learner_rating() < after_win);
        let text = progress.to_text();
        assert_eq!(Progress::parse(&text), Ok(progress));
    }

    #[test]
    fn bad_files_are_refused() {
        assert!(matches!(
            Progress::parse("{}"),
            Err(ProgressError::Format(_))
        ));
        assert!(matches!(
            Progress::parse("no"),
            Err(ProgressError::Format(_))
        ));
        let good = Progress::default().to_text();
        let newer = good.replace("\"version\":1", "\"version\":7");
        assert_eq!(Progress::parse(&newer), Err(ProgressError::Newer(7)));
        // Version 0 was never written: not "newer".
        let zero = good.replace("\"version\":1", "\"version\":0");
        assert_eq!(
            Progress::parse(&zero),
            Err(ProgressError::UnknownVersion(0))
        );
        assert!(!ProgressError::UnknownVersion(0)
            .to_string()
            .contains("newer"));
        let mut stars = Progress::default();
        stars.lessons.insert("x".into(), 5);
        assert!(matches!(
            Progress::parse(&stars.to_text()),
            Err(ProgressError::Value(_))
        ));
        let mut rating = Progress::default();
        rating.learner.r = -3;
        assert!(matches!(
            Progress::parse(&rating.to_text()),
            Err(ProgressError::Value(_))
        ));
        assert_eq!(
            Progress::parse(&" ".repeat(MAX_LEN + 1)),
            Err(ProgressError::TooLarge)
        );
    }

    proptest! {
        #[test]
        fn any_text_is_read_or_refused(text in "\\PC{0,300}") {
            let _ = Progress::parse(&text);
        }

        #[test]
        fn written_progress_reads_back(
            lessons in proptest::collection::btree_map("\\PC{1,20}", 1u8..=3, 0..20),
            tries in proptest::collection::vec(("[a-z0-9-]{1,16}", 800u32..2400, any::<bool>()), 0..20),
        ) {
            let mut progress = Progress::default();
            for (id, stars) in &lessons {
                progress.finish_lesson(id, *stars, 0, 1);
            }
            for (id, shipped, solved) in &tries {
                progress.try_puzzle(id, *shipped, *solved);
            }
            prop_assert_eq!(Progress::parse(&progress.to_text()), Ok(progress));
        }
    }
}
