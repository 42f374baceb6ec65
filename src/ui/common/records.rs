//! The record panel: copy the moves, copy a share link, load moves typed or
//! pasted here, open the diagram dialog; game-specific tools come as
//! children.

use std::rc::Rc;

use yew::prelude::*;

use crate::session::clock::Clock;
use crate::session::diagram::game_of_link;
use crate::session::formats::encode_clock;

use super::super::browser;
use super::super::context::use_texts;
use super::super::module_section::call_module;

/// What was copied.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Copied {
    /// The moves.
    Moves,
    /// The share link.
    Link,
}

/// Props: the texts to copy and where loading goes.
#[derive(Properties, PartialEq)]
pub struct RecordsProps {
    /// The moves played, as text.
    pub record: String,
    /// The game's share link.
    pub share_url: String,
    /// The label of the box for loading moves.
    pub load_label: &'static str,
    /// Called with the text to load as moves.
    pub on_load: Callback<String>,
    /// Where the game clock is kept, and the game's number of moves: the
    /// clock as kept then is added to the link when the link is used.
    #[prop_or_default]
    pub clock: Option<(String, usize)>,
    /// Game-specific tools.
    #[prop_or_default]
    pub children: Html,
}

/// The records panel.
#[function_component(Records)]
pub fn records(props: &RecordsProps) -> Html {
    let t = use_texts();
    let moves_text = use_state(String::new);
    // What was copied is said beside the buttons, where the eye is (and read
    // out: the note is a status).
    let copied = use_state(|| None::<Copied>);
    let copy = |text: Rc<dyn Fn() -> String>, what: Copied| {
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            if browser::copy_to_clipboard(&text()) {
                copied.set(Some(what));
            }
        })
    };
    let copied_text = match *copied {
        Some(Copied::Moves) => t.common.moves_copied(),
        Some(Copied::Link) => t.common.link_copied(),
        None => "",
    };
    let link: Rc<dyn Fn() -> String> = {
        let (url, clock) = (props.share_url.clone(), props.clock.clone());
        Rc::new(move || with_clock(&url, clock.as_ref()))
    };
    // The (hidden) anchor's address is brought up to date when it is used.
    let on_link_pointer = {
        let link = link.clone();
        Callback::from(move |e: PointerEvent| {
            let anchor: web_sys::HtmlAnchorElement = e.target_unchecked_into();
            anchor.set_href(&link());
        })
    };
    let record = props.record.clone();
    let on_input = {
        let moves_text = moves_text.clone();
        Callback::from(move |e: InputEvent| {
            let field: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            moves_text.set(field.value());
        })
    };
    let on_submit = {
        let on_load = props.on_load.clone();
        let text = moves_text.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            on_load.emit((*text).clone());
        })
    };
    // The diagram dialog: a module of its own, given the game as the share
    // link holds it (ui::common::diagram); a note while it loads or when it
    // cannot.
    let diagram_note = use_state(|| None::<&'static str>);
    let open_diagram = {
        let (url, note) = (props.share_url.clone(), diagram_note.clone());
        Callback::from(move |_: MouseEvent| {
            let Some((route, query)) = game_of_link(&url) else {
                return;
            };
            let args = [t.lang().code().into(), route.into(), query.into()];
            let note = note.clone();
            note.set(Some(t.common.loading()));
            wasm_bindgen_futures::spawn_local(async move {
                let opened = call_module("diagram", "open", &args).await.is_ok();
                note.set((!opened).then_some(t.common.diagram_failed()));
            });
        })
    };
    html! {
        <section class="records">
            <div class="record-buttons">
                <button class="copy-moves" onclick={copy(Rc::new(move || record.clone()), Copied::Moves)}>{ t.common.copy_moves() }</button>
                <button class="copy-link" onclick={copy(link, Copied::Link)}>{ t.common.copy_link() }</button>
                <button class="diagram-open" aria-haspopup="dialog" onclick={open_diagram}>{ t.common.diagram() }</button>
                if let Some(href) = embed_href(&props.share_url) {
                    <a class="button embed-this" {href} data-testid="embed-this">{ t.common.embed_this() }</a>
                }
            </div>
            <p class="copied-note" role="status" data-testid="copied">{ copied_text }</p>
            <p class="transcript" data-testid="transcript">{ &props.record }</p>
            <a class="share-link" href={props.share_url.clone()} data-testid="share-link"
                onpointerdown={on_link_pointer}>{ t.common.copy_link() }</a>
            <form class="load-moves" onsubmit={on_submit}>
                <label for="moves-input">{ props.load_label }</label>
                <textarea id="moves-input" rows="2" value={(*moves_text).clone()} oninput={on_input} />
                <button type="submit">{ t.common.load_moves() }</button>
            </form>
            { props.children.clone() }
            <p class="diagram-note" role="status">{ diagram_note.unwrap_or_default() }</p>
        </section>
    }
}

/// The snippet builder with the game of the share link `url` (its query
/// after `game=<game>&`).
fn embed_href(url: &str) -> Option<String> {
    let (route, query) = game_of_link(url)?;
    Some(format!("#/embed?game={route}&{query}"))
}

/// `url` with the game clock as it is kept now, when one is set for the
/// game's moves.
fn with_clock(url: &str, clock: Option<&(String, usize)>) -> String {
    let kept = clock.and_then(|(key, plies)| {
        browser::load(key).filter(|kept| Clock::read_kept(kept, *plies).is_some())
    });
    match kept {
        Some(kept) if url.ends_with('?') => format!("{url}{}", encode_clock(&kept)),
        Some(kept) => format!("{url}&{}", encode_clock(&kept)),
        None => url.to_string(),
    }
}
