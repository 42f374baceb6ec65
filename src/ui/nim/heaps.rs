//! The heaps: rows of tokens; clicking a token takes it and every token
//! after it, if the heap's rule allows that amount (illegal amounts are
//! greyed, with the reason on hover and focus). Big heaps get a number and
//! an amount field instead. Each heap is one tab stop; the arrows move.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::engine::nim::{Move, Position};
use crate::i18n::nim::{refusal_text, rule_name};
use crate::i18n::tokens;

use super::super::browser;
use super::super::context::{use_app, use_texts};

/// Heaps up to this size are drawn token by token.
const TOKEN_LIMIT: u64 = 40;

/// Props: the heaps and what taking does.
#[derive(Properties, PartialEq)]
pub struct HeapsProps {
    /// The position.
    pub position: Position,
    /// Whether a person may take now.
    pub interactive: bool,
    /// Winning moves to highlight ("show me").
    pub highlight: Vec<Move>,
    /// Grundy values under the heaps (theory shown, normal play).
    pub values: Option<Vec<u64>>,
    /// Called with a legal move.
    pub on_take: Callback<Move>,
}

fn move_focus(e: &KeyboardEvent) {
    let Some(current) = e.target_dyn_into::<web_sys::HtmlElement>() else {
        return;
    };
    let sibling = match e.key().as_str() {
        "ArrowLeft" => current.previous_element_sibling(),
        "ArrowRight" => current.next_element_sibling(),
        "Home" => current
            .parent_element()
            .and_then(|p| p.first_element_child()),
        "End" => current
            .parent_element()
            .and_then(|p| p.last_element_child()),
        _ => return,
    };
    e.prevent_default();
    if let Some(next) = sibling.and_then(|s| s.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = current.set_attribute("tabindex", "-1");
        let _ = next.set_attribute("tabindex", "0");
        let _ = next.focus();
    }
}

/// One big heap: the count and an amount field.
#[derive(Properties, PartialEq)]
struct BigHeapProps {
    index: usize,
    size: u64,
    rule: crate::engine::nim::Rule,
    interactive: bool,
    on_take: Callback<Move>,
}

#[function_component(BigHeap)]
fn big_heap(props: &BigHeapProps) -> Html {
    let t = use_texts();
    let amount = use_state(|| 1u64);
    let error = props.rule.check(props.size, *amount).err();
    let on_input = {
        let amount = amount.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            amount.set(input.value().trim().parse().unwrap_or(0));
        })
    };
    let on_submit = {
        let on_take = props.on_take.clone();
        let amount = amount.clone();
        let (heap, ok) = (props.index, error.is_none());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if ok {
                on_take.emit(Move {
                    heap,
                    take: *amount,
                });
            }
        })
    };
    let id = format!("amount-{}", props.index);
    html! {
        <form class="big-heap" onsubmit={on_submit}>
            <span class="big-count" aria-hidden="true">{ props.size }</span>
            <label for={id.clone()}>{ t.nim.heap_amount() }</label>
            <input id={id} type="number" min="1" value={amount.to_string()} oninput={on_input} disabled={!props.interactive} />
            <button type="submit" disabled={!props.interactive || error.is_some()}>{ t.nim.heap_take() }</button>
            if let Some(refusal) = error {
                <span class="reason">{ refusal_text(t, &props.rule, props.size, *amount, refusal) }</span>
            }
        </form>
    }
}

/// Keeps the keyboard focus in the heaps when a move removes the focused
/// token: it goes to the same heap's tab stop, else the first heap's.
#[hook]
fn use_kept_focus(
    list: &NodeRef,
    position: &Position,
) -> (Callback<FocusEvent>, Callback<FocusEvent>) {
    // The heap that had the focus, until the focus leaves the heaps.
    let held = use_mut_ref(|| None::<usize>);
    {
        let (list, held) = (list.clone(), held.clone());
        use_effect_with(position.clone(), move |_| {
            let Some((root, heap)) = list.cast::<web_sys::Element>().zip(*held.borrow()) else {
                return;
            };
            if browser::focus_lost() {
                let stop = "[tabindex='0'], input:not([disabled])";
                let _ = browser::focus_within(&root, &format!("[data-heap='{heap}'] :is({stop})"))
                    || browser::focus_within(&root, &format!(":is({stop})"));
            }
        });
    }
    let on_focus_in = {
        let held = held.clone();
        Callback::from(move |e: FocusEvent| {
            let heap = e
                .target_dyn_into::<web_sys::Element>()
                .and_then(|t| t.closest("[data-heap]").ok().flatten())
                .and_then(|h| h.get_attribute("data-heap"))
                .and_then(|h| h.parse().ok());
            *held.borrow_mut() = heap;
        })
    };
    // Focus moved elsewhere on purpose (not lost with a removed token).
    let on_focus_out = Callback::from(move |e: FocusEvent| {
        if e.related_target().is_some() {
            *held.borrow_mut() = None;
        }
    });
    (on_focus_in, on_focus_out)
}

/// The heaps.
#[function_component(Heaps)]
pub fn heaps(props: &HeapsProps) -> Html {
    let t = use_texts();
    let lang = use_app().lang;
    let list = use_node_ref();
    let (onfocusin, onfocusout) = use_kept_focus(&list, &props.position);
    let heaps = props.position.heaps().iter().enumerate().map(|(i, heap)| {
        let label = t.nim.heap_label((i + 1).to_string(), tokens(lang, heap.size), rule_name(t, &heap.rule));
        let value = props.values.as_ref().and_then(|v| v.get(i)).map(|g| html! {
            <span class="grundy" data-testid={format!("grundy-{i}")}>{ format!("g = {g}") }</span>
        });
        let tokens = if heap.size <= TOKEN_LIMIT {
            let onclick = {
                let on_take = props.on_take.clone();
                let interactive = props.interactive;
                let rule = heap.rule.clone();
                let size = heap.size;
                Callback::from(move |e: MouseEvent| {
                    let take = e
                        .target_dyn_into::<web_sys::Element>()
                        .and_then(|t| t.closest("[data-take]").ok().flatten())
                        .and_then(|b| b.get_attribute("data-take"))
                        .and_then(|c| c.parse::<u64>().ok());
                    if let Some(take) = take {
                        if interactive && rule.check(size, take).is_ok() {
                            on_take.emit(Move { heap: i, take });
                        }
                    }
                })
            };
            let buttons = (1..=heap.size).map(|j| {
                let take = heap.size - j + 1;
                let refusal = heap.rule.check(heap.size, take).err();
                let reason = refusal.map(|r| refusal_text(t, &heap.rule, heap.size, take, r));
                let highlighted = props.highlight.contains(&Move { heap: i, take });
                let token_label = t.nim.token_label((i + 1).to_string(), take.to_string(), heap.size.to_string());
                let aria = match &reason {
                    Some(reason) => format!("{token_label}. {reason}"),
                    None => token_label,
                };
                html! {
                    <button class={classes!("token", refusal.is_some().then_some("illegal"), highlighted.then_some("winning"))}
                        data-take={take.to_string()} title={reason.clone()} aria-label={aria}
                        aria-disabled={(refusal.is_some() || !props.interactive).to_string()}
                        tabindex={if take == 1 { "0" } else { "-1" }} />
                }
            });
            html! {
                <div class="tokens" onkeydown={Callback::from(|e: KeyboardEvent| move_focus(&e))} {onclick}>
                    { for buttons }
                </div>
            }
        } else {
            html! { <BigHeap index={i} size={heap.size} rule={heap.rule.clone()} interactive={props.interactive} on_take={props.on_take.clone()} /> }
        };
        html! {
            // A list item holding a group: the list keeps its items.
            <li class="heap" data-heap={i.to_string()}>
                <div role="group" aria-label={label.clone()}>
                    <div class="heap-head" aria-hidden="true">
                        <span data-testid={format!("heap-{i}")}>{ label }</span>
                        { for value }
                    </div>
                    { tokens }
                </div>
            </li>
        }
    });
    html! { <ol class="heaps" ref={list} {onfocusin} {onfocusout}>{ for heaps }</ol> }
}
