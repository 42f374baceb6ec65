//! Talking to the page a frame is embedded in: written once for the
//! frames' module and for the lessons and puzzles the learning module draws
//! inside a frame. Posting, listening, and the frame's `resize` reports.

use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::embed::messages::{frame_message, FrameMessage};
use crate::embed::origin::Origin;
use crate::embed::params::EmbedParams;

/// Runs `body` as a JavaScript function of `args` (the frame's few
/// browser calls that web-sys does not have enabled here).
pub fn js(args: &str, body: &str) -> js_sys::Function {
    js_sys::Function::new_with_args(args, body)
}

/// Posts `message` to the frame's parent, only at `parent`'s origin.
pub fn post(params: &EmbedParams, message: &FrameMessage) {
    post_to(params.parent.as_ref(), message);
}

/// Posts `message` to the frame's parent, only at `parent` (nothing without
/// one).
pub fn post_to(parent: Option<&Origin>, message: &FrameMessage) {
    let Some(parent) = parent else { return };
    let _ = js(
        "json, origin",
        "if (window.parent !== window) window.parent.postMessage(JSON.parse(json), origin);",
    )
    .call2(
        &JsValue::NULL,
        &frame_message(message).into(),
        &parent.to_string().into(),
    );
}

/// A listener of the parent window's messages, until [`Listening::stop`].
pub(super) struct Listening(JsValue);

impl Listening {
    /// Stops listening.
    pub fn stop(self) {
        let _ = js("f", "removeEventListener('message', f);").call1(&JsValue::NULL, &self.0);
    }
}

/// Calls `on_message(origin, json)` for every message of the parent window
/// (none from anywhere else, nor when the frame is a page of its own).
pub(super) fn listen(on_message: &Closure<dyn Fn(String, String)>) -> Listening {
    let add = js(
        "cb",
        "const f = (e) => { if (window.parent === window || e.source !== window.parent) return; \
         let s; try { s = JSON.stringify(e.data); } catch (_) { return; } \
         if (typeof s === 'string') cb(e.origin, s); }; \
         addEventListener('message', f); return f;",
    );
    Listening(
        add.call1(&JsValue::NULL, on_message.as_ref())
            .unwrap_or(JsValue::NULL),
    )
}

/// Reports the height of the frame's content (the element `content` will
/// refer to) as `resize` whenever it changes, once the content is there: a
/// lesson or a puzzle only when the learning module has drawn it (its
/// heading, or what failed), never the few pixels of "loading".
#[hook]
pub(crate) fn use_resize_reports(params: &EmbedParams) -> NodeRef {
    let content = use_node_ref();
    {
        let content = content.clone();
        let p = params.clone();
        use_effect_with((), move |_| {
            let observer = content
                .cast::<web_sys::Element>()
                .filter(|_| p.parent.is_some())
                .map(|element| {
                    let p = p.clone();
                    let on_height = Closure::<dyn Fn(f64)>::new(move |height: f64| {
                        post(
                            &p,
                            &FrameMessage::Resize {
                                height: height.ceil() as u32,
                            },
                        );
                    });
                    let observe = js(
                        "el, cb",
                        "let last = -1; \
                         const settled = () => !el.querySelector('.embed-learn') || \
                           el.querySelector('.embed-learn h1, [role=alert]'); \
                         const o = new ResizeObserver(() => { \
                           if (!settled()) return; \
                           const h = Math.ceil(el.getBoundingClientRect().height); \
                           if (h !== last) { last = h; cb(h); } }); \
                         o.observe(el); return o;",
                    );
                    let handle = observe
                        .call2(&JsValue::NULL, &element.into(), on_height.as_ref())
                        .unwrap_or(JsValue::NULL);
                    (on_height, handle)
                });
            move || {
                if let Some((_closure, handle)) = observer {
                    let _ = js("o", "if (o) o.disconnect();").call1(&JsValue::NULL, &handle);
                }
            }
        });
    }
    content
}
