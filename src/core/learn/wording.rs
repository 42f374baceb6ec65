//! What a lesson's texts may say, checked with the lessons (`engine
//! lessons check`, `make test`):
//!
//! * every stage opens with a lesson that explains what the stage asks
//!   (its `explain` text, shown before the task with a link to the rules);
//! * the page says "Right!" or "Not right." itself, so a success or a
//!   failure text never starts with a verdict of its own ("Right: …" after
//!   "Right!" reads twice);
//! * a retry shows the board turned or mirrored and the heaps reordered
//!   ([`super::transform`]), with the squares named in the texts moved:
//!   so texts name squares, never directions ("the left edge", "row 2",
//!   "above"), and heaps by their size, never by their number;
//! * no text names a source the learner has not seen ("the book's
//!   diagram", "the club's example");
//! * a lesson names a colour in every language or in none (a retry swaps
//!   the colours only where none is named, and the app reads the course
//!   in the reader's language only).

use crate::lang::Lang;

use super::lesson::{Game, Lesson, Stage, Texts};

/// Every text of a lesson: its title, explanation, instruction, success,
/// failure and hints.
pub fn all_texts(lesson: &Lesson) -> impl Iterator<Item = &Texts> {
    [
        &lesson.title,
        &lesson.instruction,
        &lesson.success,
        &lesson.failure,
    ]
    .into_iter()
    .chain(&lesson.hints)
    .chain(&lesson.explain)
}

/// What is wrong with a lesson's wording.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordingError {
    /// A stage's first lesson explains nothing.
    NoExplanation,
    /// A success or failure text starts with a verdict.
    Verdict {
        /// The text's language.
        lang: &'static str,
        /// Its first words.
        start: String,
    },
    /// A text names a direction, a row or a column.
    Direction {
        /// The text's language.
        lang: &'static str,
        /// The word.
        word: String,
    },
    /// A take-away text names a heap by its number.
    HeapNumber {
        /// The text's language.
        lang: &'static str,
        /// The words.
        words: String,
    },
    /// A text names a source the learner has not seen.
    Source {
        /// The text's language.
        lang: &'static str,
        /// The words.
        words: String,
    },
    /// The texts name a colour in one language and none in another.
    Colours {
        /// A language whose texts name a colour.
        named: &'static str,
        /// A language whose texts name none.
        unnamed: &'static str,
    },
}

impl std::fmt::Display for WordingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WordingError::NoExplanation => {
                write!(f, "the first lesson of a stage must explain (\"explain\")")
            }
            WordingError::Verdict { lang, start } => write!(
                f,
                "the {lang} text starts with a verdict ({start:?}): the page says it"
            ),
            WordingError::Direction { lang, word } => write!(
                f,
                "the {lang} text names a direction ({word:?}): name squares, a retry turns the board"
            ),
            WordingError::HeapNumber { lang, words } => write!(
                f,
                "the {lang} text names a heap by number ({words:?}): a retry reorders the heaps"
            ),
            WordingError::Source { lang, words } => write!(
                f,
                "the {lang} text names a source the learner has not seen ({words:?})"
            ),
            WordingError::Colours { named, unnamed } => write!(
                f,
                "the {named} texts name a colour and the {unnamed} ones none: a retry swaps the colours only where no language names one"
            ),
        }
    }
}

/// The stems of the words that name a colour, in every language.
const COLOURS: [&str; 7] = ["black", "white", "čern", "bíl", "чёрн", "черн", "бел"];

/// Whether a text of `lesson` in `lang` names a colour. The check makes
/// this the same in every language, so that the course as the app fetches
/// it (one language) shows a lesson as the whole course would.
pub fn names_colour(lesson: &Lesson, lang: Lang) -> bool {
    all_texts(lesson).any(|texts| {
        let text = texts.get(lang).to_lowercase();
        COLOURS.iter().any(|c| text.contains(c))
    })
}

/// The texts of every language, with the language's code.
fn by_language(texts: &Texts) -> [(&'static str, &str); 3] {
    Lang::ALL.map(|lang| (lang.code(), texts.get(lang)))
}

/// Words a success or failure text may not start with (lowercase, without
/// the punctuation after them).
const VERDICTS: [(&str, &[&str]); 3] = [
    (
        "en",
        &[
            "right",
            "yes",
            "correct",
            "wrong",
            "no",
            "not right",
            "well done",
            "exactly",
            "good",
        ],
    ),
    (
        "cs",
        &[
            "správně",
            "ano",
            "ne",
            "špatně",
            "chyba",
            "přesně",
            "výborně",
            "dobře",
            "to není správně",
        ],
    ),
    (
        "ru",
        &[
            "верно",
            "да",
            "нет",
            "неверно",
            "правильно",
            "точно",
            "отлично",
            "хорошо",
            "ошибка",
        ],
    ),
];

/// Words that name a direction on the board: whole words, or the stem of
/// a declined word where it ends in `*`.
const DIRECTIONS: [(&str, &[&str]); 3] = [
    (
        "en",
        &[
            "left edge",
            "right edge",
            "left side",
            "right side",
            "left column",
            "right column",
            "top",
            "top-left",
            "bottom",
            "above",
            "below",
            "upper",
            "lower",
            "up, down",
            "row 1",
            "row 2",
            "row 3",
            "row 4",
            "row 5",
            "row 6",
            "row 7",
            "row 8",
            "column a",
            "column b",
            "column c",
            "column d",
            "column e",
            "column f",
            "column g",
            "column h",
            "vertical*",
            "horizontal*",
        ],
    ),
    (
        "cs",
        &[
            "lev\u{fd}*",
            "lev\u{e9}*",
            "lev\u{e1}*",
            "lev\u{fd}m*",
            "prav\u{fd}*",
            "prav\u{e9}*",
            "prav\u{e1}*",
            "horn\u{ed}*",
            "doln\u{ed}*",
            "naho\u{159}e",
            "dole",
            "\u{159}\u{e1}d*",
            "sloupc*",
            "sloupec",
            "svisl*",
            "vodorovn*",
            "nad",
            "pod",
            "1. \u{159}ad*",
            "2. \u{159}ad*",
            "3. \u{159}ad*",
            "4. \u{159}ad*",
            "5. \u{159}ad*",
            "6. \u{159}ad*",
            "7. \u{159}ad*",
            "8. \u{159}ad*",
        ],
    ),
    (
        "ru",
        &[
            "лев*",
            "правы*",
            "право*",
            "прав\u{430}*",
            "праву*",
            "верх*",
            "нижн*",
            "низ*",
            "сверху",
            "снизу",
            "над",
            "под",
            "строк*",
            "вертикал*",
            "горизонтал*",
            "столбц*",
            "столбец",
            "1-м ряд*",
            "2-м ряд*",
            "3-м ряд*",
            "4-м ряд*",
            "5-м ряд*",
            "6-м ряд*",
            "7-м ряд*",
            "8-м ряд*",
            "1-й ряд*",
            "2-й ряд*",
            "3-й ряд*",
            "4-й ряд*",
            "5-й ряд*",
            "6-й ряд*",
            "7-й ряд*",
            "8-й ряд*",
        ],
    ),
];

/// Words that name a heap by its number.
const HEAP_NUMBERS: [(&str, &[&str]); 3] = [
    (
        "en",
        &[
            "heap 1",
            "heap 2",
            "heap 3",
            "heap 4",
            "heap 5",
            "first heap",
            "second heap",
            "third heap",
        ],
    ),
    (
        "cs",
        &[
            "hromádka č*",
            "hromádky č*",
            "první hromád*",
            "třetí hromád*",
        ],
    ),
    (
        "ru",
        &[
            "кучка №",
            "кучки №",
            "перв* куч*",
            "втор* куч*",
            "трет* куч*",
        ],
    ),
];

/// Words that name a source the learner has not seen.
const SOURCES: [(&str, &[&str]); 3] = [
    (
        "en",
        &[
            "the book*",
            "the source*",
            "the club's",
            "the rules' sample",
        ],
    ),
    ("cs", &["v knize", "knihy", "zdroj*", "pramen*", "klubu"]),
    ("ru", &["в книге", "книги", "источник*", "клуба"]),
];

/// The words of `table` for `lang`.
fn words_of<'a>(table: &'a [(&str, &'a [&str]); 3], lang: &str) -> &'a [&'a str] {
    table
        .iter()
        .find(|(l, _)| *l == lang)
        .map_or(&[], |(_, words)| words)
}

/// Whether `text` holds `pattern` at a word's start: a whole word, or a
/// stem where the pattern ends in `*` (a `*` inside stands for the rest of
/// a word: `перв* куч*`).
fn holds(text: &str, pattern: &str) -> bool {
    let (pattern, stem) = match pattern.strip_suffix('*') {
        Some(stem) => (stem, true),
        None => (pattern, false),
    };
    let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    let parts: Vec<&str> = pattern.split("* ").collect();
    text.match_indices(parts[0]).any(|(at, first)| {
        if !boundary(text[..at].chars().next_back()) {
            return false;
        }
        let mut rest = &text[at + first.len()..];
        for part in &parts[1..] {
            // The rest of the word, a space, then the next part.
            let Some(space) = rest.find(' ') else {
                return false;
            };
            rest = &rest[space + 1..];
            let Some(after) = rest.strip_prefix(part) else {
                return false;
            };
            rest = after;
        }
        stem || boundary(rest.chars().next())
    })
}

/// The first entry of `words` found in `text` (case ignored).
fn find_word(text: &str, words: &[&str]) -> Option<String> {
    let text = text.to_lowercase();
    words
        .iter()
        .find(|word| holds(&text, word))
        .map(|word| word.trim_end_matches('*').to_string())
}

/// Whether `text` starts with one of `verdicts` as an exclamation of its
/// own ("Right:", "Yes.", "Верно!"; "No square…" is no verdict).
fn starts_with_verdict(text: &str, verdicts: &[&str]) -> Option<String> {
    let text = text.trim_start().to_lowercase();
    verdicts
        .iter()
        .find(|v| {
            text.strip_prefix(**v).is_some_and(|rest| {
                rest.chars()
                    .next()
                    .is_none_or(|c| !c.is_alphanumeric() && !c.is_whitespace())
            })
        })
        .map(|v| v.to_string())
}

/// Checks the wording of one lesson of a `game`.
pub fn check_lesson(lesson: &Lesson, game: Game) -> Result<(), WordingError> {
    for texts in [&lesson.success, &lesson.failure] {
        for (lang, text) in by_language(texts) {
            if let Some(start) = starts_with_verdict(text, words_of(&VERDICTS, lang)) {
                return Err(WordingError::Verdict { lang, start });
            }
        }
    }
    for texts in all_texts(lesson) {
        for (lang, text) in by_language(texts) {
            if game != Game::Nim {
                if let Some(word) = find_word(text, words_of(&DIRECTIONS, lang)) {
                    return Err(WordingError::Direction { lang, word });
                }
            } else if let Some(words) = find_word(text, words_of(&HEAP_NUMBERS, lang)) {
                return Err(WordingError::HeapNumber { lang, words });
            }
            if let Some(words) = find_word(text, words_of(&SOURCES, lang)) {
                return Err(WordingError::Source { lang, words });
            }
        }
    }
    let (named, unnamed): (Vec<Lang>, Vec<Lang>) = Lang::ALL
        .into_iter()
        .partition(|&lang| names_colour(lesson, lang));
    if let (Some(named), Some(unnamed)) = (named.first(), unnamed.first()) {
        return Err(WordingError::Colours {
            named: named.code(),
            unnamed: unnamed.code(),
        });
    }
    Ok(())
}

/// Checks the wording of a stage: its first lesson explains, and every
/// lesson's texts pass [`check_lesson`]. The error names the lesson.
pub fn check_stage(stage: &Stage) -> Result<(), (String, WordingError)> {
    if let Some(first) = stage.lessons.first() {
        if first.explain.is_none() {
            return Err((first.id.clone(), WordingError::NoExplanation));
        }
    }
    for lesson in &stage.lessons {
        check_lesson(lesson, stage.game).map_err(|e| (lesson.id.clone(), e))?;
    }
    Ok(())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::learn::lesson::parse_stage;
    use crate::learn::STAGES;

    #[test]
    fn every_stage_explains_first_and_words_its_lessons_for_a_retry() {
        for (name, text) in STAGES {
            let stage = parse_stage(text).unwrap();
            if let Err((id, e)) = check_stage(&stage) {
                panic!("{name}: {id}: {e}");
            }
        }
    }

    #[test]
    fn verdicts_directions_and_sources_are_found() {
        let texts = |en: &str| Texts {
            en: en.into(),
            cs: "x".into(),
            ru: "x".into(),
        };
        let mut lesson = crate::learn::shipped_lesson("othello-1-1");
        lesson.success = texts("Right: four squares.");
        assert!(matches!(
            check_lesson(&lesson, Game::Othello),
            Err(WordingError::Verdict { .. })
        ));
        lesson.success = texts("Four squares, one on each side.");
        assert_eq!(check_lesson(&lesson, Game::Othello), Ok(()));
        lesson.hints[0] = texts("The left edge.");
        assert!(matches!(
            check_lesson(&lesson, Game::Othello),
            Err(WordingError::Direction { .. })
        ));
        // "left" as in "one disc left" is no direction.
        lesson.hints[0] = texts("White has one disc left.");
        assert_eq!(check_lesson(&lesson, Game::Othello), Ok(()));
        lesson.hints[0] = texts("As in the book's diagram.");
        assert!(matches!(
            check_lesson(&lesson, Game::Othello),
            Err(WordingError::Source { .. })
        ));
        lesson.hints[0] = texts("Take 2 from heap 1.");
        assert!(matches!(
            check_lesson(&lesson, Game::Nim),
            Err(WordingError::HeapNumber { .. })
        ));
        // Texts that name no colour, then one in English only.
        for text in [
            &mut lesson.title,
            &mut lesson.instruction,
            &mut lesson.success,
            &mut lesson.failure,
        ] {
            *text = texts("On d3.");
        }
        lesson.hints = vec![texts("On d3.")];
        lesson.explain = None;
        assert_eq!(check_lesson(&lesson, Game::Othello), Ok(()));
        lesson.hints[0] = texts("Black has one disc on d3.");
        assert_eq!(
            check_lesson(&lesson, Game::Othello),
            Err(WordingError::Colours {
                named: "en",
                unnamed: "cs"
            })
        );
    }
}
