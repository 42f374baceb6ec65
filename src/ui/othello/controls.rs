//! The game buttons: new game, undo, redo, move now, hints, legal moves.

use yew::prelude::*;

use crate::session::othello::Action;

use super::super::app::AppContext;

/// Props: which buttons apply, where actions go, and how to open the
/// new-game dialog.
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// Undo is possible.
    pub can_undo: bool,
    /// Redo is possible.
    pub can_redo: bool,
    /// The computer is thinking about its move.
    pub thinking: bool,
    /// Hints are on.
    pub hint_mode: bool,
    /// Legal-move markers are on.
    pub show_legal: bool,
    /// Receives the actions.
    pub on_action: Callback<Action>,
    /// Opens the new-game dialog.
    pub on_new_game: Callback<()>,
}

/// The toolbar.
#[function_component(Controls)]
pub fn controls(props: &ControlsProps) -> Html {
    let context = use_context::<AppContext>().expect("inside the app");
    let t = context.t();
    let send = |action: Action| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(action.clone()))
    };
    let on_new_game = {
        let cb = props.on_new_game.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    html! {
        <div class="controls" role="toolbar" aria-label={t.new_game}>
            <button class="new-game" onclick={on_new_game}>{ t.new_game }</button>
            <button class="undo" disabled={!props.can_undo} onclick={send(Action::Undo)}>{ t.undo }</button>
            <button class="redo" disabled={!props.can_redo} onclick={send(Action::Redo)}>{ t.redo }</button>
            <button class="move-now" disabled={!props.thinking} onclick={send(Action::MoveNow)}>{ t.move_now }</button>
            <button class="hints" aria-pressed={props.hint_mode.to_string()} onclick={send(Action::SetHintMode(!props.hint_mode))}>{ t.hints }</button>
            <button class="legal-toggle" aria-pressed={props.show_legal.to_string()} onclick={send(Action::SetShowLegal(!props.show_legal))}>{ t.legal_moves }</button>
        </div>
    }
}
