//! What the engine is thinking (depth, score and principal variation) and
//! the switches for the aids it gives.

use yew::prelude::*;

use crate::engine::othello::Move;
use crate::i18n::othello::{color_forms, score_text};
use crate::session::core::Action;
use crate::session::othello::view::Thinking;
use crate::session::othello::{Othello, OthelloAction};

use super::super::context::use_texts;

/// Props: what to show.
#[derive(Properties, PartialEq)]
pub struct ThinkingPanelProps {
    /// The engine's view, if any.
    pub thinking: Option<Thinking>,
}

/// Depth, score and line of the running search (or the last hint search).
#[function_component(ThinkingPanel)]
pub fn thinking_panel(props: &ThinkingPanelProps) -> Html {
    let t = use_texts();
    let Some(thinking) = &props.thinking else {
        return html! { <div class="thinking-panel" aria-hidden="true" /> };
    };
    let side = color_forms(t, thinking.side).nom;
    let line: Vec<String> = thinking
        .line
        .iter()
        .map(|m| match m {
            Move::Place(s) => s.to_string(),
            Move::Pass => crate::i18n::plain::lowercase(t.common.pass()),
        })
        .collect();
    let (depth, score, exact) = (thinking.depth, thinking.score, thinking.exact);
    let depth_text = match thinking.confidence {
        _ if exact => format!("{depth} ({})", t.othello.exact_result()),
        Some(percent) => format!("{depth} ({})", t.othello.selective_result(percent)),
        None => depth.to_string(),
    };
    // The pool shares the scored moves, never more workers than moves.
    let workers = thinking.scored_moves.map_or(1, |moves| {
        super::super::search::current_pool()
            .workers
            .min(moves)
            .max(1)
    });
    // Millions with one decimal, in integers: float formatting would cost
    // the page's module several KB.
    // Czech and Russian write a decimal comma.
    let tenths = (thinking.nodes_per_second / 1e5).round() as u64;
    let point = if t.othello.lang == crate::i18n::Lang::En {
        '.'
    } else {
        ','
    };
    let speed = t.othello.search_rate(
        format!("{}{point}{}", tenths / 10, tenths % 10),
        workers as u64,
    );
    html! {
        <div class="thinking-panel" data-testid="thinking">
            <dl>
                <dt>{ t.common.depth() }</dt><dd>{ depth_text }</dd>
                <dt>{ t.common.score() }</dt><dd>{ format!("{} ({side})", score_text(score, exact)) }</dd>
                <dt>{ t.common.line() }</dt><dd class="pv">{ line.join(" ") }</dd>
                <dt>{ t.othello.search_speed() }</dt>
                <dd class="speed" data-workers={workers.to_string()}>{ speed }</dd>
            </dl>
        </div>
    }
}

/// Props: the two switches and where their changes go.
#[derive(Properties, PartialEq)]
pub struct AidButtonsProps {
    /// Hints are shown.
    pub hint_mode: bool,
    /// Legal moves are marked.
    pub show_legal: bool,
    /// Receives the switched state.
    pub on_action: Callback<Action<Othello>>,
}

/// The switches for hints (the engine scores every move) and for marking
/// the legal moves.
#[function_component(AidButtons)]
pub fn aid_buttons(props: &AidButtonsProps) -> Html {
    let t = use_texts();
    let switch = |action: OthelloAction| {
        props
            .on_action
            .reform(move |_: MouseEvent| Action::Game(action.clone()))
    };
    html! {
        <>
            <button class="hints" aria-pressed={props.hint_mode.to_string()}
                onclick={switch(OthelloAction::SetHintMode(!props.hint_mode))}>{ t.othello.hints() }</button>
            <button class="legal-toggle" aria-pressed={props.show_legal.to_string()}
                onclick={switch(OthelloAction::SetShowLegal(!props.show_legal))}>{ t.othello.legal_moves() }</button>
        </>
    }
}
