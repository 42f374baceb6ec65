//! A part of the app built as a wasm module of its own (the game pages, the
//! learning pages, the club page, the embedded frames): the app mounts it
//! into a container of its page and passes the language and a host; the
//! part follows the URL fragment among its own pages. Written once for every
//! such module (`src/bin/*.rs` by [`crate::wasm_module!`]).

use std::cell::RefCell;

use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;
use yew::AppHandle;

use crate::i18n::Lang;
use crate::route::Route;

use super::browser;
use super::common::listeners::use_fragment_route;
use super::common::live::use_live_region;
use super::context::AppContext;
use super::crash;
use super::search::Notice;

/// The pages of a module, by route.
pub type Pages = fn(&Route) -> Html;

thread_local! {
    static APP: RefCell<Option<AppHandle<Section>>> = const { RefCell::new(None) };
}

/// What the app lends a module's pages, as a JS object of functions
/// (`announce(text)`, `playing(bool)`, `notice(code)`; see
/// `module_section::host`): its live region, its offer of a new version
/// between games, and its news of the search worker. A module that speaks
/// for itself (the learning pages, whose tests and screen-reader users hear
/// a region of their own) ignores it.
#[derive(Clone, PartialEq)]
pub struct Host(JsValue);

impl Host {
    /// Calls the host's function `name` with `argument` (nothing if the host
    /// has no such function).
    fn call(&self, name: &str, argument: JsValue) {
        let function = js_sys::Reflect::get(&self.0, &name.into())
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        if let Some(function) = function {
            let _ = function.call1(&JsValue::NULL, &argument);
        }
    }

    /// The host's side of the context: the app's own callbacks.
    fn context(&self, lang: Lang) -> AppContext {
        let (announce, playing, notice) = (self.clone(), self.clone(), self.clone());
        AppContext {
            lang,
            announce: Callback::from(move |text: String| announce.call("announce", text.into())),
            playing: Callback::from(move |now: bool| playing.call("playing", now.into())),
            worker_notice: Callback::from(move |n: Notice| notice.call("notice", n.code().into())),
        }
    }
}

/// Draws the module's pages inside `root` in the language `code` (pages
/// already drawn are taken down first); with a `host` (a JS object, see
/// [`Host`]) they speak through the app, else through a live region of
/// their own.
pub fn mount(root: web_sys::Element, code: &str, pages: Pages, host: Option<JsValue>) {
    unmount();
    crash::install_panic_hook();
    crash::install_test_hooks();
    let lang = Lang::from_code(code).unwrap_or_default();
    let host = host.filter(JsValue::is_object).map(Host);
    let props = SectionProps { lang, pages, host };
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
    /// The app's live region and callbacks, if the module speaks through
    /// them.
    pub host: Option<Host>,
}

/// A module has one set of pages and one host: only the language changes.
impl PartialEq for SectionProps {
    fn eq(&self, other: &Self) -> bool {
        self.lang == other.lang
    }
}

/// A module's pages by the fragment.
#[function_component(Section)]
fn section(props: &SectionProps) -> Html {
    let route = use_fragment_route();
    // The module's own live region (the app's belongs to the app's
    // components); it lives as long as the module's pages, so it is heard.
    let live = use_live_region();
    // A new page takes the focus to its heading (the app does the same, but
    // may look before this page is drawn) and empties the module's region.
    let first = use_mut_ref(|| true);
    let clear_live = live.clear();
    use_effect_with(route.clone(), move |_| {
        if !std::mem::replace(&mut *first.borrow_mut(), false) {
            clear_live.emit(());
            browser::focus("main h1");
        }
    });
    let Some(host) = &props.host else {
        let context = AppContext {
            lang: props.lang,
            announce: live.announce(),
            ..AppContext::default()
        };
        return html! {
            <ContextProvider<AppContext> {context}>
                { (props.pages)(&route) }
                { live.view(None, "learn-live") }
            </ContextProvider<AppContext>>
        };
    };
    let context = host.context(props.lang);
    html! {
        <ContextProvider<AppContext> {context}>
            { (props.pages)(&route) }
        </ContextProvider<AppContext>>
    }
}
