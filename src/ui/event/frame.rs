//! The event frames for a club's website (`#/embed/event?id=<event>&
//! view=standings|pairings|live`, docs/embed.md): the standings, the
//! current round's pairings, or every board of the current round followed
//! live (each board a live game frame: moves and clocks as they come),
//! kept current by the event's live stream. The frame parameters `parent`,
//! `theme` and `lang` read as any frame's; the frame tells its page
//! `ready` (once the event has arrived) and `resize`, by postMessage v1.

use std::rc::Rc;

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::embed::messages::FrameMessage;
use crate::embed::params::{EmbedParams, Game, Mode};
use crate::links::event::{EventFrame, View};
use crate::online::event::{RoundView, Summary};

use super::super::club::standings_table::StandingsTable;
use super::super::club::state::Shared;
use super::super::context::{use_app, use_texts, AppContext};
use super::super::embed::talk::post;
use super::super::embed::{use_document_look, use_resize_reports, CSS};
use super::page::use_event;
use super::pairings::{NoEntry, Pairings};

/// The frame of `rest`, or what is wrong with its address.
pub fn event_frame(rest: &str) -> Html {
    match EventFrame::parse(rest) {
        Some(frame) => html! { <Frame key={rest.to_string()} {frame} /> },
        None => html! { <NoEvent /> },
    }
}

/// Says that the address names no event.
#[function_component(NoEvent)]
fn no_event() -> Html {
    let t = use_texts();
    html! { <p class="embed-status" data-testid="event-problem">{ t.event().not_found() }</p> }
}

/// Props: the frame's address, read.
#[derive(Properties, PartialEq)]
struct FrameProps {
    frame: EventFrame,
}

/// An event frame.
#[function_component(Frame)]
fn frame(props: &FrameProps) -> Html {
    let p = &props.frame.params;
    let known = use_event(AttrValue::from(props.frame.event.clone()));
    // `ready` once the event has arrived: its game and board.
    let ready = known
        .summary
        .as_ref()
        .zip(known.tournament.as_ref())
        .and_then(|(s, t)| {
            let game = Game::from_name(s.setup.game.name())?;
            Some((
                game,
                (game != Game::Nim).then(|| u8::try_from(t.size).unwrap_or(8)),
            ))
        });
    let shell = use_club_frame(p, ready, "event");
    let lang = shell.context.lang;
    let t = lang.texts();
    let body = match (&known.summary, props.frame.view) {
        (None, _) => html! {
            <p class="embed-status" data-testid="event-status">
                { known.problem.clone().unwrap_or_else(|| t.event().connecting().to_string()) }
            </p>
        },
        (Some(_), View::Standings) => match &known.tournament {
            Some(tournament) => {
                html! { <StandingsTable tournament={Shared(tournament.clone())} /> }
            }
            None => Html::default(),
        },
        (Some(summary), View::Pairings) => html! {
            <Pairings<NoEntry> rounds={current_round(&known.rounds)} kind={summary.setup.game} squares={squares(&known)} in_frame=true />
        },
        (Some(summary), View::Live) => live_boards(summary, &known.rounds, p),
    };
    let name = known.summary.as_ref().and_then(|s| s.name.clone());
    let view = format!("{:?}", props.frame.view).to_lowercase();
    shell.wrap(classes!("embed-event"), Some(view), name, body)
}

/// What a club's frames (an event's, the rating list's) share once
/// [`use_club_frame`] has set them up.
pub(super) struct ClubFrame {
    /// The app's context with the frame's language.
    pub context: AppContext,
    /// The content whose height `resize` reports.
    content: NodeRef,
}

impl ClubFrame {
    /// The frame's content: the club's (or event's) name over `body`.
    pub fn wrap(
        self,
        class: Classes,
        view: Option<String>,
        name: Option<String>,
        body: Html,
    ) -> Html {
        let context = self.context;
        html! {
            <ContextProvider<AppContext> {context}>
                <style>{ CSS }</style>
                <div ref={self.content} class={classes!("embed", class, "club")} data-testid="embed" data-view={view}>
                    if let Some(name) = name { <h1 class="embed-event-name">{ name }</h1> }
                    { body }
                </div>
            </ContextProvider<AppContext>>
        }
    }
}

/// A club frame's set-up: its colours and language on the document,
/// `resize` reports of its content, and `ready` (with `variant`) once
/// `ready` tells the game and board it shows.
#[hook]
pub(super) fn use_club_frame(
    p: &EmbedParams,
    ready: Option<(Game, Option<u8>)>,
    variant: &'static str,
) -> ClubFrame {
    let app = use_app();
    let lang = p.lang.unwrap_or(app.lang);
    use_document_look(p.theme, lang);
    let content = use_resize_reports(p);
    {
        let p = p.clone();
        use_effect_with(ready, move |ready| {
            if let Some((game, size)) = *ready {
                let message = FrameMessage::Ready {
                    game,
                    size,
                    variant: variant.into(),
                    mode: Mode::View,
                };
                post(&p, &message);
            }
        });
    }
    ClubFrame {
        context: AppContext { lang, ..app },
        content,
    }
}

/// The board's squares (Othello's results are discs).
fn squares(known: &super::page::Known) -> u32 {
    known.tournament.as_ref().map_or(64, |t| t.squares())
}

/// The last round published, alone.
fn current_round(rounds: &Rc<Vec<RoundView>>) -> Rc<Vec<RoundView>> {
    Rc::new(rounds.last().cloned().into_iter().collect())
}

/// Every board of the current round as a live game frame.
fn live_boards(summary: &Summary, rounds: &Rc<Vec<RoundView>>, p: &EmbedParams) -> Html {
    let Some(round) = rounds.last() else {
        return Html::default();
    };
    let own = super::super::browser::window()
        .location()
        .origin()
        .unwrap_or_default();
    let base = super::super::browser::page_address();
    let boards = round
        .boards
        .iter()
        .filter_map(|board| {
            let game = board.game.as_ref()?;
            // A query of its own: Chromium loads no frame whose address
            // (without the fragment) two of its ancestors have, as in the
            // builder's preview (builder → preview → board).
            let join = if base.contains('?') { '&' } else { '?' };
            let mut src = format!(
                "{base}{join}board={game}#/embed/{}?live={game}&parent={own}&theme={}",
                summary.setup.game.name(),
                p.theme.name()
            );
            if let Some(lang) = p.lang {
                src += &format!("&lang={}", lang.code());
            }
            let title = format!("{} – {}", board.black, board.white);
            Some(html! {
                <figure class="embed-event-board" data-testid="event-live-board">
                    <figcaption>{ format!("{}. {title}", board.board) }</figcaption>
                    // Loaded at once, not lazily: the frame is as high as
                    // its content, so every board is in its sight anyway.
                    <iframe {src} {title}></iframe>
                </figure>
            })
        })
        .collect::<Html>();
    html! { <LiveBoards>{ boards }</LiveBoards> }
}

/// Props: the boards' figures.
#[derive(Properties, PartialEq)]
struct LiveBoardsProps {
    children: Html,
}

/// The live boards, each frame as high as its content (both clocks
/// under the board, at any width): each board's frame reports its
/// content's height (`resize`, to this frame's own origin), and its
/// height follows, up and down. A board's height depends only on its
/// width, never on its frame's height, so nothing loops.
#[function_component(LiveBoards)]
fn live_boards_sized(props: &LiveBoardsProps) -> Html {
    let boards = use_node_ref();
    {
        let boards = boards.clone();
        use_effect_with((), move |_| {
            let listen = super::super::embed::talk::js(
                "el",
                "const f = (e) => { const m = e.data; \
                   if (e.origin !== location.origin || !m || m.source !== 'mind-sports' || \
                     m.type !== 'resize' || !Number.isFinite(m.height)) return; \
                   for (const fr of el.querySelectorAll('iframe')) \
                     if (fr.contentWindow === e.source) fr.style.height = Math.min(Math.ceil(m.height), 4000) + 'px'; }; \
                 addEventListener('message', f); return f;",
            );
            let listener = boards
                .get()
                .map(|el| listen.call1(&JsValue::NULL, &el).unwrap_or(JsValue::NULL));
            move || {
                if let Some(f) = listener {
                    let stop =
                        super::super::embed::talk::js("f", "removeEventListener('message', f);");
                    let _ = stop.call1(&JsValue::NULL, &f);
                }
            }
        });
    }
    html! {
        <div ref={boards} class="embed-event-boards" data-testid="event-live-boards">{ props.children.clone() }</div>
    }
}
