//! A solved puzzle's line, played on the board step by step (Start, Back,
//! Next, End), each step said in words: "White: h5 (move 3 of 7)", a pass
//! as a pass.

use yew::prelude::*;

use crate::engine::othello::{Move, Position};
use crate::i18n::othello::color_name;

use super::super::context::use_app;
use super::lesson_board::{othello_board, Marks};

/// Props: the puzzle's position and its line.
#[derive(Properties, PartialEq)]
pub struct SolutionLineProps {
    /// Where the line starts.
    pub start: Position,
    /// Each move with the position after it.
    pub line: Vec<(Move, Position)>,
}

/// What step `at` of `line` shows, in words.
fn step_said(
    t: &crate::i18n::Texts,
    start: &Position,
    line: &[(Move, Position)],
    at: usize,
) -> String {
    let total = line.len();
    let Some(at) = at.checked_sub(1) else {
        return t.learn().line_at_start(total);
    };
    let before = if at == 0 { start } else { &line[at - 1].1 };
    let side = color_name(t, before.side_to_move());
    match line[at].0 {
        Move::Place(square) => t.learn().line_move(at + 1, total, side, square),
        Move::Pass => t.learn().line_pass(at + 1, total, side),
    }
}

/// The line, step by step.
#[function_component(SolutionLine)]
pub fn solution_line(props: &SolutionLineProps) -> Html {
    let app = use_app();
    let t = app.t();
    let total = props.line.len();
    // The answer is on the board already: the line starts after it.
    let at = use_state(|| total.min(1));
    let go = |to: usize| {
        let (at, announce, start, line) = (
            at.clone(),
            app.announce.clone(),
            props.start,
            props.line.clone(),
        );
        Callback::from(move |_| {
            announce.emit(step_said(t, &start, &line, to));
            at.set(to);
        })
    };
    let position = match at.checked_sub(1) {
        Some(i) => props.line[i].1,
        None => props.start,
    };
    let last = match at.checked_sub(1).map(|i| props.line[i].0) {
        Some(Move::Place(square)) => Some(square.to_string()),
        _ => None,
    };
    let marks = |name: &str| Marks {
        answer: last.as_deref() == Some(name),
        ..Marks::default()
    };
    let board = othello_board(t, &position, marks, Callback::noop());
    html! {
        <section class="solution-line" aria-labelledby="line-title" data-testid="solution">
            <h2 id="line-title">{ t.learn().line_title() }</h2>
            { board }
            <p class="line-step" data-testid="line-step">{ step_said(t, &props.start, &props.line, *at) }</p>
            <div class="card-actions" role="group" aria-label={t.learn().line_title()}>
                <button onclick={go(0)} disabled={*at == 0}>{ t.learn().line_start() }</button>
                <button onclick={go(at.saturating_sub(1))} disabled={*at == 0} data-testid="line-back">{ t.learn().line_back() }</button>
                <button onclick={go((*at + 1).min(total))} disabled={*at == total} data-testid="line-next">{ t.learn().line_next() }</button>
                <button onclick={go(total)} disabled={*at == total}>{ t.learn().line_end() }</button>
            </div>
        </section>
    }
}
