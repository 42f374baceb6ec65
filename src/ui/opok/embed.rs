//! Opok's board in an embedded frame (`src/ui/embed`): the page's board and
//! its way of putting a move together, nothing else.

use yew::prelude::*;

use crate::session::opok::view::{game_squares, Selection};
use crate::session::opok::Opok;
use crate::session::turn::Turn;

use super::super::embed::BoardProps;
use super::board::OpokBoard;
use super::picker::Picker;
use super::selection::use_move_maker;

/// The board of an embedded Opok frame.
#[function_component(EmbedBoard)]
pub fn embed_board(props: &BoardProps<Opok>) -> Html {
    let state = &props.state;
    let selection = use_state(|| None::<Selection>);
    let position = state.position();
    let people_move = props.interactive && matches!(state.turn(), Turn::HumanMove(_));
    let moves = use_move_maker(
        selection.clone(),
        position,
        people_move,
        props.dispatch.clone(),
    );
    let views = game_squares(state, selection.as_ref(), people_move);
    html! {
        <>
            <OpokBoard geometry={position.geometry()} squares={views} ply={state.record.cursor()} on_square={moves.on_square} />
            if let Some(sel) = &*selection {
                <Picker k={sel.k} max={sel.max()} reachable={sel.landings.iter().map(|&l| l != 0).collect::<Vec<_>>()}
                    on_change={moves.set_k} on_cancel={moves.cancel} />
            }
        </>
    }
}
