//! Talking to the app's own server: JSON over HTTP (`/api/v1/…`) and the
//! live WebSocket connections, which reconnect by themselves after a drop
//! (a phone asleep, a tunnel), keep what was sent meanwhile until the
//! connection is back, take a connection whose answers stop coming for
//! dead, and send a move again until the server has answered it. A
//! message the server sent in parts is joined before it is read
//! (`protocol::parts`).

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use gloo_timers::callback::{Interval, Timeout};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::Callback;

use crate::json::Value;
use crate::online::protocol::parts::Joiner;
use crate::online::protocol::{encode, ClientMessage};

use super::super::browser;
use super::super::shell::clock::now;

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
/// The first wait.
const FIRST_RETRY_MS: u32 = 500;
/// How often a quiet connection says it is alive (the server closes one
/// silent for 120 s).
const PING_MS: u32 = 30_000;
/// How long a message may wait for its answer before the connection is
/// taken for dead (a socket that looks open while nothing gets through:
/// a phone between networks, a proxy that stopped forwarding) and made
/// anew. The server answers a move in well under a second.
const ANSWER_MS: f64 = 5000.0;
/// How often the answers are checked.
const WATCH_MS: u32 = 1000;

/// A message sent and not answered yet.
struct Unanswered {
    id: u32,
    text: String,
    /// When it was last sent (the page's time), if it was.
    sent_at: Option<f64>,
    /// Sent again after every reconnection until answered (a move: the
    /// server recognises one it has played).
    again: bool,
}

/// What the connection itself reads of a server's message: its type, the
/// id of the message it answers, an error's kind.
struct Heard<'a> {
    kind: &'a str,
    id: Option<u32>,
    error: Option<&'a str>,
}

impl<'a> Heard<'a> {
    fn of(message: &'a Value) -> Option<Heard<'a>> {
        let id = match message.get("id") {
            None | Some(Value::Null) => None,
            Some(id) => Some(u32::try_from(id.as_u64()?).ok()?),
        };
        Some(Heard {
            kind: message.get("type")?.as_str()?,
            id,
            error: message.get("error").and_then(|e| e["error"].as_str()),
        })
    }
}

/// The refusals of a connection that trying again cannot change.
const FINAL_ERRORS: [&str; 3] = ["not_found", "origin", "wrong_token"];

struct Inner {
    url: String,
    hello: Option<String>,
    on_message: Callback<String>,
    on_open: Callback<bool>,
    socket: Option<web_sys::WebSocket>,
    listeners: Vec<EventListener>,
    online: Option<EventListener>,
    offline: Option<EventListener>,
    unanswered: Vec<Unanswered>,
    retry_ms: u32,
    timer: Option<Timeout>,
    ping: Option<Interval>,
    watch: Option<Interval>,
    next_id: u32,
    /// The server has greeted this connection (a welcome, the lobby).
    greeted: bool,
    closed: bool,
    /// The parts of the message being received.
    joiner: Joiner,
}

/// A live connection that comes back by itself: after a drop it waits
/// 0.5, 1, 2, 4, then 8 s between attempts (the wait starts again only
/// once the server has greeted a connection, so a server that refuses at
/// once is not asked again and again), or connects at once when the
/// browser is back online. A refusal that trying again cannot change (no
/// such game, an origin the server does not serve) ends it.
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
            unanswered: Vec::new(),
            retry_ms: FIRST_RETRY_MS,
            timer: None,
            ping: None,
            watch: None,
            next_id: 1,
            greeted: false,
            closed: false,
            joiner: Joiner::default(),
        })));
        live.connect();
        let pinger = live.clone();
        let ping = Interval::new(PING_MS, move || {
            let id = pinger.next_id();
            pinger.send(ClientMessage::Ping { id });
        });
        let watcher = live.clone();
        let watch = Interval::new(WATCH_MS, move || watcher.check_answers());
        // Back online: try at once rather than at the next attempt.
        let again = live.clone();
        let online = EventListener::new(&browser::window(), "online", move |_| again.reconnect());
        // Offline: a socket may look open for a long while after the
        // network is gone (what is sent on it is lost); dropped at once,
        // the moves made meanwhile wait and go after the next hello.
        let gone = live.clone();
        let offline =
            EventListener::new(&browser::window(), "offline", move |_| gone.went_offline());
        {
            let mut inner = live.0.borrow_mut();
            inner.ping = Some(ping);
            inner.watch = Some(watch);
            inner.online = Some(online);
            inner.offline = Some(offline);
        }
        live
    }

    /// A new id for a message.
    pub fn next_id(&self) -> u32 {
        let mut inner = self.0.borrow_mut();
        inner.next_id = inner.next_id.wrapping_add(1);
        inner.next_id
    }

    fn connect(&self) {
        let url = {
            let mut inner = self.0.borrow_mut();
            if inner.closed {
                return;
            }
            inner.greeted = false;
            inner.url.clone()
        };
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
                    on_message.heard(text);
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
        let now = now();
        let (socket, hello, texts, on_open) = {
            let mut inner = self.0.borrow_mut();
            // What was sent on the connection before and not answered is
            // sent again only if it is a move; the rest is dropped (the
            // page shows the game as the welcome brings it).
            inner.unanswered.retain(|m| m.again || m.sent_at.is_none());
            let texts: Vec<String> = inner
                .unanswered
                .iter_mut()
                .map(|m| {
                    m.sent_at = Some(now);
                    m.text.clone()
                })
                .collect();
            (
                inner.socket.clone(),
                inner.hello.clone(),
                texts,
                inner.on_open.clone(),
            )
        };
        if let Some(socket) = socket {
            for text in hello.into_iter().chain(texts) {
                let _ = socket.send_with_str(&text);
            }
        }
        on_open.emit(true);
    }

    /// A message from the server: the answers it carries, then the page.
    fn heard(&self, text: String) {
        let message = crate::json::from_str::<Value>(&text).ok();
        let mut give_up = false;
        if let Some(heard) = message.as_ref().and_then(Heard::of) {
            let mut inner = self.0.borrow_mut();
            match heard.kind {
                "welcome" | "lobby" => {
                    inner.greeted = true;
                    inner.retry_ms = FIRST_RETRY_MS;
                }
                "ack" | "refused" | "pong" => {
                    inner.unanswered.retain(|m| Some(m.id) != heard.id);
                }
                "error" if !inner.greeted => {
                    give_up = heard.error.is_some_and(|k| FINAL_ERRORS.contains(&k));
                }
                _ => {}
            }
        }
        let callback = self.0.borrow().on_message.clone();
        callback.emit(text);
        if give_up {
            self.close();
        }
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

    /// A message unanswered too long on a socket that looks open: the
    /// connection is taken for dead and made anew.
    fn check_answers(&self) {
        let late = {
            let inner = self.0.borrow();
            let open = inner
                .socket
                .as_ref()
                .is_some_and(|s| s.ready_state() == web_sys::WebSocket::OPEN);
            let now = now();
            open && inner
                .unanswered
                .iter()
                .any(|m| m.sent_at.is_some_and(|at| now - at > ANSWER_MS))
        };
        if late {
            let on_open = self.0.borrow().on_open.clone();
            on_open.emit(false);
            self.reconnect();
        }
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
    /// an event, the network is back, or an answer is late).
    pub fn reconnect(&self) {
        let socket = self.0.borrow_mut().socket.take();
        if let Some(socket) = socket {
            self.0.borrow_mut().listeners.clear();
            let _ = socket.close();
        }
        self.0.borrow_mut().timer = None;
        self.connect();
    }

    /// Sends `text` now if the connection is open; whether it was.
    fn send_now(&self, text: &str) -> bool {
        let socket = self.0.borrow().socket.clone();
        let open = socket
            .as_ref()
            .is_some_and(|s| s.ready_state() == web_sys::WebSocket::OPEN);
        open && socket.is_some_and(|s| s.send_with_str(text).is_ok())
    }

    fn send_with(&self, id: u32, message: &ClientMessage, again: bool) {
        let text = encode(message);
        let sent = self.send_now(&text);
        self.0.borrow_mut().unanswered.push(Unanswered {
            id,
            text,
            sent_at: sent.then(now),
            again,
        });
    }

    /// Sends `message` (a `hello`, which has no id, goes only with each
    /// connection's start).
    pub fn send(&self, message: ClientMessage) {
        if let Some(id) = message.id() {
            self.send_with(id, &message, false);
        }
    }

    /// Sends the move `message` and keeps it until the server answers it,
    /// sending it again after every reconnection.
    pub fn send_move(&self, message: ClientMessage) {
        let id = message.id().unwrap_or(0);
        self.send_with(id, &message, true);
    }

    /// Whether a move sent waits for its answer.
    pub fn move_waiting(&self) -> bool {
        self.0.borrow().unanswered.iter().any(|m| m.again)
    }

    /// Closes the connection for good (the page is left, or the server
    /// refused it for good).
    pub fn close(&self) {
        let mut inner = self.0.borrow_mut();
        inner.closed = true;
        inner.timer = None;
        inner.ping = None;
        inner.watch = None;
        inner.listeners.clear();
        inner.online = None;
        inner.offline = None;
        if let Some(socket) = inner.socket.take() {
            let _ = socket.close();
        }
    }
}
