//! The app: the header, the current page (from the URL fragment), the
//! search worker's news and the one polite live region.

use yew::prelude::*;

use crate::i18n::pages::{page_name, page_title};
use crate::i18n::{Lang, Texts};
use crate::route::Route;

use super::browser;
use super::common::listeners::use_fragment_route;
use super::common::live::use_live_region;
use super::context::AppContext;
use super::header::Header;
use super::home::Home;
use super::look::{set_root_attribute, use_look};
use super::module_section::ModuleSection;
use super::offline;
use super::search::Notice;
use super::store_news::{self, use_store_news, Unsaved};

const LANG_KEY: &str = "mind-sports.lang";

/// The language the visitor chose before, else the browser's.
pub(super) fn initial_lang() -> Lang {
    browser::load(LANG_KEY)
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or_else(|| {
            let languages = browser::browser_languages();
            Lang::preferred(languages.iter().map(String::as_str))
        })
}

fn worker_notice_text(t: &Texts, notice: Notice) -> &'static str {
    match notice {
        Notice::Restarted => t.common.engine_restarted(),
        Notice::GaveUp => t.common.engine_failed(),
    }
}

/// The section of a route drawn by a module of its own: one for every page
/// of the module, mounted while the user moves among them.
fn module_of(route: &Route, lang: Lang) -> Option<Html> {
    let module = route.module()?;
    let heading =
        (!route.has_own_heading()).then(|| AttrValue::from(page_name(lang.texts(), route)));
    let embed = matches!(route, Route::Embed(_));
    Some(html! { <ModuleSection key={module} {module} {lang} {heading} {embed} /> })
}

/// Follows the URL fragment; on every new page the document title
/// changes, the live region is emptied (the last page's news is not this
/// page's) and the focus moves to the page's heading.
#[hook]
fn use_route(lang: Lang, clear_live: Callback<()>) -> Route {
    let route = use_fragment_route();
    use_effect_with((route.clone(), lang), |(route, lang)| {
        if let Some(document) = browser::window().document() {
            document.set_title(&page_title(lang.texts(), route));
        }
    });
    let first = use_mut_ref(|| true);
    use_effect_with(route.clone(), move |_| {
        if !std::mem::replace(&mut *first.borrow_mut(), false) {
            clear_live.emit(());
            browser::focus("main h1");
        }
    });
    route
}

/// The language, kept and applied to the document.
#[hook]
fn use_language() -> UseStateHandle<Lang> {
    let lang = use_state(initial_lang);
    use_effect_with(*lang, |lang| {
        set_root_attribute("lang", lang.code());
        // A failed save is told by the banner; the choice holds until a reload.
        let _ = browser::store_changed(LANG_KEY, lang.code());
    });
    lang
}

/// A new version of the app, and whether a game is in progress: the
/// service worker is registered once and asked about updates on every new
/// page; the search worker is kept for offline use once the first page is
/// idle. Returns whether to offer the update now, and the game pages'
/// callback.
#[hook]
fn use_update(route: &Route) -> (bool, Callback<bool>) {
    let ready = use_state(|| false);
    let playing = use_state(|| false);
    {
        let ready = ready.clone();
        use_effect_with((), move |_| {
            offline::register(Callback::from(move |()| ready.set(true)));
            browser::when_idle(10_000, offline::keep_worker_for_offline);
        });
    }
    use_effect_with(route.clone(), |_| offline::check_for_update());
    let on_playing = {
        let playing = playing.clone();
        Callback::from(move |now: bool| playing.set(now))
    };
    (*ready && !*playing, on_playing)
}

/// The offer of a new version, between games.
fn update_offer(t: &Texts) -> Html {
    html! {
        <div class="app-news" role="region" aria-label={t.common.update_reload()} data-testid="update-offer">
            <p>{ t.common.update_ready() }</p>
            <button class="primary" onclick={Callback::from(|_| offline::activate_update())}>
                { t.common.update_reload() }
            </button>
        </div>
    }
}

/// The home page; under an address that names no page, the games below a
/// heading that says so.
fn home_page(t: &Texts, route: &Route) -> Html {
    let heading = page_name(t, route);
    match route {
        Route::NotFound(path) => html! {
            <main id="main">
                <h1 tabindex="-1" data-testid="not-found">{ heading }</h1>
                <p class="intro">{ t.common.not_found_text(format!("#{path}")) }</p>
                <Home />
            </main>
        },
        _ => html! {
            <main id="main">
                <h1 class="visually-hidden" tabindex="-1">{ heading }</h1>
                <Home />
            </main>
        },
    }
}

/// The whole app.
#[function_component(App)]
pub fn app() -> Html {
    let lang = use_language();
    let live = use_live_region();
    let route = use_route(*lang, live.clear());
    let look = use_look(matches!(route, Route::Embed(_)));
    let (offer_update, playing) = use_update(&route);
    // The latest news about the search worker, until dismissed.
    let worker_news = use_state(|| None::<Notice>);
    let t = lang.texts();

    let announce = live.announce();
    let worker_notice = {
        let (worker_news, announce) = (worker_news.clone(), announce.clone());
        Callback::from(move |notice: Notice| {
            announce.emit(worker_notice_text(t, notice).to_string());
            worker_news.set(Some(notice));
        })
    };
    {
        // The offer is a region of its own; a screen reader hears it once.
        let announce = announce.clone();
        use_effect_with(offer_update, move |shown| {
            if *shown {
                announce.emit(t.common.update_ready().to_string());
            }
        });
    }
    let store_news = {
        let announce = announce.clone();
        use_store_news(Callback::from(move |unsaved: Unsaved| {
            announce.emit(unsaved.text(&t.common).to_string())
        }))
    };
    let context = AppContext {
        lang: *lang,
        announce,
        worker_notice,
        playing,
    };
    let news = worker_news.map(|notice| {
        let worker_news = worker_news.clone();
        html! {
            <div class="app-news" data-testid="worker-news">
                <p>{ worker_notice_text(t, notice) }</p>
                <button onclick={Callback::from(move |_| worker_news.set(None))}>{ t.common.dismiss() }</button>
            </div>
        }
    });
    let on_lang = {
        let lang = lang.clone();
        Callback::from(move |l: Lang| lang.set(l))
    };

    // An embedded frame (issue 16) shows its board only: no site chrome.
    // Its live region serves the frames that speak through the app (an
    // online game followed live, a club event's frames).
    if matches!(route, Route::Embed(_)) {
        return html! {
            <ContextProvider<AppContext> {context}>
                { module_of(&route, *lang) }
                { live.view(Some("live"), "live") }
            </ContextProvider<AppContext>>
        };
    }
    // A module's page is drawn after the app's tree (module_section.rs):
    // the app keeps the header, the news and the live region.
    let page = match module_of(&route, *lang) {
        Some(module) => module,
        None => home_page(t, &route),
    };

    html! {
        <ContextProvider<AppContext> {context}>
            <div class={classes!("app", route.module().map(|_| "app-chrome"))}>
                <Header lang={*lang} dark={look.dark} contrast={look.high_contrast}
                    on_dark={look.toggle_dark} on_contrast={look.toggle_contrast} {on_lang} />
                { for news }
                { store_news::store_news(&t.common, &store_news) }
                if offer_update {
                    { update_offer(t) }
                }
                { page }
                { live.view(Some("live"), "live") }
            </div>
        </ContextProvider<AppContext>>
    }
}
