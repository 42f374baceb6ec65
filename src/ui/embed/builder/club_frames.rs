//! The builder's club frames (issue 29): a club event's frame (its id and
//! view: standings, pairings or live boards) or a club's rating list (the
//! club's id), with its preview and both snippets, the custom element
//! (`kind="event"` / `kind="ratings"`) and the frame.

use yew::prelude::*;

use crate::session::club::ClubFrame;

use super::super::super::browser;
use super::super::super::context::use_texts;
use super::fields::{named, select, text_field};
use super::snippets::app_address;

/// The club frames' part of the builder.
#[function_component(ClubFrames)]
pub fn club_frames() -> Html {
    let t = use_texts();
    let c = t.clubs();
    let kind = use_state(|| "ratings".to_string());
    let id = use_state(String::new);
    let view = use_state(|| "standings".to_string());
    let frame = if *kind == "event" {
        ClubFrame::Event {
            id: id.trim().to_string(),
            view: (*view).clone(),
        }
    } else {
        ClubFrame::Ratings {
            club: id.trim().to_string(),
        }
    };
    let set = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |value: String| state.set(value))
    };
    // Another kind of frame names another kind of id: the field starts
    // empty again.
    let set_kind = {
        let (kind, id) = (kind.clone(), id.clone());
        Callback::from(move |value: String| {
            if *kind != value {
                id.set(String::new());
            }
            kind.set(value);
        })
    };
    let kinds = named(&[("ratings", c.kind_ratings), ("event", c.kind_event)]);
    let views = named(&[
        ("standings", c.view_standings),
        ("pairings", c.view_pairings),
        ("live", c.view_live),
    ]);
    let label = if *kind == "event" {
        c.event_id
    } else {
        c.club_id
    };
    let own = browser::window().location().origin().unwrap_or_default();
    let app = app_address();
    html! {
        <section class="builder-club" aria-labelledby="builder-club-heading" data-testid="builder-club">
            <h2 id="builder-club-heading">{ c.frame_kind }</h2>
            <form class="builder-form" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                { select("builder-club-kind", c.frame_kind, &kind, kinds, set_kind) }
                { text_field("builder-club-id", label, (*id).clone(), set(&id)) }
                if *kind == "event" {
                    { select("builder-club-view", c.view, &view, views, set(&view)) }
                }
            </form>
            if frame.is_complete() {
                <iframe class="builder-preview" data-testid="builder-club-preview" title={label}
                    src={format!("{app}{}", frame.fragment(Some(&own)))} style="width:100%;height:360px;border:0"></iframe>
                <label for="builder-club-element">{ t.embed().element_code }</label>
                <textarea id="builder-club-element" readonly=true rows="3" data-testid="builder-club-element"
                    value={frame.element(&app)} />
                <label for="builder-club-iframe">{ t.embed().iframe_code }</label>
                <textarea id="builder-club-iframe" readonly=true rows="2" data-testid="builder-club-iframe"
                    value={format!("<iframe src=\"{app}{}\" style=\"display:block;width:100%;height:480px;border:0\" loading=\"lazy\"></iframe>", frame.fragment(None))} />
            }
        </section>
    }
}
