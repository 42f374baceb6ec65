//! A part of the app built as a wasm module of its own (the learning pages,
//! the club page): the app mounts it into a container of its page and
//! passes the language; the part follows the URL fragment among its own
//! pages and speaks through a live region of its own. Written once for
//! every such module (`src/bin/learn.rs`, `src/bin/club.rs`).

use std::cell::RefCell;

use yew::prelude::*;
use yew::AppHandle;

use crate::i18n::Lang;
use crate::session::route::Route;

use super::browser;
use super::common::listeners::use_fragment_route;
use super::context::AppContext;
use super::crash;

/// The pages of a module, by route.
pub type Pages = fn(&Route) -> Html;

thread_local! {
    static APP: RefCell<Option<AppHandle<Section>>> = const { RefCell::new(None) };
}

/// Draws the module's pages inside `root` in the language `code` (pages
/// already drawn are taken down first).
pub fn mount(root: web_sys::Element, code: &str, pages: Pages) {
    unmount();
    crash::install_panic_hook();
    let lang = Lang::from_code(code).unwrap_or_default();
    let props = SectionProps { lang, pages };
    let handle = yew::Renderer::<Section>::with_root_and_props(root, props).render();
    APP.with(|app| *app.borrow_mut() = Some(handle));
}

/// Takes the module's pages down.
pub fn unmount() {
    if let Some(handle) = APP.with(|app| app.borrow_mut().take()) {
        handle.destroy();
    }
}

/// Props: the language and the pages.
#[derive(Properties)]
pub struct SectionProps {
    /// The interface language.
    pub lang: Lang,
    /// The module's pages.
    pub pages: Pages,
}

/// A module has one set of pages: only the language changes.
impl PartialEq for SectionProps {
    fn eq(&self, other: &Self) -> bool {
        self.lang == other.lang
    }
}

/// A module's pages by the fragment.
#[function_component(Section)]
fn section(props: &SectionProps) -> Html {
    let route = use_fragment_route();
    // A new page takes the focus to its heading (the app does the same, but
    // may look before this page is drawn).
    let first = use_mut_ref(|| true);
    use_effect_with(route.clone(), move |_| {
        if !std::mem::replace(&mut *first.borrow_mut(), false) {
            browser::focus("main h1");
        }
    });
    // The module's own live region (the app's belongs to the app's
    // components); it lives as long as the module's pages, so it is heard.
    let spoken = use_state(|| (0u32, String::new()));
    let context = AppContext {
        lang: props.lang,
        announce: {
            let spoken = spoken.clone();
            Callback::from(move |text: String| spoken.set((spoken.0.wrapping_add(1), text)))
        },
        ..AppContext::default()
    };
    let live_text = browser::live_text(&spoken);
    html! {
        <ContextProvider<AppContext> {context}>
            { (props.pages)(&route) }
            <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="learn-live">{ live_text }</div>
        </ContextProvider<AppContext>>
    }
}
