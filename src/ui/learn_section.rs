//! The learning pages' place in the app: their own module (`learn.js`),
//! fetched the first time a learning page opens and mounted into this
//! component's container; the app's first load does not pay for them.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::i18n::Lang;

use super::browser;
use super::context::use_texts;

#[wasm_bindgen(inline_js = "export function import_module(url) { return import(url); }")]
extern "C" {
    /// `import(url)`: the module's namespace, once loaded.
    fn import_module(url: &str) -> js_sys::Promise;
}

thread_local! {
    /// The learning module, once loaded and started.
    static MODULE: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// Calls the module's exported function `name` with `args`.
fn call(module: &JsValue, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let function: js_sys::Function = js_sys::Reflect::get(module, &name.into())?.dyn_into()?;
    function.apply(&JsValue::NULL, &args.iter().collect())
}

/// The learning module, loaded and started on the first call.
async fn module() -> Result<JsValue, JsValue> {
    if let Some(module) = MODULE.with(|m| m.borrow().clone()) {
        return Ok(module);
    }
    let base = browser::window()
        .document()
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_default();
    let url = web_sys::Url::new_with_base("learn.js", &base)?.href();
    let module = JsFuture::from(import_module(&url)).await?;
    // The module's default export fetches and starts its wasm.
    JsFuture::from(js_sys::Promise::from(call(&module, "default", &[])?)).await?;
    MODULE.with(|m| *m.borrow_mut() = Some(module.clone()));
    Ok(module)
}

/// Where the learning module stands.
#[derive(Clone, Copy, PartialEq)]
enum Status {
    Loading,
    Ready,
    Failed,
}

/// Props: the language the pages speak.
#[derive(Properties, PartialEq)]
pub struct LearnSectionProps {
    /// The interface language.
    pub lang: Lang,
}

/// The container of the learning pages.
#[function_component(LearnSection)]
pub fn learn_section(props: &LearnSectionProps) -> Html {
    let t = use_texts();
    let root = use_node_ref();
    let status = use_state(|| Status::Loading);
    let attempt = use_state(|| 0u32);
    {
        let (root, status) = (root.clone(), status.clone());
        use_effect_with((props.lang, *attempt), move |(lang, _)| {
            let lang = *lang;
            let alive = Rc::new(RefCell::new(true));
            let still = alive.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let mounted = match (module().await, root.cast::<web_sys::Element>()) {
                    (Ok(module), Some(element)) if *still.borrow() => {
                        call(&module, "mount", &[element.into(), lang.code().into()]).is_ok()
                    }
                    (Ok(_), _) => return,
                    (Err(_), _) => false,
                };
                if *still.borrow() {
                    status.set(if mounted {
                        Status::Ready
                    } else {
                        Status::Failed
                    });
                }
            });
            move || {
                *alive.borrow_mut() = false;
                if let Some(module) = MODULE.with(|m| m.borrow().clone()) {
                    let _ = call(&module, "unmount", &[]);
                }
            }
        });
    }
    let retry = {
        let (attempt, status) = (attempt.clone(), status.clone());
        Callback::from(move |_| {
            status.set(Status::Loading);
            attempt.set(*attempt + 1);
        })
    };
    html! {
        <>
            if *status == Status::Loading {
                <p class="learn-note" aria-busy="true">{ t.common.loading }</p>
            }
            if *status == Status::Failed {
                <div class="learn-note" role="alert">
                    <p>{ t.common.load_failed }</p>
                    <button onclick={retry}>{ t.common.try_again }</button>
                </div>
            }
            <div ref={root} class="learn-root" />
        </>
    }
}
