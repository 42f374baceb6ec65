//! The club page's state: the tournament shown (shared, never copied per
//! row), the ones before it (for "undo"), the round paired and not yet
//! entered, the result being corrected, the slips, what the page says;
//! and the rule for keeping it: a tournament is stored only after it has
//! been drawn (an effect after the render), so that one the page cannot
//! show never replaces the one kept, and a save that fails leaves the
//! kept one as it was and says so on the page.

use std::cell::RefCell;
use std::ops::Deref;
use std::rc::Rc;

use yew::prelude::*;

use crate::club::pairing::Pairings;
use crate::club::tournament::Tournament;

use super::storage::{self, Unreadable};

/// A version of the tournament, shared by every part of the page and
/// compared by identity: each change makes a new one, so a part redraws
/// when its tournament changed without comparing two tournaments.
#[derive(Clone, Debug)]
pub struct Shared(pub Rc<Tournament>);

impl PartialEq for Shared {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl Deref for Shared {
    type Target = Tournament;

    fn deref(&self) -> &Tournament {
        &self.0
    }
}

/// Why the tournament shown is not the one kept on the device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsaved {
    /// The browser refused to store it (full, or storage turned off).
    Refused,
    /// An unreadable tournament is still where it would be stored.
    Blocked,
}

/// The tournament shown and the number of its version (0: as loaded).
#[derive(Clone, Debug, PartialEq)]
pub struct Current {
    /// The tournament, or `None` while the setup form is shown.
    pub tournament: Option<Shared>,
    /// Counts the changes; each change is stored once it is drawn.
    pub revision: u32,
}

/// What the parts of the page read and change. Cheap to clone: handles
/// and callbacks.
#[derive(Clone)]
pub struct Club {
    /// The tournament shown.
    pub current: UseStateHandle<Current>,
    /// The tournaments before each change, for "undo".
    pub history: Rc<RefCell<Vec<Option<Shared>>>>,
    /// An unreadable tournament found in storage, until dealt with.
    pub unreadable: UseStateHandle<Option<Unreadable>>,
    /// Whether the tournament shown is kept on the device.
    pub unsaved: UseStateHandle<Option<Unsaved>>,
    /// The round paired, its results not yet saved.
    pub pending: UseStateHandle<Option<Pairings>>,
    /// The result being corrected: round and board.
    pub editing: UseStateHandle<Option<(u32, usize)>>,
    /// Whether the pending round's result slips are shown.
    pub slips: UseStateHandle<bool>,
    /// The rounds whose results were opened (`true`) or closed by hand
    /// (the others are as `results::shown_by_default` says).
    pub toggled_rounds: UseStateHandle<Vec<(u32, bool)>>,
    /// Why the late entry typed was refused.
    pub late_error: UseStateHandle<String>,
    /// Counts the requests to print (the page prints after drawing them).
    pub print: UseStateHandle<u32>,
    /// An error to show.
    pub message: UseStateHandle<String>,
    /// What was done (a correction, a file loaded, a late entry).
    pub notice: UseStateHandle<String>,
}

/// Two views of the page's state are the same when they show the same
/// version of the tournament and edit the same result (what a part given
/// the state draws from it; the rest is read when a button is pressed).
impl PartialEq for Club {
    fn eq(&self, other: &Self) -> bool {
        *self.current == *other.current && *self.editing == *other.editing
    }
}

impl Club {
    /// The tournament shown, if any.
    pub fn tournament(&self) -> Option<Shared> {
        self.current.tournament.clone()
    }

    /// Shows `next` (kept once drawn), remembering the one before for
    /// "undo"; what the page said about the one before is cleared.
    pub fn replace(&self, next: Option<Tournament>) {
        self.history.borrow_mut().push(self.tournament());
        self.show(next.map(|t| Shared(Rc::new(t))));
    }

    /// Takes the last change back.
    pub fn undo(&self) {
        let before = self.history.borrow_mut().pop();
        if let Some(before) = before {
            self.show(before);
            self.pending.set(None);
            self.slips.set(false);
        }
    }

    fn show(&self, tournament: Option<Shared>) {
        self.current.set(Current {
            tournament,
            revision: self.current.revision + 1,
        });
        self.message.set(String::new());
        self.notice.set(String::new());
        self.editing.set(None);
    }

    /// Stores the tournament shown again (after space was freed, or the
    /// unreadable one set aside).
    pub fn save_again(&self) {
        self.current.set(Current {
            revision: self.current.revision + 1,
            ..(*self.current).clone()
        });
    }
}

/// The page's state, the tournament read from storage on the first
/// render (an unreadable one set aside and told), and the effect that
/// stores each new version once it is drawn.
#[hook]
pub fn use_club() -> Club {
    let start = use_memo((), |_| storage::load());
    let current = use_state(|| Current {
        tournament: start.0.clone().map(|t| Shared(Rc::new(t))),
        revision: 0,
    });
    let club = Club {
        current,
        history: use_mut_ref(Vec::new),
        unreadable: use_state(|| start.1.clone()),
        unsaved: use_state(|| None),
        pending: use_state(|| None),
        editing: use_state(|| None),
        slips: use_state(|| false),
        toggled_rounds: use_state(Vec::new),
        late_error: use_state(String::new),
        print: use_state(|| 0),
        message: use_state(String::new),
        notice: use_state(String::new),
    };
    {
        let club = club.clone();
        use_effect_with(club.current.revision, move |&revision| {
            // Version 0 is what storage holds already; no tournament (the
            // setup form) replaces nothing: the one kept stays until a new
            // one is started and drawn.
            if let (true, Some(t)) = (revision > 0, club.tournament()) {
                let blocked = club.unreadable.as_ref().is_some_and(|u| !u.moved);
                club.unsaved.set(storage::store(&t, blocked));
            }
        });
    }
    {
        // Printing waits until what is to be printed (the slips) is drawn.
        use_effect_with(*club.print, |requests| {
            if *requests > 0 {
                let _ = super::super::browser::window().print();
            }
        });
    }
    club
}
