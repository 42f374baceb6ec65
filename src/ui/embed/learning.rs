//! A lesson or a puzzle in a frame: the lessons' module (`learn.js`) or
//! the puzzles' (`puzzles.js`) mounted inside the frame; it
//! follows the frame's address and posts `lessonComplete` and
//! `puzzleSolved` itself (`src/ui/learn/embedded.rs`).

use wasm_bindgen::prelude::*;
use yew::prelude::*;

use super::super::module_section::call_module;

/// Props: the language of the lesson or puzzle, and which it is.
#[derive(Properties, PartialEq)]
pub(super) struct LearnPartProps {
    /// The language.
    pub lang: crate::i18n::Lang,
    /// A puzzle (else a lesson).
    pub puzzle: bool,
}

/// The learning module's lesson or puzzle, drawn inside the frame.
#[function_component(LearnPart)]
pub(super) fn learn_part(props: &LearnPartProps) -> Html {
    let root = use_node_ref();
    let failed = use_state(|| false);
    let module = if props.puzzle { "puzzles" } else { "learn" };
    {
        let (root, failed) = (root.clone(), failed.clone());
        use_effect_with(props.lang, move |lang| {
            let code = lang.code();
            wasm_bindgen_futures::spawn_local(async move {
                let Some(element) = root.cast::<web_sys::Element>() else {
                    return;
                };
                let args = [element.into(), code.into(), JsValue::UNDEFINED];
                if call_module(module, "mount", &args).await.is_err() {
                    failed.set(true);
                }
            });
            || {
                wasm_bindgen_futures::spawn_local(async {
                    let _ = call_module(module, "unmount", &[]).await;
                })
            }
        });
    }
    let t = props.lang.texts();
    html! {
        <>
            if *failed {
                <p class="embed-error" role="alert">{ t.common.load_failed() }</p>
            }
            <div ref={root} class="embed-learn" data-testid="embed-learn" />
        </>
    }
}
