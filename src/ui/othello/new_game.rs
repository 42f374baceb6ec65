//! The Othello new-game dialog: board size, variant, who plays each side,
//! level and thinking time.

use yew::prelude::*;

use crate::engine::othello::{BoardSize, Variant};
use crate::i18n::othello::variant_name;
use crate::session::othello::{Othello, Settings};

use super::super::common::dialog::{new_game_form, NewGameProps};
use super::super::context::use_texts;

/// The dialog.
#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps<Settings>) -> Html {
    let t = use_texts();
    let draft = use_state(|| props.initial);
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
            <legend>{ t.common.board_size }</legend>
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
            <label for="variant">{ t.othello.variant }</label>
            <select id="variant" onchange={on_variant}>
                { for Variant::ALL.iter().map(|&v| html! {
                    <option value={v.name()} selected={draft.rules.variant == v}>{ variant_name(t, v) }</option>
                }) }
            </select>
        </div>
        </>
    };
    new_game_form::<Othello>(t, props, &draft, fields)
}
