//! What every component may ask of the app: the language, the live region
//! and the search worker's news. A component outside the app (a test, an
//! embedding) gets a quiet English context instead of a panic.

use yew::prelude::*;

use crate::i18n::{Lang, Texts};

use super::search::Notice;

/// What every page needs from the app.
#[derive(Clone, PartialEq, Default)]
pub struct AppContext {
    /// The interface language.
    pub lang: Lang,
    /// Speaks a message through the live region.
    pub announce: Callback<String>,
    /// Tells the user what happened to the search worker.
    pub worker_notice: Callback<Notice>,
    /// A game page says whether a game is in progress (an update of the
    /// app is offered only between games).
    pub playing: Callback<bool>,
}

impl AppContext {
    /// The texts in the current language.
    pub fn t(&self) -> &'static Texts {
        self.lang.texts()
    }
}

/// The app's context (a quiet English one outside the app).
#[hook]
pub fn use_app() -> AppContext {
    use_context::<AppContext>().unwrap_or_default()
}

/// The texts in the user's language.
#[hook]
pub fn use_texts() -> &'static Texts {
    use_app().t()
}
