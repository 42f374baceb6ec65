//! The diagram dialog every game page shares: a live preview of the
//! position shown as a diagram for print (the SVG of [`crate::diagram`]),
//! what it shows (coordinates, the last move, move numbers, black and white,
//! a caption), and saving it as SVG or as a PNG twice its size.
//!
//! The dialog is a module of its own (`diagram.js`, `src/bin/diagram.rs`),
//! so that the drawing code costs the app's first load nothing: the records
//! panel's "Diagram" button loads it and [`open`]s the dialog with the game
//! as its share link holds it; the dialog draws through
//! [`PageGame::diagram`], and on closing takes itself down and gives the
//! focus back to the button.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::thread::LocalKey;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::session::core::GameSession;
use crate::session::diagram::{file_name, DiagramChoices, PNG_SCALE};
use crate::session::formats;

use super::super::browser;
use super::super::context::{use_texts, AppContext};
use super::super::shell::{diagram_svg, PageGame};
use super::dialog::{close_apart, open_apart, show_apart, ApartDialog, ModalDialog, TakeDown};

/// Draws `svg` on a white canvas [`PNG_SCALE`] times its size and offers
/// the PNG as a file called `name` (an image of the SVG's blob, drawn once
/// loaded, then the canvas's PNG blob). Without a snippet of JavaScript:
/// Trunk copies every module's snippets to one place, one copy at a time.
fn save_png(svg: &str, name: String) -> Option<()> {
    let url = object_url(&svg.into(), "image/svg+xml")?;
    let image = web_sys::HtmlImageElement::new().ok()?;
    let drawn = image.clone();
    let loaded_url = url.clone();
    let onload = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&loaded_url);
        draw_png(&drawn, name);
    });
    image.set_onload(Some(onload.unchecked_ref()));
    image.set_src(&url);
    Some(())
}

/// The second half of [`save_png`]: the loaded image on a canvas.
fn draw_png(image: &web_sys::HtmlImageElement, name: String) -> Option<()> {
    let canvas: web_sys::HtmlCanvasElement = browser::window()
        .document()?
        .create_element("canvas")
        .ok()?
        .dyn_into()
        .ok()?;
    let (width, height) = (
        image.natural_width() * PNG_SCALE,
        image.natural_height() * PNG_SCALE,
    );
    canvas.set_width(width);
    canvas.set_height(height);
    let context: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").ok()??.dyn_into().ok()?;
    let (width, height) = (f64::from(width), f64::from(height));
    context.set_fill_style_str("#ffffff");
    context.fill_rect(0.0, 0.0, width, height);
    context
        .draw_image_with_html_image_element_and_dw_and_dh(image, 0.0, 0.0, width, height)
        .ok()?;
    let offer = Closure::once_into_js(move |png: JsValue| {
        if let Some(url) = png
            .dyn_into::<web_sys::Blob>()
            .ok()
            .and_then(|png| web_sys::Url::create_object_url_with_blob(&png).ok())
        {
            browser::follow_download(&url, &name);
        }
    });
    canvas
        .to_blob_with_type(offer.unchecked_ref(), "image/png")
        .ok()
}

/// An object URL of `content` (a string) as a blob of type `kind`.
fn object_url(content: &JsValue, kind: &str) -> Option<String> {
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(kind);
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&js_sys::Array::of1(content), &options)
            .ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}

thread_local! {
    /// The choices made last (kept while the app runs).
    static CHOICES: Cell<DiagramChoices> = Cell::new(DiagramChoices::default());
    /// Takes the dialog down, while it is shown.
    static SHOWN: RefCell<Option<TakeDown>> = const { RefCell::new(None) };
}

/// The diagram dialog, drawn apart from the page ([`show_apart`]).
pub struct ApartDiagram;

impl ApartDialog for ApartDiagram {
    const WHAT: &'static str = "diagrams";

    fn shown() -> &'static LocalKey<RefCell<Option<TakeDown>>> {
        &SHOWN
    }

    fn show<G: PageGame>(lang: Lang, query: &str) -> Result<TakeDown, String> {
        let (settings, record) =
            formats::decode::<G>(query).map_err(|e| format!("the game does not read: {e:?}"))?;
        let props = DiagramRootProps::<G> {
            lang,
            session: Rc::new(GameSession::with_record(settings, record)),
        };
        show_apart::<DiagramRoot<G>>(props)
    }
}

/// Shows the dialog, in the language `code`, for the game of the page
/// `route` as its share link's `query` holds it ([`open_apart`]).
pub fn open(code: &str, route: &str, query: &str) -> Result<(), String> {
    open_apart::<ApartDiagram>(code, route, query)
}

/// Takes the dialog down.
pub fn close() {
    close_apart::<ApartDiagram>();
}

/// Props of the module's root: the language and the game.
#[derive(Properties)]
struct DiagramRootProps<G: PageGame> {
    lang: Lang,
    session: Rc<GameSession<G>>,
}

/// Mounted once per game shown: never compared.
impl<G: PageGame> PartialEq for DiagramRootProps<G> {
    fn eq(&self, other: &Self) -> bool {
        self.lang == other.lang && Rc::ptr_eq(&self.session, &other.session)
    }
}

/// The dialog for one game, in its language.
#[function_component(DiagramRoot)]
fn diagram_root<G: PageGame>(props: &DiagramRootProps<G>) -> Html {
    let choices = use_state(|| CHOICES.with(Cell::get));
    use_effect_with(*choices, |c| CHOICES.with(|kept| kept.set(*c)));
    let t = props.lang.texts();
    let svg = diagram_svg::<G>(t, &props.session, *choices);
    // Taken down after the event that closes it, and the focus given back.
    let on_close = Callback::from(|_| {
        wasm_bindgen_futures::spawn_local(async {
            close();
            browser::focus("button.diagram-open");
        })
    });
    let context = AppContext {
        lang: props.lang,
        ..AppContext::default()
    };
    html! {
        <ContextProvider<AppContext> {context}>
            <DiagramDialog {choices} {svg} numbered={G::NUMBERED_DIAGRAMS}
                name={(G::ROUTE, props.session.record.cursor())} {on_close} />
        </ContextProvider<AppContext>>
    }
}

/// Props: the choices, the diagram they make, and the file's name.
#[derive(Properties, PartialEq)]
pub struct DiagramDialogProps {
    /// What the diagram shows.
    pub choices: UseStateHandle<DiagramChoices>,
    /// The SVG of the position shown, drawn as the choices say.
    pub svg: AttrValue,
    /// The game's diagrams number the moves (the choice is offered).
    pub numbered: bool,
    /// The game's route and the position's ply, for the file's name.
    pub name: (&'static str, usize),
    /// Called when the dialog closes (Escape, Close).
    pub on_close: Callback<()>,
}

/// The diagram dialog.
#[function_component(DiagramDialog)]
pub fn diagram_dialog(props: &DiagramDialogProps) -> Html {
    let t = use_texts();
    let d = t.diagram();
    let choices = *props.choices;
    let (route, ply) = props.name;
    let check = |id: &'static str, label: &'static str, on: bool, flip: fn(&mut DiagramChoices)| {
        let handle = props.choices.clone();
        let onchange = Callback::from(move |_: Event| {
            let mut next = *handle;
            flip(&mut next);
            handle.set(next);
        });
        html! {
            <label class="choice" for={id}>
                <input type="checkbox" {id} checked={on} {onchange} />
                { label }
            </label>
        }
    };
    let save_svg = {
        let svg = props.svg.clone();
        Callback::from(move |_: MouseEvent| {
            browser::download(&file_name(route, ply, "svg"), "image/svg+xml", &svg);
        })
    };
    let on_png = {
        let svg = props.svg.clone();
        Callback::from(move |_: MouseEvent| {
            save_png(&svg, file_name(route, ply, "png"));
        })
    };
    let numbers = props.numbered.then(|| {
        check("diagram-numbers", d.numbers(), choices.move_numbers, |c| {
            c.move_numbers = !c.move_numbers
        })
    });
    html! {
        <ModalDialog title={d.heading()} on_cancel={props.on_close.clone()}>
            <div class="diagram-dialog">
                <figure class="diagram-preview" role="group" aria-label={d.preview()}
                    data-testid="diagram-preview">
                    { Html::from_html_unchecked(props.svg.clone()) }
                </figure>
                <div class="diagram-side">
                    <div class="diagram-choices">
                        { check("diagram-coords", d.coords(), choices.coords, |c| c.coords = !c.coords) }
                        { check("diagram-last", d.last_move(), choices.last_move, |c| c.last_move = !c.last_move) }
                        { numbers.unwrap_or_default() }
                        { check("diagram-print", d.print(), choices.print, |c| c.print = !c.print) }
                        { check("diagram-caption", d.caption(), choices.caption, |c| c.caption = !c.caption) }
                    </div>
                    <div class="dialog-buttons">
                        <button type="button" class="primary download-svg" onclick={save_svg}>{ d.download_svg() }</button>
                        <button type="button" class="download-png" onclick={on_png}>{ d.download_png() }</button>
                        <button type="button" class="cancel" onclick={props.on_close.reform(|_: MouseEvent| ())}>{ t.common.close() }</button>
                    </div>
                </div>
            </div>
        </ModalDialog>
    }
}
