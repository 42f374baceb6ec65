//! Page-wide listeners: the route in the URL fragment, and what every game
//! page needs: keyboard shortcuts (outside text fields) and pasting a game
//! record anywhere on the page.

use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::super::context::use_app;

use super::super::browser;

/// The page the URL fragment names, followed as it changes (the app's
/// router and the learning module's share it).
#[hook]
pub fn use_fragment_route() -> crate::route::Route {
    use crate::route::Route;
    let route = use_state(|| Route::from_fragment(&browser::fragment()));
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&browser::window(), "hashchange", move |_| {
                route.set(Route::from_fragment(&browser::fragment()));
            });
            move || drop(listener)
        });
    }
    (*route).clone()
}

/// Calls `on_key` for key presses outside text fields that nothing else
/// handled, and `on_paste` with text pasted outside text fields, for as long
/// as the calling component is mounted. The callbacks are read afresh on
/// every event, so they may change between renders.
#[hook]
pub fn use_page_listeners(on_key: Callback<web_sys::KeyboardEvent>, on_paste: Callback<String>) {
    let current = use_mut_ref(|| (on_key.clone(), on_paste.clone()));
    *current.borrow_mut() = (on_key, on_paste);
    use_effect_with((), move |_| {
        let document = browser::window().document().expect("a document");
        let keys = {
            let current = current.clone();
            // Not passive: handled shortcuts prevent the browser's default.
            EventListener::new_with_options(
                &document,
                "keydown",
                EventListenerOptions::enable_prevent_default(),
                move |e| {
                    if let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() {
                        if !e.default_prevented()
                            && !browser::typing_in_field(e.target())
                            && !e.alt_key()
                            && !e.meta_key()
                        {
                            let on_key = current.borrow().0.clone();
                            on_key.emit(e.clone());
                        }
                    }
                },
            )
        };
        let paste = EventListener::new(&document, "paste", move |e| {
            if browser::typing_in_field(e.target()) {
                return;
            }
            let text = e
                .dyn_ref::<web_sys::ClipboardEvent>()
                .and_then(|c| c.clipboard_data())
                .and_then(|d| d.get_data("text/plain").ok())
                .unwrap_or_default();
            if !text.trim().is_empty() {
                let on_paste = current.borrow().1.clone();
                on_paste.emit(text);
            }
        });
        move || drop((keys, paste))
    });
}

/// Speaks the announcement numbered `seq` (if any) through the app's live
/// region, built by `text` when the number changes.
#[hook]
pub fn use_speech(seq: Option<u32>, text: String) {
    let context = use_app();
    let announce = context.announce.clone();
    use_effect_with(seq, move |seq| {
        if seq.is_some() {
            announce.emit(text);
        }
    });
}
