//! The ratings frame for a club's website (`#/embed/ratings?club=<id>`,
//! docs/embed.md): the club's name and its rating list, the club page's
//! own list (sortable, a player's history on a press), kept current by the
//! club's live stream. `parent`, `theme` and `lang` read as the event
//! frame's; the frame tells its page `ready` (once the list has arrived)
//! and `resize`, by postMessage v1.

use yew::prelude::*;

use crate::embed::params::Game;
use crate::links::club::RatingsFrame;
use crate::online::setup::GameKind;

use super::super::frame::use_club_frame;
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
    html! { <p class="embed-status" data-testid="ratings-problem">{ t.clubs().not_found() }</p> }
}

/// Props: the frame's address, read.
#[derive(Properties, PartialEq)]
struct FrameProps {
    frame: RatingsFrame,
}

/// The ratings frame.
#[function_component(Frame)]
fn frame(props: &FrameProps) -> Html {
    let known = use_club(AttrValue::from(props.frame.club.clone()));
    // `ready` once the list has arrived, with the game of the club's
    // first event (a club without events: Othello).
    let ready = known
        .list
        .is_some()
        .then(|| {
            known
                .club
                .as_ref()
                .and_then(|c| c.events.first())
                .map_or(GameKind::Othello, |e| e.game)
        })
        .and_then(|game| Some((Game::from_name(game.name())?, None)));
    let shell = use_club_frame(&props.frame.params, ready, "ratings");
    let t = shell.context.lang.texts();
    let name = known.club.as_ref().map(|c| c.name.clone());
    let body = match &known.list {
        Some(list) => html! { <RatingTable list={list.clone()} /> },
        None => html! {
            <p class="embed-status" data-testid="ratings-status">
                { known.problem.clone().unwrap_or_else(|| t.event().connecting().to_string()) }
            </p>
        },
    };
    shell.wrap(classes!("embed-event", "embed-ratings"), None, name, body)
}
