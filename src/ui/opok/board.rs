//! The Opok board: the shared grid with stacks drawn as stacks (owner's
//! shape and colour, height written on them), the selected stack, landing
//! squares, the last landing and captured stacks leaving.

use yew::prelude::*;

use crate::engine::opok::{Geometry, Square, Stack};
use crate::i18n::opok::square_label;
use crate::session::opok::view::SquareView;

use super::super::common::grid::{by_cell, Grid, GridCell};
use super::super::context::use_texts;

/// What the board shows and whom it tells.
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The board's shape.
    pub geometry: Geometry,
    /// What each square shows, in reading order.
    pub squares: Vec<SquareView>,
    /// Changes with every move (restarts the animations).
    pub ply: usize,
    /// Called with a clicked (or chosen) square.
    pub on_square: Callback<Square>,
}

/// A stack drawn as a pile of its owner's pieces with its height on top.
pub fn stack_view(stack: Stack, extra: Option<&'static str>) -> Html {
    let class = classes!("stack", stack.owner.name(), extra);
    let style = format!("--layers: {}", stack.height.min(6));
    html! { <span {class} {style}><span class="height">{ stack.height }</span></span> }
}

/// What one square draws.
fn content(view: &SquareView, ply: usize) -> Html {
    let ghost = view.captured.map(|stack| {
        html! { <span key={format!("gone-{ply}")} class="ghost">{ stack_view(stack, Some("leaving")) }</span> }
    });
    html! {
        <>
            { for view.stack.map(|s| stack_view(s, None)) }
            { for ghost }
            if view.landing { <span class="marker landing-mark" /> }
        </>
    }
}

/// The board.
#[function_component(OpokBoard)]
pub fn opok_board(props: &BoardProps) -> Html {
    let t = use_texts();
    let g = props.geometry;
    let cells: Vec<GridCell> = props
        .squares
        .iter()
        .map(|view| {
            let (c, r) = g.coordinates(view.square);
            GridCell {
                name: g.name(view.square),
                class: classes!(
                    view.movable.then_some("movable"),
                    view.selected.then_some("selected"),
                    view.landing.then_some("landing"),
                    view.last.then_some("last"),
                    view.shown.then_some("shown"),
                    ((c + r) % 2 == 1).then_some("dark"),
                ),
                label: square_label(t, g, view),
                content: content(view, props.ply),
            }
        })
        .collect();
    html! {
        <Grid n={g.size()} {cells} label={t.opok.board_label()} class="opok"
            on_pick={by_cell(&props.on_square, move |i| u8::try_from(i).ok().map(Square))} />
    }
}
