//! The Othello page: the shell with the Othello board, the engine's view,
//! the evaluation graph, board strings and the position editor.

use yew::prelude::*;

use crate::engine::othello::notation::board_text;
use crate::engine::othello::{Move, Square};
use crate::session::core::Action;
use crate::session::othello::editing::play_from;
use crate::session::othello::view::{squares, Thinking};
use crate::session::othello::{Othello, OthelloAction};

use super::super::shell::layout::GameLayout;
use super::super::shell::status::Status;
use super::super::shell::use_game_page;
use super::analysis::{AidButtons, ThinkingPanel};
use super::board::Board;
use super::board_tools::BoardTools;
use super::editor::Editor;
use super::graph::EvaluationGraph;
use super::move_box::MoveBox;
use super::new_game::NewGameDialog;
use super::page_game::{othello_keys, paste_action};

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
    // Where the board's cursor is, and requests to move it (key M).
    let cursor = use_mut_ref(|| None::<Square>);
    let focus = use_state(|| None::<(Square, u32)>);
    let editor_open = use_state(|| false);
    let page = use_game_page::<Othello>(
        props.link.clone(),
        othello_keys(cursor.clone(), focus.clone()),
        Some(Callback::from(paste_action)),
    );
    let (state, t) = (&page.state, page.t);
    let position = state.position();
    let size = position.rules().size;
    // Every picked square is tried: an illegal one is refused aloud.
    let on_pick = page
        .dispatch
        .reform(|square: Square| Action::Play(Move::Place(square)));
    let on_cursor = {
        let cursor = cursor.clone();
        Callback::from(move |square: Square| *cursor.borrow_mut() = Some(square))
    };
    let toggle_editor = {
        let editor_open = editor_open.clone();
        Callback::from(move |_| editor_open.set(!*editor_open))
    };
    let play_from_editor = {
        let (dispatch, editor_open) = (page.dispatch.clone(), editor_open.clone());
        let settings = state.settings;
        Callback::from(move |start| {
            editor_open.set(false);
            dispatch.emit(play_from(settings, start));
        })
    };

    html! {
        <GameLayout<Othello> state={page.state.clone()} dispatch={page.dispatch.clone()}
            new_game_open={page.new_game_open.clone()} share_url={page.share_url()}
            board={html! {
                if *editor_open {
                    <Editor initial={position} variant={state.settings.rules.variant} on_play={play_from_editor} on_cancel={toggle_editor.clone()} />
                } else {
                    <Board {size} squares={squares(state)} focus={*focus}
                        ply={state.record.cursor()} {on_pick} {on_cursor} />
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
                <AidButtons hint_mode={state.extra.hint_mode} show_legal={state.extra.show_legal}
                    on_action={page.dispatch.clone()} />
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
            load_label={t.othello.paste_label()} help={t.othello.keyboard_help()} tip={Some(t.othello.paste_hint())}
            dialog={html! {
                <NewGameDialog initial={state.settings} on_start={page.start_game()} on_cancel={page.close_dialog()} />
            }} />
    }
}
