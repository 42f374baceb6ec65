//! Proves a lesson's stated answer with the engine: the rules give the legal
//! moves and flips, the exact solver the best moves, the corner search the
//! forcing moves, the take-away theory P/N, Grundy values and winning
//! moves. Answers are compared as sets (the order a lesson lists them in
//! does not matter).

use std::collections::BTreeSet;

use crate::engine::clock::Clock;
use crate::engine::nim;
use crate::engine::opok;
use crate::engine::othello::notation::{parse_board, replay_from_start};
use crate::engine::othello::puzzle;
use crate::engine::othello::{Analyzer, Position, Rules, Square, Variant};
use crate::engine::search::{Budget, Limits};

use super::lesson::{
    take_text, Goal, Lesson, Opponent, Stage, Start, GRUNDY_TABLE_MAX, PLAY_OUT_EMPTIES,
};
use super::opponent::{
    corner_keeping_move, corner_turn, keeps_corner, perfect_move, perfect_take, play_out_turn,
    win_turn, Replier,
};

/// The solver's budget for a `best-move` lesson.
const SOLVE_NODES: u64 = 100_000_000;
/// The misère search's budget.
const MISERE_BUDGET: u64 = 1_000_000;

/// Why a lesson does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// Its start cannot be read.
    Start(String),
    /// Its goal does not apply to its game or position.
    Goal(String),
    /// Its opponent does not fit its goal or its position.
    Opponent(String),
    /// Its texts break a rule of [`super::wording`].
    Wording(super::wording::WordingError),
    /// The engine's answer differs from the stated one.
    Answer {
        /// What the lesson says.
        stated: Vec<String>,
        /// What the engine finds.
        engine: Vec<String>,
    },
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckError::Start(e) => write!(f, "bad start: {e}"),
            CheckError::Goal(e) => write!(f, "bad goal: {e}"),
            CheckError::Opponent(e) => write!(f, "bad opponent: {e}"),
            CheckError::Wording(e) => write!(f, "bad wording: {e}"),
            CheckError::Answer { stated, engine } => {
                write!(f, "the answer is {engine:?}, not {stated:?}")
            }
        }
    }
}

/// The engine's answer to `lesson`, as the lesson would state it (sorted).
pub fn engine_answer(lesson: &Lesson, clock: &dyn Clock) -> Result<Vec<String>, CheckError> {
    let answer: BTreeSet<String> = match &lesson.start {
        Start::Board { .. } | Start::Moves { .. } => {
            othello_answer(&othello_start(&lesson.start)?, &lesson.goal, clock)?
        }
        Start::Opok { .. } | Start::Record { .. } => {
            opok_answer(&opok_start(&lesson.start)?, &lesson.goal)?
        }
        Start::Heaps { heaps, misere } => {
            let position =
                nim::parse_position(heaps).map_err(|e| CheckError::Start(e.to_string()))?;
            nim_answer(&position, *misere, &lesson.goal)?
        }
    };
    Ok(answer.into_iter().collect())
}

/// Checks `lesson`: the engine's answer is the stated one.
pub fn check(lesson: &Lesson, clock: &dyn Clock) -> Result<(), CheckError> {
    let engine = engine_answer(lesson, clock)?;
    let stated: BTreeSet<String> = lesson
        .answer
        .iter()
        .map(|a| a.trim().to_lowercase())
        .collect();
    let engine_set: BTreeSet<String> = engine.iter().map(|a| a.to_lowercase()).collect();
    if stated == engine_set {
        check_opponent(lesson)
    } else {
        Err(CheckError::Answer {
            stated: lesson.answer.clone(),
            engine,
        })
    }
}

/// Checks the lesson's opponent: given only in a played lesson, a level
/// (1 to 7) only where the opponent's moves can be scored exactly (a
/// play-out, a take-away game), and a script that is legal, and used up,
/// along a line of the stated answer in which the learner plays on with
/// the best moves.
fn check_opponent(lesson: &Lesson) -> Result<(), CheckError> {
    let fits = |replier: &Replier| !replier.left_script() && replier.script_left() == 0;
    let unfit = || {
        CheckError::Opponent(format!(
            "the replies {:?} are not legal along any line of the answer",
            lesson.opponent
        ))
    };
    match (&lesson.opponent, &lesson.goal) {
        (Opponent::Best, _) => Ok(()),
        (Opponent::Level(n), Goal::PlayOut { .. } | Goal::Win) => {
            crate::engine::strength::Level::new(*n)
                .map(|_| ())
                .ok_or_else(|| CheckError::Opponent(format!("no level {n}: levels are 1 to 7")))
        }
        (Opponent::Replies(_), Goal::Corner { turns }) => {
            let start = othello_start(&lesson.start)?;
            let line_fits = |first: crate::engine::othello::Move| {
                let mut replier = Replier::new(lesson.opponent.clone(), 0);
                let (mut now, mut mv, mut left) = (start, first, *turns);
                while !matches!(mv, crate::engine::othello::Move::Place(s) if puzzle::is_corner(s))
                {
                    let Some((after, _, l)) = corner_turn(&now, mv, left, &mut replier) else {
                        return false;
                    };
                    let Some(next) = corner_keeping_move(&after, l) else {
                        return false;
                    };
                    (now, mv, left) = (after, next, l);
                }
                fits(&replier)
            };
            let answered = start
                .moves()
                .into_iter()
                .filter(|mv| lesson.answer.contains(&mv.to_string()));
            answered.into_iter().any(line_fits).then_some(()).ok_or_else(unfit)
        }
        (Opponent::Replies(_), Goal::PlayOut { .. }) => {
            let start = othello_start(&lesson.start)?;
            let learner = start.side_to_move();
            let mut replier = Replier::new(lesson.opponent.clone(), 0);
            let mut now = start;
            while let Some((mv, _)) = perfect_move(&now) {
                now = play_out_turn(&now, learner, mv, &mut replier).0;
            }
            fits(&replier).then_some(()).ok_or_else(unfit)
        }
        (Opponent::Replies(_), Goal::Win) => {
            let Start::Heaps { heaps, misere } = &lesson.start else {
                return Err(CheckError::Goal("a take-away goal needs heaps".into()));
            };
            let mut now = nim::parse_position(heaps).map_err(|e| CheckError::Start(e.to_string()))?;
            let mut replier = Replier::new(lesson.opponent.clone(), 0);
            while let Some(mv) = perfect_take(&now, *misere) {
                let (after, _, over) = win_turn(&now, *misere, mv, &mut replier);
                if over.is_some() {
                    break;
                }
                now = after;
            }
            fits(&replier).then_some(()).ok_or_else(unfit)
        }
        (opponent, goal) => Err(CheckError::Opponent(format!(
            "{} in a {} lesson: replies only in corner, play-out and win lessons, a level only in play-out and win lessons",
            opponent.name(),
            goal.name()
        ))),
    }
}

/// Checks a whole stage: the wording of its lessons ([`super::wording`])
/// and each lesson's answer; the lessons that fail, with why, in order.
pub fn check_stage(stage: &Stage, clock: &dyn Clock) -> Vec<(String, CheckError)> {
    let mut failed = Vec::new();
    if let Err((id, e)) = super::wording::check_stage(stage) {
        failed.push((id, CheckError::Wording(e)));
    }
    for lesson in &stage.lessons {
        if let Err(e) = check(lesson, clock) {
            if !failed.iter().any(|(id, _)| *id == lesson.id) {
                failed.push((lesson.id.clone(), e));
            }
        }
    }
    failed
}

/// The Othello position a lesson starts from.
pub fn othello_start(start: &Start) -> Result<Position, CheckError> {
    let bad = |e: String| CheckError::Start(e);
    match start {
        Start::Board { board, variant } => {
            let variant = match variant.as_deref() {
                None | Some("standard") => Variant::Standard,
                Some("anti") => Variant::Anti,
                Some(other) => return Err(bad(format!("no variant {other:?} for a board"))),
            };
            parse_board(board, variant).map_err(|e| bad(e.to_string()))
        }
        Start::Moves { moves } => replay_from_start(Rules::default(), moves)
            .map(|r| r.last())
            .map_err(|e| bad(e.to_string())),
        _ => Err(bad("not an Othello start".into())),
    }
}

fn squares(position: &Position, keep: impl Fn(Square) -> bool) -> BTreeSet<String> {
    Square::iter(position.legal_squares())
        .filter(|&s| keep(s))
        .map(|s| s.to_string())
        .collect()
}

fn othello_answer(
    position: &Position,
    goal: &Goal,
    clock: &dyn Clock,
) -> Result<BTreeSet<String>, CheckError> {
    let flips = |s: Square| position.flips(s).count_ones();
    Ok(match goal {
        Goal::AllLegalMoves => squares(position, |_| true),
        Goal::FlipMost => {
            let most = Square::iter(position.legal_squares()).map(flips).max();
            squares(position, |s| Some(flips(s)) == most)
        }
        Goal::FlipExactly { n } => squares(position, |s| flips(s) == *n),
        Goal::Pass => {
            if !position.must_pass() {
                return Err(CheckError::Goal(
                    "the side to move is not forced to pass".into(),
                ));
            }
            BTreeSet::from(["pass".to_string()])
        }
        Goal::Corner { turns } => position
            .moves()
            .into_iter()
            .filter(|&mv| keeps_corner(position, mv, *turns))
            .map(|mv| mv.to_string())
            .collect(),
        Goal::FinalScore => {
            let outcome = position
                .outcome()
                .ok_or_else(|| CheckError::Goal("the game is not over".into()))?;
            BTreeSet::from([format!("{}-{}", outcome.black, outcome.white)])
        }
        Goal::BestMove => {
            let budget = Budget::new(Limits::nodes(SOLVE_NODES), clock);
            let mut analyzer = Analyzer::new(20);
            let scores = puzzle::exact_scores(&mut analyzer, position, &budget)
                .ok_or_else(|| CheckError::Goal("too deep to solve exactly".into()))?;
            let best = scores[0].1;
            scores
                .iter()
                .filter(|s| s.1 == best)
                .map(|s| s.0.to_string())
                .collect()
        }
        Goal::TimeLoss { loser } => {
            let loser = match loser.as_str() {
                "black" => crate::engine::othello::Color::Black,
                "white" => crate::engine::othello::Color::White,
                other => return Err(CheckError::Goal(format!("no side {other:?}"))),
            };
            let outcome = position
                .time_loss_outcome(loser)
                .ok_or_else(|| CheckError::Goal("no time-loss score in anti-Othello".into()))?;
            BTreeSet::from([format!("{}-{}", outcome.black, outcome.white)])
        }
        Goal::PlayOut { at_least } => {
            let small = position.rules().size.side() <= 4;
            if position.empties().count_ones() > PLAY_OUT_EMPTIES && !small {
                return Err(CheckError::Goal(format!(
                    "more than {PLAY_OUT_EMPTIES} empty squares"
                )));
            }
            let (_, best) = perfect_move(position)
                .ok_or_else(|| CheckError::Goal("the game is over".into()))?;
            BTreeSet::from([if best >= *at_least { "win" } else { "lose" }.to_string()])
        }
        other => {
            return Err(CheckError::Goal(format!(
                "{} is not an Othello goal",
                other.name()
            )))
        }
    })
}

/// The Opok position a lesson starts from.
pub fn opok_start(start: &Start) -> Result<opok::Position, CheckError> {
    let bad = |e: String| CheckError::Start(e);
    match start {
        Start::Opok { opok } => {
            opok::notation::parse_position(opok).map_err(|e| bad(e.to_string()))
        }
        Start::Record { record, size } => {
            let geometry = opok::Geometry::new(*size)
                .ok_or_else(|| bad(format!("no board of size {size}")))?;
            opok::notation::replay(opok::Position::start(geometry), record)
                .map(|r| r.last)
                .map_err(|e| bad(e.to_string()))
        }
        _ => Err(bad("not an Opok start".into())),
    }
}

fn opok_answer(position: &opok::Position, goal: &Goal) -> Result<BTreeSet<String>, CheckError> {
    let g = position.geometry();
    let moves = position.moves();
    Ok(match goal {
        Goal::Landings { from, k } => {
            let from = g
                .parse_square(from)
                .ok_or_else(|| CheckError::Goal(format!("no square {from}")))?;
            moves
                .iter()
                .filter_map(|&mv| match mv {
                    opok::Move::Step { from: f, k: n, to } if f == from && n == *k => {
                        Some(g.name(to))
                    }
                    _ => None,
                })
                .collect()
        }
        Goal::Captures => moves
            .iter()
            .filter(|&&mv| position.captures(mv) != 0)
            .map(|&mv| opok::notation::move_text(g, mv))
            .collect(),
        Goal::Occupied => BTreeSet::from([format!(
            "{}-{}",
            position.score(opok::Side::Circles),
            position.score(opok::Side::Squares)
        )]),
        Goal::Immobilise { at } => {
            let at = g
                .parse_square(at)
                .ok_or_else(|| CheckError::Goal(format!("no square {at}")))?;
            let theirs = position.side_to_move().opponent();
            if position.stack(at).map(|s| s.owner) != Some(theirs) || !can_walk(position, at) {
                return Err(CheckError::Goal(
                    "the stack to wall in must be the opponent's and able to move".into(),
                ));
            }
            moves
                .iter()
                .filter(|&&mv| {
                    let after = position.play_unchecked(mv);
                    after.stack(at).map(|s| s.owner) == Some(theirs) && !can_walk(&after, at)
                })
                .map(|&mv| opok::notation::move_text(g, mv))
                .collect()
        }
        Goal::CaptureVerdict { mv } => {
            let mv = opok::notation::parse_move(g, mv)
                .filter(|mv| moves.contains(mv))
                .ok_or_else(|| CheckError::Goal(format!("{mv} is not a legal move here")))?;
            let captures = position.captures(mv) != 0;
            BTreeSet::from([if captures { "yes" } else { "no" }.to_string()])
        }
        other => {
            return Err(CheckError::Goal(format!(
                "{} is not an Opok goal",
                other.name()
            )))
        }
    })
}

/// Whether the stack on `square` can move: two pieces or more, and an
/// empty square next to it.
pub fn can_walk(position: &opok::Position, square: opok::Square) -> bool {
    let tall = position.stack(square).is_some_and(|s| s.height >= 2);
    let mut way_out = false;
    position.walks(square, 1, |_, landings| way_out |= landings != 0);
    tall && way_out
}

fn nim_answer(
    position: &nim::Position,
    misere: bool,
    goal: &Goal,
) -> Result<BTreeSet<String>, CheckError> {
    let analysis = nim::theory::analyse(position, misere, MISERE_BUDGET)
        .map_err(|_| CheckError::Goal("the misère search gave up".into()))?;
    let one = |value: u64| BTreeSet::from([value.to_string()]);
    Ok(match goal {
        Goal::Classify => BTreeSet::from([format!("{:?}", analysis.outcome)]),
        Goal::MoveToP => analysis
            .winning_moves
            .iter()
            .map(|&m| take_text(m))
            .collect(),
        Goal::Grundy { heap } => {
            let values = analysis
                .values
                .ok_or_else(|| CheckError::Goal("no values in misère play".into()))?;
            let value = heap
                .checked_sub(1)
                .and_then(|i| values.get(i))
                .ok_or_else(|| CheckError::Goal(format!("no heap {heap}")))?;
            one(*value)
        }
        Goal::NimSum => one(analysis
            .nimsum
            .ok_or_else(|| CheckError::Goal("no nim-sum in misère play".into()))?),
        Goal::Win => BTreeSet::from([match analysis.outcome {
            nim::theory::Outcome::N => "win".to_string(),
            nim::theory::Outcome::P => "lose".to_string(),
        }]),
        Goal::GrundyTable { upto } => {
            if misere || *upto > GRUNDY_TABLE_MAX {
                return Err(CheckError::Goal(format!(
                    "a table is of normal play, up to {GRUNDY_TABLE_MAX}"
                )));
            }
            let heap = position
                .heaps()
                .first()
                .ok_or_else(|| CheckError::Goal("no heap".into()))?;
            let values: Vec<String> = (0..=*upto)
                .map(|n| nim::grundy::grundy(&heap.rule, n).to_string())
                .collect();
            BTreeSet::from([values.join(",")])
        }
        other => {
            return Err(CheckError::Goal(format!(
                "{} is not a take-away goal",
                other.name()
            )))
        }
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::engine::clock::SystemClock;
    use crate::learn::lesson::parse_stage;
    use crate::learn::shipped_lesson;
    use crate::learn::STAGES;

    #[test]
    fn every_shipped_lesson_holds() {
        let clock = SystemClock::new();
        for (name, text) in STAGES {
            let stage = parse_stage(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(check_stage(&stage, &clock), Vec::new(), "{name}");
        }
    }

    #[test]
    fn walling_in_and_judging_a_capture_are_proved() {
        let clock = SystemClock::new();
        let mut lesson = shipped_lesson("opok-4-4");
        assert!(matches!(lesson.goal, Goal::Immobilise { .. }));
        assert_eq!(check(&lesson, &clock), Ok(()));
        // A move that leaves the stack a way out is no answer.
        lesson.answer.push("a1:1:a2".into());
        assert!(matches!(
            check(&lesson, &clock),
            Err(CheckError::Answer { .. })
        ));
        lesson.goal = Goal::Immobilise { at: "a1".into() };
        assert!(matches!(check(&lesson, &clock), Err(CheckError::Goal(_))));
        let mut verdict = shipped_lesson("opok-3-5");
        assert_eq!(verdict.answer, vec!["no".to_string()]);
        assert_eq!(check(&verdict, &clock), Ok(()));
        verdict.answer = vec!["yes".into()];
        assert!(matches!(
            check(&verdict, &clock),
            Err(CheckError::Answer { .. })
        ));
        verdict.goal = Goal::CaptureVerdict {
            mv: "a1:9:a2".into(),
        };
        assert!(matches!(check(&verdict, &clock), Err(CheckError::Goal(_))));
    }

    #[test]
    fn an_opponent_must_fit_its_lesson() {
        let clock = SystemClock::new();
        let bad = |lesson: &Lesson| matches!(check(lesson, &clock), Err(CheckError::Opponent(_)));
        // The shipped script: White answers b2 after a3.
        let mut corner = shipped_lesson("othello-4-5");
        assert_eq!(corner.opponent, Opponent::Replies(vec!["b2".into()]));
        assert_eq!(check(&corner, &clock), Ok(()));
        // A reply that is not legal there, one too many, or none at all.
        for replies in [vec!["h8"], vec!["b2", "b1"], vec!["pass"]] {
            corner.opponent = Opponent::Replies(replies.iter().map(|r| r.to_string()).collect());
            assert!(bad(&corner), "{replies:?}");
        }
        // A level only where moves can be scored exactly.
        corner.opponent = Opponent::Level(3);
        assert!(bad(&corner));
        let mut win = shipped_lesson("nim-1-7");
        assert_eq!(win.opponent, Opponent::Level(3));
        assert_eq!(check(&win, &clock), Ok(()));
        win.opponent = Opponent::Level(8);
        assert!(bad(&win));
        // From 5 7 9 12 the learner's winning move leaves the 9 (heap 3,
        // counted from 1): one can be taken from it, not ten.
        win.opponent = Opponent::Replies(vec!["3:1".into()]);
        assert_eq!(check(&win, &clock), Ok(()));
        win.opponent = Opponent::Replies(vec!["3:10".into()]);
        assert!(bad(&win));
        // No opponent in a lesson that is not played.
        let mut legal = shipped_lesson("othello-1-1");
        legal.opponent = Opponent::Replies(vec!["d3".into()]);
        assert!(bad(&legal));
        // A play-out's script along the perfect line.
        let mut play_out = shipped_lesson("othello-6-6");
        play_out.opponent = Opponent::Level(1);
        assert_eq!(check(&play_out, &clock), Ok(()));
        play_out.opponent = Opponent::Replies(vec!["a1".into()]);
        assert!(bad(&play_out));
    }

    #[test]
    fn a_wrong_or_partial_answer_is_caught() {
        let clock = SystemClock::new();
        let mut lesson = shipped_lesson("othello-2-1");
        // The club's example without g6.
        lesson.answer.retain(|a| a != "g6");
        let Err(CheckError::Answer { engine, .. }) = check(&lesson, &clock) else {
            panic!("a missing move passed");
        };
        assert!(engine.contains(&"g6".to_string()));
        // A goal of the wrong game.
        lesson.goal = Goal::Classify;
        assert!(matches!(check(&lesson, &clock), Err(CheckError::Goal(_))));
        // A pass where a move exists.
        lesson.goal = Goal::Pass;
        assert!(matches!(check(&lesson, &clock), Err(CheckError::Goal(_))));
        // A start that does not read.
        lesson.start = Start::Board {
            board: "XO".into(),
            variant: None,
        };
        assert!(matches!(check(&lesson, &clock), Err(CheckError::Start(_))));
    }
}
