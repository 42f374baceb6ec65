//! The hook that owns the search worker connection: tags requests with ids,
//! drops answers to abandoned requests, and replaces a busy worker when its
//! search is no longer wanted (a running search cannot be interrupted from
//! outside; the abandoned worker finishes within its time limit and closes).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_worker::{Spawnable, WorkerBridge};
use yew::prelude::*;

use crate::worker::protocol::{Request, Response};
use crate::worker::SearchAgent;

/// Where the worker script is, relative to the page (works under any path).
const WORKER_SCRIPT: &str = "./worker.js";

struct Connection {
    bridge: Option<WorkerBridge<SearchAgent>>,
    next_id: u64,
}

/// A handle to the search worker; cheap to clone.
#[derive(Clone)]
pub struct SearchWorker {
    connection: Rc<RefCell<Connection>>,
    awaited: Rc<Cell<Option<u64>>>,
    on_response: Rc<RefCell<Callback<Response>>>,
}

impl PartialEq for SearchWorker {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.connection, &other.connection)
    }
}

impl SearchWorker {
    fn spawn(&self) -> WorkerBridge<SearchAgent> {
        let awaited = self.awaited.clone();
        let on_response = self.on_response.clone();
        SearchAgent::spawner()
            .callback(move |response: Response| {
                if awaited.get() != Some(response.id()) {
                    return;
                }
                if response.is_final() {
                    awaited.set(None);
                }
                let callback = on_response.borrow().clone();
                callback.emit(response);
            })
            .spawn(WORKER_SCRIPT)
    }

    /// Sends the request built by `make` for a fresh id, abandoning any
    /// request still running, and returns the id.
    pub fn start(&self, make: impl FnOnce(u64) -> Request) -> u64 {
        self.cancel();
        let mut connection = self.connection.borrow_mut();
        connection.next_id += 1;
        let id = connection.next_id;
        if connection.bridge.is_none() {
            connection.bridge = Some(self.spawn());
        }
        self.awaited.set(Some(id));
        if let Some(bridge) = &connection.bridge {
            bridge.send(make(id));
        }
        id
    }

    /// Abandons the running request, if any: its answers are dropped and the
    /// busy worker is replaced by a fresh one, loading at once so that the
    /// next request does not wait for it.
    pub fn cancel(&self) {
        if self.awaited.take().is_some() {
            let fresh = self.spawn();
            self.connection.borrow_mut().bridge = Some(fresh);
        }
    }

    /// Starts the worker loading before the first request needs it.
    pub fn warm_up(&self) {
        let mut connection = self.connection.borrow_mut();
        if connection.bridge.is_none() {
            connection.bridge = Some(self.spawn());
        }
    }
}

/// The search worker of a component; `on_response` receives the answers to
/// the current request only.
#[hook]
pub fn use_search_worker(on_response: Callback<Response>) -> SearchWorker {
    let worker = use_memo((), |_| SearchWorker {
        connection: Rc::new(RefCell::new(Connection {
            bridge: None,
            next_id: 0,
        })),
        awaited: Rc::new(Cell::new(None)),
        on_response: Rc::new(RefCell::new(on_response.clone())),
    });
    *worker.on_response.borrow_mut() = on_response;
    (*worker).clone()
}
