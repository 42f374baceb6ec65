//! The app's banner for a save that failed (storage full or turned off),
//! whichever module's it was: every module raises
//! [`browser::STORE_FAILED_EVENT`] from [`browser::store`], and the app,
//! which is on every page, tells the user at once what was not saved and
//! the way out.

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::CommonTexts;

use super::browser;

/// What could not be saved, by the storage key it was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsaved {
    /// A game page's game, its clock or its own kept state.
    Game,
    /// The club's tournament.
    Tournament,
    /// The learner's progress.
    Progress,
    /// A setting (language, contrast, passing).
    Setting,
}

impl Unsaved {
    /// What a storage key holds.
    pub fn of_key(key: &str) -> Unsaved {
        if key.starts_with("mind-sports.club") {
            Unsaved::Tournament
        } else if key.starts_with("mind-sports.progress") {
            Unsaved::Progress
        } else if key.contains(".game") {
            Unsaved::Game
        } else {
            Unsaved::Setting
        }
    }

    /// The banner's text: what was not saved and what to do.
    pub fn text(self, t: &CommonTexts) -> &'static str {
        match self {
            Unsaved::Game => t.store_failed_game(),
            Unsaved::Tournament => t.store_failed_club(),
            Unsaved::Progress => t.store_failed_progress(),
            Unsaved::Setting => t.store_failed_setting(),
        }
    }
}

/// The latest failed save, until dismissed; `announce` speaks each new one
/// (once: a game that keeps failing to save is not read out on every move).
#[hook]
pub fn use_store_news(announce: Callback<Unsaved>) -> UseStateHandle<Option<Unsaved>> {
    let news = use_state(|| None::<Unsaved>);
    // The listener is made once; what it last said, and the latest
    // render's way to speak (the language may change), live beside it.
    let said = use_mut_ref(|| None::<Unsaved>);
    let speak = use_mut_ref(|| announce.clone());
    *speak.borrow_mut() = announce;
    if news.is_none() {
        *said.borrow_mut() = None;
    }
    {
        let news = news.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(
                &browser::window(),
                browser::STORE_FAILED_EVENT,
                move |event| {
                    let key = event
                        .dyn_ref::<web_sys::CustomEvent>()
                        .and_then(|e| e.detail().as_string())
                        .unwrap_or_default();
                    let unsaved = Unsaved::of_key(&key);
                    if said.replace(Some(unsaved)) != Some(unsaved) {
                        speak.borrow().emit(unsaved);
                        news.set(Some(unsaved));
                    }
                },
            );
            move || drop(listener)
        });
    }
    news
}

/// The banner of a failed save, with its dismissal.
pub fn store_news(t: &CommonTexts, news: &UseStateHandle<Option<Unsaved>>) -> Html {
    let Some(unsaved) = **news else {
        return Html::default();
    };
    let dismiss = {
        let news = news.clone();
        Callback::from(move |_| news.set(None))
    };
    html! {
        <div class="app-news" role="alert" data-testid="store-failed">
            <p>{ unsaved.text(t) }</p>
            <button onclick={dismiss}>{ t.dismiss() }</button>
        </div>
    }
}
