//! The moves of the game; clicking one goes back (or forward) to the
//! position after it.

use yew::prelude::*;

use crate::engine::othello::Move;
use crate::session::othello::{Action, OthelloState};

use super::super::app::AppContext;

/// Props: the state and where actions go.
#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    /// The page state.
    pub state: UseReducerHandle<OthelloState>,
    /// Receives the actions.
    pub on_action: Callback<Action>,
}

/// The numbered move list.
#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let context = use_context::<AppContext>().expect("inside the app");
    let t = context.t();
    let record = &props.state.record;
    let cursor = record.cursor();
    let go = |ply: usize| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(Action::GoTo(ply)))
    };
    let items = record.line().iter().enumerate().map(|(i, mv)| {
        let ply = i + 1;
        let text = match mv {
            Move::Place(s) => s.to_string(),
            Move::Pass => t.pass.to_lowercase(),
        };
        let mover = record.position_at(i).side_to_move();
        let class = classes!(
            "move",
            mover.name(),
            (ply == cursor).then_some("current"),
            (ply > cursor).then_some("future"),
        );
        html! {
            <li>
                <button {class} onclick={go(ply)} aria-current={(ply == cursor).then_some("step")}>
                    <span class="ply">{ format!("{ply}.") }</span>{ text }
                </button>
            </li>
        }
    });
    html! {
        <nav class="move-list" aria-label={t.moves}>
            <h2>{ t.moves }</h2>
            <button class={classes!("move", "start", (cursor == 0).then_some("current"))} onclick={go(0)}
                aria-current={(cursor == 0).then_some("step")}>{ t.start_position }</button>
            <ol data-testid="moves">{ for items }</ol>
        </nav>
    }
}
