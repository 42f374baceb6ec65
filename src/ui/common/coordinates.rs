//! Square coordinates drawn inside the edge squares (row numbers in the
//! first column, letters in the last row), for boards without room for
//! coordinates around them (phones, small diagrams).

use yew::prelude::*;

/// The labels inside the square at `column`, `row` of an `n`×`n` board.
pub fn inner_coordinates(column: u8, row: u8, n: u8) -> Html {
    let row_label = (column == 0).then(
        || html! { <span class="inner-coord row-label" aria-hidden="true">{ row + 1 }</span> },
    );
    let column_label = (row == n - 1).then(|| {
        html! { <span class="inner-coord column-label" aria-hidden="true">{ ((b'a' + column) as char).to_string() }</span> }
    });
    html! { <>{ for row_label }{ for column_label }</> }
}
