//! `#/learn/<game>/<id>`: one lesson. It explains first where it is the
//! first of its stage (with a link to the game's rules); its goal decides
//! how the learner answers; every try gets feedback at once, in words and
//! on the board; the hint ladder ends with the answer; a lost game stays on
//! the board until the learner plays again; "start again" shows the lesson
//! another way (the board turned or mirrored, the heaps reordered).

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::pages::named_page_title;
use crate::i18n::Texts;
use crate::learn::lesson::Lesson;
use crate::learn::play::{Hint, Verdict};
use crate::learn::progress::Progress;
use crate::learn::transform::{retry, Transform};
use crate::route::Route;

use super::super::browser;
use super::super::context::{use_app, use_texts};
use super::data::{lessons_of, not_ready, use_course, use_progress_in, Loading, UpdateProgress};
use super::embedded::{in_frame, use_embedded, Embedded};
use super::home::{game_name, stars_view};
use super::lesson_input::input_view;
use super::lesson_play::{answer_said, feedback, heaps_said, to_move, Act, Change, Play, Tone};
use crate::learn::games::LessonGames;

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
pub fn lesson_page<G: LessonGames>(props: &LessonPageProps) -> Html {
    let t = use_texts();
    let attempt = use_state(|| 0u32);
    // A frame shows no links into the site, and reads its game's stages
    // only.
    let embedded = in_frame::<G>(use_embedded().as_ref());
    let course = use_course(embedded.then_some(props.game.as_str()), *attempt);
    let retry = {
        let attempt = attempt.clone();
        Callback::from(move |_| attempt.set(*attempt + 1))
    };
    let crumbs = (!embedded).then(|| {
        html! {
            <p class="crumbs">
                <a href="#/learn">{ t.common.learn_title() }</a>{ " › " }
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
            <section class="learn">{ crumbs }<h1 tabindex="-1">{ t.learn().not_found() }</h1></section>
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
            <LessonPlayer<G> key={props.id.clone()} {lesson} game={props.game.clone()} {next}
                number={at + 1} total={lessons.len()} />
        </section>
    }
}

/// Props: the lesson and where it sits in the course.
#[derive(Properties, PartialEq)]
struct PlayerProps {
    lesson: Rc<Lesson>,
    game: String,
    next: Option<String>,
    number: usize,
    total: usize,
}

/// Judges the answer a change gives (if any), says so, and keeps the stars
/// of a solved lesson.
fn judging<G: LessonGames>(
    t: &'static Texts,
    play: &UseStateHandle<Play<G>>,
    lesson: &Rc<Lesson>,
    announce: Callback<String>,
    embedded: Option<Embedded>,
    update: UpdateProgress,
) -> Act<G> {
    let (play, lesson) = (play.clone(), lesson.clone());
    Callback::from(move |change: Change<G>| {
        let mut next = (*play).clone();
        let Some((text, said, flips)) = change(&mut next) else {
            if let Some(note) = &next.feedback {
                announce.emit(note.text.clone());
            }
            play.set(next);
            return;
        };
        let verdict = next.attempt.try_answer(&text);
        let mut told = feedback(t, &lesson, &next, &verdict, said);
        if verdict == Verdict::Wrong {
            told.flips = flips;
        }
        if let Verdict::Solved { stars } = verdict {
            let id = lesson.id.clone();
            let (hints, misses) = (next.attempt.hints_taken().len(), next.attempt.misses());
            if let Some(embedded) = &embedded {
                embedded.lesson_complete.emit((id.clone(), stars));
            }
            update.emit(Box::new(move |p: &mut Progress| {
                p.finish_lesson(&id, stars, hints, misses)
            }));
        }
        announce.emit(told.text.clone());
        next.feedback = Some(told);
        next.lift = None;
        play.set(next);
    })
}

/// One lesson, played.
#[function_component(LessonPlayer)]
fn lesson_player<G: LessonGames>(props: &PlayerProps) -> Html {
    let app = use_app();
    let t = app.t();
    let lesson = props.lesson.clone();
    let play = use_state(|| Play::<G>::new(&lesson, &Transform::IDENTITY));
    let (progress, update) = use_progress_in::<G>();
    let embedded = use_embedded();
    let in_frame = in_frame::<G>(embedded.as_ref());
    let place = Place {
        game: props.game.clone(),
        number: props.number,
        total: props.total,
        best: progress.stars(&lesson.id),
        embedded: in_frame,
    };
    // Every lesson's page has a title of its own (a frame's is its host's).
    {
        let title = play.shown.pick(&lesson.title, t.lang());
        let route = Route::Lesson(props.game.clone(), lesson.id.clone());
        let title = (!in_frame).then(|| named_page_title(t, &route, &title));
        use_effect_with(title, |title| {
            if let (Some(title), Some(document)) = (title, browser::window().document()) {
                document.set_title(title);
            }
        });
    }
    let act = judging(t, &play, &lesson, app.announce.clone(), embedded, update);
    let (board, controls) = input_view(t, &play, &act).unwrap_or_else(|| {
        let broken = html! { <p role="alert">{ t.learn().lesson_broken() }</p> };
        (broken, Html::default())
    });
    html! {
        <>
            { lesson_head(t, &lesson, &play, &place) }
            <div class="lesson-play">
                <div class="lesson-board">{ board }</div>
                <LessonSide<G> {lesson} {play} {controls} next={props.next.clone()} />
            </div>
        </>
    }
}

/// Where a lesson sits in its game's course.
#[derive(Clone, PartialEq)]
struct Place {
    game: String,
    number: usize,
    total: usize,
    /// The best stars earned so far.
    best: u8,
    /// Drawn in another site's frame (no links into the site).
    embedded: bool,
}

/// The lesson's number, title, explanation (with the rules' link),
/// instruction and whose move it is.
fn lesson_head<G: LessonGames>(t: &Texts, lesson: &Lesson, play: &Play<G>, place: &Place) -> Html {
    let lang = t.lang();
    let explain = lesson.explain.as_ref().map(|explain| {
        let rules = (!place.embedded).then(|| {
            let href = format!("#/{}/rules", place.game);
            html! { <p><a {href} data-testid="rules-link">{ t.learn().rules_of(game_name(t, &place.game)) }</a></p> }
        });
        html! {
            <div class="explain" data-testid="explain">
                <p>{ play.shown.pick(explain, lang) }</p>
                { rules.unwrap_or_default() }
            </div>
        }
    });
    html! {
        <>
            <p class="lesson-number">{ t.learn().lesson_number(place.number, place.total) }{ " " }{ stars_view(t, place.best) }</p>
            <h1 tabindex="-1">{ play.shown.pick(&lesson.title, lang) }</h1>
            { explain.unwrap_or_default() }
            <p class="instruction">{ play.shown.pick(&lesson.instruction, lang) }</p>
            if let Some(side) = to_move(t, play) {
                <p class="to-move" data-testid="to-move">{ format!("{}: {side}", t.othello.side_to_move()) }</p>
            }
        </>
    }
}

/// Props: the lesson, the try, the answer's controls and the next lesson.
#[derive(Properties, PartialEq)]
struct SideProps<G: LessonGames> {
    lesson: Rc<Lesson>,
    play: UseStateHandle<Play<G>>,
    controls: Html,
    next: Option<String>,
}

/// A step of the hint ladder, as said: the lesson's text, the area, the
/// answer (the best move at every turn of a game).
fn step_said<G: LessonGames>(t: &Texts, lesson: &Lesson, play: &Play<G>, step: Hint) -> String {
    match step {
        Hint::Text(i) => play.shown.pick(&lesson.hints[i], t.lang()),
        Hint::Region => t.learn().hint_region_note().to_string(),
        Hint::Show if play.input().played() => t.learn().hint_show_played().to_string(),
        Hint::Show => {
            let answers: Vec<String> = play
                .attempt
                .revealed()
                .iter()
                .map(|a| answer_said(t, play, a))
                .collect();
            t.learn().answer_is(answers.join(", "))
        }
    }
}

/// The hints taken, as said; in a take-away game under way, the heaps as
/// they are now (a hint about the start would be out of date).
fn hints_view<G: LessonGames>(t: &Texts, lesson: &Lesson, play: &Play<G>) -> Html {
    let steps = play.attempt.hints_taken().iter().map(|&step| {
        html! { <li>{ step_said(t, lesson, play, step) }</li> }
    });
    let now = play
        .take_game()
        .filter(|game| game.started() && game.over().is_none())
        .map(|game| heaps_said(t, game.now()));
    html! {
        <>
            <ol class="hints" data-testid="hints">{ for steps }</ol>
            if let Some(now) = now {
                <p class="heaps-now" data-testid="heaps-now">{ now }</p>
            }
        </>
    }
}

/// Beside the board: the controls, the feedback, the hints, the stars and
/// the buttons (hint, play again, start again, next lesson).
#[function_component(LessonSide)]
fn lesson_side<G: LessonGames>(props: &SideProps<G>) -> Html {
    let app = use_app();
    let t = app.t();
    let (play, lesson) = (&props.play, &props.lesson);
    let hint = {
        let (play, lesson, announce) = (play.clone(), lesson.clone(), app.announce.clone());
        Callback::from(move |_| {
            let mut next = (*play).clone();
            if let Some(step) = next.attempt.take_hint() {
                announce.emit(step_said(t, &lesson, &next, step));
                play.set(next);
            }
        })
    };
    let again = {
        let (play, lesson) = (play.clone(), lesson.clone());
        Callback::from(move |_| {
            let transform = retry::<G>(&lesson, &play.shown.transform, browser::random_seed());
            play.set(Play::new(&lesson, &transform));
        })
    };
    let play_again = {
        let play = play.clone();
        Callback::from(move |_| {
            let mut next = (*play).clone();
            next.play_again();
            play.set(next);
        })
    };
    let hint_label = match play.attempt.next_hint() {
        Some(Hint::Region) => t.learn().hint_region(),
        Some(Hint::Show) => t.learn().hint_show(),
        _ => t.learn().hint(),
    };
    let solved = play.attempt.stars();
    let feedback = play.feedback.as_ref().map(|f| {
        let class = match f.tone {
            Tone::Right => "right",
            Tone::Wrong => "wrong",
            Tone::Note => "note",
        };
        html! { <p class={classes!("feedback", class)} data-testid="feedback">{ f.text.clone() }</p> }
    });
    html! {
        <div class="lesson-side">
            { props.controls.clone() }
            { feedback.unwrap_or_default() }
            if !play.attempt.hints_taken().is_empty() {
                { hints_view(t, lesson, play) }
            }
            if let Some(stars) = solved {
                <p class="solved" data-testid="solved">{ stars_view(t, stars) }</p>
            }
            <div class="card-actions">
                if play.lost() && solved.is_none() {
                    <button class="primary" onclick={play_again} data-testid="play-again">{ t.learn().play_again() }</button>
                }
                if solved.is_none() {
                    <button onclick={hint} disabled={!play.attempt.hint_left()} data-testid="hint">{ hint_label }</button>
                }
                <button onclick={again} data-testid="start-again">{ t.learn().start_again() }</button>
                if let Some(next) = props.next.clone().filter(|_| solved.is_some()) {
                    <a class="button primary" href={next} data-testid="next">{ t.learn().next_lesson() }</a>
                }
            </div>
        </div>
    }
}
