//! `#/learn`: every game's lessons with the stars earned, the puzzles, the
//! teachers' sets, and the learner's progress (save, load, reset).

use yew::prelude::*;

use crate::i18n::Texts;
use crate::learn::progress::Progress;
use crate::route::LEARN_GAMES;

use super::super::context::use_texts;
use super::data::{lessons_of, not_ready, use_course, use_progress, Loading};
use super::progress_file::ProgressFile;

/// The game's name.
pub fn game_name(t: &Texts, game: &str) -> &'static str {
    match game {
        "othello" => t.othello.name(),
        "opok" => t.opok.name(),
        _ => t.nim.name(),
    }
}

/// Stars as drawn (★★☆), with their count for a screen reader.
pub fn stars_view(t: &Texts, stars: u8) -> Html {
    let drawn: String = (0..3).map(|i| if i < stars { '★' } else { '☆' }).collect();
    html! { <span class="stars" role="img" aria-label={t.learn().stars(u64::from(stars))}>{ drawn }</span> }
}

/// Stars earned and possible over some lessons.
pub fn star_total<'a>(progress: &Progress, ids: impl Iterator<Item = &'a str>) -> (u64, u64) {
    ids.fold((0, 0), |(got, max), id| {
        (got + u64::from(progress.stars(id)), max + 3)
    })
}

/// The learning home page.
#[function_component(LearnHome)]
pub fn learn_home() -> Html {
    let t = use_texts();
    let attempt = use_state(|| 0u32);
    let course = use_course(None, *attempt);
    let (progress, update) = use_progress();
    let retry = {
        let attempt = attempt.clone();
        Callback::from(move |_| attempt.set(*attempt + 1))
    };
    let games = match &course {
        Loading::Ready(course) => {
            let cards = LEARN_GAMES.iter().map(|&game| {
                let lessons = lessons_of(course, game);
                let (got, max) = star_total(&progress, lessons.iter().map(|l| l.id.as_str()));
                let done = lessons.iter().filter(|l| progress.stars(&l.id) > 0).count();
                html! {
                    <li class="learn-card">
                        <h2><a href={format!("#/learn/{game}")}>{ game_name(t, game) }</a></h2>
                        <p>{ t.learn().lesson_number(done, lessons.len()) }</p>
                        <p>{ t.learn().stage_stars(got, max) }</p>
                        <progress max={max.to_string()} value={got.to_string()} aria-hidden="true" />
                    </li>
                }
            });
            html! { <ul class="learn-cards">{ for cards }</ul> }
        }
        other => not_ready(t, other, retry),
    };
    html! {
        <section class="learn">
            <h1 tabindex="-1">{ t.common.learn_title() }</h1>
            <p class="intro">{ t.learn().intro() }</p>
            <p class="star-rule" data-testid="star-rule">{ t.learn().star_rule() }</p>
            { games }
            <ul class="learn-cards">
                <li class="learn-card">
                    <h2><a href="#/puzzles">{ t.common.learn_puzzles() }</a></h2>
                    <p>{ t.learn().your_rating(progress.learner_rating()) }</p>
                    <p><a href="#/puzzles/daily">{ t.learn().daily() }</a></p>
                </li>
                <li class="learn-card">
                    <h2><a href="#/learn/teacher">{ t.common.learn_teacher() }</a></h2>
                    <p>{ t.learn().teacher_intro() }</p>
                </li>
            </ul>
            <ProgressFile {update} />
        </section>
    }
}
