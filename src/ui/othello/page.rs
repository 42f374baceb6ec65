//! The Othello game page: board, scores, whose turn, the computer's
//! thinking, passes and the result.

use yew::prelude::*;

use crate::engine::othello::eval::DISC;
use crate::engine::othello::{Color, Move, Square};
use crate::session::othello::{Player, Turn};
use crate::worker::protocol::Request;

use super::super::search::use_search_worker;
use super::board::Board;
use super::state::{Action, OthelloState};

/// The page with one game against the computer.
#[function_component(OthelloPage)]
pub fn othello_page() -> Html {
    let state = use_reducer(OthelloState::default);
    let worker = {
        let dispatch = state.dispatcher();
        use_search_worker(Callback::from(move |r| {
            dispatch.dispatch(Action::Worker(r))
        }))
    };

    let game = &state.game;
    let position = game.position();
    let turn = game.turn();

    // Ask the worker whenever it is the computer's turn in a new position;
    // otherwise make sure nothing is running.
    {
        let worker = worker.clone();
        let dispatch = state.dispatcher();
        let settings = game.settings;
        let cursor = game.record.cursor();
        use_effect_with(
            (position, turn, cursor),
            move |&(position, turn, _)| match turn {
                Turn::Computer(color) => {
                    let time_ms = match settings.player(color) {
                        Player::Computer { think_ms } => f64::from(think_ms),
                        Player::Human => 0.0,
                    };
                    let id = worker.start(|id| Request::Othello {
                        id,
                        position,
                        time_ms,
                        max_depth: None,
                    });
                    dispatch.dispatch(Action::ThinkingStarted { id, position });
                }
                _ => worker.cancel(),
            },
        );
    }

    let on_play = {
        let dispatch = state.dispatcher();
        Callback::from(move |square: Square| dispatch.dispatch(Action::Play(Move::Place(square))))
    };
    let on_pass = {
        let dispatch = state.dispatcher();
        Callback::from(move |_| dispatch.dispatch(Action::Play(Move::Pass)))
    };
    let on_new_game = {
        let dispatch = state.dispatcher();
        let settings = game.settings;
        Callback::from(move |_| dispatch.dispatch(Action::NewGame(settings)))
    };

    let black = position.count(Color::Black);
    let white = position.count(Color::White);
    let status = match turn {
        Turn::HumanMove(color) => html! { <p class="turn">{ format!("Your move ({color}).") }</p> },
        Turn::HumanPass(color) => html! {
            <div class="pass-notice" role="alert">
                <p>{ format!("{} has no legal move and must pass.", capitalise(color.name())) }</p>
                <button class="pass" onclick={on_pass}>{ "Pass" }</button>
            </div>
        },
        Turn::Computer(color) => {
            let detail = state
                .thinking
                .as_ref()
                .and_then(|t| t.progress.as_ref())
                .map(|p| {
                    format!(
                        " Depth {}, score {:+.1}, line {}",
                        p.depth,
                        f64::from(p.score) / f64::from(DISC),
                        p.pv.iter()
                            .map(Move::to_string)
                            .collect::<Vec<_>>()
                            .join(" ")
                    )
                })
                .unwrap_or_default();
            html! { <p class="turn thinking">{ format!("Computer ({color}) is thinking…{detail}") }</p> }
        }
        Turn::Over => {
            let outcome = position.outcome().expect("the game is over");
            let text = match outcome.winner {
                Some(c) => format!(
                    "{} wins {}–{}",
                    capitalise(c.name()),
                    outcome.black.max(outcome.white),
                    outcome.black.min(outcome.white)
                ),
                None => format!("Draw {}–{}", outcome.black, outcome.white),
            };
            html! { <p class="result" role="status">{ format!("Game over. {text}.") }</p> }
        }
    };
    let interactive = matches!(turn, Turn::HumanMove(_));
    let moves: Vec<String> = game.record.played().iter().map(Move::to_string).collect();

    html! {
        <section class="othello">
            <div class="scores">
                <span class="score black" data-testid="black-count">{ format!("● Black {black}") }</span>
                <span class="score white" data-testid="white-count">{ format!("○ White {white}") }</span>
            </div>
            <Board position={position} last_move={game.record.last_move()} {interactive} {on_play} />
            <div class="status" aria-live="polite">
                { status }
                if let Some(notice) = &state.notice {
                    <p class="notice">{ notice }</p>
                }
            </div>
            <p class="moves" data-testid="moves">{ moves.join(" ") }</p>
            <button class="new-game" onclick={on_new_game}>{ "New game" }</button>
        </section>
    }
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
