//! The builder's club frames (issue 29): a club event's frame (its id and
//! view: standings, pairings or live boards) or a club's rating list (the
//! club's id), with its preview and both snippets, the custom element
//! (`kind="event"` / `kind="ratings"`) and the frame with the script that
//! sizes it (issue 37: both fit their content, as the board's do). The
//! site's address (`parent`) is the board builder's own field: a webmaster
//! writes it once.

use yew::prelude::*;

use crate::links::club::ClubFrame;

use super::super::super::browser;
use super::super::super::context::use_texts;
use super::fields::{named, select, text_field};
use super::preview::{reported_height, FIRST_HEIGHT};
use super::snippets::{app_address, frame_snippet, snippet};
use super::{with, Choice};

/// Props: the board builder's choice, whose `parent` the snippets name.
#[derive(Properties, PartialEq)]
pub(super) struct ClubFramesProps {
    /// The board builder's parameters (and what was refused).
    pub choice: UseStateHandle<Choice>,
}

/// The club frames' part of the builder.
#[function_component(ClubFrames)]
pub(super) fn club_frames(props: &ClubFramesProps) -> Html {
    let t = use_texts();
    let (c, b) = (t.clubs(), t.embed());
    let kind = use_state(|| "ratings".to_string());
    let id = use_state(String::new);
    let view = use_state(|| "standings".to_string());
    let height = use_state(|| FIRST_HEIGHT);
    let copied = use_state(|| None::<&'static str>);
    let preview = use_node_ref();
    {
        let (preview, height) = (preview.clone(), height.clone());
        use_effect_with((), move |_| {
            let listener =
                gloo_events::EventListener::new(&browser::window(), "message", move |event| {
                    if let Some(h) = reported_height(&preview, event.as_ref()) {
                        height.set(h);
                    }
                });
            move || drop(listener)
        });
    }
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
    let set_parent = {
        let choice = props.choice.clone();
        Callback::from(move |value: String| choice.set(with(&choice.0, "parent", &value)))
    };
    let parent = props.choice.0.parent.as_ref().map(ToString::to_string);
    let kinds = named(&[("ratings", c.kind_ratings()), ("event", c.kind_event())]);
    let views = named(&[
        ("standings", c.view_standings()),
        ("pairings", c.view_pairings()),
        ("live", c.view_live()),
    ]);
    let (label, title) = if *kind == "event" {
        (c.event_id(), c.kind_event())
    } else {
        (c.club_id(), c.kind_ratings())
    };
    let own = browser::window().location().origin().unwrap_or_default();
    let app = app_address();
    let frame_code = parent.as_deref().map(|parent| {
        let title = format!("{title} — {}", t.common.app_name());
        frame_snippet(&frame.fragment(Some(parent)), &title, None, *height)
    });
    html! {
        <section class="builder-club" aria-labelledby="builder-club-heading" data-testid="builder-club">
            <h2 id="builder-club-heading">{ c.club_frames_heading() }</h2>
            <div class="builder-columns">
                <form class="builder-form" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                    { select("builder-club-kind", c.frame_kind(), &kind, kinds, set_kind) }
                    { text_field("builder-club-id", label, (*id).clone(), set(&id)) }
                    if *kind == "event" {
                        { select("builder-club-view", c.view(), &view, views, set(&view)) }
                    }
                    { text_field("builder-club-parent", b.parent(), parent.clone().unwrap_or_default(), set_parent) }
                </form>
                if frame.is_complete() {
                    <div class="builder-output">
                        <iframe ref={preview} class="builder-preview" data-testid="builder-club-preview" title={label}
                            src={format!("{app}{}", frame.fragment(Some(&own)))} style={format!("width:100%;height:{}px;border:0", *height)}></iframe>
                        { snippet("builder-club-element", b.element_code(), frame.element(&app), b, copied.clone()) }
                        if let Some(code) = frame_code {
                            { snippet("builder-club-iframe", b.iframe_code(), code, b, copied.clone()) }
                        } else {
                            <div class="builder-snippet">
                                <p class="builder-needs" data-testid="builder-club-iframe-needs">{ b.iframe_needs_parent() }</p>
                            </div>
                        }
                        <p role="status" class="builder-copied">{ copied.map(|_| b.copied()).unwrap_or_default() }</p>
                    </div>
                }
            </div>
        </section>
    }
}
