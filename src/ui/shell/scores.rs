//! The score line above a board: each side's piece, name and count, the
//! side to move marked.

use yew::prelude::*;

/// One side on the score line.
#[derive(Clone, PartialEq)]
pub struct ScoreItem {
    /// The side's class (its colour or shape: `black`, `circles`).
    pub side: &'static str,
    /// The class of its piece (`disc`, `stack`).
    pub piece: &'static str,
    /// Its name.
    pub name: &'static str,
    /// Its score.
    pub count: u32,
    /// It is this side's turn.
    pub to_move: bool,
}

/// The props of [`Scores`].
#[derive(Properties, PartialEq)]
pub struct ScoresProps {
    /// The sides, in order.
    pub items: Vec<ScoreItem>,
}

/// The score line.
#[function_component(Scores)]
pub fn scores(props: &ScoresProps) -> Html {
    html! {
        <div class="scores">
            { for props.items.iter().map(|item| html! {
                <span class={classes!("score", item.side, item.to_move.then_some("to-move"))}
                    data-testid={format!("{}-count", item.side)}>
                    <span class={classes!(item.piece, item.side, "mini")} />
                    { format!("{} {}", item.name, item.count) }
                </span>
            }) }
        </div>
    }
}
