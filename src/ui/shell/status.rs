//! The line under the board, the same for every game: whose turn, a pass
//! to confirm (or the note that one was played automatically), the
//! computer thinking or waiting to continue, the result, and the notice.

use crate::ui::common::reduced::Reduced;
use yew::prelude::*;

use crate::i18n::session::notice_text;
use crate::session::core::{Action, GameSession, Notice};
use crate::session::turn::Turn;

use super::super::context::use_texts;
use super::PageGame;

/// What the status line shows.
#[derive(Properties, PartialEq)]
pub struct StatusProps<G: PageGame> {
    /// The game.
    pub state: UseReducerHandle<Reduced<GameSession<G>>>,
    /// Changes it.
    pub dispatch: Callback<Action<G>>,
    /// Instead of "your move": guidance for a move being put together.
    #[prop_or_default]
    pub guidance: Option<String>,
    /// The game's own helpers under the line (a box for typing a move).
    #[prop_or_default]
    pub children: Html,
}

/// The status line.
#[function_component(Status)]
pub fn status<G: PageGame>(props: &StatusProps<G>) -> Html {
    let t = use_texts();
    let state = &props.state;
    let send = |action: Action<G>| {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(action.clone()))
    };
    let turn = state.turn();
    let line = match turn {
        Turn::HumanMove(side) => html! {
            <p class="turn">{ props.guidance.clone().unwrap_or_else(|| G::your_move_text(t, side)) }</p>
        },
        Turn::HumanPass(side) => html! {
            <div class="pass-notice">
                <p>{ G::must_pass_text(t, side) }</p>
                if let Some(pass) = G::pass() {
                    <button class="pass primary" onclick={send(Action::Play(pass))}>{ t.common.pass() }</button>
                }
            </div>
        },
        Turn::Computer(side) if state.paused => html! {
            <div class="pass-notice">
                <p>{ t.common.computer_paused(G::side_lower(t, side)) }</p>
                <button class="resume primary" onclick={send(Action::Resume)}>{ t.common.resume() }</button>
            </div>
        },
        Turn::Computer(side) => html! {
            <p class="turn thinking">{ t.common.thinking(G::side_lower(t, side)) }</p>
        },
        Turn::Over => html! {
            <p class="result">
                if let Some(loser) = state.lost_on_time() {
                    { format!("{} ", t.common.on_time(G::side_name(t, loser))) }
                }
                if let Some(outcome) = state.outcome() {
                    { format!("{} {}.", t.common.game_over(), G::outcome_text(t, &outcome)) }
                }
                if let Some(note) = G::result_note(t, &state.settings) {
                    <span class="note">{ format!(" {note}") }</span>
                }
            </p>
        },
    };
    let completing = state
        .completing
        .filter(|_| state.outcome().is_none())
        .map(|(loser, _)| {
            let winner = G::sides()
                .into_iter()
                .find(|&s| s != loser)
                .unwrap_or(loser);
            html! {
                <p class="completing" data-testid="completing">
                    { t.common.completing(G::side_name(t, loser), G::side_name(t, winner)) }
                </p>
            }
        });
    let pass_note = state.pass_note.map(|side| {
        html! {
            <p class="pass-note" data-testid="pass-note">
                { G::auto_passed_text(t, side) }
            </p>
        }
    });
    html! {
        <div class="status">
            { completing.unwrap_or_default() }
            { pass_note.unwrap_or_default() }
            { line }
            if let Some(notice) = &state.notice {
                // A refused move is spoken by its announcement.
                <p class="notice" role={(!matches!(notice, Notice::Illegal(_))).then_some("alert")} data-testid="notice">
                    { notice_text::<G>(t, notice, state.side_to_move()) }
                </p>
            }
            { props.children.clone() }
        </div>
    }
}
