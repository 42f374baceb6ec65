//! The learning section as a module of its own (`src/bin/learn.rs`): the
//! app mounts it into a container of its page and passes the language;
//! the section follows the URL fragment among its own pages and speaks
//! through the app's live region.

use std::cell::RefCell;

use yew::prelude::*;
use yew::AppHandle;

use crate::i18n::Lang;
use crate::session::route::Route;

use super::super::browser;
use super::super::common::listeners::use_fragment_route;
use super::super::context::AppContext;
use super::super::crash;
use super::{
    LearnHome, LearnStages, LessonPage, PuzzlePage, PuzzlesHome, ResultsPage, SetPage, TeacherPage,
};

thread_local! {
    static APP: RefCell<Option<AppHandle<LearnApp>>> = const { RefCell::new(None) };
}

/// Draws the learning pages inside `root` in the language `code` (a page
/// already drawn is taken down first).
pub fn mount(root: web_sys::Element, code: &str) {
    unmount();
    crash::install_panic_hook();
    let lang = Lang::from_code(code).unwrap_or_default();
    let handle =
        yew::Renderer::<LearnApp>::with_root_and_props(root, LearnAppProps { lang }).render();
    APP.with(|app| *app.borrow_mut() = Some(handle));
}

/// Takes the learning pages down.
pub fn unmount() {
    if let Some(handle) = APP.with(|app| app.borrow_mut().take()) {
        handle.destroy();
    }
}

/// Props: the language.
#[derive(Properties, PartialEq)]
pub struct LearnAppProps {
    /// The interface language.
    pub lang: Lang,
}

/// The page of a learning route.
fn page_of(route: &Route) -> Html {
    match route {
        Route::LearnGame(game) => html! { <LearnStages game={game.clone()} /> },
        Route::Lesson(game, id) => html! { <LessonPage game={game.clone()} id={id.clone()} /> },
        Route::Puzzles => html! { <PuzzlesHome /> },
        Route::Puzzle(id) => html! { <PuzzlePage id={id.clone()} /> },
        Route::LearnTeacher => html! { <TeacherPage /> },
        Route::LearnSet(query) => html! { <SetPage query={query.clone()} /> },
        Route::LearnResults(query) => html! { <ResultsPage query={query.clone()} /> },
        _ => html! { <LearnHome /> },
    }
}

/// The learning section: its pages by the fragment.
#[function_component(LearnApp)]
fn learn_app(props: &LearnAppProps) -> Html {
    let route = use_fragment_route();
    // A new page takes the focus to its heading (the app does the same, but
    // may look before this page is drawn).
    let first = use_mut_ref(|| true);
    use_effect_with(route.clone(), move |_| {
        if !std::mem::replace(&mut *first.borrow_mut(), false) {
            browser::focus("main h1");
        }
    });
    // The section's own live region (the app's belongs to the app's
    // components); it lives as long as the section, so it is heard.
    let spoken = use_state(|| (0u32, String::new()));
    let context = AppContext {
        lang: props.lang,
        announce: {
            let spoken = spoken.clone();
            Callback::from(move |text: String| spoken.set((spoken.0.wrapping_add(1), text)))
        },
        ..AppContext::default()
    };
    let live_text = format!(
        "{}{}",
        spoken.1,
        if spoken.0 % 2 == 1 { "\u{a0}" } else { "" }
    );
    html! {
        <ContextProvider<AppContext> {context}>
            { page_of(&route) }
            <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="learn-live">{ live_text }</div>
        </ContextProvider<AppContext>>
    }
}
