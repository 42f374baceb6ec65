//! Small wrappers over browser APIs: storage, clipboard, location, random
//! numbers. Failures (storage disabled, no clipboard) are reported as
//! `None`/`false`, never as panics.

use wasm_bindgen::JsCast;

/// The window, which always exists on a page.
pub fn window() -> web_sys::Window {
    web_sys::window().expect("a window")
}

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// The stored value of `key`.
pub fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Why a value was not stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The browser keeps no storage for this page (turned off, or a private
    /// window that refuses it).
    Unavailable,
    /// The storage refused the value: full, or the value too large for it.
    Full,
}

/// The event a failed save raises on the window (its `detail` is the key),
/// so that the app tells the user whichever module's save failed: every
/// module is a wasm of its own, and the page is the one thing they share.
pub const STORE_FAILED_EVENT: &str = "ms-store-failed";

/// Stores `value` under `key`. A failure (storage full or turned off) is
/// told to the user at once, through the app's banner
/// ([`STORE_FAILED_EVENT`]); the caller decides what else it means (keep
/// the old copy, keep the page's state).
pub fn store(key: &str, value: &str) -> Result<(), StoreError> {
    let stored = match storage() {
        None => Err(StoreError::Unavailable),
        Some(s) => s.set_item(key, value).map_err(|_| StoreError::Full),
    };
    if stored.is_err() {
        raise_store_failed(key);
    }
    stored
}

/// Stores `value` under `key` unless it is stored there already (a page
/// that merely opens writes nothing, so a full storage is told only when
/// something new could not be kept).
pub fn store_changed(key: &str, value: &str) -> Result<(), StoreError> {
    if load(key).as_deref() == Some(value) {
        return Ok(());
    }
    store(key, value)
}

/// Removes `key` from storage (nothing happens where there is none).
pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// Tells the page that the value of `key` could not be stored.
fn raise_store_failed(key: &str) {
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&key.into());
    if let Ok(event) = web_sys::CustomEvent::new_with_event_init_dict(STORE_FAILED_EVENT, &init) {
        let _ = window().dispatch_event(&event);
    }
}

/// What became of an unreadable stored value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetAside {
    /// Copied to `<key>.unreadable` and removed from `key`.
    Moved,
    /// The copy could not be stored, so the value stays under `key`
    /// (never removed while it exists nowhere else).
    Kept,
    /// Nothing was stored under `key`.
    Nothing,
}

/// Moves the value of `key` aside to `<key>.unreadable` (an autosave this
/// version cannot restore is kept, never deleted: a newer version or a
/// person may still read it). The original is removed only once the copy
/// reads back equal.
pub fn set_aside(key: &str) -> SetAside {
    let Some(value) = load(key) else {
        return SetAside::Nothing;
    };
    let copy = format!("{key}.unreadable");
    if store(&copy, &value).is_err() || load(&copy).as_deref() != Some(value.as_str()) {
        return SetAside::Kept;
    }
    remove(key);
    SetAside::Moved
}

/// Copies `text` to the clipboard; false when the browser refuses.
pub fn copy_to_clipboard(text: &str) -> bool {
    let navigator = window().navigator();
    let has_clipboard =
        js_sys::Reflect::get(&navigator, &"clipboard".into()).is_ok_and(|c| !c.is_undefined());
    if !has_clipboard {
        return false;
    }
    let _ = navigator.clipboard().write_text(text);
    true
}

/// The page address without its fragment, for share links.
pub fn page_address() -> String {
    let href = window().location().href().unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_string()
}

/// The current URL fragment, with `#`.
pub fn fragment() -> String {
    window().location().hash().unwrap_or_default()
}

/// Replaces the fragment without a new history entry or a navigation event.
pub fn replace_fragment(fragment: &str) {
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(fragment));
    }
}

/// Moves keyboard focus to the first element matching `selector`, if any.
pub fn focus(selector: &str) {
    let element = window()
        .document()
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

/// True while a modal dialog is shown.
pub fn modal_open() -> bool {
    window()
        .document()
        .and_then(|d| d.query_selector("[aria-modal='true']").ok().flatten())
        .is_some()
}

/// True when nothing has the keyboard focus (it fell to the page's body,
/// as when the focused element was removed).
pub fn focus_lost() -> bool {
    window()
        .document()
        .and_then(|d| d.active_element())
        .is_none_or(|e| e.tag_name() == "BODY")
}

/// The HTML elements under `root` that match `selector`, in document order.
pub fn elements_within(root: &web_sys::Element, selector: &str) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = root.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .collect()
}

/// Moves keyboard focus to the first element matching `selector` inside
/// `root`; false when there is none.
pub fn focus_within(root: &web_sys::Element, selector: &str) -> bool {
    root.query_selector(selector)
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        .is_some_and(|e| e.focus().is_ok())
}

/// The browser's preferred languages, best first.
pub fn browser_languages() -> Vec<String> {
    let navigator = window().navigator();
    let list: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|l| l.as_string())
        .collect();
    if list.is_empty() {
        navigator.language().into_iter().collect()
    } else {
        list
    }
}

/// A random 64-bit seed.
pub fn random_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}

/// True when keyboard focus is in a text field, where letters are typing,
/// not shortcuts.
pub fn typing_in_field(target: Option<web_sys::EventTarget>) -> bool {
    target
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| {
            matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                || e.has_attribute("contenteditable")
        })
}

/// Runs `f` once the browser is idle (after the first paint and the work
/// queued behind it), or after `timeout_ms` at the latest; browsers without
/// `requestIdleCallback` run it after a short delay.
pub fn when_idle(timeout_ms: u32, f: impl FnOnce() + 'static) {
    let window = window();
    let callback = wasm_bindgen::closure::Closure::once_into_js(f);
    let idle = js_sys::Reflect::get(&window, &"requestIdleCallback".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let scheduled = idle.is_some_and(|idle| {
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"timeout".into(), &timeout_ms.into());
        idle.call2(&window, &callback, &options).is_ok()
    });
    if !scheduled {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), 200);
    }
}

/// Offers `text` as a file called `name` of type `kind` (a download).
pub fn download(name: &str, kind: &str, text: &str) {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(kind);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    follow_download(&url, name);
}

/// Offers the object URL `url` as a file called `name`, then revokes it.
pub fn follow_download(url: &str, name: &str) {
    let link = window()
        .document()
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(link) = link {
        link.set_href(url);
        link.set_download(name);
        link.click();
    }
    let _ = web_sys::Url::revoke_object_url(url);
}

/// The `change` listener of a file input: reads the chosen file and calls
/// `read` with its text (`None` when it cannot be read); the input is
/// cleared, so that the same file can be chosen again.
pub fn on_file_text(read: yew::Callback<Option<String>>) -> yew::Callback<web_sys::Event> {
    yew::Callback::from(move |e: web_sys::Event| {
        let Some(input) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        input.set_value("");
        let read = read.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|v| v.as_string());
            read.emit(text);
        });
    })
}
