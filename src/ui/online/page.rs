//! An online game's page (`#/online/<game>/<id>`), the same for the three
//! games (each draws its own board through [`PageGame::online_board`]): a
//! visitor with an invitation, or on an open public game, is asked for a
//! name and joins; a player (the token in the link or kept in this
//! browser) plays; anyone else watches. Moves, clocks and the end come
//! from the server over the live connection; the page says every move as
//! it says the computer's.

use std::rc::Rc;

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::i18n::session::announcement_text;
use crate::online::protocol::{ClientMessage, GameView, JoinRequest, Seated, ServerMessage};
use crate::online::room::Status;
use crate::online::setup::GameKind;
use crate::session::core::Action;
use crate::session::online::{KeptSeat, NotSent, OnlineAction, OnlineGame, OnlineLink};

use super::super::browser;
use super::super::common::listeners::use_speech;
use super::super::context::{use_app, use_texts};
use super::super::shell::clock::now;
use super::super::shell::PageGame;
use super::net::Live;
use super::panel::{news_text, OnlinePanel};
use super::{ask, kept};

impl<G: PageGame> Reducible for OnlineGame<G> {
    type Action = OnlineAction<G>;

    fn reduce(self: Rc<Self>, action: OnlineAction<G>) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        Rc::new(next)
    }
}

/// The game of a page's route.
fn kind_of<G: PageGame>() -> GameKind {
    GameKind::from_name(G::ROUTE).unwrap_or(GameKind::Othello)
}

/// Props: what follows `#/online/` in the address.
#[derive(Properties, PartialEq)]
pub struct OnlinePageProps {
    /// The link (`othello/<id>?seat=…`).
    pub rest: String,
}

/// An online game's page.
#[function_component(OnlinePage)]
pub fn online_page<G: PageGame>(props: &OnlinePageProps) -> Html {
    let t = use_texts();
    let Some(link) = OnlineLink::parse(&props.rest) else {
        return html! { <p class="online-problem">{ t.online().not_found }</p> };
    };
    let token = link
        .seat
        .clone()
        .or_else(|| kept::seat_of(&link.game).map(|k| k.token));
    html! {
        <section class={classes!("online-page", format!("{}-page", G::ROUTE))}>
            if let Some(token) = token {
                <LiveGame<G> game={link.game.clone()} token={Some(AttrValue::from(token))} />
            } else {
                <Visitor<G> {link} />
            }
        </section>
    }
}

/// Props of a visitor's page.
#[derive(Properties, PartialEq)]
struct VisitorProps {
    link: OnlineLink,
}

/// What a visitor without a seat sees: the invitation (a name to join
/// with) while the game waits for a player, else the game as a watcher.
#[function_component(Visitor)]
fn visitor<G: PageGame>(props: &VisitorProps) -> Html {
    let t = use_texts();
    let found = use_state(|| None::<Result<GameView, String>>);
    {
        let (found, game) = (found.clone(), props.link.game.clone());
        use_effect_with(game.clone(), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                found.set(Some(
                    ask(t, "GET", &format!("/api/v1/games/{game}"), None).await,
                ));
            });
        });
    }
    match &*found {
        None => html! { <p class="online-status">{ t.online().connecting }</p> },
        Some(Err(problem)) => {
            html! { <p class="online-problem" data-testid="online-problem">{ problem }</p> }
        }
        // A private game is joined only with its invitation; without it the
        // visitor watches.
        Some(Ok(view))
            if view.brief.status == Status::Open
                && (view.public || props.link.invite.is_some()) =>
        {
            html! { <JoinForm link={props.link.clone()} view={view.clone()} /> }
        }
        Some(Ok(_)) => {
            html! { <LiveGame<G> game={props.link.game.clone()} token={None::<AttrValue>} /> }
        }
    }
}

/// Props of the join form.
#[derive(Properties, PartialEq)]
struct JoinFormProps {
    link: OnlineLink,
    view: GameView,
}

/// The invitation: who invites, a name, and the button that takes the seat.
#[function_component(JoinForm)]
fn join_form(props: &JoinFormProps) -> Html {
    let t = use_texts();
    let o = t.online();
    let name = use_state(kept::name);
    let busy = use_state(|| false);
    let problem = use_state(|| None::<String>);
    let host = props.view.names.iter().flatten().next().cloned();
    let onsubmit = {
        let (name, busy, problem, link) = (
            name.clone(),
            busy.clone(),
            problem.clone(),
            props.link.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            busy.set(true);
            let request = JoinRequest {
                name: (*name).clone(),
                invite: link.invite.clone(),
            };
            let (busy, problem, link) = (busy.clone(), problem.clone(), link.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let path = format!("/api/v1/games/{}/join", link.game);
                let body = serde_json::to_string(&request).ok();
                match ask::<Seated>(t, "POST", &path, body).await {
                    Ok(seated) => {
                        kept::keep_name(&request.name);
                        seated_here(link.kind, seated);
                    }
                    Err(text) => {
                        busy.set(false);
                        problem.set(Some(text));
                    }
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
    html! {
        <form class="online-join" {onsubmit} data-testid="online-join">
            <h2>{ host.map(|h| o.invited(h)).unwrap_or_else(|| o.waiting.to_string()) }</h2>
            <label>{ o.your_name }
                <input type="text" value={(*name).clone()} {oninput} maxlength="32" required=true
                    autocomplete="nickname" data-testid="online-name" />
            </label>
            <button type="submit" class="primary" disabled={*busy} data-testid="online-take-seat">
                { if *busy { o.joining } else { o.join } }
            </button>
            if let Some(problem) = &*problem {
                <p class="online-problem" role="alert">{ problem }</p>
            }
        </form>
    }
}

/// After creating or joining: the seat kept, and its page opened.
pub fn seated_here(kind: GameKind, seated: Seated) {
    let seat = KeptSeat {
        kind,
        game: seated.game,
        seat: seated.seat,
        token: seated.token,
        invite: seated.invite,
    };
    let fragment = seat.link().fragment();
    kept::keep(seat);
    let _ = browser::window().location().set_hash(&fragment);
}

/// Props of a live game.
#[derive(Properties, PartialEq)]
struct LiveGameProps {
    game: AttrValue,
    token: Option<AttrValue>,
}

/// Opens the live connection of `game` for as long as the page shows it:
/// a player's with `token`, else a watcher's (in a frame embedded on
/// another site, `embed` is that site's origin).
#[hook]
pub(super) fn use_live<G: PageGame>(
    game: &AttrValue,
    token: &Option<AttrValue>,
    embed: Option<String>,
    dispatch: Callback<OnlineAction<G>>,
) -> Rc<std::cell::RefCell<Option<Live>>> {
    let live = use_mut_ref(|| None::<Live>);
    {
        let live = live.clone();
        let token = token.as_ref().map(|t| t.to_string());
        use_effect_with(game.clone(), move |game| {
            let hello = ClientMessage::Hello { token, embed };
            let on_message = {
                let dispatch = dispatch.clone();
                Callback::from(move |text: String| {
                    if let Ok(message) = serde_json::from_str::<ServerMessage>(&text) {
                        dispatch.emit(OnlineAction::Server(Box::new(message), now()));
                    }
                })
            };
            let on_open = dispatch.reform(OnlineAction::Connected);
            let path = format!("/api/v1/games/{game}/live");
            *live.borrow_mut() = Some(Live::open(&path, Some(hello), on_message, on_open));
            move || {
                if let Some(live) = live.borrow_mut().take() {
                    live.close();
                }
            }
        });
    }
    live
}

/// While it is this page's player's move: the page's title says so, and
/// the app's icon shows a badge where the browser has one (a
/// correspondence game left open in a tab).
#[hook]
fn use_your_move_title(mine: bool, words: &'static str) {
    use_effect_with(mine, move |mine| {
        let document = browser::window().document();
        let base = document.as_ref().map(|d| d.title()).unwrap_or_default();
        if *mine {
            if let Some(document) = &document {
                document.set_title(&format!("{words} · {base}"));
            }
        }
        app_badge(*mine);
        let mine = *mine;
        move || {
            if let (true, Some(document)) = (mine, document) {
                document.set_title(&base);
            }
            app_badge(false);
        }
    });
}

/// Sets or clears the app icon's badge (`navigator.setAppBadge`), where the
/// browser has it.
fn app_badge(on: bool) {
    use wasm_bindgen::JsCast;
    let navigator = browser::window().navigator();
    let name = if on { "setAppBadge" } else { "clearAppBadge" };
    let function = js_sys::Reflect::get(&navigator, &name.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(Ok(answer)) = function.map(|f| f.call0(&navigator)) else {
        return;
    };
    // A refused badge (no installed app) is no error of the page's.
    if let Ok(promise) = answer.dyn_into::<js_sys::Promise>() {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        });
    }
}

/// Re-draws every quarter second while a clock runs.
#[hook]
pub(super) fn use_ticks(running: bool) {
    let tick = use_state(|| 0u32);
    use_effect_with(running, move |running| {
        let interval = running.then(|| Interval::new(250, move || tick.set(tick.wrapping_add(1))));
        move || drop(interval)
    });
}

/// The game, live: the board, the panel, and what is said.
#[function_component(LiveGame)]
fn live_game<G: PageGame>(props: &LiveGameProps) -> Html {
    let t = use_texts();
    let announce = use_app().announce;
    let state = use_reducer(OnlineGame::<G>::default);
    let dispatch = {
        let dispatcher = state.dispatcher();
        Callback::from(move |action| dispatcher.dispatch(action))
    };
    let live = use_live::<G>(&props.game, &props.token, None, dispatch.clone());
    // A missed event: connect again (the welcome brings the whole game).
    {
        let live = live.clone();
        use_effect_with(state.stale, move |stale| {
            if let (true, Some(live)) = (*stale, live.borrow().as_ref()) {
                live.reconnect();
            }
        });
    }
    // The seat is kept once the server knows the token.
    {
        let (token, game) = (props.token.clone(), props.game.to_string());
        use_effect_with(state.seat, move |seat| {
            if let (Some(seat), Some(token)) = (seat, token) {
                kept::keep(KeptSeat {
                    kind: kind_of::<G>(),
                    game,
                    seat: *seat,
                    token: token.to_string(),
                    invite: None,
                });
            }
        });
    }
    let session = &state.session;
    let said = session.announcement.as_ref();
    use_speech(
        said.map(|(n, _)| *n),
        said.map(|(_, list)| announcement_text::<G>(t, G::context(session), list))
            .unwrap_or_default(),
    );
    let news = state.news.as_ref();
    use_speech(
        news.map(|(n, _)| *n),
        news.map(|(_, news)| news_text::<G>(t, &state, news))
            .unwrap_or_default(),
    );
    let live_clock = state
        .brief()
        .and_then(|b| b.clock)
        .is_some_and(|c| c.running.is_some());
    use_ticks(state.playing() && live_clock);
    use_your_move_title(state.my_move(), t.online().my_move_short);

    // The boards may keep the first callback they were given (one listener
    // for the whole board): it reads the game as it is at the click.
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    let on_board = {
        let (live, dispatch) = (live.clone(), dispatch.clone());
        Callback::from(move |action: Action<G>| {
            let state = latest.borrow().clone();
            let Action::Play(mv) = action else {
                return dispatch.emit(OnlineAction::Session(action));
            };
            let Some(live) = live.borrow().clone() else {
                return;
            };
            match state.move_message(&mv, live.next_id()) {
                Ok(message) => live.send(message),
                Err(NotSent::Illegal) => dispatch.emit(OnlineAction::Session(Action::Play(mv))),
                Err(why) => announce.emit(not_sent_text(t, &why)),
            }
        })
    };
    let send = {
        let live = live.clone();
        Callback::from(move |make: fn(u32) -> ClientMessage| {
            if let Some(live) = live.borrow().as_ref() {
                live.send(make(live.next_id()));
            }
        })
    };
    html! {
        <div class="game-page online-game" data-testid="online-game">
            <div class="play-area">
                { G::online_board(session, on_board, state.my_move()) }
            </div>
            <OnlinePanel<G> state={state.clone()} game={props.game.clone()} {send}
                on_go={dispatch.reform(|ply| OnlineAction::Session(Action::GoTo(ply)))} />
        </div>
    }
}

/// Why a move picked on the board was not sent.
fn not_sent_text(t: &crate::i18n::Texts, why: &NotSent) -> String {
    let o = t.online();
    match why {
        NotSent::Watching => o.not_sent_watching,
        NotSent::Reviewing => o.not_sent_reviewing,
        NotSent::NotYourTurn | NotSent::NotPlaying | NotSent::Illegal => o.refused_not_your_turn,
    }
    .into()
}
