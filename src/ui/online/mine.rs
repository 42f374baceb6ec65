//! "My online games" (in the lobby): the seats this browser holds, by
//! where their games stand: the player's move first, then the opponent's,
//! the challenges still open, and the finished games with their result,
//! date and time, each downloaded as a transcript (and GGF for Othello)
//! or opened on its game's page with the engine. A finished game is kept
//! in this browser once seen, so that the list needs no server for it.

use yew::prelude::*;

use crate::i18n::Texts;
use crate::online::client::kept::game_file;
use crate::online::client::{session_of, KeptGame, KeptSeat};
use crate::online::protocol::GameView;
use crate::online::room::{Reason, Status};
use crate::online::setup::GameKind;
use crate::session::formats::{encode, Formats};
use crate::session::nim::Nim;
use crate::session::opok::Opok;
use crate::session::othello::Othello;

use super::super::browser;
use super::super::context::use_texts;
use super::facts::{game_text, timing_text};
use super::players::date_text;
use super::{kept, net};

/// A game's name.
pub fn game_name(t: &Texts, kind: GameKind) -> &'static str {
    match kind {
        GameKind::Othello => t.othello.name(),
        GameKind::Opok => t.opok.name(),
        GameKind::Nim => t.nim.name(),
    }
}

/// Where a kept game stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Standing {
    YourMove,
    TheirMove,
    Open,
    Over,
    Unknown,
}

/// Where `seat`'s game stands: kept finished, or as the server said.
fn standing(seat: &KeptSeat, view: Option<&GameView>) -> Standing {
    if seat.finished.is_some() {
        return Standing::Over;
    }
    match view.map(|v| (v.brief.status, v.brief.to_move)) {
        Some((Status::Open, _)) => Standing::Open,
        Some((Status::Over(_), _)) => Standing::Over,
        Some((_, to_move)) if to_move == Some(seat.seat) => Standing::YourMove,
        Some(_) => Standing::TheirMove,
        None => Standing::Unknown,
    }
}

/// The finished game of `view`, to keep.
pub(super) fn finished_of(view: &GameView) -> Option<KeptGame> {
    let Status::Over(ending) = view.brief.status else {
        return None;
    };
    let name = |seat: usize| view.names[seat].clone().unwrap_or_else(|| "…".into());
    Some(KeptGame {
        setup: view.setup.clone(),
        names: [name(0), name(1)],
        moves: view.moves.clone(),
        ending,
    })
}

/// The result for the player of `seat`, their points first: `lost 3–61`.
fn result_text(t: &Texts, seat: u8, game: &KeptGame) -> String {
    let o = t.online();
    let ending = &game.ending;
    let word = match (ending.reason, ending.score.winner) {
        (Reason::Aborted, _) => o.result_aborted(),
        (Reason::DoubleForfeit, _) => o.result_lost(),
        (Reason::Cancelled, _) => o.over_cancelled(),
        (_, Some(winner)) if winner == seat => o.result_won(),
        (_, Some(_)) => o.result_lost(),
        (_, None) => o.result_drawn(),
    };
    match ending.score.points {
        Some(points) => {
            let mine = usize::from(seat & 1);
            format!("{word} {}", o.score(points[mine], points[1 - mine]))
        }
        None => word.to_string(),
    }
}

/// The game on its game's page, with the engine (its share link).
fn analyse_href(game: &KeptGame) -> Option<String> {
    fn link<G: Formats>(route: &str, game: &KeptGame) -> Option<String> {
        let session = session_of::<G>(&game.setup.rules, &game.moves)?;
        Some(format!(
            "#/{route}?{}",
            encode::<G>(&session.settings, &session.record)
        ))
    }
    match game.setup.game {
        GameKind::Othello => link::<Othello>("othello", game),
        GameKind::Opok => link::<Opok>("opok", game),
        GameKind::Nim => link::<Nim>("nim", game),
    }
}

/// The day a kept seat was first kept, as a record's date (`2026-12-03`).
fn iso_date(ms: u64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    String::from(date.to_iso_string())
        .chars()
        .take(10)
        .collect()
}

/// A finished game's row: its result, date and time, and its downloads.
fn finished_row(t: &Texts, seat: &KeptSeat, game: &KeptGame) -> Html {
    let o = t.online();
    let download = |ggf: bool| {
        let (seat, date) = (seat.clone(), iso_date(seat.since_ms));
        Callback::from(move |_: MouseEvent| {
            if let Some((name, text)) = game_file(&seat, &date, ggf) {
                browser::download(&name, "text/plain", &text);
            }
        })
    };
    let date = (seat.since_ms > 0).then(|| date_text(t, seat.since_ms as f64, false));
    html! {
        <>
            <span class="my-game-result" data-testid="my-game-result">{ result_text(t, seat.seat, game) }</span>
            if let Some(date) = date {
                <span class="my-game-date">{ date }</span>
            }
            <span class="my-game-time">{ timing_text(t, &game.setup.timing) }</span>
            <span class="my-game-files">
                <button type="button" onclick={download(false)} data-testid="my-game-transcript">{ o.transcript() }</button>
                if game.setup.game == GameKind::Othello {
                    <button type="button" onclick={download(true)} data-testid="my-game-ggf">{ "GGF" }</button>
                }
                if let Some(href) = analyse_href(game).filter(|_| !game.moves.is_empty()) {
                    <a class="button" {href} data-testid="my-game-analyse">{ o.analyse() }</a>
                }
            </span>
        </>
    }
}

/// One kept game.
fn row(t: &Texts, seat: &KeptSeat, view: Option<&GameView>) -> Html {
    let o = t.online();
    let names = match (&seat.finished, view) {
        (Some(game), _) => Some(o.vs(game.names[0].as_str(), game.names[1].as_str())),
        (None, Some(view)) => {
            let name = |s: usize| view.names[s].clone().unwrap_or_else(|| "…".into());
            Some(o.vs(name(0), name(1)))
        }
        (None, None) => None,
    };
    let setup = seat
        .finished
        .as_ref()
        .map(|g| &g.setup)
        .or(view.map(|v| &v.setup));
    let title = match setup {
        Some(setup) => game_text(t, setup),
        None => game_name(t, seat.kind).to_string(),
    };
    let open_until = view
        .filter(|v| seat.finished.is_none() && v.brief.status == Status::Open)
        .and_then(|v| v.expires_ms);
    html! {
        <li class="my-game" data-testid="my-game">
            <a href={seat.link().fragment()}>
                { title }
                if let Some(names) = names {
                    { format!(": {names}") }
                }
            </a>
            if let Some(game) = &seat.finished {
                { finished_row(t, seat, game) }
            } else if let Some(setup) = setup {
                <span class="my-game-time">{ timing_text(t, &setup.timing) }</span>
            }
            if let Some(expires) = open_until {
                <span class="my-game-expires">{ o.open_until(date_text(t, expires as f64, true)) }</span>
            }
        </li>
    }
}

/// The list.
#[function_component(MyGames)]
pub fn my_games() -> Html {
    let t = use_texts();
    let o = t.online();
    let seats = use_state(kept::seats);
    let views = use_state(Vec::<(String, GameView)>::new);
    {
        let (views, seats) = (views.clone(), seats.clone());
        use_effect_with((), move |_| {
            let asked: Vec<KeptSeat> = seats
                .iter()
                .filter(|s| s.finished.is_none())
                .take(20)
                .cloned()
                .collect();
            wasm_bindgen_futures::spawn_local(async move {
                let mut found = Vec::new();
                for seat in asked {
                    let path = format!("/api/v1/games/{}", seat.game);
                    let view = net::request("GET", &path, None)
                        .await
                        .filter(|(status, _)| *status == 200)
                        .and_then(|(_, text)| crate::json::from_str::<GameView>(&text).ok());
                    if let Some(view) = view {
                        if let Some(game) = finished_of(&view) {
                            kept::finish(&seat.game, game);
                        }
                        found.push((seat.game.clone(), view));
                    }
                }
                views.set(found);
                seats.set(kept::seats());
            });
        });
    }
    let view_of = |seat: &KeptSeat| {
        views
            .iter()
            .find(|(game, _)| *game == seat.game)
            .map(|(_, v)| v)
    };
    let section = |which: Standing, heading: Option<&'static str>, testid: &'static str| {
        let rows: Vec<Html> = seats
            .iter()
            .filter(|seat| standing(seat, view_of(seat)) == which)
            .map(|seat| row(t, seat, view_of(seat)))
            .collect();
        (!rows.is_empty()).then(|| {
            html! {
                <section class="my-games-part" data-testid={testid}>
                    if let Some(heading) = heading {
                        <h3>{ heading }</h3>
                    }
                    <ul>{ for rows }</ul>
                </section>
            }
        })
    };
    html! {
        <section class="my-games" aria-labelledby="my-games-title">
            <h2 id="my-games-title">{ o.my_games() }</h2>
            if seats.is_empty() {
                <p>{ o.my_games_empty() }</p>
            } else {
                { section(Standing::YourMove, Some(o.games_your_move()), "my-games-your-move").unwrap_or_default() }
                { section(Standing::TheirMove, Some(o.games_their_move()), "my-games-their-move").unwrap_or_default() }
                { section(Standing::Open, Some(o.games_open()), "my-games-open").unwrap_or_default() }
                // Games the server did not say anything of (it could not be reached).
                { section(Standing::Unknown, None, "my-games-unknown").unwrap_or_default() }
                { section(Standing::Over, Some(o.games_over()), "my-games-over").unwrap_or_default() }
            }
        </section>
    }
}
