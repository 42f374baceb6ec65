//! A lesson shown another way on a retry, so that a learner cannot learn
//! the clicks by heart: an Othello board under any of its eight symmetries
//! (and the colours swapped where no text names a colour), an Opok board
//! mirrored in its main diagonal (the one mirror that keeps both home
//! corners), the heaps of a take-away game in another order.
//!
//! Everything the lesson states moves with it: the start, the goal's
//! squares and heaps, the answer, a script's replies, and every square
//! named in its texts (`d3`, `c4:3:e3`). Texts therefore never say "left",
//! "the top row" or "heap 2" (the lesson check refuses such words, see
//! [`super::wording`]); they name squares, and heaps by their size.

use crate::engine::opok;
use crate::engine::othello::notation::board_squares;
use crate::engine::othello::Color;
use crate::lang::Lang;

use super::check::{opok_start, othello_start};
use super::games::LessonGames;
use super::lesson::{Goal, Lesson, Opponent, Start, Texts};

/// One of the eight symmetries of a square board (0 is the identity; bit 4
/// transposes, bit 1 mirrors the columns, bit 2 the rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry(pub u8);

impl Symmetry {
    /// The mirror in the main diagonal (a1 and the far corner stay).
    pub const TRANSPOSE: Symmetry = Symmetry(4);

    /// Where `(column, row)` of an `n`×`n` board goes.
    pub fn map(self, column: u8, row: u8, n: u8) -> (u8, u8) {
        let last = n - 1;
        let (c, r) = if self.0 & 4 != 0 {
            (row, column)
        } else {
            (column, row)
        };
        let c = if self.0 & 1 != 0 { last - c } else { c };
        let r = if self.0 & 2 != 0 { last - r } else { r };
        (c, r)
    }

    /// The name of the square `name` maps to (other text unchanged).
    pub fn map_name(self, name: &str, n: u8) -> String {
        match square_of(name) {
            Some((c, r)) if c < n && r < n => {
                let (c, r) = self.map(c, r, n);
                format!("{}{}", char::from(b'a' + c), r + 1)
            }
            _ => name.to_string(),
        }
    }

    /// `text` with every square named in it mapped (a square is a word of
    /// its own: `d3`, the `c4` and `e3` of `c4:3:e3`), the rest unchanged.
    pub fn map_text(self, text: &str, n: u8) -> String {
        let mut out = String::with_capacity(text.len());
        let mut word = String::new();
        let flush = |word: &mut String, out: &mut String| {
            out.push_str(&self.map_name(word, n));
            word.clear();
        };
        for c in text.chars() {
            if c.is_alphanumeric() {
                word.push(c);
            } else {
                flush(&mut word, &mut out);
                out.push(c);
            }
        }
        flush(&mut word, &mut out);
        out
    }
}

/// `(column, row)` of a square name such as `d3` (lowercase, rows 1–9).
pub fn square_of(name: &str) -> Option<(u8, u8)> {
    match name.as_bytes() {
        [c @ b'a'..=b'z', r @ b'1'..=b'9'] => Some((c - b'a', r - b'1')),
        _ => None,
    }
}

/// How a lesson is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Transform {
    /// The board under `symmetry`, the colours swapped if `swap` (Othello).
    Board {
        /// The symmetry.
        symmetry: Symmetry,
        /// Black and White swapped.
        swap: bool,
    },
    /// The heaps in another order: the shown heap `i` is the lesson's heap
    /// `order[i]` (both from 0).
    Heaps(Vec<usize>),
}

impl Transform {
    /// The lesson as written.
    pub const IDENTITY: Transform = Transform::Board {
        symmetry: Symmetry(0),
        swap: false,
    };
}

/// The lesson as shown under a transform.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The start.
    pub start: Start,
    /// The goal (its squares or heap moved).
    pub goal: Goal,
    /// The answer.
    pub answer: Vec<String>,
    /// The opponent (a script's moves moved).
    pub opponent: Opponent,
    /// The transform.
    pub transform: Transform,
    /// The side of the board (texts' squares map on it; 0 for heaps).
    side: u8,
}

impl Shown {
    /// A text of the lesson as shown: its squares moved with the board.
    pub fn text(&self, text: &str) -> String {
        match &self.transform {
            Transform::Board { symmetry, .. } if self.side > 0 => {
                symmetry.map_text(text, self.side)
            }
            _ => text.to_string(),
        }
    }

    /// The text of `texts` in `lang`, as shown.
    pub fn pick(&self, texts: &Texts, lang: Lang) -> String {
        self.text(texts.get(lang))
    }
}

/// Whether any of the lesson's texts names a colour, in any language it
/// holds (the wording check makes them agree).
fn texts_name_colours(lesson: &Lesson) -> bool {
    Lang::ALL
        .into_iter()
        .any(|lang| super::wording::names_colour(lesson, lang))
}

/// Whether the lesson's answer is the same with the colours swapped: an
/// answer of squares (a score, black's first, would change).
fn answer_ignores_colours(goal: &Goal) -> bool {
    matches!(
        goal,
        Goal::AllLegalMoves
            | Goal::FlipMost
            | Goal::FlipExactly { .. }
            | Goal::BestMove
            | Goal::Corner { .. }
            | Goal::PlayOut { .. }
    )
}

/// The heaps of a take-away start, as written (`nim:3`, `dim:12`).
fn heap_words(heaps: &str) -> Vec<&str> {
    heaps.split_whitespace().collect()
}

/// Every order of `n` heaps, the written one first (at most 720: lessons
/// have a handful of heaps).
fn orders(n: usize) -> Vec<Vec<usize>> {
    let mut all = vec![(0..n).collect::<Vec<_>>()];
    if n > 6 {
        // Rotations only: enough to move every heap.
        all.extend((1..n).map(|k| (0..n).map(|i| (i + k) % n).collect()));
        return all;
    }
    let mut order: Vec<usize> = (0..n).collect();
    // Heap's algorithm, iteratively.
    let mut counters = vec![0; n];
    let mut i = 0;
    while i < n {
        if counters[i] < i {
            let j = if i % 2 == 0 { 0 } else { counters[i] };
            order.swap(j, i);
            all.push(order.clone());
            counters[i] += 1;
            i = 0;
        } else {
            counters[i] = 0;
            i += 1;
        }
    }
    all
}

/// Every way of showing `lesson` that keeps its meaning, as written first,
/// each giving a different start.
pub fn transforms<G: LessonGames>(lesson: &Lesson) -> Vec<Transform> {
    let candidates: Vec<Transform> = match &lesson.start {
        Start::Board { .. } | Start::Moves { .. } => {
            let swaps: &[bool] =
                if answer_ignores_colours(&lesson.goal) && !texts_name_colours(lesson) {
                    &[false, true]
                } else {
                    &[false]
                };
            swaps
                .iter()
                .flat_map(|&swap| {
                    (0..8).map(move |k| Transform::Board {
                        symmetry: Symmetry(k),
                        swap,
                    })
                })
                .collect()
        }
        Start::Opok { .. } | Start::Record { .. } => [Symmetry(0), Symmetry::TRANSPOSE]
            .into_iter()
            .map(|symmetry| Transform::Board {
                symmetry,
                swap: false,
            })
            .collect(),
        Start::Heaps { heaps, .. } => orders(heap_words(heaps).len())
            .into_iter()
            .map(Transform::Heaps)
            .collect(),
    };
    let mut starts: Vec<Start> = Vec::new();
    candidates
        .into_iter()
        .filter(|t| {
            let start = shown::<G>(lesson, t).start;
            let new = !starts.contains(&start);
            starts.push(start);
            new
        })
        .collect()
}

/// The transform of a retry: one that shows another start than `now` when
/// there is one (picked by `seed`), else the lesson as written.
pub fn retry<G: LessonGames>(lesson: &Lesson, now: &Transform, seed: u64) -> Transform {
    let shown_now = shown::<G>(lesson, now).start;
    let others: Vec<Transform> = transforms::<G>(lesson)
        .into_iter()
        .filter(|t| shown::<G>(lesson, t).start != shown_now)
        .collect();
    if others.is_empty() {
        return Transform::IDENTITY;
    }
    others[(seed % others.len() as u64) as usize].clone()
}

/// `lesson` as shown under `transform` (a transform that does not fit the
/// lesson's game, or of a game `G` does not show, shows it as written).
pub fn shown<G: LessonGames>(lesson: &Lesson, transform: &Transform) -> Shown {
    let as_written = Shown {
        start: lesson.start.clone(),
        goal: lesson.goal.clone(),
        answer: lesson.answer.clone(),
        opponent: lesson.opponent.clone(),
        transform: Transform::IDENTITY,
        side: board_side::<G>(&lesson.start),
    };
    let moved = match (&lesson.start, transform) {
        (Start::Board { .. } | Start::Moves { .. }, Transform::Board { symmetry, swap })
            if G::OTHELLO =>
        {
            othello_shown(lesson, *symmetry, *swap)
        }
        (Start::Opok { .. } | Start::Record { .. }, Transform::Board { symmetry, .. })
            if G::OPOK =>
        {
            opok_shown(lesson, *symmetry)
        }
        (Start::Heaps { heaps, misere }, Transform::Heaps(order)) if G::TAKE_AWAY => {
            heaps_shown(lesson, heaps, *misere, order)
        }
        _ => None,
    };
    moved.unwrap_or(as_written)
}

/// The side of a lesson's board (0 for heaps, a start that does not read
/// or one of a game `G` does not show).
fn board_side<G: LessonGames>(start: &Start) -> u8 {
    match start {
        Start::Board { .. } | Start::Moves { .. } if G::OTHELLO => {
            othello_start(start).map_or(0, |p| p.rules().size.side())
        }
        Start::Opok { .. } | Start::Record { .. } if G::OPOK => {
            opok_start(start).map_or(0, |p| p.geometry().size())
        }
        _ => 0,
    }
}

/// The goal with its square (an Opok stack, a move judged) moved.
fn goal_shown(goal: &Goal, symmetry: Symmetry, n: u8) -> Goal {
    match goal {
        Goal::Landings { from, k } => Goal::Landings {
            from: symmetry.map_name(from, n),
            k: *k,
        },
        Goal::Immobilise { at } => Goal::Immobilise {
            at: symmetry.map_name(at, n),
        },
        Goal::CaptureVerdict { mv } => Goal::CaptureVerdict {
            mv: symmetry.map_text(mv, n),
        },
        other => other.clone(),
    }
}

/// The answer and the script with their squares moved.
fn moved_board(
    lesson: &Lesson,
    start: Start,
    transform: Transform,
    symmetry: Symmetry,
    n: u8,
) -> Shown {
    Shown {
        start,
        goal: goal_shown(&lesson.goal, symmetry, n),
        answer: lesson
            .answer
            .iter()
            .map(|a| symmetry.map_text(a, n))
            .collect(),
        opponent: match &lesson.opponent {
            Opponent::Replies(replies) => {
                Opponent::Replies(replies.iter().map(|r| symmetry.map_text(r, n)).collect())
            }
            other => other.clone(),
        },
        transform,
        side: n,
    }
}

fn othello_shown(lesson: &Lesson, symmetry: Symmetry, swap: bool) -> Option<Shown> {
    if symmetry.0 == 0 && !swap {
        return None;
    }
    let position = othello_start(&lesson.start).ok()?;
    let n = position.rules().size.side();
    let squares: Vec<char> = board_squares(&position).chars().collect();
    let mut board = vec!['-'; squares.len()];
    for (i, &c) in squares.iter().enumerate() {
        let (column, row) = ((i % usize::from(n)) as u8, (i / usize::from(n)) as u8);
        let (c2, r2) = symmetry.map(column, row, n);
        board[usize::from(r2) * usize::from(n) + usize::from(c2)] = match (c, swap) {
            ('X', true) => 'O',
            ('O', true) => 'X',
            (c, _) => c,
        };
    }
    let side = match (position.side_to_move(), swap) {
        (Color::Black, false) | (Color::White, true) => 'X',
        (Color::White, false) | (Color::Black, true) => 'O',
    };
    let board: String = board.into_iter().collect();
    let start = Start::Board {
        board: format!("{board} {side}"),
        variant: match lesson.start {
            Start::Board { ref variant, .. } => variant.clone(),
            _ => None,
        },
    };
    let transform = Transform::Board { symmetry, swap };
    Some(moved_board(lesson, start, transform, symmetry, n))
}

fn opok_shown(lesson: &Lesson, symmetry: Symmetry) -> Option<Shown> {
    if symmetry.0 == 0 {
        return None;
    }
    let position = opok_start(&lesson.start).ok()?;
    let g = position.geometry();
    let n = g.size();
    let mut setup = position.to_setup();
    setup.cells = [0; opok::geometry::MAX_SQUARES];
    for i in 0..g.squares() {
        let from = opok::Square(i as u8);
        let (c, r) = g.coordinates(from);
        let (c2, r2) = symmetry.map(c, r, n);
        let to = g.square(c2, r2)?;
        setup.cells[to.index()] = position.cells()[from.index()];
    }
    // The mirror must keep both home corners, or the position is refused.
    let moved = opok::Position::from_setup(setup).ok()?;
    let start = Start::Opok {
        opok: opok::notation::position_text(&moved),
    };
    let transform = Transform::Board {
        symmetry,
        swap: false,
    };
    Some(moved_board(lesson, start, transform, symmetry, n))
}

/// A take-away move of the lesson (`heap:taken`, heaps from 1) with its
/// heap renumbered for the shown order.
fn move_heap(text: &str, order: &[usize]) -> String {
    let renumbered = text.split_once(':').and_then(|(heap, take)| {
        let heap: usize = crate::engine::text::parse_number(heap.trim())?;
        let shown = order.iter().position(|&h| h + 1 == heap)?;
        Some(format!("{}:{}", shown + 1, take.trim()))
    });
    renumbered.unwrap_or_else(|| text.to_string())
}

fn heaps_shown(lesson: &Lesson, heaps: &str, misere: bool, order: &[usize]) -> Option<Shown> {
    let words = heap_words(heaps);
    let identity = order.iter().enumerate().all(|(i, &h)| i == h);
    if order.len() != words.len() || identity {
        return None;
    }
    let mut seen = vec![false; words.len()];
    for &h in order {
        if std::mem::replace(seen.get_mut(h)?, true) {
            return None;
        }
    }
    let start = Start::Heaps {
        heaps: order
            .iter()
            .map(|&h| words[h])
            .collect::<Vec<_>>()
            .join(" "),
        misere,
    };
    let goal = match &lesson.goal {
        Goal::Grundy { heap } => Goal::Grundy {
            heap: order.iter().position(|&h| h + 1 == *heap)? + 1,
        },
        other => other.clone(),
    };
    let renumber = |moves: &[String]| moves.iter().map(|m| move_heap(m, order)).collect();
    let answer = match lesson.goal {
        Goal::MoveToP => renumber(&lesson.answer),
        _ => lesson.answer.clone(),
    };
    Some(Shown {
        start,
        goal,
        answer,
        opponent: match &lesson.opponent {
            Opponent::Replies(replies) => Opponent::Replies(renumber(replies)),
            other => other.clone(),
        },
        transform: Transform::Heaps(order.to_vec()),
        side: 0,
    })
}

/// The lesson as it is shown: a copy of `lesson` with the shown start,
/// goal, answer and opponent (for the check, which proves every shown form
/// as it proves the lesson).
pub fn as_lesson(lesson: &Lesson, shown: &Shown) -> Lesson {
    Lesson {
        start: shown.start.clone(),
        goal: shown.goal.clone(),
        answer: shown.answer.clone(),
        opponent: shown.opponent.clone(),
        ..lesson.clone()
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::engine::clock::SystemClock;
    use crate::learn::check::check;
    use crate::learn::games::EveryGame;
    use crate::learn::shipped_lesson;
    use crate::learn::shipped_lessons;

    #[test]
    fn every_lesson_holds_in_every_form_it_is_shown_in() {
        // The engine proves each shown form as it proves the lesson: the
        // answer, the goal's squares and the script moved with the board
        // or the heaps.
        let clock = SystemClock::new();
        for lesson in shipped_lessons() {
            for transform in transforms::<EveryGame>(&lesson) {
                let shown = shown::<EveryGame>(&lesson, &transform);
                let moved = as_lesson(&lesson, &shown);
                assert_eq!(check(&moved, &clock), Ok(()), "{} {transform:?}", lesson.id);
            }
        }
    }

    #[test]
    fn a_retry_shows_every_lesson_another_way_where_there_is_one() {
        // Every lesson of a board or of two different heaps has another
        // form; a retry always picks one.
        let mut without = Vec::new();
        for lesson in shipped_lessons() {
            let forms = transforms::<EveryGame>(&lesson);
            let single_heap = matches!(&lesson.start, Start::Heaps { heaps, .. }
                if heap_words(heaps).iter().collect::<BTreeSet<_>>().len() == 1);
            if forms.len() < 2 {
                without.push(lesson.id.clone());
                assert!(single_heap, "{} has one form", lesson.id);
                continue;
            }
            for seed in 0..5 {
                let again = retry::<EveryGame>(&lesson, &Transform::IDENTITY, seed);
                assert_ne!(
                    shown::<EveryGame>(&lesson, &again).start,
                    lesson.start,
                    "{}",
                    lesson.id
                );
            }
        }
        // Only the lessons of one heap (or of equal heaps) keep their form.
        assert!(
            without.iter().all(|id| id.starts_with("nim-")),
            "{without:?}"
        );
    }

    #[test]
    fn squares_in_texts_and_heaps_in_moves_move_with_the_lesson() {
        assert_eq!(
            Symmetry(1).map_text("c4:3:e3, then d3 (row 3).", 5),
            "c4:3:a3, then b3 (row 3)."
        );
        assert_eq!(Symmetry::TRANSPOSE.map_name("b1", 5), "a2");
        assert_eq!(Symmetry(3).map_name("a1", 4), "d4");
        assert_eq!(Symmetry(0).map_name("pass", 8), "pass");
        // Eight different images of an asymmetric square.
        let images: BTreeSet<String> = (0..8).map(|k| Symmetry(k).map_name("b1", 8)).collect();
        assert_eq!(images.len(), 8);
        // Heaps 3 4 5 shown as 5 3 4: the move 1:2 (take 2 from the 3) is
        // now 2:2.
        let lesson = shipped_lesson("nim-1-3");
        let shown = shown::<EveryGame>(&lesson, &Transform::Heaps(vec![2, 0, 1]));
        assert_eq!(
            shown.start,
            Start::Heaps {
                heaps: "nim:5 nim:3 nim:4".into(),
                misere: false
            }
        );
        assert_eq!(shown.answer, vec!["2:2".to_string()]);
        // An Opok board is mirrored in its main diagonal: a1 stays.
        let opok = shipped_lesson("opok-1-5");
        let mirrored = super::shown::<EveryGame>(
            &opok,
            &Transform::Board {
                symmetry: Symmetry::TRANSPOSE,
                swap: false,
            },
        );
        assert_eq!(mirrored.goal, opok.goal);
        let answer: BTreeSet<&str> = mirrored.answer.iter().map(String::as_str).collect();
        assert_eq!(answer, BTreeSet::from(["c1", "b2"]));
        assert_eq!(
            mirrored.text("their own stack stands on b1"),
            "their own stack stands on a2"
        );
    }

    #[test]
    fn colours_swap_only_where_no_text_names_them() {
        let lesson = shipped_lesson("othello-1-1");
        let swapped = Transform::Board {
            symmetry: Symmetry(3),
            swap: true,
        };
        assert!(!transforms::<EveryGame>(&lesson).contains(&swapped));
        let mut neutral = lesson.clone();
        for t in [
            &mut neutral.title,
            &mut neutral.instruction,
            &mut neutral.success,
            &mut neutral.failure,
        ]
        .into_iter()
        .chain(neutral.hints.iter_mut())
        .chain(neutral.explain.iter_mut())
        {
            *t = Texts {
                en: "the side to move".into(),
                cs: "strana na tahu".into(),
                ru: "очередь хода".into(),
            };
        }
        let shown = shown::<EveryGame>(&neutral, &swapped);
        let position = othello_start(&shown.start).unwrap();
        assert_eq!(position.side_to_move(), Color::White);
    }
}
