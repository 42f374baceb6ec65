//! The Opok new-game dialog: board size, who plays each side, level and
//! thinking time.

use yew::prelude::*;

use crate::engine::opok::geometry::{MAX_SIZE, MIN_SIZE};
use crate::engine::opok::Geometry;
use crate::session::opok::{Opok, Settings};

use super::super::common::dialog::{new_game_form, NewGameProps};
use super::super::context::use_texts;

/// The dialog.
#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps<Settings>) -> Html {
    let t = use_texts();
    let draft = use_state(|| props.initial);
    let on_size = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(geometry) = select.value().parse().ok().and_then(Geometry::new) {
                draft.set(Settings { geometry, ..*draft });
            }
        })
    };
    let fields = html! {
        <div class="field">
            <label for="opok-size">{ t.common.board_size() }</label>
            <select id="opok-size" onchange={on_size}>
                { for (MIN_SIZE..=MAX_SIZE).map(|n| html! {
                    <option value={n.to_string()} selected={draft.geometry.size() == n}>{ format!("{n}×{n}") }</option>
                }) }
            </select>
        </div>
    };
    new_game_form::<Opok>(t, props, &draft, fields)
}
