//! The take-away games page: the game state (a reducer over [`NimState`]),
//! the computer and the misère analysis in the worker, the theory panel,
//! autosave, speech and keyboard.

use std::rc::Rc;

use yew::prelude::*;

use crate::engine::nim::theory::{analyse_normal, Outcome};
use crate::engine::nim::Move;
use crate::engine::strength::Level;
use crate::i18n::fill;
use crate::i18n::nim::{announcement_text, move_label, mover_lower, mover_name, notice_text};
use crate::session::nim::{link, saved, Action, Job, Mover, NimState, Notice, Settings, Turn};
use crate::session::player::Player;
use crate::worker::protocol::{Request, Response};

use super::super::browser;
use super::super::common::controls::Controls;
use super::super::common::dialog::use_texts;
use super::super::common::listeners::{use_page_listeners, use_speech};
use super::super::common::move_list::{MoveEntry, MoveList};
use super::super::common::records::{Copied, Records};
use super::super::search::use_search_worker;
use super::heaps::Heaps;
use super::new_game::NewGameDialog;
use super::theory::TheoryPanel;

/// Where the game in progress is saved.
pub const SAVE_KEY: &str = "mind-sports.nim.game";

impl Reducible for NimState {
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

fn initial_state(link_query: Option<&str>) -> NimState {
    if link_query.is_some() {
        // Later reloads restore the autosave, not the link.
        browser::replace_fragment("#/nim");
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
        Some((settings, record)) => NimState::with_record(settings, record),
        None => NimState::new(Settings::default()),
    };
    state.notice = opening
        .link_error
        .map(Notice::Link)
        .or(opening.saved_error.map(Notice::Saved));
    state
}

fn action_for(response: Response) -> Option<Action> {
    match response {
        Response::Nim { id, best } => Some(Action::Finished(id, best)),
        Response::NimAnalysis { id, result } => Some(Action::Analysed(id, result)),
        Response::Failed { id } => Some(Action::SearchFailed(id)),
        _ => None,
    }
}

/// The props of the page: the query of a share link it was opened with.
#[derive(Properties, PartialEq)]
pub struct NimPageProps {
    /// The link's query, when opened from a share link.
    #[prop_or_default]
    pub link: Option<String>,
}

/// The take-away games page.
#[function_component(NimPage)]
pub fn nim_page(props: &NimPageProps) -> Html {
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
    let dialog_open = use_state(|| false);
    let show_theory = use_state(|| true);
    let show_me = use_state(|| false);

    let position = state.position();
    let turn = state.turn();

    use_effect_with(
        (state.settings.clone(), state.record.clone()),
        |(settings, record)| {
            browser::store(SAVE_KEY, &saved::save(settings, record));
        },
    );
    let said = state.announcement.as_ref();
    use_speech(
        said.map(|(n, _)| *n),
        said.map(|(_, list)| announcement_text(t, list))
            .unwrap_or_default(),
    );
    {
        let worker = worker.clone();
        use_effect_with((), move |_| worker.warm_up());
    }
    {
        let worker = worker.clone();
        let dispatch = dispatch.clone();
        let wanted = state.wanted_job();
        let running = state
            .search
            .as_ref()
            .map(|s| (s.id, s.job, s.position.clone()));
        let settings = state.settings.clone();
        let mover = state.mover();
        use_effect_with((wanted, running), move |(wanted, running)| {
            match (wanted, running) {
                (Some((job, position)), Some((_, running_job, running_position)))
                    if job == running_job && position == running_position => {}
                (Some((job, position)), _) => {
                    let (job, position) = (*job, position.clone());
                    let misere = settings.misere;
                    let request_position = position.clone();
                    let id = worker.start(move |id| match job {
                        Job::Move => Request::Nim {
                            id,
                            position: request_position,
                            misere,
                            level: match settings.player(mover) {
                                Player::Computer(level) => level,
                                Player::Human => Level::MAX,
                            },
                            seed: browser::random_seed(),
                        },
                        Job::Analysis => Request::NimAnalysis {
                            id,
                            position: request_position,
                            misere,
                        },
                    });
                    dispatch.dispatch(Action::SearchStarted(id, job, position));
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

    let on_key = {
        let dispatch = dispatch.clone();
        let dialog_open = dialog_open.clone();
        let show_theory = show_theory.clone();
        let show_me = show_me.clone();
        Callback::from(move |e: web_sys::KeyboardEvent| {
            if *dialog_open {
                return;
            }
            let action = match (e.ctrl_key(), e.key().to_lowercase().as_str()) {
                (true, "z") => Some(Action::Undo),
                (true, "y") => Some(Action::Redo),
                (true, _) => return,
                (false, "u") => Some(Action::Undo),
                (false, "r") => Some(Action::Redo),
                (false, "n") => {
                    dialog_open.set(true);
                    None
                }
                (false, "t") => {
                    show_theory.set(!*show_theory);
                    None
                }
                (false, "w") => {
                    show_me.set(!*show_me);
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
    let on_take = {
        let dispatch = dispatch.clone();
        Callback::from(move |mv: Move| dispatch.dispatch(Action::Play(mv)))
    };
    let start_game = {
        let dispatch = dispatch.clone();
        let dialog_open = dialog_open.clone();
        Callback::from(move |settings: Settings| {
            dialog_open.set(false);
            dispatch.dispatch(Action::NewGame(settings));
        })
    };

    let normal = (!state.settings.misere).then(|| analyse_normal(&position));
    let misere_analysis = state
        .misere_analysis
        .as_ref()
        .filter(|(p, _)| *p == position)
        .map(|(_, result)| result.clone());
    let winning: Vec<Move> = match (&normal, &misere_analysis) {
        (Some(a), _) => a.winning_moves.clone(),
        (None, Some(Ok(a))) => a.winning_moves.clone(),
        _ => Vec::new(),
    };
    let status = match turn {
        Turn::HumanMove(mover) | Turn::HumanPass(mover) => html! {
            <p class="turn">{ fill(t.nim_your_move, &[("who", mover_lower(t, mover))]) }</p>
        },
        Turn::Computer(mover) if state.paused => html! {
            <div class="pass-notice">
                <p>{ fill(t.computer_paused, &[("color", mover_lower(t, mover))]) }</p>
                <button class="resume primary" onclick={send(Action::Resume).reform(|_: MouseEvent| ())}>{ t.resume }</button>
            </div>
        },
        Turn::Computer(mover) => html! {
            <p class="turn thinking">{ fill(t.thinking, &[("color", mover_lower(t, mover))]) }</p>
        },
        Turn::Over => {
            let winner = state.winner().unwrap_or(Mover::First);
            html! { <p class="result">{ format!("{} {}", t.game_over, fill(t.nim_wins, &[("who", mover_name(t, winner))])) }</p> }
        }
    };
    let moves: Vec<MoveEntry> = state
        .record
        .line()
        .iter()
        .enumerate()
        .map(|(i, mv)| MoveEntry {
            label: move_label(mv),
            side: Mover::at(i).name(),
        })
        .collect();
    let record_text = state
        .record
        .played()
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let share_url = format!(
        "{}#/nim?{}",
        browser::page_address(),
        link::encode(&state.settings, &state.record)
    );
    let human_turn = matches!(turn, Turn::HumanMove(_));
    let toggle = |handle: UseStateHandle<bool>| Callback::from(move |_: ()| handle.set(!*handle));
    let convention = if state.settings.misere {
        t.misere_play
    } else {
        t.normal_play
    };
    let outcome_class = normal
        .as_ref()
        .map(|a| if a.outcome == Outcome::P { "p" } else { "n" });

    html! {
        <section class={classes!("nim-page", "othello-page", outcome_class)}>
            <div class="play-area">
                <p class="convention">{ convention }</p>
                <Heaps position={position.clone()} interactive={human_turn}
                    highlight={if *show_me { winning.clone() } else { Vec::new() }}
                    values={if *show_theory { normal.as_ref().and_then(|a| a.values.clone()) } else { None }}
                    {on_take} />
                <div class="status">
                    { status }
                    if let Some(notice) = &state.notice {
                        <p class="notice" role="alert" data-testid="notice">{ notice_text(t, notice) }</p>
                    }
                </div>
                <button class="theory-toggle" aria-pressed={show_theory.to_string()} onclick={toggle(show_theory.clone()).reform(|_: MouseEvent| ())}>
                    { t.theory }
                </button>
                if *show_theory {
                    <TheoryPanel position={position.clone()} misere={state.settings.misere} {misere_analysis}
                        show_me={*show_me} on_show_me={toggle(show_me.clone())} />
                }
            </div>
            <aside class="side-panel">
                <Controls can_undo={state.undo_target().is_some()} can_redo={state.redo_target().is_some()}
                    thinking={false} on_new_game={toggle(dialog_open.clone())}
                    on_undo={send(Action::Undo)} on_redo={send(Action::Redo)} />
                <MoveList {moves} cursor={state.record.cursor()} on_go={on_action.reform(Action::GoTo)} />
                <Records record={record_text} {share_url} load_label={t.nim_record_label}
                    on_copied={on_action.reform(|what| Action::SetNotice(Some(match what {
                        Copied::Moves => Notice::Copied,
                        Copied::Link => Notice::LinkCopied,
                    })))}
                    on_load={on_action.reform(Action::LoadRecord)} />
                <p class="help">{ t.nim_keyboard_help }</p>
                <p><a href="#/nim/rules">{ t.rules }</a></p>
            </aside>
            if *dialog_open {
                <NewGameDialog initial={state.settings.clone()} on_start={start_game}
                    on_cancel={toggle(dialog_open.clone())} />
            }
        </section>
    }
}
