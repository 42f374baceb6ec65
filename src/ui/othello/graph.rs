//! The evaluation graph: the engine's view of the game move by move, from
//! black's side; clicking a point goes to that position.

use std::collections::BTreeMap;

use yew::prelude::*;

use crate::i18n::othello::score_text;
use crate::session::core::Action;
use crate::session::othello::{Evaluation, Othello, OthelloAction};

use super::super::context::use_texts;

/// Props: the evaluations and where actions go.
#[derive(Properties, PartialEq)]
pub struct GraphProps {
    /// Evaluations by ply.
    pub evaluations: BTreeMap<usize, Evaluation>,
    /// Moves in the recorded line.
    pub plies: usize,
    /// The ply shown on the board.
    pub cursor: usize,
    /// Whether the whole game is being analysed.
    pub analysing: bool,
    /// Receives the actions.
    pub on_action: Callback<Action<Othello>>,
}

const WIDTH: f64 = 320.0;
const HEIGHT: f64 = 120.0;

/// The graph and the "analyse game" button.
#[function_component(EvaluationGraph)]
pub fn evaluation_graph(props: &GraphProps) -> Html {
    let t = use_texts();
    let plies = props.plies.max(1);
    let range = props
        .evaluations
        .values()
        .map(|e| (f64::from(e.black_score) / 100.0).abs())
        .fold(4.0f64, f64::max)
        .min(64.0);
    let x = |ply: usize| ply as f64 / plies as f64 * WIDTH;
    let y = |discs: f64| HEIGHT / 2.0 - discs / range * (HEIGHT / 2.0 - 4.0);
    let points: Vec<(usize, f64, bool)> = props
        .evaluations
        .iter()
        .map(|(&ply, e)| (ply, f64::from(e.black_score) / 100.0, e.exact))
        .collect();
    let line: String = points
        .iter()
        .map(|&(ply, v, _)| format!("{:.1},{:.1}", x(ply), y(v)))
        .collect::<Vec<_>>()
        .join(" ");
    let dots = points.iter().map(|&(ply, v, exact)| {
        let on_action = props.on_action.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_action.emit(Action::GoTo(ply)));
        let title = format!("{ply}: {}", score_text((v * 100.0).round() as i32, exact));
        html! {
            <circle cx={format!("{:.1}", x(ply))} cy={format!("{:.1}", y(v))} r="3.5"
                class={classes!("point", exact.then_some("exact"))} {onclick}>
                <title>{ title }</title>
            </circle>
        }
    });
    let cursor_x = format!("{:.1}", x(props.cursor));
    let summary = match points.last() {
        Some(&(ply, v, exact)) => format!(
            "{}: {ply} → {}",
            t.othello.evaluation_graph,
            score_text((v * 100.0).round() as i32, exact)
        ),
        None => t.othello.graph_empty.to_string(),
    };
    let analysing = props.analysing;
    let on_analyse = {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            on_action.emit(Action::Game(OthelloAction::AnalyseGame))
        })
    };
    html! {
        <section class="graph">
            <h2>{ t.othello.evaluation_graph }</h2>
            if points.is_empty() {
                <p class="help">{ t.othello.graph_empty }</p>
            } else {
                <svg viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img" aria-label={summary} data-testid="graph">
                    <rect class="area-black" x="0" y="0" width={WIDTH.to_string()} height={(HEIGHT / 2.0).to_string()} />
                    <rect class="area-white" x="0" y={(HEIGHT / 2.0).to_string()} width={WIDTH.to_string()} height={(HEIGHT / 2.0).to_string()} />
                    <line class="axis" x1="0" x2={WIDTH.to_string()} y1={(HEIGHT / 2.0).to_string()} y2={(HEIGHT / 2.0).to_string()} />
                    <line class="cursor" x1={cursor_x.clone()} x2={cursor_x} y1="0" y2={HEIGHT.to_string()} />
                    <polyline class="curve" points={line} />
                    { for dots }
                </svg>
            }
            <button class="analyse" disabled={analysing} onclick={on_analyse}>{ t.othello.analyse_game }</button>
        </section>
    }
}
