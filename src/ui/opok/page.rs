//! The Opok page: the shell with the Opok board, the move being put
//! together (stack, pieces to lift, landing) and its keys.

use yew::prelude::*;

use crate::i18n::opok::{guidance_text, thinking_text};
use crate::session::opok::view::{game_squares, Selection};
use crate::session::opok::Opok;
use crate::session::turn::Turn;

use super::super::context::use_texts;
use super::super::shell::layout::GameLayout;
use super::super::shell::status::Status;
use super::super::shell::use_game_page;
use super::board::OpokBoard;
use super::new_game::NewGameDialog;
use super::picker::Picker;
use super::selection::{selection_keys, use_move_maker};

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
    let selection = use_state(|| None::<Selection>);
    let page = use_game_page::<Opok>(props.link.clone(), selection_keys(selection.clone()), None);
    let (state, t) = (&page.state, page.t);
    let position = state.position();
    let g = position.geometry();
    let people_move = matches!(state.turn(), Turn::HumanMove(_));
    let moves = use_move_maker(
        selection.clone(),
        position,
        people_move,
        page.dispatch.clone(),
    );
    let views = game_squares(state, selection.as_ref(), people_move);
    let guidance = selection.as_ref().map(|sel| guidance_text(t, g, sel));
    let thinking = state.search.as_ref().and_then(|s| s.progress.as_ref());

    html! {
        <GameLayout<Opok> state={page.state.clone()} dispatch={page.dispatch.clone()}
            new_game_open={page.new_game_open.clone()} share_url={page.share_url()}
            board={html! {
                <OpokBoard geometry={g} squares={views} ply={state.record.cursor()} on_square={moves.on_square} />
            }}
            below={html! {
                <>
                    if let Some(sel) = &*selection {
                        <Picker k={sel.k} max={sel.max()} reachable={sel.landings.iter().map(|&l| l != 0).collect::<Vec<_>>()}
                            on_change={moves.set_k} on_cancel={moves.cancel} />
                    }
                    <Status<Opok> state={page.state.clone()} dispatch={page.dispatch.clone()} {guidance} />
                </>
            }}
            panels={html! {
                if let Some(progress) = thinking {
                    <p class="thinking-panel" data-testid="thinking">{ thinking_text(t, g, progress) }</p>
                }
            }}
            load_label={t.opok.record_label()} help={t.opok.keyboard_help()} tip={Some(t.opok.paste_hint())}
            dialog={html! {
                <NewGameDialog initial={state.settings} on_start={page.start_game()} on_cancel={page.close_dialog()} />
            }} />
    }
}

/// Props of the board of an online game.
#[derive(Properties, PartialEq)]
pub struct OnlineBoardProps {
    /// The game as shown.
    pub session: crate::session::core::GameSession<Opok>,
    /// Gets the moves put together.
    pub on_action: Callback<crate::session::core::Action<Opok>>,
    /// It is this page's player's move.
    pub mine: bool,
}

/// The board of an online game: moves put together as on the page (stack,
/// pieces, landing) and handed to the online page.
#[function_component(OnlineBoard)]
pub fn online_board(props: &OnlineBoardProps) -> Html {
    let t = use_texts();
    let selection = use_state(|| None::<Selection>);
    let position = props.session.position();
    let g = position.geometry();
    let moves = use_move_maker(
        selection.clone(),
        position,
        props.mine,
        props.on_action.clone(),
    );
    let views = game_squares(&props.session, selection.as_ref(), props.mine);
    let guidance = selection.as_ref().map(|sel| guidance_text(t, g, sel));
    html! {
        <>
            <OpokBoard geometry={g} squares={views} ply={props.session.record.cursor()} on_square={moves.on_square} />
            if let Some(sel) = &*selection {
                <Picker k={sel.k} max={sel.max()} reachable={sel.landings.iter().map(|&l| l != 0).collect::<Vec<_>>()}
                    on_change={moves.set_k} on_cancel={moves.cancel} />
            }
            if let Some(guidance) = guidance {
                <p class="guidance">{ guidance }</p>
            }
        </>
    }
}
