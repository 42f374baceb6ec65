//! The game buttons: new game, undo, redo, move now, hints, legal moves.

use yew::prelude::*;

use crate::session::othello::{Action, OthelloState, SearchKind};

use super::super::app::AppContext;

/// Props: the state, where actions go, and how to open the new-game dialog.
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// The page state.
    pub state: UseReducerHandle<OthelloState>,
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
    let state = &props.state;
    let send = |action: Action| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(action.clone()))
    };
    let thinking = state
        .search
        .as_ref()
        .is_some_and(|s| s.kind == SearchKind::Play);
    let on_new_game = {
        let cb = props.on_new_game.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    html! {
        <div class="controls" role="toolbar" aria-label={t.new_game}>
            <button class="new-game" onclick={on_new_game}>{ t.new_game }</button>
            <button class="undo" disabled={state.undo_target().is_none()} onclick={send(Action::Undo)}>{ t.undo }</button>
            <button class="redo" disabled={state.redo_target().is_none()} onclick={send(Action::Redo)}>{ t.redo }</button>
            <button class="move-now" disabled={!thinking} onclick={send(Action::MoveNow)}>{ t.move_now }</button>
            <button class="hints" aria-pressed={state.hint_mode.to_string()} onclick={send(Action::SetHintMode(!state.hint_mode))}>{ t.hints }</button>
            <button class="legal-toggle" aria-pressed={state.show_legal.to_string()} onclick={send(Action::SetShowLegal(!state.show_legal))}>{ t.legal_moves }</button>
        </div>
    }
}
