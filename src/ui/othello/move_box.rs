//! The box for typing a move (`d3`, `pass`) under the Othello board.

use yew::prelude::*;

use crate::engine::othello::Position;
use crate::session::core::Action;
use crate::session::othello::view::parse_typed;
use crate::session::othello::Othello;

use super::super::context::use_texts;

/// Props: the position the move is for and where it goes.
#[derive(Properties, PartialEq)]
pub struct MoveBoxProps {
    /// The position shown.
    pub position: Position,
    /// Receives the move.
    pub on_action: Callback<Action<Othello>>,
}

/// The move box.
#[function_component(MoveBox)]
pub fn move_box(props: &MoveBoxProps) -> Html {
    let t = use_texts();
    let typed = use_state(String::new);
    let typed_error = use_state(|| None::<String>);
    let on_input = {
        let typed = typed.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            typed.set(input.value());
        })
    };
    let on_submit = {
        let typed = typed.clone();
        let typed_error = typed_error.clone();
        let on_action = props.on_action.clone();
        let position = props.position;
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match parse_typed(&typed, &position) {
                Some(mv) => {
                    typed_error.set(None);
                    typed.set(String::new());
                    on_action.emit(Action::Play(mv));
                }
                None => typed_error.set(Some(t.othello.not_a_move(typed.trim()))),
            }
        })
    };
    html! {
        <form class="move-box" onsubmit={on_submit}>
            <label for="move-input">{ t.othello.move_box_label() }</label>
            <input id="move-input" type="text" autocomplete="off" spellcheck="false" size="12"
                placeholder={t.othello.move_box_placeholder()} value={(*typed).clone()} oninput={on_input} />
            <button type="submit">{ t.othello.play_move() }</button>
            if let Some(error) = &*typed_error {
                <span class="notice" role="alert">{ error }</span>
            }
        </form>
    }
}
