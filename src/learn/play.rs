//! One try at a lesson, as plain data (tested natively; the page only draws
//! it): the position shown, the answers found, wrong tries, the hint ladder
//! climbed and the stars earned.
//!
//! On a retry an Othello position is shown under a random symmetry of the
//! board, so that a learner cannot learn the clicks by heart; a lesson whose
//! texts name a square keeps its orientation (the text would be wrong).

use std::collections::BTreeSet;

use crate::engine::othello::notation::board_squares;
use crate::engine::othello::puzzle::{forces_corner, is_corner};
use crate::engine::othello::{Color, Move, Position, Square};

use super::check::othello_start;
use super::lesson::{Goal, Lesson, Start, Texts};

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
        symmetry,
        swapped: swap,
    }
}

/// The best move of an Othello endgame and its exact final disc difference
/// for the side to move (world scoring), by a plain alpha-beta search: for
/// the lessons' endgames (`PLAY_OUT_EMPTIES` at most), where it answers at
/// once. `None` when the game is over.
pub fn perfect_move(position: &Position) -> Option<(Move, i32)> {
    let mut best: Option<(Move, i32)> = None;
    for mv in position.moves() {
        let alpha = best.map_or(-65, |b| b.1);
        let score = -negamax(&position.play(mv), -65, -alpha);
        if best.is_none_or(|b| score > b.1) {
            best = Some((mv, score));
        }
    }
    best
}

fn negamax(position: &Position, mut alpha: i32, beta: i32) -> i32 {
    let moves = position.moves();
    if moves.is_empty() {
        return position.final_disc_score();
    }
    for mv in moves {
        let score = -negamax(&position.play(mv), -beta, -alpha);
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// The learner's move `mv` in a play-out (it must be legal), then the
/// perfect replies, and the learner's forced passes, until the learner can
/// place a disc or the game is over: the position then and the moves after
/// the learner's, in order.
pub fn play_out_turn(position: &Position, learner: Color, mv: Move) -> (Position, Vec<Move>) {
    let mut now = position.play(mv);
    let mut after = Vec::new();
    while !now.is_over() && (now.side_to_move() != learner || now.must_pass()) {
        let reply = if now.side_to_move() == learner {
            Move::Pass
        } else {
            perfect_move(&now).map_or(Move::Pass, |(m, _)| m)
        };
        after.push(reply);
        now = now.play(reply);
    }
    (now, after)
}

/// The final disc difference for `learner` once the game is over.
pub fn play_out_result(position: &Position, learner: Color) -> Option<i32> {
    let score = position.is_over().then(|| position.final_disc_score())?;
    Some(if position.side_to_move() == learner {
        score
    } else {
        -score
    })
}

/// The learner's take `mv` against the perfect player (it must be legal),
/// then the reply: the position after both, the reply, and the winner once
/// the game is over (`Some(true)`: the learner). Normal play: who takes
/// last wins; misère: who takes last loses.
pub fn win_turn(
    position: &crate::engine::nim::Position,
    misere: bool,
    mv: crate::engine::nim::Move,
) -> (
    crate::engine::nim::Position,
    Option<crate::engine::nim::Move>,
    Option<bool>,
) {
    let now = position.play_unchecked(mv);
    if now.is_over() {
        return (now, None, Some(!misere));
    }
    let Some(reply) = perfect_take(&now, misere) else {
        return (now, None, Some(!misere));
    };
    let after = now.play_unchecked(reply);
    let over = after.is_over().then_some(misere);
    (after, Some(reply), over)
}

/// Whether `mv`, by the side to move, keeps a corner within `turns` of its
/// moves (this one included): it takes a corner, or forces one in the
/// turns left whatever the replies.
pub fn keeps_corner(position: &Position, mv: Move, turns: u32) -> bool {
    let corner = matches!(mv, Move::Place(s) if is_corner(s));
    let side = position.side_to_move();
    corner || (turns > 1 && forces_corner(&position.play(mv), side, turns - 1))
}

/// The reply that holds `learner` off the corners longest: after it the
/// learner needs the most moves to force one (a reply after which no corner
/// can be forced in `turns` comes first). `None` when the game is over.
pub fn corner_reply(position: &Position, learner: Color, turns: u32) -> Option<Move> {
    let needed = |mv: Move| {
        let after = position.play(mv);
        (1..=turns)
            .find(|&t| forces_corner(&after, learner, t))
            .unwrap_or(u32::MAX)
    };
    let moves = position.moves();
    let most = moves.iter().map(|&mv| needed(mv)).max()?;
    moves.into_iter().find(|&mv| needed(mv) == most)
}

/// The learner's move `mv` in a corner lesson with `turns` of the
/// learner's moves left (`mv` one of them): the replies and the learner's
/// forced passes after it, the position then and the turns left; `None`
/// when `mv` gives the corner up.
pub fn corner_turn(
    position: &Position,
    mv: Move,
    turns: u32,
) -> Option<(Position, Vec<Move>, u32)> {
    if !keeps_corner(position, mv, turns) {
        return None;
    }
    let learner = position.side_to_move();
    let mut now = position.play(mv);
    let mut left = turns - 1;
    let mut after = Vec::new();
    while !now.is_over() && (now.side_to_move() != learner || now.must_pass()) {
        let reply = if now.side_to_move() == learner {
            left = left.saturating_sub(1);
            Move::Pass
        } else {
            corner_reply(&now, learner, left)?
        };
        after.push(reply);
        now = now.play(reply);
    }
    Some((now, after, left))
}

/// The perfect player's take in a take-away game: a move to a P-position
/// when there is one, else the smallest take from the first heap that has
/// a move (to make the game last). `None` when the game is over.
pub fn perfect_take(
    position: &crate::engine::nim::Position,
    misere: bool,
) -> Option<crate::engine::nim::Move> {
    let winning = crate::engine::nim::analyse(position, misere, 1_000_000)
        .ok()
        .and_then(|a| a.winning_moves.first().copied());
    winning.or_else(|| position.moves().min_by_key(|m| (m.take, m.heap)))
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
    use crate::learn::lesson::parse_stage;
    use crate::learn::STAGES;

    fn lesson(id: &str) -> Lesson {
        STAGES
            .iter()
            .flat_map(|(_, text)| parse_stage(text).unwrap().lessons)
            .find(|l| l.id == id)
            .unwrap()
    }

    #[test]
    fn answers_are_normalized() {
        assert_eq!(normalize(" D3 "), "d3");
        assert_eq!(normalize("44 – 20"), "44-20");
        assert_eq!(normalize("A1:2:a3"), "a1:2:a3");
        assert_eq!(normalize("2 : 1"), "2:1");
    }

    #[test]
    fn all_moves_must_be_found_and_stars_fall_with_hints_and_errors() {
        let lesson = lesson("othello-1-1");
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
        let lesson = lesson("othello-1-3");
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
        let nim = self::lesson("nim-1-1");
        let mut attempt = Attempt::new(&nim, &nim.answer);
        assert_eq!(attempt.next_hint(), Some(Hint::Text(0)));
        assert_eq!(attempt.try_answer("p"), Verdict::Solved { stars: 3 });
    }

    #[test]
    fn symmetries_keep_the_answer_right() {
        // The first lesson names no square: every symmetry gives a position
        // whose legal moves are the mapped answer.
        let lesson = lesson("othello-1-1");
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
        let named = self::lesson("othello-1-2");
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
    fn perfect_play_finds_the_exact_result() {
        // A one-square endgame: the move and its score are forced.
        let full = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO- X";
        let position = othello_start(&Start::Board {
            board: full.into(),
            variant: None,
        })
        .unwrap();
        let (mv, score) = perfect_move(&position).unwrap();
        assert_eq!(mv.to_string(), "h8");
        assert_eq!(score, 64);
        // Nim 1, 2, 3 is a P-position: no winning move, the smallest take.
        let nim = crate::engine::nim::parse_position("nim:1 nim:2 nim:3").unwrap();
        let take = perfect_take(&nim, false).unwrap();
        assert_eq!((take.heap, take.take), (0, 1));
        let nim = crate::engine::nim::parse_position("nim:1 nim:2").unwrap();
        assert_eq!(perfect_take(&nim, false).unwrap().to_string(), "1:1");
    }

    #[test]
    fn a_play_out_answers_with_perfect_replies_until_the_end() {
        // Black plays h8 on a board with two empties: the game ends.
        let board = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO- X";
        let position = othello_start(&Start::Board {
            board: board.into(),
            variant: None,
        })
        .unwrap();
        let h8 = position.moves()[0];
        let (end, after) = play_out_turn(&position, Color::Black, h8);
        assert!(after.is_empty());
        assert_eq!(play_out_result(&end, Color::Black), Some(64));
        assert_eq!(play_out_result(&position, Color::Black), None);
        // Nim 1, 2: the learner takes 1 from the 2 (a P-position for the
        // computer), the computer takes one, the learner takes the last.
        let nim = crate::engine::nim::parse_position("nim:1 nim:2").unwrap();
        let mv = crate::engine::nim::Move { heap: 1, take: 1 };
        let (now, reply, over) = win_turn(&nim, false, mv);
        assert!(reply.is_some() && over.is_none());
        let last = now.moves().next().unwrap();
        assert_eq!(win_turn(&now, false, last).2, Some(true));
        assert_eq!(win_turn(&now, true, last).2, Some(false));
    }

    #[test]
    fn a_corner_lesson_is_played_against_the_best_defence() {
        let lesson = lesson("othello-4-2");
        let Goal::Corner { turns } = lesson.goal else {
            panic!("not a corner lesson")
        };
        let start = othello_start(&lesson.start).unwrap();
        // Every stated first move keeps the corner; every other loses it.
        for mv in start.moves() {
            let stated = lesson.answer.contains(&mv.to_string());
            assert_eq!(keeps_corner(&start, mv, turns), stated, "{mv}");
        }
        // Played out with the forcing moves, the corner comes in time.
        let mut now = start;
        let mut left = turns;
        let learner = start.side_to_move();
        loop {
            let mv = now
                .moves()
                .into_iter()
                .find(|&m| keeps_corner(&now, m, left))
                .expect("a forcing move");
            if matches!(mv, Move::Place(s) if is_corner(s)) {
                break;
            }
            let (after, _, turns_left) = corner_turn(&now, mv, left).unwrap();
            assert!(turns_left < left && after.side_to_move() == learner);
            now = after;
            left = turns_left;
        }
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
