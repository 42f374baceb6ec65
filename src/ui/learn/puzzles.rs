//! `#/puzzles`: the Othello puzzles with the learner's rating and the next
//! puzzle near it; `#/puzzles/<id>` one puzzle; `#/puzzles/daily` the
//! puzzle of the day (the same for everyone on a date, no server).

use yew::prelude::*;

use crate::engine::othello::puzzle::Kind;
use crate::engine::othello::{Move, Position, Square};
use crate::i18n::othello::color_name;
use crate::i18n::Texts;
use crate::learn::opponent::keeps_corner;
use crate::learn::play::region_of;
use crate::learn::progress::Progress;
use crate::learn::rating::{daily, next_puzzle};
use crate::learn::shipped::ShippedPuzzle;

use super::super::context::use_app;
use super::super::othello::board::Board;
use super::answers::NumberAnswer;
use super::data::{not_ready, use_progress, use_puzzles, Loading, Puzzles};
use super::embedded::use_embedded;
use super::lesson::{lesson_squares, why_text};

/// The kind's name.
fn kind_name(t: &Texts, kind: Kind) -> &'static str {
    match kind {
        Kind::Wipeout => t.learn().kind_wipeout,
        Kind::Corner => t.learn().kind_corner,
        Kind::Parity => t.learn().kind_parity,
        Kind::OnlyMove => t.learn().kind_only_move,
        Kind::ExactScore => t.learn().kind_exact_score,
        Kind::BestMove => t.learn().kind_best_move,
    }
}

/// What the puzzle asks.
fn task(t: &Texts, puzzle: &ShippedPuzzle, kind: Kind) -> String {
    match kind {
        Kind::Wipeout => t.learn().task_wipeout.into(),
        Kind::Corner => t.learn().task_corner(puzzle.turns.unwrap_or(2)),
        Kind::Parity => t.learn().task_parity.into(),
        Kind::OnlyMove => t.learn().task_only_move.into(),
        Kind::ExactScore => t.learn().task_exact_score.into(),
        Kind::BestMove => t.learn().task_best_move.into(),
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
                            <a class="button primary" href={format!("#/puzzles/{next}")} data-testid="next-puzzle">{ t.learn().next_puzzle }</a>
                        }
                        <a class="button" href="#/puzzles/daily">{ t.learn().daily }</a>
                    </div>
                    <ul class="kind-counts">{ for kinds }</ul>
                </>
            }
        }
        other => not_ready(t, other, retry),
    };
    html! {
        <section class="learn">
            <p class="crumbs"><a href="#/learn">{ t.common.learn_title }</a></p>
            <h1 tabindex="-1">{ t.common.learn_puzzles }</h1>
            <p class="intro">{ t.learn().puzzles_intro }</p>
            <p class="rating" data-testid="learner-rating">{ t.learn().your_rating(progress.learner_rating()) }</p>
            { body }
            <p class="note">{ t.learn().rating_note }</p>
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
        <p class="crumbs"><a href="#/learn">{ t.common.learn_title }</a>{ " › " }<a href="#/puzzles">{ t.common.learn_puzzles }</a></p>
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
        return html! { <section class="learn">{ crumbs }<h1 tabindex="-1">{ t.learn().not_found }</h1></section> };
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
    /// Hints taken: 1 the region, 2 the move.
    hints: u8,
    /// Wrong moves and scores so far.
    misses: u32,
    /// The last feedback and whether it was good.
    said: Option<(bool, String)>,
    /// Discs to pick out (a wrong move's flips).
    flips: u64,
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

#[function_component(PuzzlePlayer)]
fn puzzle_player(props: &PlayerProps) -> Html {
    let app = use_app();
    let t = app.t();
    let state = use_state(Try::default);
    let (progress, update) = use_progress();
    let embedded = use_embedded();
    let puzzle = props.puzzle.clone();
    // A frame's page hears of a solve, with the tries it took.
    let solved = {
        let (embedded, id) = (embedded.clone(), puzzle.id.clone());
        move |misses: u32| {
            if let Some(embedded) = &embedded {
                embedded.puzzle_solved.emit((id.clone(), misses + 1));
            }
        }
    };
    let kind = puzzle.kind().unwrap_or(Kind::BestMove);
    let position = props.position;
    let id = puzzle.id.clone();
    // The first try decides the ratings: a miss or a hint counts against.
    let record = {
        let (id, update, rating) = (id.clone(), update.clone(), puzzle.rating);
        move |solved: bool| {
            let id = id.clone();
            update.emit(Box::new(move |p: &mut Progress| {
                p.try_puzzle(&id, rating, solved);
            }));
        }
    };
    let on_pick = {
        let (state, puzzle, announce, record, solved) = (
            state.clone(),
            puzzle.clone(),
            app.announce.clone(),
            record.clone(),
            solved.clone(),
        );
        Callback::from(move |square: Square| {
            let mut next = (*state).clone();
            if next.moved {
                return;
            }
            if answers(&puzzle, kind, &position, square) {
                next.moved = true;
                next.flips = 0;
                if kind != Kind::ExactScore {
                    next.solved = true;
                    record(next.hints == 0);
                    solved(next.misses);
                    next.said = Some((
                        true,
                        format!("{} {}", t.learn().right, t.learn().solved_puzzle),
                    ));
                } else {
                    next.said = Some((
                        true,
                        format!("{} {}", t.learn().right, t.learn().score_question),
                    ));
                }
            } else {
                record(false);
                next.misses += 1;
                let (why, flips) = why_text(t, &position, square);
                next.flips = flips;
                next.said = Some((false, format!("{} {why}", t.learn().wrong_puzzle)));
            }
            if let Some((_, said)) = &next.said {
                announce.emit(said.clone());
            }
            state.set(next);
        })
    };
    let discs_at_end = puzzle.score.map(|s| (64 + s) / 2);
    let on_score = {
        let (state, announce, record) = (state.clone(), app.announce.clone(), record.clone());
        Callback::from(move |(text, _, _): (String, Option<String>, u64)| {
            let mut next = (*state).clone();
            let right = text.trim().parse::<i32>().ok() == discs_at_end;
            record(right && next.hints == 0);
            if right {
                solved(next.misses);
            }
            next.solved = true;
            let end = discs_at_end.unwrap_or_default();
            let said = if right {
                format!("{} {}", t.learn().right, t.learn().solved_puzzle)
            } else {
                format!(
                    "{} {}",
                    t.learn().wrong,
                    t.learn().score_answer(end, 64 - end)
                )
            };
            announce.emit(said.clone());
            next.said = Some((right, said));
            state.set(next);
        })
    };
    let hint = {
        let (state, record, announce, answer) = (
            state.clone(),
            record.clone(),
            app.announce.clone(),
            puzzle.solution[0].clone(),
        );
        Callback::from(move |_| {
            let mut next = (*state).clone();
            next.hints = (next.hints + 1).min(2);
            record(false);
            announce.emit(if next.hints == 1 {
                t.learn().hint_region.to_string()
            } else {
                answer.clone()
            });
            state.set(next);
        })
    };
    let answer = puzzle.solution[0].clone();
    let region = if state.hints >= 1 && !state.moved {
        region_of(&answer, 8)
    } else {
        Vec::new()
    };
    let shows_answer = state.hints >= 2 || state.moved;
    let squares = lesson_squares(
        &position,
        |name| shows_answer && name == answer,
        &region,
        state.flips,
    );
    let side = color_name(t, position.side_to_move());
    let rating = progress
        .puzzle_rating(&puzzle.id, puzzle.rating)
        .rating
        .round() as i64;
    let next = next_for(&props.puzzles, &progress)
        .map(|i| props.puzzles[i].id.clone())
        .filter(|next| *next != puzzle.id && embedded.is_none());
    let verified = if puzzle.verified == "exact" {
        t.learn().verified_exact
    } else {
        t.learn().verified_deep
    };
    html! {
        <>
            <p class="lesson-number">{ t.learn().puzzle_number(props.number, props.total) }</p>
            <h1 tabindex="-1">{ if props.daily { t.learn().daily } else { kind_name(t, kind) } }</h1>
            <p class="instruction">{ format!("{} ({side}) ", task(t, &puzzle, kind)) }</p>
            <div class="lesson-play">
                <div class="lesson-board">
                    <Board size={position.rules().size} {squares} ply={0} {on_pick} />
                </div>
                <div class="lesson-side">
                    <p class="rating">{ t.learn().puzzle_rating(rating) }{ " · " }{ t.learn().your_rating(progress.learner_rating()) }</p>
                    if let Some((good, said)) = &state.said {
                        <p class={classes!("feedback", if *good { "right" } else { "wrong" })} data-testid="feedback">{ said.clone() }</p>
                    }
                    if state.moved && !state.solved {
                        <NumberAnswer answer={on_score} />
                    }
                    if state.solved {
                        <p class="solution" data-testid="solution">{ format!("{}: {}", t.learn().expected_line, puzzle.solution.join(" ")) }</p>
                        <p class="note">{ verified }</p>
                    }
                    <div class="card-actions">
                        if !state.moved {
                            <button onclick={hint} disabled={state.hints >= 2} data-testid="hint">
                                { if state.hints == 0 { t.learn().hint_region } else { t.learn().hint_show } }
                            </button>
                        }
                        if let Some(next) = next {
                            <a class={classes!("button", state.solved.then_some("primary"))} href={format!("#/puzzles/{next}")} data-testid="next-puzzle">{ t.learn().next_puzzle }</a>
                        }
                    </div>
                </div>
            </div>
        </>
    }
}
