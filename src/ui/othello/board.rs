//! The board: a grid of square buttons with discs and move markers.

use yew::prelude::*;

use crate::engine::othello::{Color, Move, Position, Square};

/// What the board shows and whom it tells about clicks.
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The position shown.
    pub position: Position,
    /// The last move, marked.
    pub last_move: Option<Move>,
    /// Whether clicks play (a person's turn).
    pub interactive: bool,
    /// Called with the square a person plays.
    pub on_play: Callback<Square>,
}

/// The Othello board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let position = props.position;
    let size = position.rules().size;
    let legal = if props.interactive {
        position.legal_squares()
    } else {
        0
    };
    let squares = size.squares_in_order().map(|square| {
        let disc = position.at(square);
        let is_legal = legal & square.bit() != 0;
        let is_last = props.last_move == Some(Move::Place(square));
        let contents = match disc {
            Some(Color::Black) => "black disc",
            Some(Color::White) => "white disc",
            None if is_legal => "empty, legal move",
            None => "empty",
        };
        let label = format!(
            "{square}, {contents}{}",
            if is_last { ", last move" } else { "" }
        );
        let onclick = {
            let on_play = props.on_play.clone();
            Callback::from(move |_| {
                if is_legal {
                    on_play.emit(square)
                }
            })
        };
        let class = classes!(
            "square",
            is_legal.then_some("legal"),
            is_last.then_some("last"),
        );
        html! {
            <button class={class} aria-label={label} {onclick} data-square={square.to_string()}>
                {
                    match disc {
                        Some(color) => html! { <span class={classes!("disc", color.name())} /> },
                        None if is_legal => html! { <span class="marker" /> },
                        None => html! {},
                    }
                }
            </button>
        }
    });
    let style = format!("--n: {}", size.side());
    html! {
        <div class="board" role="grid" aria-label="Othello board" {style}>
            { for squares }
        </div>
    }
}
