//! The hook that owns the search worker connection: tags requests with ids,
//! drops answers to abandoned requests, ends a busy worker when its search
//! is no longer wanted (a running search cannot be interrupted by a
//! message, so the worker is terminated at once and a fresh one loaded for
//! the next request), and replaces a worker that died or stopped
//! answering. A page never has more than one search worker: a burst of
//! requests (an embedded frame's page may send hundreds of positions at
//! once) ends each abandoned worker before the next starts, rather than
//! leaving it to finish its search beside the new one.
//!
//! The watchdog: a worker answers every request at once with `Started`,
//! then within the job's own time limit. A loaded worker that does not say
//! `Started` within [`STARTED_MS`], or any worker that is silent past the
//! job's limit plus [`GRACE_MS`] (and, before its first answer, the time a
//! slow connection needs to load it), is replaced by a fresh one and asked
//! again; the user is told. After [`MAX_RESTARTS`] failures on one request
//! the page gets `Event::Failed` and the computer stops.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};

use gloo_timers::callback::Timeout;
use gloo_worker::{Spawnable, WorkerBridge};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::worker::protocol::{Event, Job, Request, Response, GRACE_MS};
use crate::worker::SearchAgent;

use super::context::use_app;

/// Where the worker script is, relative to the page (works under any path).
const WORKER_SCRIPT: &str = "./worker.js";
/// How long a loaded worker may take to acknowledge a request.
const STARTED_MS: f64 = 2000.0;
/// How long a worker may take to load (download and compile) before its
/// first answer, on a slow connection.
const LOAD_MS: f64 = 60_000.0;
/// Restarts for one request before giving up.
const MAX_RESTARTS: u32 = 3;

thread_local! {
    /// Set by the test hook: the next request is preceded by one that makes
    /// the worker panic.
    static CRASH_NEXT: Cell<bool> = const { Cell::new(false) };
}

/// Makes the worker of the next request panic first (test hook).
pub fn crash_next_request() {
    CRASH_NEXT.with(|c| c.set(true));
}

/// What the connection knows about the request it waits for.
struct Pending {
    request: Request,
    restarts: u32,
}

struct Connection {
    bridge: Option<WorkerBridge<SearchAgent>>,
    /// The web worker behind `bridge` (null without one): gloo-worker's
    /// bridge can only ask its worker to close once it is free, after its
    /// search; this ends it at once.
    worker: JsValue,
    /// Bumped for every spawned worker; answers of older ones are dropped.
    generation: u64,
    /// Whether the current worker has answered anything (it is loaded).
    loaded: bool,
    next_id: u64,
    pending: Option<Pending>,
    watchdog: Option<Timeout>,
}

impl Connection {
    /// Ends the current worker at once, its search with it (nothing if
    /// there is none); its answers are no longer heard.
    fn retire(&mut self) {
        if !self.worker.is_null() && !self.worker.is_undefined() {
            let terminate = js_sys::Reflect::get(&self.worker, &"terminate".into())
                .ok()
                .and_then(|f| wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f).ok());
            if let Some(terminate) = terminate {
                let _ = terminate.call0(&self.worker);
            }
        }
        self.worker = JsValue::NULL;
        self.bridge = None;
        self.generation += 1;
    }
}

/// A page's worker ends with its page.
impl Drop for Connection {
    fn drop(&mut self) {
        self.retire();
    }
}

/// Runs `spawn` and returns the web worker it made: the `Worker`
/// constructor is wrapped while `spawn` runs (gloo-worker keeps its worker
/// to itself), and put back after.
fn made_worker(spawn: &Closure<dyn FnMut()>) -> JsValue {
    let capture = js_sys::Function::new_with_args(
        "spawn",
        "const Native = globalThis.Worker; let made = null; \
         globalThis.Worker = class extends Native { constructor(...a) { super(...a); made = this; } }; \
         try { spawn(); } finally { globalThis.Worker = Native; } return made;",
    );
    capture
        .call1(&JsValue::NULL, spawn.as_ref())
        .unwrap_or(JsValue::NULL)
}

/// What the worker's answers and the watchdog report to the page.
struct Sinks {
    on_response: Callback<Response>,
    notify: Callback<Notice>,
}

/// What the user is told about the worker.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Notice {
    /// The worker was replaced and asked again.
    Restarted,
    /// The worker failed too often on one request; the computer stopped.
    GaveUp,
}

impl Notice {
    /// The notice's name, as the app and its modules pass it.
    pub fn code(self) -> &'static str {
        match self {
            Notice::Restarted => "restarted",
            Notice::GaveUp => "gave-up",
        }
    }

    /// The notice named `code`.
    pub fn from_code(code: &str) -> Option<Notice> {
        [Notice::Restarted, Notice::GaveUp]
            .into_iter()
            .find(|n| n.code() == code)
    }
}

/// A handle to the search worker; cheap to clone.
#[derive(Clone)]
pub struct SearchWorker {
    connection: Rc<RefCell<Connection>>,
    sinks: Rc<RefCell<Sinks>>,
}

impl PartialEq for SearchWorker {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.connection, &other.connection)
    }
}

/// Handles an answer of the worker of `generation`. No borrow is held
/// while the page's callback runs (it may start another request at once).
fn received(
    connection: &Weak<RefCell<Connection>>,
    sinks: &Weak<RefCell<Sinks>>,
    generation: u64,
    response: Response,
) {
    let (Some(connection), Some(sinks)) = (connection.upgrade(), sinks.upgrade()) else {
        return;
    };
    let deliver = {
        let mut c = connection.borrow_mut();
        if c.generation != generation {
            return;
        }
        c.loaded = true;
        let awaited = c.pending.as_ref().map(|p| p.request.id);
        if awaited != Some(response.id) {
            return;
        }
        match response.event {
            Event::Started => {
                let limit = c
                    .pending
                    .as_ref()
                    .map_or(0.0, |p| p.request.job.time_limit_ms());
                drop(c);
                arm(&connection, &sinks, limit + GRACE_MS);
                return;
            }
            Event::Done(_) | Event::Failed => {
                c.pending = None;
                c.watchdog = None;
            }
            Event::Progress(_) => {}
        }
        response
    };
    let callback = sinks.borrow().on_response.clone();
    callback.emit(deliver);
}

/// Starts the watchdog: after `ms` without the expected answer, the worker
/// is replaced.
fn arm(connection: &Rc<RefCell<Connection>>, sinks: &Rc<RefCell<Sinks>>, ms: f64) {
    let weak = Rc::downgrade(connection);
    let weak_sinks = Rc::downgrade(sinks);
    let timer = Timeout::new(ms.clamp(0.0, 3_600_000.0) as u32, move || {
        if let (Some(connection), Some(sinks)) = (weak.upgrade(), weak_sinks.upgrade()) {
            restart(&connection, &sinks);
        }
    });
    connection.borrow_mut().watchdog = Some(timer);
}

/// A fresh worker for `connection`, its answers tagged with the new
/// generation; the one it had (if any) is ended first.
fn spawn(connection: &Rc<RefCell<Connection>>, sinks: &Rc<RefCell<Sinks>>) {
    let generation = {
        let mut c = connection.borrow_mut();
        c.retire();
        c.loaded = false;
        c.generation
    };
    let weak = Rc::downgrade(connection);
    let weak_sinks = Rc::downgrade(sinks);
    let bridge = Rc::new(RefCell::new(None));
    let made = bridge.clone();
    let spawn = Closure::<dyn FnMut()>::new(move || {
        let (weak, weak_sinks) = (weak.clone(), weak_sinks.clone());
        *made.borrow_mut() = Some(
            SearchAgent::spawner()
                .callback(move |response: Response| {
                    received(&weak, &weak_sinks, generation, response)
                })
                .spawn(WORKER_SCRIPT),
        );
    });
    let worker = made_worker(&spawn);
    let mut c = connection.borrow_mut();
    c.bridge = bridge.borrow_mut().take();
    c.worker = worker;
}

/// Sends the pending request to the current worker and arms the watchdog.
fn send_pending(connection: &Rc<RefCell<Connection>>, sinks: &Rc<RefCell<Sinks>>) {
    let wait = {
        let c = connection.borrow();
        let (Some(bridge), Some(pending)) = (&c.bridge, &c.pending) else {
            return;
        };
        if CRASH_NEXT.with(|flag| flag.replace(false)) {
            bridge.send(Request {
                id: 0,
                job: Job::Crash,
            });
        }
        bridge.send(pending.request.clone());
        if c.loaded {
            STARTED_MS
        } else {
            LOAD_MS
        }
    };
    arm(connection, sinks, wait);
}

/// The watchdog fired: replace the worker and ask again, or give up.
fn restart(connection: &Rc<RefCell<Connection>>, sinks: &Rc<RefCell<Sinks>>) {
    let gave_up = {
        let mut c = connection.borrow_mut();
        c.watchdog = None;
        let Some(pending) = c.pending.as_mut() else {
            return;
        };
        pending.restarts += 1;
        if pending.restarts > MAX_RESTARTS {
            c.pending.take().map(|p| p.request.id)
        } else {
            None
        }
    };
    spawn(connection, sinks);
    let (notify, on_response) = {
        let s = sinks.borrow();
        (s.notify.clone(), s.on_response.clone())
    };
    match gave_up {
        Some(id) => {
            notify.emit(Notice::GaveUp);
            on_response.emit(Response {
                id,
                event: Event::Failed,
            });
        }
        None => {
            notify.emit(Notice::Restarted);
            send_pending(connection, sinks);
        }
    }
}

impl SearchWorker {
    /// Sends `job` under a fresh id, abandoning any request still running,
    /// and returns the id.
    pub fn start(&self, job: Job) -> u64 {
        self.cancel();
        let id = {
            let mut c = self.connection.borrow_mut();
            c.next_id += 1;
            let id = c.next_id;
            c.pending = Some(Pending {
                request: Request { id, job },
                restarts: 0,
            });
            id
        };
        if self.connection.borrow().bridge.is_none() {
            spawn(&self.connection, &self.sinks);
        }
        send_pending(&self.connection, &self.sinks);
        id
    }

    /// Abandons the running request, if any: the busy worker is ended at
    /// once (its answers are never heard), and the next request loads a
    /// fresh one.
    pub fn cancel(&self) {
        let mut c = self.connection.borrow_mut();
        c.watchdog = None;
        if c.pending.take().is_some() {
            c.retire();
        }
    }

    /// Starts the worker loading before the first request needs it.
    pub fn warm_up(&self) {
        if self.connection.borrow().bridge.is_none() {
            spawn(&self.connection, &self.sinks);
        }
    }
}

/// The search worker of a component; `on_response` receives the answers to
/// the current request only (and `Event::Failed` when the worker kept
/// failing on it). Restarts are told to the user through the app.
#[hook]
pub fn use_search_worker(on_response: Callback<Response>) -> SearchWorker {
    let notify = use_app().worker_notice;
    let worker = use_memo((), |_| SearchWorker {
        connection: Rc::new(RefCell::new(Connection {
            bridge: None,
            worker: JsValue::NULL,
            generation: 0,
            loaded: false,
            next_id: 0,
            pending: None,
            watchdog: None,
        })),
        sinks: Rc::new(RefCell::new(Sinks {
            on_response: on_response.clone(),
            notify: notify.clone(),
        })),
    });
    {
        let mut sinks = worker.sinks.borrow_mut();
        sinks.on_response = on_response;
        sinks.notify = notify;
    }
    (*worker).clone()
}
