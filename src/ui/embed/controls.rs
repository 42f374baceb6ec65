//! What a frame shows under its board (`controls`): nothing, the step
//! buttons of a viewer, or in `play` the game's status line and a "new
//! game" button.

use crate::ui::common::reduced::Reduced;
use yew::prelude::*;

use crate::embed::params::{Controls, EmbedParams, Mode};
use crate::frame::restart;
use crate::session::core::{Action, GameSession};

use super::super::context::use_texts;
use super::super::shell::status::Status;
use super::EmbedBoard;

/// Props: the game, how to change it, and the frame's parameters.
#[derive(Properties)]
pub(super) struct ControlsProps<G: EmbedBoard> {
    /// The game.
    pub state: UseReducerHandle<Reduced<GameSession<G>>>,
    /// Changes it.
    pub dispatch: Callback<Action<G>>,
    /// The frame's parameters (the mode and the controls asked for).
    pub params: EmbedParams,
}

impl<G: EmbedBoard> PartialEq for ControlsProps<G> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state && self.params == other.params
    }
}

/// The controls under a frame's board.
#[function_component(FrameControls)]
pub(super) fn frame_controls<G: EmbedBoard>(props: &ControlsProps<G>) -> Html {
    let params = &props.params;
    if params.controls == Controls::None || !params.has_own_position() {
        return Html::default();
    }
    if params.mode != Mode::Play {
        return html! { <StepButtons<G> state={props.state.clone()} dispatch={props.dispatch.clone()} /> };
    }
    let full = params.controls == Controls::Full;
    html! {
        <>
            <Status<G> state={props.state.clone()} dispatch={props.dispatch.clone()} />
            if full {
                <NewGame<G> dispatch={props.dispatch.clone()} params={params.clone()} />
            }
        </>
    }
}

/// Props: the game and how to change it.
#[derive(Properties)]
struct StepProps<G: EmbedBoard> {
    state: UseReducerHandle<Reduced<GameSession<G>>>,
    dispatch: Callback<Action<G>>,
}

impl<G: EmbedBoard> PartialEq for StepProps<G> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}

/// The step buttons of a viewer: the first, previous, next and last
/// position, and where the game shown stands.
#[function_component(StepButtons)]
fn step_buttons<G: EmbedBoard>(props: &StepProps<G>) -> Html {
    let e = use_texts().embed();
    let record = &props.state.record;
    let (cursor, len) = (record.cursor(), record.line().len());
    let go = |ply: usize| {
        props
            .dispatch
            .reform(move |_: MouseEvent| Action::GoTo(ply))
    };
    html! {
        <div class="embed-nav" role="group" aria-label={e.nav_label()}>
            <button data-testid="embed-first" aria-label={e.nav_first()} disabled={cursor == 0} onclick={go(0)}>{ "«" }</button>
            <button data-testid="embed-prev" aria-label={e.nav_previous()} disabled={cursor == 0} onclick={go(cursor.saturating_sub(1))}>{ "‹" }</button>
            <span class="embed-ply" data-testid="embed-ply">{ format!("{cursor} / {len}") }</span>
            <button data-testid="embed-next" aria-label={e.nav_next()} disabled={cursor >= len} onclick={go((cursor + 1).min(len))}>{ "›" }</button>
            <button data-testid="embed-last" aria-label={e.nav_last()} disabled={cursor >= len} onclick={go(len)}>{ "»" }</button>
        </div>
    }
}

/// Props: how to change the game, and the frame's parameters.
#[derive(Properties)]
struct NewGameProps<G: EmbedBoard> {
    dispatch: Callback<Action<G>>,
    params: EmbedParams,
}

impl<G: EmbedBoard> PartialEq for NewGameProps<G> {
    fn eq(&self, other: &Self) -> bool {
        self.params == other.params
    }
}

/// "New game": the frame's start again, without its moves.
#[function_component(NewGame)]
fn new_game<G: EmbedBoard>(props: &NewGameProps<G>) -> Html {
    let t = use_texts();
    let onclick = {
        let (dispatch, params) = (props.dispatch.clone(), props.params.clone());
        Callback::from(move |_: MouseEvent| {
            let fresh = EmbedParams {
                moves: String::new(),
                ply: None,
                ..params.clone()
            };
            for action in restart::<G>(&fresh).unwrap_or_default() {
                dispatch.emit(action);
            }
        })
    };
    html! {
        <div class="embed-nav">
            <button data-testid="embed-new-game" {onclick}>{ t.common.new_game() }</button>
        </div>
    }
}
