//! The Opok page: the game state (a reducer over [`OpokState`]), the move
//! being put together (stack, pieces to lift, landing), the computer in the
//! worker, autosave, speech, keyboard and paste.

use std::rc::Rc;

use yew::prelude::*;

use crate::engine::opok::notation::record_text;
use crate::engine::opok::{Geometry, Move, Position, Side, Square};
use crate::i18n::fill;
use crate::i18n::opok::{announcement_text, move_label};
use crate::session::opok::{link, saved, Action, Announcement, Notice, OpokState, Settings, Turn};
use crate::session::player::Player;
use crate::worker::protocol::{OpokUpdate, Request, Response};

use super::super::browser;
use super::super::common::controls::Controls;
use super::super::common::dialog::use_texts;
use super::super::common::listeners::{use_page_listeners, use_speech};
use super::super::common::move_list::{MoveEntry, MoveList};
use super::super::common::records::{Copied, Records};
use super::super::search::use_search_worker;
use super::board::OpokBoard;
use super::new_game::NewGameDialog;
use super::picker::Picker;
use super::status::Status;

/// Where the game in progress is saved.
pub const SAVE_KEY: &str = "mind-sports.opok.game";

impl Reducible for OpokState {
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

/// The state to start with: a share link, else the autosave, else a new game.
fn initial_state(link_query: Option<&str>) -> OpokState {
    if link_query.is_some() {
        // Later reloads restore the autosave, not the link.
        browser::replace_fragment("#/opok");
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
        Some((settings, record)) => OpokState::with_record(settings, record),
        None => OpokState::new(Settings::default()),
    };
    state.notice = opening
        .link_error
        .map(Notice::Link)
        .or(opening.saved_error.map(Notice::Saved));
    state
}

/// The stack being moved: where from, how many pieces, and where each
/// number of pieces can land (`landings[k]`).
#[derive(Clone, PartialEq, Debug)]
struct Selection {
    from: Square,
    k: u8,
    landings: Vec<u128>,
}

impl Selection {
    fn new(position: &Position, from: Square, preferred_k: u8) -> Option<Selection> {
        let stack = position.stack(from)?;
        if stack.owner != position.side_to_move() || stack.height < 2 {
            return None;
        }
        let max = stack.height - 1;
        let mut landings = vec![0u128; usize::from(max) + 1];
        position.walks(from, max, |k, set| landings[usize::from(k)] = set);
        if landings.iter().all(|&l| l == 0) {
            return None;
        }
        let mut selection = Selection {
            from,
            k: preferred_k,
            landings,
        };
        selection.set_k(preferred_k);
        Some(selection)
    }

    fn max(&self) -> u8 {
        (self.landings.len() - 1) as u8
    }

    /// Sets k within range; when nothing lands for it, the nearest k that
    /// lands (smaller first).
    fn set_k(&mut self, k: u8) {
        let k = k.clamp(1, self.max());
        let reachable = |k: u8| self.landings.get(usize::from(k)).is_some_and(|&l| l != 0);
        self.k = (0..=self.max())
            .flat_map(|d| [k.checked_sub(d), k.checked_add(d)])
            .flatten()
            .find(|&c| c >= 1 && reachable(c))
            .unwrap_or(k);
    }

    fn current_landings(&self) -> u128 {
        self.landings[usize::from(self.k)]
    }
}

/// Stacks of the side to move that can move.
fn movable(position: &Position) -> u128 {
    let g = position.geometry();
    Geometry::iter(position.occupied_by(position.side_to_move()))
        .filter(|&s| Selection::new(position, s, 1).is_some())
        .fold(0, |m, s| m | 1u128 << s.0)
        & g.all()
}

fn action_for(response: Response) -> Option<Action> {
    match response {
        Response::Opok { id, update } => Some(match update {
            OpokUpdate::Progress(p) => Action::Progress(id, p),
            OpokUpdate::Done(choice) => Action::Finished(id, choice),
        }),
        Response::Failed { id } => Some(Action::SearchFailed(id)),
        // Never sent to this page: each page asks only about its own game.
        _ => None,
    }
}

/// The props of the page: the query of a share link it was opened with.
#[derive(Properties, PartialEq)]
pub struct OpokPageProps {
    /// The link's query, when opened from a share link.
    #[prop_or_default]
    pub link: Option<String>,
}

/// The Opok page.
#[function_component(OpokPage)]
pub fn opok_page(props: &OpokPageProps) -> Html {
    let t = use_texts();
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
    let selection = use_state(|| None::<Selection>);
    let last_k = use_state(|| 1u8);
    let typed = use_mut_ref(|| (0u8, 0.0f64));
    let cursor = use_state(|| Square(0));
    let dialog_open = use_state(|| false);

    let position = state.position();
    let g = position.geometry();
    let turn = state.turn();
    if cursor.index() >= g.squares() {
        cursor.set(Square(0));
    }
    // A selection belongs to one position.
    {
        let selection = selection.clone();
        use_effect_with((position, turn), move |_| selection.set(None));
    }

    // Autosave, speech, worker.
    use_effect_with(
        (state.settings, state.record.clone()),
        |(settings, record)| {
            browser::store(SAVE_KEY, &saved::save(settings, record));
        },
    );
    let said = state.announcement.as_ref();
    use_speech(
        said.map(|(n, _)| *n),
        said.map(|(_, list)| announcement_text(t, g, list))
            .unwrap_or_default(),
    );
    {
        let worker = worker.clone();
        use_effect_with((), move |_| worker.warm_up());
    }
    {
        let worker = worker.clone();
        let dispatch = dispatch.clone();
        let wanted = state.wanted_search();
        let running = state.search.as_ref().map(|s| (s.id, s.position));
        let settings = state.settings;
        use_effect_with((wanted, running), move |(wanted, running)| {
            match (wanted, running) {
                (Some(w), Some((_, r))) if w == r => {}
                (Some(position), _) => {
                    let level = match settings.player(position.side_to_move()) {
                        Player::Computer(level) => level,
                        Player::Human => crate::engine::opok::Level::MAX,
                    };
                    let position = *position;
                    let id = worker.start(|id| Request::Opok {
                        id,
                        position,
                        level,
                        think_ms: f64::from(settings.think_ms),
                        seed: browser::random_seed(),
                    });
                    dispatch.dispatch(Action::SearchStarted(id, position));
                }
                (None, running) => {
                    worker.cancel();
                    if running.is_some() {
                        dispatch.dispatch(Action::SearchCancelled);
                    }
                }
            }
        });
    }

    // Putting a move together: stack, then landing.
    let on_square = {
        let selection = selection.clone();
        let last_k = last_k.clone();
        let dispatch = dispatch.clone();
        Callback::from(move |square: Square| {
            if !matches!(turn, Turn::HumanMove(_)) {
                return;
            }
            match &*selection {
                Some(sel) if sel.current_landings() & 1u128 << square.0 != 0 => {
                    last_k.set(sel.k);
                    dispatch.dispatch(Action::Play(Move::Step {
                        from: sel.from,
                        k: sel.k,
                        to: square,
                    }));
                    selection.set(None);
                }
                Some(sel) if sel.from == square => selection.set(None),
                _ => selection.set(Selection::new(&position, square, *last_k)),
            }
        })
    };
    let set_k = {
        let selection = selection.clone();
        Callback::from(move |k: u8| {
            if let Some(mut sel) = (*selection).clone() {
                sel.set_k(k);
                selection.set(Some(sel));
            }
        })
    };
    let cancel_selection = {
        let selection = selection.clone();
        Callback::from(move |_: ()| selection.set(None))
    };

    // Keys: digits and +/- choose k while a stack is selected.
    let on_key = {
        let dispatch = dispatch.clone();
        let selection = selection.clone();
        let dialog_open = dialog_open.clone();
        let set_k = set_k.clone();
        let typed = typed.clone();
        let state = state.clone();
        Callback::from(move |e: web_sys::KeyboardEvent| {
            if *dialog_open {
                return;
            }
            let key = e.key();
            if let (Some(sel), Some(digit)) = (
                &*selection,
                key.chars()
                    .next()
                    .and_then(|c| c.to_digit(10))
                    .filter(|_| key.len() == 1),
            ) {
                // Digits typed within a second form one number (for k ≥ 10).
                let now = js_sys::Date::now();
                let mut typed = typed.borrow_mut();
                let value = if now - typed.1 < 1000.0 {
                    u16::from(typed.0) * 10 + digit as u16
                } else {
                    digit as u16
                };
                let value = if value > u16::from(sel.max()) {
                    digit as u16
                } else {
                    value
                };
                *typed = (value as u8, now);
                set_k.emit(value as u8);
                e.prevent_default();
                return;
            }
            let action = match (e.ctrl_key(), key.to_lowercase().as_str()) {
                (true, "z") => Some(Action::Undo),
                (true, "y") => Some(Action::Redo),
                (true, _) => return,
                (false, "+" | "=") => {
                    if let Some(sel) = &*selection {
                        set_k.emit(sel.k + 1);
                    }
                    None
                }
                (false, "-") => {
                    if let Some(sel) = &*selection {
                        set_k.emit(sel.k.saturating_sub(1).max(1));
                    }
                    None
                }
                (false, "escape") => {
                    selection.set(None);
                    None
                }
                (false, "u") => Some(Action::Undo),
                (false, "r") => Some(Action::Redo),
                (false, "n") => {
                    dialog_open.set(true);
                    None
                }
                (false, "s") => {
                    let p = state.position();
                    Some(Action::Announce(Announcement::Score {
                        circles: p.score(Side::Circles),
                        squares: p.score(Side::Squares),
                        to_move: (!p.is_over()).then(|| p.side_to_move()),
                    }))
                }
                (false, "l") => {
                    let played = state.record.played();
                    let last = played
                        .len()
                        .checked_sub(1)
                        .map(|ply| (state.record.position_at(ply).side_to_move(), played[ply]));
                    Some(Action::Announce(Announcement::LastMove(last)))
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
        Callback::from(move |text: String| dispatch.dispatch(Action::LoadRecord(text)))
    };
    use_page_listeners(on_key, on_paste);

    let send = |action: Action| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: ()| dispatch.dispatch(action.clone()))
    };
    let on_action = {
        let dispatch = dispatch.clone();
        Callback::from(move |action: Action| dispatch.dispatch(action))
    };
    let start_game = {
        let dispatch = dispatch.clone();
        let dialog_open = dialog_open.clone();
        Callback::from(move |settings: Settings| {
            dialog_open.set(false);
            dispatch.dispatch(Action::NewGame(settings));
        })
    };
    let close_dialog = {
        let dialog_open = dialog_open.clone();
        Callback::from(move |_| dialog_open.set(false))
    };
    let open_dialog = {
        let dialog_open = dialog_open.clone();
        Callback::from(move |_| dialog_open.set(true))
    };

    let human_turn = matches!(turn, Turn::HumanMove(_));
    let stacks: Vec<_> = (0..g.squares())
        .map(|i| position.stack(Square(i as u8)))
        .collect();
    let last_landing = match state.record.last_move() {
        Some(Move::Step { to, .. }) => Some(to),
        _ => None,
    };
    let guidance = selection.as_ref().map(|sel| {
        if sel.current_landings() == 0 {
            fill(t.opok_no_landing, &[("k", &sel.k.to_string())])
        } else {
            format!(
                "{} {}",
                fill(t.opok_choose_k, &[("square", &g.name(sel.from))]),
                fill(t.opok_choose_landing, &[("k", &sel.k.to_string())])
            )
        }
    });
    let moves: Vec<MoveEntry> = state
        .record
        .line()
        .iter()
        .enumerate()
        .map(|(i, &mv)| MoveEntry {
            label: move_label(t, g, mv),
            side: state.record.position_at(i).side_to_move().name(),
        })
        .collect();
    let share_url = format!(
        "{}#/opok?{}",
        browser::page_address(),
        link::encode(&state.settings, &state.record)
    );
    let to_move = (!position.is_over()).then(|| position.side_to_move());
    let thinking = state
        .search
        .as_ref()
        .and_then(|s| s.progress.as_ref())
        .map(|p| {
            format!(
                "{} {} · {} {:+.1} · {} {}",
                t.depth,
                p.depth,
                t.score,
                f64::from(p.score) / 100.0,
                t.line,
                p.pv.iter()
                    .map(|&m| move_label(t, g, m))
                    .collect::<Vec<_>>()
                    .join(" ")
            )
        });

    html! {
        <section class="opok-page othello-page">
            <div class="play-area">
                <div class="scores" aria-hidden="true">
                    <span class={classes!("score", (to_move == Some(Side::Circles)).then_some("to-move"))} data-testid="circles-count">
                        <span class="stack circles mini" />{ format!("{} {}", t.circles, position.score(Side::Circles)) }
                    </span>
                    <span class={classes!("score", (to_move == Some(Side::Squares)).then_some("to-move"))} data-testid="squares-count">
                        <span class="stack squares mini" />{ format!("{} {}", t.squares, position.score(Side::Squares)) }
                    </span>
                </div>
                <OpokBoard geometry={g} {stacks} movable={if human_turn { movable(&position) } else { 0 }}
                    selected={selection.as_ref().map(|s| s.from)}
                    landings={selection.as_ref().map_or(0, Selection::current_landings)}
                    {last_landing} captured={state.captured.clone()} cursor={*cursor} focus_request={0}
                    ply={state.record.cursor()} {on_square} on_cursor={{
                        let cursor = cursor.clone();
                        Callback::from(move |s: Square| cursor.set(s))
                    }} />
                if let Some(sel) = &*selection {
                    <Picker k={sel.k} max={sel.max()} reachable={sel.landings.iter().map(|&l| l != 0).collect::<Vec<_>>()}
                        on_change={set_k.clone()} on_cancel={cancel_selection} />
                }
                <Status position={position} {turn} paused={state.paused} notice={state.notice.clone()}
                    {guidance} on_action={on_action.clone()} />
            </div>
            <aside class="side-panel">
                <Controls can_undo={state.undo_target().is_some()} can_redo={state.redo_target().is_some()}
                    thinking={state.search.is_some()} on_new_game={open_dialog}
                    on_undo={send(Action::Undo)} on_redo={send(Action::Redo)} on_move_now={Some(send(Action::MoveNow))} />
                if let Some(line) = thinking {
                    <p class="thinking-panel" data-testid="thinking">{ line }</p>
                }
                <MoveList {moves} cursor={state.record.cursor()} on_go={on_action.reform(Action::GoTo)} />
                <Records record={record_text(g, state.record.played())} {share_url} load_label={t.opok_record_label}
                    on_copied={on_action.reform(|what| Action::SetNotice(Some(match what {
                        Copied::Moves => Notice::Copied,
                        Copied::Link => Notice::LinkCopied,
                    })))}
                    on_load={on_action.reform(Action::LoadRecord)} />
                <p class="help">{ t.opok_keyboard_help }</p>
                <p class="help">{ t.opok_paste_hint }</p>
                <p><a href="#/opok/rules">{ t.rules }</a></p>
            </aside>
            if *dialog_open {
                <NewGameDialog initial={state.settings} on_start={start_game} on_cancel={close_dialog} />
            }
        </section>
    }
}
