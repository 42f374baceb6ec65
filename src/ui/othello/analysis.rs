//! What the engine is thinking: depth, score and principal variation.

use yew::prelude::*;

use crate::engine::othello::Move;
use crate::i18n::othello::{color_name, score_text};
use crate::session::othello::{OthelloState, SearchKind};

use super::super::app::AppContext;

/// Props: the page state.
#[derive(Properties, PartialEq)]
pub struct ThinkingPanelProps {
    /// The page state.
    pub state: UseReducerHandle<OthelloState>,
}

/// Depth, score and line of the running search (or the last hint search).
#[function_component(ThinkingPanel)]
pub fn thinking_panel(props: &ThinkingPanelProps) -> Html {
    let context = use_context::<AppContext>().expect("inside the app");
    let t = context.t();
    let state = &props.state;
    let shown = state
        .search
        .as_ref()
        .filter(|s| s.kind == SearchKind::Play)
        .and_then(|s| {
            s.progress
                .as_ref()
                .map(|p| (s.position, p.depth, p.score, p.exact, p.pv.clone()))
        })
        .or_else(|| {
            let (position, scores, _) = state
                .hints
                .as_ref()
                .filter(|(p, _, _)| state.hint_mode && *p == state.position())?;
            let (best, score) = scores.best()?;
            Some((*position, scores.depth, score, scores.exact, vec![best]))
        });
    let Some((position, depth, score, exact, pv)) = shown else {
        return html! { <div class="thinking-panel" aria-hidden="true" /> };
    };
    let side = color_name(t, position.side_to_move());
    let line: Vec<String> = pv
        .iter()
        .map(|m| match m {
            Move::Place(s) => s.to_string(),
            Move::Pass => t.pass.to_lowercase(),
        })
        .collect();
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
