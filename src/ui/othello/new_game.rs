//! The Othello new-game dialog: board size, variant, who plays each side,
//! level and thinking time.

use yew::prelude::*;

use crate::engine::othello::{BoardSize, Variant};
use crate::i18n::othello::variant_name;
use crate::session::othello::{Player, Settings};
use crate::session::player::THINK_TIMES_MS;

use super::super::common::dialog::{
    player_select, start_cancel_buttons, think_time_select, use_texts, ModalDialog,
};

/// Props: the settings to start from and what to do with the choice.
#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// The settings shown first.
    pub initial: Settings,
    /// Called with the chosen settings.
    pub on_start: Callback<Settings>,
    /// Called when the dialog is dismissed.
    pub on_cancel: Callback<()>,
}

/// The dialog.
#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps) -> Html {
    let t = use_texts();
    let draft = use_state(|| props.initial);
    let update = |change: fn(&mut Settings, Player)| {
        let draft = draft.clone();
        Callback::from(move |player: Player| {
            let mut next = *draft;
            change(&mut next, player);
            draft.set(next);
        })
    };
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
    let on_time = {
        let draft = draft.clone();
        Callback::from(move |think_ms: u32| draft.set(Settings { think_ms, ..*draft }))
    };
    let on_start = {
        let draft = draft.clone();
        let cb = props.on_start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            cb.emit(*draft);
        })
    };
    let uses_time = [draft.black, draft.white]
        .iter()
        .any(|p| matches!(p, Player::Computer(l) if l.uses_think_time()));
    html! {
        <ModalDialog title={t.new_game_title} on_cancel={props.on_cancel.clone()}>
            <form onsubmit={on_start}>
                <fieldset class="field">
                    <legend>{ t.board_size }</legend>
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
                    <label for="variant">{ t.variant }</label>
                    <select id="variant" onchange={on_variant}>
                        { for Variant::ALL.iter().map(|&v| html! {
                            <option value={v.name()} selected={draft.rules.variant == v}>{ variant_name(t, v) }</option>
                        }) }
                    </select>
                </div>
                { player_select(t, "black-player", t.black, draft.black, update(|s, p| s.black = p)) }
                { player_select(t, "white-player", t.white, draft.white, update(|s, p| s.white = p)) }
                if uses_time {
                    { think_time_select(t, draft.think_ms, &THINK_TIMES_MS, on_time) }
                }
                { start_cancel_buttons(t, props.on_cancel.clone()) }
            </form>
        </ModalDialog>
    }
}
