//! The layout every game page shares: the play area (score line, board,
//! what goes under it) and the side panel (the game buttons, the game's own
//! panels, the move list, the records panel, the keyboard help, a link to
//! the rules), with the new-game dialog. The game gives the parts that are
//! its own as HTML; everything shared is drawn here from the session.

use crate::ui::common::reduced::Reduced;
use yew::prelude::*;

use crate::i18n::othello::level_name;
use crate::i18n::Texts;
use crate::session::core::{Action, GameSession};
use crate::session::player::Player;

use super::super::common::controls::Controls;
use super::super::common::move_list::{MoveEntry, MoveList};
use super::super::common::records::Records;
use super::clock::game_clock;
use super::play_online::PlayOnline;
use super::put_aside::PutAsideGames;
use super::scores::Scores;
use super::PageGame;

/// The parts of a game page.
#[derive(Properties, PartialEq)]
pub struct GameLayoutProps<G: PageGame> {
    /// The game.
    pub state: UseReducerHandle<Reduced<GameSession<G>>>,
    /// Changes it.
    pub dispatch: Callback<Action<G>>,
    /// The new-game dialog is open.
    pub new_game_open: UseStateHandle<bool>,
    /// What goes above the board when the game has no score line.
    #[prop_or_default]
    pub heading: Html,
    /// The board.
    pub board: Html,
    /// Under the board: the status line and the game's own helpers.
    pub below: Html,
    /// The game's own buttons, after the shared ones.
    #[prop_or_default]
    pub buttons: Html,
    /// The game's own panels, above the move list.
    #[prop_or_default]
    pub panels: Html,
    /// The game's own record tools, in the records panel.
    #[prop_or_default]
    pub record_tools: Html,
    /// The label of the box for loading moves.
    pub load_label: &'static str,
    /// The keyboard help.
    pub help: &'static str,
    /// A tip under it.
    #[prop_or_default]
    pub tip: Option<&'static str>,
    /// The new-game dialog (shown while it is open).
    pub dialog: Html,
    /// The share link.
    pub share_url: String,
    /// More classes for the page (a state the styles show).
    #[prop_or_default]
    pub class: Classes,
}

/// Who plays each side, as the page shows it under the score line:
/// "Black: Human · White: Computer (4 · Club player)".
pub fn seats_text<G: PageGame>(t: &Texts, settings: &G::Settings) -> String {
    G::sides()
        .map(|side| {
            let who = match G::player(settings, side) {
                Player::Human => t.common.human().to_string(),
                Player::Computer(level) => {
                    format!("{} ({})", t.common.computer(), level_name(t, level))
                }
            };
            format!("{}: {who}", G::side_name(t, side))
        })
        .join(" · ")
}

/// The moves of the recorded line as the move list shows them (the game
/// pages and the online game's page).
pub fn move_entries<G: PageGame>(t: &Texts, state: &GameSession<G>) -> Vec<MoveEntry> {
    let context = G::context(state);
    state
        .record
        .line()
        .iter()
        .enumerate()
        .map(|(ply, mv)| MoveEntry {
            label: G::move_label(t, context, mv),
            side: G::side_class(G::side_to_move(&state.record.position_at(ply), ply)),
        })
        .collect()
}

/// A game page.
#[function_component(GameLayout)]
pub fn game_layout<G: PageGame>(props: &GameLayoutProps<G>) -> Html {
    let t = super::super::context::use_texts();
    let state = &props.state;
    let send = |action: Action<G>| {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: ()| dispatch.emit(action.clone()))
    };
    let open_dialog = {
        let open = props.new_game_open.clone();
        Callback::from(move |_| open.set(true))
    };
    let scores = G::scores(t, state);
    let moves = move_entries(t, state);
    html! {
        <section class={classes!("game-page", format!("{}-page", G::ROUTE), props.class.clone())}>
            <div class="play-area">
                if scores.is_empty() {
                    { props.heading.clone() }
                } else {
                    <Scores items={scores} />
                }
                <p class="seats" data-testid="seats">{ seats_text::<G>(t, &state.settings) }</p>
                { props.board.clone() }
                { props.below.clone() }
            </div>
            <aside class="side-panel">
                { game_clock(t, state, &props.dispatch) }
                <Controls can_undo={state.undo_target().is_some()} can_redo={state.redo_target().is_some()}
                    thinking={state.thinking()} on_new_game={open_dialog}
                    on_undo={send(Action::Undo)} on_redo={send(Action::Redo)}
                    on_move_now={G::THINKS.then(|| send(Action::MoveNow))}>
                    { props.buttons.clone() }
                </Controls>
                <PlayOnline<G> settings={state.settings.clone()} />
                if G::pass().is_some() {
                    <label class="choice auto-pass">
                        <input type="checkbox" checked={state.auto_pass} onchange={{
                            let dispatch = props.dispatch.clone();
                            let on = !state.auto_pass;
                            Callback::from(move |_: Event| dispatch.emit(Action::SetAutoPass(on)))
                        }} />
                        { t.common.auto_pass() }
                    </label>
                }
                { props.panels.clone() }
                <MoveList {moves} cursor={state.record.cursor()} on_go={props.dispatch.reform(Action::GoTo)} />
                <Records record={G::record_text(&state.settings, state.record.line())}
                    share_url={props.share_url.clone()} load_label={props.load_label}
                    clock={Some((super::clock_key::<G>(), state.record.line().len()))}
                    on_load={props.dispatch.reform(Action::Paste)}>
                    { props.record_tools.clone() }
                </Records>
                <PutAsideGames<G> />
                <p class="help">{ props.help }</p>
                if let Some(tip) = props.tip {
                    <p class="help">{ tip }</p>
                }
                <p><a href={format!("#/{}/rules", G::ROUTE)}>{ t.common.rules() }</a></p>
            </aside>
            if *props.new_game_open {
                { props.dialog.clone() }
            }
        </section>
    }
}
