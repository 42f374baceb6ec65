//! The polite live region, written once for the app and for a module that
//! speaks for itself: each announcement is an element of its own, added
//! after the last ([`Spoken`]), so that the player's move and the computer's
//! reply a few milliseconds later are both read, in order.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::session::speech::{Speech, Spoken};

/// A live region's messages and what speaks into it.
pub struct LiveRegion {
    // Changed in place, then drawn again: two messages in one task (a
    // move and a notice) both count.
    spoken: Rc<RefCell<Spoken>>,
    redraw: UseForceUpdateHandle,
}

impl LiveRegion {
    /// Says or clears, and draws the region again.
    fn speak(&self) -> Callback<Speech> {
        let (spoken, redraw) = (self.spoken.clone(), self.redraw.clone());
        Callback::from(move |speech| {
            let next = spoken.borrow().after(speech);
            *spoken.borrow_mut() = next;
            redraw.force_update();
        })
    }

    /// Says `text` after what was said before.
    pub fn announce(&self) -> Callback<String> {
        self.speak().reform(Speech::Say)
    }

    /// Forgets what was said (a new page).
    pub fn clear(&self) -> Callback<()> {
        self.speak().reform(|()| Speech::Clear)
    }

    /// The region, with the page's `id` for it (or none) and its test id.
    pub fn view(&self, id: Option<&'static str>, testid: &'static str) -> Html {
        let spoken = self.spoken.borrow();
        html! {
            // A log: additions are read in turn, removals not at all.
            <div {id} class="visually-hidden" role="log" aria-live="polite" aria-relevant="additions"
                aria-atomic="false" data-testid={testid}>
                { for spoken.messages().iter().map(|(n, text)| html! {
                    <p key={*n} data-said={n.to_string()}>{ text.clone() }</p>
                }) }
            </div>
        }
    }
}

/// A live region of the calling component's own.
#[hook]
pub fn use_live_region() -> LiveRegion {
    LiveRegion {
        spoken: use_mut_ref(Spoken::default),
        redraw: use_force_update(),
    }
}
