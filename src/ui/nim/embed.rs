//! The take-away games' heaps in an embedded frame (`src/ui/embed`): the
//! page's heaps, nothing else.

use yew::prelude::*;

use crate::session::core::Action;
use crate::session::nim::Nim;
use crate::session::turn::Turn;

use super::super::embed::BoardProps;
use super::heaps::Heaps;

/// The heaps of an embedded take-away frame.
#[function_component(EmbedBoard)]
pub fn embed_board(props: &BoardProps<Nim>) -> Html {
    let state = &props.state;
    let interactive = props.interactive && matches!(state.turn(), Turn::HumanMove(_));
    html! {
        <Heaps position={state.position()} {interactive} highlight={Vec::new()} values={None::<Vec<u64>>}
            on_take={props.dispatch.reform(Action::Play)} />
    }
}
