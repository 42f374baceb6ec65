//! The line under the Opok board: whose turn, the pass prompt, the result,
//! a paused computer, notices.

use yew::prelude::*;

use crate::engine::opok::{Move, Position};
use crate::i18n::fill;
use crate::i18n::opok::{notice_text, outcome_text, side_name};
use crate::session::opok::{Action, Notice, Turn};

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
    /// A hint about the selection in progress.
    pub guidance: Option<String>,
    /// Receives the actions.
    pub on_action: Callback<Action>,
}

/// The status line.
#[function_component(Status)]
pub fn status(props: &StatusProps) -> Html {
    let context = use_context::<AppContext>().expect("inside the app");
    let t = context.t();
    let send = |action: Action| {
        let cb = props.on_action.clone();
        Callback::from(move |_: MouseEvent| cb.emit(action.clone()))
    };
    let lower = |side| side_name(t, side).to_lowercase();
    let turn = match props.turn {
        Turn::HumanMove(side) => html! {
            <p class="turn">{ props.guidance.clone().unwrap_or_else(|| fill(t.opok_your_move, &[("side", &lower(side))])) }</p>
        },
        Turn::HumanPass(side) => html! {
            <div class="pass-notice">
                <p>{ fill(t.opok_must_pass, &[("side", side_name(t, side))]) }</p>
                <button class="pass primary" onclick={send(Action::Play(Move::Pass))}>{ t.pass }</button>
            </div>
        },
        Turn::Computer(side) if props.paused => html! {
            <div class="pass-notice">
                <p>{ fill(t.computer_paused, &[("color", &lower(side))]) }</p>
                <button class="resume primary" onclick={send(Action::Resume)}>{ t.resume }</button>
            </div>
        },
        Turn::Computer(side) => html! {
            <p class="turn thinking">{ fill(t.thinking, &[("color", &lower(side))]) }</p>
        },
        Turn::Over => {
            let outcome = props.position.outcome().expect("the game is over");
            html! { <p class="result">{ format!("{} {}.", t.game_over, outcome_text(t, &outcome)) }</p> }
        }
    };
    html! {
        <div class="status">
            { turn }
            if let Some(notice) = &props.notice {
                <p class="notice" role="alert" data-testid="notice">
                    { notice_text(t, notice, props.position.side_to_move()) }
                </p>
            }
        </div>
    }
}
