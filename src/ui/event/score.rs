//! A board's result as the organiser or a player enters it: the club
//! manager's fields (Othello's two disc counts, the other games' select),
//! read and checked by the club manager's code.

use yew::prelude::*;

use super::super::club::round::{read_result, result_options};
use super::super::common::field::use_disc_fields;
use super::super::context::use_texts;

/// Props of a result's fields.
#[derive(Properties, PartialEq)]
pub struct ScoreProps {
    /// The round and the board (for the fields' names and the messages).
    pub round: u32,
    /// The board (1 is the top board).
    pub board: usize,
    /// The first and the second player's names.
    pub names: [AttrValue; 2],
    /// Othello's disc counts, or the other games' select.
    pub othello: bool,
    /// The board's squares (the most discs).
    pub squares: u32,
    /// The score shown first (a result already there).
    #[prop_or_default]
    pub shown: Option<[f64; 2]>,
    /// The button's words.
    pub button: AttrValue,
    /// What the button does with a score that reads.
    pub on_score: Callback<[f64; 2]>,
}

/// The fields of a board's result and its button; a score that does not
/// read is said beside them.
#[function_component(ScoreEntry)]
pub fn score_entry(props: &ScoreProps) -> Html {
    let t = use_texts();
    let node = use_node_ref();
    let error = use_state(|| None::<String>);
    let (round, board, othello, squares) = (props.round, props.board, props.othello, props.squares);
    let prefix = format!("{round}-{board}-");
    let send = {
        let (node, error, on_score, prefix) = (
            node.clone(),
            error.clone(),
            props.on_score.clone(),
            prefix.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(root) = node.cast::<web_sys::Element>() else {
                return;
            };
            match read_result(&root, "data-score", &prefix, othello, squares) {
                Ok(score) => {
                    error.set(None);
                    on_score.emit(score);
                }
                Err(e) => error.set(Some(t.club_errors().result(board, othello, &e, squares))),
            }
        })
    };
    // The fields keep what is typed while the page redraws (a live
    // update of another board); a new result from the server replaces it.
    let discs = use_disc_fields(props.shown);
    let invalid = error.is_some().then_some("true");
    let fields = if othello {
        let side = |i: usize, colour: &str| {
            html! {
                <label>{ format!("{} ({colour})", props.names[i]) }
                    <input type="number" min="0" max={squares.to_string()} inputmode="numeric" ref={discs[i].clone()}
                        data-score={format!("{prefix}{i}")} aria-invalid={invalid} />
                </label>
            }
        };
        html! { <>{ side(0, t.othello.black()) }{ side(1, t.othello.white()) }</> }
    } else {
        html! {
            <label>{ format!("{} – {}", props.names[0], props.names[1]) }
                <select data-score={format!("{prefix}0")} aria-invalid={invalid}>{ result_options(props.shown) }</select>
            </label>
        }
    };
    html! {
        <form class="event-score answer-form" ref={node} onsubmit={send} data-testid={format!("event-score-{round}-{board}")}>
            { fields }
            <button type="submit" data-testid="event-score-send">{ props.button.clone() }</button>
            if let Some(message) = &*error {
                <p class="feedback wrong" role="alert">{ message.clone() }</p>
            }
        </form>
    }
}
