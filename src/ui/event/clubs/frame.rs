//! The ratings frame for a club's website (`#/embed/ratings?club=<id>`,
//! docs/embed.md): the club's name and its rating list, the club page's
//! own list (sortable, a player's history on a press), kept current by the
//! club's live stream. `parent`, `theme` and `lang` read as the event
//! frame's; the frame tells its page `ready` (once the list has arrived)
//! and `resize`, by postMessage v1.

use yew::prelude::*;

use crate::embed::messages::FrameMessage;
use crate::embed::params::{Game, Mode};
use crate::online::setup::GameKind;
use crate::session::club::RatingsFrame;

use super::super::super::context::{use_app, AppContext};
use super::super::super::embed::talk::post;
use super::super::super::embed::{use_document_look, use_resize_reports, CSS};
use super::live::use_club;
use super::ratings::RatingTable;

/// The frame of `rest`, or what is wrong with its address.
pub fn ratings_frame(rest: &str) -> Html {
    match RatingsFrame::parse(rest) {
        Some(frame) => html! { <Frame key={rest.to_string()} {frame} /> },
        None => html! { <NoClub /> },
    }
}

/// Says that the address names no club.
#[function_component(NoClub)]
fn no_club() -> Html {
    let t = super::super::super::context::use_texts();
    html! { <p class="embed-status" data-testid="ratings-problem">{ t.clubs().not_found }</p> }
}

/// Props: the frame's address, read.
#[derive(Properties, PartialEq)]
struct FrameProps {
    frame: RatingsFrame,
}

/// The ratings frame.
#[function_component(Frame)]
fn frame(props: &FrameProps) -> Html {
    let app = use_app();
    let p = &props.frame.params;
    let lang = p.lang.unwrap_or(app.lang);
    use_document_look(p.theme, lang);
    let known = use_club(AttrValue::from(props.frame.club.clone()));
    let content = use_resize_reports(p);
    // `ready` once the list has arrived, with the game of the club's
    // first event (a club without events: Othello).
    let ready = known.list.is_some().then(|| {
        known
            .club
            .as_ref()
            .and_then(|c| c.events.first())
            .map_or(GameKind::Othello, |e| e.game)
    });
    {
        let p = p.clone();
        use_effect_with(ready, move |ready| {
            if let Some(game) = ready.and_then(|g| Game::from_name(g.name())) {
                let message = FrameMessage::Ready {
                    game,
                    size: None,
                    variant: "ratings".into(),
                    mode: Mode::View,
                };
                post(&p, &message);
            }
        });
    }
    let t = lang.texts();
    let name = known.club.as_ref().map(|c| c.name.clone());
    let body = match &known.list {
        Some(list) => html! { <RatingTable list={list.clone()} /> },
        None => html! {
            <p class="embed-status" data-testid="ratings-status">
                { known.problem.clone().unwrap_or_else(|| t.event().connecting.to_string()) }
            </p>
        },
    };
    let context = AppContext { lang, ..app };
    html! {
        <ContextProvider<AppContext> {context}>
            <style>{ CSS }</style>
            <div ref={content} class="embed embed-event embed-ratings club" data-testid="embed">
                if let Some(name) = name { <h1 class="embed-event-name">{ name }</h1> }
                { body }
            </div>
        </ContextProvider<AppContext>>
    }
}
