//! The board: a grid of square buttons with discs, markers and hint scores.
//! It is one tab stop; the arrow keys move a cursor, Enter or Space plays.

use yew::prelude::*;

use crate::engine::othello::{BoardSize, Square};
use crate::i18n::othello::{score_text, square_label};
use crate::session::othello::view::SquareView;

use super::super::context::use_texts;

/// What the board shows and whom it tells.
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The board size.
    pub size: BoardSize,
    /// The squares in reading order (a1, b1, …).
    pub squares: Vec<SquareView>,
    /// Where the keyboard cursor is.
    pub cursor: Square,
    /// Incremented to move keyboard focus to the cursor.
    pub focus_request: u32,
    /// A number that changes with every move (restarts the flip animation).
    pub ply: usize,
    /// Called with a legal square that is clicked or chosen with the keyboard.
    pub on_play: Callback<Square>,
    /// Called when the cursor moves.
    pub on_cursor: Callback<Square>,
}

/// The cursor moved by an arrow key, staying on the board.
fn step(cursor: Square, key: &str, n: u8) -> Option<Square> {
    let (c, r) = (cursor.column(), cursor.row());
    let (c, r) = match key {
        "ArrowLeft" => (c.checked_sub(1)?, r),
        "ArrowRight" => (c + 1, r),
        "ArrowUp" => (c, r.checked_sub(1)?),
        "ArrowDown" => (c, r + 1),
        "Home" => (0, r),
        "End" => (n - 1, r),
        _ => return None,
    };
    (c < n && r < n).then(|| Square::new(c, r)).flatten()
}

/// Coordinates inside the edge squares of an Othello board.
pub fn inner_coordinates(square: Square, n: u8) -> Html {
    super::super::common::coordinates::inner_coordinates(square.column(), square.row(), n)
}

/// The square whose button (or something inside it) was clicked.
pub fn clicked_square(e: &MouseEvent, n: u8) -> Option<Square> {
    let target: web_sys::Element = e.target_dyn_into()?;
    let name = target
        .closest("[data-square]")
        .ok()??
        .get_attribute("data-square")?;
    let b = name.as_bytes();
    (b.len() == 2 && b[0] >= b'a' && b[1] >= b'1')
        .then(|| Square::new(b[0] - b'a', b[1] - b'1'))
        .flatten()
        .filter(|s| s.column() < n && s.row() < n)
}

/// Moves keyboard focus to `square`'s button inside `grid`.
fn focus_square(grid: &NodeRef, square: Square) {
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

/// The Othello board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let t = use_texts();
    let n = props.size.side();
    let grid = use_node_ref();

    // Move keyboard focus to the cursor when asked.
    {
        let grid = grid.clone();
        let cursor = props.cursor;
        use_effect_with(props.focus_request, move |request| {
            if *request > 0 {
                focus_square(&grid, cursor);
            }
        });
    }

    let onkeydown = {
        let cursor = props.cursor;
        let on_cursor = props.on_cursor.clone();
        let grid = grid.clone();
        // Only the arrows (and Home/End) are the board's own keys; other
        // shortcuts are handled page-wide.
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            if let Some(next) = step(cursor, &e.key(), n) {
                e.prevent_default();
                on_cursor.emit(next);
                focus_square(&grid, next);
            }
        })
    };

    // One listener for the whole board (not one per square): the clicked
    // square is read from the button's data attribute.
    let onclick = {
        let on_play = props.on_play.clone();
        let on_cursor = props.on_cursor.clone();
        let legal: Vec<bool> = props.squares.iter().map(|v| v.legal).collect();
        Callback::from(move |e: MouseEvent| {
            let Some(square) = clicked_square(&e, n) else {
                return;
            };
            on_cursor.emit(square);
            if legal[usize::from(square.row()) * usize::from(n) + usize::from(square.column())] {
                on_play.emit(square);
            }
        })
    };
    let rows = (0..n).map(|r| {
        let cells = (0..n).map(|c| {
            let square = Square::new(c, r).expect("on the board");
            let view = props.squares[usize::from(r) * usize::from(n) + usize::from(c)];
            let label = square_label(t, &view);
            let class = classes!(
                "square",
                view.legal.then_some("legal"),
                view.marked.then_some("marked"),
                view.last.then_some("last"),
                view.hint.filter(|h| h.2).map(|_| "best"),
            );
            let tabindex = if square == props.cursor { "0" } else { "-1" };
            let disc = view.disc.map(|color| {
                let key = if view.flipped { format!("{square}-{}", props.ply) } else { square.to_string() };
                html! { <span key={key} class={classes!("disc", color.name(), view.flipped.then_some("flip"))} /> }
            });
            let marker = (view.marked && view.disc.is_none() && view.hint.is_none()).then(|| html! { <span class="marker" /> });
            let hint = view.hint.map(|(score, exact, best)| {
                html! { <span class={classes!("hint", best.then_some("best"))}>{ score_text(score, exact) }</span> }
            });
            html! {
                <div role="gridcell" class="cell">
                    <button {class} aria-label={label} {tabindex} data-square={square.to_string()}>
                        { for disc }{ for marker }{ for hint }{ inner_coordinates(square, n) }
                    </button>
                </div>
            }
        });
        html! { <div role="row" class="board-row">{ for cells }</div> }
    });
    let columns = (0..n).map(|c| html! { <span>{ ((b'a' + c) as char).to_string() }</span> });
    let row_labels = (0..n).map(|r| html! { <span>{ r + 1 }</span> });
    let style = format!("--n: {n}");
    html! {
        <div class="board-frame" {style}>
            <div class="coords columns" aria-hidden="true">{ for columns }</div>
            <div class="coords rows" aria-hidden="true">{ for row_labels }</div>
            <div class="board" role="grid" aria-label={t.othello.board_label_aria} ref={grid} {onkeydown} {onclick}>
                { for rows }
            </div>
        </div>
    }
}
