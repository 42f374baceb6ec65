//! An embedded frame that follows a live game (`#/embed/<game>?live=<id>`,
//! docs/embed.md): the game's board as in `mode=view`, kept up to date over
//! the game's live connection as a watcher's (the embedding page's origin,
//! `parent=`, is said in the hello: the server lets only the origins it was
//! given embed live games), with the reports every frame sends its page:
//! `ready`, `position` for the game as it first arrives, then a `move` for
//! every move, `gameOver` when the board's game ends, `resize`. The frame's
//! other parameters (`parent`, `theme`, `lang`, `coords`) read as any
//! frame's; one that does not read is left at its default. A live game's
//! clocks are shown under the board with each side's name and player,
//! the running one marked, ticking as on the game's page; the discs (or
//! squares) counted above it. A connection the server refuses for good
//! (an origin it does not let embed live games, no such game) is said in
//! the frame and posted to its page as `error`, and not tried again.

use crate::ui::common::reduced::Reduced;
use yew::prelude::*;

use crate::embed::messages::FrameMessage;
use crate::embed::params::{parse, EmbedParams, Game};
use crate::frame::position_info;
use crate::online::client::{LiveFrame, OnlineGame};
use crate::online::protocol::ApiError;
use crate::session::clock::clock_text;
use crate::session::core::GameSession;

use super::super::context::{use_app, use_texts, AppContext};
use super::super::embed::talk::post;
use super::super::embed::{
    use_document_look, use_latest, use_reports, use_resize_reports, EmbedBoard, CSS,
};
use super::super::shell::clock::now;
use super::super::shell::scores::Scores;
use super::page::{use_live, use_ticks};
use super::panel::{status_text, Glance};
use super::players::name_of;

/// The frame of a live game of `G`.
pub fn live_frame<G: EmbedBoard>(live: LiveFrame) -> Html {
    let key = format!("{}/{}?{}", live.kind.name(), live.game, live.rest);
    html! { <Follow<G> {key} {live} /> }
}

/// The frame's parameters: its query's, with the game's rules once the
/// server has sent them where they read as a frame's (the board's size and
/// the variant that `ready` tells; a take-away game's start is the
/// server's, not a frame parameter).
fn frame_params(live: &LiveFrame, rules: Option<&str>) -> EmbedParams {
    let game = Game::from_name(live.kind.name()).unwrap_or(Game::Othello);
    let with_rules = rules
        .map(|rules| parse(game, &format!("{}&{rules}", live.rest)))
        .filter(|parsed| parsed.errors.is_empty());
    with_rules.unwrap_or_else(|| parse(game, &live.rest)).params
}

/// Props: the live game and the frame's other parameters.
#[derive(Properties, PartialEq)]
struct FollowProps {
    live: LiveFrame,
}

/// What a refusal of the connection says to the frame's page (English,
/// as every `error` message).
fn problem_message(problem: &ApiError, game: &str) -> String {
    match problem {
        ApiError::Origin => {
            "the server does not let this page's origin embed live games (its --embed-origin list)"
                .into()
        }
        ApiError::NotFound => format!("there is no game {game:?} on this server"),
        _ => "the server refused the live connection".into(),
    }
}

/// The frame's sentence for a refusal of the connection.
fn problem_text(t: &crate::i18n::Texts, problem: &ApiError) -> &'static str {
    match problem {
        ApiError::Origin => t.online().frame_problem_origin(),
        ApiError::NotFound => t.online().frame_problem_not_found(),
        _ => t.online().problem_token(),
    }
}

/// Follows the game; draws it once the server has sent it.
#[function_component(Follow)]
fn follow<G: EmbedBoard>(props: &FollowProps) -> Html {
    let t = use_texts();
    let state = use_reducer(Reduced::<OnlineGame<G>>::default);
    let rules = state.view.as_ref().map(|view| view.setup.rules.clone());
    let params = frame_params(&props.live, rules.as_deref());
    let dispatch = {
        let dispatcher = state.dispatcher();
        Callback::from(move |action| dispatcher.dispatch(action))
    };
    let embed = params.parent.as_ref().map(|origin| origin.to_string());
    let game = AttrValue::from(props.live.game.clone());
    use_live::<G>(&game, &None, embed, dispatch);
    {
        let (params, game) = (params.clone(), props.live.game.clone());
        use_effect_with(state.problem.clone(), move |problem| {
            if let Some(problem) = problem {
                let message = problem_message(problem, &game);
                post(&params, &FrameMessage::Error { message });
            }
        });
    }
    let clock_runs = state
        .brief()
        .and_then(|b| b.clock)
        .is_some_and(|c| c.running.is_some());
    use_ticks(state.playing() && clock_runs);
    // The frame's language (`lang=`), not the app's.
    let t = params.lang.map_or(t, |lang| lang.texts());
    if let Some(problem) = &state.problem {
        return html! {
            <p class="embed-status online-problem" role="alert" data-testid="live-problem">{ problem_text(t, problem) }</p>
        };
    }
    let status = status_text(t, &Glance::of(&state));
    let Some(view) = &state.view else {
        return html! { <p class="embed-status" data-testid="live-status">{ status }</p> };
    };
    // A live game's clocks, as its page shows them (a correspondence
    // game's days are not a clock to follow).
    let running = state
        .brief()
        .and_then(|b| b.clock)
        .and_then(|c| c.running)
        .filter(|_| state.playing());
    let clocks = state
        .clocks(now())
        .filter(|_| view.setup.timing.is_live())
        .map(|left| {
            [0, 1].map(|seat| LiveClock {
                name: AttrValue::from(name_of(view, seat)),
                left: AttrValue::from(clock_text(left[usize::from(seat)])),
                running: running == Some(seat),
            })
        });
    html! {
        <Shown<G> session={state.session.clone()} {params} {status} {clocks} playing={state.playing()} />
    }
}

/// One side's clock in a frame.
#[derive(Clone, PartialEq)]
struct LiveClock {
    /// The player's name.
    name: AttrValue,
    /// The time left.
    left: AttrValue,
    /// It runs.
    running: bool,
}

/// Props of the game shown.
#[derive(Properties, PartialEq)]
struct ShownProps<G: EmbedBoard> {
    session: GameSession<G>,
    params: EmbedParams,
    status: String,
    /// The first and the second player's clock, when the game has one.
    clocks: Option<[LiveClock; 2]>,
    /// The game is being played (the side to move is marked).
    playing: bool,
}

/// The board and where the game stands, and the frame's reports; mounted
/// once the game has arrived, so that `ready` tells the game's board.
#[function_component(Shown)]
fn shown<G: EmbedBoard>(props: &ShownProps<G>) -> Html {
    let p = &props.params;
    let latest = use_latest(&props.session, p, false);
    use_reports(&latest, &props.session, p, &[]);
    // After `ready`: the game so far, which `ready` does not carry.
    {
        let (p, session) = (p.clone(), props.session.clone());
        use_effect_with((), move |_| {
            post(&p, &FrameMessage::Position(position_info(&p, &session)));
        });
    }
    let content = use_resize_reports(p);
    let app = use_app();
    let lang = p.lang.unwrap_or(app.lang);
    use_document_look(p.theme, lang);
    let t = lang.texts();
    let mut scores = G::scores(t, &props.session);
    scores
        .iter_mut()
        .for_each(|item| item.to_move &= props.playing);
    let classes = classes!(
        "embed",
        "embed-live",
        format!("embed-{}", p.game().name()),
        (!p.coords).then_some("no-coords"),
    );
    let context = AppContext { lang, ..app };
    html! {
        <ContextProvider<AppContext> {context}>
            <style>{ CSS }</style>
            <div ref={content} class={classes} data-testid="embed" data-mode="view">
                if !scores.is_empty() {
                    <Scores items={scores} />
                }
                <div class="embed-board">{ G::online_board(&props.session, Callback::noop(), false) }</div>
                <p class="embed-status" data-testid="live-status">{ &props.status }</p>
                if let Some(clocks) = &props.clocks {
                    <p class="embed-clocks">
                        { for clocks.iter().zip(G::sides()).enumerate().map(|(seat, (clock, side))| {
                            let side = G::side_name(t, side);
                            let running = clock.running.then_some(t.online().clock_runs());
                            let label = format!("{} {side} {}{}", t.common.clock(), clock.name,
                                running.map(|r| format!(", {r}")).unwrap_or_default());
                            html! {
                                <span class={classes!("embed-clock", clock.running.then_some("running"))}>
                                    <span class="embed-clock-side">{ side }</span>
                                    <span class="embed-clock-name">{ clock.name.clone() }</span>
                                    <span class="online-clock" role="timer" aria-label={label}
                                        data-testid={format!("live-clock-{seat}")}>{ clock.left.clone() }</span>
                                    if let Some(running) = running {
                                        <span class="embed-clock-runs">{ format!("({running})") }</span>
                                    }
                                </span>
                            }
                        }) }
                    </p>
                }
            </div>
        </ContextProvider<AppContext>>
    }
}
