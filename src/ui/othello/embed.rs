//! Othello's board in an embedded frame (`src/ui/embed`): the page's board
//! component, nothing else.

use yew::prelude::*;

use crate::engine::othello::{Move, Square};
use crate::session::core::Action;
use crate::session::othello::view::squares;
use crate::session::othello::Othello;

use super::super::embed::BoardProps;
use super::board::Board;

/// The board of an embedded Othello frame.
#[function_component(EmbedBoard)]
pub fn embed_board(props: &BoardProps<Othello>) -> Html {
    let state = &props.state;
    let on_pick = props
        .dispatch
        .reform(|square: Square| Action::Play(Move::Place(square)));
    html! {
        <Board size={state.position().rules().size} squares={squares(state)}
            ply={state.record.cursor()} {on_pick} />
    }
}
