//! The lesson format: a stage file holds a game, a title and its lessons;
//! a lesson holds its texts in every language, a start position, a goal and
//! the stated answer, which [`super::check`] proves.

use crate::json::Decode;
use serde::Deserialize;

use crate::engine::nim;
use crate::engine::text::parse_number;
use crate::lang::Lang;

/// The most empty squares of a `play-out` lesson (the app answers every
/// move with a perfect reply, found by a plain search).
pub const PLAY_OUT_EMPTIES: u32 = 10;

/// The largest table of a `grundy-table` lesson.
pub const GRUNDY_TABLE_MAX: u64 = 30;

/// A take-away move as lessons write and show it: `heap:taken`, heaps
/// counted from 1 as people count them (`1:2` takes 2 from the first heap),
/// as the engine writes every move.
pub fn take_text(mv: nim::Move) -> String {
    mv.to_string()
}

/// Reads a take-away move written as [`take_text`] writes it (ASCII
/// digits, heaps from 1); `None` unless it is legal in `position`.
pub fn parse_take(position: &nim::Position, text: &str) -> Option<nim::Move> {
    let (heap, take) = text.trim().split_once(':')?;
    let heap: usize = parse_number(heap.trim())?;
    let mv = nim::Move {
        heap: heap.checked_sub(1)?,
        take: parse_number(take.trim())?,
    };
    position.try_play(mv).ok().map(|_| mv)
}

/// A text in each of the app's languages (in the course as the app fetches
/// it, in one language only: the others are empty).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Decode)]
#[serde(deny_unknown_fields)]
pub struct Texts {
    /// English.
    #[serde(default)]
    pub en: String,
    /// Czech.
    #[serde(default)]
    pub cs: String,
    /// Russian.
    #[serde(default)]
    pub ru: String,
}

impl Texts {
    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Cs => &self.cs,
            Lang::Ru => &self.ru,
        }
    }

    /// The languages among `langs` whose text is missing (empty).
    pub fn missing(&self, langs: &[Lang]) -> Vec<Lang> {
        langs
            .iter()
            .copied()
            .filter(|&lang| self.get(lang).trim().is_empty())
            .collect()
    }
}

/// The game a stage teaches: the games by the names of their routes, one
/// type for lessons and embedded frames.
pub use crate::session::described::Game;

/// Where a lesson starts: `{"board": …}`, `{"moves": …}`, `{"opok": …}`,
/// `{"record": …, "size": …}` or `{"heaps": …, "misere": …}` (the first of
/// these whose fields are there; others are ignored).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Decode)]
#[serde(try_from = "StartFields")]
pub enum Start {
    /// Othello: a board string (`BOARD SIDE`, 16, 36 or 64 squares), in a
    /// variant (`standard` when absent, or `anti`).
    Board {
        /// The board.
        board: String,
        /// The variant's name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        variant: Option<String>,
    },
    /// Othello: moves from the standard start.
    Moves {
        /// The moves.
        moves: String,
    },
    /// Opok: a position (`c25,.,./…/.,.,s25 c`, the engine's format).
    Opok {
        /// The position.
        opok: String,
    },
    /// Opok: a record from the start of a board of `size`.
    Record {
        /// The moves (`a1:3:b3 e5:2:e3`).
        record: String,
        /// The board's side (3 to 9).
        size: u8,
    },
    /// Take-away games: heaps (`nim:3 dim:12`), and misère or not.
    Heaps {
        /// The heaps.
        heaps: String,
        /// Misère play.
        #[serde(default)]
        misere: bool,
    },
}

/// The fields of a start as written. Read flat and then matched, not as
/// serde's untagged enum, which buffers the value and tries each variant:
/// its code was a large part of the lessons' module (issue 40).
#[derive(Deserialize, Decode)]
struct StartFields {
    board: Option<String>,
    variant: Option<String>,
    moves: Option<String>,
    opok: Option<String>,
    record: Option<String>,
    size: Option<u8>,
    heaps: Option<String>,
    #[serde(default)]
    misere: bool,
}

impl TryFrom<StartFields> for Start {
    type Error = &'static str;

    fn try_from(f: StartFields) -> Result<Start, Self::Error> {
        Ok(match f {
            StartFields {
                board: Some(board),
                variant,
                ..
            } => Start::Board { board, variant },
            StartFields {
                moves: Some(moves), ..
            } => Start::Moves { moves },
            StartFields {
                opok: Some(opok), ..
            } => Start::Opok { opok },
            StartFields {
                record: Some(record),
                size: Some(size),
                ..
            } => Start::Record { record, size },
            StartFields {
                heaps: Some(heaps),
                misere,
                ..
            } => Start::Heaps { heaps, misere },
            _ => return Err("a start needs a board, moves, opok, a record and a size, or heaps"),
        })
    }
}

/// What the learner must do, and so what the stated answer means: written
/// `{"kind": "flip-exactly", "n": 3}`, with the fields of its kind only.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Decode)]
#[serde(try_from = "GoalFields")]
pub enum Goal {
    /// Othello: click every legal move (the answer: all of them).
    AllLegalMoves,
    /// Othello: the move that flips the most discs (the answer: every move
    /// that flips that many).
    FlipMost,
    /// Othello: a move that flips exactly `n` discs (the answer: all such).
    FlipExactly {
        /// How many discs.
        n: u32,
    },
    /// Othello: no move is legal; the answer is `["pass"]`.
    Pass,
    /// Othello: take a corner within `turns` of your moves, whatever the
    /// replies (the answer: every first move that forces it).
    Corner {
        /// Moves, the corner move included.
        turns: u32,
    },
    /// Othello: the game is over; the answer is its recorded score,
    /// black's first (`"44-20"`: world scoring, empties to the winner).
    FinalScore,
    /// Othello: the best move (the answer: every move with the best exact
    /// score; the position must be solvable in the check's budget).
    BestMove,
    /// Othello: the recorded score when `loser` (`black` or `white`) runs
    /// out of time here, black's first (`"33-31"`, RULES.md §1).
    TimeLoss {
        /// Who runs out of time.
        loser: String,
    },
    /// Othello: play the endgame out against perfect replies and finish at
    /// least `at_least` discs ahead (the answer: `["win"]`; the check proves
    /// that perfect play allows it; at most [`PLAY_OUT_EMPTIES`] empties, or
    /// any 4×4 position).
    PlayOut {
        /// The disc difference to reach (0: a draw is enough).
        at_least: i32,
    },
    /// Take-away: win against the perfect player, moving first (the
    /// answer: `["win"]`; the start must be an N-position).
    Win,
    /// Take-away: the Grundy values g(0) … g(`upto`) of the first heap's
    /// rule (the answer: one text, the values separated by commas).
    GrundyTable {
        /// The last heap size of the table.
        upto: u64,
    },
    /// Opok: lift `k` from `from`; the answer is every square the stack can
    /// land on.
    Landings {
        /// The stack's square.
        from: String,
        /// How many pieces are lifted.
        k: u8,
    },
    /// Opok: every move that captures.
    Captures,
    /// Opok: the squares each side occupies (the score), Circles first
    /// (`"3-2"`).
    Occupied,
    /// Take-away: P or N (the answer: `["P"]` or `["N"]`).
    Classify,
    /// Take-away: every move to a P-position (the answer: those moves,
    /// `heap:taken`).
    MoveToP,
    /// Take-away: the Grundy value of heap `heap` (1-based; the answer: the
    /// number).
    Grundy {
        /// Which heap.
        heap: usize,
    },
    /// Take-away: the nim-sum of the heaps' values (the answer: the number).
    NimSum,
    /// Opok: every move after which the opponent's stack on `at` can no
    /// longer move (the answer: those moves, `from:k:to`).
    Immobilise {
        /// The stack to wall in.
        at: String,
    },
    /// Opok: whether the move `mv` captures anything (the answer: `["yes"]`
    /// or `["no"]`): the book's diagrams, judged.
    CaptureVerdict {
        /// The move judged (`from:k:to`, written `"move"`).
        mv: String,
    },
}

/// The fields of a goal as written. Read flat and then matched, not as
/// serde's internally tagged enum, which buffers the value before it reads
/// the kind: its code was the largest single part of the lessons' module
/// (issue 40).
#[derive(Deserialize, Decode)]
#[serde(deny_unknown_fields)]
struct GoalFields {
    kind: String,
    n: Option<u32>,
    turns: Option<u32>,
    loser: Option<String>,
    at_least: Option<i32>,
    upto: Option<u64>,
    from: Option<String>,
    k: Option<u8>,
    heap: Option<usize>,
    at: Option<String>,
    #[serde(rename = "move")]
    mv: Option<String>,
}

impl GoalFields {
    /// The name of a field still given (besides the kind), if any.
    fn left_over(&self) -> Option<&'static str> {
        [
            ("n", self.n.is_some()),
            ("turns", self.turns.is_some()),
            ("loser", self.loser.is_some()),
            ("at_least", self.at_least.is_some()),
            ("upto", self.upto.is_some()),
            ("from", self.from.is_some()),
            ("k", self.k.is_some()),
            ("heap", self.heap.is_some()),
            ("at", self.at.is_some()),
            ("move", self.mv.is_some()),
        ]
        .into_iter()
        .find_map(|(name, given)| given.then_some(name))
    }
}

impl TryFrom<GoalFields> for Goal {
    type Error = String;

    /// The goal of `f.kind`, each of its fields taken out of `f`: one left
    /// over belongs to another kind.
    fn try_from(mut f: GoalFields) -> Result<Goal, String> {
        let kind = std::mem::take(&mut f.kind);
        let missing = |field: &str| format!("a {kind} goal needs \"{field}\"");
        let goal = match kind.as_str() {
            "all-legal-moves" => Goal::AllLegalMoves,
            "flip-most" => Goal::FlipMost,
            "flip-exactly" => Goal::FlipExactly {
                n: f.n.take().ok_or_else(|| missing("n"))?,
            },
            "pass" => Goal::Pass,
            "corner" => Goal::Corner {
                turns: f.turns.take().ok_or_else(|| missing("turns"))?,
            },
            "final-score" => Goal::FinalScore,
            "best-move" => Goal::BestMove,
            "time-loss" => Goal::TimeLoss {
                loser: f.loser.take().ok_or_else(|| missing("loser"))?,
            },
            "play-out" => Goal::PlayOut {
                at_least: f.at_least.take().unwrap_or(0),
            },
            "win" => Goal::Win,
            "grundy-table" => Goal::GrundyTable {
                upto: f.upto.take().ok_or_else(|| missing("upto"))?,
            },
            "landings" => Goal::Landings {
                from: f.from.take().ok_or_else(|| missing("from"))?,
                k: f.k.take().ok_or_else(|| missing("k"))?,
            },
            "captures" => Goal::Captures,
            "occupied" => Goal::Occupied,
            "classify" => Goal::Classify,
            "move-to-p" => Goal::MoveToP,
            "grundy" => Goal::Grundy {
                heap: f.heap.take().ok_or_else(|| missing("heap"))?,
            },
            "nim-sum" => Goal::NimSum,
            "immobilise" => Goal::Immobilise {
                at: f.at.take().ok_or_else(|| missing("at"))?,
            },
            "capture-verdict" => Goal::CaptureVerdict {
                mv: f.mv.take().ok_or_else(|| missing("move"))?,
            },
            other => return Err(format!("unknown goal kind \"{other}\"")),
        };
        match f.left_over() {
            Some(name) => Err(format!("a {kind} goal has no \"{name}\"")),
            None => Ok(goal),
        }
    }
}

impl Goal {
    /// The goal's name in lists.
    pub fn name(&self) -> &'static str {
        match self {
            Goal::AllLegalMoves => "all-legal-moves",
            Goal::FlipMost => "flip-most",
            Goal::FlipExactly { .. } => "flip-exactly",
            Goal::Pass => "pass",
            Goal::Corner { .. } => "corner",
            Goal::FinalScore => "final-score",
            Goal::BestMove => "best-move",
            Goal::TimeLoss { .. } => "time-loss",
            Goal::PlayOut { .. } => "play-out",
            Goal::Win => "win",
            Goal::GrundyTable { .. } => "grundy-table",
            Goal::Landings { .. } => "landings",
            Goal::Captures => "captures",
            Goal::Occupied => "occupied",
            Goal::Classify => "classify",
            Goal::MoveToP => "move-to-p",
            Goal::Grundy { .. } => "grundy",
            Goal::NimSum => "nim-sum",
            Goal::Immobilise { .. } => "immobilise",
            Goal::CaptureVerdict { .. } => "capture-verdict",
        }
    }
}

/// One lesson.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Decode)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Unique across all stages (`othello-1-2`).
    pub id: String,
    /// Its title.
    pub title: Texts,
    /// What the lesson teaches, shown before the task with a link to the
    /// game's rules (every stage's first lesson has one: nothing is asked
    /// before it is explained).
    #[serde(default)]
    pub explain: Option<Texts>,
    /// What to do.
    pub instruction: Texts,
    /// Said after success: why the answer is right.
    pub success: Texts,
    /// Said after a wrong try.
    pub failure: Texts,
    /// The hint ladder, gentlest first (each costs a star).
    pub hints: Vec<Texts>,
    /// The position.
    pub start: Start,
    /// The goal.
    pub goal: Goal,
    /// The stated answer (see [`Goal`]); [`super::check`] proves it.
    pub answer: Vec<String>,
    /// Who answers the learner's moves in a played lesson (`corner`,
    /// `play-out`, `win`); the best defence when not given.
    #[serde(default)]
    pub opponent: Opponent,
}

/// Who answers the learner in a played lesson. In a stage file:
/// `"opponent": {"replies": ["c4", "e3"]}`, `"opponent": {"level": 3}`, or
/// nothing (the best defence).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq, Decode)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Opponent {
    /// The best defence the engine computes: in a corner lesson the reply
    /// that holds the corner off longest, in a play-out or a take-away game
    /// the perfect move.
    #[default]
    Best,
    /// Scripted replies, in order (forced passes are not written). A reply
    /// that is not legal when its turn comes (the learner left the line the
    /// script was written for) gives way to the best defence; the check
    /// proves that the script is legal along a line of the stated answer.
    Replies(Vec<String>),
    /// The app's computer at this level (1–7): in take-away games exactly
    /// the game page's level; in an Othello play-out the level's noise on
    /// the exact scores of the moves, perfect where the level plays
    /// perfectly (`engine::othello::levels::endgame_noise`).
    Level(u8),
}

impl Opponent {
    /// How `engine lessons list` names it: `best`, `replies` or `level-N`.
    pub fn name(&self) -> String {
        match self {
            Opponent::Best => "best".into(),
            Opponent::Replies(_) => "replies".into(),
            Opponent::Level(n) => format!("level-{n}"),
        }
    }
}

/// A stage: one file.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq, Decode)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    /// The game.
    pub game: Game,
    /// The stage's title.
    pub title: Texts,
    /// Its lessons, in order.
    pub lessons: Vec<Lesson>,
}

/// Why a stage file is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StageError {
    /// Not valid JSON for the format (serde's message).
    Format(String),
    /// A lesson lacks a text in a language, or has no hint.
    Incomplete {
        /// The lesson.
        id: String,
        /// What is missing.
        what: String,
    },
    /// Two lessons share an id.
    DuplicateId(String),
}

impl std::fmt::Display for StageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StageError::Format(e) => write!(f, "not a stage file: {e}"),
            StageError::Incomplete { id, what } => write!(f, "lesson {id}: {what}"),
            StageError::DuplicateId(id) => write!(f, "two lessons are called {id}"),
        }
    }
}

/// Reads and validates one stage file (every text in every language).
pub fn parse_stage(text: &str) -> Result<Stage, StageError> {
    let stage: Stage =
        crate::json::from_str(text).map_err(|e| StageError::Format(e.to_string()))?;
    validate(stage, &Lang::ALL)
}

/// Reads the course as the app fetches it in the reader's language `lang`
/// (`learn/lessons-<lang>.json`, written by the build, and one game's
/// stages only in `learn/lessons-<game>-<lang>.json`): every stage file
/// in course order, each with its name (`[["othello-1", {…}], …]`), its
/// texts in `lang` only; validated as [`parse_stage`] does for that
/// language, ids unique across stages.
pub fn parse_course(text: &str, lang: Lang) -> Result<Vec<(String, Stage)>, StageError> {
    let stages: Vec<(String, Stage)> =
        crate::json::from_str(text).map_err(|e| StageError::Format(e.to_string()))?;
    let mut ids = std::collections::HashSet::new();
    stages
        .into_iter()
        .map(|(name, stage)| {
            let stage = validate(stage, &[lang])?;
            match stage.lessons.iter().find(|l| !ids.insert(l.id.clone())) {
                Some(twice) => Err(StageError::DuplicateId(twice.id.clone())),
                None => Ok((name, stage)),
            }
        })
        .collect()
}

/// The stage if every lesson has a hint and its texts in `langs`, and no
/// two share an id.
fn validate(stage: Stage, langs: &[Lang]) -> Result<Stage, StageError> {
    let mut ids = std::collections::HashSet::new();
    for lesson in &stage.lessons {
        if !ids.insert(lesson.id.as_str()) {
            return Err(StageError::DuplicateId(lesson.id.clone()));
        }
        let incomplete = |what: String| StageError::Incomplete {
            id: lesson.id.clone(),
            what,
        };
        if lesson.hints.is_empty() {
            return Err(incomplete("no hint".into()));
        }
        let named = [
            ("title", &lesson.title),
            ("instruction", &lesson.instruction),
            ("success", &lesson.success),
            ("failure", &lesson.failure),
        ];
        let hints = lesson.hints.iter().map(|h| ("hint", h));
        let explain = lesson.explain.iter().map(|e| ("explanation", e));
        for (name, texts) in named.into_iter().chain(hints).chain(explain) {
            if let Some(lang) = texts.missing(langs).first() {
                return Err(incomplete(format!("no {} {name}", lang.code())));
            }
        }
    }
    Ok(stage)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts() -> String {
        r#"{"en": "a", "cs": "b", "ru": "c"}"#.to_string()
    }

    fn stage(lesson_fields: &str) -> String {
        let t = texts();
        format!(
            r#"{{"game": "nim", "title": {t}, "lessons": [{{"id": "x-1", "title": {t}, "instruction": {t},
            "success": {t}, "failure": {t}, "hints": [{t}], "start": {{"heaps": "nim:1 nim:2"}},
            "goal": {{"kind": "classify"}}, "answer": ["N"]{lesson_fields}}}]}}"#
        )
    }

    #[test]
    fn a_complete_stage_reads() {
        let stage = parse_stage(&stage("")).unwrap();
        assert_eq!(stage.game, Game::Nim);
        assert_eq!(stage.lessons[0].goal, Goal::Classify);
        assert_eq!(
            stage.lessons[0].start,
            Start::Heaps {
                heaps: "nim:1 nim:2".into(),
                misere: false
            }
        );
    }

    #[test]
    fn the_course_reads_with_ids_unique_across_stages() {
        let one = stage("");
        let course = format!(
            r#"[["nim-1", {one}], ["nim-2", {}]]"#,
            one.replace("x-1", "x-2")
        );
        let stages = parse_course(&course, Lang::Cs).unwrap();
        assert_eq!(stages.len(), 2);
        assert_eq!(stages[1].0, "nim-2");
        let twice = format!(r#"[["nim-1", {one}], ["nim-2", {one}]]"#);
        assert_eq!(
            parse_course(&twice, Lang::En),
            Err(StageError::DuplicateId("x-1".into()))
        );
        assert!(matches!(
            parse_course("{}", Lang::En),
            Err(StageError::Format(_))
        ));
    }

    #[test]
    fn the_course_in_one_language_needs_that_language_only() {
        let czech_only = stage("").replace(texts().as_str(), r#"{"cs": "b"}"#);
        let course = format!(r#"[["nim-1", {czech_only}]]"#);
        let stages = parse_course(&course, Lang::Cs).unwrap();
        assert_eq!(stages[0].1.title.get(Lang::Cs), "b");
        assert_eq!(stages[0].1.title.get(Lang::En), "");
        assert!(matches!(
            parse_course(&course, Lang::Ru),
            Err(StageError::Incomplete { .. })
        ));
        assert!(matches!(
            parse_stage(&czech_only),
            Err(StageError::Incomplete { .. })
        ));
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn any_course_text_is_read_or_refused(text in "\\PC{0,300}") {
            let _ = parse_course(&text, Lang::Ru);
            let _ = parse_stage(&text);
        }

        #[test]
        fn any_take_is_read_or_refused(text in "\\PC{0,40}") {
            let heaps = nim::parse_position("nim:3 dim:12 half:9").unwrap();
            if let Some(mv) = parse_take(&heaps, &text) {
                proptest::prop_assert!(heaps.try_play(mv).is_ok());
            }
        }

        #[test]
        fn a_take_written_reads_back(heap in 0usize..4, take in 0u64..14) {
            let heaps = nim::parse_position("nim:3 dim:12 half:9").unwrap();
            let mv = nim::Move { heap, take };
            let read = parse_take(&heaps, &take_text(mv));
            proptest::prop_assert_eq!(read, heaps.try_play(mv).ok().map(|_| mv));
        }
    }

    #[test]
    fn takes_count_heaps_from_one() {
        let heaps = nim::parse_position("nim:3 nim:4 nim:5").unwrap();
        let first_two = nim::Move { heap: 0, take: 2 };
        assert_eq!(take_text(first_two), "1:2");
        assert_eq!(parse_take(&heaps, " 1 : 2 "), Some(first_two));
        assert_eq!(parse_take(&heaps, "0:1"), None, "no heap 0");
        assert_eq!(parse_take(&heaps, "4:1"), None, "three heaps");
        assert_eq!(parse_take(&heaps, "1:4"), None, "more than the heap");
        assert_eq!(parse_take(&heaps, "\u{ff11}:2"), None, "ASCII digits only");
    }

    #[test]
    fn goals_read_with_the_fields_of_their_kind_only() {
        let goal = |json: &str| serde_json::from_str::<Goal>(json);
        assert_eq!(
            goal(r#"{"kind": "flip-exactly", "n": 3}"#).unwrap(),
            Goal::FlipExactly { n: 3 }
        );
        assert_eq!(
            goal(r#"{"kind": "play-out"}"#).unwrap(),
            Goal::PlayOut { at_least: 0 }
        );
        assert_eq!(
            goal(r#"{"kind": "capture-verdict", "move": "a1:2:a3"}"#).unwrap(),
            Goal::CaptureVerdict {
                mv: "a1:2:a3".into()
            }
        );
        assert_eq!(
            goal(r#"{"kind": "landings", "from": "c3", "k": 2}"#).unwrap(),
            Goal::Landings {
                from: "c3".into(),
                k: 2
            }
        );
        for refused in [
            r#"{"kind": "flip-exactly"}"#,
            r#"{"kind": "pass", "n": 3}"#,
            r#"{"kind": "corner", "turns": 2, "heap": 1}"#,
            r#"{"kind": "guess"}"#,
            r#"{"kind": "win", "colour": 1}"#,
            r#"{"n": 3}"#,
        ] {
            assert!(goal(refused).is_err(), "{refused}");
        }
        for (goal, json) in [
            (Goal::AllLegalMoves, r#"{"kind": "all-legal-moves"}"#),
            (Goal::Grundy { heap: 2 }, r#"{"kind": "grundy", "heap": 2}"#),
            (
                Goal::GrundyTable { upto: 9 },
                r#"{"kind": "grundy-table", "upto": 9}"#,
            ),
            (
                Goal::Immobilise { at: "e5".into() },
                r#"{"kind": "immobilise", "at": "e5"}"#,
            ),
            (
                Goal::TimeLoss {
                    loser: "black".into(),
                },
                r#"{"kind": "time-loss", "loser": "black"}"#,
            ),
        ] {
            assert_eq!(serde_json::from_str::<Goal>(json).unwrap(), goal);
            assert!(json.contains(goal.name()));
        }
    }

    #[test]
    fn a_start_is_the_first_kind_whose_fields_are_there() {
        let start = |json: &str| serde_json::from_str::<Start>(json);
        assert_eq!(
            start(r#"{"board": "b", "moves": "f5"}"#).unwrap(),
            Start::Board {
                board: "b".into(),
                variant: None
            }
        );
        assert_eq!(
            start(r#"{"moves": "f5", "heaps": "nim:3"}"#).unwrap(),
            Start::Moves { moves: "f5".into() }
        );
        assert_eq!(
            start(r#"{"opok": "p"}"#).unwrap(),
            Start::Opok { opok: "p".into() }
        );
        assert_eq!(
            start(r#"{"record": "a1:1:a2", "size": 5}"#).unwrap(),
            Start::Record {
                record: "a1:1:a2".into(),
                size: 5
            }
        );
        assert_eq!(
            start(r#"{"heaps": "nim:3", "misere": true}"#).unwrap(),
            Start::Heaps {
                heaps: "nim:3".into(),
                misere: true
            }
        );
        assert!(start(r#"{"record": "a1:1:a2"}"#).is_err());
        assert!(start("{}").is_err());
    }

    #[test]
    fn incomplete_or_unknown_is_refused() {
        let no_czech = stage("").replacen(r#""cs": "b""#, r#""cs": " ""#, 3);
        assert!(matches!(
            parse_stage(&no_czech),
            Err(StageError::Incomplete { .. })
        ));
        let no_hints = stage("").replace(&format!(r#""hints": [{}]"#, texts()), r#""hints": []"#);
        assert!(matches!(
            parse_stage(&no_hints),
            Err(StageError::Incomplete { .. })
        ));
        assert!(matches!(
            parse_stage(&stage(r#", "colour": 1"#)),
            Err(StageError::Format(_))
        ));
        let unknown_goal = stage("").replace("classify", "guess");
        assert!(matches!(
            parse_stage(&unknown_goal),
            Err(StageError::Format(_))
        ));
        let text = stage("");
        let at = text.find(r#"{"id""#).unwrap();
        let end = text.rfind("]}").unwrap();
        let lesson = &text[at..end];
        let twice = format!("{}, {lesson}{}", &text[..end], &text[end..]);
        assert_eq!(
            parse_stage(&twice),
            Err(StageError::DuplicateId("x-1".into()))
        );
    }
}
