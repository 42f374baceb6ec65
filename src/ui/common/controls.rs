//! The game buttons: new game, undo, redo, move now, and any game-specific
//! toggles given as children. A toolbar: one tab stop (the button last
//! used), the arrow keys, Home and End move among its buttons.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::super::browser;
use super::super::context::use_texts;

/// Props: which buttons apply and what they do.
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// Undo is possible.
    pub can_undo: bool,
    /// Redo is possible.
    pub can_redo: bool,
    /// The computer is thinking about its move.
    pub thinking: bool,
    /// Opens the new-game dialog.
    pub on_new_game: Callback<()>,
    /// Takes back to the person's previous turn.
    pub on_undo: Callback<()>,
    /// Replays to the person's next turn.
    pub on_redo: Callback<()>,
    /// Makes the computer play its best move so far (no button when the
    /// computer answers at once).
    #[prop_or_default]
    pub on_move_now: Option<Callback<()>>,
    /// Game-specific buttons.
    #[prop_or_default]
    pub children: Html,
}

/// The enabled buttons of the toolbar `toolbar`.
fn enabled_buttons(toolbar: &web_sys::Element) -> Vec<web_sys::HtmlElement> {
    browser::elements_within(toolbar, "button:not(:disabled)")
}

/// Makes `stop` (else the toolbar's first enabled button) its one tab
/// stop.
fn set_tab_stop(toolbar: &web_sys::Element, stop: Option<&web_sys::Element>) {
    let enabled = enabled_buttons(toolbar);
    let stop = stop
        .filter(|s| {
            enabled
                .iter()
                .any(|b| b.unchecked_ref::<web_sys::Element>() == *s)
        })
        .cloned()
        .or_else(|| enabled.first().map(|b| b.clone().into()));
    for button in browser::elements_within(toolbar, "button") {
        let here = stop.as_ref() == Some(button.unchecked_ref::<web_sys::Element>());
        let _ = button.set_attribute("tabindex", if here { "0" } else { "-1" });
    }
}

/// Arrow keys, Home and End move the focus among the toolbar's enabled
/// buttons (Yew hands the event over at the app's root: the toolbar is the
/// target's).
fn toolbar_key(e: KeyboardEvent) {
    let Some(target) = e.target_dyn_into::<web_sys::Element>() else {
        return;
    };
    let Some(toolbar) = target.closest("[role=toolbar]").ok().flatten() else {
        return;
    };
    let buttons = enabled_buttons(&toolbar);
    let Some(at) = buttons
        .iter()
        .position(|b| b.unchecked_ref::<web_sys::Element>() == &target)
    else {
        return;
    };
    let last = buttons.len() - 1;
    let next = match e.key().as_str() {
        "ArrowRight" | "ArrowDown" => {
            if at == last {
                0
            } else {
                at + 1
            }
        }
        "ArrowLeft" | "ArrowUp" => {
            if at == 0 {
                last
            } else {
                at - 1
            }
        }
        "Home" => 0,
        "End" => last,
        _ => return,
    };
    // Not a move on the board or a page shortcut.
    e.prevent_default();
    e.stop_propagation();
    let _ = buttons[next].focus();
}

/// The toolbar.
#[function_component(Controls)]
pub fn controls(props: &ControlsProps) -> Html {
    let t = use_texts();
    let toolbar = use_node_ref();
    // After every change of the buttons (one may have been disabled): one
    // tab stop, the one kept where it can be.
    {
        let toolbar = toolbar.clone();
        use_effect(move || {
            if let Some(toolbar) = toolbar.cast::<web_sys::Element>() {
                let kept = toolbar
                    .query_selector("button[tabindex='0']")
                    .ok()
                    .flatten();
                set_tab_stop(&toolbar, kept.as_ref());
            }
        });
    }
    let onfocusin = Callback::from(|e: FocusEvent| {
        let Some(target) = e.target_dyn_into::<web_sys::Element>() else {
            return;
        };
        if let Some(toolbar) = target.closest("[role=toolbar]").ok().flatten() {
            set_tab_stop(&toolbar, Some(&target));
        }
    });
    let click = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    html! {
        <div class="controls" role="toolbar" aria-label={t.common.game_controls()} ref={toolbar}
            onkeydown={Callback::from(toolbar_key)} {onfocusin}>
            <button class="new-game" onclick={click(&props.on_new_game)}>{ t.common.new_game() }</button>
            <button class="undo" disabled={!props.can_undo} onclick={click(&props.on_undo)}>{ t.common.undo() }</button>
            <button class="redo" disabled={!props.can_redo} onclick={click(&props.on_redo)}>{ t.common.redo() }</button>
            if let Some(on_move_now) = &props.on_move_now {
                <button class="move-now" disabled={!props.thinking} onclick={click(on_move_now)}>{ t.common.move_now() }</button>
            }
            { props.children.clone() }
        </div>
    }
}
