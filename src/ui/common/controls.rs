//! The game buttons: new game, undo, redo, move now, and any game-specific
//! toggles given as children.

use yew::prelude::*;

use super::super::context::use_texts;

/// Props: which buttons apply and what they do.
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// Undo is possible.
    pub can_undo: bool,
    /// Redo is possible.
    pub can_redo: bool,
    /// The computer is thinking about its move.
    pub thinking: bool,
    /// Opens the new-game dialog.
    pub on_new_game: Callback<()>,
    /// Takes back to the person's previous turn.
    pub on_undo: Callback<()>,
    /// Replays to the person's next turn.
    pub on_redo: Callback<()>,
    /// Makes the computer play its best move so far (no button when the
    /// computer answers at once).
    #[prop_or_default]
    pub on_move_now: Option<Callback<()>>,
    /// Game-specific buttons.
    #[prop_or_default]
    pub children: Html,
}

/// The toolbar.
#[function_component(Controls)]
pub fn controls(props: &ControlsProps) -> Html {
    let t = use_texts();
    let click = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    html! {
        <div class="controls" role="toolbar" aria-label={t.common.new_game}>
            <button class="new-game" onclick={click(&props.on_new_game)}>{ t.common.new_game }</button>
            <button class="undo" disabled={!props.can_undo} onclick={click(&props.on_undo)}>{ t.common.undo }</button>
            <button class="redo" disabled={!props.can_redo} onclick={click(&props.on_redo)}>{ t.common.redo }</button>
            if let Some(on_move_now) = &props.on_move_now {
                <button class="move-now" disabled={!props.thinking} onclick={click(on_move_now)}>{ t.common.move_now }</button>
            }
            { props.children.clone() }
        </div>
    }
}
