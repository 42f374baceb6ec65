//! The builder's form fields: a select, a text field applied when it is
//! left or Enter is pressed, a checkbox.

use yew::prelude::*;

/// A select of `options` (value, label).
pub(super) fn select(
    id: &'static str,
    label: &'static str,
    current: &str,
    options: Vec<(String, String)>,
    on: Callback<String>,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        on.emit(select.value());
    });
    html! {
        <p class="builder-field">
            <label for={id}>{ label }</label>
            <select id={id} data-testid={id} {onchange}>
                { for options.into_iter().map(|(value, text)| html! {
                    <option selected={value == current} value={value.clone()}>{ text }</option>
                }) }
            </select>
        </p>
    }
}

/// A text field, applied when it is left or Enter is pressed.
pub(super) fn text_field(
    id: &'static str,
    label: &'static str,
    current: String,
    on: Callback<String>,
) -> Html {
    html! { <TextField {id} {label} {current} {on} /> }
}

/// Props of [`TextField`].
#[derive(Properties, PartialEq)]
struct TextFieldProps {
    id: &'static str,
    label: &'static str,
    /// The value applied.
    current: String,
    on: Callback<String>,
}

/// A text field that keeps what is being typed: Yew writes an input's
/// `value` back over the typed text whenever the builder draws again (a
/// preview reporting its height does, any moment), so the field draws its
/// draft, and the draft follows the value applied when that changes.
#[function_component(TextField)]
fn text_field_kept(props: &TextFieldProps) -> Html {
    let draft = use_state(|| props.current.clone());
    {
        let draft = draft.clone();
        use_effect_with(props.current.clone(), move |current| {
            draft.set(current.clone())
        });
    }
    let oninput = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            draft.set(input.value());
        })
    };
    let on = props.on.clone();
    let onchange = Callback::from(move |e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        on.emit(input.value());
    });
    let id = props.id;
    html! {
        <p class="builder-field builder-text">
            <label for={id}>{ props.label }</label>
            <input id={id} data-testid={id} type="text" spellcheck="false" autocomplete="off" value={(*draft).clone()} {oninput} {onchange} />
        </p>
    }
}

/// A checkbox for a parameter of `1` or `0`.
pub(super) fn checkbox(
    id: &'static str,
    label: &'static str,
    checked: bool,
    on: Callback<String>,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        on.emit(if input.checked() { "1" } else { "0" }.to_string());
    });
    html! {
        <p class="builder-field builder-check">
            <label><input id={id} data-testid={id} type="checkbox" {checked} {onchange} />{ " " }{ label }</label>
        </p>
    }
}

/// Options whose values and labels are fixed texts.
pub(super) fn named(pairs: &[(&str, &'static str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(v, l)| (v.to_string(), l.to_string()))
        .collect()
}
