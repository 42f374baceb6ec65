//! Creating an event on the server (`#/event/new`): from settings alone
//! (`POST /events`: name, game and board, time control, Swiss or round
//! robin, rounds, start limit) or from a tournament file the club manager
//! saves (`POST /events/import`, JSON or CSV). Either opens the new
//! event's organiser view; a refusal is said in words beside the form
//! (`EventTexts::error`), and the server keeps nothing of it.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::club::tournament::{Format, MAX_ROUNDS};
use crate::i18n::Texts;
use crate::online::event::{
    ClubClaim, CreateEvent, Created, ImportEvent, CONTROLS, DEFAULT_START_LIMIT_S,
};
use crate::online::setup::{GameKind, Timing};
use crate::route::Route;

use super::super::browser;
use super::super::common::field::use_first_value;
use super::super::context::{use_app, use_texts};
use super::super::online::mine::game_name;
use super::super::online::net;
use super::clubs::kept;

pub use crate::route::is_new_event as is_new;

/// The club `rest` names (`new?club=<id>`, the club page's "New event"),
/// or none.
pub fn club_in(rest: &str) -> AttrValue {
    let query = rest.split_once('?').map_or("", |(_, q)| q);
    let club = query.split('&').find_map(|pair| pair.strip_prefix("club="));
    AttrValue::from(club.unwrap_or_default().to_string())
}

/// The club the form chose, with the token this browser keeps for it.
fn club_claim(form: &web_sys::HtmlFormElement) -> ClubClaim {
    let id = field(form, "club");
    if id.is_empty() {
        return ClubClaim::default();
    }
    ClubClaim {
        token: kept::token(&id),
        id: Some(id),
    }
}

/// The choice of club among those this browser holds (none: no field).
fn club_field(t: &Texts, id: &str, chosen: &str) -> Html {
    let clubs = kept::all();
    if clubs.is_empty() {
        return Html::default();
    }
    let options = clubs.iter().map(|(club, kept)| {
        let name = if kept.name.is_empty() {
            club.clone()
        } else {
            kept.name.clone()
        };
        html! { <option value={club.clone()} selected={club == chosen}>{ name }</option> }
    });
    html! {
        <div class="field">
            <label for={id.to_string()}>{ t.clubs().run_in() }</label>
            <select id={id.to_string()} name="club" data-testid={id.to_string()}>
                { for options }
                <option value="" selected={!clubs.contains_key(chosen)}>{ t.clubs().no_club() }</option>
            </select>
        </div>
    }
}

/// Sends a creation (`body`, JSON) to `path`; on `201` opens the new
/// event's organiser view (which keeps the token and takes it out of the
/// address) and answers an empty text, else what to tell the organiser (a
/// static site without the server: that club events need it).
pub async fn create_and_open(t: &'static Texts, path: &str, body: Option<String>) -> String {
    let answer = net::request("POST", path, body).await;
    let created = match &answer {
        Some((201, text)) => crate::json::from_str::<Created>(text).ok(),
        _ => None,
    };
    match (created, answer) {
        (Some(created), _) => {
            // A file's players' links, for the organiser to hand out
            // (kept: the server keeps only their hashes).
            if !created.players.is_empty() {
                let _ = super::link::keep(&created.event, |k| {
                    for p in &created.players {
                        k.links.insert(p.name.clone(), p.token.clone());
                    }
                });
            }
            let fragment =
                Route::Event(format!("{}?organiser={}", created.event, created.organiser))
                    .fragment();
            let _ = browser::window().location().set_hash(&fragment);
            String::new()
        }
        (None, Some((status, body))) if !matches!(status, 404 | 405) || body.starts_with('{') => {
            t.event().error(status, &body)
        }
        (None, _) => t.event().no_server().into(),
    }
}

/// The value of the form field named `name` (an input or a select).
fn field(form: &web_sys::HtmlFormElement, name: &str) -> String {
    let Some(element) = form.get_with_name(name) else {
        return String::new();
    };
    if let Some(input) = element.dyn_ref::<web_sys::HtmlInputElement>() {
        input.value()
    } else if let Some(select) = element.dyn_ref::<web_sys::HtmlSelectElement>() {
        select.value()
    } else {
        String::new()
    }
}

/// Whether the form's checkbox `name` is ticked.
fn checked(form: &web_sys::HtmlFormElement, name: &str) -> bool {
    form.get_with_name(name)
        .and_then(|element| element.dyn_into::<web_sys::HtmlInputElement>().ok())
        .is_some_and(|input| input.checked())
}

/// The choice of playing at the tables (no online games, no clocks).
fn at_tables_field(t: &Texts, id: &str) -> Html {
    html! {
        <div class="field">
            <label class="choice" for={id.to_string()}>
                <input id={id.to_string()} name="at_tables" type="checkbox" data-testid={id.to_string()} />
                { t.event().at_tables_field() }
            </label>
        </div>
    }
}

/// The start limit of the form (minutes, as typed) in seconds; what does
/// not read is sent as `0`, which the server refuses as `start_limit`.
fn start_limit(form: &web_sys::HtmlFormElement) -> Option<u32> {
    let minutes = field(form, "start_limit")
        .trim()
        .parse::<u32>()
        .unwrap_or(0);
    Some(minutes.saturating_mul(60))
}

/// The event the settings form describes.
fn settings(form: &web_sys::HtmlFormElement) -> CreateEvent {
    let game = GameKind::from_name(&field(form, "game")).unwrap_or(GameKind::Othello);
    let rules = match game {
        GameKind::Othello => format!("size={}", field(form, "size")),
        _ => String::new(),
    };
    let format = match field(form, "format").as_str() {
        "round_robin" => Format::RoundRobin,
        _ => Format::Swiss,
    };
    CreateEvent {
        name: field(form, "name").trim().to_string(),
        game,
        rules,
        timing: Timing::Live {
            control: field(form, "control"),
            completes: false,
        },
        format,
        rounds: field(form, "rounds").trim().parse().unwrap_or(0),
        start_limit_s: start_limit(form),
        at_tables: checked(form, "at_tables"),
        club: club_claim(form),
    }
}

/// Sends what `make` makes (`Err`: what to say instead) to `path`;
/// `busy` while it goes, `problem` what came back (also announced).
fn send(
    t: &'static Texts,
    path: &'static str,
    made: Result<String, String>,
    busy: UseStateHandle<bool>,
    problem: UseStateHandle<Option<String>>,
    announce: Callback<String>,
) {
    let body = match made {
        Ok(body) => body,
        Err(said) => {
            announce.emit(said.clone());
            problem.set(Some(said));
            return;
        }
    };
    busy.set(true);
    problem.set(None);
    wasm_bindgen_futures::spawn_local(async move {
        let said = create_and_open(t, path, Some(body)).await;
        busy.set(false);
        if !said.is_empty() {
            announce.emit(said.clone());
            problem.set(Some(said));
        }
    });
}

/// The time controls, the chosen one first selected.
fn control_options() -> Html {
    html! { <>{ for CONTROLS.iter().map(|c| html! { <option value={*c} selected={*c == "10+5"}>{ *c }</option> }) }</> }
}

/// The start limit's field (minutes) at `node`, whose first value
/// [`use_start_limit`] puts in.
fn start_limit_field(t: &Texts, id: &str, node: &NodeRef) -> Html {
    html! {
        <div class="field">
            <label for={id.to_string()}>{ t.event().start_limit_minutes() }</label>
            <input id={id.to_string()} name="start_limit" type="number" min="1" max="10080" inputmode="numeric"
                ref={node.clone()} data-testid={id.to_string()} />
        </div>
    }
}

/// The start limit field's node, holding the default until the user types
/// (a redraw of the form, a refusal or another game chosen, keeps it).
#[hook]
fn use_start_limit() -> NodeRef {
    let node = use_node_ref();
    use_first_value(&node, (DEFAULT_START_LIMIT_S / 60).to_string());
    node
}

/// What a form's refusal says (announced as well).
fn problem_line(problem: &Option<String>, id: &str) -> Html {
    match problem {
        Some(text) => {
            html! { <p class="online-problem" role="alert" data-testid={id.to_string()}>{ text.clone() }</p> }
        }
        None => Html::default(),
    }
}

/// Props of the pages' forms.
#[derive(Properties, PartialEq)]
pub struct CreateProps {
    /// The club chosen first (the club page's "New event"), or empty.
    #[prop_or_default]
    pub club: AttrValue,
}

/// The page: both ways of creating an event.
#[function_component(CreatePage)]
pub fn create_page(props: &CreateProps) -> Html {
    let t = use_texts();
    let e = t.event();
    html! {
        <section class="event-page event-create" data-testid="event-create">
            <h1>{ e.create_heading() }</h1>
            <p class="hints">{ e.create_intro() }</p>
            <SettingsForm club={props.club.clone()} />
            <UploadForm club={props.club.clone()} />
        </section>
    }
}

/// An event from settings alone.
#[function_component(SettingsForm)]
fn settings_form(props: &CreateProps) -> Html {
    let t = use_texts();
    let e = t.event();
    let announce = use_app().announce;
    let busy = use_state(|| false);
    let problem = use_state(|| None::<String>);
    let game = use_state(|| GameKind::Othello);
    let rounds = use_node_ref();
    use_first_value(&rounds, "5".to_string());
    let start = use_start_limit();
    let onsubmit = {
        let (busy, problem) = (busy.clone(), problem.clone());
        Callback::from(move |ev: SubmitEvent| {
            ev.prevent_default();
            let Some(form) = ev.target_dyn_into::<web_sys::HtmlFormElement>() else {
                return;
            };
            let body = serde_json::to_string(&settings(&form))
                .map_err(|_| t.event().refused_other().to_string());
            send(
                t,
                "/api/v1/events",
                body,
                busy.clone(),
                problem.clone(),
                announce.clone(),
            );
        })
    };
    let onchange = {
        let game = game.clone();
        Callback::from(move |ev: Event| {
            let select: web_sys::HtmlSelectElement = ev.target_unchecked_into();
            game.set(GameKind::from_name(&select.value()).unwrap_or(GameKind::Othello));
        })
    };
    let games = [GameKind::Othello, GameKind::Opok, GameKind::Nim].map(|kind| {
        html! { <option value={kind.name()} selected={*game == kind}>{ game_name(t, kind) }</option> }
    });
    html! {
        <form class="event-create-form online-join" {onsubmit} data-testid="event-create-settings">
            <h2>{ e.create_settings() }</h2>
            <div class="field">
                <label for="event-new-name">{ e.event_name() }</label>
                <input id="event-new-name" name="name" type="text" maxlength="100" required=true data-testid="event-new-name" />
            </div>
            <div class="field">
                <label for="event-new-game">{ e.game() }</label>
                <select id="event-new-game" name="game" {onchange} data-testid="event-new-game">{ for games }</select>
            </div>
            if *game == GameKind::Othello {
                <div class="field">
                    <label for="event-new-size">{ e.board_size() }</label>
                    <select id="event-new-size" name="size" data-testid="event-new-size">
                        { for [4, 6, 8].map(|n| html! { <option value={n.to_string()} selected={n == 8}>{ format!("{n}×{n}") }</option> }) }
                    </select>
                </div>
            }
            <div class="field">
                <label for="event-new-control">{ e.time_control() }</label>
                <select id="event-new-control" name="control" data-testid="event-new-control">{ control_options() }</select>
            </div>
            <div class="field">
                <label for="event-new-format">{ e.format() }</label>
                <select id="event-new-format" name="format" data-testid="event-new-format">
                    <option value="swiss" selected=true>{ e.swiss() }</option>
                    <option value="round_robin">{ e.round_robin() }</option>
                </select>
            </div>
            <div class="field">
                <label for="event-new-rounds">{ e.rounds_field() }</label>
                <input id="event-new-rounds" name="rounds" type="number" min="1" max={MAX_ROUNDS.to_string()} ref={rounds}
                    inputmode="numeric" data-testid="event-new-rounds" />
            </div>
            { start_limit_field(t, "event-new-start-limit", &start) }
            { club_field(t, "event-new-club", &props.club) }
            { at_tables_field(t, "event-new-at-tables") }
            <button type="submit" class="primary" disabled={*busy} data-testid="event-new-create">{ e.create() }</button>
            { problem_line(&problem, "event-create-problem") }
        </form>
    }
}

/// An event from a tournament file (JSON or CSV, as the club manager
/// saves it) with the time control and start limit chosen above it: the
/// file goes as soon as it is chosen.
#[function_component(UploadForm)]
fn upload_form(props: &CreateProps) -> Html {
    let t = use_texts();
    let e = t.event();
    let announce = use_app().announce;
    let busy = use_state(|| false);
    let problem = use_state(|| None::<String>);
    let form = use_node_ref();
    let start = use_start_limit();
    let read = {
        let (busy, problem, form) = (busy.clone(), problem.clone(), form.clone());
        Callback::from(move |text: Option<String>| {
            let Some(form) = form.cast::<web_sys::HtmlFormElement>() else {
                return;
            };
            let made = text
                .ok_or_else(|| t.event().upload_unreadable().to_string())
                .and_then(|file| {
                    let body = ImportEvent {
                        file,
                        rules: String::new(),
                        timing: Timing::Live {
                            control: field(&form, "control"),
                            completes: false,
                        },
                        start_limit_s: start_limit(&form),
                        at_tables: checked(&form, "at_tables"),
                        club: club_claim(&form),
                    };
                    serde_json::to_string(&body).map_err(|_| t.event().refused_other().to_string())
                });
            send(
                t,
                "/api/v1/events/import",
                made,
                busy.clone(),
                problem.clone(),
                announce.clone(),
            );
        })
    };
    let onsubmit = Callback::from(|ev: SubmitEvent| ev.prevent_default());
    html! {
        <form class="event-create-form online-join" ref={form} {onsubmit} data-testid="event-create-upload">
            <h2>{ e.create_upload() }</h2>
            <div class="field">
                <label for="event-upload-control">{ e.time_control() }</label>
                <select id="event-upload-control" name="control" data-testid="event-upload-control">{ control_options() }</select>
            </div>
            { start_limit_field(t, "event-upload-start-limit", &start) }
            { club_field(t, "event-upload-club", &props.club) }
            { at_tables_field(t, "event-upload-at-tables") }
            <div class="field">
                <label for="event-upload-file">{ e.upload_file() }</label>
                <input id="event-upload-file" type="file" accept="application/json,.json,text/csv,.csv" disabled={*busy}
                    onchange={browser::on_file_text(read)} data-testid="event-upload-file" />
            </div>
            { problem_line(&problem, "event-upload-problem") }
        </form>
    }
}
