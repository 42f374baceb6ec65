//! The take-away games' heaps in an embedded frame (`src/ui/embed`): the
//! page's heaps, and in an `analyse` frame the theory's verdict, the
//! winning moves marked and each heap's value (normal play).

use yew::prelude::*;

use crate::engine::nim::theory::{analyse_normal, Outcome};
use crate::i18n::nim::move_label;
use crate::session::core::Action;
use crate::session::nim::Nim;
use crate::session::turn::Turn;

use super::super::context::use_texts;
use super::super::embed::BoardProps;
use super::heaps::Heaps;

/// The heaps of an embedded take-away frame.
#[function_component(EmbedBoard)]
pub fn embed_board(props: &BoardProps<Nim>) -> Html {
    let t = use_texts();
    let state = &props.state;
    let position = state.position();
    let interactive = props.interactive && matches!(state.turn(), Turn::HumanMove(_));
    // Misère sums come from the worker's search (always asked for); normal
    // play from the formulas, at once.
    let analysis = (props.analysing && !position.is_over()).then(|| {
        if state.settings.misere {
            state
                .extra
                .misere_analysis
                .as_ref()
                .filter(|(p, _)| *p == position)
                .map(|(_, result)| result.clone())
        } else {
            Some(Ok(analyse_normal(&position)))
        }
    });
    let verdict = analysis.as_ref().map(|analysis| match analysis {
        None => t.embed().analysing().to_string(),
        Some(Err(_)) => t.nim.misere_budget().to_string(),
        Some(Ok(a)) => {
            let moves: Vec<String> = a.winning_moves.iter().map(move_label).collect();
            match a.outcome {
                Outcome::P => format!("{} {}", t.nim.outcome_p(), t.nim.no_winning_moves()),
                Outcome::N => format!(
                    "{} {}",
                    t.nim.outcome_n(),
                    t.nim.winning_moves_label(moves.join(", "))
                ),
            }
        }
    });
    // Read out once known, not "analysing".
    let busy = matches!(analysis, Some(None));
    let solved = analysis.flatten().and_then(Result::ok);
    let highlight = solved
        .as_ref()
        .map(|a| a.winning_moves.clone())
        .unwrap_or_default();
    let values = solved.and_then(|a| a.values);
    html! {
        <>
            <Heaps position={position.clone()} {interactive} {highlight} {values}
                on_take={props.dispatch.reform(Action::Play)} />
            if let Some(verdict) = verdict {
                <p class="embed-analysis" data-testid="embed-analysis" aria-live="polite"
                    aria-busy={busy.to_string()} aria-label={t.embed().analysis_label()}>{ verdict }</p>
            }
        </>
    }
}
