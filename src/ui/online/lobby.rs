//! The lobby (`#/online`): the open public challenges, live (a new one
//! appears, a taken one goes), each with the side the one who accepts
//! plays, how long it has waited, and a button that takes its seat; and
//! "My online games".

use yew::prelude::*;

use crate::i18n::Texts;
use crate::online::protocol::{Challenge, JoinRequest, Seated, ServerMessage};
use crate::online::room::open_for_ms;

use super::super::context::use_texts;
use super::facts::{rules_text, side_of, timing_text};
use super::mine::{game_name, MyGames};
use super::net::Live;
use super::page::seated_here;
use super::players::date_text;
use super::{ask, kept};

/// The challenges as the lobby's messages change them.
fn follow(list: &mut Vec<Challenge>, message: ServerMessage) {
    match message {
        ServerMessage::Lobby { challenges } => *list = challenges,
        ServerMessage::ChallengeOpened { challenge } => {
            list.retain(|c| c.game != challenge.game);
            list.insert(0, challenge);
        }
        ServerMessage::ChallengeClosed { game } => list.retain(|c| c.game != game),
        _ => {}
    }
}

/// The lobby page.
#[function_component(Lobby)]
pub fn lobby() -> Html {
    let t = use_texts();
    let o = t.online();
    let challenges = use_mut_ref(Vec::<Challenge>::new);
    let shown = use_state(Vec::<Challenge>::new);
    let name = use_state(kept::name);
    let problem = use_state(|| None::<String>);
    {
        let shown = shown.clone();
        use_effect_with((), move |_| {
            let on_message = Callback::from(move |text: String| {
                if let Ok(message) = crate::json::from_str::<ServerMessage>(&text) {
                    follow(&mut challenges.borrow_mut(), message);
                    shown.set(challenges.borrow().clone());
                }
            });
            let live = Live::open("/api/v1/lobby/live", None, on_message, Callback::noop());
            move || live.close()
        });
    }
    let accept = |challenge: &Challenge| {
        let (name, problem) = (name.clone(), problem.clone());
        let (game, kind) = (challenge.game.clone(), challenge.setup.game);
        Callback::from(move |_: MouseEvent| {
            let request = JoinRequest {
                name: (*name).clone(),
                invite: None,
            };
            let (game, problem) = (game.clone(), problem.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let path = format!("/api/v1/games/{game}/join");
                let body = serde_json::to_string(&request).ok();
                match ask::<Seated>(t, "POST", &path, body).await {
                    Ok(seated) => {
                        kept::keep_name(&request.name);
                        seated_here(kind, seated);
                    }
                    Err(text) => problem.set(Some(text)),
                }
            });
        })
    };
    let oninput = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            name.set(input.value());
        })
    };
    let now = js_sys::Date::now();
    let rows = shown.iter().map(|c| {
        html! {
            <tr data-testid="challenge">
                <td>{ game_name(t, c.setup.game) }</td>
                <td class="rules">{ rules_text(t, &c.setup.rules) }</td>
                <td>{ timing_text(t, &c.setup.timing) }</td>
                <td data-testid="challenge-colour">{ side_of(t, c.setup.game, c.seat) }</td>
                <td>{ c.name.clone() }</td>
                <td data-testid="challenge-age">{ age_text(t, now - c.created_ms as f64) }</td>
                <td data-testid="challenge-expires">{ date_text(t, expires_ms(c) as f64, true) }</td>
                <td><button type="button" class="primary" onclick={accept(c)} data-testid="accept">{ o.accept() }</button></td>
            </tr>
        }
    });
    html! {
        <section class="lobby">
            <h1>{ t.common.online_play() }</h1>
            <p>{ o.lobby_intro() }</p>
            <div class="field">
                <label for="lobby-name">{ o.your_name() }</label>
                <input id="lobby-name" type="text" maxlength="32" value={(*name).clone()} {oninput}
                    autocomplete="nickname" data-testid="online-name" />
            </div>
            if let Some(problem) = &*problem {
                <p class="online-problem" role="alert">{ problem }</p>
            }
            if shown.is_empty() {
                <p data-testid="lobby-empty">{ o.lobby_empty() }</p>
            } else {
                <div class="table-scroll">
                    <table class="challenges">
                        <thead><tr>
                            <th scope="col">{ o.game() }</th><th scope="col">{ o.settings() }</th>
                            <th scope="col">{ o.time_control() }</th><th scope="col">{ o.colour() }</th>
                            <th scope="col">{ o.waits() }</th><th scope="col">{ o.waited() }</th>
                            <th scope="col">{ o.open_until_heading() }</th><th />
                        </tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
            }
            <MyGames />
        </section>
    }
}

/// How long a challenge has waited: `just now`, `5 min`, `2 h`, `3 d`.
fn age_text(t: &Texts, ms: f64) -> String {
    let o = t.online();
    let minutes = (ms.max(0.0) / 60_000.0) as u64;
    match minutes {
        0 => o.just_now().into(),
        1..=59 => o.minutes_ago(minutes),
        60..=1439 => o.hours_ago(minutes / 60),
        _ => o.days_ago(minutes / 1440),
    }
}

/// When a challenge expires (one listed before the server said so: a day
/// or a week after it was made, as the server's rule has it).
fn expires_ms(challenge: &Challenge) -> u64 {
    match challenge.expires_ms {
        0 => challenge.created_ms + open_for_ms(&challenge.setup.timing),
        expires => expires,
    }
}
