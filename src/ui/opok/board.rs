//! The Opok board: stacks drawn as stacks (owner's shape and colour, height
//! written on them), the selected stack, landing squares, the last landing
//! and captured stacks leaving. One tab stop; arrows move the cursor.

use yew::prelude::*;

use crate::engine::opok::{Geometry, Side, Square, Stack};
use crate::i18n::opok::square_label;
use crate::session::opok::view::SquareView;

use super::super::common::coordinates::inner_coordinates;
use super::super::context::use_texts;

/// What the board shows and whom it tells.
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The board's shape.
    pub geometry: Geometry,
    /// What each square shows, in reading order.
    pub squares: Vec<SquareView>,
    /// The keyboard cursor.
    pub cursor: Square,
    /// Incremented to move keyboard focus to the cursor.
    pub focus_request: u32,
    /// Changes with every move (restarts the animations).
    pub ply: usize,
    /// Called with a clicked (or chosen) square.
    pub on_square: Callback<Square>,
    /// Called when the cursor moves.
    pub on_cursor: Callback<Square>,
}

fn focus_square(grid: &NodeRef, square: &str) {
    let button = grid
        .cast::<web_sys::Element>()
        .and_then(|g| {
            g.query_selector(&format!("[data-square='{square}']"))
                .ok()
                .flatten()
        })
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
    if let Some(button) = button {
        let _ = button.focus();
    }
}

fn stack_view(stack: Stack, extra: Option<&'static str>) -> Html {
    let class = classes!(
        "stack",
        match stack.owner {
            Side::Circles => "circles",
            Side::Squares => "squares",
        },
        extra
    );
    let style = format!("--layers: {}", stack.height.min(6));
    html! { <span {class} {style}><span class="height">{ stack.height }</span></span> }
}

/// The board.
#[function_component(OpokBoard)]
pub fn opok_board(props: &BoardProps) -> Html {
    let t = use_texts();
    let g = props.geometry;
    let n = g.size();
    let grid = use_node_ref();
    {
        let grid = grid.clone();
        let name = g.name(props.cursor);
        use_effect_with(props.focus_request, move |request| {
            if *request > 0 {
                focus_square(&grid, &name);
            }
        });
    }
    let onkeydown = {
        let cursor = props.cursor;
        let on_cursor = props.on_cursor.clone();
        let grid = grid.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let (c, r) = g.coordinates(cursor);
            let next = match e.key().as_str() {
                "ArrowLeft" => c.checked_sub(1).and_then(|c| g.square(c, r)),
                "ArrowRight" => g.square(c + 1, r),
                "ArrowUp" => r.checked_sub(1).and_then(|r| g.square(c, r)),
                "ArrowDown" => g.square(c, r + 1),
                "Home" => g.square(0, r),
                "End" => g.square(n - 1, r),
                _ => return,
            };
            e.prevent_default();
            if let Some(next) = next {
                on_cursor.emit(next);
                focus_square(&grid, &g.name(next));
            }
        })
    };
    let onclick = {
        let on_square = props.on_square.clone();
        let on_cursor = props.on_cursor.clone();
        Callback::from(move |e: MouseEvent| {
            let square = e
                .target_dyn_into::<web_sys::Element>()
                .and_then(|t| t.closest("[data-square]").ok().flatten())
                .and_then(|b| b.get_attribute("data-square"))
                .and_then(|name| g.parse_square(&name));
            if let Some(square) = square {
                on_cursor.emit(square);
                on_square.emit(square);
            }
        })
    };
    let rows = (0..n).map(|r| {
        let cells = (0..n).map(|c| {
            let square = g.square(c, r).expect("on the board");
            let facts = props.squares[square.index()];
            let (stack, captured) = (facts.stack, facts.captured);
            let label = square_label(t, g, &facts);
            let class = classes!(
                "square",
                facts.movable.then_some("movable"),
                facts.selected.then_some("selected"),
                facts.landing.then_some("landing"),
                facts.last.then_some("last"),
                ((c + r) % 2 == 1).then_some("dark"),
            );
            let tabindex = if square == props.cursor { "0" } else { "-1" };
            let ghost = captured.map(|st| {
                html! { <span key={format!("gone-{}", props.ply)} class="ghost">{ stack_view(st, Some("leaving")) }</span> }
            });
            html! {
                <div role="gridcell" class="cell">
                    <button {class} aria-label={label} {tabindex} data-square={g.name(square)}>
                        { for stack.map(|s| stack_view(s, None)) }
                        { for ghost }
                        if facts.landing { <span class="marker landing-mark" /> }
                        { inner_coordinates(c, r, n) }
                    </button>
                </div>
            }
        });
        html! { <div role="row" class="board-row">{ for cells }</div> }
    });
    let columns = (0..n).map(|c| html! { <span>{ ((b'a' + c) as char).to_string() }</span> });
    let row_labels = (0..n).map(|r| html! { <span>{ r + 1 }</span> });
    html! {
        <div class="board-frame opok" style={format!("--n: {n}")}>
            <div class="coords columns" aria-hidden="true">{ for columns }</div>
            <div class="coords rows" aria-hidden="true">{ for row_labels }</div>
            <div class="board" role="grid" aria-label={t.opok.board_label} ref={grid} {onkeydown} {onclick}>
                { for rows }
            </div>
        </div>
    }
}
