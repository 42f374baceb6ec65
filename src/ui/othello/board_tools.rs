//! Board strings (`X`, `O`, `-` and the side to move): read the current one,
//! load one, or open the position editor.

use yew::prelude::*;

use super::super::context::use_texts;

/// Props: the current board string and what loading and editing do.
#[derive(Properties, PartialEq)]
pub struct BoardToolsProps {
    /// The current board string.
    pub board: String,
    /// Called with a board string to load.
    pub on_load: Callback<String>,
    /// Opens the position editor.
    pub on_editor: Callback<()>,
}

/// The board-string form and the editor button.
#[function_component(BoardTools)]
pub fn board_tools(props: &BoardToolsProps) -> Html {
    let t = use_texts();
    let input = use_state(String::new);
    let on_input = {
        let input = input.clone();
        Callback::from(move |e: InputEvent| {
            let field: web_sys::HtmlInputElement = e.target_unchecked_into();
            input.set(field.value());
        })
    };
    let on_submit = {
        let on_load = props.on_load.clone();
        let input = input.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_load.emit((*input).clone());
        })
    };
    let open_editor = {
        let cb = props.on_editor.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    html! {
        <>
            <form class="load-board" onsubmit={on_submit}>
                <label for="board-output">{ t.othello.board_string() }</label>
                <input id="board-output" class="board-string" readonly=true value={props.board.clone()} data-testid="board-string" />
                <label for="board-input">{ t.othello.board_label() }</label>
                <input id="board-input" type="text" value={(*input).clone()} oninput={on_input} />
                <button type="submit">{ t.othello.load_board() }</button>
            </form>
            <button class="edit-position" onclick={open_editor}>{ t.othello.set_up_position() }</button>
        </>
    }
}
