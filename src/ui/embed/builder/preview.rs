//! The builder's live preview: the frame as the snippets make it, talking
//! to the builder's page (whatever `parent` the snippets name) so that it
//! is sized by its own `resize` reports, as the snippets size it. The
//! builder's module draws it ([`PREVIEW_WINDOW`]): the same board frame as
//! each game's module draws.

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::embed::params::EmbedParams;
use crate::route::PREVIEW_WINDOW;

use super::super::super::browser;
use super::super::super::context::use_texts;
use super::snippets::{app_address, game_name};
use super::with;

/// The preview's height before it reports its own.
pub(super) const FIRST_HEIGHT: u32 = 560;

/// Props: the frame's parameters, its width, and who hears its height.
#[derive(Properties, PartialEq)]
pub(super) struct PreviewProps {
    /// The frame's parameters.
    pub params: EmbedParams,
    /// The widest it may be.
    pub width: u32,
    /// Its height, as it reports it.
    pub height: u32,
    /// Told each height it reports.
    pub on_height: Callback<u32>,
}

/// The preview frame.
#[function_component(Preview)]
pub(super) fn preview(props: &PreviewProps) -> Html {
    let t = use_texts();
    let frame = use_node_ref();
    {
        let (frame, on_height) = (frame.clone(), props.on_height.clone());
        use_effect_with((), move |_| {
            let listener =
                gloo_events::EventListener::new(&browser::window(), "message", move |event| {
                    if let Some(height) = reported_height(&frame, event.as_ref()) {
                        on_height.emit(height);
                    }
                });
            move || drop(listener)
        });
    }
    let origin = browser::window().location().origin().unwrap_or_default();
    let shown = with(&props.params, "parent", &origin).0;
    let src = format!("{}{}", app_address(), shown.fragment());
    html! {
        <iframe ref={frame} class="builder-preview" data-testid="builder-preview" src={src}
            name={PREVIEW_WINDOW}
            title={format!("{} — {}", t.embed().preview(), game_name(t, props.params.game()))}
            style={format!("width:100%;max-width:{}px;height:{}px", props.width, props.height)} />
    }
}

/// The height in a `resize` message of the preview frame `frame`; `None`
/// for any other message.
pub(super) fn reported_height(frame: &NodeRef, event: &JsValue) -> Option<u32> {
    let get = |object: &JsValue, key: &str| {
        js_sys::Reflect::get(object, &key.into()).unwrap_or(JsValue::UNDEFINED)
    };
    let from_preview = frame
        .get()
        .map(|frame| get(&frame.into(), "contentWindow"))
        .is_some_and(|window| js_sys::Object::is(&window, &get(event, "source")));
    let data = get(event, "data");
    let ours = get(&data, "source").as_string().as_deref() == Some("mind-sports")
        && get(&data, "type").as_string().as_deref() == Some("resize");
    let height = get(&data, "height").as_f64()?;
    (from_preview && ours).then(|| height.clamp(100.0, 4000.0).ceil() as u32)
}
