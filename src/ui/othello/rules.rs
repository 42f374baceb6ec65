//! The Othello rules page, with the worked example from the club's rules as
//! an exercise: find all 9 legal moves for White.

use yew::prelude::*;

use crate::engine::othello::{Color, Position, Setup, Square, Variant};
use crate::i18n::othello::color_lower;

use super::super::common::grid::{by_cell, Grid, GridCell};
use super::super::context::{use_app, use_texts};
use super::board::square_of;

fn squares(names: &[&str]) -> u64 {
    names
        .iter()
        .map(|n| {
            let b = n.as_bytes();
            Square::new(b[0] - b'a', b[1] - b'1').map_or(0, Square::bit)
        })
        .fold(0, |a, b| a | b)
}

/// The exercise position (source 001): White to move with 9 legal moves.
pub fn exercise_position() -> Position {
    let setup = Setup {
        size: Default::default(),
        black: squares(&["c4", "c5", "d4", "e3", "e4", "f5"]),
        white: squares(&["d3", "d5", "d6", "e5", "f6"]),
        side_to_move: Color::White,
    };
    Position::from_setup(setup, Variant::Standard).expect("the club's example is a legal position")
}

/// The exercise board.
#[function_component(Exercise)]
fn exercise() -> Html {
    let context = use_app();
    let t = context.t();
    let position = exercise_position();
    let found = use_state(|| 0u64);
    let message = use_state(String::new);
    let legal = position.legal_squares();

    let on_square = {
        let found = found.clone();
        let message = message.clone();
        let announce = context.announce.clone();
        Callback::from(move |square: Square| {
            let text = if legal & square.bit() == 0 {
                t.othello.exercise_wrong(square.to_string())
            } else if *found & square.bit() != 0 {
                t.othello.exercise_again(square.to_string())
            } else {
                let flips: Vec<String> = Square::iter(position.flips(square))
                    .map(|s| s.to_string())
                    .collect();
                let now = *found | square.bit();
                found.set(now);
                let mut text = t
                    .othello
                    .exercise_right(square.to_string(), flips.join(" "));
                if now == legal {
                    text = format!("{text} {}", t.othello.exercise_done());
                }
                text
            };
            announce.emit(text.clone());
            message.set(text);
        })
    };
    let cells: Vec<GridCell> = (0..64)
        .filter_map(|i| square_of(i, 8))
        .map(|square| {
            let disc = position.at(square);
            let is_found = *found & square.bit() != 0;
            let mut label = format!(
                "{square}, {}",
                disc.map_or(t.common.empty_square(), |c| color_lower(t, c))
            );
            if is_found {
                label = format!("{label}, {}", t.othello.legal_move());
            }
            GridCell {
                name: square.to_string(),
                class: classes!(is_found.then_some("found")),
                label,
                content: html! {
                    <>
                        { for disc.map(|c| html! { <span class={classes!("disc", c.name())} /> }) }
                        if is_found { <span class="marker found-mark">{ "✓" }</span> }
                    </>
                },
            }
        })
        .collect();
    let count = (*found).count_ones();
    let on_reset = {
        let found = found.clone();
        let message = message.clone();
        Callback::from(move |_: MouseEvent| {
            found.set(0);
            message.set(String::new());
        })
    };
    html! {
        <section class="exercise" aria-labelledby="exercise-title">
            <h2 id="exercise-title">{ t.othello.exercise_title() }</h2>
            <p>{ t.othello.exercise_task() }</p>
            <Grid n={8} {cells} label={t.othello.exercise_title()}
                on_pick={by_cell(&on_square, |i| square_of(i, 8))} />
            <p class="exercise-count" data-testid="exercise-count">{ t.othello.exercise_found(count.to_string()) }</p>
            <p class="exercise-message" data-testid="exercise-message">{ (*message).clone() }</p>
            <button onclick={on_reset}>{ t.othello.exercise_reset() }</button>
        </section>
    }
}

/// The rules page.
#[function_component(OthelloRules)]
pub fn othello_rules() -> Html {
    let t = use_texts();
    let section = |title: &'static str, body: Html| {
        html! {
            <section>
                <h2>{ title }</h2>
                { body }
            </section>
        }
    };
    html! {
        <article class="rules">
            <h1 tabindex="-1">{ t.othello.rules_title() }</h1>
            <p>{ t.othello_rules().rules_intro() }</p>
            { section(t.othello_rules().rules_setup_title(), html! { <p>{ t.othello_rules().rules_setup() }</p> }) }
            { section(t.othello_rules().rules_moves_title(), html! { <p>{ t.othello_rules().rules_moves() }</p> }) }
            { section(t.othello_rules().rules_pass_title(), html! { <p>{ t.othello_rules().rules_pass() }</p> }) }
            { section(t.othello_rules().rules_end_title(), html! { <>
                <p>{ t.othello_rules().rules_end() }</p>
                <p class="example">{ t.othello_rules().rules_scoring_example() }</p>
            </> }) }
            { section(t.othello_rules().rules_clock_title(), html! { <p>{ t.othello_rules().rules_clock() }</p> }) }
            { section(t.othello_rules().rules_notation_title(), html! { <><p>{ t.othello_rules().rules_notation() }</p><p>{ t.common.notation_wide() }</p></> }) }
            { section(t.othello_rules().rules_variants_title(), html! { <>
                <p>{ t.othello_rules().rules_sizes() }</p>
                <div class="interpretation">
                    <strong>{ t.common.interpretation() }</strong>
                    <p>{ t.othello_rules().rules_anti() }</p>
                </div>
                <p>{ t.othello_rules().rules_reversi() }</p>
            </> }) }
            <Exercise />
            <p><a class="button primary" href="#/othello">{ t.common.play() }</a></p>
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exercise_has_nine_moves() {
        assert_eq!(exercise_position().legal_squares().count_ones(), 9);
    }
}
