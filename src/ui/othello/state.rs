//! The page's reducer: the game (see [`crate::session::othello`]) plus what
//! the computer is thinking.

use std::rc::Rc;

use yew::Reducible;

use crate::engine::othello::{Move, Position};
use crate::engine::search::Progress;
use crate::session::othello::{Game, Settings};
use crate::worker::protocol::{Response, Update};

/// A search the page is waiting for.
#[derive(Clone, PartialEq, Debug)]
pub struct Thinking {
    /// The request id.
    pub id: u64,
    /// The position being searched.
    pub position: Position,
    /// The last completed depth, once there is one.
    pub progress: Option<Progress<Move>>,
}

/// Everything the page shows.
#[derive(Clone, PartialEq, Debug)]
pub struct OthelloState {
    /// The game.
    pub game: Game,
    /// The computer's search in progress.
    pub thinking: Option<Thinking>,
    /// A message for the user (illegal move, pass announced…).
    pub notice: Option<String>,
}

impl Default for OthelloState {
    fn default() -> Self {
        OthelloState {
            game: Game::new(Settings::default()),
            thinking: None,
            notice: None,
        }
    }
}

/// What can happen on the page.
pub enum Action {
    /// A person plays a move (a square or a confirmed pass).
    Play(Move),
    /// A new game with these settings.
    NewGame(Settings),
    /// A search was sent to the worker.
    ThinkingStarted {
        /// Its id.
        id: u64,
        /// The position searched.
        position: Position,
    },
    /// The worker answered.
    Worker(Response),
}

impl Reducible for OthelloState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Play(mv) => {
                next.notice = match next.game.human_move(mv) {
                    Ok(()) => None,
                    Err(e) => Some(e.to_string()),
                };
            }
            Action::NewGame(settings) => {
                next = OthelloState {
                    game: Game::new(settings),
                    ..OthelloState::default()
                };
            }
            Action::ThinkingStarted { id, position } => {
                next.thinking = Some(Thinking {
                    id,
                    position,
                    progress: None,
                });
            }
            Action::Worker(Response::Othello { id, update }) => {
                let Some(thinking) = next.thinking.as_mut().filter(|t| t.id == id) else {
                    return self;
                };
                match update {
                    Update::Progress(progress) => thinking.progress = Some(progress),
                    Update::Done(result) => {
                        let position = thinking.position;
                        next.thinking = None;
                        if let Some(mv) = result.best {
                            let side = position.side_to_move();
                            if next.game.computer_move(&position, mv) && mv == Move::Pass {
                                next.notice = Some(format!("{side} has no legal move and passes"));
                            } else {
                                next.notice = None;
                            }
                        }
                    }
                }
            }
        }
        Rc::new(next)
    }
}
