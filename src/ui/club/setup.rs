//! The setup form of a new tournament: its name, place and date, the game
//! (Othello on the boards the game pages offer: 8×8, 6×6, 4×4), the
//! format, the rounds of a Swiss, the players. What it makes is checked
//! by `club::setup::new_tournament`, and a refusal is said in the reader's
//! language, with the line of the list at fault.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::club::setup::{new_tournament, Form};
use crate::club::tournament::{Format, Tournament};

use super::super::context::use_app;
use super::heading::format_name;

/// Othello's boards, as the game pages offer them (docs/tournament.md:
/// files of 10×10 tournaments are still read).
const SIZES: [u32; 3] = [8, 6, 4];

/// The value of the select or input an event came from.
fn field_of(e: &Event) -> String {
    let target = e.target();
    target
        .clone()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .map(|s| s.value())
        .or_else(|| {
            target
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                .map(|i| i.value())
        })
        .unwrap_or_default()
}

/// The value of the input or text area behind `node`.
fn text_of(node: &NodeRef) -> String {
    node.cast::<web_sys::HtmlInputElement>()
        .map(|i| i.value())
        .or_else(|| {
            node.cast::<web_sys::HtmlTextAreaElement>()
                .map(|t| t.value())
        })
        .unwrap_or_default()
}

#[derive(Properties, PartialEq)]
pub struct SetupProps {
    pub on_start: Callback<Tournament>,
}

/// A new tournament: its name, place and date, the game, the format, the
/// rounds, the players.
#[function_component(Setup)]
pub fn setup(props: &SetupProps) -> Html {
    let t = use_app().t();
    let game = use_state(|| "othello".to_string());
    let size = use_state(|| 8u32);
    let format = use_state(|| Format::Swiss);
    let rounds = use_state(|| 5u32);
    let name = use_node_ref();
    let place = use_node_ref();
    let date = use_node_ref();
    let players = use_node_ref();
    let error = use_state(String::new);
    let start = {
        let (game, size, format, rounds) = (game.clone(), *size, *format, *rounds);
        let nodes = (name.clone(), place.clone(), date.clone(), players.clone());
        let (on_start, error) = (props.on_start.clone(), error.clone());
        Callback::from(move |_| {
            let [name, place, date, players] =
                [&nodes.0, &nodes.1, &nodes.2, &nodes.3].map(text_of);
            let form = Form {
                game: &game,
                size,
                format,
                rounds,
                name: &name,
                place: &place,
                date: &date,
                players: &players,
            };
            match new_tournament(&form) {
                Ok(t) => on_start.emit(t),
                Err(e) => error.set(t.club_errors().setup(&e)),
            }
        })
    };
    let on_game = {
        let game = game.clone();
        Callback::from(move |e: Event| game.set(field_of(&e)))
    };
    let on_size = {
        let size = size.clone();
        Callback::from(move |e: Event| size.set(field_of(&e).parse().unwrap_or(8)))
    };
    let on_format = {
        let format = format.clone();
        Callback::from(move |e: Event| {
            format.set(match field_of(&e).as_str() {
                "round-robin" => Format::RoundRobin,
                "double-round-robin" => Format::DoubleRoundRobin,
                _ => Format::Swiss,
            })
        })
    };
    let on_rounds = {
        let rounds = rounds.clone();
        Callback::from(move |e: InputEvent| rounds.set(field_of(&e).parse().unwrap_or(5)))
    };
    let games = [
        ("othello", t.othello.name()),
        ("opok", t.opok.name()),
        ("nim", t.nim.name()),
    ];
    let formats = [
        (Format::Swiss, "swiss"),
        (Format::RoundRobin, "round-robin"),
        (Format::DoubleRoundRobin, "double-round-robin"),
    ];
    html! {
        <div class="set-form club-setup">
            <label>{ t.club().name_label() }<input type="text" ref={name} maxlength="200" data-testid="club-name" /></label>
            <label>{ t.club().place_label() }<input type="text" ref={place} maxlength="200" data-testid="club-place" /></label>
            <label>{ t.club().date_label() }<input type="date" ref={date} data-testid="club-date" /></label>
            <label>{ t.club().game() }
                <select onchange={on_game} data-testid="club-game">
                    { for games.iter().map(|(value, name)| html! { <option value={*value} selected={*game == *value}>{ *name }</option> }) }
                </select>
            </label>
            if *game == "othello" {
                <label>{ t.common.board_size() }
                    <select onchange={on_size} data-testid="club-size">
                        { for SIZES.iter().map(|n| html! { <option value={n.to_string()} selected={*size == *n}>{ format!("{n}×{n}") }</option> }) }
                    </select>
                </label>
            }
            <label>{ t.club().format() }
                <select onchange={on_format} data-testid="club-format">
                    { for formats.iter().map(|(f, value)| html! { <option value={*value} selected={*format == *f}>{ format_name(t, *f) }</option> }) }
                </select>
            </label>
            if *format == Format::Swiss {
                <label>{ t.club().rounds() }<input type="number" min="1" max="100" value={rounds.to_string()} oninput={on_rounds} data-testid="club-rounds" /></label>
            }
            <label>{ t.club().players_help() }<textarea ref={players} rows="8" data-testid="club-player-list" /></label>
            if !error.is_empty() { <p class="feedback wrong" role="alert" data-testid="club-setup-error">{ (*error).clone() }</p> }
            <button class="primary" onclick={start} data-testid="club-start">{ t.club().start() }</button>
        </div>
    }
}
