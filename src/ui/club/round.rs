//! The round paired and not yet entered: one line per board, the first
//! player's name (Black's in Othello) beside their field and the second's
//! beside theirs, so that each field is labelled by the name next to it;
//! on "Save the round" every board is checked (`club::result`) and each
//! board whose result cannot be is marked, with what is wrong with it.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::club::pairing::Pairings;
use crate::club::result::{self, ResultError, CHOICES};
use crate::club::tournament::{check, Entry};
use crate::i18n::Texts;

use super::super::context::use_app;
use super::state::{Club, Shared};

/// The value of the input or select matching `selector` inside `root`.
pub fn field_value(root: &web_sys::Element, selector: &str) -> String {
    root.query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| {
            e.clone()
                .dyn_into::<web_sys::HtmlInputElement>()
                .map(|i| i.value())
                .or_else(|_| {
                    e.dyn_into::<web_sys::HtmlSelectElement>()
                        .map(|s| s.value())
                })
                .ok()
        })
        .unwrap_or_default()
}

/// The options of the select of a result (not Othello), `selected` chosen.
pub fn result_options(selected: Option<[f64; 2]>) -> Html {
    let labels = ["1 : 0", "½ : ½", "0 : 1"];
    html! {
        <>
            <option value="" selected={selected.is_none()}>{ "…" }</option>
            { for CHOICES.iter().zip(labels).map(|((value, score), label)| html! {
                <option value={*value} selected={selected == Some(*score)}>{ label }</option>
            }) }
        </>
    }
}

/// A board's result read from the fields named `{prefix}-0` and
/// `{prefix}-1` of `attribute` inside `root`.
pub fn read_result(
    root: &web_sys::Element,
    attribute: &str,
    prefix: &str,
    othello: bool,
    squares: u32,
) -> Result<[f64; 2], ResultError> {
    let field = |side: usize| field_value(root, &format!("[{attribute}='{prefix}{side}']"));
    if othello {
        result::discs(squares, &field(0), &field(1))
    } else {
        result::choice(&field(0))
    }
}

#[derive(Properties, PartialEq)]
pub struct RoundProps {
    pub club: Club,
    pub tournament: Shared,
    pub pairings: Pairings,
    pub on_slips: Callback<()>,
}

/// The pairings of a round with the fields of their results.
#[function_component(RoundEntry)]
pub fn round_entry(props: &RoundProps) -> Html {
    let t = use_app().t();
    let node = use_node_ref();
    let errors = use_state(Vec::<(usize, ResultError)>::new);
    let othello = props.tournament.is_othello();
    let squares = props.tournament.squares();
    let round = props.pairings.round;
    let save = {
        let (node, errors) = (node.clone(), errors.clone());
        let (current, pairings, club) = (
            props.tournament.clone(),
            props.pairings.clone(),
            props.club.clone(),
        );
        Callback::from(move |_| {
            let Some(root) = node.cast::<web_sys::Element>() else {
                return;
            };
            let mut next = (*current.0).clone();
            let mut refused = Vec::new();
            for (i, pair) in pairings.pairs.iter().enumerate() {
                match read_result(&root, "data-result", &format!("{i}-"), othello, squares) {
                    Ok(score) => next.games.push(Entry::Game {
                        round,
                        black: pair.black.clone(),
                        white: pair.white.clone(),
                        score,
                    }),
                    Err(e) => refused.push((i, e)),
                }
            }
            if let Some((first, _)) = refused.first() {
                super::super::browser::focus_within(&root, &format!("[data-result='{first}-0']"));
                errors.set(refused);
                return;
            }
            next.games
                .extend(pairings.bye.clone().map(|bye| Entry::Bye { round, bye }));
            match check(next) {
                Ok(next) => {
                    club.replace(Some(next));
                    club.pending.set(None);
                }
                Err(e) => club.message.set(t.club_errors().tournament(&e)),
            }
        })
    };
    let games = props.pairings.pairs.iter().enumerate().map(|(i, pair)| {
        let error = errors.iter().find(|(board, _)| *board == i).map(|(_, e)| e);
        let described = format!("club-board-error-{i}");
        let invalid = error.is_some().then_some("true");
        let field = |side: usize| {
            let name = if side == 0 { &pair.black } else { &pair.white };
            if !othello {
                return (html! { <span>{ name.clone() }</span> }, Html::default());
            }
            let id = format!("club-result-{round}-{i}-{side}");
            let label = html! { <label for={id.clone()}>{ format!("{} {name}", ["●", "○"][side]) }</label> };
            let input = html! {
                <input id={id} type="number" min="0" max={squares.to_string()} inputmode="numeric"
                    data-result={format!("{i}-{side}")} aria-invalid={invalid}
                    aria-describedby={error.map(|_| described.clone())} />
            };
            (label, input)
        };
        let ((black_label, black_field), (white_label, white_field)) = (field(0), field(1));
        let middle = if othello {
            html! { <><td>{ black_field }</td><td>{ white_field }</td></> }
        } else {
            html! {
                <td colspan="2">
                    <select aria-label={format!("{} – {}", pair.black, pair.white)} data-result={format!("{i}-0")} aria-invalid={invalid} aria-describedby={error.map(|_| described.clone())}>
                        { result_options(None) }
                    </select>
                </td>
            }
        };
        html! {
            <>
                <tr class={classes!(error.is_some().then_some("invalid"))}>
                    <th scope="row">{ i + 1 }</th>
                    <td class="player-name">{ black_label }</td>
                    { middle }
                    <td class="player-name">{ white_label }</td>
                </tr>
                if let Some(e) = error {
                    <tr class="board-error"><td colspan="5" id={described.clone()} data-testid="club-board-error">{ t.club_errors().result(i + 1, othello, e, squares) }</td></tr>
                }
            </>
        }
    });
    html! {
        <section class="club-round" ref={node} data-testid="club-round">
            <h2>{ t.club().round(round) }</h2>
            <div class="table-scroll"><table class="class-table">
                <thead>{ heads(t, othello) }</thead>
                <tbody>{ for games }</tbody>
            </table></div>
            if let Some(bye) = &props.pairings.bye {
                <p>{ format!("{}: {bye}", t.club().bye()) }</p>
            }
            if !errors.is_empty() {
                <p class="feedback wrong" role="alert">{ t.club().results_refused() }</p>
            }
            <div class="card-actions no-print">
                <button class="primary" onclick={save} data-testid="club-save">{ t.club().save_round() }</button>
                <button onclick={props.on_slips.reform(|_: MouseEvent| ())} data-testid="club-print-slips">{ t.club_play().print_slips() }</button>
            </div>
        </section>
    }
}

/// The round's column headings.
fn heads(t: &'static Texts, othello: bool) -> Html {
    let (first, second) = if othello {
        (t.othello.black(), t.othello.white())
    } else {
        (t.club().first(), t.club().second())
    };
    let middle = if othello {
        html! { <><th scope="col">{ t.club().discs() }</th><th scope="col">{ t.club().discs() }</th></> }
    } else {
        html! { <th scope="col" colspan="2">{ t.club().result() }</th> }
    };
    html! {
        <tr><th scope="col">{ t.club().board() }</th><th scope="col">{ first }</th>{ middle }<th scope="col">{ second }</th></tr>
    }
}
