//! `#/club`: a tournament kept in the browser — players, round robin or
//! Swiss rounds (the same pairing and standings code as `engine pair` and
//! `engine standings`), results and corrections of results entered,
//! standings with the Brightwell quotient for Othello, export and import as
//! JSON or CSV, standings as CSV, printing (the page, or the round's result
//! slips), and an undo for the last entry.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::club::csv::{read, to_csv};
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

/// What the parts of the page change: the tournament (through `set`, which
/// keeps the one before for "undo"), the round paired and not yet entered,
/// the result being corrected, the slips shown, and what the page says.
#[derive(Clone, PartialEq)]
struct Club {
    /// Replaces the tournament (kept, and undoable).
    set: Callback<Option<Tournament>>,
    /// The round paired, its results not yet saved.
    pending: UseStateHandle<Option<Pairings>>,
    /// The result being corrected: round and board.
    editing: UseStateHandle<Option<(u32, usize)>>,
    /// Whether the pending round's result slips are shown.
    slips: UseStateHandle<bool>,
    /// Counts the requests to print (the page prints after drawing them).
    print: UseStateHandle<u32>,
    /// An error to show.
    message: UseStateHandle<String>,
    /// What was done (a correction, a file loaded).
    notice: UseStateHandle<String>,
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
    let notice = use_state(String::new);
    let pending = use_state(|| None::<Pairings>);
    let editing = use_state(|| None::<(u32, usize)>);
    let slips = use_state(|| false);
    let print = use_state(|| 0u32);
    // Printing waits until what is to be printed (the slips) is drawn.
    use_effect_with(*print, |requests| {
        if *requests > 0 {
            let _ = browser::window().print();
        }
    });
    let set = {
        let (tournament, history) = (tournament.clone(), history.clone());
        let (message, notice, editing) = (message.clone(), notice.clone(), editing.clone());
        Callback::from(move |next: Option<Tournament>| {
            history.borrow_mut().push((*tournament).clone());
            // A failed save is told by the app's banner.
            let _ = match &next {
                Some(t) => browser::store(KEY, &t.to_text()),
                None => browser::store(KEY, ""),
            };
            tournament.set(next);
            message.set(String::new());
            notice.set(String::new());
            editing.set(None);
        })
    };
    let club = Club {
        set: set.clone(),
        pending: pending.clone(),
        editing: editing.clone(),
        slips: slips.clone(),
        print: print.clone(),
        message: message.clone(),
        notice: notice.clone(),
    };
    let undo = {
        let (tournament, history, club) = (tournament.clone(), history.clone(), club.clone());
        Callback::from(move |_| {
            if let Some(before) = history.borrow_mut().pop() {
                let _ = match &before {
                    Some(t) => browser::store(KEY, &t.to_text()),
                    None => browser::store(KEY, ""),
                };
                tournament.set(before);
                club.pending.set(None);
                club.editing.set(None);
                club.slips.set(false);
                club.notice.set(String::new());
            }
        })
    };
    // A JSON or CSV file; one that is refused leaves the tournament as it is.
    let import = {
        let club = club.clone();
        browser::on_file_text(Callback::from(move |text: Option<String>| {
            match read(&text.unwrap_or_default()) {
                Ok(loaded) => {
                    club.set.emit(Some(loaded));
                    club.pending.set(None);
                    club.slips.set(false);
                    club.notice.set(t.club_play().imported.into());
                }
                Err(e) => {
                    club.notice.set(String::new());
                    club.message.set(t.club_play().import_failed(e));
                }
            }
        }))
    };
    let body = match &*tournament {
        None => html! { <Setup on_start={set.reform(Some)} /> },
        Some(current) => running(t, current, &club),
    };
    let with_slips = *slips && pending.is_some();
    html! {
        <section class={classes!("club", with_slips.then_some("with-slips"))}>
            <h1 tabindex="-1">{ t.club().title }</h1>
            { body }
            <div class="card-actions no-print">
                if let Some(current) = (*tournament).clone() {
                    <button onclick={Callback::from(move |_| browser::download("tournament.json", "application/json", &current.to_text()))}>{ t.club().export_json }</button>
                }
                if let Some(current) = (*tournament).clone() {
                    <button onclick={Callback::from(move |_| browser::download("tournament.csv", "text/csv", &to_csv(&current)))}>{ t.club_play().export_tournament_csv }</button>
                }
                if let Some(current) = (*tournament).clone() {
                    <button onclick={Callback::from(move |_| browser::download("standings.csv", "text/csv", &standings_csv(&current, &standings(&current))))}>{ t.club().export_csv }</button>
                }
                <label class="button file-button">{ t.club().import_json }
                    <input type="file" accept="application/json,.json,text/csv,.csv" class="visually-hidden" onchange={import} data-testid="club-import" />
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
            if !message.is_empty() { <p class="feedback wrong no-print" role="alert" data-testid="club-message">{ (*message).clone() }</p> }
            <p class="feedback right no-print" role="status" data-testid="club-notice" hidden={notice.is_empty()}>{ (*notice).clone() }</p>
        </section>
    }
}

/// A tournament under way: the players, the round to play, the standings,
/// the results so far (each open to correction).
fn running(t: &'static Texts, current: &Tournament, club: &Club) -> Html {
    let Club {
        set,
        pending,
        editing,
        slips,
        message,
        ..
    } = club;
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
        let (current, pending, message, slips) = (
            current.clone(),
            pending.clone(),
            message.clone(),
            slips.clone(),
        );
        Callback::from(move |_| match next_round(&current) {
            Ok(p) => {
                pending.set(Some(p));
                slips.set(false);
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
        let games = current.boards(round).map(|b| {
            let key = format!("{round}-{}", b.number);
            if **editing == Some((round, b.number)) {
                return html! {
                    <li key={key}>
                        <EditResult tournament={current.clone()} {round} board={b.number} club={club.clone()} />
                    </li>
                };
            }
            let open = {
                let (editing, number) = (editing.clone(), b.number);
                Callback::from(move |_| editing.set(Some((round, number))))
            };
            html! {
                <li key={key.clone()}>
                    <span>{ format!("{} – {} {}:{}", b.black, b.white, number(b.score[0]), number(b.score[1])) }</span>
                    <button class="small no-print" onclick={open} aria-label={t.club_play().edit_label(round, b.number)} data-testid={format!("club-edit-{key}")}>{ t.club_play().edit }</button>
                </li>
            }
        });
        let byes = current.games.iter().filter_map(|g| match g {
            Entry::Bye { round: r, bye } if *r == round => Some(html! { <li key={format!("bye-{bye}")}>{ format!("{bye}: {}", t.club().bye) }</li> }),
            _ => None,
        });
        html! { <li><strong>{ t.club().round(round) }</strong><ul>{ for games }{ for byes }</ul></li> }
    });
    let finished = done >= current.rounds && pending.is_none();
    let on_slips = {
        let (slips, print) = (slips.clone(), club.print.clone());
        Callback::from(move |()| {
            slips.set(true);
            print.set(*print + 1);
        })
    };
    let slips_view = match (&**pending, **slips) {
        (Some(p), true) => html! {
            <Slips tournament={current.clone()} pairings={p.clone()} on_print={on_slips.clone()} on_close={{
                let slips = slips.clone();
                Callback::from(move |()| {
                    slips.set(false);
                    browser::focus("[data-testid=club-print-slips]");
                })
            }} />
        },
        _ => Html::default(),
    };
    html! {
        <>
            <p class="club-summary">{ t.club().summary(game_name(t, current), current.rounds, current.players.len()) }</p>
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
                    <div class="table-scroll">
                        <table class="class-table" data-testid="club-standings">
                            <thead><tr><th scope="col">{ "#" }</th><th scope="col">{ t.club().name }</th><th scope="col">{ t.club().points }</th>{ heads }</tr></thead>
                            <tbody>{ for table }</tbody>
                        </table>
                    </div>
                </section>
            </div>
            { (**pending).clone().map(|p| html! { <RoundEntry pairings={p} tournament={current.clone()} set={set.clone()} pending={pending.clone()} on_slips={on_slips.clone()} /> }).unwrap_or_default() }
            { slips_view }
            if pending.is_none() && !finished {
                <button class="primary no-print" onclick={pair} data-testid="club-pair">{ t.club().pair_round(done + 1) }</button>
            }
            if finished {
                <p data-testid="club-finished">{ t.club().finished }</p>
            }
            <h2>{ t.club().results }</h2>
            <ol class="club-results" data-testid="club-results">{ for results }</ol>
        </>
    }
}

/// The tournament's game, by name.
fn game_name(t: &'static Texts, current: &Tournament) -> &'static str {
    match current.game.as_str() {
        "othello" => t.othello.name,
        "opok" => t.opok.name,
        _ => t.nim.name,
    }
}

/// The value of the input or select matching `selector` inside `root`.
fn field_value(root: &web_sys::Element, selector: &str) -> Option<String> {
    root.query_selector(selector).ok().flatten().and_then(|e| {
        e.clone()
            .dyn_into::<web_sys::HtmlInputElement>()
            .map(|i| i.value())
            .or_else(|_| {
                e.dyn_into::<web_sys::HtmlSelectElement>()
                    .map(|s| s.value())
            })
            .ok()
    })
}

/// A result as the select of a game other than Othello names it.
fn result_of(value: Option<&str>) -> Option<[f64; 2]> {
    match value {
        Some("1-0") => Some([1.0, 0.0]),
        Some("0.5-0.5") => Some([0.5, 0.5]),
        Some("0-1") => Some([0.0, 1.0]),
        _ => None,
    }
}

/// The options of the select of a result (not Othello), `selected` chosen.
fn result_options(selected: Option<[f64; 2]>) -> Html {
    let options = [
        ("1-0", "1 : 0", [1.0, 0.0]),
        ("0.5-0.5", "½ : ½", [0.5, 0.5]),
        ("0-1", "0 : 1", [0.0, 1.0]),
    ];
    html! {
        <>
            <option value="" selected={selected.is_none()}>{ "…" }</option>
            { for options.iter().map(|(value, label, score)| html! {
                <option value={*value} selected={selected == Some(*score)}>{ *label }</option>
            }) }
        </>
    }
}

#[derive(Properties, PartialEq)]
struct EditProps {
    tournament: Tournament,
    round: u32,
    board: usize,
    club: Club,
}

/// A result entered earlier, open to correction: the same fields as a new
/// result's, filled in; saving replaces the result (through
/// [`Tournament::correct`], undoable like any entry) and the standings
/// follow; the pairings of later rounds stay as they are.
#[function_component(EditResult)]
fn edit_result(props: &EditProps) -> Html {
    let t = use_app().t();
    let node = use_node_ref();
    let error = use_state(|| false);
    {
        let node = node.clone();
        use_effect_with((props.round, props.board), move |_| {
            if let Some(root) = node.cast::<web_sys::Element>() {
                browser::focus_within(&root, "input, select");
            }
        });
    }
    let Some(game) = props
        .tournament
        .boards(props.round)
        .find(|b| b.number == props.board)
    else {
        return Html::default();
    };
    let othello = props.tournament.is_othello();
    let (round, board) = (props.round, props.board);
    let refocus = move || {
        gloo_timers::callback::Timeout::new(0, move || {
            browser::focus(&format!("[data-testid=club-edit-{round}-{board}]"));
        })
        .forget();
    };
    let save = {
        let (node, current, club, error) = (
            node.clone(),
            props.tournament.clone(),
            props.club.clone(),
            error.clone(),
        );
        Callback::from(move |()| {
            let Some(root) = node.cast::<web_sys::Element>() else {
                return;
            };
            let disc = |side: usize| {
                field_value(&root, &format!("[data-edit='{side}']"))
                    .and_then(|v| v.trim().parse::<f64>().ok())
            };
            let score = if othello {
                disc(0).zip(disc(1)).map(|(a, b)| [a, b])
            } else {
                result_of(field_value(&root, "[data-edit='0']").as_deref())
            };
            let mut next = current.clone();
            match score.map(|score| next.correct(round, board, score)) {
                Some(Ok(())) => {
                    club.set.emit(Some(next));
                    club.notice.set(t.club_play().corrected(round, board));
                    refocus();
                }
                _ => error.set(true),
            }
        })
    };
    let cancel = {
        let editing = props.club.editing.clone();
        Callback::from(move |()| {
            editing.set(None);
            refocus();
        })
    };
    let onkeydown = {
        let (save, cancel) = (save.clone(), cancel.clone());
        Callback::from(move |e: KeyboardEvent| {
            let in_field = e
                .target_dyn_into::<web_sys::Element>()
                .is_some_and(|t| t.tag_name() == "INPUT");
            match e.key().as_str() {
                "Enter" if in_field => {
                    e.prevent_default();
                    save.emit(());
                }
                "Escape" => cancel.emit(()),
                _ => {}
            }
        })
    };
    let squares = props.tournament.squares();
    let fields = if othello {
        let side = |name: &str, colour: &str, i: usize, discs: f64| {
            html! {
                <label>{ format!("{name} ({colour})") }
                    <input type="number" min="0" max={squares.to_string()} value={discs.to_string()} data-edit={i.to_string()} />
                </label>
            }
        };
        html! {
            <>
                { side(game.black, t.othello.black, 0, game.score[0]) }
                { side(game.white, t.othello.white, 1, game.score[1]) }
            </>
        }
    } else {
        html! {
            <label>{ format!("{} – {}", game.black, game.white) }
                <select data-edit="0">{ result_options(Some(game.score)) }</select>
            </label>
        }
    };
    html! {
        <div class="club-edit" data-testid="club-edit">
            <div class="answer-form" ref={node} {onkeydown}>
                <strong>{ t.club_play().edit_label(round, board) }</strong>
                { fields }
                <button class="primary" onclick={save.reform(|_: MouseEvent| ())} data-testid="club-save-correction">{ t.club_play().save_correction }</button>
                <button onclick={cancel.reform(|_: MouseEvent| ())}>{ t.common.cancel }</button>
            </div>
            <p class="hints">{ t.club_play().correction_note }</p>
            if *error {
                <p class="feedback wrong" role="alert">{ t.club_play().correction_bad(squares) }</p>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct SlipsProps {
    tournament: Tournament,
    pairings: Pairings,
    on_print: Callback<()>,
    on_close: Callback<()>,
}

/// The result slips of a round: one per board, with the round, the board,
/// the two players and their colours, and blank fields for the discs (or
/// the result) and the signatures. Printed alone (the print stylesheet
/// hides the rest of the page while they are shown), several to a page.
#[function_component(Slips)]
fn slips(props: &SlipsProps) -> Html {
    let t = use_app().t();
    let othello = props.tournament.is_othello();
    let round = props.pairings.round;
    let event = if othello {
        format!(
            "{} · {} {n}×{n}",
            t.club().title,
            t.othello.name,
            n = props.tournament.size
        )
    } else {
        format!("{} · {}", t.club().title, game_name(t, &props.tournament))
    };
    let side = |mark: &str, colour: &str, name: &str| {
        html! {
            <tr>
                <th scope="row">{ format!("{mark}{colour}") }</th>
                <td class="slip-name">{ name.to_string() }</td>
                <td class="slip-blank">{ if othello { "" } else { "1      ½      0" } }</td>
                <td class="slip-blank"></td>
            </tr>
        }
    };
    let (first, second) = if othello {
        (("● ", t.othello.black), ("○ ", t.othello.white))
    } else {
        (("", t.club().first), ("", t.club().second))
    };
    let slips = props.pairings.pairs.iter().enumerate().map(|(i, pair)| {
        html! {
            <article class="slip" data-testid="club-slip">
                <p class="slip-head"><strong>{ t.club_play().slip_title(round, i + 1) }</strong><span>{ event.clone() }</span></p>
                <table class="slip-table">
                    <colgroup><col class="slip-side" /><col /><col class="slip-result" /><col class="slip-sign" /></colgroup>
                    <thead><tr>
                        <th scope="col"></th>
                        <th scope="col">{ t.club().name }</th>
                        <th scope="col">{ if othello { t.club().discs } else { t.club_play().circle_result } }</th>
                        <th scope="col">{ t.club_play().signature }</th>
                    </tr></thead>
                    <tbody>
                        { side(first.0, first.1, &pair.black) }
                        { side(second.0, second.1, &pair.white) }
                    </tbody>
                </table>
            </article>
        }
    });
    html! {
        <section class="club-slips" data-testid="club-slips" aria-labelledby="club-slips-heading">
            <div class="no-print">
                <h2 id="club-slips-heading">{ t.club_play().slips_heading(round) }</h2>
                <p>{ t.club_play().slips_note }</p>
                if let Some(bye) = &props.pairings.bye {
                    <p>{ format!("{}: {bye}", t.club().bye) }</p>
                }
                <div class="card-actions">
                    <button class="primary" onclick={props.on_print.reform(|_: MouseEvent| ())}>{ t.club().print }</button>
                    <button onclick={props.on_close.reform(|_: MouseEvent| ())} data-testid="club-slips-close">{ t.club_play().close_slips }</button>
                </div>
            </div>
            <div class="slips">{ for slips }</div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct RoundProps {
    pairings: Pairings,
    tournament: Tournament,
    set: Callback<Option<Tournament>>,
    pending: UseStateHandle<Option<Pairings>>,
    on_slips: Callback<()>,
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
            let field =
                |i: usize, side: usize| field_value(&root, &format!("[data-result='{i}-{side}']"));
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
                    match result_of(field(i, 0).as_deref()) {
                        Some(score) => score,
                        None => return error.set(true),
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
                        { result_options(None) }
                    </select>
                </td>
            }
        };
        html! { <tr><td>{ i + 1 }</td><td>{ pair.black.clone() }</td><td>{ pair.white.clone() }</td>{ result }</tr> }
    });
    html! {
        <section class="club-round" ref={node} data-testid="club-round">
            <h2>{ t.club().round(props.pairings.round) }</h2>
            <div class="table-scroll"><table class="class-table">
                <thead><tr><th scope="col">{ t.club().board }</th><th scope="col">{ if othello { t.othello.black } else { t.club().first } }</th><th scope="col">{ if othello { t.othello.white } else { t.club().second } }</th><th scope="col" colspan="2">{ t.club().result }</th></tr></thead>
                <tbody>{ for games }</tbody>
            </table></div>
            if let Some(bye) = &props.pairings.bye {
                <p>{ format!("{}: {bye}", t.club().bye) }</p>
            }
            if *error {
                <p class="feedback wrong" role="alert">{ t.club().results_missing }</p>
            }
            <div class="card-actions no-print">
                <button class="primary" onclick={save} data-testid="club-save">{ t.club().save_round }</button>
                <button onclick={props.on_slips.reform(|_: MouseEvent| ())} data-testid="club-print-slips">{ t.club_play().print_slips }</button>
            </div>
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
