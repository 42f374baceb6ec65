//! The moves of the game; clicking one goes back (or forward) to the
//! position after it.

use yew::prelude::*;

use crate::engine::othello::Move;
use crate::session::othello::{Action, Record};

use super::super::app::AppContext;

/// Props: the record and where actions go.
#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    /// The game record.
    pub record: Record,
    /// Receives the actions.
    pub on_action: Callback<Action>,
}

/// The numbered move list.
#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let context = use_context::<AppContext>().expect("inside the app");
    let t = context.t();
    let record = &props.record;
    let cursor = record.cursor();
    // One listener for the list; the ply comes from the clicked button.
    let onclick = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: MouseEvent| {
            let ply = e
                .target_dyn_into::<web_sys::Element>()
                .and_then(|t| t.closest("[data-ply]").ok().flatten())
                .and_then(|b| b.get_attribute("data-ply"))
                .and_then(|p| p.parse().ok());
            if let Some(ply) = ply {
                on_action.emit(Action::GoTo(ply));
            }
        })
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
                <button {class} data-ply={ply.to_string()} aria-current={(ply == cursor).then_some("step")}>
                    <span class="ply">{ format!("{ply}.") }</span>{ text }
                </button>
            </li>
        }
    });
    html! {
        <nav class="move-list" aria-label={t.moves} {onclick}>
            <h2>{ t.moves }</h2>
            <button class={classes!("move", "start", (cursor == 0).then_some("current"))} data-ply="0"
                aria-current={(cursor == 0).then_some("step")}>{ t.start_position }</button>
            <ol data-testid="moves">{ for items }</ol>
        </nav>
    }
}
