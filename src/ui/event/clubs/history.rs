//! A player's history in the rating list: each round they played (the
//! event, the round, their games, their score, their rating after it),
//! oldest first; a button closes it and gives the focus back to their
//! name.

use yew::prelude::*;

use crate::club::ratings::PlayerRating;
use crate::links::club::{points_text, rating_text};

use super::super::super::context::use_texts;

/// Props: the player; what closes the history.
#[derive(Properties, PartialEq)]
pub struct HistoryProps {
    pub player: PlayerRating,
    pub on_close: Callback<()>,
}

/// The player's rounds.
#[function_component(History)]
pub fn history(props: &HistoryProps) -> Html {
    let c = use_texts().clubs();
    let heading_id = format!("history-heading-{}", props.player.rank);
    let rows = props.player.history.iter().map(|round| {
        let event = round
            .event_name
            .clone()
            .unwrap_or_else(|| c.event_number(round.event));
        html! {
            <tr data-testid="history-row">
                <td>{ event }</td>
                <td>{ round.round }</td>
                <td>{ round.games }</td>
                <td>{ points_text(round.score) }</td>
                <td>{ rating_text(round.rating, round.deviation) }</td>
            </tr>
        }
    });
    let close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <section class="club-history" aria-labelledby={heading_id.clone()} data-testid="ratings-history">
            <h3 id={heading_id}>{ c.history_heading(props.player.name.as_str()) }</h3>
            <p class="hints">{ c.history_hint() }</p>
            <div class="table-scroll">
                <table class="class-table">
                    <thead><tr>
                        <th scope="col">{ c.event() }</th>
                        <th scope="col">{ c.round() }</th>
                        <th scope="col">{ c.games() }</th>
                        <th scope="col">{ c.score() }</th>
                        <th scope="col">{ c.rating_after() }</th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            <button type="button" class="small no-print" onclick={close} data-testid="history-close">{ c.close() }</button>
        </section>
    }
}
