//! The frame and the page that holds it (docs/embed.md, "Messages"): the
//! page's messages, each answered at once by [`reply`] and the frame's game
//! changed as the reply says; and the frame's own changes told to the page:
//! `ready` once, then `move` or `position` after a change the page did not
//! ask for (the visitor's and the computer's moves, the step buttons), and
//! `gameOver`.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::embed::messages::{read_host_message, FrameMessage, HostMessage};
use crate::embed::params::EmbedParams;
use crate::frame::{game_over, learning_reply, position_info, reply};
use crate::session::core::{Action, GameSession, Move, SessionGame};

use super::talk::{listen, post};
use super::EmbedBoard;

/// Where the game shown stands, as the page was told: the position shown,
/// the line, the settings.
type Shown<G> = (usize, Vec<Move<G>>, <G as SessionGame>::Settings);

/// Where `game` stands.
fn shown<G: EmbedBoard>(game: &GameSession<G>) -> Shown<G> {
    (
        game.record.cursor(),
        game.record.line().to_vec(),
        game.settings.clone(),
    )
}

/// The frame as the page's messages find it. Every render writes the game
/// and the parameters; every message writes what it leaves, so that the
/// messages of a burst, each answered before the frame renders again, are
/// read one after the other.
pub(crate) struct Latest<G: EmbedBoard> {
    game: GameSession<G>,
    params: EmbedParams,
    flipped: bool,
    /// What the page was last told of the game (an answer or a report).
    told: Shown<G>,
}

/// The shared [`Latest`], written with the page as it is rendered now.
#[hook]
pub(crate) fn use_latest<G: EmbedBoard>(
    game: &GameSession<G>,
    params: &EmbedParams,
    flipped: bool,
) -> Rc<RefCell<Latest<G>>> {
    let latest = use_mut_ref(|| Latest {
        game: game.clone(),
        params: params.clone(),
        flipped,
        // The start is told by `ready`.
        told: shown(game),
    });
    {
        let mut now = latest.borrow_mut();
        now.game = game.clone();
        now.params = params.clone();
        now.flipped = flipped;
    }
    latest
}

/// The frame's own reports: `ready` (and the parameters' errors) once,
/// `move` or `position` after every change of the game shown that no
/// answer has told, `gameOver` when the game ends.
#[hook]
pub(crate) fn use_reports<G: EmbedBoard>(
    latest: &Rc<RefCell<Latest<G>>>,
    state: &GameSession<G>,
    params: &EmbedParams,
    notes: &[String],
) {
    use_ready(params, notes);
    {
        let (latest, p, snapshot) = (latest.clone(), params.clone(), state.clone());
        use_effect_with(shown(state), move |now| {
            let told = std::mem::replace(&mut latest.borrow_mut().told, now.clone());
            if told != *now {
                post(&p, &change_message(&p, (told.0, told.1.len()), &snapshot));
            }
        });
    }
    {
        let p = params.clone();
        use_effect_with(game_over(&p, state), move |over| {
            if let Some(message) = over {
                post(&p, message);
            }
        });
    }
}

/// `ready`, and the errors of the frame's address, told to the page once.
#[hook]
pub(super) fn use_ready(params: &EmbedParams, notes: &[String]) {
    let (p, notes) = (params.clone(), notes.join("; "));
    use_effect_with((), move |_| {
        post(&p, &FrameMessage::ready(&p));
        if !notes.is_empty() {
            post(&p, &FrameMessage::Error { message: notes });
        }
    });
}

/// What the frame tells its page after a change of the game shown that
/// the page did not ask for: `move` when a move was played (the line
/// changed and ends one move after where the game stood), `position`
/// otherwise (stepping, a new game).
fn change_message<G: EmbedBoard>(
    params: &EmbedParams,
    (cursor_before, len_before): (usize, usize),
    game: &GameSession<G>,
) -> FrameMessage {
    let (cursor, len) = (game.record.cursor(), game.record.line().len());
    let info = position_info(params, game);
    if cursor == cursor_before + 1 && cursor == len && len != len_before {
        FrameMessage::Move(info)
    } else {
        FrameMessage::Position(info)
    }
}

/// What a message changes in the frame beyond its game.
pub(super) struct Setters {
    /// The frame's parameters.
    pub params: UseStateSetter<EmbedParams>,
    /// The board turned around.
    pub flipped: UseStateSetter<bool>,
}

/// The page's messages, only from the parent window at `parent` (none
/// without one): each read, answered at once, and followed.
#[hook]
pub(super) fn use_host_messages<G: EmbedBoard>(
    latest: &Rc<RefCell<Latest<G>>>,
    dispatch: &Callback<Action<G>>,
    setters: Setters,
    has_parent: bool,
) {
    let (latest, dispatch) = (latest.clone(), dispatch.clone());
    use_parent_messages(has_parent, move |origin, json| {
        follow(&latest, &dispatch, &setters, origin, json)
    });
}

/// A lesson's or a puzzle's frame's messages from the page: each read,
/// answered at once, and followed (its parameters set, or its new address
/// opened).
#[hook]
pub(super) fn use_learning_messages(params: &EmbedParams, set: UseStateSetter<EmbedParams>) {
    let latest = use_mut_ref(|| params.clone());
    *latest.borrow_mut() = params.clone();
    use_parent_messages(params.parent.is_some(), move |origin, json| {
        let params = latest.borrow().clone();
        let Some(message) = read_message(&params, origin, json) else {
            return;
        };
        let reply = learning_reply(&message, &params);
        post(&params, &reply.answer);
        if let Some(address) = reply.open {
            return open(&address);
        }
        if let Some(new) = reply.params {
            *latest.borrow_mut() = new.clone();
            set.set(new);
        }
    });
}

/// Calls `on_message(origin, json)` for each message of the parent window
/// while the frame has a page to talk to (`has_parent`).
#[hook]
fn use_parent_messages(has_parent: bool, on_message: impl Fn(&str, &str) + 'static) {
    use_effect_with(has_parent, move |has_parent| {
        let listener = has_parent.then(|| {
            let on_message =
                Closure::<dyn Fn(String, String)>::new(move |origin: String, json: String| {
                    on_message(&origin, &json)
                });
            let handle = listen(&on_message);
            (on_message, handle)
        });
        move || {
            if let Some((_closure, handle)) = listener {
                handle.stop();
            }
        }
    });
}

/// The page's message `json` from `origin`, read; an error the page is to
/// hear of is told it.
fn read_message(params: &EmbedParams, origin: &str, json: &str) -> Option<HostMessage> {
    match read_host_message(origin, params.parent.as_ref(), json) {
        Ok(message) => Some(message),
        Err(e) => {
            if e.is_answered() {
                post(
                    params,
                    &FrameMessage::Error {
                        message: e.to_string(),
                    },
                );
            }
            None
        }
    }
}

/// Opens the frame at `address`: the module that draws it takes over
/// (`Route::module`), and says `ready` again.
fn open(address: &str) {
    let _ = web_sys::window().map(|w| w.location().replace(address));
}

/// One message of the page: read, answered, and its changes made (on the
/// game through the reducer, and at once on [`Latest`] for the next
/// message).
fn follow<G: EmbedBoard>(
    latest: &Rc<RefCell<Latest<G>>>,
    dispatch: &Callback<Action<G>>,
    setters: &Setters,
    origin: &str,
    json: &str,
) {
    let (game, params, flipped) = {
        let now = latest.borrow();
        (now.game.clone(), now.params.clone(), now.flipped)
    };
    let Some(message) = read_message(&params, origin, json) else {
        return;
    };
    let reply = reply::<G>(&message, &params, &game);
    post(&params, &reply.answer);
    if let Some(address) = &reply.open {
        return open(address);
    }
    {
        let mut now = latest.borrow_mut();
        now.told = shown(&reply.game);
        now.game = reply.game;
        now.flipped = flipped != reply.flip;
        if let Some(new) = &reply.params {
            now.params = new.clone();
        }
    }
    if let Some(new) = reply.params {
        setters.params.set(new);
    }
    if reply.flip {
        setters.flipped.set(!flipped);
    }
    for action in reply.actions {
        dispatch.emit(action);
    }
}
