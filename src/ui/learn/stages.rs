//! `#/learn/<game>`: a game's stages, each lesson with its stars.

use yew::prelude::*;

use super::super::context::use_texts;
use super::data::{not_ready, stages_of, use_course, use_progress, Loading};
use super::home::{game_name, star_total, stars_view};

/// Props: the game.
#[derive(Properties, PartialEq)]
pub struct StagesProps {
    /// `othello`, `opok` or `nim`.
    pub game: String,
}

/// A game's stages.
#[function_component(LearnStages)]
pub fn learn_stages(props: &StagesProps) -> Html {
    let t = use_texts();
    let lang = t.lang();
    let attempt = use_state(|| 0u32);
    let course = use_course(None, *attempt);
    let (progress, _) = use_progress();
    let retry = {
        let attempt = attempt.clone();
        Callback::from(move |_| attempt.set(*attempt + 1))
    };
    let game = props.game.as_str();
    let body = match &course {
        Loading::Ready(course) => {
            let stages = stages_of(course, game).enumerate().map(|(n, stage)| {
                let (got, max) = star_total(&progress, stage.lessons.iter().map(|l| l.id.as_str()));
                let lessons = stage.lessons.iter().map(|lesson| {
                    let stars = progress.stars(&lesson.id);
                    html! {
                        <li class={classes!("lesson-link", (stars > 0).then_some("done"))}>
                            <a href={format!("#/learn/{game}/{}", lesson.id)}>{ lesson.title.get(lang) }</a>
                            { stars_view(t, stars) }
                        </li>
                    }
                });
                html! {
                    <li class="stage">
                        <h2>{ format!("{}. {}", n + 1, stage.title.get(lang)) }</h2>
                        <p class="stage-stars">{ t.learn().stage_stars(got, max) }</p>
                        <ol class="lesson-list">{ for lessons }</ol>
                    </li>
                }
            });
            html! { <ol class="stages">{ for stages }</ol> }
        }
        other => not_ready(t, other, retry),
    };
    html! {
        <section class="learn">
            <p class="crumbs"><a href="#/learn">{ t.common.learn_title() }</a></p>
            <h1 tabindex="-1">{ format!("{}: {}", game_name(t, game), t.common.learn_lessons()) }</h1>
            { body }
        </section>
    }
}
