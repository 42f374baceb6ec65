//! The evaluation graph: the engine's view of the game move by move, from
//! black's side; clicking a point goes to that position.

use std::collections::BTreeMap;

use yew::prelude::*;

use crate::i18n::othello::score_text;
use crate::i18n::plain::one_decimal;
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

/// The drawing's size.
const WIDTH: f64 = 320.0;
const HEIGHT: f64 = 140.0;

/// The edges of the plot inside the drawing: room for the score labels on
/// the left and the move numbers below.
struct Plot {
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
}

const PLOT: Plot = Plot {
    left: 30.0,
    right: WIDTH - 6.0,
    top: 4.0,
    bottom: HEIGHT - 16.0,
};

/// Where plies and scores (in discs) are drawn.
#[derive(Clone, Copy)]
struct Scale {
    plies: usize,
    range: f64,
}

impl Scale {
    fn x(self, ply: usize) -> f64 {
        PLOT.left + ply as f64 / self.plies as f64 * (PLOT.right - PLOT.left)
    }

    fn y(self, discs: f64) -> f64 {
        let half = (PLOT.bottom - PLOT.top) / 2.0;
        PLOT.top + half - discs / self.range * half
    }

    /// Move numbers worth a tick: every 10 (every 20 on long lines).
    fn ticks(self) -> impl Iterator<Item = usize> {
        let step = if self.plies > 80 { 20 } else { 10 };
        (0..=self.plies).step_by(step)
    }
}

/// A whole number of discs on the score axis: "+8", "0", "-8".
fn tick_label(discs: f64) -> String {
    let whole = discs as i64;
    if whole > 0 {
        format!("+{whole}")
    } else {
        whole.to_string()
    }
}

/// The axes: the score scale (whole discs, black ahead above), the move
/// numbers, and the names of the two halves.
fn axes(t: &crate::i18n::Texts, scale: Scale) -> Html {
    let n = one_decimal;
    let range = scale.range.round();
    let scores = [range, 0.0, -range].map(|v| {
        html! {
            <text class="tick" x={n(PLOT.left - 3.0)} y={n(scale.y(v) + 3.0)} text-anchor="end">
                { tick_label(v) }
            </text>
        }
    });
    let moves = scale.ticks().map(|ply| {
        html! {
            <>
                <line class="grid" x1={n(scale.x(ply))} x2={n(scale.x(ply))} y1={n(PLOT.top)} y2={n(PLOT.bottom)} />
                <text class="tick" x={n(scale.x(ply))} y={n(HEIGHT - 4.0)} text-anchor="middle">{ ply }</text>
            </>
        }
    });
    html! {
        <g aria-hidden="true">
            { for moves }
            <line class="axis" x1={n(PLOT.left)} x2={n(PLOT.right)} y1={n(scale.y(0.0))} y2={n(scale.y(0.0))} />
            { for scores }
            <text class="half" x={n(PLOT.left + 4.0)} y={n(PLOT.top + 11.0)}>{ t.othello.graph_black_ahead() }</text>
            <text class="half" x={n(PLOT.left + 4.0)} y={n(PLOT.bottom - 4.0)}>{ t.othello.graph_white_ahead() }</text>
            <text class="tick" x={n(PLOT.right)} y={n(HEIGHT - 4.0)} text-anchor="end">{ t.othello.graph_move() }</text>
        </g>
    }
}

/// The graph and the "analyse game" button.
#[function_component(EvaluationGraph)]
pub fn evaluation_graph(props: &GraphProps) -> Html {
    let t = use_texts();
    let range = props
        .evaluations
        .values()
        .map(|e| (f64::from(e.black_score) / 100.0).abs())
        .fold(4.0f64, f64::max)
        .min(64.0);
    let scale = Scale {
        plies: props.plies.max(1),
        range,
    };
    let (x, y) = (|ply| scale.x(ply), |discs| scale.y(discs));
    let points: Vec<(usize, f64, bool)> = props
        .evaluations
        .iter()
        .map(|(&ply, e)| (ply, f64::from(e.black_score) / 100.0, e.exact))
        .collect();
    let line: String = points
        .iter()
        .map(|&(ply, v, _)| format!("{},{}", one_decimal(x(ply)), one_decimal(y(v))))
        .collect::<Vec<_>>()
        .join(" ");
    let dots = points.iter().map(|&(ply, v, exact)| {
        let on_action = props.on_action.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_action.emit(Action::GoTo(ply)));
        let title = format!("{ply}: {}", score_text((v * 100.0).round() as i32, exact));
        html! {
            <circle cx={one_decimal(x(ply))} cy={one_decimal(y(v))} r="3.5"
                class={classes!("point", exact.then_some("exact"))} {onclick}>
                <title>{ title }</title>
            </circle>
        }
    });
    let cursor_x = one_decimal(x(props.cursor));
    let summary = match points.last() {
        Some(&(ply, v, exact)) => format!(
            "{}: {ply} → {}",
            t.othello.evaluation_graph(),
            score_text((v * 100.0).round() as i32, exact)
        ),
        None => t.othello.graph_empty().to_string(),
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
            <h2>{ t.othello.evaluation_graph() }</h2>
            if points.is_empty() {
                <p class="help">{ t.othello.graph_empty() }</p>
            } else {
                <svg viewBox={format!("0 0 {} {}", one_decimal(WIDTH), one_decimal(HEIGHT))} role="img" aria-label={summary} data-testid="graph">
                    <rect class="area-black" x={one_decimal(PLOT.left)} y={one_decimal(PLOT.top)} width={one_decimal(PLOT.right - PLOT.left)}
                        height={one_decimal(y(0.0) - PLOT.top)} />
                    <rect class="area-white" x={one_decimal(PLOT.left)} y={one_decimal(y(0.0))} width={one_decimal(PLOT.right - PLOT.left)}
                        height={one_decimal(PLOT.bottom - y(0.0))} />
                    { axes(t, scale) }
                    <line class="cursor" x1={cursor_x.clone()} x2={cursor_x} y1={one_decimal(PLOT.top)} y2={one_decimal(PLOT.bottom)} />
                    <polyline class="curve" points={line} />
                    { for dots }
                </svg>
            }
            <button class="analyse" disabled={analysing} onclick={on_analyse}>{ t.othello.analyse_game() }</button>
        </section>
    }
}
