//! The Othello page: the shell with the Othello board, the engine's view,
//! the evaluation graph, board strings and the position editor.

use yew::prelude::*;

use crate::engine::othello::notation::board_text;
use crate::engine::othello::{Color, Move, Position, Square};
use crate::session::core::{Action, GameSession};
use crate::session::othello::view::{squares, Thinking};
use crate::session::othello::{
    Othello, OthelloAction, OthelloAnnouncement, OthelloProgress, Player, SearchKind, Settings,
};
use crate::worker::protocol::{Answer, Event, Job, OthelloTask, Report};

use super::super::shell::layout::GameLayout;
use super::super::shell::status::Status;
use super::super::shell::{use_game_page, PageGame};
use super::analysis::ThinkingPanel;
use super::board::Board;
use super::board_tools::BoardTools;
use super::editor::Editor;
use super::graph::EvaluationGraph;
use super::move_box::MoveBox;
use super::new_game::NewGameDialog;

/// How long hints are computed (the worker deepens and reports meanwhile).
const HINT_MS: f64 = 4000.0;
/// How long each position is evaluated when the whole game is analysed.
const EVALUATE_MS: f64 = 400.0;

impl PageGame for Othello {
    const SAVE_KEY: &'static str = "mind-sports.othello.game";
    const ROUTE: &'static str = "othello";

    fn job(session: &GameSession<Othello>, job: SearchKind, position: &Position, seed: u64) -> Job {
        let task = match job {
            SearchKind::Play => {
                let level = match session.settings.player(position.side_to_move()) {
                    Player::Computer(level) => level,
                    Player::Human => crate::engine::othello::Level::MAX,
                };
                OthelloTask::Play {
                    level,
                    think_ms: f64::from(session.settings.think_ms),
                    seed,
                }
            }
            SearchKind::Hint => OthelloTask::ScoreMoves { time_ms: HINT_MS },
            SearchKind::Evaluate { .. } => OthelloTask::Evaluate {
                time_ms: EVALUATE_MS,
            },
        };
        Job::Othello {
            position: *position,
            task,
        }
    }

    fn action(id: u64, event: Event) -> Option<Action<Othello>> {
        Some(match event {
            Event::Progress(Report::Othello(p)) => Action::Progress(id, OthelloProgress::Line(p)),
            Event::Progress(Report::OthelloScores(s)) => {
                Action::Progress(id, OthelloProgress::Scores(s))
            }
            Event::Done(Answer::Othello(choice)) => Action::Finished(id, choice),
            _ => return None,
        })
    }

    fn side_class(color: Color) -> &'static str {
        color.name()
    }

    fn context(_session: &GameSession<Othello>) {}

    fn score(session: &GameSession<Othello>) -> Option<OthelloAnnouncement> {
        let p = session.position();
        Some(OthelloAnnouncement::Score {
            black: p.count(Color::Black),
            white: p.count(Color::White),
            to_move: (!p.is_over()).then(|| p.side_to_move()),
        })
    }
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

/// What pasted text means: a board string if it looks like one, else moves.
pub fn paste_action(text: String) -> Action<Othello> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let board_like = compact.len() >= 17 && compact.chars().all(|c| "XxOo0-._*BbWw".contains(c));
    if board_like {
        Action::Game(OthelloAction::LoadBoard(text))
    } else {
        Action::Paste(text)
    }
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
    let cursor = use_state(|| Square::new(3, 2).expect("d3"));
    let focus_request = use_state(|| 0u32);
    let editor_open = use_state(|| false);
    let hint_mode = use_mut_ref(|| false);
    let position_now = use_mut_ref(|| Position::start(Default::default()));
    // Othello's own keys: H hints, M the next legal square.
    let on_key = {
        let (cursor, focus_request) = (cursor.clone(), focus_request.clone());
        let (hint_mode, position_now) = (hint_mode.clone(), position_now.clone());
        let dispatch_slot = use_mut_ref(|| None::<Callback<Action<Othello>>>);
        let slot = dispatch_slot.clone();
        let on_key = Callback::from(move |e: web_sys::KeyboardEvent| match e.code().as_str() {
            "KeyH" => {
                if let Some(dispatch) = &*slot.borrow() {
                    let on = !*hint_mode.borrow();
                    dispatch.emit(Action::Game(OthelloAction::SetHintMode(on)));
                }
                true
            }
            "KeyM" => {
                if let Some(next) = next_legal(&position_now.borrow(), *cursor) {
                    cursor.set(next);
                    focus_request.set(*focus_request + 1);
                }
                true
            }
            _ => false,
        });
        (on_key, dispatch_slot)
    };
    let page = use_game_page::<Othello>(
        props.link.clone(),
        on_key.0,
        Some(Callback::from(paste_action)),
    );
    *on_key.1.borrow_mut() = Some(page.dispatch.clone());
    let (state, t) = (&page.state, page.t);
    let position = state.position();
    *hint_mode.borrow_mut() = state.extra.hint_mode;
    *position_now.borrow_mut() = position;
    let size = position.rules().size;
    // Keep the cursor on the board when the size changes.
    if cursor.column() >= size.side() || cursor.row() >= size.side() {
        cursor.set(Square::new(size.side() / 2 - 1, size.side() / 2 - 2).expect("on the board"));
    }

    let dispatch = page.dispatch.clone();
    let game_action =
        |action: OthelloAction| dispatch.reform(move |_: MouseEvent| Action::Game(action.clone()));
    let on_play = page
        .dispatch
        .reform(|square: Square| Action::Play(Move::Place(square)));
    let on_cursor = {
        let cursor = cursor.clone();
        Callback::from(move |square: Square| cursor.set(square))
    };
    let toggle_editor = {
        let editor_open = editor_open.clone();
        Callback::from(move |_| editor_open.set(!*editor_open))
    };
    let play_from_editor = {
        let dispatch = page.dispatch.clone();
        let editor_open = editor_open.clone();
        let settings = state.settings;
        Callback::from(move |start: Position| {
            editor_open.set(false);
            let settings = Settings {
                rules: start.rules(),
                ..settings
            };
            dispatch.emit(Action::NewGame(settings, Some(start)));
        })
    };
    let to_move = (!position.is_over()).then(|| position.side_to_move());
    let score = |color: Color, name: &str| {
        html! {
            <span class={classes!("score", color.name(), (to_move == Some(color)).then_some("to-move"))}
                data-testid={format!("{}-count", color.name())}>
                <span class={classes!("disc", color.name(), "small")} />{ format!("{name} {}", position.count(color)) }
            </span>
        }
    };

    html! {
        <GameLayout<Othello> state={page.state.clone()} dispatch={page.dispatch.clone()}
            new_game_open={page.new_game_open.clone()} share_url={page.share_url()}
            scores={html! {
                <div class="scores">{ score(Color::Black, t.black) }{ score(Color::White, t.white) }</div>
            }}
            board={html! {
                if *editor_open {
                    <Editor initial={position} variant={state.settings.rules.variant} on_play={play_from_editor} on_cancel={toggle_editor.clone()} />
                } else {
                    <Board {size} squares={squares(state)} cursor={*cursor} focus_request={*focus_request}
                        ply={state.record.cursor()} {on_play} {on_cursor} />
                }
            }}
            below={html! {
                if !*editor_open {
                    <Status<Othello> state={page.state.clone()} dispatch={page.dispatch.clone()}>
                        if state.turn().is_human() {
                            <MoveBox {position} on_action={page.dispatch.clone()} />
                        }
                    </Status<Othello>>
                }
            }}
            buttons={html! {
                <>
                    <button class="hints" aria-pressed={state.extra.hint_mode.to_string()}
                        onclick={game_action(OthelloAction::SetHintMode(!state.extra.hint_mode))}>{ t.hints }</button>
                    <button class="legal-toggle" aria-pressed={state.extra.show_legal.to_string()}
                        onclick={game_action(OthelloAction::SetShowLegal(!state.extra.show_legal))}>{ t.legal_moves }</button>
                </>
            }}
            panels={html! {
                <>
                    <ThinkingPanel thinking={Thinking::of(state)} />
                    <EvaluationGraph evaluations={state.extra.graph(&state.record)} plies={state.record.line().len()}
                        cursor={state.record.cursor()} analysing={state.extra.analyse_game} on_action={page.dispatch.clone()} />
                </>
            }}
            record_tools={html! {
                <BoardTools board={board_text(&position)}
                    on_load={page.dispatch.reform(|text| Action::Game(OthelloAction::LoadBoard(text)))}
                    on_editor={toggle_editor} />
            }}
            load_label={t.paste_label} help={t.keyboard_help} tip={Some(t.paste_hint)}
            dialog={html! {
                <NewGameDialog initial={state.settings} on_start={page.start_game()} on_cancel={page.close_dialog()} />
            }} />
    }
}
