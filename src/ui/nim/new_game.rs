//! The take-away new-game dialog: a preset, a random game or a custom sum
//! built heap by heap; normal or misère; who plays first and second.

use yew::prelude::*;

use crate::engine::nim::Position;
use crate::i18n::nim::rule_name;
use crate::i18n::Texts;
use crate::session::nim::setup::{custom_position, presets, random_position, HeapDraft, Preset};
use crate::session::nim::{Nim, Settings};

use super::super::browser;
use super::super::common::dialog::{new_game_form, NewGameProps};
use super::super::context::use_texts;
use super::custom_sum::CustomSum;

/// What a preset is called in the list.
fn preset_label(t: &Texts, preset: &Preset) -> String {
    match preset.key {
        "three" => t.nim.preset_three().into(),
        "source" => t.nim.preset_source().into(),
        _ => {
            let heap = &preset.position.heaps()[0];
            t.nim.preset_single(rule_name(t, &heap.rule), heap.size)
        }
    }
}

/// A radio button of the play convention.
fn convention_choice(draft: &UseStateHandle<Settings>, misere: bool, label: &'static str) -> Html {
    let draft = draft.clone();
    let id = if misere { "play-misere" } else { "play-normal" };
    let checked = draft.misere == misere;
    let onchange = Callback::from(move |_| {
        draft.set(Settings {
            misere,
            ..(*draft).clone()
        })
    });
    html! {
        <label class="choice" for={id}>
            <input type="radio" name="convention" {id} {checked} {onchange} />
            { label }
        </label>
    }
}

/// The dialog.
#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps<Settings>) -> Html {
    let t = use_texts();
    let draft = use_state(|| props.initial.clone());
    let preset = use_state(|| "three".to_string());
    let random = use_state(|| random_position(browser::random_seed()));
    let custom = use_state(|| vec![HeapDraft::new("nim", 7), HeapDraft::new("half", 9)]);
    let presets = presets();
    let start: Option<Position> = match preset.as_str() {
        "custom" => custom_position(&custom),
        "random" => Some((*random).clone()),
        key => presets
            .iter()
            .find(|p| p.key == key)
            .map(|p| p.position.clone()),
    };
    let on_preset = {
        let (preset, random) = (preset.clone(), random.clone());
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if select.value() == "random" {
                random.set(random_position(browser::random_seed()));
            }
            preset.set(select.value());
        })
    };
    // Start only with heaps that read; the form's errors say what is wrong.
    let form_props = NewGameProps {
        initial: props.initial.clone(),
        on_start: {
            let on_start = props.on_start.clone();
            Callback::from(move |settings: Settings| {
                if let Some(start) = start.clone() {
                    on_start.emit(Settings { start, ..settings });
                }
            })
        },
        on_cancel: props.on_cancel.clone(),
    };
    let option = |value: &str, label: String| {
        html! { <option value={value.to_string()} selected={*preset == value}>{ label }</option> }
    };
    let fields = html! {
        <>
            <div class="field">
                <label for="nim-preset">{ t.nim.preset() }</label>
                <select id="nim-preset" onchange={on_preset}>
                    { for presets.iter().map(|p| option(p.key, preset_label(t, p))) }
                    { option("random", t.nim.random_game().into()) }
                    { option("custom", t.nim.custom_game().into()) }
                </select>
            </div>
            if *preset == "custom" {
                <CustomSum drafts={(*custom).clone()} on_change={Callback::from(move |d| custom.set(d))} />
            }
            <fieldset class="field">
                <legend>{ t.nim.play_convention() }</legend>
                { convention_choice(&draft, false, t.nim.normal_play()) }
                { convention_choice(&draft, true, t.nim.misere_play()) }
            </fieldset>
            <p class="help">{ t.nim.level_note() }</p>
        </>
    };
    new_game_form::<Nim>(t, &form_props, &draft, fields)
}
