//! How the learner answers a lesson, by game: the board (or heaps) with
//! what the try marks on it, and the answer's controls (pass, a score, P or
//! N, a number, a table, yes or no).

use yew::prelude::*;

use crate::engine::opok;
use crate::engine::othello;
use crate::i18n::Texts;
use crate::learn::check::can_walk;
use crate::learn::lesson::{take_text, Goal};
use crate::learn::play::{region, Hint, Input};

use super::super::nim::heaps::Heaps;
use super::answers::{
    yes_no_answer, BinarySum, NumberAnswer, OutcomeAnswer, ScoreAnswer, TableAnswer,
};
use super::lesson_board::{opok_board, othello_board, Marks};
use super::lesson_play::{
    othello_turn, take_turn, takes_shown, why_text, Act, AnswerTry, Change, Play,
};
use crate::learn::games::LessonGames;

/// The board and the controls of the lesson's goal; `None` when the
/// lesson's position does not read.
pub(super) fn input_view<G: LessonGames>(
    t: &'static Texts,
    play: &UseStateHandle<Play<G>>,
    act: &Act<G>,
) -> Option<(Html, Html)> {
    let answer: Callback<AnswerTry> =
        act.reform(|a: AnswerTry| -> Change<G> { Box::new(move |_| Some(a)) });
    if G::OTHELLO && play.othello_now().is_some() {
        othello_input(t, play, act, &answer)
    } else if G::OPOK && play.opok_now().is_some() {
        opok_input(t, play, &answer)
    } else if G::TAKE_AWAY {
        heaps_input(t, play, act, &answer)
    } else {
        None
    }
}

/// Whether the answer `name` was revealed by the last hint, or (in a game)
/// is the best move now.
fn shown_answer<G: LessonGames>(play: &Play<G>, best: Option<&str>, name: &str) -> bool {
    let revealed = play.attempt.revealed().iter().any(|a| a == name);
    let played = play.attempt.took(Hint::Show) && best == Some(name);
    revealed || played
}

fn othello_input<G: LessonGames>(
    t: &'static Texts,
    play: &UseStateHandle<Play<G>>,
    act: &Act<G>,
    answer: &Callback<AnswerTry>,
) -> Option<(Html, Html)> {
    let position = play.othello_now()?;
    let kind = play.input();
    let n = position.rules().size.side();
    let best = play
        .othello_game()
        .and_then(|game| game.best())
        .map(|mv| mv.to_string());
    // "Show where" points at an answer not found yet, or the best move now.
    let target = best.clone().or(play.attempt.target().map(str::to_string));
    let open = |name: &str| {
        let empty = othello::Square::iter(position.empties()).any(|s| s.to_string() == name);
        let tried = play.attempt.wrong_answers().iter().any(|w| w == name);
        empty && !tried && !play.attempt.found().iter().any(|f| f == name)
    };
    let area = match (&target, play.attempt.took(Hint::Region) && !play.lost()) {
        (Some(target), true) => region(target, n, open),
        _ => Vec::new(),
    };
    let flips = play.feedback.as_ref().map_or(0, |f| f.flips);
    let game = kind.played();
    let marks = |name: &str| Marks {
        found: !game && play.attempt.found().iter().any(|f| f == name),
        answer: shown_answer(play, best.as_deref(), name),
        region: area.iter().any(|a| a == name),
        flips: othello::Square::iter(flips).any(|s| s.to_string() == name),
        tried: !game && play.attempt.wrong_answers().iter().any(|w| w == name),
        selected: false,
    };
    let on_pick = {
        let (answer, act) = (answer.clone(), act.clone());
        Callback::from(move |square: othello::Square| {
            if game {
                act.emit(Box::new(move |play: &mut Play<G>| {
                    othello_turn(t, play, square)
                }));
            } else {
                let (why, flips) = why_text(t, &position, square);
                answer.emit((square.to_string(), Some(why), flips));
            }
        })
    };
    let board = othello_board(t, &position, marks, on_pick);
    let controls = match kind {
        Input::Pass => {
            let answer = answer.clone();
            let pass = Callback::from(move |_| answer.emit(("pass".into(), None, 0)));
            html! { <button class="primary" onclick={pass}>{ t.learn().pass_button() }</button> }
        }
        Input::Score => html! {
            <ScoreAnswer first={t.othello.black()} second={t.othello.white()} answer={answer.clone()} />
        },
        _ => Html::default(),
    };
    Some((board, controls))
}

/// What is wrong with the Opok move `mv` of a captures or immobilise
/// lesson (`None`: nothing the rules can say; the lesson's text explains).
fn opok_why(t: &Texts, position: &opok::Position, goal: &Goal, mv: opok::Move) -> Option<String> {
    if !position.moves().contains(&mv) {
        Some(t.learn().why_cannot_land().into())
    } else if matches!(goal, Goal::Captures) && position.captures(mv) == 0 {
        Some(t.learn().why_no_capture().into())
    } else {
        None
    }
}

/// The squares an Opok answer names: a square, or a move's origin and
/// landing.
fn move_squares(answer: &str) -> (Option<&str>, &str) {
    let parts: Vec<&str> = answer.split(':').collect();
    match parts[..] {
        [from, _, to] => (Some(from), to),
        _ => (None, answer),
    }
}

fn opok_input<G: LessonGames>(
    t: &'static Texts,
    play: &UseStateHandle<Play<G>>,
    answer: &Callback<AnswerTry>,
) -> Option<(Html, Html)> {
    let position = play.opok_now()?;
    let g = position.geometry();
    let kind = play.input();
    let goal = play.shown.goal.clone();
    // The stack being moved: the lesson's, the learner's pick, or the
    // judged move's.
    let (from, judged_to) = match &goal {
        Goal::Landings { from, .. } => (Some(from.clone()), None),
        Goal::CaptureVerdict { mv } => {
            let (from, to) = move_squares(mv);
            (from.map(str::to_string), Some(to.to_string()))
        }
        _ => (play.lift.map(|(from, _)| g.name(from)), None),
    };
    let open = |name: &str| {
        let empty = g
            .parse_square(name)
            .is_some_and(|s| position.stack(s).is_none());
        empty && !play.attempt.wrong_answers().iter().any(|w| w == name)
    };
    let target = play.attempt.target().map(|a| move_squares(a).1.to_string());
    let area = match (&target, play.attempt.took(Hint::Region)) {
        (Some(target), true) => region(target, g.size(), open),
        _ => Vec::new(),
    };
    let revealed: Vec<(Option<&str>, &str)> = play
        .attempt
        .revealed()
        .iter()
        .map(|a| move_squares(a))
        .collect();
    let found: Vec<&str> = play
        .attempt
        .found()
        .iter()
        .map(|a| move_squares(a).1)
        .collect();
    let marks = |name: &str| Marks {
        found: found.contains(&name),
        answer: revealed.iter().any(|(_, to)| *to == name),
        region: area.iter().any(|a| a == name),
        flips: false,
        tried: play.attempt.wrong_answers().iter().any(|w| w == name),
        selected: from.as_deref() == Some(name)
            || judged_to.as_deref() == Some(name)
            || revealed.iter().any(|(f, _)| *f == Some(name)),
    };
    let on_square = {
        let (answer, play) = (answer.clone(), play.clone());
        Callback::from(move |square: opok::Square| match kind {
            Input::Squares => answer.emit((
                g.name(square),
                Some(t.learn().why_cannot_land().to_string()),
                0,
            )),
            Input::OpokMove => {
                let own = position
                    .stack(square)
                    .is_some_and(|s| s.owner == position.side_to_move());
                match play.lift {
                    Some((from, k)) if square != from && !own => {
                        let mv = opok::Move::Step {
                            from,
                            k,
                            to: square,
                        };
                        let why = opok_why(t, &position, &goal, mv);
                        answer.emit((opok::notation::move_text(g, mv), why, 0));
                    }
                    _ if own && can_walk(&position, square) => {
                        let mut next = (*play).clone();
                        next.lift = Some((square, 1));
                        play.set(next);
                    }
                    _ => {}
                }
            }
            _ => {}
        })
    };
    let board = opok_board(t, &position, marks, on_square);
    let controls = match kind {
        Input::OpokMove => lift_picker(t, play, &position),
        Input::Score => html! {
            <ScoreAnswer first={t.opok.circles()} second={t.opok.squares()} answer={answer.clone()} />
        },
        Input::YesNo => yes_no_answer(t, answer),
        _ => Html::default(),
    };
    Some((board, controls))
}

/// The stack-height picker of an Opok move.
fn lift_picker<G: LessonGames>(
    t: &Texts,
    play: &UseStateHandle<Play<G>>,
    position: &opok::Position,
) -> Html {
    let Some((from, k)) = play.lift else {
        return html! { <p class="note">{ t.learn().pick_stack() }</p> };
    };
    let most = position
        .stack(from)
        .map_or(1, |s| s.height.saturating_sub(1));
    let set = |k: u8| {
        let play = play.clone();
        Callback::from(move |_| {
            let mut next = (*play).clone();
            next.lift = Some((from, k));
            play.set(next);
        })
    };
    html! {
        <div class="lift-picker" role="group" aria-label={t.learn().pieces_to_lift()}>
            <span>{ t.learn().pieces_to_lift() }</span>
            <button onclick={set(k.saturating_sub(1).max(1))} aria-label={t.opok.fewer()} disabled={k <= 1}>{ "−" }</button>
            <output aria-live="polite" data-testid="lift">{ k }</output>
            <button onclick={set((k + 1).min(most))} aria-label={t.opok.more()} disabled={k >= most}>{ "+" }</button>
        </div>
    }
}

fn heaps_input<G: LessonGames>(
    t: &'static Texts,
    play: &UseStateHandle<Play<G>>,
    act: &Act<G>,
    answer: &Callback<AnswerTry>,
) -> Option<(Html, Html)> {
    let position = play.heaps_now()?;
    let kind = play.input();
    let on_take = {
        let (answer, act) = (answer.clone(), act.clone());
        Callback::from(move |mv| {
            if kind == Input::PlayNim {
                act.emit(Box::new(move |play: &mut Play<G>| take_turn(t, play, mv)));
            } else {
                answer.emit((take_text(mv), None, 0));
            }
        })
    };
    let interactive = matches!(kind, Input::Take | Input::PlayNim) && !play.lost();
    let board = html! {
        <Heaps position={position.clone()} {interactive} highlight={takes_shown(play)}
            values={None::<Vec<u64>>} {on_take} />
    };
    let answer = answer.clone();
    let controls = match (kind, &play.shown.goal) {
        (Input::Outcome, _) => html! { <OutcomeAnswer {answer} /> },
        // A nim-sum of Nim heaps is added in binary, column by column.
        (Input::Number, Goal::NimSum)
            if position
                .heaps()
                .iter()
                .all(|h| h.rule == crate::engine::nim::Rule::Nim) =>
        {
            let values: Vec<u64> = position.heaps().iter().map(|h| h.size).collect();
            let expected = values.iter().fold(0, |a, v| a ^ v);
            html! { <BinarySum {values} {expected} {answer} /> }
        }
        (Input::Number, _) => html! { <NumberAnswer {answer} /> },
        (Input::Table, Goal::GrundyTable { upto }) => {
            let expected: Vec<String> = play
                .shown
                .answer
                .first()
                .map(|a| a.split(',').map(str::to_string).collect())
                .unwrap_or_default();
            html! { <TableAnswer upto={*upto} {expected} {answer} /> }
        }
        _ => Html::default(),
    };
    Some((board, controls))
}
