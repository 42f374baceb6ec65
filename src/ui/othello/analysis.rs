//! What the engine is thinking: depth, score and principal variation.

use yew::prelude::*;

use crate::engine::othello::{Color, Move};
use crate::i18n::othello::{color_name, score_text};
use crate::session::othello::{OthelloState, SearchKind};

use super::super::app::AppContext;

/// The engine's current view of a position.
#[derive(Clone, PartialEq, Debug)]
pub struct Thinking {
    /// The side the score is for.
    pub side: Color,
    /// The depth completed.
    pub depth: u32,
    /// The score in hundredths of a disc.
    pub score: i32,
    /// Whether the score is exact.
    pub exact: bool,
    /// The principal variation (or the best move for hints).
    pub line: Vec<Move>,
}

impl Thinking {
    /// The running search of the computer's move, or else the hints of the
    /// current position.
    pub fn of(state: &OthelloState) -> Option<Thinking> {
        let play = state.search.as_ref().filter(|s| s.kind == SearchKind::Play);
        if let Some((search, p)) = play.and_then(|s| s.progress.as_ref().map(|p| (s, p))) {
            return Some(Thinking {
                side: search.position.side_to_move(),
                depth: p.depth,
                score: p.score,
                exact: p.exact,
                line: p.pv.clone(),
            });
        }
        let (position, scores, _) = state
            .hints
            .as_ref()
            .filter(|(p, _, _)| state.hint_mode && *p == state.position())?;
        let (best, score) = scores.best()?;
        Some(Thinking {
            side: position.side_to_move(),
            depth: scores.depth,
            score,
            exact: scores.exact,
            line: vec![best],
        })
    }
}

/// Props: what to show.
#[derive(Properties, PartialEq)]
pub struct ThinkingPanelProps {
    /// The engine's view, if any.
    pub thinking: Option<Thinking>,
}

/// Depth, score and line of the running search (or the last hint search).
#[function_component(ThinkingPanel)]
pub fn thinking_panel(props: &ThinkingPanelProps) -> Html {
    let context = use_context::<AppContext>().expect("inside the app");
    let t = context.t();
    let Some(thinking) = &props.thinking else {
        return html! { <div class="thinking-panel" aria-hidden="true" /> };
    };
    let side = color_name(t, thinking.side);
    let line: Vec<String> = thinking
        .line
        .iter()
        .map(|m| match m {
            Move::Place(s) => s.to_string(),
            Move::Pass => t.pass.to_lowercase(),
        })
        .collect();
    let (depth, score, exact) = (thinking.depth, thinking.score, thinking.exact);
    html! {
        <div class="thinking-panel" data-testid="thinking">
            <dl>
                <dt>{ t.depth }</dt><dd>{ if exact { format!("{depth} ({})", t.exact_result) } else { depth.to_string() } }</dd>
                <dt>{ t.score }</dt><dd>{ format!("{} ({side})", score_text(score, exact)) }</dd>
                <dt>{ t.line }</dt><dd class="pv">{ line.join(" ") }</dd>
            </dl>
        </div>
    }
}
