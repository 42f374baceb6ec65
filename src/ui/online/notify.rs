//! Telling a player who is not looking: the page's title and the app
//! icon's badge while it is their move (and the title when an opponent
//! joins), and, once they turn it on, a notification (the Notifications
//! API, where the browser grants it) for "your move" and "your opponent
//! joined" while the page is in the background.

use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use super::super::browser;
use super::super::context::use_texts;

/// Where the player's choice is kept.
const NOTIFY_KEY: &str = "mind-sports.online.notify";

/// The browser's `Notification`, if it has one.
fn notification_api() -> Option<js_sys::Function> {
    js_sys::Reflect::get(&browser::window(), &"Notification".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
}

/// What the browser says of this site's notifications: `granted`,
/// `denied`, `default`; `None` without the API.
fn permission() -> Option<String> {
    let api = notification_api()?;
    js_sys::Reflect::get(&api, &"permission".into())
        .ok()?
        .as_string()
}

/// Whether the player asked for notifications and the browser grants them.
fn wanted() -> bool {
    browser::load(NOTIFY_KEY).as_deref() == Some("1") && permission().as_deref() == Some("granted")
}

/// Shows a notification `title` saying `body`, if the player wants them
/// and the page is not being looked at.
pub(super) fn notify(title: &str, body: &str) {
    let hidden = browser::window().document().is_some_and(|d| d.hidden());
    let Some(api) = notification_api().filter(|_| hidden && wanted()) else {
        return;
    };
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"body".into(), &body.into());
    let _ = js_sys::Reflect::set(&options, &"tag".into(), &"mind-sports-online".into());
    let args = js_sys::Array::of2(&JsValue::from_str(title), &options);
    let _ = js_sys::Reflect::construct(&api, &args);
}

/// What the choice shows besides its box.
#[derive(Clone, Copy, PartialEq)]
enum Said {
    Nothing,
    Denied,
    Unsupported,
}

/// The player's choice: a box that asks the browser's permission when
/// ticked, and says when the browser has none or refuses.
#[function_component(NotifyChoice)]
pub(super) fn notify_choice() -> Html {
    let o = use_texts().online();
    let on = use_state(|| {
        browser::load(NOTIFY_KEY).as_deref() == Some("1")
            && permission().as_deref() != Some("denied")
    });
    let said = use_state(|| Said::Nothing);
    let onchange = {
        let (on, said) = (on.clone(), said.clone());
        Callback::from(move |_: Event| {
            if *on {
                let _ = browser::store(NOTIFY_KEY, "0");
                on.set(false);
                return;
            }
            let Some(api) = notification_api() else {
                return said.set(Said::Unsupported);
            };
            let asked = js_sys::Reflect::get(&api, &"requestPermission".into())
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
                .and_then(|f| f.call0(&api).ok())
                .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
            let (on, said) = (on.clone(), said.clone());
            wasm_bindgen_futures::spawn_local(async move {
                if let Some(asked) = asked {
                    let _ = wasm_bindgen_futures::JsFuture::from(asked).await;
                }
                if permission().as_deref() == Some("granted") {
                    let _ = browser::store(NOTIFY_KEY, "1");
                    on.set(true);
                    said.set(Said::Nothing);
                } else {
                    said.set(Said::Denied);
                }
            });
        })
    };
    html! {
        <div class="online-notify">
            <label class="choice">
                <input type="checkbox" checked={*on} {onchange} data-testid="online-notify" />
                { o.notify_offer() }
            </label>
            if *said == Said::Denied {
                <p class="help" role="status">{ o.notify_denied() }</p>
            }
            if *said == Said::Unsupported {
                <p class="help" role="status">{ o.notify_unsupported() }</p>
            }
        </div>
    }
}

/// While `words` is `Some`: the page's title starts with them (a game
/// left open in a tab), and the app's icon shows a badge while it is the
/// player's move (`mine`).
#[hook]
pub(super) fn use_title(words: Option<&'static str>, mine: bool) {
    use_effect_with((words, mine), move |(words, mine)| {
        let document = browser::window().document();
        let base = document.as_ref().map(|d| d.title()).unwrap_or_default();
        if let (Some(words), Some(document)) = (words, &document) {
            document.set_title(&format!("{words} · {base}"));
        }
        app_badge(*mine);
        let changed = words.is_some();
        move || {
            if let (true, Some(document)) = (changed, document) {
                document.set_title(&base);
            }
            app_badge(false);
        }
    });
}

/// Sets or clears the app icon's badge (`navigator.setAppBadge`), where the
/// browser has it.
fn app_badge(on: bool) {
    let navigator = browser::window().navigator();
    let name = if on { "setAppBadge" } else { "clearAppBadge" };
    let function = js_sys::Reflect::get(&navigator, &name.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(Ok(answer)) = function.map(|f| f.call0(&navigator)) else {
        return;
    };
    // A refused badge (no installed app) is no error of the page's.
    if let Ok(promise) = answer.dyn_into::<js_sys::Promise>() {
        wasm_bindgen_futures::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        });
    }
}
