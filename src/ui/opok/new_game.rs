//! The Opok new-game dialog: board size, who plays each side, level and
//! thinking time.

use yew::prelude::*;

use crate::engine::opok::geometry::{MAX_SIZE, MIN_SIZE};
use crate::engine::opok::Geometry;
use crate::session::opok::Settings;
use crate::session::player::Player;
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
    let on_size = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(geometry) = select.value().parse().ok().and_then(Geometry::new) {
                draft.set(Settings { geometry, ..*draft });
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
    let uses_time = [draft.circles, draft.squares]
        .iter()
        .any(|p| matches!(p, Player::Computer(l) if l.uses_think_time()));
    html! {
        <ModalDialog title={t.new_game_title} on_cancel={props.on_cancel.clone()}>
            <form onsubmit={on_start}>
                <div class="field">
                    <label for="opok-size">{ t.board_size }</label>
                    <select id="opok-size" onchange={on_size}>
                        { for (MIN_SIZE..=MAX_SIZE).map(|n| html! {
                            <option value={n.to_string()} selected={draft.geometry.size() == n}>{ format!("{n}×{n}") }</option>
                        }) }
                    </select>
                </div>
                { player_select(t, "circles-player", t.circles, draft.circles, update(|s, p| s.circles = p)) }
                { player_select(t, "squares-player", t.squares, draft.squares, update(|s, p| s.squares = p)) }
                if uses_time {
                    { think_time_select(t, draft.think_ms, &THINK_TIMES_MS, on_time) }
                }
                { start_cancel_buttons(t, props.on_cancel.clone()) }
            </form>
        </ModalDialog>
    }
}
