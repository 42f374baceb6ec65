//! What the engine is thinking: depth, score and principal variation.

use yew::prelude::*;

use crate::engine::othello::Move;
use crate::i18n::othello::{color_name, score_text};
use crate::session::othello::view::Thinking;

use super::super::app::AppContext;

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
