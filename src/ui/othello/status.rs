//! The line under the board: whose turn, the pass prompt, the result, a
//! paused computer, notices, and the box for typing a move.

use yew::prelude::*;

use crate::engine::othello::{Move, Position, Square, Variant};
use crate::i18n::fill;
use crate::i18n::othello::{color_name, notice_text, outcome_text};
use crate::session::othello::state::Notice;
use crate::session::othello::{Action, Turn};

use super::super::app::AppContext;

/// Props: what to show and where actions go.
#[derive(Properties, PartialEq)]
pub struct StatusProps {
    /// The current position.
    pub position: Position,
    /// What happens next.
    pub turn: Turn,
    /// The computer waits for "continue".
    pub paused: bool,
    /// The notice to show.
    pub notice: Option<Notice>,
    /// Receives the actions.
    pub on_action: Callback<Action>,
}

/// Reads a typed move ("d3", "D3", "pass") for the current position.
fn parse_typed(text: &str, position: &Position) -> Option<Move> {
    let text = text.trim().to_lowercase();
    if matches!(text.as_str(), "pass" | "pa" | "ps" | "--") {
        return Some(Move::Pass);
    }
    let bytes = text.as_bytes();
    let n = position.rules().size.side();
    if bytes.len() != 2
        || !(b'a'..b'a' + n).contains(&bytes[0])
        || !(b'1'..b'1' + n).contains(&bytes[1])
    {
        return None;
    }
    Square::new(bytes[0] - b'a', bytes[1] - b'1').map(Move::Place)
}

/// The status line.
#[function_component(Status)]
pub fn status(props: &StatusProps) -> Html {
    let context = use_context::<AppContext>().expect("inside the app");
    let t = context.t();
    let position = props.position;
    let typed = use_state(String::new);
    let typed_error = use_state(|| None::<String>);

    let turn = match props.turn {
        Turn::HumanMove(color) => html! {
            <p class="turn">{ fill(t.your_move, &[("color", &color_name(t, color).to_lowercase())]) }</p>
        },
        Turn::HumanPass(color) => {
            let on_action = props.on_action.clone();
            html! {
                <div class="pass-notice">
                    <p>{ fill(t.must_pass, &[("color", color_name(t, color))]) }</p>
                    <button class="pass primary" onclick={Callback::from(move |_| on_action.emit(Action::Play(Move::Pass)))}>{ t.pass }</button>
                </div>
            }
        }
        Turn::Computer(color) if props.paused => {
            let on_action = props.on_action.clone();
            html! {
                <div class="pass-notice">
                    <p>{ fill(t.computer_paused, &[("color", &color_name(t, color).to_lowercase())]) }</p>
                    <button class="resume primary" onclick={Callback::from(move |_| on_action.emit(Action::Resume))}>{ t.resume }</button>
                </div>
            }
        }
        Turn::Computer(color) => html! {
            <p class="turn thinking">{ fill(t.thinking, &[("color", &color_name(t, color).to_lowercase())]) }</p>
        },
        Turn::Over => {
            let outcome = position.outcome().expect("the game is over");
            html! {
                <p class="result">
                    { format!("{} {}.", t.game_over, outcome_text(t, &outcome)) }
                    if position.rules().variant == Variant::Anti {
                        <span class="note">{ format!(" {}", t.anti_result_note) }</span>
                    }
                </p>
            }
        }
    };

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
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match parse_typed(&typed, &position) {
                Some(mv) => {
                    typed_error.set(None);
                    typed.set(String::new());
                    on_action.emit(Action::Play(mv));
                }
                None => typed_error.set(Some(fill(t.not_a_move, &[("text", typed.trim())]))),
            }
        })
    };

    html! {
        <div class="status">
            { turn }
            if let Some(notice) = &props.notice {
                <p class="notice" role="alert" data-testid="notice">{ notice_text(t, notice) }</p>
            }
            if matches!(props.turn, Turn::HumanMove(_) | Turn::HumanPass(_)) {
            <form class="move-box" onsubmit={on_submit}>
                <label for="move-input">{ t.move_box_label }</label>
                <input id="move-input" type="text" autocomplete="off" spellcheck="false" size="6"
                    placeholder={t.move_box_placeholder} value={(*typed).clone()} oninput={on_input} />
                <button type="submit">{ t.play_move }</button>
                if let Some(error) = &*typed_error {
                    <span class="notice" role="alert">{ error }</span>
                }
            </form>
            }
        </div>
    }
}
