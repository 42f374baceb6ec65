//! The two snippets the builder gives, both of which fit their content in
//! every mode and follow it as it changes (a lesson's hints, a game's end):
//! the element, which sizes itself (recommended), and the frame with the
//! few lines of script that size it from its `resize` messages, which need
//! the site's address (`parent`).

use yew::prelude::*;

use crate::embed::params::{EmbedParams, Game};
use crate::i18n::{EmbedTexts, Texts};

use super::super::super::browser;

/// The app's address (where `embed.js` and the frames live), without the
/// page's query and fragment.
pub(super) fn app_address() -> String {
    let page = browser::page_address();
    page.split('?').next().unwrap_or_default().to_string()
}

/// The origin of an address: `https://app.example` of
/// `https://app.example/games/`.
fn origin_of(address: &str) -> &str {
    let after_scheme = address.find("://").map_or(0, |i| i + 3);
    let end = address[after_scheme..]
        .find('/')
        .map_or(address.len(), |i| after_scheme + i);
    &address[..end]
}

/// `text` inside an HTML attribute's double quotes.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}

/// The game's name for a frame's title.
pub(super) fn game_name(t: &Texts, game: Game) -> &'static str {
    match game {
        Game::Othello => t.othello.name(),
        Game::Opok => t.opok.name(),
        Game::Nim => t.nim.name(),
    }
}

/// The frame snippet: the frame, at most `width` wide and first `height`
/// high (the preview's height), and a script that gives it the height of
/// its content whenever the frame reports it. `None` without `parent`: a
/// frame without it sends nothing, so it could not follow its content.
pub fn iframe_snippet(t: &Texts, params: &EmbedParams, width: u32, height: u32) -> Option<String> {
    params.parent.as_ref()?;
    let title = format!("{} — {}", game_name(t, params.game()), t.common.app_name());
    Some(frame_snippet(
        &params.fragment(),
        &title,
        Some(width),
        height,
    ))
}

/// A frame of the app's `fragment` (which names `parent`) titled `title`,
/// at most `width` wide (the column's width without one) and first
/// `height` high, and the script that sets its height from each of its
/// `resize` messages, both ways: the frame reports its content's height,
/// never the frame's, so a smaller height shrinks it and nothing loops.
pub(super) fn frame_snippet(
    fragment: &str,
    title: &str,
    width: Option<u32>,
    height: u32,
) -> String {
    let app = app_address();
    let max = width
        .map(|w| format!("max-width:{w}px;"))
        .unwrap_or_default();
    format!(
        "<iframe src=\"{}\" title=\"{}\" style=\"display:block;width:100%;{max}height:{height}px;border:0\" loading=\"lazy\"></iframe>\n\
         <script>(function (frame) {{\n  \
         addEventListener(\"message\", function (e) {{\n    \
         var m = e.data;\n    \
         if (e.source === frame.contentWindow && e.origin === \"{}\" && m && m.source === \"mind-sports\" && m.type === \"resize\") frame.style.height = m.height + \"px\";\n  \
         }});\n\
         }})(document.currentScript.previousElementSibling);</script>",
        attribute(&format!("{app}{fragment}")),
        attribute(title),
        origin_of(&app),
    )
}

/// The custom element snippet: the script line and the element with the
/// parameters as attributes (the element adds `parent` itself), at most
/// `width` wide.
pub fn element_snippet(params: &EmbedParams, width: u32) -> String {
    let attributes: String = params
        .pairs()
        .into_iter()
        .filter(|(k, _)| *k != "parent")
        .map(|(k, v)| format!(" {k}=\"{}\"", attribute(&v)))
        .collect();
    format!(
        "<script src=\"{}embed.js\" defer></script>\n<mind-sports-board game=\"{}\"{attributes} style=\"max-width:{width}px\"></mind-sports-board>",
        attribute(&app_address()),
        params.game().name(),
    )
}

/// Props: the snippets' parameters, width and first height.
#[derive(Properties, PartialEq)]
pub(super) struct SnippetsProps {
    /// The frame's parameters.
    pub params: EmbedParams,
    /// The widest the board may be.
    pub width: u32,
    /// The preview's height.
    pub height: u32,
}

/// The element (first: it needs nothing more) and the frame, each with a
/// button to copy it.
#[function_component(Snippets)]
pub(super) fn snippets(props: &SnippetsProps) -> Html {
    let t = super::super::super::context::use_texts();
    let b = t.embed();
    let copied = use_state(|| None::<&'static str>);
    {
        let copied = copied.clone();
        use_effect_with((props.params.clone(), props.width), move |_| {
            copied.set(None)
        });
    }
    let element = element_snippet(&props.params, props.width);
    let frame = iframe_snippet(t, &props.params, props.width, props.height);
    html! {
        <>
            { snippet("builder-element", b.element_code(), element, b, copied.clone()) }
            if let Some(frame) = frame {
                { snippet("builder-iframe", b.iframe_code(), frame, b, copied.clone()) }
            } else {
                <div class="builder-snippet">
                    <p class="builder-needs" data-testid="builder-iframe-needs">{ b.iframe_needs_parent() }</p>
                </div>
            }
            <p role="status" class="builder-copied">{ copied.map(|_| b.copied()).unwrap_or_default() }</p>
        </>
    }
}

/// A snippet to copy.
pub(super) fn snippet(
    id: &'static str,
    label: &'static str,
    text: String,
    b: &'static EmbedTexts,
    copied: UseStateHandle<Option<&'static str>>,
) -> Html {
    let onclick = {
        let text = text.clone();
        Callback::from(move |_| {
            if browser::copy_to_clipboard(&text) {
                copied.set(Some(id));
            }
        })
    };
    html! {
        <div class="builder-snippet">
            <label for={id}>{ label }</label>
            <textarea id={id} data-testid={id} readonly=true rows="5" value={text} />
            <button {onclick}>{ b.copy() }</button>
        </div>
    }
}
