//! One try at a lesson, as plain data (tested natively; the page only draws
//! it): the position shown, the answers found, wrong tries, the hint ladder
//! climbed and the stars earned.
//!
//! On a retry an Othello position is shown under a random symmetry of the
//! board, so that a learner cannot learn the clicks by heart; a lesson whose
//! texts name a square keeps its orientation (the text would be wrong).

use std::collections::BTreeSet;

use crate::engine::othello::notation::board_squares;
use crate::engine::othello::{Color, Position, Square};

use super::check::othello_start;
use super::lesson::{Goal, Lesson, Opponent, Start, Texts};

/// How the learner answers a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// Clicking squares of the board (Othello moves, Opok landings).
    Squares,
    /// An Opok move: a stack, how many pieces, where they land.
    OpokMove,
    /// The pass button (clicking a square is a wrong try).
    Pass,
    /// A choice between P and N.
    Outcome,
    /// A number typed in.
    Number,
    /// A score typed in, `a-b`.
    Score,
    /// Taking from a heap.
    Take,
    /// An Othello endgame played out against perfect replies.
    PlayOthello,
    /// Moves towards a corner against the replies that hold it off.
    PlayCorner,
    /// A take-away game played against the perfect player.
    PlayNim,
    /// A row of Grundy values.
    Table,
}

/// How the learner answers `goal`.
pub fn input(goal: &Goal) -> Input {
    match goal {
        Goal::AllLegalMoves
        | Goal::FlipMost
        | Goal::FlipExactly { .. }
        | Goal::BestMove
        | Goal::Landings { .. } => Input::Squares,
        Goal::Corner { .. } => Input::PlayCorner,
        Goal::Captures => Input::OpokMove,
        Goal::Pass => Input::Pass,
        Goal::Classify => Input::Outcome,
        Goal::Grundy { .. } | Goal::NimSum => Input::Number,
        Goal::FinalScore | Goal::Occupied | Goal::TimeLoss { .. } => Input::Score,
        Goal::MoveToP => Input::Take,
        Goal::PlayOut { .. } => Input::PlayOthello,
        Goal::Win => Input::PlayNim,
        Goal::GrundyTable { .. } => Input::Table,
    }
}

/// Whether the learner must find every answer (otherwise one is enough).
pub fn needs_all(goal: &Goal) -> bool {
    matches!(goal, Goal::AllLegalMoves | Goal::Landings { .. })
}

/// An answer as the lesson states it: lower case, without spaces, a
/// typographic dash written `-`.
pub fn normalize(answer: &str) -> String {
    answer
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| {
            if matches!(c, '–' | '—' | '−') {
                '-'
            } else {
                c
            }
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// A step of the hint ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The lesson's hint text number `n` (gentlest first).
    Text(usize),
    /// The board region (quarter) holding an answer not yet found.
    Region,
    /// The answer itself.
    Show,
}

/// What a try gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A right answer; `left` more to find.
    Found {
        /// Answers still to find.
        left: usize,
    },
    /// A right answer already found.
    Again,
    /// Not an answer.
    Wrong,
    /// The lesson is done.
    Solved {
        /// Stars earned, 1 to 3.
        stars: u8,
    },
}

/// One try at a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    answer: BTreeSet<String>,
    all: bool,
    found: Vec<String>,
    wrong: u32,
    par: u32,
    ladder: Vec<Hint>,
    hints: usize,
    stars: Option<u8>,
}

impl Attempt {
    /// A fresh try at `lesson` whose (possibly transformed) answer is
    /// `answer`.
    pub fn new(lesson: &Lesson, answer: &[String]) -> Attempt {
        let squares = matches!(
            input(&lesson.goal),
            Input::Squares | Input::PlayCorner | Input::PlayOthello
        );
        let mut ladder: Vec<Hint> = (0..lesson.hints.len()).map(Hint::Text).collect();
        if squares {
            ladder.push(Hint::Region);
        }
        ladder.push(Hint::Show);
        Attempt {
            answer: answer.iter().map(|a| normalize(a)).collect(),
            all: needs_all(&lesson.goal),
            found: Vec::new(),
            wrong: 0,
            par: lesson.par,
            ladder,
            hints: 0,
            stars: None,
        }
    }

    /// Judges an answer.
    pub fn try_answer(&mut self, answer: &str) -> Verdict {
        if let Some(stars) = self.stars {
            return Verdict::Solved { stars };
        }
        let answer = normalize(answer);
        if !self.answer.contains(&answer) {
            self.wrong += 1;
            return Verdict::Wrong;
        }
        if self.found.contains(&answer) {
            return Verdict::Again;
        }
        self.found.push(answer);
        let left = if self.all {
            self.answer.len() - self.found.len()
        } else {
            0
        };
        if left > 0 {
            return Verdict::Found { left };
        }
        let stars = self.earned();
        self.stars = Some(stars);
        Verdict::Solved { stars }
    }

    /// Three stars, less one for going over par and one for each hint,
    /// never below one for a solved lesson.
    fn earned(&self) -> u8 {
        let cost = usize::from(self.wrong > self.par) + self.hints;
        3u8.saturating_sub(cost.min(2) as u8)
    }

    /// Climbs the ladder one step; `None` at its top.
    pub fn take_hint(&mut self) -> Option<Hint> {
        let step = *self.ladder.get(self.hints)?;
        if self.stars.is_none() {
            self.hints += 1;
        }
        Some(step)
    }

    /// The hints taken, in order.
    pub fn hints_taken(&self) -> &[Hint] {
        &self.ladder[..self.hints]
    }

    /// Whether a hint is left.
    pub fn hint_left(&self) -> bool {
        self.hints < self.ladder.len()
    }

    /// What the next hint would show (for the button's label).
    pub fn next_hint(&self) -> Option<Hint> {
        self.ladder.get(self.hints).copied()
    }

    /// An answer not found yet (the one hints point at).
    pub fn target(&self) -> Option<&str> {
        self.answer
            .iter()
            .find(|a| !self.found.contains(a))
            .map(String::as_str)
    }

    /// The answers found, in the order found.
    pub fn found(&self) -> &[String] {
        &self.found
    }

    /// How many answers there are to find.
    pub fn to_find(&self) -> usize {
        if self.all {
            self.answer.len()
        } else {
            1
        }
    }

    /// Wrong tries so far.
    pub fn wrong(&self) -> u32 {
        self.wrong
    }

    /// The stars, once solved.
    pub fn stars(&self) -> Option<u8> {
        self.stars
    }
}

/// One of the eight symmetries of a square board (0 is the identity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry(pub u8);

impl Symmetry {
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
}

/// `(column, row)` of a square name such as `d3`.
fn square_of(name: &str) -> Option<(u8, u8)> {
    let bytes = name.as_bytes();
    match bytes {
        [c @ b'a'..=b'z', r @ b'1'..=b'9'] => Some((c - b'a', r - b'1')),
        _ => None,
    }
}

/// Whether `text` names a square (`d3`, `A1`) as a word of its own.
fn names_a_square(text: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|word| square_of(&word.to_lowercase()).is_some())
}

/// Whether any of the lesson's texts (in any language) names a square.
fn texts_name_squares(lesson: &Lesson) -> bool {
    let texts: Vec<&Texts> = [&lesson.instruction, &lesson.success, &lesson.failure]
        .into_iter()
        .chain(&lesson.hints)
        .collect();
    texts
        .iter()
        .any(|t| [&t.en, &t.cs, &t.ru].iter().any(|s| names_a_square(s)))
}

/// Whether any of the lesson's texts names a colour (in any language).
fn texts_name_colours(lesson: &Lesson) -> bool {
    const COLOURS: [&str; 7] = ["black", "white", "čern", "bíl", "чёрн", "черн", "бел"];
    [
        &lesson.title,
        &lesson.instruction,
        &lesson.success,
        &lesson.failure,
    ]
    .into_iter()
    .chain(&lesson.hints)
    .flat_map(|t| [&t.en, &t.cs, &t.ru])
    .any(|text| {
        let text = text.to_lowercase();
        COLOURS.iter().any(|c| text.contains(c))
    })
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

/// The lesson as shown: its start and answer under a symmetry, and with
/// the colours swapped or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The start.
    pub start: Start,
    /// The answer.
    pub answer: Vec<String>,
    /// The opponent (a script's squares under the symmetry).
    pub opponent: Opponent,
    /// The symmetry used (the identity when the lesson must keep its
    /// orientation).
    pub symmetry: Symmetry,
    /// The colours are swapped (only where no text names a colour and the
    /// answer does not depend on them).
    pub swapped: bool,
}

/// `lesson` under `symmetry`, and with the colours swapped if `swap`,
/// where its meaning is kept: the symmetry for Othello lessons whose texts
/// name no square, the swap for those whose texts name no colour and whose
/// answer is squares; every other lesson as written.
pub fn shown(lesson: &Lesson, symmetry: Symmetry, swap: bool) -> Shown {
    let as_written = Shown {
        start: lesson.start.clone(),
        answer: lesson.answer.clone(),
        opponent: lesson.opponent.clone(),
        symmetry: Symmetry(0),
        swapped: false,
    };
    let symmetry = if texts_name_squares(lesson) {
        Symmetry(0)
    } else {
        symmetry
    };
    let swap = swap && answer_ignores_colours(&lesson.goal) && !texts_name_colours(lesson);
    if symmetry.0 == 0 && !swap {
        return as_written;
    }
    let Ok(position) = othello_start(&lesson.start) else {
        return as_written;
    };
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
    Shown {
        start: Start::Board {
            board: format!("{board} {side}"),
            variant: match lesson.start {
                Start::Board { ref variant, .. } => variant.clone(),
                _ => None,
            },
        },
        answer: lesson
            .answer
            .iter()
            .map(|a| symmetry.map_name(a, n))
            .collect(),
        opponent: match &lesson.opponent {
            Opponent::Replies(replies) => {
                Opponent::Replies(replies.iter().map(|r| symmetry.map_name(r, n)).collect())
            }
            other => other.clone(),
        },
        symmetry,
        swapped: swap,
    }
}

/// Why an Othello square is not (or is) a move, for the feedback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareWhy {
    /// A disc stands there.
    Occupied,
    /// A disc there would flip nothing.
    NoFlips,
    /// A legal move flipping this many discs (`flips` shows which).
    Flips(u32),
}

/// Why `square` is or is not a move in `position`, and the discs it flips.
pub fn othello_why(position: &Position, square: Square) -> (SquareWhy, u64) {
    if position.at(square).is_some() {
        return (SquareWhy::Occupied, 0);
    }
    let flips = position.flips(square);
    if flips == 0 {
        (SquareWhy::NoFlips, 0)
    } else {
        (SquareWhy::Flips(flips.count_ones()), flips)
    }
}

/// The quarter of an `n`×`n` board holding the square `name`, as a set of
/// square names (the "region" hint).
pub fn region_of(name: &str, n: u8) -> Vec<String> {
    let Some((c, r)) = square_of(name) else {
        return Vec::new();
    };
    let half = n.div_ceil(2);
    let (c0, r0) = (
        if c < half { 0 } else { n / 2 },
        if r < half { 0 } else { n / 2 },
    );
    (r0..(r0 + half).min(n))
        .flat_map(|r| (c0..(c0 + half).min(n)).map(move |c| (c, r)))
        .map(|(c, r)| format!("{}{}", char::from(b'a' + c), r + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::shipped_lesson;

    #[test]
    fn answers_are_normalized() {
        assert_eq!(normalize(" D3 "), "d3");
        assert_eq!(normalize("44 – 20"), "44-20");
        assert_eq!(normalize("A1:2:a3"), "a1:2:a3");
        assert_eq!(normalize("2 : 1"), "2:1");
    }

    #[test]
    fn all_moves_must_be_found_and_stars_fall_with_hints_and_errors() {
        let lesson = shipped_lesson("othello-1-1");
        let mut attempt = Attempt::new(&lesson, &lesson.answer);
        assert_eq!(attempt.to_find(), 4);
        assert_eq!(attempt.try_answer("d3"), Verdict::Found { left: 3 });
        assert_eq!(attempt.try_answer("d3"), Verdict::Again);
        assert_eq!(attempt.try_answer("e3"), Verdict::Wrong);
        assert_eq!(attempt.try_answer("c4"), Verdict::Found { left: 2 });
        assert_eq!(attempt.try_answer("F5"), Verdict::Found { left: 1 });
        assert_eq!(attempt.target(), Some("e6"));
        assert_eq!(attempt.try_answer("e6"), Verdict::Solved { stars: 3 });
        assert_eq!(attempt.stars(), Some(3));

        let mut attempt = Attempt::new(&lesson, &lesson.answer);
        attempt.try_answer("a1");
        attempt.try_answer("a2");
        assert_eq!(attempt.take_hint(), Some(Hint::Text(0)));
        for answer in ["d3", "c4", "f5"] {
            attempt.try_answer(answer);
        }
        assert_eq!(attempt.try_answer("e6"), Verdict::Solved { stars: 1 });
    }

    #[test]
    fn the_ladder_ends_with_the_region_and_the_answer() {
        let lesson = shipped_lesson("othello-1-3");
        let mut attempt = Attempt::new(&lesson, &lesson.answer);
        let mut steps = Vec::new();
        while let Some(step) = attempt.take_hint() {
            steps.push(step);
        }
        assert_eq!(steps.len(), lesson.hints.len() + 2);
        assert_eq!(&steps[steps.len() - 2..], &[Hint::Region, Hint::Show]);
        assert!(!attempt.hint_left());
        // One right move is enough here, and still earns a star.
        let answer = attempt.target().unwrap().to_string();
        assert_eq!(attempt.try_answer(&answer), Verdict::Solved { stars: 1 });
        let nim = self::shipped_lesson("nim-1-1");
        let mut attempt = Attempt::new(&nim, &nim.answer);
        assert_eq!(attempt.next_hint(), Some(Hint::Text(0)));
        assert_eq!(attempt.try_answer("p"), Verdict::Solved { stars: 3 });
    }

    #[test]
    fn symmetries_keep_the_answer_right() {
        // The first lesson names no square: every symmetry gives a position
        // whose legal moves are the mapped answer.
        let lesson = shipped_lesson("othello-1-1");
        for k in 0..8 {
            let shown = shown(&lesson, Symmetry(k), false);
            let position = othello_start(&shown.start).unwrap();
            let legal: BTreeSet<String> = Square::iter(position.legal_squares())
                .map(|s| s.to_string())
                .collect();
            let answer: BTreeSet<String> = shown.answer.iter().cloned().collect();
            assert_eq!(legal, answer, "symmetry {k}");
        }
        // The second says "Black played f5": it keeps its orientation.
        let named = self::shipped_lesson("othello-1-2");
        assert_eq!(shown(&named, Symmetry(5), false).symmetry, Symmetry(0));
        // Its texts name Black: the colours stay.
        assert!(!shown(&lesson, Symmetry(3), true).swapped);
        // Without a colour named, the colours swap and the answer holds.
        let mut neutral = lesson.clone();
        for t in [
            &mut neutral.title,
            &mut neutral.instruction,
            &mut neutral.success,
            &mut neutral.failure,
        ]
        .into_iter()
        .chain(neutral.hints.iter_mut())
        {
            *t = Texts {
                en: "the side to move".into(),
                cs: "strana na tahu".into(),
                ru: "очередь хода".into(),
            };
        }
        for k in 0..8 {
            let shown = shown(&neutral, Symmetry(k), true);
            assert!(shown.swapped);
            let position = othello_start(&shown.start).unwrap();
            assert_eq!(position.side_to_move(), Color::White);
            let legal: BTreeSet<String> = Square::iter(position.legal_squares())
                .map(|s| s.to_string())
                .collect();
            let answer: BTreeSet<String> = shown.answer.iter().cloned().collect();
            assert_eq!(legal, answer, "symmetry {k}, swapped");
        }
        // Eight different images of an asymmetric square.
        let images: BTreeSet<String> = (0..8).map(|k| Symmetry(k).map_name("b1", 8)).collect();
        assert_eq!(images.len(), 8);
        assert_eq!(Symmetry(3).map_name("a1", 4), "d4");
        assert_eq!(Symmetry(0).map_name("pass", 8), "pass");
    }

    #[test]
    fn wrong_squares_are_explained() {
        let position = othello_start(&Start::Moves { moves: "".into() }).unwrap();
        let at = |name: &str| Square::iter(!0).find(|s| s.to_string() == name).unwrap();
        assert_eq!(othello_why(&position, at("d4")).0, SquareWhy::Occupied);
        assert_eq!(othello_why(&position, at("a1")).0, SquareWhy::NoFlips);
        let (why, flips) = othello_why(&position, at("d3"));
        assert_eq!(why, SquareWhy::Flips(1));
        assert_eq!(flips, at("d4").bit());
        assert_eq!(region_of("b7", 8).len(), 16);
        assert!(region_of("b7", 8).contains(&"a8".to_string()));
        assert!(region_of("c3", 6).contains(&"c3".to_string()));
        assert_eq!(region_of("pass", 8), Vec::<String>::new());
    }
}
