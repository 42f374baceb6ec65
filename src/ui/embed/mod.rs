//! The embedded frame (issue 16, `#/embed/<game>?…`), a module of its own
//! for each game (`src/bin/othelloframe.rs`, `othelloframe.js`, …, started
//! by [`start_frame`](super::start_frame)): one
//! page for every game over [`PageGame`], with the game's own board as its
//! only per-game part ([`EmbedBoard`]). The parameters, the messages and
//! the game are the pure cores of [`crate::embed`] and
//! [`crate::frame`]; these files draw and talk:
//!
//! * [`page`]: the frame's page, composed of its parts;
//! * [`host`]: the page's messages, each answered at once, and what the
//!   frame tells its page of its own changes;
//! * [`talk`]: posting to the page, and the frame's `resize` reports;
//! * [`controls`]: the step buttons, the status line, "new game";
//! * [`learning`]: the frame of a lesson or a puzzle, a module of its own
//!   (`src/bin/othellolesson.rs` and its game's others, `src/bin/puzzleframe.rs`);
//! * [`builder`]: the snippet builder (`#/embed`).
//!
//! The frame never touches the app's autosave or settings, and loads the
//! search worker only when a search is wanted (`play`, `analyse`).

use crate::ui::common::reduced::Reduced;
use yew::prelude::*;

use crate::embed::params::{parse_fragment, EmbedParams, Game, Parsed};
use crate::frame::EmbedGame;
use crate::route::Route;
use crate::session::core::{Action, GameSession};
use crate::session::nim::Nim;
use crate::session::opok::Opok;
use crate::session::othello::Othello;

use super::shell::PageGame;

/// Posting to the frame's page (also from the learning module's lessons
/// and puzzles in frames), and the frame's height.
pub mod talk;

/// The snippet builder (`#/embed`): a module of its own
/// (`src/bin/builder.rs`), so that neither the club page nor the frames
/// pay for it.
pub mod builder;

mod controls;
mod host;
pub mod learning;
mod page;

use page::EmbedPage;

// What a frame that follows a live game (online play's module,
// `ui::online::frame`) shares with every frame: its reports to the page,
// its height, its look.
pub(crate) use host::{use_latest, use_reports};
pub(crate) use page::{use_document_look, CSS};
pub(crate) use talk::use_resize_reports;

/// The frame's page of an Othello board (`src/bin/othelloframe.rs`; also
/// the frame of an address that names no game, which shows Othello).
pub fn othello_page_of(route: &Route) -> Html {
    page_of::<Othello>(route)
}

/// The frame's page of an Opok board (`src/bin/opokframe.rs`).
pub fn opok_page_of(route: &Route) -> Html {
    page_of::<Opok>(route)
}

/// The frame's page of a Nim board (`src/bin/nimframe.rs`).
pub fn nim_page_of(route: &Route) -> Html {
    page_of::<Nim>(route)
}

/// The frame's page in a module of one game's boards, so that a club's
/// frame carries one game, not three.
fn page_of<G: EmbedBoard>(route: &Route) -> Html {
    let fragment = route.fragment();
    html! { <EmbedFrame<G> key={fragment.as_str()} fragment={fragment.clone()} /> }
}

/// Props of a board of an embedded frame.
#[derive(Properties)]
pub struct BoardProps<G: PageGame> {
    /// The game.
    pub state: UseReducerHandle<Reduced<GameSession<G>>>,
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

/// What a game gives the frame: its board.
pub trait EmbedBoard: PageGame + EmbedGame {
    /// The game, as a frame's address names it.
    const GAME: Game;

    /// The game's board for `props`.
    fn board(props: BoardProps<Self>) -> Html;
}

impl EmbedBoard for Othello {
    const GAME: Game = Game::Othello;

    /// With every legal move's score in `analyse`, as the page's hints
    /// show them (exact near the end).
    fn board(props: BoardProps<Self>) -> Html {
        html! { <super::othello::embed::EmbedBoard ..props /> }
    }
}

impl EmbedBoard for Opok {
    const GAME: Game = Game::Opok;

    /// With the engine's best line and score in `analyse`, its best move
    /// marked.
    fn board(props: BoardProps<Self>) -> Html {
        html! { <super::opok::embed::EmbedBoard ..props /> }
    }
}

impl EmbedBoard for Nim {
    const GAME: Game = Game::Nim;

    /// With P or N, the winning moves marked and each heap's value in
    /// `analyse`.
    fn board(props: BoardProps<Self>) -> Html {
        html! { <super::nim::embed::EmbedBoard ..props /> }
    }
}

/// Props: the frame's route.
#[derive(Properties, PartialEq)]
struct FrameProps {
    fragment: String,
}

/// The frame: its parameters read, then the game's page.
#[function_component(EmbedFrame)]
fn embed_frame<G: EmbedBoard>(props: &FrameProps) -> Html {
    let read = parse_fragment(&props.fragment);
    let unknown_game = read.is_none();
    let parsed = read.unwrap_or_else(|| Parsed {
        params: EmbedParams::new(Game::Othello),
        errors: Vec::new(),
    });
    let mut errors: Vec<String> = parsed.errors.iter().map(ToString::to_string).collect();
    if unknown_game {
        errors.push("not a game of embedded boards: othello is shown".into());
    }
    let params = parsed.params;
    // Another game's frame, a lesson's or a puzzle's is another module's
    // (`Route::module`): the page is being loaded anew (`ui::start_frame`),
    // and this one says nothing.
    if params.game() != G::GAME || !params.has_own_position() {
        return Html::default();
    }
    html! { <EmbedPage<G> {params} {errors} /> }
}
