//! The Othello board: the shared grid with discs, markers and hint scores.
//! It is one tab stop; the arrow keys move a cursor, Enter or Space picks.

use yew::prelude::*;

use crate::engine::othello::{BoardSize, Square};
use crate::i18n::othello::{score_text, square_label};
use crate::session::othello::view::SquareView;

use super::super::common::grid::{by_cell, Grid, GridCell};
use super::super::context::use_texts;

/// What the board shows and whom it tells.
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The board size.
    pub size: BoardSize,
    /// The squares in reading order (a1, b1, …).
    pub squares: Vec<SquareView>,
    /// Moves the keyboard focus to a square whenever the number changes.
    #[prop_or_default]
    pub focus: Option<(Square, u32)>,
    /// A number that changes with every move (restarts the flip animation).
    pub ply: usize,
    /// Called with a square that is clicked or chosen with the keyboard.
    pub on_pick: Callback<Square>,
    /// Called when the cursor moves.
    #[prop_or_default]
    pub on_cursor: Callback<Square>,
}

/// The square of cell `index` of an `n`×`n` board.
pub fn square_of(index: usize, n: u8) -> Option<Square> {
    let n = usize::from(n);
    Square::new((index % n) as u8, (index / n) as u8)
}

/// The cell of `square` on an `n`×`n` board.
pub fn index_of(square: Square, n: u8) -> usize {
    usize::from(square.row()) * usize::from(n) + usize::from(square.column())
}

/// What one square draws.
fn content(view: &SquareView, ply: usize) -> Html {
    let square = view.square;
    let disc = view.disc.map(|color| {
        let key = if view.flipped {
            format!("{square}-{ply}")
        } else {
            square.to_string()
        };
        html! { <span key={key} class={classes!("disc", color.name(), view.flipped.then_some("flip"))} /> }
    });
    let marker = (view.marked && view.disc.is_none() && view.hint.is_none())
        .then(|| html! { <span class="marker" /> });
    let hint = view.hint.map(|(score, exact, best)| {
        html! { <span class={classes!("hint", best.then_some("best"))}>{ score_text(score, exact) }</span> }
    });
    html! { <>{ for disc }{ for marker }{ for hint }</> }
}

/// The Othello board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let t = use_texts();
    let n = props.size.side();
    let cells: Vec<GridCell> = props
        .squares
        .iter()
        .map(|view| GridCell {
            name: view.square.to_string(),
            class: classes!(
                view.legal.then_some("legal"),
                view.marked.then_some("marked"),
                view.last.then_some("last"),
                view.hint.filter(|h| h.2).map(|_| "best"),
                view.shown.then_some("shown"),
            ),
            label: square_label(t, view),
            content: content(view, props.ply),
        })
        .collect();
    let start = Square::new(n / 2 - 1, n / 2 - 2).map_or(0, |s| index_of(s, n));
    html! {
        <Grid {n} {cells} label={t.othello.board_label_aria()} {start}
            focus={props.focus.map(|(square, request)| (index_of(square, n), request))}
            on_cursor={by_cell(&props.on_cursor, move |i| square_of(i, n))}
            on_pick={by_cell(&props.on_pick, move |i| square_of(i, n))} />
    }
}
