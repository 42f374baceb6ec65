//! The custom sum of the new-game dialog: heaps added, removed and typed
//! one by one, each with its rule and size, errors beside the heap.

use yew::prelude::*;

use crate::session::nim::setup::{DraftError, HeapDraft};

use super::super::context::use_texts;

/// Props: the heaps as typed and where changes go.
#[derive(Properties, PartialEq)]
pub struct CustomSumProps {
    /// The heaps as typed.
    pub drafts: Vec<HeapDraft>,
    /// Receives the changed heaps.
    pub on_change: Callback<Vec<HeapDraft>>,
}

/// A change of the heaps.
type Change = dyn Fn(&mut Vec<HeapDraft>);

/// The value of the select or input an event came from.
fn value_of(e: &Event) -> String {
    e.target_dyn_into::<web_sys::HtmlSelectElement>()
        .map(|s| s.value())
        .or_else(|| {
            e.target_dyn_into::<web_sys::HtmlInputElement>()
                .map(|i| i.value())
        })
        .unwrap_or_default()
}

/// The custom sum editor.
#[function_component(CustomSum)]
pub fn custom_sum(props: &CustomSumProps) -> Html {
    let t = use_texts();
    let changed = |change: Box<Change>| {
        let (drafts, on_change) = (props.drafts.clone(), props.on_change.clone());
        move || {
            let mut next = drafts.clone();
            change(&mut next);
            on_change.emit(next);
        }
    };
    let edit = |i: usize, field: fn(&mut HeapDraft, String)| {
        let (drafts, on_change) = (props.drafts.clone(), props.on_change.clone());
        Callback::from(move |e: Event| {
            let mut next = drafts.clone();
            field(&mut next[i], value_of(&e));
            on_change.emit(next);
        })
    };
    let add = changed(Box::new(|d| d.push(HeapDraft::new("nim", 5))));
    let remove = |i: usize| {
        let remove = changed(Box::new(move |d| {
            if d.len() > 1 {
                d.remove(i);
            }
        }));
        Callback::from(move |_: MouseEvent| remove())
    };
    let rules = [
        ("nim", t.nim.rule_nim()),
        ("dim", t.nim.rule_dim()),
        ("aliquot", t.nim.rule_aliquot()),
        ("evenodd", t.nim.rule_evenodd()),
        ("half", t.nim.rule_half()),
        ("sub", t.nim.sub_set()),
    ];
    let rows = props.drafts.iter().enumerate().map(|(i, draft)| {
        let error = draft.heap().err().map(|e| match e {
            DraftError::Rule => t.nim.err_set(),
            DraftError::Size => t.nim.err_size(),
        });
        html! {
            <li class="heap-draft">
                <select aria-label={t.nim.heap_rule()} onchange={edit(i, |d, v| d.rule = v)}>
                    { for rules.iter().map(|&(value, label)| html! {
                        <option {value} selected={draft.rule == value}>{ label }</option>
                    }) }
                </select>
                if draft.rule == "sub" {
                    <input type="text" aria-label={t.nim.sub_set()} placeholder={t.nim.sub_set()}
                        value={draft.set.clone()} onchange={edit(i, |d, v| d.set = v)} />
                }
                <input type="number" min="0" aria-label={t.nim.heap_size()} value={draft.size.clone()}
                    onchange={edit(i, |d, v| d.size = v)} />
                <button type="button" onclick={remove(i)} disabled={props.drafts.len() == 1}>{ t.nim.remove_heap() }</button>
                if let Some(error) = error {
                    <span class="notice">{ error }</span>
                }
            </li>
        }
    });
    html! {
        <div class="custom-sum">
            <ol>{ for rows }</ol>
            <button type="button" class="add-heap" onclick={Callback::from(move |_: MouseEvent| add())}>{ t.nim.add_heap() }</button>
        </div>
    }
}
