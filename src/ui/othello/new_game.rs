//! The Othello new-game dialog: board size, variant, who plays each side,
//! level and thinking time, and the search workers of the device.

use yew::prelude::*;

use crate::engine::othello::{BoardSize, Variant};
use crate::i18n::othello::variant_name;
use crate::session::othello::{Othello, Settings};

use super::super::common::dialog::{new_game_form, NewGameProps};
use super::super::context::use_texts;
use super::super::search::{choose_workers, shown_workers};
use crate::i18n::Texts;
use crate::worker::pool::MAX_WORKERS;

/// The "Search workers" field: how many workers share the hints' search
/// (kept for the page, not the game: it belongs to the device).
fn workers_field(t: &'static Texts, workers: &UseStateHandle<usize>) -> Html {
    let onchange = {
        let workers = workers.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(n) = select.value().parse() {
                workers.set(n);
            }
        })
    };
    html! {
        <div class="field">
            <label for="search-workers">{ t.othello.search_workers() }</label>
            <select id="search-workers" aria-describedby="search-workers-note" {onchange}>
                { for (1..=MAX_WORKERS).map(|n| html! {
                    <option value={n.to_string()} selected={**workers == n}>{ n }</option>
                }) }
            </select>
            <p class="help" id="search-workers-note">{ t.othello.search_workers_note() }</p>
        </div>
    }
}

/// The dialog.
#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps<Settings>) -> Html {
    let t = use_texts();
    let draft = use_state(|| props.initial);
    let workers = use_state(shown_workers);
    let on_size = |size: BoardSize| {
        let draft = draft.clone();
        Callback::from(move |_: Event| {
            draft.set(Settings {
                rules: crate::engine::othello::Rules {
                    size,
                    ..draft.rules
                },
                ..*draft
            })
        })
    };
    let on_variant = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(variant) = select.value().parse::<Variant>() {
                draft.set(Settings {
                    rules: crate::engine::othello::Rules {
                        variant,
                        ..draft.rules
                    },
                    ..*draft
                });
            }
        })
    };
    let fields = html! {
        <>
        <fieldset class="field">
            <legend>{ t.common.board_size() }</legend>
            { for BoardSize::ALL.iter().map(|&size| {
                let id = format!("size-{}", size.side());
                html! {
                    <label class="choice" for={id.clone()}>
                        <input type="radio" name="size" id={id} checked={draft.rules.size == size} onchange={on_size(size)} />
                        { format!("{0}×{0}", size.side()) }
                    </label>
                }
            }) }
        </fieldset>
        <div class="field">
            <label for="variant">{ t.othello.variant() }</label>
            <select id="variant" onchange={on_variant}>
                { for Variant::ALL.iter().map(|&v| html! {
                    <option value={v.name()} selected={draft.rules.variant == v}>{ variant_name(t, v) }</option>
                }) }
            </select>
        </div>
        { workers_field(t, &workers) }
        </>
    };
    // Start keeps the setting too; Cancel leaves it as it was.
    let on_start = {
        let (workers, on_start) = (workers.clone(), props.on_start.clone());
        Callback::from(move |settings| {
            choose_workers(*workers);
            on_start.emit(settings);
        })
    };
    let props = NewGameProps {
        initial: props.initial,
        on_start,
        on_cancel: props.on_cancel.clone(),
    };
    new_game_form::<Othello>(t, &props, &draft, fields)
}
