//! `#/club`: a tournament kept in the browser — players, round robin or
//! Swiss rounds (the same pairing and standings code as `engine pair` and
//! `engine standings`), results, standings with the Brightwell quotient for
//! Othello, export and import as JSON, standings as CSV, printing, and an
//! undo for the last entry.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::club::pairing::{next_round, Pairings};
use crate::club::standings::{standings, Standing};
use crate::club::tournament::{parse, Entry, Format, Player, Tournament};
use crate::i18n::Texts;

use super::super::browser;
use super::super::context::use_app;

/// Where the tournament is kept.
const KEY: &str = "mind-sports.club";

/// A number as a result shows it: `1`, `½`, `2½`, `12.25`.
fn number(x: f64) -> String {
    let whole = x.trunc();
    if x.fract() == 0.0 {
        format!("{whole}")
    } else if x.fract() == 0.5 {
        if whole == 0.0 {
            "½".into()
        } else {
            format!("{whole}½")
        }
    } else {
        format!("{:.2}", x)
    }
}

/// The standings as CSV (RFC 4180 quoting).
pub fn standings_csv(t: &Tournament, rows: &[Standing]) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out = if t.is_othello() {
        String::from("rank,name,points,brightwell,discs\n")
    } else {
        String::from("rank,name,points,buchholz,sonneborn_berger\n")
    };
    for r in rows {
        let extra = if t.is_othello() {
            format!("{},{}", r.brightwell.unwrap_or(0.0), r.discs.unwrap_or(0.0))
        } else {
            format!("{},{}", r.buchholz, r.sonneborn_berger)
        };
        out.push_str(&format!(
            "{},{},{},{extra}\n",
            r.rank,
            quote(&r.name),
            r.points
        ));
    }
    out
}

/// A new tournament from the setup form's values: one player per line
/// (`name`, or `name, rating, club`); round robins get their rounds from
/// the Berger tables.
pub fn new_tournament(
    game: &str,
    size: u32,
    format: Format,
    rounds: u32,
    players: &str,
) -> Result<Tournament, String> {
    let players: Vec<Player> = players
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|line| {
            let mut parts = line.split(',').map(str::trim);
            Player {
                name: parts.next().unwrap_or_default().to_string(),
                rating: parts.next().and_then(|r| r.parse().ok()),
                club: parts.next().filter(|c| !c.is_empty()).map(str::to_string),
                withdrawn_after: None,
            }
        })
        .collect();
    let n = players.len() as u32;
    if n < 2 {
        return Err("a tournament needs at least two players".into());
    }
    // A round robin has as many rounds as its Berger table.
    let single = if n % 2 == 0 { n - 1 } else { n };
    let rounds = match format {
        Format::Swiss => rounds,
        Format::RoundRobin => single,
        Format::DoubleRoundRobin => 2 * single,
    };
    let t = Tournament {
        game: game.to_string(),
        format,
        size,
        rounds: rounds.max(1),
        players,
        games: Vec::new(),
    };
    parse(&t.to_text()).map_err(|e| e.to_string())
}

/// The club page.
#[function_component(ClubPage)]
pub fn club_page() -> Html {
    let app = use_app();
    let t = app.t();
    let tournament = use_state(|| browser::load(KEY).and_then(|text| parse(&text).ok()));
    // The tournament before each entry, for "undo".
    let history = use_mut_ref(Vec::<Option<Tournament>>::new);
    let message = use_state(String::new);
    let pending = use_state(|| None::<Pairings>);
    let set = {
        let (tournament, history) = (tournament.clone(), history.clone());
        Callback::from(move |next: Option<Tournament>| {
            history.borrow_mut().push((*tournament).clone());
            match &next {
                Some(t) => browser::store(KEY, &t.to_text()),
                None => browser::store(KEY, ""),
            }
            tournament.set(next);
        })
    };
    let undo = {
        let (tournament, history, pending) = (tournament.clone(), history.clone(), pending.clone());
        Callback::from(move |_| {
            if let Some(before) = history.borrow_mut().pop() {
                match &before {
                    Some(t) => browser::store(KEY, &t.to_text()),
                    None => browser::store(KEY, ""),
                }
                tournament.set(before);
                pending.set(None);
            }
        })
    };
    let import = {
        let (set, message) = (set.clone(), message.clone());
        browser::on_file_text(Callback::from(move |text: Option<String>| {
            match parse(&text.unwrap_or_default()) {
                Ok(t) => {
                    set.emit(Some(t));
                    message.set(String::new());
                }
                Err(e) => message.set(e.to_string()),
            }
        }))
    };
    let body = match &*tournament {
        None => html! { <Setup on_start={set.reform(Some)} /> },
        Some(current) => running(t, current, &set, &pending, &message),
    };
    html! {
        <section class="club">
            <h1 tabindex="-1">{ t.club().title }</h1>
            { body }
            <div class="card-actions no-print">
                if let Some(current) = (*tournament).clone() {
                    <button onclick={Callback::from(move |_| browser::download("tournament.json", "application/json", &current.to_text()))}>{ t.club().export_json }</button>
                }
                if let Some(current) = (*tournament).clone() {
                    <button onclick={Callback::from(move |_| browser::download("standings.csv", "text/csv", &standings_csv(&current, &standings(&current))))}>{ t.club().export_csv }</button>
                }
                <label class="button file-button">{ t.club().import_json }
                    <input type="file" accept="application/json,.json" class="visually-hidden" onchange={import} data-testid="club-import" />
                </label>
                <button onclick={Callback::from(|_| { let _ = browser::window().print(); })}>{ t.club().print }</button>
                <button onclick={undo} disabled={history.borrow().is_empty()} data-testid="club-undo">{ t.club().undo }</button>
                if tournament.is_some() {
                    <button onclick={{
                        let set = set.clone();
                        Callback::from(move |_| {
                            if browser::window().confirm_with_message(t.club().new_confirm) == Ok(true) {
                                set.emit(None);
                            }
                        })
                    }}>{ t.club().new_tournament }</button>
                }
            </div>
            if !message.is_empty() { <p class="feedback wrong" role="alert">{ (*message).clone() }</p> }
        </section>
    }
}

/// A tournament under way: the players, the round to play, the standings,
/// the results so far.
fn running(
    t: &'static Texts,
    current: &Tournament,
    set: &Callback<Option<Tournament>>,
    pending: &UseStateHandle<Option<Pairings>>,
    message: &UseStateHandle<String>,
) -> Html {
    let rows = standings(current);
    let done = current
        .games
        .iter()
        .map(|g| match g {
            Entry::Game { round, .. } | Entry::Bye { round, .. } => *round,
        })
        .max()
        .unwrap_or(0);
    let pair = {
        let (current, pending, message) = (current.clone(), pending.clone(), message.clone());
        Callback::from(move |_| match next_round(&current) {
            Ok(p) => {
                pending.set(Some(p));
                message.set(String::new());
            }
            Err(e) => message.set(e.to_string()),
        })
    };
    let withdraw = |name: String| {
        let (current, set) = (current.clone(), set.clone());
        Callback::from(move |_| {
            let mut next = current.clone();
            if let Some(p) = next.players.iter_mut().find(|p| p.name == name) {
                p.withdrawn_after = Some(done);
            }
            set.emit(Some(next));
        })
    };
    let players = current.players.iter().map(|p| {
        html! {
            <li>
                { p.name.clone() }
                if let Some(after) = p.withdrawn_after {
                    { format!(" ({})", t.club().withdrawn_after(after)) }
                } else {
                    <button class="small no-print" onclick={withdraw(p.name.clone())}>{ t.club().withdraw }</button>
                }
            </li>
        }
    });
    let late = {
        let (current, set) = (current.clone(), set.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.key() != "Enter" {
                return;
            }
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let name = input.value().trim().to_string();
            if name.is_empty() || current.players.iter().any(|p| p.name == name) {
                return;
            }
            let mut next = current.clone();
            next.players.push(Player {
                name,
                rating: None,
                club: None,
                withdrawn_after: None,
            });
            input.set_value("");
            set.emit(Some(next));
        })
    };
    let table = rows.iter().map(|r| {
        let extra = if current.is_othello() {
            html! { <><td>{ number(r.brightwell.unwrap_or(0.0)) }</td><td>{ number(r.discs.unwrap_or(0.0)) }</td></> }
        } else {
            html! { <><td>{ number(r.buchholz) }</td><td>{ number(r.sonneborn_berger) }</td></> }
        };
        html! { <tr><td>{ r.rank }</td><th scope="row">{ r.name.clone() }</th><td>{ number(r.points) }</td>{ extra }</tr> }
    });
    let heads = if current.is_othello() {
        html! { <><th scope="col">{ t.club().brightwell }</th><th scope="col">{ t.club().discs }</th></> }
    } else {
        html! { <><th scope="col">{ "Buchholz" }</th><th scope="col">{ "Sonneborn–Berger" }</th></> }
    };
    let results = (1..=done).map(|round| {
        let games = current.games.iter().filter_map(|g| match g {
            Entry::Game { round: r, black, white, score } if *r == round => {
                Some(format!("{black} – {white} {}:{}", number(score[0]), number(score[1])))
            }
            Entry::Bye { round: r, bye } if *r == round => Some(format!("{bye}: {}", t.club().bye)),
            _ => None,
        });
        html! { <li><strong>{ t.club().round(round) }</strong><ul>{ for games.map(|g| html! { <li>{ g }</li> }) }</ul></li> }
    });
    let finished = done >= current.rounds && pending.is_none();
    html! {
        <>
            <p class="club-summary">{ t.club().summary(match current.game.as_str() { "othello" => t.othello.name, "opok" => t.opok.name, _ => t.nim.name }, current.rounds, current.players.len()) }</p>
            <div class="club-columns">
                <section>
                    <h2>{ t.club().players }</h2>
                    <ul class="club-players" data-testid="club-players">{ for players }</ul>
                    if current.format == Format::Swiss {
                        <label class="no-print">{ t.club().late_entry }<input type="text" onkeydown={late} data-testid="club-late" /></label>
                    }
                </section>
                <section>
                    <h2>{ t.club().standings }</h2>
                    <table class="class-table" data-testid="club-standings">
                        <thead><tr><th scope="col">{ "#" }</th><th scope="col">{ t.club().name }</th><th scope="col">{ t.club().points }</th>{ heads }</tr></thead>
                        <tbody>{ for table }</tbody>
                    </table>
                </section>
            </div>
            { (**pending).clone().map(|p| html! { <RoundEntry pairings={p} tournament={current.clone()} set={set.clone()} pending={pending.clone()} /> }).unwrap_or_default() }
            if pending.is_none() && !finished {
                <button class="primary no-print" onclick={pair} data-testid="club-pair">{ t.club().pair_round(done + 1) }</button>
            }
            if finished {
                <p data-testid="club-finished">{ t.club().finished }</p>
            }
            <h2>{ t.club().results }</h2>
            <ol class="club-results">{ for results }</ol>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct RoundProps {
    pairings: Pairings,
    tournament: Tournament,
    set: Callback<Option<Tournament>>,
    pending: UseStateHandle<Option<Pairings>>,
}

/// The pairings of a round with a result field per game.
#[function_component(RoundEntry)]
fn round_entry(props: &RoundProps) -> Html {
    let t = use_app().t();
    let node = use_node_ref();
    let error = use_state(|| false);
    let othello = props.tournament.is_othello();
    let save = {
        let (node, props_t, pairings, set, pending, error) = (
            node.clone(),
            props.tournament.clone(),
            props.pairings.clone(),
            props.set.clone(),
            props.pending.clone(),
            error.clone(),
        );
        Callback::from(move |_| {
            let Some(root) = node.cast::<web_sys::Element>() else {
                return;
            };
            let field = |i: usize, side: usize| -> Option<String> {
                root.query_selector(&format!("[data-result='{i}-{side}']"))
                    .ok()
                    .flatten()
                    .and_then(|e| {
                        e.clone()
                            .dyn_into::<web_sys::HtmlInputElement>()
                            .map(|i| i.value())
                            .or_else(|_| {
                                e.dyn_into::<web_sys::HtmlSelectElement>()
                                    .map(|s| s.value())
                            })
                            .ok()
                    })
            };
            let mut next = props_t.clone();
            for (i, pair) in pairings.pairs.iter().enumerate() {
                let score = if othello {
                    let a = field(i, 0).and_then(|v| v.trim().parse::<f64>().ok());
                    let b = field(i, 1).and_then(|v| v.trim().parse::<f64>().ok());
                    match (a, b) {
                        (Some(a), Some(b)) => [a, b],
                        _ => return error.set(true),
                    }
                } else {
                    match field(i, 0).as_deref() {
                        Some("1-0") => [1.0, 0.0],
                        Some("0.5-0.5") => [0.5, 0.5],
                        Some("0-1") => [0.0, 1.0],
                        _ => return error.set(true),
                    }
                };
                next.games.push(Entry::Game {
                    round: pairings.round,
                    black: pair.black.clone(),
                    white: pair.white.clone(),
                    score,
                });
            }
            if let Some(bye) = &pairings.bye {
                next.games.push(Entry::Bye {
                    round: pairings.round,
                    bye: bye.clone(),
                });
            }
            match parse(&next.to_text()) {
                Ok(next) => {
                    set.emit(Some(next));
                    pending.set(None);
                }
                Err(_) => error.set(true),
            }
        })
    };
    let games = props.pairings.pairs.iter().enumerate().map(|(i, pair)| {
        let result = if othello {
            html! {
                <>
                    <td><input type="number" min="0" aria-label={format!("{} ({})", pair.black, t.othello.black)} data-result={format!("{i}-0")} /></td>
                    <td><input type="number" min="0" aria-label={format!("{} ({})", pair.white, t.othello.white)} data-result={format!("{i}-1")} /></td>
                </>
            }
        } else {
            html! {
                <td colspan="2">
                    <select aria-label={format!("{} – {}", pair.black, pair.white)} data-result={format!("{i}-0")}>
                        <option value="">{ "…" }</option>
                        <option value="1-0">{ "1 : 0" }</option>
                        <option value="0.5-0.5">{ "½ : ½" }</option>
                        <option value="0-1">{ "0 : 1" }</option>
                    </select>
                </td>
            }
        };
        html! { <tr><td>{ i + 1 }</td><td>{ pair.black.clone() }</td><td>{ pair.white.clone() }</td>{ result }</tr> }
    });
    html! {
        <section class="club-round" ref={node} data-testid="club-round">
            <h2>{ t.club().round(props.pairings.round) }</h2>
            <table class="class-table">
                <thead><tr><th scope="col">{ t.club().board }</th><th scope="col">{ if othello { t.othello.black } else { t.club().first } }</th><th scope="col">{ if othello { t.othello.white } else { t.club().second } }</th><th scope="col" colspan="2">{ t.club().result }</th></tr></thead>
                <tbody>{ for games }</tbody>
            </table>
            if let Some(bye) = &props.pairings.bye {
                <p>{ format!("{}: {bye}", t.club().bye) }</p>
            }
            if *error {
                <p class="feedback wrong" role="alert">{ t.club().results_missing }</p>
            }
            <button class="primary no-print" onclick={save} data-testid="club-save">{ t.club().save_round }</button>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct SetupProps {
    on_start: Callback<Tournament>,
}

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

/// A new tournament: the game, the format, the rounds, the players.
#[function_component(Setup)]
fn setup(props: &SetupProps) -> Html {
    let t = use_app().t();
    let game = use_state(|| "othello".to_string());
    let size = use_state(|| 8u32);
    let format = use_state(|| Format::Swiss);
    let rounds = use_state(|| 5u32);
    let players = use_node_ref();
    let error = use_state(String::new);
    let start = {
        let (game, size, format, rounds) =
            (game.clone(), size.clone(), format.clone(), rounds.clone());
        let (players, on_start, error) = (players.clone(), props.on_start.clone(), error.clone());
        Callback::from(move |_| {
            let list = players
                .cast::<web_sys::HtmlTextAreaElement>()
                .map(|t| t.value())
                .unwrap_or_default();
            match new_tournament(&game, *size, *format, *rounds, &list) {
                Ok(t) => on_start.emit(t),
                Err(e) => error.set(e),
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
        ("othello", t.othello.name),
        ("opok", t.opok.name),
        ("nim", t.nim.name),
    ];
    let formats = [
        (Format::Swiss, "swiss", t.club().swiss),
        (Format::RoundRobin, "round-robin", t.club().round_robin),
        (
            Format::DoubleRoundRobin,
            "double-round-robin",
            t.club().double_round_robin,
        ),
    ];
    html! {
        <div class="set-form">
            <label>{ t.club().game }
                <select onchange={on_game} data-testid="club-game">
                    { for games.iter().map(|(value, name)| html! { <option value={*value} selected={*game == *value}>{ *name }</option> }) }
                </select>
            </label>
            if *game == "othello" {
                <label>{ t.common.board_size }
                    <select onchange={on_size} data-testid="club-size">
                        { for [8u32, 6, 10, 4].iter().map(|n| html! { <option value={n.to_string()} selected={*size == *n}>{ format!("{n}×{n}") }</option> }) }
                    </select>
                </label>
            }
            <label>{ t.club().format }
                <select onchange={on_format} data-testid="club-format">
                    { for formats.iter().map(|(f, value, name)| html! { <option value={*value} selected={*format == *f}>{ *name }</option> }) }
                </select>
            </label>
            if *format == Format::Swiss {
                <label>{ t.club().rounds }<input type="number" min="1" max="100" value={rounds.to_string()} oninput={on_rounds} data-testid="club-rounds" /></label>
            }
            <label>{ t.club().players_help }<textarea ref={players} rows="8" data-testid="club-player-list" /></label>
            if !error.is_empty() { <p class="feedback wrong" role="alert">{ (*error).clone() }</p> }
            <button class="primary" onclick={start} data-testid="club-start">{ t.club().start }</button>
        </div>
    }
}
