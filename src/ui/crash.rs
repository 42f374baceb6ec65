//! What happens when the page's code panics: the panic is logged, and a
//! banner in the user's language offers a reload. The banner is plain DOM
//! made outside Yew (whose state may be half-updated after a panic), its
//! button a plain JavaScript reload, and the page behind it is made inert
//! so that no further click runs into state the panic left borrowed. The
//! game in progress is autosaved on every change, so the reload brings it
//! back.
//!
//! With `?test-hooks` in the page's address (never in a link the app
//! writes), `window.mindSportsTest` offers `panic()` and `crashWorker()`
//! for the browser tests.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::Lang;

use super::browser;

/// Installs the panic hook (once, at start; through Yew, which would
/// otherwise put its own in place when it renders).
pub fn install_panic_hook() {
    yew::set_custom_panic_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("Mind Sports: {info}").into());
        show_banner();
    }));
}

/// The interface language, read from the page (the app keeps `<html
/// lang>` current), without touching the app's state.
fn page_lang() -> Lang {
    browser::window()
        .document()
        .and_then(|d| d.document_element())
        .and_then(|root| root.get_attribute("lang"))
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or_default()
}

fn show_banner() {
    let Some(document) = browser::window().document() else {
        return;
    };
    if document.get_element_by_id("crash-banner").is_some() {
        return;
    }
    let t = page_lang().texts();
    let Ok(banner) = document.create_element("div") else {
        return;
    };
    banner.set_id("crash-banner");
    let _ = banner.set_attribute("role", "alertdialog");
    let _ = banner.set_attribute("aria-labelledby", "crash-title");
    let _ = banner.set_attribute("aria-describedby", "crash-kept");
    let title = document.create_element("p");
    let kept = document.create_element("p");
    let button = document.create_element("button");
    let (Ok(title), Ok(kept), Ok(button)) = (title, kept, button) else {
        return;
    };
    title.set_id("crash-title");
    title.set_text_content(Some(t.common.crash_title()));
    kept.set_id("crash-kept");
    kept.set_text_content(Some(t.common.crash_kept()));
    button.set_text_content(Some(t.common.crash_reload()));
    // Plain JavaScript: the wasm module may be unusable after the panic.
    let _ = button.set_attribute("onclick", "location.reload()");
    let _ = banner.append_child(&title);
    let _ = banner.append_child(&kept);
    let _ = banner.append_child(&button);
    if let Some(app) = document.query_selector(".app").ok().flatten() {
        let _ = app.set_attribute("inert", "");
        let _ = app.set_attribute("aria-hidden", "true");
    }
    if let Some(body) = document.body() {
        let _ = body.append_child(&banner);
    }
    if let Ok(button) = button.dyn_into::<web_sys::HtmlElement>() {
        let _ = button.focus();
    }
}

/// Registers the test hooks when the page was opened with `?test-hooks`;
/// a module of its own registers them again when it mounts, so that they
/// reach the search worker of the page shown (each wasm module has its own).
pub fn install_test_hooks() {
    let search = browser::window().location().search().unwrap_or_default();
    if !search
        .trim_start_matches('?')
        .split('&')
        .any(|p| p == "test-hooks")
    {
        return;
    }
    let hooks = js_sys::Object::new();
    let panic = Closure::<dyn Fn()>::new(|| panic!("the page asked for a panic (test hook)"));
    let crash_worker = Closure::<dyn Fn()>::new(super::search::crash_next_request);
    let _ = js_sys::Reflect::set(&hooks, &"panic".into(), panic.as_ref());
    let _ = js_sys::Reflect::set(&hooks, &"crashWorker".into(), crash_worker.as_ref());
    let solve_scores = Closure::<dyn Fn(f64)>::new(super::search::solve_scores_within);
    let _ = js_sys::Reflect::set(&hooks, &"solveScoresWithin".into(), solve_scores.as_ref());
    panic.forget();
    crash_worker.forget();
    solve_scores.forget();
    let _ = js_sys::Reflect::set(&browser::window(), &"mindSportsTest".into(), &hooks);
}
