//! A field's first value that a redraw leaves alone.
//!
//! Yew's `value=` on an `<input>` is a controlled value: every redraw of
//! the component puts it back into the field, over what the user typed.
//! A page that redraws on its own (an event's live stream, a refusal's
//! message) would then wipe a half-typed result. These fields take their
//! value once, and again only when the value given changes (a new result
//! from the server), and are read from the page when sent.

use yew::prelude::*;

/// Puts `value` into the input at `node` when it is first drawn and
/// whenever `value` changes; any other redraw keeps what is typed there.
#[hook]
pub fn use_first_value(node: &NodeRef, value: String) {
    let node = node.clone();
    use_effect_with(value, move |value| {
        if let Some(input) = node.cast::<web_sys::HtmlInputElement>() {
            input.set_value(value);
        }
    });
}

/// The nodes of a result's two disc fields (Othello's), holding `score`'s
/// two numbers (empty without one) as [`use_first_value`] does.
#[hook]
pub fn use_disc_fields(score: Option<[f64; 2]>) -> [NodeRef; 2] {
    let discs = [use_node_ref(), use_node_ref()];
    let first = |i: usize| score.map(|s| s[i].to_string()).unwrap_or_default();
    use_first_value(&discs[0], first(0));
    use_first_value(&discs[1], first(1));
    discs
}
