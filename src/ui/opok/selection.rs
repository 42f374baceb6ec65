//! Putting an Opok move together in the page: the stack chosen, how many
//! pieces to lift (clicks, the picker, typed digits, + and −), where they
//! land. The rules of it are in [`crate::session::opok::view`].

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::engine::opok::{Move, Position, Square};
use crate::session::core::Action;
use crate::session::opok::view::{typed_k, Click, Selection};
use crate::session::opok::Opok;

use super::super::shell::{KeyUse, OnKey, PageState};

/// Keys while a stack is selected: digits, + and − choose how many pieces
/// to lift, Escape drops the stack.
pub fn selection_keys(selection: UseStateHandle<Option<Selection>>) -> OnKey<Opok> {
    let typed = Rc::new(RefCell::new((0u8, 0.0f64)));
    Callback::from(move |(e, _): (KeyboardEvent, PageState<Opok>)| {
        let Some(mut sel) = (*selection).clone() else {
            return KeyUse::Ignored;
        };
        let code = e.code();
        let digit = code
            .strip_prefix("Digit")
            .and_then(|d| d.parse::<u8>().ok());
        match (digit, code.as_str()) {
            (Some(d), _) => {
                let now = js_sys::Date::now();
                sel.set_k(typed_k(&mut typed.borrow_mut(), d, sel.max(), now));
            }
            (None, "Equal" | "NumpadAdd") => sel.set_k(sel.k + 1),
            (None, "Minus" | "NumpadSubtract") => sel.set_k(sel.k.saturating_sub(1).max(1)),
            (None, "Escape") => {
                selection.set(None);
                return KeyUse::Used;
            }
            _ => return KeyUse::Ignored,
        }
        selection.set(Some(sel));
        KeyUse::Used
    })
}

/// What the board and the picker call while a move is put together.
pub struct MoveMaker {
    /// A click on a square: select a stack, drop it, or land it.
    pub on_square: Callback<Square>,
    /// A new number of pieces to lift.
    pub set_k: Callback<u8>,
    /// Drops the selected stack.
    pub cancel: Callback<()>,
}

/// The callbacks that change `selection` (kept for one position only) and
/// play the move once it lands; the last number lifted is offered again.
#[hook]
pub fn use_move_maker(
    selection: UseStateHandle<Option<Selection>>,
    position: Position,
    people_move: bool,
    dispatch: Callback<Action<Opok>>,
) -> MoveMaker {
    let last_k = use_state(|| 1u8);
    {
        let selection = selection.clone();
        use_effect_with((position, people_move), move |_| selection.set(None));
    }
    let on_square = {
        let selection = selection.clone();
        Callback::from(move |square: Square| {
            if !people_move {
                return;
            }
            match Click::on(&position, selection.as_ref(), square, *last_k) {
                Click::Play(mv) => {
                    if let Move::Step { k, .. } = mv {
                        last_k.set(k);
                    }
                    selection.set(None);
                    dispatch.emit(Action::Play(mv));
                }
                Click::Select(new) => selection.set(new),
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
    MoveMaker {
        on_square,
        set_k,
        cancel: Callback::from(move |_: ()| selection.set(None)),
    }
}
