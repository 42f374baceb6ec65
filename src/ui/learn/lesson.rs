//! `#/learn/<game>/<id>`: one lesson. Its goal decides how the learner
//! answers (squares, an Opok move, pass, P or N, a number, a score, a take
//! from a heap); every try gets feedback at once, in words and on the
//! board; the hint ladder ends with the answer; "start again" shows the
//! position under another board symmetry.

use std::rc::Rc;

use yew::prelude::*;

use crate::engine::nim;
use crate::engine::opok;
use crate::engine::othello;
use crate::engine::othello::puzzle::is_corner;
use crate::i18n::othello::color_name;
use crate::i18n::Texts;
use crate::learn::check::{opok_start, othello_start};
use crate::learn::lesson::{Goal, Lesson, Start};
use crate::learn::opponent::{
    corner_turn, keeps_corner, perfect_move, perfect_take, play_out_result, play_out_turn,
    win_turn, Replier,
};
use crate::learn::play::{
    input, othello_why, region_of, shown, Attempt, Hint, Input, Shown, SquareWhy, Symmetry, Verdict,
};
use crate::learn::progress::Progress;
use crate::session::othello::view::SquareView as OthelloSquare;

use super::super::browser;
use super::super::context::use_app;
use super::super::nim::heaps::Heaps;
use super::super::opok::board::OpokBoard;
use super::super::othello::board::Board;
use super::answers::{BinarySum, NumberAnswer, OutcomeAnswer, ScoreAnswer, TableAnswer};
use super::data::{lessons_of, not_ready, use_course, use_progress, Loading};
use super::embedded::use_embedded;
use super::home::{game_name, stars_view};
use super::stages::pick;

/// Props: the lesson's route.
#[derive(Properties, PartialEq)]
pub struct LessonPageProps {
    /// `othello`, `opok` or `nim`.
    pub game: String,
    /// The lesson's id.
    pub id: String,
}

/// The lesson page: finds the lesson in the course.
#[function_component(LessonPage)]
pub fn lesson_page(props: &LessonPageProps) -> Html {
    let app = use_app();
    let t = app.t();
    let attempt = use_state(|| 0u32);
    let course = use_course(*attempt);
    let retry = {
        let attempt = attempt.clone();
        Callback::from(move |_| attempt.set(*attempt + 1))
    };
    // A frame shows no links into the site.
    let embedded = use_embedded().is_some();
    let crumbs = (!embedded).then(|| {
        html! {
            <p class="crumbs">
                <a href="#/learn">{ t.common.learn_title }</a>{ " › " }
                <a href={format!("#/learn/{}", props.game)}>{ game_name(t, &props.game) }</a>
            </p>
        }
    });
    let Loading::Ready(course) = &course else {
        return html! { <section class="learn">{ crumbs }{ not_ready(t, &course, retry) }</section> };
    };
    let lessons = lessons_of(course, &props.game);
    let Some(at) = lessons.iter().position(|l| l.id == props.id) else {
        return html! {
            <section class="learn">{ crumbs }<h1 tabindex="-1">{ t.learn().not_found }</h1></section>
        };
    };
    let lesson = Rc::new(lessons[at].clone());
    let next = lessons
        .get(at + 1)
        .filter(|_| !embedded)
        .map(|l| format!("#/learn/{}/{}", props.game, l.id));
    html! {
        <section class="learn lesson">
            { crumbs }
            <LessonPlayer key={props.id.clone()} {lesson} {next} number={at + 1} total={lessons.len()} />
        </section>
    }
}

/// Props: the lesson and where it sits in the course.
#[derive(Properties, PartialEq)]
struct PlayerProps {
    lesson: Rc<Lesson>,
    next: Option<String>,
    number: usize,
    total: usize,
}

/// How a try sounded.
#[derive(Clone, Copy, PartialEq)]
enum Tone {
    Right,
    Wrong,
    Note,
}

/// The feedback under the board.
#[derive(Clone, PartialEq)]
struct Feedback {
    tone: Tone,
    text: String,
    /// Discs to pick out (an Othello move's flips).
    flips: u64,
}

/// One try at the lesson as shown.
#[derive(Clone, PartialEq)]
struct Play {
    shown: Shown,
    attempt: Attempt,
    feedback: Option<Feedback>,
    /// Opok: the stack picked and how many pieces to lift.
    lift: Option<(opok::Square, u8)>,
    /// A play-out under way: the position now.
    othello_now: Option<othello::Position>,
    /// A corner lesson under way: the learner's moves left.
    corner_left: Option<u32>,
    /// A game against the computer under way: the heaps now.
    nim_now: Option<nim::Position>,
    /// Who answers the learner's moves.
    replier: Replier,
}

impl Play {
    fn new(lesson: &Lesson, symmetry: Symmetry, swap: bool) -> Play {
        let shown = shown(lesson, symmetry, swap);
        // A corner lesson is played out: its answer is reaching the corner.
        let answer = match lesson.goal {
            Goal::Corner { .. } => vec!["corner".to_string()],
            _ => shown.answer.clone(),
        };
        let attempt = Attempt::new(lesson, &answer);
        let replier = Replier::new(shown.opponent.clone(), browser::random_seed());
        Play {
            replier,
            shown,
            attempt,
            feedback: None,
            lift: None,
            othello_now: None,
            corner_left: None,
            nim_now: None,
        }
    }
}

/// What a click on `square` would do, in words (taken; flips nothing;
/// flips n), and the discs it would flip (to show them).
pub(super) fn why_text(
    t: &Texts,
    position: &othello::Position,
    square: othello::Square,
) -> (String, u64) {
    let name = square.to_string();
    let (why, flips) = othello_why(position, square);
    let text = match why {
        SquareWhy::Occupied => t.learn().why_occupied(&name),
        SquareWhy::NoFlips => t.learn().why_no_flips(&name),
        SquareWhy::Flips(n) => t.learn().why_flips(&name, u64::from(n)),
    };
    (text, flips)
}

/// An answer to judge: its text, what is wrong with it, discs to show.
type AnswerTry = (String, Option<String>, u64);
/// A change to the try, giving an answer to judge (or none yet).
type Change = Box<dyn FnOnce(&mut Play) -> Option<AnswerTry>>;
/// Makes a change to the try.
type Act = Callback<Change>;

/// A note during a game (not a try): the moves just made.
fn note(play: &mut Play, text: String) {
    play.feedback = Some(Feedback {
        tone: Tone::Note,
        text,
        flips: 0,
    });
}

/// The text for a try at `answer` that `verdict` judged; `why` says what
/// was wrong with it.
fn feedback(
    t: &Texts,
    lesson: &Lesson,
    verdict: &Verdict,
    attempt: &Attempt,
    why: Option<String>,
) -> Feedback {
    let lang = t.lang();
    let (tone, text) = match verdict {
        Verdict::Found { .. } => (
            Tone::Right,
            format!(
                "{} {}",
                t.learn().right,
                t.learn().found(attempt.found().len(), attempt.to_find())
            ),
        ),
        Verdict::Again => (Tone::Note, t.learn().already.to_string()),
        Verdict::Wrong => {
            let why = why.map(|w| format!("{w} ")).unwrap_or_default();
            (
                Tone::Wrong,
                format!("{} {why}{}", t.learn().wrong, pick(&lesson.failure, lang)),
            )
        }
        Verdict::Solved { stars } => (
            Tone::Right,
            format!(
                "{} {} {}",
                t.learn().right,
                pick(&lesson.success, lang),
                t.learn().stars(u64::from(*stars))
            ),
        ),
    };
    Feedback {
        tone,
        text,
        flips: 0,
    }
}

/// The Othello board of the lesson.
fn othello_board(
    position: &othello::Position,
    play: &Play,
    kind: Input,
    corner_turns: u32,
    on_pick: Callback<othello::Square>,
) -> Html {
    let n = position.rules().size.side();
    let found = play.attempt.found();
    let hints = play.attempt.hints_taken();
    // In a play-out the hint points at the perfect move of the moment.
    let target = match kind {
        Input::PlayOthello => perfect_move(position).map(|(mv, _)| mv.to_string()),
        Input::PlayCorner => {
            let left = play.corner_left.unwrap_or(corner_turns);
            position
                .moves()
                .into_iter()
                .find(|&mv| keeps_corner(position, mv, left))
                .map(|mv| mv.to_string())
        }
        _ => play.attempt.target().map(str::to_string),
    };
    let region = if hints.contains(&Hint::Region) {
        target
            .as_deref()
            .map(|s| region_of(s, n))
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let show = hints.contains(&Hint::Show).then_some(target).flatten();
    let flips = play.feedback.as_ref().map_or(0, |f| f.flips);
    let marked = |name: &str| found.iter().any(|f| f == name) || show.as_deref() == Some(name);
    let squares = lesson_squares(position, marked, &region, flips);
    html! { <Board size={position.rules().size} {squares} ply={found.len()} {on_pick} /> }
}

/// An Othello board of a lesson or puzzle: the squares `marked` picks
/// get a marker (answers found, the answer shown), the `region` and the
/// `flips` are picked out.
pub(super) fn lesson_squares(
    position: &othello::Position,
    marked: impl Fn(&str) -> bool,
    region: &[String],
    flips: u64,
) -> Vec<OthelloSquare> {
    position
        .rules()
        .size
        .squares_in_order()
        .map(|square| {
            let name = square.to_string();
            OthelloSquare {
                square,
                disc: position.at(square),
                legal: false,
                marked: marked(&name),
                last: false,
                flipped: false,
                hint: None,
                shown: region.contains(&name) || flips & square.bit() != 0,
            }
        })
        .collect()
}

/// The learner's move `square` in a play-out from `start`: the opponent's
/// replies follow; at the end the result is judged (reaching `at_least`
/// wins the lesson).
fn play_out_move(
    t: &'static Texts,
    play: &mut Play,
    start: othello::Position,
    square: othello::Square,
    at_least: i32,
) -> Option<AnswerTry> {
    let now = play.othello_now.unwrap_or(start);
    let learner = start.side_to_move();
    if now.legal_squares() & square.bit() == 0 {
        note(play, why_text(t, &now, square).0);
        return None;
    }
    let (after, replies) = play_out_turn(
        &now,
        learner,
        othello::Move::Place(square),
        &mut play.replier,
    );
    let moves: Vec<String> = std::iter::once(square.to_string())
        .chain(replies.iter().map(|m| m.to_string()))
        .collect();
    let Some(result) = play_out_result(&after, learner) else {
        play.othello_now = Some(after);
        note(play, moves.join(" → "));
        return None;
    };
    play.othello_now = Some(after);
    let (black, white) = (
        after.count(othello::Color::Black),
        after.count(othello::Color::White),
    );
    let score = format!(
        "{} {}",
        moves.join(" → "),
        t.othello.said_score(black, white)
    );
    Some((
        if result >= at_least { "win" } else { "lose" }.to_string(),
        Some(score),
        0,
    ))
}

/// The learner's move `square` in a corner lesson from `start` with
/// `turns` moves: the replies that hold the corner off longest follow; a
/// corner taken in time wins the lesson, a move that gives it up loses.
fn corner_move(
    t: &'static Texts,
    play: &mut Play,
    start: othello::Position,
    square: othello::Square,
    turns: u32,
) -> Option<AnswerTry> {
    let now = play.othello_now.unwrap_or(start);
    let left = play.corner_left.unwrap_or(turns);
    let name = square.to_string();
    if now.legal_squares() & square.bit() == 0 {
        note(play, why_text(t, &now, square).0);
        return None;
    }
    if is_corner(square) {
        return Some(("corner".into(), None, 0));
    }
    match corner_turn(&now, othello::Move::Place(square), left, &mut play.replier) {
        None => Some(("lose".into(), Some(t.learn().corner_lost(&name)), 0)),
        Some((after, replies, left)) => {
            let moves: Vec<String> = std::iter::once(name)
                .chain(replies.iter().map(|m| m.to_string()))
                .collect();
            play.othello_now = Some(after);
            play.corner_left = Some(left);
            note(play, moves.join(" → "));
            None
        }
    }
}

/// The learner's take `mv` against the lesson's opponent.
fn win_move(
    play: &mut Play,
    start: &nim::Position,
    misere: bool,
    mv: nim::Move,
) -> Option<AnswerTry> {
    let now = play.nim_now.clone().unwrap_or_else(|| start.clone());
    let (after, reply, winner) = win_turn(&now, misere, mv, &mut play.replier);
    let said = match reply {
        Some(reply) => format!("{mv} → {reply}"),
        None => mv.to_string(),
    };
    play.nim_now = Some(after);
    match winner {
        None => {
            note(play, said);
            None
        }
        Some(learner) => Some((
            if learner { "win" } else { "lose" }.to_string(),
            Some(format!("{said}.")),
            0,
        )),
    }
}

/// The Opok board of the lesson.
fn opok_board(
    position: &opok::Position,
    lesson: &Lesson,
    play: &Play,
    on_square: Callback<opok::Square>,
) -> Html {
    let g = position.geometry();
    let from = match &lesson.goal {
        Goal::Landings { from, .. } => g.parse_square(from),
        _ => play.lift.map(|(from, _)| from),
    };
    let found = play.attempt.found();
    let hints = play.attempt.hints_taken();
    let target = play.attempt.target().map(str::to_string);
    let region = match (&target, hints.contains(&Hint::Region)) {
        (Some(t), true) => region_of(t, g.size()),
        _ => Vec::new(),
    };
    let show = hints.contains(&Hint::Show).then_some(target).flatten();
    let squares: Vec<crate::session::opok::view::SquareView> = (0..g.squares())
        .map(|i| {
            let square = opok::Square(i as u8);
            let name = g.name(square);
            crate::session::opok::view::SquareView {
                square,
                stack: position.stack(square),
                selected: from == Some(square),
                landing: found.contains(&name) || show.as_ref() == Some(&name),
                movable: false,
                last: false,
                captured: None,
                shown: region.contains(&name),
            }
        })
        .collect();
    html! { <OpokBoard geometry={g} {squares} ply={found.len()} {on_square} /> }
}

/// What is wrong with the Opok move `mv` (`None`: it captures).
fn opok_why(t: &Texts, position: &opok::Position, mv: opok::Move) -> Option<&'static str> {
    if !position.moves().contains(&mv) {
        Some(t.learn().why_cannot_land)
    } else if position.captures(mv) == 0 {
        Some(t.learn().why_no_capture)
    } else {
        None
    }
}

/// The stack-height picker of an Opok move.
fn lift_picker(t: &Texts, play: &UseStateHandle<Play>, position: &opok::Position) -> Html {
    let Some((from, k)) = play.lift else {
        return html! { <p class="learn-help">{ t.learn().pick_stack }</p> };
    };
    let most = position.stack(from).map_or(1, |s| s.height);
    let set = |k: u8| {
        let play = play.clone();
        Callback::from(move |_| {
            let mut next = (*play).clone();
            next.lift = Some((from, k));
            play.set(next);
        })
    };
    html! {
        <div class="lift-picker" role="group" aria-label={t.learn().pieces_to_lift}>
            <span>{ t.learn().pieces_to_lift }</span>
            <button onclick={set(k.saturating_sub(1).max(1))} aria-label={t.opok.fewer} disabled={k <= 1}>{ "−" }</button>
            <output aria-live="polite" data-testid="lift">{ k }</output>
            <button onclick={set((k + 1).min(most))} aria-label={t.opok.more} disabled={k >= most}>{ "+" }</button>
        </div>
    }
}

/// One lesson, played.
#[function_component(LessonPlayer)]
fn lesson_player(props: &PlayerProps) -> Html {
    let app = use_app();
    let t = app.t();
    let lang = t.lang();
    let lesson = props.lesson.clone();
    let play = use_state(|| Play::new(&lesson, Symmetry(0), false));
    let (progress, update) = use_progress();
    let embedded = use_embedded();

    // Judges an answer and says so; `why` explains a wrong one, `flips`
    // are discs to pick out.
    // Changes the try (a move in a game under way) and judges the answer
    // the change gives, if any.
    let act: Act = {
        let (play, lesson, announce) = (play.clone(), lesson.clone(), app.announce.clone());
        let embedded = embedded.clone();
        Callback::from(move |change: Change| {
            let mut next = (*play).clone();
            let Some((text, why, flips)) = change(&mut next) else {
                if let Some(said) = &next.feedback {
                    announce.emit(said.text.clone());
                }
                play.set(next);
                return;
            };
            let verdict = next.attempt.try_answer(&text);
            if verdict == Verdict::Wrong {
                // A lost game starts again from the lesson's position.
                next.othello_now = None;
                next.corner_left = None;
                next.nim_now = None;
            }
            let mut said = feedback(t, &lesson, &verdict, &next.attempt, why);
            said.flips = flips;
            if let Verdict::Solved { stars } = verdict {
                let id = lesson.id.clone();
                let (hints, wrong) = (next.attempt.hints_taken().len(), next.attempt.wrong());
                if let Some(embedded) = &embedded {
                    embedded.lesson_complete.emit((id.clone(), stars));
                }
                update.emit(Box::new(move |p: &mut Progress| {
                    p.finish_lesson(&id, stars, hints, wrong)
                }));
            }
            announce.emit(said.text.clone());
            next.feedback = Some(said);
            next.lift = None;
            play.set(next);
        })
    };

    let (board, controls) = match input_view(t, &lesson, &play, &act) {
        Ok(views) => views,
        Err(e) => (html! { <p role="alert">{ e }</p> }, Html::default()),
    };

    let hint = {
        let (play, lesson, announce) = (play.clone(), lesson.clone(), app.announce.clone());
        Callback::from(move |_| {
            let mut next = (*play).clone();
            let said = match next.attempt.take_hint() {
                Some(Hint::Text(i)) => pick(&lesson.hints[i], lang).to_string(),
                Some(Hint::Region) => t.learn().hint_region.to_string(),
                Some(Hint::Show) => next.attempt.target().unwrap_or_default().to_string(),
                None => return,
            };
            announce.emit(said);
            play.set(next);
        })
    };
    let again = {
        let (play, lesson) = (play.clone(), lesson.clone());
        Callback::from(move |_| {
            // Another symmetry than the one shown (lessons that name a
            // square keep theirs).
            let offset = 1 + (browser::random_seed() % 7) as u8;
            let symmetry = Symmetry((play.shown.symmetry.0 + offset) % 8);
            // And the colours swapped half the time (where that keeps the
            // lesson's meaning).
            let swap = browser::random_seed() % 2 == 1;
            play.set(Play::new(&lesson, symmetry, swap));
        })
    };
    let hint_label = match play.attempt.next_hint() {
        Some(Hint::Region) => t.learn().hint_region,
        Some(Hint::Show) => t.learn().hint_show,
        _ => t.learn().hint,
    };
    let hints_shown = play.attempt.hints_taken().iter().map(|step| match step {
        Hint::Text(i) => html! { <li>{ pick(&lesson.hints[*i], lang) }</li> },
        Hint::Region => html! { <li>{ t.learn().hint_region }</li> },
        Hint::Show => {
            html! { <li>{ play.attempt.target().map(str::to_string).unwrap_or_default() }</li> }
        }
    });
    // Whose move it is on an Othello board (a retry may swap the colours).
    let to_move = othello_start(&play.shown.start)
        .ok()
        .map(|p| color_name(t, p.side_to_move()));
    let solved = play.attempt.stars();
    let best = progress.stars(&lesson.id);
    let feedback_view = play.feedback.as_ref().map(|f| {
        let class = match f.tone {
            Tone::Right => "right",
            Tone::Wrong => "wrong",
            Tone::Note => "note",
        };
        html! { <p class={classes!("feedback", class)} data-testid="feedback">{ f.text.clone() }</p> }
    });
    html! {
        <>
            <p class="lesson-number">{ t.learn().lesson_number(props.number, props.total) }{ " " }{ stars_view(t, best) }</p>
            <h1 tabindex="-1">{ pick(&lesson.title, lang) }</h1>
            <p class="instruction">{ pick(&lesson.instruction, lang) }</p>
            if let Some(side) = to_move {
                <p class="to-move" data-testid="to-move">{ format!("{}: {side}", t.othello.side_to_move) }</p>
            }
            <div class="lesson-play">
                <div class="lesson-board">{ board }</div>
                <div class="lesson-side">
                    { controls }
                    { feedback_view.unwrap_or_default() }
                    if !play.attempt.hints_taken().is_empty() {
                        <ol class="hints">{ for hints_shown }</ol>
                    }
                    if let Some(stars) = solved {
                        <p class="solved" data-testid="solved">{ stars_view(t, stars) }</p>
                    }
                    <div class="card-actions">
                        if solved.is_none() {
                            <button onclick={hint} disabled={!play.attempt.hint_left()} data-testid="hint">{ hint_label }</button>
                        }
                        <button onclick={again}>{ t.learn().start_again }</button>
                        if let Some(next) = props.next.clone().filter(|_| solved.is_some()) {
                            <a class="button primary" href={next} data-testid="next">{ t.learn().next_lesson }</a>
                        }
                    </div>
                </div>
            </div>
        </>
    }
}

/// The board (or heaps) and the answer controls of the lesson's goal.
fn input_view(
    t: &'static Texts,
    lesson: &Rc<Lesson>,
    play: &UseStateHandle<Play>,
    act: &Act,
) -> Result<(Html, Html), String> {
    let kind = input(&lesson.goal);
    let answer: Callback<AnswerTry> =
        act.reform(|a: AnswerTry| -> Change { Box::new(move |_| Some(a)) });
    let answer = &answer;
    match &play.shown.start {
        Start::Board { .. } | Start::Moves { .. } => {
            let start = othello_start(&play.shown.start).map_err(|e| e.to_string())?;
            let position = play.othello_now.unwrap_or(start);
            let at_least = match lesson.goal {
                Goal::PlayOut { at_least } => at_least,
                _ => 0,
            };
            let corner_turns = match lesson.goal {
                Goal::Corner { turns } => turns,
                _ => 0,
            };
            let on_pick = {
                let (answer, act) = (answer.clone(), act.clone());
                Callback::from(move |square: othello::Square| {
                    if kind == Input::PlayOthello {
                        act.emit(Box::new(move |play: &mut Play| {
                            play_out_move(t, play, start, square, at_least)
                        }));
                        return;
                    }
                    if kind == Input::PlayCorner {
                        act.emit(Box::new(move |play: &mut Play| {
                            corner_move(t, play, start, square, corner_turns)
                        }));
                        return;
                    }
                    let (why_text, flips) = why_text(t, &position, square);
                    let name = square.to_string();
                    match kind {
                        Input::Squares => answer.emit((name, Some(why_text), flips)),
                        Input::Pass => answer.emit((name, Some(why_text), flips)),
                        _ => {}
                    }
                })
            };
            let board = othello_board(&position, play, kind, corner_turns, on_pick);
            let controls = match kind {
                Input::Pass => {
                    let answer = answer.clone();
                    html! { <button class="primary" onclick={Callback::from(move |_| answer.emit(("pass".into(), None, 0)))}>{ t.learn().pass_button }</button> }
                }
                Input::Score => html! {
                    <ScoreAnswer first={t.othello.black} second={t.othello.white} answer={answer.clone()} />
                },
                _ => Html::default(),
            };
            Ok((board, controls))
        }
        Start::Opok { .. } | Start::Record { .. } => {
            let position = opok_start(&play.shown.start).map_err(|e| e.to_string())?;
            let g = position.geometry();
            let on_square = {
                let (answer, play) = (answer.clone(), play.clone());
                Callback::from(move |square: opok::Square| match kind {
                    Input::Squares => answer.emit((
                        g.name(square),
                        Some(t.learn().why_cannot_land.to_string()),
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
                                let why = opok_why(t, &position, mv).map(str::to_string);
                                answer.emit((opok::notation::move_text(g, mv), why, 0));
                            }
                            _ if own => {
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
            let board = opok_board(&position, lesson, play, on_square);
            let controls = match kind {
                Input::OpokMove => lift_picker(t, play, &position),
                Input::Score => html! {
                    <ScoreAnswer first={t.opok.circles} second={t.opok.squares} answer={answer.clone()} />
                },
                _ => Html::default(),
            };
            Ok((board, controls))
        }
        Start::Heaps { heaps, misere } => {
            let start = nim::parse_position(heaps).map_err(|e| e.to_string())?;
            let misere = *misere;
            let position = play.nim_now.clone().unwrap_or_else(|| start.clone());
            let shows = play.attempt.hints_taken().contains(&Hint::Show);
            let perfect = (kind == Input::PlayNim)
                .then(|| perfect_take(&position, misere).map(|m| m.to_string()))
                .flatten();
            let highlight = perfect
                .as_deref()
                .or(play.attempt.target())
                .filter(|_| shows)
                .and_then(|m| m.split_once(':'))
                .and_then(|(h, n)| {
                    Some(nim::Move {
                        heap: h.parse().ok()?,
                        take: n.parse().ok()?,
                    })
                })
                .into_iter()
                .collect::<Vec<_>>();
            let on_take = {
                let (answer, act) = (answer.clone(), act.clone());
                Callback::from(move |mv: nim::Move| {
                    if kind == Input::PlayNim {
                        let start = start.clone();
                        act.emit(Box::new(move |play: &mut Play| {
                            win_move(play, &start, misere, mv)
                        }));
                    } else {
                        answer.emit((mv.to_string(), None, 0));
                    }
                })
            };
            let interactive = matches!(kind, Input::Take | Input::PlayNim);
            let board = html! {
                <Heaps position={position.clone()} {interactive} {highlight} values={None::<Vec<u64>>} {on_take} />
            };
            let controls = match kind {
                Input::Outcome => html! { <OutcomeAnswer answer={answer.clone()} /> },
                // A nim-sum of Nim heaps is added in binary, column by column.
                Input::Number
                    if matches!(lesson.goal, Goal::NimSum)
                        && position.heaps().iter().all(|h| h.rule == nim::Rule::Nim) =>
                {
                    let values: Vec<u64> = position.heaps().iter().map(|h| h.size).collect();
                    let expected = values.iter().fold(0, |a, v| a ^ v);
                    html! { <BinarySum {values} {expected} answer={answer.clone()} /> }
                }
                Input::Number => html! { <NumberAnswer answer={answer.clone()} /> },
                Input::Table => {
                    let upto = match lesson.goal {
                        Goal::GrundyTable { upto } => upto,
                        _ => 0,
                    };
                    let expected: Vec<String> = play
                        .shown
                        .answer
                        .first()
                        .map(|a| a.split(',').map(str::to_string).collect())
                        .unwrap_or_default();
                    html! { <TableAnswer {upto} {expected} answer={answer.clone()} /> }
                }
                _ => Html::default(),
            };
            Ok((board, controls))
        }
    }
}
