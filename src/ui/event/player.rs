//! The view of a player whose token this browser keeps: their game in the
//! round published ("Your game in round 3: black against Petr — Play",
//! which opens the online game's page with their seat), their bye, or the
//! wait for the next round; and the result of a game played over the
//! board, which counts once the opponent enters the same.

use yew::prelude::*;

use crate::online::event::{MyGame, Report, TokenOnly};
use crate::online::setup::GameKind;
use crate::route::Route;

use super::super::context::{use_app, use_texts};
use super::api;
use super::device::AnotherDevice;
use super::score::ScoreEntry;

/// Props of the player's view.
#[derive(Properties, PartialEq)]
pub struct PlayerProps {
    /// The event.
    pub event: AttrValue,
    /// The player's token (also their games' seat token).
    pub token: AttrValue,
    /// The event's game.
    pub kind: GameKind,
    /// The board's squares.
    pub squares: u32,
    /// The event's change number: the view asks again when it moves.
    pub seq: u64,
}

/// The player's game now, and the result entry of a board played over the
/// board.
#[function_component(PlayerView)]
pub fn player_view(props: &PlayerProps) -> Html {
    let t = use_texts();
    let announce = use_app().announce;
    let mine = use_state(|| None::<Result<MyGame, String>>);
    // The round of the game last shown (`None` before the first answer).
    let told = use_mut_ref(|| None::<Option<u32>>);
    let notice = use_state(|| None::<String>);
    {
        let (mine, event, token) = (mine.clone(), props.event.clone(), props.token.clone());
        use_effect_with(props.seq, move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                let body = TokenOnly {
                    token: token.to_string(),
                };
                let answer = api::post::<MyGame>(t, &api::path(&event, "me"), &body).await;
                // "Your game is ready" once, when a round brings one to a
                // page already open.
                if let Ok(game) = &answer {
                    let ready = game.board.as_ref().map(|_| game.round);
                    let before = told.replace(Some(ready));
                    if matches!(before, Some(shown) if shown != ready) && ready.is_some() {
                        announce.emit(t.event().game_ready(game.round));
                    }
                }
                mine.set(Some(answer));
            });
        });
    }
    let e = t.event();
    let game = match &*mine {
        None => return Html::default(),
        Some(Err(problem)) => {
            // A player's token refused is one the organiser replaced.
            let said = if problem == e.wrong_token() {
                e.link_replaced()
            } else {
                problem
            };
            return html! { <p class="online-problem" data-testid="event-player-problem">{ said.to_string() }</p> };
        }
        Some(Ok(game)) => game,
    };
    let report = {
        let (event, token, notice) = (props.event.clone(), props.token.clone(), notice.clone());
        let round = game.round;
        let board = game.board.as_ref().map(|b| b.board).unwrap_or(0);
        Callback::from(move |score: [f64; 2]| {
            let (event, token, notice) = (event.clone(), token.to_string(), notice.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let body = Report {
                    token,
                    round,
                    board,
                    score,
                };
                let answer =
                    api::post::<serde_json::Value>(t, &api::path(&event, "report"), &body).await;
                notice.set(Some(match answer {
                    Ok(_) => t.event().report_sent().to_string(),
                    Err(problem) => problem,
                }));
            });
        })
    };
    let body = match (&game.board, game.seat) {
        (Some(board), Some(seat)) => {
            let (side, opponent) = match (props.kind, seat) {
                (GameKind::Othello, 0) => (t.othello.black().to_string(), &board.white),
                (GameKind::Othello, _) => (t.othello.white().to_string(), &board.black),
                (_, 0) => (e.first().to_lowercase(), &board.white),
                (_, _) => (e.second().to_lowercase(), &board.black),
            };
            let play = board.game.as_ref().filter(|_| board.score.is_none()).map(|id| {
                let link = Route::Online(format!("{}/{id}?seat={}", props.kind.name(), props.token)).fragment();
                html! { <a class="button primary" href={link} data-testid="event-play">{ e.play() }</a> }
            });
            html! {
                <>
                    <p data-testid="event-your-game">
                        <strong>{ e.your_game(game.round, side, opponent) }</strong>
                        { " " }{ for play }
                    </p>
                    if board.score.is_none() && matches!(board.reported, [Some(a), Some(b)] if a != b) {
                        <p class="feedback wrong" role="status" data-testid="event-disputed">{ e.disputed_yours() }</p>
                    }
                    if board.score.is_none() {
                        <p class="hints">{ e.report_heading() }</p>
                        <ScoreEntry round={game.round} board={board.board}
                            names={[AttrValue::from(board.black.clone()), AttrValue::from(board.white.clone())]}
                            othello={props.kind == GameKind::Othello} squares={props.squares}
                            button={AttrValue::from(e.report())} on_score={report} />
                    }
                </>
            }
        }
        _ if game.bye => html! { <p data-testid="event-your-game">{ e.your_bye() }</p> },
        _ => html! { <p data-testid="event-your-game">{ e.waiting_round() }</p> },
    };
    html! {
        <section class="event-player no-print" data-testid="event-player">
            <h2>{ e.your_game_heading() }</h2>
            <p>{ e.you_are(&game.name) }</p>
            { body }
            if let Some(text) = &*notice {
                <p class="feedback" role="status" data-testid="event-player-notice">{ text.clone() }</p>
            }
            <AnotherDevice event={props.event.clone()} token={props.token.clone()} />
        </section>
    }
}
