//! The moves of a game; clicking one goes to the position after it.

use yew::prelude::*;

use super::super::context::use_texts;

/// One move of the list.
#[derive(Clone, PartialEq, Debug)]
pub struct MoveEntry {
    /// The move as written.
    pub label: String,
    /// A class naming the side that played it (for its colour and shape).
    pub side: &'static str,
}

/// Props: the moves of the line, the cursor and where to go.
#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    /// Every move of the recorded line.
    pub moves: Vec<MoveEntry>,
    /// How many are played.
    pub cursor: usize,
    /// Called with the ply to go to.
    pub on_go: Callback<usize>,
}

/// Scrolls `list` so that its current move is inside it.
fn keep_in_view(list: &web_sys::HtmlElement) {
    let current = list
        .query_selector(".current")
        .ok()
        .flatten()
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
    let Some(current) = current else {
        return;
    };
    // Offsets are relative to the list (it is positioned).
    let (top, bottom) = (
        current.offset_top(),
        current.offset_top() + current.offset_height(),
    );
    if top < list.scroll_top() {
        list.set_scroll_top(top);
    } else if bottom > list.scroll_top() + list.client_height() {
        list.set_scroll_top(bottom - list.client_height());
    }
}

/// The numbered move list.
#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let t = use_texts();
    let cursor = props.cursor;
    let list = use_node_ref();
    // The list scrolls within its height: keep the current move in view
    // (scrolling the list only, never the page).
    {
        let list = list.clone();
        use_effect_with((cursor, props.moves.len()), move |_| {
            if let Some(list) = list.cast::<web_sys::HtmlElement>() {
                keep_in_view(&list);
            }
        });
    }
    // One listener for the list; the ply comes from the clicked button.
    let onclick = {
        let on_go = props.on_go.clone();
        Callback::from(move |e: MouseEvent| {
            let ply = e
                .target_dyn_into::<web_sys::Element>()
                .and_then(|t| t.closest("[data-ply]").ok().flatten())
                .and_then(|b| b.get_attribute("data-ply"))
                .and_then(|p| p.parse().ok());
            if let Some(ply) = ply {
                on_go.emit(ply);
            }
        })
    };
    let items = props.moves.iter().enumerate().map(|(i, entry)| {
        let ply = i + 1;
        let class = classes!(
            "move",
            entry.side,
            (ply == cursor).then_some("current"),
            (ply > cursor).then_some("future"),
        );
        html! {
            <li>
                <button {class} data-ply={ply.to_string()} aria-current={(ply == cursor).then_some("step")}>
                    <span class="ply">{ format!("{ply}.") }</span>{ &entry.label }
                </button>
            </li>
        }
    });
    html! {
        <nav class="move-list" aria-label={t.common.moves()} {onclick}>
            <h2>{ t.common.moves() }</h2>
            <button class={classes!("move", "start", (cursor == 0).then_some("current"))} data-ply="0"
                aria-current={(cursor == 0).then_some("step")}>{ t.common.start_position() }</button>
            <ol data-testid="moves" ref={list}>{ for items }</ol>
        </nav>
    }
}
