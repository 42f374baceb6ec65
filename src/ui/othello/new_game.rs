//! The new-game dialog: board size, variant, who plays each side, level and
//! thinking time.

use yew::prelude::*;

use crate::engine::othello::{BoardSize, Level, Variant};
use crate::i18n::othello::{level_name, variant_name};
use crate::i18n::{fill, Texts};
use crate::session::othello::settings::THINK_TIMES_MS;
use crate::session::othello::{Player, Settings};

use super::super::app::AppContext;

/// Props: the settings to start from and what to do with the choice.
#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// The settings shown first.
    pub initial: Settings,
    /// Called with the chosen settings.
    pub on_start: Callback<Settings>,
    /// Called when the dialog is dismissed.
    pub on_cancel: Callback<()>,
}

fn player_value(player: Player) -> String {
    match player {
        Player::Human => "human".into(),
        Player::Computer(level) => format!("c{}", level.number()),
    }
}

fn parse_player(value: &str) -> Player {
    value
        .strip_prefix('c')
        .and_then(|n| n.parse().ok())
        .and_then(Level::new)
        .map_or(Player::Human, Player::Computer)
}

fn player_select(
    t: &'static Texts,
    id: &'static str,
    label: &'static str,
    current: Player,
    on_change: Callback<Player>,
) -> Html {
    let onchange = Callback::from(move |e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        on_change.emit(parse_player(&select.value()));
    });
    let selected = player_value(current);
    html! {
        <div class="field">
            <label for={id}>{ label }</label>
            <select {id} {onchange}>
                <option value="human" selected={selected == "human"}>{ t.human }</option>
                { for Level::all().map(|level| {
                    let value = player_value(Player::Computer(level));
                    html! {
                        <option value={value.clone()} selected={selected == value}>
                            { format!("{} · {}", t.computer, level_name(t, level)) }
                        </option>
                    }
                }) }
            </select>
        </div>
    }
}

/// Keeps Tab and Shift+Tab cycling through the dialog's own controls.
fn trap_focus(dialog: &NodeRef, e: &KeyboardEvent) {
    use wasm_bindgen::JsCast;
    let Some(root) = dialog.cast::<web_sys::Element>() else {
        return;
    };
    let Ok(list) = root.query_selector_all("input, select, button") else {
        return;
    };
    let controls: Vec<web_sys::HtmlElement> = (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .collect();
    let (Some(first), Some(last)) = (controls.first(), controls.last()) else {
        return;
    };
    let active = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    let at = |el: &web_sys::HtmlElement| {
        active
            .as_ref()
            .is_some_and(|a| a == el.unchecked_ref::<web_sys::Element>())
    };
    if e.shift_key() && at(first) {
        e.prevent_default();
        let _ = last.focus();
    } else if !e.shift_key() && at(last) {
        e.prevent_default();
        let _ = first.focus();
    }
}

/// The dialog.
#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps) -> Html {
    let context = use_context::<AppContext>().expect("inside the app");
    let t = context.t();
    let draft = use_state(|| props.initial);
    let dialog = use_node_ref();

    // Focus the first field when the dialog opens.
    {
        let dialog = dialog.clone();
        use_effect_with((), move |_| {
            if let Some(first) = dialog
                .cast::<web_sys::Element>()
                .and_then(|d| d.query_selector("input, select, button").ok().flatten())
                .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
            {
                let _ = first.focus();
            }
        });
    }

    let set = |update: fn(&mut Settings, &str)| {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_dyn_into::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
                .or_else(|| {
                    e.target_dyn_into::<web_sys::HtmlInputElement>()
                        .map(|i| i.value())
                })
                .unwrap_or_default();
            let mut next = *draft;
            update(&mut next, &value);
            draft.set(next);
        })
    };
    let on_player = |black: bool| {
        let draft = draft.clone();
        Callback::from(move |player: Player| {
            let mut next = *draft;
            if black {
                next.black = player;
            } else {
                next.white = player;
            }
            draft.set(next);
        })
    };
    let on_start = {
        let draft = draft.clone();
        let cb = props.on_start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            cb.emit(*draft);
        })
    };
    let on_cancel = {
        let cb = props.on_cancel.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    // Escape closes; Tab stays inside the dialog (it is modal).
    let on_key = {
        let cb = props.on_cancel.clone();
        let dialog = dialog.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Escape" => {
                e.prevent_default();
                cb.emit(());
            }
            "Tab" => trap_focus(&dialog, &e),
            _ => {}
        })
    };
    let uses_time = [draft.black, draft.white]
        .iter()
        .any(|p| matches!(p, Player::Computer(l) if l.uses_think_time()));

    html! {
        <div class="dialog-backdrop">
            <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="new-game-title" ref={dialog} onkeydown={on_key}>
                <h2 id="new-game-title">{ t.new_game_title }</h2>
                <form onsubmit={on_start}>
                    <fieldset class="field">
                        <legend>{ t.board_size }</legend>
                        { for BoardSize::ALL.iter().map(|&size| {
                            let id = format!("size-{}", size.side());
                            html! {
                                <label class="choice" for={id.clone()}>
                                    <input type="radio" name="size" id={id} value={size.side().to_string()}
                                        checked={draft.rules.size == size}
                                        onchange={set(|s, v| if let Some(size) = v.parse().ok().and_then(BoardSize::from_side) { s.rules.size = size })} />
                                    { format!("{0}×{0}", size.side()) }
                                </label>
                            }
                        }) }
                    </fieldset>
                    <div class="field">
                        <label for="variant">{ t.variant }</label>
                        <select id="variant" onchange={set(|s, v| if let Ok(variant) = v.parse() { s.rules.variant = variant })}>
                            { for Variant::ALL.iter().map(|&v| html! {
                                <option value={v.name()} selected={draft.rules.variant == v}>{ variant_name(t, v) }</option>
                            }) }
                        </select>
                    </div>
                    { player_select(t, "black-player", t.black, draft.black, on_player(true)) }
                    { player_select(t, "white-player", t.white, draft.white, on_player(false)) }
                    if uses_time {
                        <div class="field">
                            <label for="think-time">{ t.think_time }</label>
                            <select id="think-time" onchange={set(|s, v| if let Ok(ms) = v.parse() { s.think_ms = ms })}>
                                { for THINK_TIMES_MS.iter().map(|&ms| html! {
                                    <option value={ms.to_string()} selected={draft.think_ms == ms}>
                                        { fill(t.seconds, &[("seconds", &(ms / 1000).to_string())]) }
                                    </option>
                                }) }
                            </select>
                        </div>
                    }
                    <div class="dialog-buttons">
                        <button type="submit" class="primary start-game">{ t.start_game }</button>
                        <button type="button" class="cancel" onclick={on_cancel}>{ t.cancel }</button>
                    </div>
                </form>
            </div>
        </div>
    }
}
