//! Talking to the app's own server: JSON over HTTP (`/api/v1/…`) and the
//! live WebSocket connections, which reconnect by themselves after a drop
//! (a phone asleep, a tunnel) and keep what was sent meanwhile until the
//! connection is back. A message the server sent in parts is joined
//! before it is read (`protocol::parts`).

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use gloo_timers::callback::{Interval, Timeout};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::Callback;

use crate::online::protocol::parts::Joiner;
use crate::online::protocol::{encode, ClientMessage};

use super::super::browser;

/// What an HTTP request came back with: its status and body; `None` when
/// the server could not be reached.
pub async fn request(method: &str, path: &str, body: Option<String>) -> Option<(u16, String)> {
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    if let Some(body) = &body {
        init.set_body(&wasm_bindgen::JsValue::from_str(body));
        let headers = web_sys::Headers::new().ok()?;
        headers.set("content-type", "application/json").ok()?;
        init.set_headers(&headers);
    }
    let request = web_sys::Request::new_with_str_and_init(path, &init).ok()?;
    let response = JsFuture::from(browser::window().fetch_with_request(&request))
        .await
        .ok()?
        .dyn_into::<web_sys::Response>()
        .ok()?;
    let text = JsFuture::from(response.text().ok()?).await.ok()?;
    Some((response.status(), text.as_string().unwrap_or_default()))
}

/// The `ws:`/`wss:` address of `path` on this page's server.
fn socket_url(path: &str) -> String {
    let location = browser::window().location();
    let secure = location.protocol().is_ok_and(|p| p == "https:");
    let host = location.host().unwrap_or_default();
    format!("{}://{host}{path}", if secure { "wss" } else { "ws" })
}

/// The longest wait between two attempts to connect again.
const MAX_RETRY_MS: u32 = 8000;
/// How often a quiet connection says it is alive (the server closes one
/// silent for 120 s).
const PING_MS: u32 = 30_000;

struct Inner {
    url: String,
    hello: Option<String>,
    on_message: Callback<String>,
    on_open: Callback<bool>,
    socket: Option<web_sys::WebSocket>,
    listeners: Vec<EventListener>,
    online: Option<EventListener>,
    offline: Option<EventListener>,
    waiting: Vec<String>,
    retry_ms: u32,
    timer: Option<Timeout>,
    ping: Option<Interval>,
    next_id: u32,
    closed: bool,
    /// The parts of the message being received.
    joiner: Joiner,
}

/// A live connection that comes back by itself.
#[derive(Clone)]
pub struct Live(Rc<RefCell<Inner>>);

impl Live {
    /// Connects to `path` (`/api/v1/games/<id>/live`), sending `hello`
    /// first on every connection; each message from the server goes to
    /// `on_message`, and `on_open` hears when the connection opens (true)
    /// or drops (false).
    pub fn open(
        path: &str,
        hello: Option<ClientMessage>,
        on_message: Callback<String>,
        on_open: Callback<bool>,
    ) -> Live {
        let live = Live(Rc::new(RefCell::new(Inner {
            url: socket_url(path),
            hello: hello.map(|h| encode(&h)),
            on_message,
            on_open,
            socket: None,
            listeners: Vec::new(),
            online: None,
            offline: None,
            waiting: Vec::new(),
            retry_ms: 500,
            timer: None,
            ping: None,
            next_id: 1,
            closed: false,
            joiner: Joiner::default(),
        })));
        live.connect();
        let pinger = live.clone();
        live.0.borrow_mut().ping = Some(Interval::new(PING_MS, move || {
            let id = pinger.next_id();
            pinger.send_now(ClientMessage::Ping { id });
        }));
        // Back online: try at once rather than at the next attempt.
        let again = live.clone();
        let online = EventListener::new(&browser::window(), "online", move |_| again.reconnect());
        live.0.borrow_mut().online = Some(online);
        // Offline: a socket may look open for a long while after the
        // network is gone (what is sent on it is lost); dropped at once,
        // the moves made meanwhile wait and go after the next hello.
        let gone = live.clone();
        let offline =
            EventListener::new(&browser::window(), "offline", move |_| gone.went_offline());
        live.0.borrow_mut().offline = Some(offline);
        live
    }

    /// A new id for a message.
    pub fn next_id(&self) -> u32 {
        let mut inner = self.0.borrow_mut();
        inner.next_id = inner.next_id.wrapping_add(1);
        inner.next_id
    }

    fn connect(&self) {
        let url = self.0.borrow().url.clone();
        let Ok(socket) = web_sys::WebSocket::new(&url) else {
            return self.retry();
        };
        let (on_open, on_message, on_close) = (self.clone(), self.clone(), self.clone());
        let listeners = vec![
            EventListener::new(&socket, "open", move |_| on_open.opened()),
            EventListener::new(&socket, "message", move |e| {
                let text = e
                    .dyn_ref::<web_sys::MessageEvent>()
                    .and_then(|m| m.data().as_string());
                let joined = text.and_then(|text| on_message.0.borrow_mut().joiner.take(text));
                if let Some(text) = joined {
                    let callback = on_message.0.borrow().on_message.clone();
                    callback.emit(text);
                }
            }),
            EventListener::new(&socket, "close", move |_| on_close.dropped()),
        ];
        let mut inner = self.0.borrow_mut();
        inner.listeners = listeners;
        inner.socket = Some(socket);
        inner.joiner = Joiner::default();
    }

    fn opened(&self) {
        let (socket, hello, waiting, on_open) = {
            let mut inner = self.0.borrow_mut();
            inner.retry_ms = 500;
            (
                inner.socket.clone(),
                inner.hello.clone(),
                std::mem::take(&mut inner.waiting),
                inner.on_open.clone(),
            )
        };
        if let Some(socket) = socket {
            for text in hello.into_iter().chain(waiting) {
                let _ = socket.send_with_str(&text);
            }
        }
        on_open.emit(true);
    }

    fn dropped(&self) {
        let on_open = self.0.borrow().on_open.clone();
        if self.0.borrow().closed {
            return;
        }
        self.0.borrow_mut().socket = None;
        on_open.emit(false);
        self.retry();
    }

    fn retry(&self) {
        let again = self.clone();
        let mut inner = self.0.borrow_mut();
        if inner.closed {
            return;
        }
        let wait = inner.retry_ms;
        inner.retry_ms = (wait * 2).min(MAX_RETRY_MS);
        inner.timer = Some(Timeout::new(wait, move || again.connect()));
    }

    /// Drops the connection without trying again: the browser is
    /// offline, and its `online` event connects again.
    fn went_offline(&self) {
        let (socket, on_open) = {
            let mut inner = self.0.borrow_mut();
            inner.listeners.clear();
            inner.timer = None;
            (inner.socket.take(), inner.on_open.clone())
        };
        if let Some(socket) = socket {
            let _ = socket.close();
            on_open.emit(false);
        }
    }

    /// Drops the connection and makes a new one at once (the page missed
    /// an event, or the network is back).
    pub fn reconnect(&self) {
        let socket = self.0.borrow_mut().socket.take();
        if let Some(socket) = socket {
            self.0.borrow_mut().listeners.clear();
            let _ = socket.close();
        }
        self.0.borrow_mut().timer = None;
        self.connect();
    }

    fn send_now(&self, message: ClientMessage) -> bool {
        let socket = self.0.borrow().socket.clone();
        let open = socket
            .as_ref()
            .is_some_and(|s| s.ready_state() == web_sys::WebSocket::OPEN);
        open && socket.is_some_and(|s| s.send_with_str(&encode(&message)).is_ok())
    }

    /// Sends `message`, or keeps it until the connection is back.
    pub fn send(&self, message: ClientMessage) {
        let text = encode(&message);
        if !self.send_now(message) {
            self.0.borrow_mut().waiting.push(text);
        }
    }

    /// Closes the connection for good (the page is left).
    pub fn close(&self) {
        let mut inner = self.0.borrow_mut();
        inner.closed = true;
        inner.timer = None;
        inner.ping = None;
        inner.listeners.clear();
        inner.online = None;
        inner.offline = None;
        if let Some(socket) = inner.socket.take() {
            let _ = socket.close();
        }
    }
}
