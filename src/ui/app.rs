//! The page shell: header with language switch and contrast toggle, the
//! current page (from the URL fragment), and the one polite live region.

use gloo_events::EventListener;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::session::route::Route;

use super::browser;
use super::home::Home;
use super::nim::{NimPage, NimRules};
use super::opok::{OpokPage, OpokRules};
use super::othello::{OthelloPage, OthelloRules};

const LANG_KEY: &str = "mind-sports.lang";
const CONTRAST_KEY: &str = "mind-sports.contrast";

/// What every page needs from the shell.
#[derive(Clone, PartialEq)]
pub struct AppContext {
    /// The interface language.
    pub lang: Lang,
    /// Speaks a message through the live region.
    pub announce: Callback<String>,
    /// Tells the user what happened to the search worker.
    pub worker_notice: Callback<super::search::Notice>,
}

impl AppContext {
    /// The texts in the current language.
    pub fn t(&self) -> &'static crate::i18n::Texts {
        self.lang.texts()
    }
}

fn initial_lang() -> Lang {
    browser::load(LANG_KEY)
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or_else(|| {
            let languages = browser::browser_languages();
            Lang::preferred(languages.iter().map(String::as_str))
        })
}

fn worker_notice_text(t: &crate::i18n::Texts, notice: super::search::Notice) -> &'static str {
    match notice {
        super::search::Notice::Restarted => t.engine_restarted,
        super::search::Notice::GaveUp => t.engine_failed,
    }
}

/// The whole app.
#[function_component(App)]
pub fn app() -> Html {
    let lang = use_state(initial_lang);
    let contrast = use_state(|| browser::load(CONTRAST_KEY).as_deref() == Some("high"));
    let route = use_state(|| Route::from_fragment(&browser::fragment()));
    // The live region's text and a counter that makes repeats differ.
    let spoken = use_state(|| (0u32, String::new()));
    // The latest news about the search worker, until dismissed.
    let worker_news = use_state(|| None::<super::search::Notice>);

    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&browser::window(), "hashchange", move |_| {
                route.set(Route::from_fragment(&browser::fragment()));
            });
            move || drop(listener)
        });
    }
    use_effect_with(*lang, |lang| {
        if let Some(root) = browser::window()
            .document()
            .and_then(|d| d.document_element())
        {
            let _ = root.set_attribute("lang", lang.code());
        }
        browser::store(LANG_KEY, lang.code());
    });
    use_effect_with(*contrast, |high| {
        if let Some(root) = browser::window()
            .document()
            .and_then(|d| d.document_element())
        {
            let _ = root.set_attribute("data-contrast", if *high { "high" } else { "normal" });
        }
        browser::store(CONTRAST_KEY, if *high { "high" } else { "normal" });
    });

    let announce = {
        let spoken = spoken.clone();
        Callback::from(move |text: String| {
            let n = spoken.0.wrapping_add(1);
            spoken.set((n, text));
        })
    };
    let worker_notice = {
        let worker_news = worker_news.clone();
        let announce = announce.clone();
        let t = lang.texts();
        Callback::from(move |notice: super::search::Notice| {
            announce.emit(worker_notice_text(t, notice).to_string());
            worker_news.set(Some(notice));
        })
    };
    let context = AppContext {
        lang: *lang,
        announce,
        worker_notice,
    };
    let t = lang.texts();
    let news = worker_news.map(|notice| {
        let worker_news = worker_news.clone();
        let dismiss = Callback::from(move |_| worker_news.set(None));
        html! {
            <div class="app-news" data-testid="worker-news">
                <p>{ worker_notice_text(t, notice) }</p>
                <button onclick={dismiss}>{ t.dismiss }</button>
            </div>
        }
    });

    let on_lang = {
        let lang = lang.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(l) = Lang::from_code(&select.value()) {
                lang.set(l);
            }
        })
    };
    let on_contrast = {
        let contrast = contrast.clone();
        Callback::from(move |_| contrast.set(!*contrast))
    };

    let page = match &*route {
        Route::Home | Route::NotFound(_) => html! { <Home /> },
        Route::Othello(link) => {
            html! { <OthelloPage key={link.clone().unwrap_or_default()} link={link.clone()} /> }
        }
        Route::OthelloRules => html! { <OthelloRules /> },
        Route::Opok(link) => {
            html! { <OpokPage key={link.clone().unwrap_or_default()} link={link.clone()} /> }
        }
        Route::OpokRules => html! { <OpokRules /> },
        Route::Nim(link) => {
            html! { <NimPage key={link.clone().unwrap_or_default()} link={link.clone()} /> }
        }
        Route::NimRules => html! { <NimRules /> },
    };
    // Repeated messages must still be spoken: every other one gets a
    // trailing no-break space, so the region's text always changes.
    let live_text = format!(
        "{}{}",
        spoken.1,
        if spoken.0 % 2 == 1 { "\u{a0}" } else { "" }
    );

    html! {
        <ContextProvider<AppContext> {context}>
            <div class="app">
                <header class="app-header">
                    <a class="brand" href="#/">{ t.app_name }</a>
                    <nav aria-label={t.nav_games}>
                        <a href="#/othello">{ t.othello_name }</a>
                        <a href="#/opok">{ t.opok_name }</a>
                        <a href="#/nim">{ t.rule_nim }</a>
                    </nav>
                    <div class="prefs">
                        <label class="lang-switch">
                            <span class="visually-hidden">{ t.language }</span>
                            <select id="language" onchange={on_lang} aria-label={t.language}>
                                { for Lang::ALL.iter().map(|l| html! {
                                    <option value={l.code()} selected={*l == *lang} lang={l.code()}>{ l.native_name() }</option>
                                }) }
                            </select>
                        </label>
                        <button class="contrast-toggle" aria-pressed={contrast.to_string()} onclick={on_contrast}>
                            { t.high_contrast }
                        </button>
                    </div>
                </header>
                { for news }
                <main id="main">{ page }</main>
                <div id="live" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{ live_text }</div>
            </div>
        </ContextProvider<AppContext>>
    }
}
