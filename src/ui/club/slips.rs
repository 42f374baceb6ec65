//! The result slips of a round: one per board, with the tournament, the
//! round, the board, the two players and their colours, and blank fields
//! for the discs (or the result) and the signatures. Printed alone (the
//! print stylesheet hides the rest of the page while they are shown),
//! several to a page.

use yew::prelude::*;

use crate::club::pairing::Pairings;
use crate::club::tournament::Tournament;
use crate::i18n::Texts;

use super::heading::{game_name, title};

/// The result slips of the round paired, with the buttons that print
/// and close them.
pub fn slips(
    t: &'static Texts,
    tournament: &Tournament,
    pairings: &Pairings,
    on_print: &Callback<()>,
    on_close: &Callback<()>,
) -> Html {
    let othello = tournament.is_othello();
    let round = pairings.round;
    let event = format!("{} · {}", title(t, tournament), game_name(t, tournament));
    let side = |mark: &str, colour: &str, name: &str| {
        html! {
            <tr>
                <th scope="row">{ format!("{mark}{colour}") }</th>
                <td class="slip-name">{ name.to_string() }</td>
                <td class="slip-blank">{ if othello { "" } else { "1      ½      0" } }</td>
                <td class="slip-blank"></td>
            </tr>
        }
    };
    let (first, second) = if othello {
        (("● ", t.othello.black()), ("○ ", t.othello.white()))
    } else {
        (("", t.club().first()), ("", t.club().second()))
    };
    let slips = pairings.pairs.iter().enumerate().map(|(i, pair)| {
        html! {
            <article class="slip" data-testid="club-slip">
                <p class="slip-head"><strong>{ t.club_play().slip_title(round, i + 1) }</strong><span>{ event.clone() }</span></p>
                <table class="slip-table">
                    <colgroup><col class="slip-side" /><col /><col class="slip-result" /><col class="slip-sign" /></colgroup>
                    <thead><tr>
                        <th scope="col"></th>
                        <th scope="col">{ t.club().name() }</th>
                        <th scope="col">{ if othello { t.club().discs() } else { t.club_play().circle_result() } }</th>
                        <th scope="col">{ t.club_play().signature() }</th>
                    </tr></thead>
                    <tbody>
                        { side(first.0, first.1, &pair.black) }
                        { side(second.0, second.1, &pair.white) }
                    </tbody>
                </table>
            </article>
        }
    });
    html! {
        <section class="club-slips" data-testid="club-slips" aria-labelledby="club-slips-heading">
            <div class="no-print">
                <h2 id="club-slips-heading">{ t.club_play().slips_heading(round) }</h2>
                <p>{ t.club_play().slips_note() }</p>
                if let Some(bye) = &pairings.bye {
                    <p>{ format!("{}: {bye}", t.club().bye()) }</p>
                }
                <div class="card-actions">
                    <button class="primary" onclick={on_print.reform(|_: MouseEvent| ())}>{ t.club().print() }</button>
                    <button onclick={on_close.reform(|_: MouseEvent| ())} data-testid="club-slips-close">{ t.club_play().close_slips() }</button>
                </div>
            </div>
            <div class="slips">{ for slips }</div>
        </section>
    }
}
