//! Game records: copy the moves, load moves, copy a share link, read and
//! load board strings, open the position editor.

use yew::prelude::*;

use crate::session::othello::state::Notice;
use crate::session::othello::Action;

use super::super::app::AppContext;
use super::super::browser;

/// Props: the texts to copy, where actions go, and the editor switch.
#[derive(Properties, PartialEq)]
pub struct RecordsProps {
    /// The moves played, as a transcript.
    pub transcript: String,
    /// The current board string.
    pub board: String,
    /// Receives the actions.
    pub on_action: Callback<Action>,
    /// The game's share link.
    pub share_url: String,
    /// Opens the position editor.
    pub on_editor: Callback<()>,
}

/// The records panel.
#[function_component(Records)]
pub fn records(props: &RecordsProps) -> Html {
    let context = use_context::<AppContext>().expect("inside the app");
    let t = context.t();
    let moves_text = use_state(String::new);
    let board_input = use_state(String::new);
    let transcript = props.transcript.clone();
    let board = props.board.clone();

    let copy = |text: String, notice: Notice| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            if browser::copy_to_clipboard(&text) {
                on_action.emit(Action::SetNotice(Some(notice.clone())));
            }
        })
    };
    let text_input = |handle: UseStateHandle<String>| {
        Callback::from(move |e: InputEvent| {
            let field: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            handle.set(field.value());
        })
    };
    let line_input = |handle: UseStateHandle<String>| {
        Callback::from(move |e: InputEvent| {
            let field: web_sys::HtmlInputElement = e.target_unchecked_into();
            handle.set(field.value());
        })
    };
    let load_moves = {
        let on_action = props.on_action.clone();
        let text = moves_text.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_action.emit(Action::LoadTranscript((*text).clone()));
        })
    };
    let load_board = {
        let on_action = props.on_action.clone();
        let text = board_input.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_action.emit(Action::LoadBoard((*text).clone()));
        })
    };
    let open_editor = {
        let cb = props.on_editor.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    html! {
        <section class="records">
            <div class="record-buttons">
                <button class="copy-moves" onclick={copy(transcript.clone(), Notice::Copied)}>{ t.copy_moves }</button>
                <button class="copy-link" onclick={copy(props.share_url.clone(), Notice::LinkCopied)}>{ t.copy_link }</button>
                <button class="edit-position" onclick={open_editor}>{ t.set_up_position }</button>
            </div>
            <p class="transcript" data-testid="transcript">{ transcript }</p>
            <a class="share-link" href={props.share_url.clone()} data-testid="share-link">{ t.copy_link }</a>
            <form class="load-moves" onsubmit={load_moves}>
                <label for="moves-input">{ t.paste_label }</label>
                <textarea id="moves-input" rows="2" value={(*moves_text).clone()} oninput={text_input(moves_text.clone())} />
                <button type="submit">{ t.load_moves }</button>
            </form>
            <form class="load-board" onsubmit={load_board}>
                <label for="board-output">{ t.board_string }</label>
                <input id="board-output" class="board-string" readonly=true value={board} data-testid="board-string" />
                <label for="board-input">{ t.board_label }</label>
                <input id="board-input" type="text" value={(*board_input).clone()} oninput={line_input(board_input.clone())} />
                <button type="submit">{ t.load_board }</button>
            </form>
        </section>
    }
}
