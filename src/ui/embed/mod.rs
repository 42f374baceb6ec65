//! The embedded frame (issue 16, `#/embed/<game>?…`), a module of its own
//! (`src/bin/frame.rs`, `frame.js`, mounted through [`section`](super::section)): one
//! page for every game over [`PageGame`], with the game's own board as its
//! only per-game part ([`EmbedBoard`]). The parameters, the messages and
//! the game are the pure cores of [`crate::embed`] and
//! [`crate::session::embed`]; this file draws and talks.
//!
//! The frame never touches the app's autosave or settings, and loads the
//! search worker only in `play`.

use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::embed::messages::{read_host_message, FrameMessage, HostMessage};
use crate::embed::params::{parse_fragment, Controls, EmbedParams, Game, Mode, Parsed, Theme};
use crate::session::core::{Action, GameSession};
use crate::session::embed::{game_over, position_info, read_move, session, EmbedGame};
use crate::session::nim::Nim;
use crate::session::opok::Opok;
use crate::session::othello::Othello;
use crate::session::route::Route;

use super::context::{use_app, AppContext};
use super::module_section::call_module;

use super::shell::status::Status;
use super::shell::{sync_search, use_game_worker, PageGame};

/// Posting to the frame's page (also from the learning module's lessons
/// and puzzles in frames).
pub mod talk;
use talk::{js, post};

/// The snippet builder (`#/embed`): carried by the club page's module, for
/// club webmasters, so that the frames do not pay for it.
pub mod builder;

/// The frame's own styles (not in the app's first load).
const CSS: &str = include_str!("../../../styles/embed.css");

/// The frame's page.
pub fn page_of(route: &Route) -> Html {
    let fragment = route.fragment();
    html! { <EmbedFrame key={fragment.as_str()} fragment={fragment.clone()} /> }
}

/// Props of a board of an embedded frame.
#[derive(Properties)]
pub struct BoardProps<G: PageGame> {
    /// The game.
    pub state: UseReducerHandle<GameSession<G>>,
    /// Plays the visitor's moves.
    pub dispatch: Callback<Action<G>>,
    /// The visitor may move (not in `view`).
    pub interactive: bool,
    /// The engine's view of the position is shown (`analyse`).
    pub analysing: bool,
}

impl<G: PageGame> PartialEq for BoardProps<G> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
            && self.interactive == other.interactive
            && self.analysing == other.analysing
    }
}

/// What a game gives the frame: its board, and its analysis.
pub trait EmbedBoard: PageGame + EmbedGame {
    /// The game's board for `props`.
    fn board(props: BoardProps<Self>) -> Html;
    /// Turns on the engine's view of the position shown (`analyse`).
    fn analyse(session: &mut GameSession<Self>);
}

impl EmbedBoard for Othello {
    fn board(props: BoardProps<Self>) -> Html {
        html! { <super::othello::embed::EmbedBoard ..props /> }
    }

    /// Every legal move's score on its square, as the page's hints show
    /// them (exact near the end).
    fn analyse(session: &mut GameSession<Self>) {
        session.extra.hint_mode = true;
    }
}

impl EmbedBoard for Opok {
    fn board(props: BoardProps<Self>) -> Html {
        html! { <super::opok::embed::EmbedBoard ..props /> }
    }

    /// The engine's best line and score, its best move marked.
    fn analyse(session: &mut GameSession<Self>) {
        session.extra.analyse = true;
    }
}

impl EmbedBoard for Nim {
    fn board(props: BoardProps<Self>) -> Html {
        html! { <super::nim::embed::EmbedBoard ..props /> }
    }

    /// P or N, the winning moves marked and each heap's value: the theory
    /// needs no session state (a misère sum's search is always asked for).
    fn analyse(_session: &mut GameSession<Self>) {}
}

/// Props: the frame's route.
#[derive(Properties, PartialEq)]
struct FrameProps {
    fragment: String,
}

/// The frame: its parameters read, then the game's page.
#[function_component(EmbedFrame)]
fn embed_frame(props: &FrameProps) -> Html {
    let parsed = parse_fragment(&props.fragment).unwrap_or_else(|| Parsed {
        params: EmbedParams::new(Game::Othello),
        errors: Vec::new(),
    });
    let mut errors: Vec<String> = parsed.errors.iter().map(ToString::to_string).collect();
    if parse_fragment(&props.fragment).is_none() {
        errors.push("not a game of embedded boards: othello is shown".into());
    }
    let params = parsed.params;
    match params.game() {
        Game::Othello => html! { <EmbedPage<Othello> {params} {errors} /> },
        Game::Opok => html! { <EmbedPage<Opok> {params} {errors} /> },
        Game::Nim => html! { <EmbedPage<Nim> {params} {errors} /> },
    }
}

/// Props: the language of the lesson or puzzle.
#[derive(Properties, PartialEq)]
struct LearnPartProps {
    lang: crate::i18n::Lang,
}

/// A lesson or a puzzle: the learning module (`learn.js`, which has the
/// lesson player and the puzzles) mounted inside the frame; it follows the
/// frame's address and posts `lessonComplete` and `puzzleSolved` itself.
#[function_component(LearnPart)]
fn learn_part(props: &LearnPartProps) -> Html {
    let root = use_node_ref();
    let failed = use_state(|| false);
    {
        let (root, failed) = (root.clone(), failed.clone());
        use_effect_with(props.lang, move |lang| {
            let code = lang.code();
            wasm_bindgen_futures::spawn_local(async move {
                let Some(element) = root.cast::<web_sys::Element>() else {
                    return;
                };
                let args = [element.into(), code.into(), JsValue::UNDEFINED];
                if call_module("learn", "mount", &args).await.is_err() {
                    failed.set(true);
                }
            });
            || {
                wasm_bindgen_futures::spawn_local(async {
                    let _ = call_module("learn", "unmount", &[]).await;
                })
            }
        });
    }
    let t = props.lang.texts();
    html! {
        <>
            if *failed {
                <p class="embed-error" role="alert">{ t.common.load_failed }</p>
            }
            <div ref={root} class="embed-learn" data-testid="embed-learn" />
        </>
    }
}

/// Props: the parameters and what was wrong with them.
#[derive(Properties, PartialEq)]
struct PageProps {
    params: EmbedParams,
    errors: Vec<String>,
}

/// What a page's message does: an action on the game and/or new
/// parameters, or an error.
type Answer<G> = Result<(Option<Action<G>>, Option<EmbedParams>), String>;

/// Reads a page message against the game as it is.
fn answer<G: EmbedBoard>(
    message: HostMessage,
    params: &EmbedParams,
    game: &GameSession<G>,
) -> Answer<G> {
    let restart = |new: EmbedParams| -> Answer<G> {
        let fresh = session::<G>(&new).ok_or("not this frame's game")?;
        Ok((Some(Action::Load(fresh.settings, fresh.record)), Some(new)))
    };
    let errors = |e: Vec<crate::embed::params::ParamError>| {
        e.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    };
    match message {
        HostMessage::Play { mv } if params.mode == Mode::View || game.turn().is_human() => {
            read_move(game, &mv).map(|m| (Some(Action::Play(m)), None))
        }
        HostMessage::Play { .. } => Err("play: it is the computer's move".into()),
        HostMessage::GoToPly { ply } if (ply as usize) <= game.record.line().len() => {
            Ok((Some(Action::GoTo(ply as usize)), None))
        }
        HostMessage::GoToPly { ply } => Err(format!(
            "goToPly: {ply} is beyond the {} moves",
            game.record.line().len()
        )),
        HostMessage::SetPosition(set) => params
            .changed(&set.fields())
            .map_err(errors)
            .and_then(restart),
        HostMessage::NewGame(fields) => {
            let fields: Vec<(&str, &str)> = fields
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            params.changed(&fields).map_err(errors).and_then(restart)
        }
        HostMessage::SetLang { lang } => Ok((
            None,
            Some(EmbedParams {
                lang: Some(lang),
                ..params.clone()
            }),
        )),
        HostMessage::SetTheme { theme } => Ok((
            None,
            Some(EmbedParams {
                theme,
                ..params.clone()
            }),
        )),
        HostMessage::Flip => Ok((None, None)),
    }
}

/// The messages the frame has to send after a change of the game shown:
/// `move` when a move was played (the line changed and ends one move after
/// where the game stood), `position` otherwise (stepping, a new game).
fn change_message<G: EmbedBoard>(
    params: &EmbedParams,
    before: Option<(usize, usize)>,
    game: &GameSession<G>,
) -> FrameMessage {
    let (cursor, len) = (game.record.cursor(), game.record.line().len());
    let info = position_info(params, game);
    match before {
        Some((c, l)) if cursor == c + 1 && cursor == len && len != l => FrameMessage::Move(info),
        _ => FrameMessage::Position(info),
    }
}

/// The step buttons of a viewer.
fn nav<G: EmbedBoard>(
    game: &GameSession<G>,
    dispatch: &Callback<Action<G>>,
    t: &crate::i18n::Texts,
) -> Html {
    let (cursor, len) = (game.record.cursor(), game.record.line().len());
    let go = |ply: usize| dispatch.reform(move |_: MouseEvent| Action::GoTo(ply));
    let _ = t;
    html! {
        <div class="embed-nav" role="group" aria-label="moves">
            <button data-testid="embed-first" aria-label="first" disabled={cursor == 0} onclick={go(0)}>{ "«" }</button>
            <button data-testid="embed-prev" aria-label="previous" disabled={cursor == 0} onclick={go(cursor.saturating_sub(1))}>{ "‹" }</button>
            <span class="embed-ply" data-testid="embed-ply">{ format!("{cursor} / {len}") }</span>
            <button data-testid="embed-next" aria-label="next" disabled={cursor >= len} onclick={go((cursor + 1).min(len))}>{ "›" }</button>
            <button data-testid="embed-last" aria-label="last" disabled={cursor >= len} onclick={go(len)}>{ "»" }</button>
        </div>
    }
}

/// The frame's page for game `G`.
#[function_component(EmbedPage)]
fn embed_page<G: EmbedBoard>(props: &PageProps) -> Html {
    let params = use_state(|| props.params.clone());
    let notes = use_state(|| props.errors.clone());
    // Lessons and puzzles come from the learning module, drawn inside this
    // frame.
    let params_now = (*params).clone();
    let learning = matches!(params_now.mode, Mode::Lesson | Mode::Puzzle);
    let analysing = params_now.mode == Mode::Analyse;
    let flipped = use_state(|| false);
    let state = use_reducer({
        let p = params_now.clone();
        move || {
            let mut game = session::<G>(&p).unwrap_or_else(|| GameSession::new(Default::default()));
            if p.mode == Mode::Analyse {
                G::analyse(&mut game);
            }
            game
        }
    });
    let dispatch = {
        let dispatcher = state.dispatcher();
        Callback::from(move |action: Action<G>| dispatcher.dispatch(action))
    };
    let playing = params_now.mode == Mode::Play;
    // The visitor's own moves: in `play`, and for both sides in `analyse`.
    let moves_allowed = playing || analysing;
    let board_dispatch = {
        let dispatch = dispatch.clone();
        Callback::from(move |action: Action<G>| {
            if moves_allowed {
                dispatch.emit(action)
            }
        })
    };
    let worker = use_game_worker::<G>(dispatch.clone());
    {
        let worker = worker.clone();
        let dispatch = dispatch.clone();
        let snapshot = (*state).clone();
        let key = (
            moves_allowed,
            state.wanted_search(),
            state.search.as_ref().map(|s| s.id),
        );
        use_effect_with(key, move |(searching, ..)| {
            if *searching {
                sync_search(&snapshot, &worker, &dispatch)
            }
        });
    }

    // The latest game and parameters, for the message listener.
    let latest = use_mut_ref(|| ((*state).clone(), params_now.clone()));
    *latest.borrow_mut() = ((*state).clone(), params_now.clone());

    // `ready` once, and the parameters' errors.
    {
        let (p, notes) = (params_now.clone(), (*notes).clone());
        use_effect_with((), move |_| {
            post(&p, &FrameMessage::ready(&p));
            if !notes.is_empty() {
                post(
                    &p,
                    &FrameMessage::Error {
                        message: notes.join("; "),
                    },
                );
            }
        });
    }
    // `move` or `position` after every change of the game shown.
    {
        let before = use_mut_ref(|| None::<(usize, usize)>);
        let p = params_now.clone();
        let snapshot = (*state).clone();
        let key = (
            state.record.cursor(),
            state.record.line().to_vec(),
            state.settings.clone(),
        );
        use_effect_with(key, move |(cursor, line, _)| {
            let was = before.borrow_mut().replace((*cursor, line.len()));
            if was.is_some() {
                post(&p, &change_message(&p, was, &snapshot));
            }
        });
    }
    // `gameOver` when the game ends.
    {
        let p = params_now.clone();
        let over = game_over(&p, &state);
        use_effect_with(over, move |over| {
            if let Some(message) = over {
                post(&p, message);
            }
        });
    }
    // The page's messages: only from the parent window at `parent`.
    {
        let (latest, dispatch, params, flipped) = (
            latest.clone(),
            dispatch.clone(),
            params.clone(),
            flipped.clone(),
        );
        let has_parent = params_now.parent.is_some();
        use_effect_with(has_parent, move |has_parent| {
            let listener = has_parent.then(|| {
                let on_message = Closure::<dyn Fn(String, String)>::new(move |origin: String, json: String| {
                    let (game, p) = latest.borrow().clone();
                    let message = match read_host_message(&origin, p.parent.as_ref(), &json) {
                        Ok(message) => message,
                        Err(e) if e.is_answered() => {
                            return post(&p, &FrameMessage::Error { message: e.to_string() })
                        }
                        Err(_) => return,
                    };
                    let flip = message == HostMessage::Flip;
                    match answer::<G>(message, &p, &game) {
                        Err(message) => post(&p, &FrameMessage::Error { message }),
                        Ok((action, new_params)) => {
                            let mut next = game.clone();
                            if let Some(action) = &action {
                                next.apply(action.clone());
                            }
                            let p = new_params.clone().unwrap_or(p);
                            if let Some(new) = new_params {
                                params.set(new);
                            }
                            if flip {
                                flipped.set(!*flipped);
                            }
                            let unchanged = next.record == game.record && next.settings == game.settings;
                            if let Some(action) = action {
                                dispatch.emit(action);
                            }
                            if unchanged {
                                post(&p, &FrameMessage::Position(position_info(&p, &next)));
                            }
                        }
                    }
                });
                let add = js(
                    "cb",
                    "const f = (e) => { if (window.parent === window || e.source !== window.parent) return; \
                     let s; try { s = JSON.stringify(e.data); } catch (_) { return; } \
                     if (typeof s === 'string') cb(e.origin, s); }; \
                     addEventListener('message', f); return f;",
                );
                let handle = add.call1(&JsValue::NULL, on_message.as_ref()).unwrap_or(JsValue::NULL);
                (on_message, handle)
            });
            move || {
                if let Some((_closure, handle)) = listener {
                    let _ = js("f", "removeEventListener('message', f);")
                        .call1(&JsValue::NULL, &handle);
                }
            }
        });
    }
    // `resize` whenever the content's height changes.
    let content = use_node_ref();
    {
        let content = content.clone();
        let p = params_now.clone();
        use_effect_with((), move |_| {
            let observer = content
                .cast::<web_sys::Element>()
                .filter(|_| p.parent.is_some())
                .map(|element| {
                    let p = p.clone();
                    let on_height = Closure::<dyn Fn(f64)>::new(move |height: f64| {
                        post(
                            &p,
                            &FrameMessage::Resize {
                                height: height.ceil() as u32,
                            },
                        );
                    });
                    let observe = js(
                        "el, cb",
                        "let last = -1; const o = new ResizeObserver(() => { \
                     const h = Math.ceil(el.getBoundingClientRect().height); \
                     if (h !== last) { last = h; cb(h); } }); o.observe(el); return o;",
                    );
                    let handle = observe
                        .call2(&JsValue::NULL, &element.into(), on_height.as_ref())
                        .unwrap_or(JsValue::NULL);
                    (on_height, handle)
                });
            move || {
                if let Some((_closure, handle)) = observer {
                    let _ = js("o", "if (o) o.disconnect();").call1(&JsValue::NULL, &handle);
                }
            }
        });
    }
    // The theme on the document (the app's contrast attribute included).
    {
        let theme = params_now.theme;
        use_effect_with(theme, |theme| {
            if let Some(root) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                let _ = root.set_attribute("data-theme", theme.name());
                let contrast = if *theme == Theme::Contrast {
                    "high"
                } else {
                    "normal"
                };
                let _ = root.set_attribute("data-contrast", contrast);
            }
        });
    }

    let app = use_app();
    let lang = params_now.lang.unwrap_or(app.lang);
    {
        use_effect_with(lang, |lang| {
            if let Some(root) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                let _ = root.set_attribute("lang", lang.code());
            }
        });
    }
    let context = AppContext { lang, ..app };
    let t = lang.texts();
    let board = G::board(BoardProps {
        state: state.clone(),
        dispatch: board_dispatch,
        interactive: moves_allowed,
        analysing,
    });
    let controls = params_now.controls;
    let classes = classes!(
        "embed",
        format!("embed-{}", params_now.game().name()),
        (!params_now.coords).then_some("no-coords"),
        (*flipped).then_some("flipped"),
    );
    let note = (!notes.is_empty()).then(|| {
        html! {
            <p class="embed-error" role="note" data-testid="embed-error">{ notes.join("; ") }</p>
        }
    });
    let restart = {
        let (dispatch, p) = (dispatch.clone(), params_now.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(fresh) = session::<G>(&EmbedParams {
                moves: String::new(),
                ply: None,
                ..p.clone()
            }) {
                dispatch.emit(Action::Load(fresh.settings, fresh.record));
            }
        })
    };
    html! {
        <ContextProvider<AppContext> {context}>
            <style>{ CSS }</style>
            <div ref={content} class={classes} data-testid="embed" data-mode={params_now.mode.name()}>
                { note.unwrap_or_default() }
                if learning {
                    <LearnPart {lang} />
                } else {
                    <div class="embed-board">{ board }</div>
                }
                if controls != Controls::None && !learning {
                    if playing {
                        <Status<G> state={state.clone()} dispatch={dispatch.clone()} />
                    } else {
                        { nav(&state, &dispatch, t) }
                    }
                }
                if controls == Controls::Full && playing {
                    <div class="embed-nav">
                        <button data-testid="embed-new-game" onclick={restart}>{ t.common.new_game }</button>
                    </div>
                }
            </div>
        </ContextProvider<AppContext>>
    }
}
