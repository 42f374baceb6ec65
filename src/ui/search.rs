//! The hook that owns the search workers' connections: tags requests with
//! ids, drops answers to abandoned requests, ends a busy worker when its
//! search is no longer wanted (a running search cannot be interrupted by a
//! message, so the worker is terminated at once and a fresh one loaded for
//! the next request), and replaces a worker that died or stopped
//! answering. A burst of requests (an embedded frame's page may send
//! hundreds of positions at once) ends each abandoned worker before the
//! next starts, rather than leaving it to finish its search beside the new
//! one.
//!
//! The pool: a page has up to N workers (the "Search workers" setting,
//! [`pool_size`] within one memory budget). The scores of every Othello
//! move (hints, the page's analysis) are shared out among them
//! ([`split`](crate::worker::split)) and their answers merged; any other
//! job (the computer's move, the graph, Opok, the take-away games, the
//! embedded frames' searches) runs in the first worker alone, so a page
//! that never asks for scores never loads a second one. One worker is
//! exactly the single worker of before.
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

use crate::search_worker::SearchAgent;
use crate::worker::pool::{default_workers, pool_size, PoolSize, MAX_WORKERS};
use crate::worker::protocol::{Event, Job, OthelloTask, Request, Response, GRACE_MS};
use crate::worker::split::{Merging, Share};

use super::browser;
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

/// Where the "Search workers" setting is kept.
pub const WORKERS_KEY: &str = "mind-sports.search-workers";

thread_local! {
    /// Set by the test hook: the next request is preceded by one that makes
    /// the worker panic.
    static CRASH_NEXT: Cell<bool> = const { Cell::new(false) };
    /// Set by the test hook: the scores of every move are solved exactly,
    /// within this many milliseconds (the analysis figure's positions have
    /// more empty squares than the hints solve on their own).
    static SOLVE_SCORES_MS: Cell<Option<f64>> = const { Cell::new(None) };
    /// The setting as last chosen on this page: it holds until a reload
    /// even when the storage refused it (the user is told).
    static CHOSEN_WORKERS: Cell<Option<usize>> = const { Cell::new(None) };
}

/// Makes the worker of the next request panic first (test hook).
pub fn crash_next_request() {
    CRASH_NEXT.with(|c| c.set(true));
}

/// Makes the scores of every move (hints) solve exactly within `ms`
/// milliseconds; 0 or less: as usual (test hook).
pub fn solve_scores_within(ms: f64) {
    SOLVE_SCORES_MS.with(|c| c.set((ms > 0.0).then_some(ms)));
}

/// `job` as the test hook wants it (see [`solve_scores_within`]).
fn as_hooked(job: Job) -> Job {
    match (job, SOLVE_SCORES_MS.with(Cell::get)) {
        (
            Job::Othello {
                position,
                task: OthelloTask::ScoreMoves { share, .. },
            },
            Some(ms),
        ) => Job::Othello {
            position,
            task: OthelloTask::ScoreMoves {
                time_ms: ms,
                share,
                depth: Some(position.empties().count_ones()),
            },
        },
        (job, _) => job,
    }
}

/// The "Search workers" setting, when one was chosen (1 to
/// [`MAX_WORKERS`]).
pub fn chosen_workers() -> Option<usize> {
    CHOSEN_WORKERS.with(Cell::get).or_else(|| {
        browser::load(WORKERS_KEY)?
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=MAX_WORKERS).contains(n))
    })
}

/// Keeps `workers` as the "Search workers" setting; a failed write is told
/// through the app's banner, and the setting holds on this page anyway.
pub fn choose_workers(workers: usize) {
    let workers = workers.clamp(1, MAX_WORKERS);
    CHOSEN_WORKERS.with(|c| c.set(Some(workers)));
    let _ = browser::store_changed(WORKERS_KEY, &workers.to_string());
}

/// The setting's value to show: the one chosen, or the device's default.
pub fn shown_workers() -> usize {
    chosen_workers().unwrap_or_else(|| default_workers(device_cores()))
}

/// The pool of this device with the setting: how many workers, how big
/// their tables (`navigator.hardwareConcurrency` and `deviceMemory`).
pub fn current_pool() -> PoolSize {
    pool_size(chosen_workers(), device_cores(), device_memory_gb())
}

/// `navigator.hardwareConcurrency`, where the browser says.
pub fn device_cores() -> Option<u32> {
    let cores = browser::window().navigator().hardware_concurrency();
    (cores.is_finite() && cores >= 1.0).then_some(cores as u32)
}

/// `navigator.deviceMemory` in GB (Chromium only).
fn device_memory_gb() -> Option<f64> {
    js_sys::Reflect::get(&browser::window().navigator(), &"deviceMemory".into())
        .ok()
        .and_then(|v| v.as_f64())
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
                table_bits: pending.request.table_bits,
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

/// One worker of the pool: its connection, and its sinks (which take its
/// answers to the pool).
struct Slot {
    connection: Rc<RefCell<Connection>>,
    sinks: Rc<RefCell<Sinks>>,
}

/// The job the pool runs: the page's id for it, the merge of its workers'
/// answers when it was shared out, and which workers have answered.
struct Running {
    id: u64,
    merge: Option<Merging>,
    answered: Vec<bool>,
}

/// A page's workers.
struct Pool {
    slots: Vec<Slot>,
    /// The page's callbacks (renewed at every render).
    page: Sinks,
    running: Option<Running>,
    next_id: u64,
    /// How the page shares a job among the workers.
    share: Share,
}

/// A handle to the page's search workers; cheap to clone.
#[derive(Clone)]
pub struct SearchWorker {
    pool: Rc<RefCell<Pool>>,
}

impl PartialEq for SearchWorker {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.pool, &other.pool)
    }
}

/// A new worker slot of `pool`, number `part`, not yet loaded: its answers
/// go to [`routed`], its notices to the page.
fn new_slot(pool: &Rc<RefCell<Pool>>, part: usize) -> Slot {
    let weak = Rc::downgrade(pool);
    let on_response = Callback::from(move |response| routed(&weak, part, response));
    let weak = Rc::downgrade(pool);
    let notify = Callback::from(move |notice| {
        let page = weak.upgrade().map(|p| p.borrow().page.notify.clone());
        if let Some(notify) = page {
            notify.emit(notice);
        }
    });
    Slot {
        connection: Rc::new(RefCell::new(Connection {
            bridge: None,
            worker: JsValue::NULL,
            generation: 0,
            loaded: false,
            pending: None,
            watchdog: None,
        })),
        sinks: Rc::new(RefCell::new(Sinks {
            on_response,
            notify,
        })),
    }
}

/// Abandons a slot's request, if any (see [`SearchWorker::cancel`]).
fn cancel_slot(slot: &Slot) {
    let mut c = slot.connection.borrow_mut();
    c.watchdog = None;
    if c.pending.take().is_some() {
        c.retire();
    }
}

/// Tells tests how many workers answered the running job (the root's
/// `data-search-workers`).
fn show_answered(count: usize) {
    if let Some(root) = browser::window()
        .document()
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("data-search-workers", &count.to_string());
    }
}

/// Takes worker `part`'s answer to the pool's running job to the page:
/// merged with the others' when the job was shared out. When the job
/// failed in one worker, the others' searches are ended. No borrow is
/// held while the page's callback runs (it may start another job at once).
fn routed(pool: &Weak<RefCell<Pool>>, part: usize, response: Response) {
    let Some(pool) = pool.upgrade() else {
        return;
    };
    let (events, callback) = {
        let mut p = pool.borrow_mut();
        let Some(running) = p.running.as_mut().filter(|r| r.id == response.id) else {
            return;
        };
        if let Some(answered) = running.answered.get_mut(part).filter(|a| !**a) {
            *answered = true;
            show_answered(running.answered.iter().filter(|&&a| a).count());
        }
        let events = match running.merge.as_mut() {
            None => vec![response.event],
            Some(merge) => merge(part, response.event),
        };
        if events
            .iter()
            .any(|e| matches!(e, Event::Done(_) | Event::Failed))
        {
            p.running = None;
            if events.contains(&Event::Failed) {
                p.slots.iter().for_each(cancel_slot);
            }
        }
        (events, p.page.on_response.clone())
    };
    for event in events {
        callback.emit(Response {
            id: response.id,
            event,
        });
    }
}

/// Sends `request` to `slot`'s worker (loading it first if need be).
fn start_slot(slot: &Slot, request: Request) {
    slot.connection.borrow_mut().pending = Some(Pending {
        request,
        restarts: 0,
    });
    if slot.connection.borrow().bridge.is_none() {
        spawn(&slot.connection, &slot.sinks);
    }
    send_pending(&slot.connection, &slot.sinks);
}

impl SearchWorker {
    /// Sends `job` under a fresh id, abandoning any request still running,
    /// and returns the id: the scores of every Othello move to every
    /// worker of the pool (a share of the root each), any other job to the
    /// first.
    pub fn start(&self, job: Job) -> u64 {
        self.cancel();
        let size = current_pool();
        let share = self.pool.borrow().share;
        let shared = share(as_hooked(job), size.workers);
        let jobs = shared.jobs;
        let id = {
            let mut p = self.pool.borrow_mut();
            p.next_id += 1;
            // Fewer workers chosen: the others' tables are freed.
            p.slots.truncate(size.workers);
            while p.slots.len() < jobs.len() {
                let part = p.slots.len();
                let slot = new_slot(&self.pool, part);
                p.slots.push(slot);
            }
            p.running = Some(Running {
                id: p.next_id,
                merge: shared.merge,
                answered: vec![false; jobs.len()],
            });
            p.next_id
        };
        show_answered(0);
        let p = self.pool.borrow();
        for (slot, job) in p.slots.iter().zip(jobs) {
            start_slot(
                slot,
                Request {
                    id,
                    job,
                    table_bits: size.table_bits,
                },
            );
        }
        id
    }

    /// Abandons the running request, if any: every busy worker is ended at
    /// once (its answers are never heard), and the next request loads a
    /// fresh one.
    pub fn cancel(&self) {
        let mut p = self.pool.borrow_mut();
        p.running = None;
        p.slots.iter().for_each(cancel_slot);
    }

    /// Starts the first worker loading before the first request needs it.
    pub fn warm_up(&self) {
        let mut p = self.pool.borrow_mut();
        if p.slots.is_empty() {
            let slot = new_slot(&self.pool, 0);
            p.slots.push(slot);
        }
        let slot = &p.slots[0];
        if slot.connection.borrow().bridge.is_none() {
            spawn(&slot.connection, &slot.sinks);
        }
    }
}

/// The search workers of a component; `on_response` receives the answers
/// to the current request only (and `Event::Failed` when a worker kept
/// failing on it); `share` says which jobs several workers share.
/// Restarts are told to the user through the app.
#[hook]
pub fn use_search_worker(on_response: Callback<Response>, share: Share) -> SearchWorker {
    let notify = use_app().worker_notice;
    let worker = use_memo((), |_| SearchWorker {
        pool: Rc::new(RefCell::new(Pool {
            slots: Vec::new(),
            page: Sinks {
                on_response: on_response.clone(),
                notify: notify.clone(),
            },
            running: None,
            next_id: 0,
            share,
        })),
    });
    worker.pool.borrow_mut().page = Sinks {
        on_response,
        notify,
    };
    (*worker).clone()
}
