//! "My online games" (in the lobby): the seats this browser holds, each
//! with where its game stands (asked of the server), linking to the
//! player's page.

use yew::prelude::*;

use serde_json::Value;

use crate::i18n::Texts;
use crate::online::setup::GameKind;
use crate::session::online::KeptSeat;

use super::super::context::use_texts;
use super::{kept, net};

/// A game's name.
pub fn game_name(t: &Texts, kind: GameKind) -> &'static str {
    match kind {
        GameKind::Othello => t.othello.name,
        GameKind::Opok => t.opok.name,
        GameKind::Nim => t.nim.name,
    }
}

/// Where a kept game stands, in a word or two, for its player; the game
/// (`GET /api/v1/games/<id>`) is read as plain JSON, so that the home page
/// does not carry the protocol's decoders (the app's first load pays for
/// them).
fn standing(t: &Texts, seat: &KeptSeat, view: &Value) -> (String, bool) {
    let o = t.online();
    let brief = &view["brief"];
    match brief["status"]["state"].as_str() {
        Some("open") => match view["expires_ms"].as_u64() {
            Some(expires) => (o.open_until(super::panel::date_text(t, expires)), false),
            None => (o.open_short.into(), false),
        },
        Some("over") => (o.over_short.into(), false),
        Some(_) if brief["to_move"].as_u64() == Some(u64::from(seat.seat)) => {
            (o.my_move_short.into(), true)
        }
        Some(_) => (o.their_move_short.into(), false),
        None => (String::new(), false),
    }
}

/// The players' names of a game read as plain JSON.
fn names(view: &Value) -> [String; 2] {
    let name = |seat: usize| view["names"][seat].as_str().unwrap_or("…").to_string();
    [name(0), name(1)]
}

/// The list.
#[function_component(MyGames)]
pub fn my_games() -> Html {
    let t = use_texts();
    let o = t.online();
    let seats = use_state(kept::seats);
    let views = use_state(Vec::<(String, Value)>::new);
    {
        let (views, seats) = (views.clone(), (*seats).clone());
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                let mut found = Vec::new();
                for seat in seats.iter().take(20) {
                    let path = format!("/api/v1/games/{}", seat.game);
                    let view = net::request("GET", &path, None)
                        .await
                        .filter(|(status, _)| *status == 200)
                        .and_then(|(_, text)| serde_json::from_str::<Value>(&text).ok());
                    if let Some(view) = view {
                        found.push((seat.game.clone(), view));
                    }
                }
                views.set(found);
            });
        });
    }
    let items = seats.iter().map(|seat| {
        let view = views
            .iter()
            .find(|(game, _)| *game == seat.game)
            .map(|(_, v)| v);
        let names = view.map(|v| {
            let [first, second] = names(v);
            o.vs(first, second)
        });
        let (state, mine) = view
            .map(|v| standing(t, seat, v))
            .unwrap_or((String::new(), false));
        html! {
            <li class={classes!("my-game", mine.then_some("my-move"))} data-testid="my-game">
                <a href={seat.link().fragment()}>
                    { game_name(t, seat.kind) }
                    if let Some(names) = names {
                        { format!(": {names}") }
                    }
                </a>
                if !state.is_empty() {
                    <span class="my-game-state">{ format!(" · {state}") }</span>
                }
            </li>
        }
    });
    html! {
        <section class="my-games" aria-labelledby="my-games-title">
            <h2 id="my-games-title">{ o.my_games }</h2>
            if seats.is_empty() {
                <p>{ o.my_games_empty }</p>
            } else {
                <ul>{ for items }</ul>
            }
        </section>
    }
}
