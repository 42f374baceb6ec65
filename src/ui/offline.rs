//! The page's side of the service worker (`src/pwa/sw.js`): registering it
//! in release builds, noticing a new version, activating it only when the
//! person asks (the app offers it between games, never in one), and asking
//! it to keep the search worker for offline use once the page is idle.
//!
//! Every failure (no service worker support, offline, a rejected promise)
//! leaves the app as it is: it works online without any of this.

use std::cell::RefCell;

use gloo_events::EventListener;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::{spawn_local, JsFuture};
use web_sys::{
    ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState,
};
use yew::Callback;

use super::browser;

/// The service worker's script, beside index.html (`finish.mjs` writes it).
const SCRIPT: &str = "./sw.js";

thread_local! {
    static REGISTRATION: RefCell<Option<ServiceWorkerRegistration>> = const { RefCell::new(None) };
    /// Listeners that live as long as the page.
    static LISTENERS: RefCell<Vec<EventListener>> = const { RefCell::new(Vec::new()) };
}

fn keep(listener: EventListener) {
    LISTENERS.with(|l| l.borrow_mut().push(listener));
}

/// The browser's service worker container, where there is one (not on
/// plain http other than localhost, not in old browsers).
fn container() -> Option<ServiceWorkerContainer> {
    let navigator = browser::window().navigator();
    let present =
        js_sys::Reflect::get(&navigator, &"serviceWorker".into()).is_ok_and(|c| !c.is_undefined());
    present.then(|| navigator.service_worker())
}

fn controlled() -> bool {
    container().is_some_and(|c| c.controller().is_some())
}

fn registration() -> Option<ServiceWorkerRegistration> {
    REGISTRATION.with(|r| r.borrow().clone())
}

/// Waits for a promise, ignoring its failure (the caller has nothing to do
/// about it, and an unawaited rejection would reach the console).
async fn settle(promise: Result<js_sys::Promise, JsValue>) -> Option<JsValue> {
    JsFuture::from(promise.ok()?).await.ok()
}

fn message(kind: &str) -> JsValue {
    let object = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&object, &"type".into(), &kind.into());
    object.into()
}

/// Registers the service worker (release builds only: a development build
/// changes with every edit). `on_update` runs when a new version has been
/// installed beside the running one and waits to be activated.
pub fn register(on_update: Callback<()>) {
    if cfg!(debug_assertions) {
        return;
    }
    let Some(container) = container() else {
        return;
    };
    spawn_local(async move {
        let Some(registration) = settle(Ok(container.register(SCRIPT))).await else {
            return;
        };
        let registration: ServiceWorkerRegistration = registration.unchecked_into();
        watch(&registration, on_update);
        REGISTRATION.with(|r| *r.borrow_mut() = Some(registration));
    });
}

/// Tells `on_update` about a waiting version, now or when one arrives. With
/// no controller yet this is the first install, not an update.
fn watch(registration: &ServiceWorkerRegistration, on_update: Callback<()>) {
    if registration.waiting().is_some() && controlled() {
        on_update.emit(());
    }
    let watched = registration.clone();
    keep(EventListener::new(registration, "updatefound", move |_| {
        let Some(installing) = watched.installing() else {
            return;
        };
        let (worker, on_update) = (installing.clone(), on_update.clone());
        keep(EventListener::new(&installing, "statechange", move |_| {
            if worker.state() == ServiceWorkerState::Installed && controlled() {
                on_update.emit(());
            }
        }));
    }));
}

/// Asks the server whether there is a new version (the browser also checks
/// on its own, on navigations and once a day).
pub fn check_for_update() {
    if let Some(registration) = registration() {
        spawn_local(async move {
            settle(registration.update()).await;
        });
    }
}

/// Starts the waiting version and reloads the page once it is in control.
pub fn activate_update() {
    let waiting: Option<ServiceWorker> = registration().and_then(|r| r.waiting());
    match (container(), waiting) {
        (Some(container), Some(waiting)) => {
            keep(EventListener::once(&container, "controllerchange", |_| {
                let _ = browser::window().location().reload();
            }));
            let _ = waiting.post_message(&message("activate"));
        }
        _ => {
            let _ = browser::window().location().reload();
        }
    }
}

/// Asks the service worker to keep the search worker's files, so that the
/// computer plays offline even if no game page was opened online. Called
/// once the page is idle: the home page's load never fetches the worker.
pub fn keep_worker_for_offline() {
    let Some(container) = container() else {
        return;
    };
    spawn_local(async move {
        let Some(ready) = settle(container.ready()).await else {
            return;
        };
        let registration: ServiceWorkerRegistration = ready.unchecked_into();
        if let Some(active) = registration.active() {
            let _ = active.post_message(&message("cache-lazy"));
        }
    });
}
