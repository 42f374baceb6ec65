//! How many pieces to lift: a compact stepper (with quick buttons for small
//! stacks); the page remembers the last choice and takes typed digits.

use yew::prelude::*;

use super::super::context::use_texts;

/// Props: the choice, its range, which numbers lead anywhere, and callbacks.
#[derive(Properties, PartialEq)]
pub struct PickerProps {
    /// The number chosen.
    pub k: u8,
    /// The most that can be lifted (height − 1).
    pub max: u8,
    /// `reachable[k]`: whether k pieces can land anywhere.
    pub reachable: Vec<bool>,
    /// Called with a new number.
    pub on_change: Callback<u8>,
    /// Drops the selection.
    pub on_cancel: Callback<()>,
}

/// Quick buttons are shown up to this many choices.
const QUICK_CHOICES: u8 = 12;

/// The picker.
#[function_component(Picker)]
pub fn picker(props: &PickerProps) -> Html {
    let t = use_texts();
    let set = |k: u8| {
        let cb = props.on_change.clone();
        Callback::from(move |_: MouseEvent| cb.emit(k))
    };
    let on_input = {
        let cb = props.on_change.clone();
        let max = props.max;
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(k) = input.value().trim().parse::<u8>() {
                cb.emit(k.clamp(1, max));
            }
        })
    };
    let on_cancel = {
        let cb = props.on_cancel.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let k = props.k;
    html! {
        <div class="picker" role="group" aria-label={t.opok.lift()}>
            <label for="lift">{ t.opok.lift() }</label>
            <button class="fewer" aria-label={t.opok.fewer()} disabled={k <= 1} onclick={set(k.saturating_sub(1).max(1))}>{ "−" }</button>
            <input id="lift" type="number" min="1" max={props.max.to_string()} value={k.to_string()} oninput={on_input} />
            <button class="more" aria-label={t.opok.more()} disabled={k >= props.max} onclick={set((k + 1).min(props.max))}>{ "+" }</button>
            <span class="max">{ format!("/ {}", props.max) }</span>
            if props.max <= QUICK_CHOICES {
                <span class="quick">
                    { for (1..=props.max).map(|choice| html! {
                        <button class="k-choice" aria-pressed={(choice == k).to_string()}
                            disabled={!props.reachable.get(usize::from(choice)).copied().unwrap_or(false)}
                            onclick={set(choice)}>{ choice }</button>
                    }) }
                </span>
            }
            <button class="cancel-selection" onclick={on_cancel}>{ t.opok.cancel_selection() }</button>
        </div>
    }
}
