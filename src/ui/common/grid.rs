//! A square board as an ARIA grid of buttons, written once for every
//! board of the app (games, the position editor, the rules exercises).
//!
//! The grid is one tab stop: the cursor's button has `tabindex="0"` and the
//! arrow keys, Home and End move it; Enter or Space on a button clicks it.
//! One listener serves the whole board (the button's `data-index` says
//! which cell was picked). Coordinates are drawn around the board and
//! inside its edge squares (for phones).

use yew::prelude::*;

use super::coordinates::inner_coordinates;

/// One cell of the grid.
#[derive(Clone, PartialEq)]
pub struct GridCell {
    /// The square's name (`d3`), kept as `data-square` for tests.
    pub name: String,
    /// The button's classes (besides `square`).
    pub class: Classes,
    /// What a screen reader says.
    pub label: String,
    /// What is drawn on the square.
    pub content: Html,
}

/// Props: the cells in reading order and what a pick does.
#[derive(Properties, PartialEq)]
pub struct GridProps {
    /// Cells per row (and rows).
    pub n: u8,
    /// The `n`×`n` cells, a1 first (top row first, as displayed).
    pub cells: Vec<GridCell>,
    /// What the grid is called.
    pub label: &'static str,
    /// Classes for the frame (a game's look).
    #[prop_or_default]
    pub class: Classes,
    /// Where the cursor starts.
    #[prop_or_default]
    pub start: usize,
    /// Moves the cursor to a cell and focuses it whenever the number
    /// changes (the page's own "go to" keys).
    #[prop_or_default]
    pub focus: Option<(usize, u32)>,
    /// Told where the cursor is after it moves.
    #[prop_or_default]
    pub on_cursor: Callback<usize>,
    /// Told of a clicked cell (or Enter or Space on it).
    pub on_pick: Callback<usize>,
}

/// A callback of cells made from one of squares: `square` names the
/// square of a cell (cells that are none are not passed on).
pub fn by_cell<T: 'static>(
    callback: &Callback<T>,
    square: impl Fn(usize) -> Option<T> + 'static,
) -> Callback<usize> {
    let callback = callback.clone();
    Callback::from(move |index| {
        if let Some(value) = square(index) {
            callback.emit(value);
        }
    })
}

/// The cell an arrow key (or Home, End) moves to from `at`, on the board.
fn step(at: usize, key: &str, n: usize) -> Option<usize> {
    let (c, r) = (at % n, at / n);
    let (c, r) = match key {
        "ArrowLeft" => (c.checked_sub(1)?, r),
        "ArrowRight" => (c + 1, r),
        "ArrowUp" => (c, r.checked_sub(1)?),
        "ArrowDown" => (c, r + 1),
        "Home" => (0, r),
        "End" => (n - 1, r),
        _ => return None,
    };
    (c < n && r < n).then_some(r * n + c)
}

/// Moves the keyboard focus to cell `index` of `grid`.
fn focus_cell(grid: &NodeRef, index: usize) {
    let button = grid
        .cast::<web_sys::Element>()
        .and_then(|g| {
            g.query_selector(&format!("[data-index='{index}']"))
                .ok()
                .flatten()
        })
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
    if let Some(button) = button {
        let _ = button.focus();
    }
}

/// The cell whose button (or something inside it) an event came from.
fn cell_of(e: &MouseEvent) -> Option<usize> {
    let target: web_sys::Element = e.target_dyn_into()?;
    target
        .closest("[data-index]")
        .ok()??
        .get_attribute("data-index")?
        .parse()
        .ok()
}

/// The grid.
#[function_component(Grid)]
pub fn grid(props: &GridProps) -> Html {
    let n = usize::from(props.n);
    let cursor = use_state(|| props.start);
    let at = (*cursor).min(n * n - 1);
    let grid = use_node_ref();
    {
        let (grid, cursor) = (grid.clone(), cursor.clone());
        use_effect_with(props.focus, move |focus| {
            if let Some((index, _)) = *focus {
                cursor.set(index);
                focus_cell(&grid, index);
            }
        });
    }
    let moved = {
        let (cursor, on_cursor) = (cursor.clone(), props.on_cursor.clone());
        move |index: usize| {
            cursor.set(index);
            on_cursor.emit(index);
        }
    };
    let onkeydown = {
        let (grid, moved) = (grid.clone(), moved.clone());
        // Only the arrows (and Home, End) are the board's own keys; other
        // shortcuts are the page's.
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            if let Some(next) = step(at, &e.key(), n) {
                e.prevent_default();
                moved(next);
                focus_cell(&grid, next);
            }
        })
    };
    let onclick = {
        let on_pick = props.on_pick.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(index) = cell_of(&e).filter(|&i| i < n * n) {
                moved(index);
                on_pick.emit(index);
            }
        })
    };
    let rows = props.cells.chunks(n).enumerate().map(|(r, row)| {
        let cells = row.iter().enumerate().map(|(c, cell)| {
            let index = r * n + c;
            let tabindex = if index == at { "0" } else { "-1" };
            html! {
                <div role="gridcell" class="cell">
                    <button class={classes!("square", cell.class.clone())} aria-label={cell.label.clone()}
                        {tabindex} data-index={index.to_string()} data-square={cell.name.clone()}>
                        { cell.content.clone() }
                        { inner_coordinates(c as u8, r as u8, props.n) }
                    </button>
                </div>
            }
        });
        html! { <div role="row" class="board-row">{ for cells }</div> }
    });
    let columns = (0..props.n).map(|c| html! { <span>{ ((b'a' + c) as char).to_string() }</span> });
    let row_labels = (1..=props.n).map(|r| html! { <span>{ r }</span> });
    html! {
        <div class={classes!("board-frame", props.class.clone())} style={format!("--n: {n}")}>
            <div class="coords columns" aria-hidden="true">{ for columns }</div>
            <div class="coords rows" aria-hidden="true">{ for row_labels }</div>
            <div class="board" role="grid" aria-label={props.label} ref={grid} {onkeydown} {onclick}>
                { for rows }
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::step;

    #[test]
    fn arrows_stay_on_the_board() {
        assert_eq!(step(0, "ArrowLeft", 8), None);
        assert_eq!(step(0, "ArrowRight", 8), Some(1));
        assert_eq!(step(7, "ArrowRight", 8), None);
        assert_eq!(step(63, "ArrowDown", 8), None);
        assert_eq!(step(9, "ArrowUp", 8), Some(1));
        assert_eq!(step(10, "Home", 8), Some(8));
        assert_eq!(step(10, "End", 8), Some(15));
        assert_eq!(step(10, "x", 8), None);
    }
}
