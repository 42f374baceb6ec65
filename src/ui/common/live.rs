//! The polite live region, written once for the app and for a module that
//! speaks for itself: each announcement is an element of its own, added
//! after the last ([`Spoken`]), so that the player's move and the computer's
//! reply a few milliseconds later are both read, in order.

use std::rc::Rc;

use yew::prelude::*;

use crate::session::speech::{Speech, Spoken};

impl Reducible for Spoken {
    type Action = Speech;

    fn reduce(self: Rc<Self>, speech: Speech) -> Rc<Self> {
        Rc::new(self.after(speech))
    }
}

/// A live region's messages and what speaks into it.
pub struct LiveRegion {
    spoken: UseReducerHandle<Spoken>,
}

impl LiveRegion {
    /// Says `text` after what was said before.
    pub fn announce(&self) -> Callback<String> {
        let dispatcher = self.spoken.dispatcher();
        Callback::from(move |text: String| dispatcher.dispatch(Speech::Say(text)))
    }

    /// Forgets what was said (a new page).
    pub fn clear(&self) -> Callback<()> {
        let dispatcher = self.spoken.dispatcher();
        Callback::from(move |()| dispatcher.dispatch(Speech::Clear))
    }

    /// The region, with the page's `id` for it (or none) and its test id.
    pub fn view(&self, id: Option<&'static str>, testid: &'static str) -> Html {
        html! {
            // A log: additions are read in turn, removals not at all.
            <div {id} class="visually-hidden" role="log" aria-live="polite" aria-relevant="additions"
                aria-atomic="false" data-testid={testid}>
                { for self.spoken.messages().iter().map(|(n, text)| html! {
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
        spoken: use_reducer(Spoken::default),
    }
}
