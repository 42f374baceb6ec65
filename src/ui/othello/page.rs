//! The Othello page: holds the game state (a reducer over
//! [`OthelloState`]), runs the searches it asks for in the worker, saves the
//! game, speaks announcements and handles keyboard shortcuts and paste.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::engine::othello::notation::{board_text, format_transcript};
use crate::engine::othello::{Color, Move, Position, Square};
use crate::i18n::othello::announcement_text;
use crate::session::othello::state::{Announcement, Notice};
use crate::session::othello::{
    link, saved, Action, OthelloState, Player, SearchKind, Settings, Turn,
};
use crate::worker::protocol::{OthelloJob, OthelloUpdate, Request, Response};

use super::super::app::AppContext;
use super::super::browser;
use super::super::common::controls::Controls;
use super::super::common::listeners::{use_page_listeners, use_speech};
use super::super::common::move_list::{MoveEntry, MoveList};
use super::super::common::records::{Copied, Records};
use super::super::search::{use_search_worker, SearchWorker};
use super::analysis::{Thinking, ThinkingPanel};
use super::board::{Board, SquareView};
use super::board_tools::BoardTools;
use super::editor::Editor;
use super::graph::EvaluationGraph;
use super::new_game::NewGameDialog;
use super::status::Status;

/// Where the game in progress is saved.
pub const SAVE_KEY: &str = "mind-sports.othello.game";
/// How long hints are computed (the worker deepens and reports meanwhile).
const HINT_MS: f64 = 4000.0;
/// How long each position is evaluated when the whole game is analysed.
const EVALUATE_MS: f64 = 400.0;

impl Reducible for OthelloState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}

/// The state to start with: from a share link, else the autosaved game,
/// else a new game. A bad link or save is reported and replaced by a new game.
fn initial_state(link_query: Option<&str>) -> OthelloState {
    if link_query.is_some() {
        // Later reloads restore the autosave, not the link.
        browser::replace_fragment("#/othello");
    }
    let saved_text = browser::load(SAVE_KEY);
    let opening = crate::session::start::opening(
        link_query,
        link::decode,
        saved_text.as_deref(),
        saved::load,
    );
    if opening.saved_error.is_some() {
        browser::set_aside(SAVE_KEY);
    }
    let mut state = match opening.game {
        Some((settings, record)) => OthelloState::with_record(settings, record),
        None => OthelloState::new(Settings::default()),
    };
    state.notice = opening
        .link_error
        .map(Notice::Link)
        .or(opening.saved_error.map(Notice::Saved));
    state
}

fn request_for(kind: SearchKind, position: Position, settings: &Settings, id: u64) -> Request {
    let job = match kind {
        SearchKind::Play => {
            let level = match settings.player(position.side_to_move()) {
                Player::Computer(level) => level,
                Player::Human => crate::engine::othello::Level::MAX,
            };
            OthelloJob::Play {
                level,
                think_ms: f64::from(settings.think_ms),
                seed: browser::random_seed(),
            }
        }
        SearchKind::Hint => OthelloJob::ScoreMoves { time_ms: HINT_MS },
        SearchKind::Evaluate { .. } => OthelloJob::Evaluate {
            time_ms: EVALUATE_MS,
        },
    };
    Request::Othello { id, position, job }
}

fn action_for(response: Response) -> Option<Action> {
    match response {
        Response::Othello { id, update } => Some(match update {
            OthelloUpdate::Progress(p) => Action::Progress(id, p),
            OthelloUpdate::Scores(s) => Action::Scores(id, s),
            OthelloUpdate::Done(choice) => Action::Finished(id, choice),
        }),
        Response::Failed { id } => Some(Action::SearchFailed(id)),
        // Never sent to this page: each page asks only about its own game.
        _ => None,
    }
}

/// Starts, keeps or cancels the worker's search to match what the state wants.
fn sync_search(
    state: &OthelloState,
    worker: &SearchWorker,
    dispatch: &UseReducerDispatcher<OthelloState>,
) {
    let wanted = state.wanted_search();
    let running = state.search.as_ref().map(|s| (s.kind, s.position));
    match wanted {
        Some(w) if Some(w) == running => {}
        Some((kind, position)) => {
            let settings = state.settings;
            let id = worker.start(|id| request_for(kind, position, &settings, id));
            dispatch.dispatch(Action::SearchStarted(id, kind, position));
        }
        None => {
            // Also frees a worker still busy with an answer nobody wants
            // (after "move now").
            worker.cancel();
            if running.is_some() {
                dispatch.dispatch(Action::SearchCancelled);
            }
        }
    }
}

/// Builds what each square shows.
fn square_views(state: &OthelloState) -> Vec<SquareView> {
    let position = state.position();
    let human_turn = matches!(state.turn(), Turn::HumanMove(_));
    let legal = if human_turn {
        position.legal_squares()
    } else {
        0
    };
    let last = match state.record.last_move() {
        Some(Move::Place(s)) => s.bit(),
        _ => 0,
    };
    let hints = state
        .hints
        .as_ref()
        .filter(|(p, _, _)| state.hint_mode && *p == position && human_turn)
        .map(|(_, scores, _)| scores.clone());
    let best = hints.as_ref().and_then(|h| h.best()).map(|(_, s)| s);
    position
        .rules()
        .size
        .squares_in_order()
        .map(|square| {
            let hint = hints.as_ref().and_then(|h| {
                h.scores
                    .iter()
                    .find(|(m, _)| *m == Move::Place(square))
                    .map(|&(_, s)| (s, h.exact, Some(s) == best))
            });
            SquareView {
                disc: position.at(square),
                legal: legal & square.bit() != 0,
                marked: state.show_legal && legal & square.bit() != 0,
                last: last & square.bit() != 0,
                flipped: state.flipped & square.bit() != 0,
                hint,
            }
        })
        .collect()
}

/// The move list's entries: squares (or "pass") with the mover's colour.
fn move_entries(
    record: &crate::session::othello::Record,
    t: &crate::i18n::Texts,
) -> Vec<MoveEntry> {
    record
        .line()
        .iter()
        .enumerate()
        .map(|(i, mv)| MoveEntry {
            label: match mv {
                Move::Place(s) => s.to_string(),
                Move::Pass => t.pass.to_lowercase(),
            },
            side: record.position_at(i).side_to_move().name(),
        })
        .collect()
}

/// The next legal square after `from` in reading order, wrapping around.
fn next_legal(position: &Position, from: Square) -> Option<Square> {
    let legal: Vec<Square> = Square::iter(position.legal_squares()).collect();
    legal
        .iter()
        .find(|s| s.index() > from.index())
        .or(legal.first())
        .copied()
}

/// The props of the page: the query of a share link it was opened with.
#[derive(Properties, PartialEq)]
pub struct OthelloPageProps {
    /// The link's query, when opened from a share link.
    #[prop_or_default]
    pub link: Option<String>,
}

/// The Othello page.
#[function_component(OthelloPage)]
pub fn othello_page(props: &OthelloPageProps) -> Html {
    let context = use_context::<AppContext>().expect("inside the app");
    let t = context.t();
    let state = {
        let link = props.link.clone();
        use_reducer(move || initial_state(link.as_deref()))
    };
    let dispatch = state.dispatcher();
    let worker = {
        let dispatch = dispatch.clone();
        use_search_worker(Callback::from(move |r| {
            if let Some(action) = action_for(r) {
                dispatch.dispatch(action);
            }
        }))
    };
    let cursor = use_state(|| Square::new(3, 2).expect("d3"));
    let focus_request = use_state(|| 0u32);
    let dialog_open = use_state(|| false);
    let editor_open = use_state(|| false);

    let position = state.position();
    let size = position.rules().size;
    // Keep the cursor on the board when the size changes.
    if cursor.column() >= size.side() || cursor.row() >= size.side() {
        cursor.set(Square::new(size.side() / 2 - 1, size.side() / 2 - 2).expect("on the board"));
    }

    // Save every change of the game.
    use_effect_with(
        (state.settings, state.record.clone()),
        |(settings, record)| {
            browser::store(SAVE_KEY, &saved::save(settings, record));
        },
    );

    // Speak every new announcement.
    let said = state.announcement.as_ref();
    use_speech(
        said.map(|(n, _)| *n),
        said.map(|(_, list)| announcement_text(t, list))
            .unwrap_or_default(),
    );

    // Load the worker right away, not on the first click.
    {
        let worker = worker.clone();
        use_effect_with((), move |_| worker.warm_up());
    }

    // Run the search the state asks for.
    {
        let worker = worker.clone();
        let dispatch = dispatch.clone();
        let snapshot = state.clone();
        let key = (state.wanted_search(), state.search.as_ref().map(|s| s.id));
        use_effect_with(key, move |_| sync_search(&snapshot, &worker, &dispatch));
    }

    // Page-wide shortcuts and paste.
    let on_key = {
        let dispatch = dispatch.clone();
        let state = state.clone();
        let cursor = cursor.clone();
        let focus_request = focus_request.clone();
        let dialog_open = dialog_open.clone();
        Callback::from(move |e: web_sys::KeyboardEvent| {
            if *dialog_open {
                return;
            }
            let key = e.key().to_lowercase();
            let action = match (e.ctrl_key(), key.as_str()) {
                (true, "z") => Some(Action::Undo),
                (true, "y") => Some(Action::Redo),
                (true, _) => return,
                (false, "u") => Some(Action::Undo),
                (false, "r") => Some(Action::Redo),
                (false, "h") => Some(Action::SetHintMode(!state.hint_mode)),
                (false, "s") => {
                    let p = state.position();
                    Some(Action::Announce(Announcement::Score {
                        black: p.count(Color::Black),
                        white: p.count(Color::White),
                        to_move: (!p.is_over()).then(|| p.side_to_move()),
                    }))
                }
                (false, "l") => {
                    let played = state.record.played();
                    let last = played.len().checked_sub(1).map(|ply| {
                        let mover = state.record.position_at(ply).side_to_move();
                        (mover, played[ply])
                    });
                    Some(Action::Announce(Announcement::LastMove(last)))
                }
                (false, "n") => {
                    dialog_open.set(true);
                    None
                }
                (false, "m") => {
                    if let Some(next) = next_legal(&state.position(), *cursor) {
                        cursor.set(next);
                        focus_request.set(*focus_request + 1);
                    }
                    None
                }
                _ => return,
            };
            e.prevent_default();
            if let Some(action) = action {
                dispatch.dispatch(action);
            }
        })
    };
    let on_paste = {
        let dispatch = dispatch.clone();
        Callback::from(move |text: String| dispatch.dispatch(paste_action(text)))
    };
    use_page_listeners(on_key, on_paste);

    let on_play = {
        let dispatch = dispatch.clone();
        Callback::from(move |square: Square| dispatch.dispatch(Action::Play(Move::Place(square))))
    };
    let on_cursor = {
        let cursor = cursor.clone();
        Callback::from(move |square: Square| cursor.set(square))
    };
    let on_action = {
        let dispatch = dispatch.clone();
        Callback::from(move |action: Action| dispatch.dispatch(action))
    };
    let send = |action: Action| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: ()| dispatch.dispatch(action.clone()))
    };
    let open_dialog = {
        let dialog_open = dialog_open.clone();
        Callback::from(move |_| dialog_open.set(true))
    };
    let close_dialog = {
        let dialog_open = dialog_open.clone();
        Callback::from(move |_| {
            dialog_open.set(false);
            focus_new_game_button();
        })
    };
    let start_game = {
        let dispatch = dispatch.clone();
        let dialog_open = dialog_open.clone();
        Callback::from(move |settings: Settings| {
            dialog_open.set(false);
            dispatch.dispatch(Action::NewGame(settings, None));
        })
    };
    let toggle_editor = {
        let editor_open = editor_open.clone();
        Callback::from(move |_| editor_open.set(!*editor_open))
    };
    let play_from_editor = {
        let dispatch = dispatch.clone();
        let editor_open = editor_open.clone();
        let settings = state.settings;
        Callback::from(move |start: Position| {
            editor_open.set(false);
            let settings = Settings {
                rules: start.rules(),
                ..settings
            };
            dispatch.dispatch(Action::NewGame(settings, Some(start)));
        })
    };

    let squares = square_views(&state);
    let black = position.count(Color::Black);
    let white = position.count(Color::White);
    let to_move = (!position.is_over()).then(|| position.side_to_move());
    let share_url = format!(
        "{}#/othello?{}",
        browser::page_address(),
        link::encode(&state.settings, &state.record)
    );

    html! {
        <section class="othello-page">
            <div class="play-area">
                <div class="scores" aria-hidden="true">
                    <span class={classes!("score", "black", (to_move == Some(Color::Black)).then_some("to-move"))} data-testid="black-count">
                        <span class="disc black small" />{ format!("{} {black}", t.black) }
                    </span>
                    <span class={classes!("score", "white", (to_move == Some(Color::White)).then_some("to-move"))} data-testid="white-count">
                        <span class="disc white small" />{ format!("{} {white}", t.white) }
                    </span>
                </div>
                if *editor_open {
                    <Editor initial={position} variant={state.settings.rules.variant} on_play={play_from_editor} on_cancel={toggle_editor.clone()} />
                } else {
                    <Board size={size} squares={squares} cursor={*cursor} focus_request={*focus_request}
                        ply={state.record.cursor()} {on_play} {on_cursor} />
                    <Status position={position} turn={state.turn()} paused={state.paused}
                        notice={state.notice.clone()} on_action={on_action.clone()} />
                }
            </div>
            <aside class="side-panel">
                <Controls can_undo={state.undo_target().is_some()} can_redo={state.redo_target().is_some()}
                    thinking={state.search.as_ref().is_some_and(|s| s.kind == SearchKind::Play)}
                    on_new_game={open_dialog} on_undo={send(Action::Undo)} on_redo={send(Action::Redo)}
                    on_move_now={Some(send(Action::MoveNow))}>
                    <button class="hints" aria-pressed={state.hint_mode.to_string()}
                        onclick={send(Action::SetHintMode(!state.hint_mode)).reform(|_: MouseEvent| ())}>{ t.hints }</button>
                    <button class="legal-toggle" aria-pressed={state.show_legal.to_string()}
                        onclick={send(Action::SetShowLegal(!state.show_legal)).reform(|_: MouseEvent| ())}>{ t.legal_moves }</button>
                </Controls>
                <ThinkingPanel thinking={Thinking::of(&state)} />
                <MoveList moves={move_entries(&state.record, t)} cursor={state.record.cursor()}
                    on_go={on_action.reform(Action::GoTo)} />
                <EvaluationGraph evaluations={state.evaluations.clone()} plies={state.record.line().len()}
                    cursor={state.record.cursor()} analysing={state.analyse_game} on_action={on_action.clone()} />
                <Records record={format_transcript(state.record.played())} {share_url} load_label={t.paste_label}
                    on_copied={on_action.reform(|what| Action::SetNotice(Some(match what {
                        Copied::Moves => Notice::Copied,
                        Copied::Link => Notice::LinkCopied,
                    })))}
                    on_load={on_action.reform(Action::LoadTranscript)}>
                    <BoardTools board={board_text(&position)} on_load={on_action.reform(Action::LoadBoard)}
                        on_editor={toggle_editor} />
                </Records>
                <p class="help">{ t.keyboard_help }</p>
                <p class="help">{ t.paste_hint }</p>
            </aside>
            if *dialog_open {
                <NewGameDialog initial={state.settings} on_start={start_game} on_cancel={close_dialog} />
            }
        </section>
    }
}

/// Returns keyboard focus to the button that opened the dialog.
fn focus_new_game_button() {
    let button = browser::window()
        .document()
        .and_then(|d| d.query_selector("button.new-game").ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(button) = button {
        let _ = button.focus();
    }
}

/// What pasted text means: a board string if it looks like one, else moves.
pub fn paste_action(text: String) -> Action {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let board_like = compact.len() >= 17 && compact.chars().all(|c| "XxOo0-._*BbWw".contains(c));
    if board_like {
        Action::LoadBoard(text)
    } else {
        Action::LoadTranscript(text)
    }
}
