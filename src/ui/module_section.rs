//! The place in the app of a part built as a module of its own (a game's
//! page: `othello.js`, `opok.js`, `nim.js`; the lessons: `learn.js`, and
//! the puzzles, rules and teacher's pages; the club page: `club.js`; a
//! frame's: `othelloframe.js`, …): fetched the
//! first time one of its pages opens and mounted into this component's
//! container, lent the app's live region and callbacks; the app's first
//! load does not pay for it. A module that shows a part of
//! its own (the game pages' diagram dialog: `diagram.js`) is called through
//! [`call_module`].

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::i18n::Lang;

use super::browser;
use super::context::{use_app, AppContext};
use super::search::Notice;

// Not `inline_js`: every bin of the crate would share wasm-bindgen's one
// snippets folder, which Trunk's parallel pipelines copy and hash at the same
// time, so a build could ship the app with a snippet whose integrity did not
// match and never start. `index.html` defines the function instead.
#[wasm_bindgen]
extern "C" {
    /// `import(url)`: the module's namespace, once loaded (index.html).
    #[wasm_bindgen(js_name = mindSportsImport)]
    fn import_module(url: &str) -> js_sys::Promise;
}

thread_local! {
    /// The modules loaded and started, by name.
    static MODULES: RefCell<Vec<(&'static str, JsValue)>> = const { RefCell::new(Vec::new()) };
}

/// The module `name`, if it is loaded.
fn loaded(name: &str) -> Option<JsValue> {
    MODULES.with(|m| {
        m.borrow()
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, js)| js.clone())
    })
}

/// Holds the module `name` as loaded, with this wasm's own `mount` and
/// `unmount` (the app started from the module: [`super::start_from`]).
pub fn hold(name: &'static str, mount: fn(web_sys::Element, &str, JsValue), unmount: fn()) {
    let mount = Closure::<dyn Fn(web_sys::Element, String, JsValue)>::new(
        move |root: web_sys::Element, lang: String, host: JsValue| mount(root, &lang, host),
    );
    let unmount = Closure::<dyn Fn()>::new(unmount);
    let module = object_of([
        ("mount", mount.into_js_value()),
        ("unmount", unmount.into_js_value()),
    ]);
    MODULES.with(|m| m.borrow_mut().push((name, module)));
}

/// A JS object with these properties.
fn object_of<const N: usize>(properties: [(&str, JsValue); N]) -> JsValue {
    let object = js_sys::Object::new();
    for (key, value) in properties {
        let _ = js_sys::Reflect::set(&object, &key.into(), &value);
    }
    object.into()
}

/// Calls the module's exported function `name` with `args`.
fn call(module: &JsValue, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let function: js_sys::Function = js_sys::Reflect::get(module, &name.into())?.dyn_into()?;
    function.apply(&JsValue::NULL, &args.iter().collect())
}

/// The module `name`, loaded and started on the first call.
async fn module(name: &'static str) -> Result<JsValue, JsValue> {
    if let Some(module) = loaded(name) {
        return Ok(module);
    }
    let base = browser::window()
        .document()
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_default();
    let url = web_sys::Url::new_with_base(&format!("{name}.js"), &base)?.href();
    let module = JsFuture::from(import_module(&url)).await?;
    // The module's default export fetches and starts its wasm.
    JsFuture::from(js_sys::Promise::from(call(&module, "default", &[])?)).await?;
    MODULES.with(|m| m.borrow_mut().push((name, module.clone())));
    Ok(module)
}

/// Calls the export `function` of the module `name` with `args`, once the
/// module is loaded and started (the first call loads it).
pub async fn call_module(
    name: &'static str,
    function: &str,
    args: &[JsValue],
) -> Result<JsValue, JsValue> {
    call(&module(name).await?, function, args)
}

/// The host a module's pages speak through (`section::Host`): a JS object
/// whose functions call the app's latest callbacks, kept in `app`.
fn host(app: Rc<RefCell<AppContext>>) -> JsValue {
    let announce = {
        let app = app.clone();
        Closure::<dyn Fn(String)>::new(move |text: String| {
            let announce = app.borrow().announce.clone();
            announce.emit(text);
        })
    };
    let playing = {
        let app = app.clone();
        Closure::<dyn Fn(bool)>::new(move |now: bool| {
            let playing = app.borrow().playing.clone();
            playing.emit(now);
        })
    };
    let notice = Closure::<dyn Fn(String)>::new(move |code: String| {
        let worker_notice = app.borrow().worker_notice.clone();
        if let Some(notice) = Notice::from_code(&code) {
            worker_notice.emit(notice);
        }
    });
    object_of([
        ("announce", announce.into_js_value()),
        ("playing", playing.into_js_value()),
        ("notice", notice.into_js_value()),
    ])
}

/// The element `<tag id=id>` among the body's children, made (at the end
/// of the body) if there is none.
pub fn body_child(tag: &str, id: &str) -> web_sys::Element {
    let document = browser::window().document().expect("a document");
    if let Some(element) = document.get_element_by_id(id) {
        return element;
    }
    let element = new_element(tag);
    element.set_id(id);
    let body = document.body().expect("a body");
    body.append_child(&element).expect("a child of the body");
    element
}

/// Where a module's pages are drawn: a `<main>` of its own after the app's
/// root, outside the app's Yew tree. Two Yew apps (two wasm modules) number
/// their subtrees and event listeners alike, so an app whose tree held a
/// module's elements would also run its own handler of the same number for
/// a module's click (Nim's "Theory" also switched the app's High contrast):
/// their elements never nest. The host is shown while a module's route is,
/// with the page's hidden heading where the page has none of its own.
struct ModuleHost {
    main: web_sys::Element,
    root: web_sys::Element,
}

impl ModuleHost {
    /// The host, made on first use.
    fn get() -> ModuleHost {
        let document = browser::window().document().expect("a document");
        let found = document
            .query_selector("body > main[data-module-host]")
            .ok()
            .flatten();
        let main = found.unwrap_or_else(|| {
            let main = new_element("main");
            let _ = main.set_attribute("data-module-host", "");
            let _ = main.set_attribute("hidden", "");
            let body = document.body().expect("a body");
            body.append_child(&main).expect("a child of the body");
            main
        });
        let root = main
            .query_selector(":scope > .module-root")
            .ok()
            .flatten()
            .unwrap_or_else(|| {
                let root = new_element("div");
                root.set_class_name("module-root");
                main.append_child(&root).expect("a child");
                root
            });
        ModuleHost { main, root }
    }

    /// Shows the host as the page's `main` (the skip link's target), in the
    /// frame's style or the site's, with `heading` (hidden, read out and
    /// focused on a new page) for pages without a heading of their own.
    fn show(&self, embed: bool, heading: Option<&str>) {
        let _ = self.main.remove_attribute("hidden");
        self.main.set_id("main");
        self.main.set_class_name(if embed {
            "embed-main"
        } else {
            "app module-main"
        });
        if let Ok(Some(old)) = self.main.query_selector(":scope > h1") {
            old.remove();
        }
        if let Some(text) = heading {
            let h1 = new_element("h1");
            h1.set_class_name("visually-hidden");
            let _ = h1.set_attribute("tabindex", "-1");
            h1.set_text_content(Some(text));
            let _ = self.main.prepend_with_node_1(&h1);
        }
    }

    /// Hides the host (the app draws its own `main` again).
    fn hide(&self) {
        let _ = self.main.set_attribute("hidden", "");
        let _ = self.main.remove_attribute("id");
    }
}

/// Where a frame started from its own module draws its pages (see
/// [`super::start_frame`]): the host, shown as the frame's `main`.
pub fn frame_root() -> web_sys::Element {
    let host = ModuleHost::get();
    host.show(true, None);
    host.root
}

/// A new element of the page.
fn new_element(tag: &str) -> web_sys::Element {
    let document = browser::window().document().expect("a document");
    document.create_element(tag).expect("an element")
}

/// Where the module stands.
#[derive(Clone, Copy, PartialEq)]
enum Status {
    Loading,
    Ready,
    Failed,
}

/// Props: the module, the language its pages speak and how they are shown.
#[derive(Properties, PartialEq)]
pub struct ModuleSectionProps {
    /// The module's name (`othello`, `learn`, …: [`Route::module`](crate::route::Route::module)).
    pub module: &'static str,
    /// The interface language.
    pub lang: Lang,
    /// The page's name, read out as its heading, for pages without a
    /// heading of their own.
    #[prop_or_default]
    pub heading: Option<AttrValue>,
    /// An embedded frame (no site chrome).
    #[prop_or_default]
    pub embed: bool,
}

/// Loads the module `name` and mounts its pages in the host's root in
/// `lang`, setting `status`; returns the clean-up that takes them down.
fn mount_in_host(
    name: &'static str,
    lang: Lang,
    host: JsValue,
    status: UseStateHandle<Status>,
) -> impl FnOnce() {
    let alive = Rc::new(RefCell::new(true));
    let still = alive.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let mounted = match module(name).await {
            Ok(module) if *still.borrow() => {
                let root = ModuleHost::get().root;
                call(&module, "mount", &[root.into(), lang.code().into(), host]).is_ok()
            }
            Ok(_) => return,
            Err(_) => false,
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
        if let Some(module) = loaded(name) {
            let _ = call(&module, "unmount", &[]);
        }
    }
}

/// A module's pages: loaded on first use, drawn in the module host (see
/// [`ModuleHost`]); this component draws only the loading and failure
/// notes, in the app's tree.
#[function_component(ModuleSection)]
pub fn module_section(props: &ModuleSectionProps) -> Html {
    let app = use_app();
    let t = app.t();
    // The module's host calls the app's callbacks of the latest render.
    let latest = use_mut_ref(AppContext::default);
    *latest.borrow_mut() = app.clone();
    let host = use_memo((), move |_| host(latest));
    let status = use_state(|| Status::Loading);
    let attempt = use_state(|| 0u32);
    use_effect_with((props.embed, props.heading.clone()), |(embed, heading)| {
        ModuleHost::get().show(*embed, heading.as_deref());
    });
    use_effect_with((), |_| || ModuleHost::get().hide());
    {
        let status = status.clone();
        let name = props.module;
        let host = (*host).clone();
        use_effect_with((props.lang, *attempt), move |(lang, _)| {
            mount_in_host(name, *lang, host, status)
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
                <p class="learn-note module-note" aria-busy="true">{ t.common.loading() }</p>
            }
            if *status == Status::Failed {
                <div class="learn-note module-note" role="alert">
                    <p>{ t.common.load_failed() }</p>
                    <button onclick={retry}>{ t.common.try_again() }</button>
                </div>
            }
        </>
    }
}
