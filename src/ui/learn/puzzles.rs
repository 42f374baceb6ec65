//! `#/puzzles`: the Othello puzzles with the learner's rating and the next
//! puzzle near it; `#/puzzles/<id>` one puzzle; `#/puzzles/daily` the
//! puzzle of the day (the same for everyone on a date, no server).

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use crate::engine::othello::puzzle::Kind;
use crate::engine::othello::{Move, Position, Square};
use crate::i18n::othello::color_name;
use crate::i18n::Texts;
use crate::learn::opponent::keeps_corner;
use crate::learn::play::region;
use crate::learn::progress::Progress;
use crate::learn::rating::{daily, next_puzzle, RatingChange};
use crate::learn::shipped::ShippedPuzzle;

use super::super::context::use_app;
use super::answers::NumberAnswer;
use super::data::{not_ready, use_progress, use_puzzles, Loading, Puzzles, UpdateProgress};
use super::embedded::use_embedded;
use super::lesson_board::{othello_board, Marks};
use super::lesson_play::why_text;
use super::solution_line::SolutionLine;

/// The kind's name.
fn kind_name(t: &Texts, kind: Kind) -> &'static str {
    match kind {
        Kind::Wipeout => t.learn().kind_wipeout(),
        Kind::Corner => t.learn().kind_corner(),
        Kind::Parity => t.learn().kind_parity(),
        Kind::OnlyMove => t.learn().kind_only_move(),
        Kind::ExactScore => t.learn().kind_exact_score(),
        Kind::BestMove => t.learn().kind_best_move(),
    }
}

/// What the puzzle asks.
fn task(t: &Texts, puzzle: &ShippedPuzzle, kind: Kind) -> String {
    match kind {
        Kind::Wipeout => t.learn().task_wipeout().into(),
        Kind::Corner => t.learn().task_corner(puzzle.turns.unwrap_or(2)),
        Kind::Parity => t.learn().task_parity().into(),
        Kind::OnlyMove => t.learn().task_only_move().into(),
        Kind::ExactScore => t.learn().task_exact_score().into(),
        Kind::BestMove => t.learn().task_best_move().into(),
    }
}

/// Today as days since 1970-01-01 (UTC).
fn today() -> u64 {
    (js_sys::Date::now() / 86_400_000.0) as u64
}

/// The puzzle chosen for the learner: the untried one nearest their rating.
fn next_for(puzzles: &Puzzles, progress: &Progress) -> Option<usize> {
    let ratings: Vec<f64> = puzzles
        .iter()
        .map(|p| progress.puzzle_rating(&p.id, p.rating).rating)
        .collect();
    let tried: Vec<bool> = puzzles
        .iter()
        .map(|p| progress.puzzles.contains_key(&p.id))
        .collect();
    next_puzzle(f64::from(progress.learner.r) / 10.0, &ratings, &tried)
}

/// The puzzles' home page.
#[function_component(PuzzlesHome)]
pub fn puzzles_home() -> Html {
    let t = use_app().t();
    let attempt = use_state(|| 0u32);
    let puzzles = use_puzzles(*attempt);
    let (progress, _) = use_progress();
    let retry = {
        let attempt = attempt.clone();
        Callback::from(move |_| attempt.set(*attempt + 1))
    };
    let body = match &puzzles {
        Loading::Ready(puzzles) => {
            let next = next_for(puzzles, &progress).map(|i| puzzles[i].id.clone());
            let kinds = Kind::ALL.into_iter().map(|kind| {
                let of_kind: Vec<&ShippedPuzzle> =
                    puzzles.iter().filter(|p| p.kind() == Some(kind)).collect();
                let solved = of_kind
                    .iter()
                    .filter(|p| progress.puzzles.get(&p.id).is_some_and(|r| r.solved))
                    .count();
                html! { <li>{ format!("{}: {solved} / {}", kind_name(t, kind), of_kind.len()) }</li> }
            });
            html! {
                <>
                    <div class="card-actions">
                        if let Some(next) = next {
                            <a class="button primary" href={format!("#/puzzles/{next}")} data-testid="next-puzzle">{ t.learn().next_puzzle() }</a>
                        }
                        <a class="button" href="#/puzzles/daily">{ t.learn().daily() }</a>
                    </div>
                    <ul class="kind-counts">{ for kinds }</ul>
                </>
            }
        }
        other => not_ready(t, other, retry),
    };
    html! {
        <section class="learn">
            <p class="crumbs"><a href="#/learn">{ t.common.learn_title() }</a></p>
            <h1 tabindex="-1">{ t.common.learn_puzzles() }</h1>
            <p class="intro">{ t.learn().puzzles_intro() }</p>
            <p class="rating" data-testid="learner-rating">{ t.learn().your_rating(progress.learner_rating()) }</p>
            { body }
            <p class="note">{ t.learn().rating_note() }</p>
        </section>
    }
}

/// Props: the puzzle's id, or `daily`.
#[derive(Properties, PartialEq)]
pub struct PuzzlePageProps {
    /// The id.
    pub id: String,
}

/// One puzzle: finds it (or today's).
#[function_component(PuzzlePage)]
pub fn puzzle_page(props: &PuzzlePageProps) -> Html {
    let t = use_app().t();
    let attempt = use_state(|| 0u32);
    let puzzles = use_puzzles(*attempt);
    let retry = {
        let attempt = attempt.clone();
        Callback::from(move |_| attempt.set(*attempt + 1))
    };
    // A frame shows no links into the site.
    let crumbs = use_embedded().is_none().then(|| html! {
        <p class="crumbs"><a href="#/learn">{ t.common.learn_title() }</a>{ " › " }<a href="#/puzzles">{ t.common.learn_puzzles() }</a></p>
    });
    let Loading::Ready(puzzles) = &puzzles else {
        return html! { <section class="learn">{ crumbs }{ not_ready(t, &puzzles, retry) }</section> };
    };
    let at = if props.id == "daily" {
        daily(today(), puzzles.len())
    } else {
        puzzles.iter().position(|p| p.id == props.id)
    };
    let found = at.and_then(|i| Some((i, puzzles[i].clone(), puzzles[i].position()?)));
    let Some((at, puzzle, position)) = found else {
        return html! { <section class="learn">{ crumbs }<h1 tabindex="-1">{ t.learn().not_found() }</h1></section> };
    };
    let key = puzzle.id.clone();
    html! {
        <section class="learn puzzle">
            { crumbs }
            <PuzzlePlayer {key} {puzzle} {position} number={at + 1} total={puzzles.len()}
                daily={props.id == "daily"} puzzles={puzzles.clone()} />
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct PlayerProps {
    puzzle: ShippedPuzzle,
    position: Position,
    number: usize,
    total: usize,
    daily: bool,
    puzzles: Puzzles,
}

/// Where a try at the puzzle stands.
#[derive(Clone, Default, PartialEq)]
struct Try {
    /// The answer move was found (exact-score: the score is asked next).
    moved: bool,
    /// Done.
    solved: bool,
    /// Hints taken: 1 the area, 2 the move.
    hints: u8,
    /// Wrong moves and scores so far.
    misses: u32,
    /// The last feedback and whether it was good.
    said: Option<(bool, String)>,
    /// Discs to pick out (a wrong move's flips).
    flips: u64,
    /// How the first try moved the learner's rating.
    change: Option<RatingChange>,
}

/// Whether `square` answers the puzzle: its stated move, or for a corner
/// puzzle any move that also forces a corner in time.
fn answers(puzzle: &ShippedPuzzle, kind: Kind, position: &Position, square: Square) -> bool {
    if puzzle.solution[0] == square.to_string() {
        return true;
    }
    let legal = position.legal_squares() & square.bit() != 0;
    kind == Kind::Corner
        && legal
        && keeps_corner(position, Move::Place(square), puzzle.turns.unwrap_or(2))
}

/// Records the first try at the puzzle (a miss or a hint counts against)
/// and keeps how it moved the rating in the try.
fn record(update: &UpdateProgress, puzzle: &ShippedPuzzle, solved: bool, now: &mut Try) {
    let change = Rc::new(Cell::new(None));
    let (id, rating, kept) = (puzzle.id.clone(), puzzle.rating, change.clone());
    update.emit(Box::new(move |p: &mut Progress| {
        kept.set(p.try_puzzle(&id, rating, solved));
    }));
    if let Some(change) = change.get() {
        now.change = Some(change);
    }
}

/// What a try at the puzzle needs to be judged.
#[derive(Clone)]
struct Judge {
    t: &'static Texts,
    state: UseStateHandle<Try>,
    puzzle: ShippedPuzzle,
    position: Position,
    update: UpdateProgress,
    announce: Callback<String>,
    /// Tells a frame's page of a solve, with the tries it took.
    solved: Callback<u32>,
}

impl Judge {
    /// Keeps the try and says what it gave (and how the rating moved, the
    /// first time).
    fn set(&self, next: Try) {
        if let Some((_, said)) = &next.said {
            self.announce.emit(format!("{said}{}", self.moved(&next)));
        }
        self.state.set(next);
    }

    /// How the rating moved, to say after the try that moved it.
    fn moved(&self, next: &Try) -> String {
        match (next.change, self.state.change) {
            (Some(change), None) => format!(" {}", change_said(self.t, change)),
            _ => String::new(),
        }
    }

    /// A click on a square.
    fn pick(&self, square: Square) {
        let (t, kind) = (self.t, self.puzzle.kind().unwrap_or(Kind::BestMove));
        let mut next = (*self.state).clone();
        if next.moved {
            return;
        }
        if !answers(&self.puzzle, kind, &self.position, square) {
            record(&self.update, &self.puzzle, false, &mut next);
            next.misses += 1;
            let (why, flips) = why_text(t, &self.position, square);
            next.flips = flips;
            next.said = Some((false, format!("{} {why}", t.learn().wrong_puzzle())));
            return self.set(next);
        }
        next.moved = true;
        next.flips = 0;
        let said = if kind == Kind::ExactScore {
            t.learn().score_question()
        } else {
            next.solved = true;
            record(&self.update, &self.puzzle, next.hints == 0, &mut next);
            self.solved.emit(next.misses);
            t.learn().solved_puzzle()
        };
        next.said = Some((true, format!("{} {said}", t.learn().right())));
        self.set(next);
    }

    /// The final score typed in (exact-score puzzles).
    fn score(&self, text: &str) {
        let t = self.t;
        let mut next = (*self.state).clone();
        let end = self.puzzle.score.map(|s| (64 + s) / 2);
        let right = text.trim().parse::<i32>().ok() == end;
        record(
            &self.update,
            &self.puzzle,
            right && next.hints == 0,
            &mut next,
        );
        if right {
            self.solved.emit(next.misses);
        }
        next.solved = true;
        let end = end.unwrap_or_default();
        let said = if right {
            format!("{} {}", t.learn().right(), t.learn().solved_puzzle())
        } else {
            format!(
                "{} {}",
                t.learn().wrong(),
                t.learn().score_answer(end, 64 - end)
            )
        };
        next.said = Some((right, said));
        self.set(next);
    }

    /// The next hint: the area, then the move.
    fn hint(&self) {
        let t = self.t;
        let mut next = (*self.state).clone();
        next.hints = (next.hints + 1).min(2);
        record(&self.update, &self.puzzle, false, &mut next);
        let hint = if next.hints == 1 {
            t.learn().hint_region_note().to_string()
        } else {
            t.learn().answer_is(&self.puzzle.solution[0])
        };
        self.announce.emit(format!("{hint}{}", self.moved(&next)));
        self.state.set(next);
    }
}

#[function_component(PuzzlePlayer)]
fn puzzle_player(props: &PlayerProps) -> Html {
    let app = use_app();
    let t = app.t();
    let state = use_state(Try::default);
    let (progress, update) = use_progress();
    let embedded = use_embedded();
    let puzzle = props.puzzle.clone();
    let kind = puzzle.kind().unwrap_or(Kind::BestMove);
    let position = props.position;
    let judge = Judge {
        t,
        state: state.clone(),
        puzzle: puzzle.clone(),
        position,
        update,
        announce: app.announce.clone(),
        solved: {
            let (embedded, id) = (embedded.clone(), puzzle.id.clone());
            Callback::from(move |misses: u32| {
                if let Some(embedded) = &embedded {
                    embedded.puzzle_solved.emit((id.clone(), misses + 1));
                }
            })
        },
    };
    let board = match (state.solved, puzzle.line()) {
        (true, Some(line)) => html! { <SolutionLine start={position} {line} /> },
        _ => puzzle_board(t, &puzzle, &position, &state, &judge),
    };
    let next = next_for(&props.puzzles, &progress)
        .map(|i| props.puzzles[i].id.clone())
        .filter(|next| *next != puzzle.id && embedded.is_none());
    let rating = progress
        .puzzle_rating(&puzzle.id, puzzle.rating)
        .rating
        .round() as i64;
    let side = color_name(t, position.side_to_move());
    html! {
        <>
            <p class="lesson-number">{ t.learn().puzzle_number(props.number, props.total) }</p>
            <h1 tabindex="-1">{ if props.daily { t.learn().daily() } else { kind_name(t, kind) } }</h1>
            if kind == Kind::Wipeout {
                <p class="explain" data-testid="kind-about">{ t.learn().kind_about_wipeout() }</p>
            }
            <p class="instruction">{ format!("{} ({side})", task(t, &puzzle, kind)) }</p>
            <div class="lesson-play">
                <div class="lesson-board">{ board }</div>
                { puzzle_side(t, &state, SideFacts { rating, learner: progress.learner_rating(), verified: puzzle.verified == "exact", next }, &judge) }
            </div>
        </>
    }
}

/// The puzzle's board while it is being solved: the hinted area, the
/// answer once shown or found, a wrong move's flips.
fn puzzle_board(
    t: &'static Texts,
    puzzle: &ShippedPuzzle,
    position: &Position,
    state: &Try,
    judge: &Judge,
) -> Html {
    let answer = puzzle.solution[0].clone();
    let area = if state.hints >= 1 && !state.moved {
        let open = |name: &str| Square::iter(position.empties()).any(|s| s.to_string() == name);
        region(&answer, 8, open)
    } else {
        Vec::new()
    };
    let shows_answer = state.hints >= 2 || state.moved;
    let flips = state.flips;
    let marks = |name: &str| Marks {
        answer: shows_answer && name == answer,
        region: area.iter().any(|a| a == name),
        flips: Square::iter(flips).any(|s| s.to_string() == name),
        ..Marks::default()
    };
    let judge = judge.clone();
    othello_board(
        t,
        position,
        marks,
        Callback::from(move |square| judge.pick(square)),
    )
}

/// How the first try moved the learner's rating, in words, and why it
/// moved so far while the rating is new.
fn change_said(t: &Texts, change: RatingChange) -> String {
    let delta = match change.delta() {
        d if d > 0 => format!("+{d}"),
        d => format!("−{}", d.unsigned_abs()),
    };
    let moved = t.learn().rating_change(change.before, change.after, delta);
    if change.new {
        format!("{moved} {}", t.learn().rating_new_note())
    } else {
        moved
    }
}

/// What the side of a puzzle shows besides the try.
struct SideFacts {
    /// The puzzle's rating here.
    rating: i64,
    /// The learner's rating.
    learner: i64,
    /// Checked by the exact solver (else by a deep search).
    verified: bool,
    /// The next puzzle's id.
    next: Option<String>,
}

/// Beside the puzzle's board: the ratings, the feedback, how the rating
/// moved and why, the score to type, the hint and the next puzzle.
fn puzzle_side(t: &Texts, state: &Try, facts: SideFacts, judge: &Judge) -> Html {
    let change = state.change.map(|change| {
        html! { <p class="rating-change" data-testid="rating-change">{ change_said(t, change) }</p> }
    });
    let on_score = {
        let judge = judge.clone();
        Callback::from(move |(text, _, _): (String, Option<String>, u64)| judge.score(&text))
    };
    let on_hint = {
        let judge = judge.clone();
        Callback::from(move |_| judge.hint())
    };
    let verified = if facts.verified {
        t.learn().verified_exact()
    } else {
        t.learn().verified_deep()
    };
    html! {
        <div class="lesson-side">
            <p class="rating">{ t.learn().puzzle_rating(facts.rating) }{ " · " }{ t.learn().your_rating(facts.learner) }</p>
            if let Some((good, said)) = &state.said {
                <p class={classes!("feedback", if *good { "right" } else { "wrong" })} data-testid="feedback">{ said.clone() }</p>
            }
            { change.unwrap_or_default() }
            if state.moved && !state.solved {
                <NumberAnswer answer={on_score} />
            }
            if state.solved {
                <p class="note">{ verified }</p>
            }
            <div class="card-actions">
                if !state.moved {
                    <button onclick={on_hint} disabled={state.hints >= 2} data-testid="hint">
                        { if state.hints == 0 { t.learn().hint_region() } else { t.learn().hint_show() } }
                    </button>
                }
                if let Some(next) = facts.next {
                    <a class={classes!("button", state.solved.then_some("primary"))} href={format!("#/puzzles/{next}")} data-testid="next-puzzle">{ t.learn().next_puzzle() }</a>
                }
            </div>
        </div>
    }
}
