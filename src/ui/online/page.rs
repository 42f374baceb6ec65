//! An online game's page (`#/online/<game>/<id>`), the same for the three
//! games (each draws its own board through [`PageGame::online_board`]): a
//! visitor with an invitation, or on an open public game, is told the
//! game and asked for a name, and joins; a player (the token in the link
//! or kept in this browser) plays; anyone else watches. Moves, clocks and
//! the end come from the server over the live connection; the page says
//! every move as it says the computer's. The player's own move shows on
//! the board at once and waits there until the server answers it (sent
//! again after a reconnection), and the status says it is on its way.

use crate::ui::common::reduced::Reduced;
use std::rc::Rc;

use gloo_timers::callback::Interval;
use yew::prelude::*;

use crate::i18n::session::announcement_text;
use crate::online::client::{KeptSeat, News, NotSent, OnlineAction, OnlineGame, OnlineLink};
use crate::online::protocol::{ClientMessage, GameView, JoinRequest, Seated, ServerMessage};
use crate::online::room::Status;
use crate::online::setup::GameKind;
use crate::session::core::Action;

use super::super::browser;
use super::super::common::listeners::use_speech;
use super::super::context::{use_app, use_texts};
use super::super::shell::clock::now;
use super::super::shell::scores::Scores;
use super::super::shell::PageGame;
use super::actions::Confirming;
use super::facts::{game_text, side_of, timing_text};
use super::mine::finished_of;
use super::net::Live;
use super::notify::{notify, use_title};
use super::panel::{news_text, problem_text, Glance, OnlinePanel};
use super::{ask, kept};

impl<G: PageGame> Reducible for Reduced<OnlineGame<G>> {
    type Action = OnlineAction<G>;

    fn reduce(self: Rc<Self>, action: OnlineAction<G>) -> Rc<Self> {
        let mut next = self.0.clone();
        next.apply(action);
        Rc::new(Reduced(next))
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
        return html! { <p class="online-problem">{ t.online().not_found() }</p> };
    };
    let in_link = link.seat.is_some();
    let token = link
        .seat
        .clone()
        .or_else(|| kept::seat_of(&link.game).map(|k| k.token));
    html! {
        <section class={classes!("online-page", format!("{}-page", G::ROUTE))}>
            if let Some(token) = token {
                <LiveGame<G> game={link.game.clone()} token={Some(AttrValue::from(token))} {in_link} />
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
        None => html! { <p class="online-status">{ t.online().connecting() }</p> },
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
            html! { <LiveGame<G> game={props.link.game.clone()} token={None::<AttrValue>} in_link={false} /> }
        }
    }
}

/// Props of the join form.
#[derive(Properties, PartialEq)]
struct JoinFormProps {
    link: OnlineLink,
    view: GameView,
}

/// The invitation's facts: the game, its time, and who plays which side
/// (who moves first).
fn join_facts(t: &crate::i18n::Texts, view: &GameView) -> Html {
    let o = t.online();
    let kind = view.setup.game;
    let seats = [0u8, 1].map(|seat| {
        let who = view.names[usize::from(seat)]
            .clone()
            .unwrap_or_else(|| o.you().to_string());
        let side = side_of(t, kind, seat);
        let side = if seat == 0 {
            format!("{side} ({})", o.first_move())
        } else {
            side.to_string()
        };
        html! { <><dt>{ side }</dt><dd>{ who }</dd></> }
    });
    html! {
        <dl class="online-join-facts" data-testid="online-join-facts">
            <dt>{ o.game() }</dt><dd>{ game_text(t, &view.setup) }</dd>
            <dt>{ o.time_control() }</dt><dd>{ timing_text(t, &view.setup.timing) }</dd>
            { for seats }
        </dl>
    }
}

/// The invitation: who invites, to what, a name, and the button that
/// takes the seat.
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
            <h2>{ host.map(|h| o.invited(h)).unwrap_or_else(|| o.waiting().to_string()) }</h2>
            { join_facts(t, &props.view) }
            <label>{ o.your_name() }
                <input type="text" value={(*name).clone()} {oninput} maxlength="32" required=true
                    autocomplete="nickname" data-testid="online-name" />
            </label>
            <button type="submit" class="primary" disabled={*busy} data-testid="online-take-seat">
                { if *busy { o.joining() } else { o.join() } }
            </button>
            if let Some(problem) = &*problem {
                <p class="online-problem" role="alert">{ problem }</p>
            }
        </form>
    }
}

/// After creating or joining: the seat kept, and its page opened (the
/// address holds the token only where this browser could not keep it).
pub fn seated_here(kind: GameKind, seated: Seated) {
    let seat = KeptSeat {
        game: seated.game,
        seat: seated.seat,
        invite: seated.invite,
        ..KeptSeat::new(kind, seated.token)
    };
    let fragment = if kept::keep(seat.clone()) {
        seat.watch_link().fragment()
    } else {
        seat.link().fragment()
    };
    let _ = browser::window().location().set_hash(&fragment);
}

/// Props of a live game.
#[derive(Properties, PartialEq)]
struct LiveGameProps {
    game: AttrValue,
    token: Option<AttrValue>,
    /// The token came in the address (to be taken out once kept).
    in_link: bool,
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
                    if let Ok(message) = crate::json::from_str::<ServerMessage>(&text) {
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

/// Re-draws every quarter second while a clock (or a countdown) runs.
#[hook]
pub(super) fn use_ticks(running: bool) {
    let tick = use_state(|| 0u32);
    use_effect_with(running, move |running| {
        let interval = running.then(|| Interval::new(250, move || tick.set(tick.wrapping_add(1))));
        move || drop(interval)
    });
}

/// Keeps the seat once the server knows the token (and the finished game
/// once over); a token that came in the address leaves it once kept.
/// Whether the seat could not be kept.
#[hook]
fn use_kept_seat<G: PageGame>(props: &LiveGameProps, state: &OnlineGame<G>) -> bool {
    let not_kept = use_state(|| false);
    {
        let (token, game, in_link) = (props.token.clone(), props.game.to_string(), props.in_link);
        let not_kept = not_kept.clone();
        use_effect_with(state.seat, move |seat| {
            if let (Some(seat), Some(token)) = (seat, token) {
                let seat = KeptSeat {
                    game,
                    seat: *seat,
                    ..KeptSeat::new(kind_of::<G>(), token.to_string())
                };
                if kept::keep(seat.clone()) {
                    if in_link {
                        browser::replace_fragment(&seat.watch_link().fragment());
                    }
                } else {
                    not_kept.set(true);
                }
            }
        });
    }
    let finished = state
        .view
        .as_ref()
        .filter(|_| state.seat.is_some())
        .and_then(finished_of);
    let game = props.game.to_string();
    use_effect_with(finished, move |finished| {
        if let Some(finished) = finished {
            kept::finish(&game, finished.clone());
        }
    });
    *not_kept
}

/// Says and shows what needs the player who is not looking: the title
/// and badge for their move, the title for an opponent who joined, and a
/// notification for either where the player turned them on.
#[hook]
fn use_alerts<G: PageGame>(state: &OnlineGame<G>) {
    let t = use_texts();
    let o = t.online();
    let joined = matches!(state.notice, Some(News::Joined(_)));
    let mine = state.my_move();
    let words = if mine {
        Some(o.your_move_title())
    } else if joined {
        Some(o.opponent_joined_title())
    } else {
        None
    };
    use_title(words, mine);
    let game = state
        .view
        .as_ref()
        .map(|v| {
            o.vs(
                v.names[0].clone().unwrap_or_default(),
                v.names[1].clone().unwrap_or_default(),
            )
        })
        .unwrap_or_default();
    let joined_news = match &state.news {
        Some((n, News::Joined(name))) => Some((*n, name.clone())),
        _ => None,
    };
    // One notification a change (the move becoming the player's, a
    // joining, which says whose move it is too), never one twice.
    let told = use_mut_ref(|| (false, None::<u32>));
    use_effect_with((mine, joined_news), move |(mine, joined)| {
        let (was_mine, joining_told) = *told.borrow();
        let joining = joined.as_ref().filter(|(n, _)| Some(*n) != joining_told);
        match joining {
            Some((_, name)) => {
                let mut body = o.joined(name.as_str());
                if *mine {
                    body = format!("{body} {}", o.your_move());
                }
                notify(o.opponent_joined_title(), &body);
            }
            None if *mine && !was_mine => notify(&o.notify_your_move(game.as_str()), &game),
            None => {}
        }
        *told.borrow_mut() = (*mine, joined.as_ref().map(|(n, _)| *n).or(joining_told));
    });
}

/// The game, live: the board, the panel, and what is said.
#[function_component(LiveGame)]
fn live_game<G: PageGame>(props: &LiveGameProps) -> Html {
    let t = use_texts();
    let state = use_reducer(Reduced::<OnlineGame<G>>::default);
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
    let not_kept = use_kept_seat::<G>(props, &state);
    let confirming = use_state(|| Confirming::None);
    let announce = use_app().announce;
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
        news.map(|(_, news)| news_text(t, &Glance::of(&state), news))
            .unwrap_or_default(),
    );
    let live_clock = state
        .brief()
        .and_then(|b| b.clock)
        .is_some_and(|c| c.running.is_some());
    let counting = state.claim_from().is_some_and(|from| from > now());
    use_ticks(state.playing() && (live_clock || counting));
    use_alerts(&state);

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
            // A move on its way (the page's state may not show it yet).
            if live.move_waiting() && state.seat.is_some() {
                return dispatch.emit(OnlineAction::NotSent(NotSent::Waiting));
            }
            let id = live.next_id();
            match state.move_message(&mv, id) {
                Ok(message) => {
                    dispatch.emit(OnlineAction::Sending(mv, id));
                    live.send_move(message);
                }
                Err(NotSent::Illegal) => dispatch.emit(OnlineAction::Session(Action::Play(mv))),
                Err(why) => dispatch.emit(OnlineAction::NotSent(why)),
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
    if let Some(problem) = &state.problem {
        return html! {
            <p class="online-problem" role="alert" data-testid="online-problem">{ problem_text(t, problem) }</p>
        };
    }
    // Whose move the server says: none once the game is over (a flag
    // leaves the board's position unfinished).
    let mut scores = G::scores(t, session);
    scores
        .iter_mut()
        .for_each(|item| item.to_move &= state.playing());
    html! {
        <div class="game-page online-game" data-testid="online-game">
            <div class="play-area">
                if !scores.is_empty() && state.view.is_some() {
                    <Scores items={scores} />
                }
                { G::online_board(session, on_board, state.can_move()) }
                if not_kept {
                    <p class="online-problem" role="alert" data-testid="online-seat-not-kept">{ t.online().seat_not_kept() }</p>
                }
            </div>
            <OnlinePanel<G> state={state.clone()} game={props.game.clone()} token={props.token.clone()} {send}
                dispatch={dispatch.reform(OnlineAction::Session)} {confirming} {announce} />
        </div>
    }
}
