//! Opok's board in an embedded frame (`src/ui/embed`): the page's board and
//! its way of putting a move together, and in an `analyse` frame the
//! engine's best move marked and its line.

use yew::prelude::*;

use crate::engine::opok::eval::SQUARE;
use crate::engine::opok::notation::move_text;
use crate::engine::opok::{Move, Position};
use crate::i18n::EmbedTexts;
use crate::session::opok::view::{game_squares, Selection};
use crate::session::opok::{Analysis, Opok};
use crate::session::turn::Turn;

use super::super::context::use_texts;
use super::super::embed::BoardProps;
use super::board::OpokBoard;
use super::picker::Picker;
use super::selection::use_move_maker;

/// The board of an embedded Opok frame.
#[function_component(EmbedBoard)]
pub fn embed_board(props: &BoardProps<Opok>) -> Html {
    let t = use_texts().embed();
    let state = &props.state;
    let selection = use_state(|| None::<Selection>);
    let position = state.position();
    let people_move = props.interactive && matches!(state.turn(), Turn::HumanMove(_));
    let moves = use_move_maker(
        selection.clone(),
        position,
        people_move,
        props.dispatch.clone(),
    );
    let analysis = props
        .analysing
        .then(|| state.extra.analysis_of(&position))
        .flatten();
    let mut views = game_squares(state, selection.as_ref(), people_move);
    if let Some(Move::Step { from, to, .. }) =
        analysis.and_then(|a| a.progress.as_ref()).map(|p| p.best)
    {
        for view in views
            .iter_mut()
            .filter(|v| v.square == from || v.square == to)
        {
            view.shown = true;
        }
    }
    let line = (props.analysing && people_move).then(|| analysis_line(t, &position, analysis));
    // Read out once the search has finished, not at every depth.
    let busy = !analysis.is_some_and(|a| a.done);
    html! {
        <>
            <OpokBoard geometry={position.geometry()} squares={views} ply={state.record.cursor()} on_square={moves.on_square} />
            if let Some(sel) = &*selection {
                <Picker k={sel.k} max={sel.max()} reachable={sel.landings.iter().map(|&l| l != 0).collect::<Vec<_>>()}
                    on_change={moves.set_k} on_cancel={moves.cancel} />
            }
            if let Some(line) = line {
                <p class="embed-analysis" data-testid="embed-analysis" aria-live="polite"
                    aria-busy={busy.to_string()} aria-label={t.analysis_label()}>{ line }</p>
            }
        </>
    }
}

/// The engine's view in words: its score and best line at the latest
/// depth, or that it is still thinking.
fn analysis_line(t: &EmbedTexts, position: &Position, analysis: Option<&Analysis>) -> String {
    let Some(analysis) = analysis else {
        return t.analysing().into();
    };
    let Some(progress) = &analysis.progress else {
        return if analysis.done {
            t.only_move().into()
        } else {
            t.analysing().into()
        };
    };
    let geometry = position.geometry();
    let line = progress
        .pv
        .iter()
        .map(|&mv| move_text(geometry, mv))
        .collect::<Vec<_>>()
        .join(" ");
    if progress.exact {
        t.engine_exact(format!("{:+}", progress.score / SQUARE), line)
    } else {
        let score = f64::from(progress.score) / f64::from(SQUARE);
        t.engine_line(format!("{score:+.1}"), progress.depth, line)
    }
}
