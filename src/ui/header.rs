//! The app's header: the skip link, the brand, the games, the language
//! switch and the dark and contrast toggles.

use yew::prelude::*;

use crate::i18n::Lang;

use super::browser;
use super::context::use_texts;

/// Props: the language and the look, and where their changes go.
#[derive(Properties, PartialEq)]
pub struct HeaderProps {
    /// The interface language.
    pub lang: Lang,
    /// The dark theme is on.
    pub dark: bool,
    /// High contrast is on.
    pub contrast: bool,
    /// Receives a new language.
    pub on_lang: Callback<Lang>,
    /// Toggles the dark theme.
    pub on_dark: Callback<()>,
    /// Toggles the contrast.
    pub on_contrast: Callback<()>,
}

/// The header.
#[function_component(Header)]
pub fn header(props: &HeaderProps) -> Html {
    let t = use_texts();
    // Only the menu's own change: a module's page is a Yew app of its own,
    // and a change inside it (a file chosen, a box ticked) can reach this
    // handler through the shared event delegation.
    let on_lang = {
        let on_lang = props.on_lang.clone();
        Callback::from(move |e: Event| {
            let chosen = e
                .target_dyn_into::<web_sys::HtmlSelectElement>()
                .filter(|select| select.id() == "language")
                .and_then(|select| Lang::from_code(&select.value()));
            if let Some(lang) = chosen {
                on_lang.emit(lang);
            }
        })
    };
    // The page's routes live in the fragment, so the skip link moves the
    // focus itself instead of following `#main`.
    let skip = Callback::from(|e: MouseEvent| {
        e.prevent_default();
        browser::focus("main h1");
    });
    html! {
        <>
            <a class="skip-link" href="#main" onclick={skip}>{ t.common.skip_to_content() }</a>
            <header class="app-header">
                <a class="brand" href="#/">{ t.common.app_name() }</a>
                <nav aria-label={t.common.nav_games()}>
                    <a href="#/othello">{ t.othello.name() }</a>
                    <a href="#/opok">{ t.opok.name() }</a>
                    <a href="#/nim">{ t.nim.rule_nim() }</a>
                    <a href="#/learn">{ t.common.learn_title() }</a>
                    <a href="#/club">{ t.common.club_title() }</a>
                </nav>
                <div class="prefs">
                    <select id="language" onchange={on_lang} aria-label={t.common.language()}>
                        { for Lang::ALL.iter().map(|l| html! {
                            <option value={l.code()} selected={*l == props.lang} lang={l.code()}>{ l.native_name() }</option>
                        }) }
                    </select>
                    <button class="dark-toggle" aria-pressed={props.dark.to_string()}
                        onclick={props.on_dark.reform(|_| ())}>
                        { t.common.dark_theme() }
                    </button>
                    <button class="contrast-toggle" aria-pressed={props.contrast.to_string()}
                        onclick={props.on_contrast.reform(|_| ())}>
                        { t.common.high_contrast() }
                    </button>
                </div>
            </header>
        </>
    }
}
