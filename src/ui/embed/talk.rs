//! Talking to the page a frame is embedded in: written once for the
//! frames' module and for the lessons and puzzles the learning module draws
//! inside a frame.

use wasm_bindgen::JsValue;

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
