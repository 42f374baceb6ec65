//! The side panel of an online game: the game's facts (its rules and
//! time), the players (side, name, here or away, clock), where the game
//! stands and the latest news in words, the player's buttons, the links
//! to send, the notification choice, and the move list.

use crate::ui::common::reduced::Reduced;
use yew::prelude::*;

use crate::i18n::Texts;
use crate::online::client::{News, NotSent, OnlineGame, Pending};
use crate::online::protocol::{ApiError, ClientMessage, GameView};
use crate::online::room::{Ending, Reason, Status};
use crate::session::core::Action;
use crate::session::formats;

use super::super::common::move_list::MoveList;
use super::super::context::use_texts;
use super::super::shell::layout::move_entries;
use super::super::shell::PageGame;
use super::actions::{buttons, Confirming};
use super::facts::setup_line;
use super::links::links;
use super::notify::NotifyChoice;
use super::players::{name_of, players};
use super::refusal_text;

/// Props of the panel.
#[derive(Properties, PartialEq)]
pub struct OnlinePanelProps<G: PageGame> {
    /// The game.
    pub state: UseReducerHandle<Reduced<OnlineGame<G>>>,
    /// Its id.
    pub game: AttrValue,
    /// The seat's token, on a player's page.
    pub token: Option<AttrValue>,
    /// Sends a player's message (made with its id).
    pub send: Callback<fn(u32) -> ClientMessage>,
    /// What the page changes (a move shown).
    pub dispatch: Callback<Action<G>>,
    /// What the resign and abort buttons ask again.
    pub confirming: UseStateHandle<Confirming>,
    /// Says a sentence (a link copied).
    pub announce: Callback<String>,
}

/// What the panel's words and buttons need of a game, whichever game it
/// is (so that they are made once, not once for each game).
pub(super) struct Glance<'a> {
    /// The game as the server last told it.
    pub view: Option<&'a GameView>,
    /// This page's seat.
    pub seat: Option<u8>,
    /// The live connection is open.
    pub connected: bool,
    /// This page's move on its way.
    pub pending: Option<&'a Pending>,
    /// The server refused the connection for good.
    pub problem: Option<&'a ApiError>,
    /// It is this page's player's move.
    pub my_move: bool,
    /// From when (the page's time) a claim is possible, if it can be.
    pub claim_from: Option<f64>,
}

impl<'a> Glance<'a> {
    /// The glance of `state`.
    pub fn of<G: PageGame>(state: &'a OnlineGame<G>) -> Glance<'a> {
        Glance {
            view: state.view.as_ref(),
            seat: state.seat,
            connected: state.connected,
            pending: state.pending.as_ref(),
            problem: state.problem.as_ref(),
            my_move: state.my_move(),
            claim_from: state.claim_from(),
        }
    }
}

/// How a finished game ended, in a sentence: the winner's points first.
pub(super) fn ending_text(t: &Texts, view: &GameView, ending: &Ending) -> String {
    let o = t.online();
    let how = match ending.reason {
        Reason::Aborted => return o.over_aborted().into(),
        Reason::Cancelled => return o.over_cancelled().into(),
        Reason::Expired => return o.over_expired().into(),
        Reason::DoubleForfeit => return o.over_double_forfeit().into(),
        Reason::Decided if ending.score.winner.is_none() => return o.over_decided_draw().into(),
        Reason::Decided => o.reason_decided(),
        Reason::Forfeit => o.reason_forfeit(),
        Reason::Finished => o.reason_finished(),
        Reason::Time => o.reason_time(),
        Reason::Completed => o.reason_completed(),
        Reason::Resigned => o.reason_resigned(),
        Reason::Abandoned => o.reason_abandoned(),
    };
    let result = match ending.score.winner {
        Some(seat) => o.wins(name_of(view, seat), how),
        None => o.over_draw().into(),
    };
    match (ending.score.points, ending.score.winner) {
        (Some([first, second]), Some(1)) => format!("{result} {}.", o.score(second, first)),
        (Some([first, second]), _) => format!("{result} {}.", o.score(first, second)),
        (None, _) => result,
    }
}

/// What the server's refusal of the connection means to the person.
pub(super) fn problem_text(t: &Texts, problem: &ApiError) -> &'static str {
    let o = t.online();
    match problem {
        ApiError::NotFound => o.not_found(),
        ApiError::Origin => o.problem_origin(),
        _ => o.problem_token(),
    }
}

/// Where the game stands, in a sentence (with this page's move on its way).
pub(super) fn status_text(t: &Texts, state: &Glance) -> String {
    let o = t.online();
    if let Some(problem) = state.problem {
        return problem_text(t, problem).into();
    }
    let Some(view) = state.view else {
        return o.connecting().into();
    };
    let brief = &view.brief;
    let mut text = match (state.pending, brief.status) {
        (Some(pending), _) if state.connected => o.sending(pending.mv.as_str()),
        (Some(pending), _) => o.waiting_offline(pending.mv.as_str()),
        (None, Status::Open) => o.waiting().to_string(),
        (None, Status::Over(ending)) => ending_text(t, view, &ending),
        (None, Status::Completing { .. }) => o.completing().to_string(),
        (None, Status::Playing) if state.my_move => o.your_move().to_string(),
        (None, Status::Playing) => o.to_move(name_of(view, brief.to_move.unwrap_or(0))),
    };
    if state.seat.is_none() {
        text = format!("{text} {}", o.watching());
    }
    if !state.connected && state.pending.is_none() {
        text = format!("{} {text}", o.reconnecting());
    }
    text
}

/// Why a move picked on the board was not sent.
fn not_sent_text(t: &Texts, why: &NotSent) -> &'static str {
    let o = t.online();
    match why {
        NotSent::Watching => o.not_sent_watching(),
        NotSent::Reviewing => o.not_sent_reviewing(),
        NotSent::Waiting => o.not_sent_waiting(),
        NotSent::NotYourTurn | NotSent::NotPlaying | NotSent::Illegal => o.refused_not_your_turn(),
    }
}

/// What the page says of `news`.
pub fn news_text(t: &Texts, state: &Glance, news: &News) -> String {
    let o = t.online();
    let Some(view) = state.view else {
        return String::new();
    };
    match news {
        News::Joined(name) => o.joined(name.as_str()),
        News::Over(ending) => ending_text(t, view, ending),
        News::RematchOffered(seat) if state.seat == Some(*seat) => o.rematch_sent().into(),
        News::RematchOffered(seat) => o.rematch_asked(name_of(view, *seat)),
        News::Rematched(_) => o.open_rematch().into(),
        News::Refused(refusal) => refusal_text(t, refusal),
        News::Error => o.server_error().into(),
        News::Presence(seat, true) => o.back(name_of(view, *seat)),
        News::Presence(seat, false) => o.left(name_of(view, *seat)),
        News::NotSent(why) => not_sent_text(t, why).into(),
    }
}

/// The game on its own page, with the engine (its share link), once over.
fn analyse_href<G: PageGame>(state: &OnlineGame<G>) -> Option<String> {
    let over = matches!(state.brief().map(|b| b.status), Some(Status::Over(_)));
    let session = &state.session;
    (over && !session.record.line().is_empty()).then(|| {
        format!(
            "#/{}?{}",
            G::ROUTE,
            formats::encode::<G>(&session.settings, &session.record)
        )
    })
}

/// The panel.
#[function_component(OnlinePanel)]
pub fn online_panel<G: PageGame>(props: &OnlinePanelProps<G>) -> Html {
    let t = use_texts();
    let state = &*props.state;
    let session = &state.session;
    let moves = move_entries(t, session);
    let record = &session.record;
    let reviewing = state.my_move() && record.cursor() != record.line().len();
    let to_last = {
        let (dispatch, end) = (props.dispatch.clone(), record.line().len());
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::GoTo(end)))
    };
    let glance = Glance::of(state);
    let notice = state
        .notice
        .as_ref()
        .map(|news| news_text(t, &glance, news));
    html! {
        <aside class="side-panel online-panel">
            if let Some(view) = &state.view {
                <p class="online-facts" data-testid="online-facts">{ setup_line(t, &view.setup) }</p>
            }
            { players(t, state) }
            <PanelMiddle status={status_text(t, &glance)} {notice} {reviewing} {to_last} waits={clocks_wait(state.view.as_ref())}
                buttons={buttons(t, &glance, &props.game, &props.send, &props.confirming)}
                analyse={analyse_href(state)}
                links={links(t, &glance, &props.game, props.token.as_deref(), &props.announce)}
                player={state.seat.is_some()} />
            <MoveList {moves} cursor={record.cursor()} on_go={props.dispatch.reform(Action::GoTo)} />
            if let Some(board) = state.view.as_ref().and_then(|view| view.event.as_ref()) {
                <p><a href={format!("#/event/{}", board.event)} data-testid="online-event-link">{ t.online().back_to_event(board.round) }</a></p>
            } else {
                <p><a href="#/online">{ t.online().lobby_link() }</a></p>
            }
        </aside>
    }
}

/// Whether the game is played but its clocks wait for both players.
fn clocks_wait(view: Option<&GameView>) -> bool {
    view.is_some_and(|view| {
        view.brief.status == Status::Playing
            && view
                .brief
                .clock
                .as_ref()
                .is_some_and(|clock| clock.running.is_none())
    })
}

/// Props of the panel's middle.
#[derive(Properties, PartialEq)]
struct PanelMiddleProps {
    status: String,
    waits: bool,
    notice: Option<String>,
    reviewing: bool,
    to_last: Callback<MouseEvent>,
    buttons: Html,
    analyse: Option<String>,
    links: Html,
    player: bool,
}

/// Where the game stands, the news, the buttons, the links and the
/// notification choice: the same for every game.
#[function_component(PanelMiddle)]
fn panel_middle(props: &PanelMiddleProps) -> Html {
    let o = use_texts().online();
    html! {
        <>
            <p class="online-status" data-testid="online-status">{ &props.status }</p>
            if props.waits {
                <p class="online-notice" data-testid="online-clocks-wait">{ o.clocks_wait() }</p>
            }
            if let Some(notice) = props.notice.as_ref().filter(|n| !n.is_empty()) {
                <p class="online-notice" data-testid="online-notice">{ notice }</p>
            }
            if props.reviewing {
                <button type="button" class="primary" onclick={props.to_last.clone()} data-testid="online-to-last">{ o.to_last_move() }</button>
            }
            <div class="online-buttons">
                { props.buttons.clone() }
                if let Some(href) = props.analyse.clone() {
                    <a class="button" {href} data-testid="online-analyse">{ o.analyse() }</a>
                }
            </div>
            { props.links.clone() }
            if props.player {
                <NotifyChoice />
            }
        </>
    }
}
