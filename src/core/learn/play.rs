//! One try at a lesson, as plain data (tested natively; the page only draws
//! it): the answers found, the misses, the hint ladder climbed and the
//! stars earned, by the one rule every lesson follows ([`stars`]).

use std::collections::BTreeSet;

use crate::engine::othello::{Position, Square};

use super::lesson::{Goal, Lesson};
use super::transform::square_of;

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
    /// Yes or no (does a move capture?).
    YesNo,
}

impl Input {
    /// Whether the answers are places on the board (then the hint ladder
    /// has a "show where" step).
    pub fn on_board(self) -> bool {
        matches!(
            self,
            Input::Squares | Input::OpokMove | Input::PlayOthello | Input::PlayCorner
        )
    }

    /// Whether the lesson is a game played against the computer.
    pub fn played(self) -> bool {
        matches!(
            self,
            Input::PlayOthello | Input::PlayCorner | Input::PlayNim
        )
    }
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
        Goal::Captures | Goal::Immobilise { .. } => Input::OpokMove,
        Goal::CaptureVerdict { .. } => Input::YesNo,
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

/// The star rule of every lesson: three stars for a lesson done without a
/// miss or a hint, one less for each miss (a wrong answer, a lost game) and
/// each hint, and at least one for a lesson done.
pub fn stars(misses: u32, hints: usize) -> u8 {
    let cost = (misses as usize).saturating_add(hints);
    3 - cost.min(2) as u8
}

/// A step of the hint ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The lesson's hint text number `n` (gentlest first).
    Text(usize),
    /// A few squares of the board, one of them an answer not found yet.
    Region,
    /// The answer itself: every answer not found yet (in a played lesson,
    /// the best move at every turn from then on).
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
    wrong_answers: Vec<String>,
    misses: u32,
    ladder: Vec<Hint>,
    hints: usize,
    revealed: Vec<String>,
    stars: Option<u8>,
}

impl Attempt {
    /// A fresh try at `lesson` whose (possibly transformed) answer is
    /// `answer`; `board` says whether the answers are places on a board
    /// (then "show where" comes before the answer).
    pub fn new(lesson: &Lesson, answer: &[String], board: bool) -> Attempt {
        let mut ladder: Vec<Hint> = (0..lesson.hints.len()).map(Hint::Text).collect();
        if board {
            ladder.push(Hint::Region);
        }
        ladder.push(Hint::Show);
        // Inserted one by one: collecting would sort the answers first,
        // and a sort of strings is code of its own in the lessons' module.
        let mut normalized = BTreeSet::new();
        for a in answer {
            normalized.insert(normalize(a));
        }
        Attempt {
            answer: normalized,
            all: needs_all(&lesson.goal),
            found: Vec::new(),
            wrong_answers: Vec::new(),
            misses: 0,
            ladder,
            hints: 0,
            revealed: Vec::new(),
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
            self.misses += 1;
            if !self.wrong_answers.contains(&answer) {
                self.wrong_answers.push(answer);
            }
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
        let stars = stars(self.misses, self.hints);
        self.stars = Some(stars);
        Verdict::Solved { stars }
    }

    /// Climbs the ladder one step; `None` at its top (or once solved).
    pub fn take_hint(&mut self) -> Option<Hint> {
        if self.stars.is_some() {
            return None;
        }
        let step = *self.ladder.get(self.hints)?;
        self.hints += 1;
        if step == Hint::Show {
            self.revealed = self.left().into_iter().map(str::to_string).collect();
        }
        Some(step)
    }

    /// The hints taken, in order.
    pub fn hints_taken(&self) -> &[Hint] {
        &self.ladder[..self.hints]
    }

    /// Whether `step` has been taken.
    pub fn took(&self, step: Hint) -> bool {
        self.hints_taken().contains(&step)
    }

    /// Whether a hint is left.
    pub fn hint_left(&self) -> bool {
        self.stars.is_none() && self.hints < self.ladder.len()
    }

    /// What the next hint would show (for the button's label).
    pub fn next_hint(&self) -> Option<Hint> {
        self.ladder.get(self.hints).copied()
    }

    /// The answers not found yet, in order.
    pub fn left(&self) -> Vec<&str> {
        self.answer
            .iter()
            .filter(|a| !self.found.contains(a))
            .map(String::as_str)
            .collect()
    }

    /// An answer not found yet (the one "show where" points at).
    pub fn target(&self) -> Option<&str> {
        self.left().first().copied()
    }

    /// The answers "show the answer" revealed (those not found when it was
    /// taken; empty before).
    pub fn revealed(&self) -> &[String] {
        &self.revealed
    }

    /// The answers found, in the order found.
    pub fn found(&self) -> &[String] {
        &self.found
    }

    /// The wrong answers given, each once, in order.
    pub fn wrong_answers(&self) -> &[String] {
        &self.wrong_answers
    }

    /// How many answers there are to find.
    pub fn to_find(&self) -> usize {
        if self.all {
            self.answer.len()
        } else {
            1
        }
    }

    /// Misses so far (wrong answers and lost games).
    pub fn misses(&self) -> u32 {
        self.misses
    }

    /// The stars, once solved.
    pub fn stars(&self) -> Option<u8> {
        self.stars
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

/// The "show where" hint: the squares of a 3×3 block of an `n`×`n` board
/// that holds `target`, as far as they could still be an answer (`open`:
/// empty, not tried wrong, not found). The block is not always centred on
/// the target, so its middle gives nothing away; an answer known to be
/// wrong is never in it. Empty if `target` is no square.
pub fn region(target: &str, n: u8, open: impl Fn(&str) -> bool) -> Vec<String> {
    let Some((c, r)) = square_of(target).filter(|&(c, r)| c < n && r < n) else {
        return Vec::new();
    };
    // Where the target sits in its block: varies with the square.
    let (dc, dr) = ((c * 2 + r) % 3, (c + r * 2 + 1) % 3);
    let first = |at: u8, d: u8| at.saturating_sub(d).min(n.saturating_sub(3));
    let (c0, r0) = (first(c, dc), first(r, dr));
    (r0..(r0 + 3).min(n))
        .flat_map(|r| (c0..(c0 + 3).min(n)).map(move |c| (c, r)))
        .map(|(c, r)| format!("{}{}", char::from(b'a' + c), r + 1))
        .filter(|name| name == target || open(name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::check::othello_start;
    use crate::learn::lesson::Start;
    use crate::learn::shipped_lesson;

    #[test]
    fn answers_are_normalized() {
        assert_eq!(normalize(" D3 "), "d3");
        assert_eq!(normalize("44 – 20"), "44-20");
        assert_eq!(normalize("A1:2:a3"), "a1:2:a3");
        assert_eq!(normalize("2 : 1"), "2:1");
    }

    #[test]
    fn one_star_rule_for_every_lesson() {
        // Three without a miss or a hint, one less for each, at least one.
        assert_eq!(stars(0, 0), 3);
        assert_eq!(stars(1, 0), 2);
        assert_eq!(stars(0, 1), 2);
        assert_eq!(stars(1, 1), 1);
        assert_eq!(stars(3, 0), 1);
        assert_eq!(stars(40, 9), 1);
        // The three lessons now agree: one wrong and one hint is
        // one star, three wrong one star, one wrong two stars, whatever
        // the lesson.
        for id in ["nim-1-1", "opok-1-1", "othello-1-3"] {
            let lesson = shipped_lesson(id);
            let wrong = "zz";
            let mut one_each = Attempt::new(&lesson, &lesson.answer, true);
            one_each.try_answer(wrong);
            one_each.take_hint();
            let mut three_wrong = Attempt::new(&lesson, &lesson.answer, true);
            for _ in 0..3 {
                three_wrong.try_answer(wrong);
            }
            let mut one_wrong = Attempt::new(&lesson, &lesson.answer, true);
            one_wrong.try_answer(wrong);
            let solve = |attempt: &mut Attempt| {
                let answers: Vec<String> = attempt.left().iter().map(|a| a.to_string()).collect();
                answers.iter().map(|a| attempt.try_answer(a)).last()
            };
            assert_eq!(
                solve(&mut one_each),
                Some(Verdict::Solved { stars: 1 }),
                "{id}"
            );
            assert_eq!(
                solve(&mut three_wrong),
                Some(Verdict::Solved { stars: 1 }),
                "{id}"
            );
            assert_eq!(
                solve(&mut one_wrong),
                Some(Verdict::Solved { stars: 2 }),
                "{id}"
            );
        }
    }

    #[test]
    fn all_moves_must_be_found() {
        let lesson = shipped_lesson("othello-1-1");
        let mut attempt = Attempt::new(&lesson, &lesson.answer, true);
        assert_eq!(attempt.to_find(), 4);
        assert_eq!(attempt.try_answer("d3"), Verdict::Found { left: 3 });
        assert_eq!(attempt.try_answer("d3"), Verdict::Again);
        assert_eq!(attempt.try_answer("e3"), Verdict::Wrong);
        assert_eq!(attempt.wrong_answers(), ["e3".to_string()]);
        assert_eq!(attempt.try_answer("c4"), Verdict::Found { left: 2 });
        assert_eq!(attempt.try_answer("F5"), Verdict::Found { left: 1 });
        assert_eq!(attempt.target(), Some("e6"));
        assert_eq!(attempt.try_answer("e6"), Verdict::Solved { stars: 2 });
        assert_eq!(attempt.stars(), Some(2));
        assert_eq!(attempt.take_hint(), None, "no hint once solved");
    }

    #[test]
    fn the_answer_shows_every_square_left_and_the_list_keeps_them() {
        // othello-1-1: two texts, "show where", then every answer not
        // found (not one of four as a dot, then an empty line).
        let lesson = shipped_lesson("othello-1-1");
        let mut attempt = Attempt::new(&lesson, &lesson.answer, true);
        attempt.try_answer("d3");
        let mut steps = Vec::new();
        while let Some(step) = attempt.take_hint() {
            steps.push(step);
        }
        assert_eq!(steps.len(), lesson.hints.len() + 2);
        assert_eq!(&steps[steps.len() - 2..], &[Hint::Region, Hint::Show]);
        assert!(!attempt.hint_left());
        assert_eq!(attempt.revealed(), ["c4", "e6", "f5"]);
        for answer in ["c4", "e6", "f5"] {
            attempt.try_answer(answer);
        }
        assert_eq!(attempt.stars(), Some(1));
        // What was revealed is kept for the list of hints.
        assert_eq!(attempt.revealed(), ["c4", "e6", "f5"]);
        // A take-away lesson has no board step.
        let nim = shipped_lesson("nim-1-1");
        let mut attempt = Attempt::new(&nim, &nim.answer, false);
        assert_eq!(attempt.next_hint(), Some(Hint::Text(0)));
        assert_eq!(attempt.try_answer("p"), Verdict::Solved { stars: 3 });
    }

    #[test]
    fn show_where_leaves_out_wrong_and_taken_squares() {
        // othello-1-1 after a wrong c3: the block around the target c4
        // holds neither c3 nor an occupied square, and only a few squares.
        let lesson = shipped_lesson("othello-1-1");
        let position = othello_start(&lesson.start).unwrap();
        let mut attempt = Attempt::new(&lesson, &lesson.answer, true);
        attempt.try_answer("c3");
        let target = attempt.target().unwrap().to_string();
        assert_eq!(target, "c4");
        let open = |name: &str| {
            let square = Square::iter(!0).find(|s| s.to_string() == name).unwrap();
            position.at(square).is_none() && !attempt.wrong_answers().iter().any(|w| w == name)
        };
        let shown = region(&target, 8, open);
        assert!(shown.contains(&target));
        assert!(!shown.contains(&"c3".to_string()), "{shown:?}");
        assert!(!shown.iter().any(|s| s == "d4" || s == "e4"), "{shown:?}");
        assert!(shown.len() <= 9);
        // Every square of the board gets a block of its own that holds it.
        for c in 0..8u8 {
            for r in 0..8u8 {
                let name = format!("{}{}", char::from(b'a' + c), r + 1);
                let block = region(&name, 8, |_| true);
                assert_eq!(block.len(), 9, "{name}");
                assert!(block.contains(&name));
            }
        }
        assert_eq!(region("c3", 3, |_| true).len(), 9);
        assert_eq!(region("pass", 8, |_| true), Vec::<String>::new());
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
    }
}
