//! The take-away new-game dialog: a preset, a random game or a custom sum
//! built heap by heap; normal or misère; who plays first and second.

use yew::prelude::*;

use crate::engine::nim::{Heap, Position, Rule};
use crate::engine::rng::Rng;
use crate::i18n::fill;
use crate::i18n::nim::rule_name;
use crate::session::nim::Settings;
use crate::session::player::Player;

use super::super::browser;
use super::super::context::use_texts;
use super::super::common::dialog::{
    player_select, start_cancel_buttons, ModalDialog, NewGameProps,
};

/// The preset games: a key and the heaps.
fn presets() -> Vec<(&'static str, Position)> {
    let one = |rule: Rule, size| Position::new(vec![Heap { rule, size }]).expect("a heap");
    vec![
        ("three", Position::nim(&[3, 4, 5]).expect("heaps")),
        ("source", Position::nim(&[11, 5, 12, 20]).expect("heaps")),
        ("dim", one(Rule::Dim, 12)),
        ("aliquot", one(Rule::Aliquot, 12)),
        ("evenodd", one(Rule::EvenOdd, 9)),
        ("half", one(Rule::Half, 9)),
        (
            "sub123",
            one(
                Rule::subtraction(&[1, 2, 3]).expect("a small set has a short period"),
                10,
            ),
        ),
        (
            "sub134",
            one(
                Rule::subtraction(&[1, 3, 4]).expect("a small set has a short period"),
                10,
            ),
        ),
    ]
}

/// A random sum of two to four heaps with random rules.
fn random_position() -> Position {
    let mut rng = Rng::new(browser::random_seed());
    let rules = [
        Rule::Nim,
        Rule::Dim,
        Rule::Aliquot,
        Rule::EvenOdd,
        Rule::Half,
        Rule::subtraction(&[1, 3, 4]).expect("a small set has a short period"),
    ];
    let heaps = (0..2 + rng.below(3))
        .map(|_| Heap {
            rule: rng.choose(&rules).expect("rules").clone(),
            size: 3 + rng.below(13),
        })
        .collect();
    Position::new(heaps).expect("small heaps")
}

/// A heap of the custom sum as typed.
#[derive(Clone, PartialEq)]
struct HeapDraft {
    rule: String,
    set: String,
    size: String,
}

impl HeapDraft {
    fn heap(&self) -> Result<Heap, bool> {
        let rule = if self.rule == "sub" {
            format!("sub{{{}}}", self.set)
                .parse::<Rule>()
                .map_err(|_| true)?
        } else {
            self.rule.parse::<Rule>().map_err(|_| true)?
        };
        let size = crate::engine::text::parse_number::<u64>(self.size.trim()).ok_or(false)?;
        Ok(Heap { rule, size })
    }
}

/// The dialog.
#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps<Settings>) -> Html {
    let t = use_texts();
    let preset = use_state(|| "three".to_string());
    let custom = use_state(|| {
        vec![
            HeapDraft {
                rule: "nim".into(),
                set: "1,2,3".into(),
                size: "7".into(),
            },
            HeapDraft {
                rule: "half".into(),
                set: "1,2,3".into(),
                size: "9".into(),
            },
        ]
    });
    let misere = use_state(|| props.initial.misere);
    let first = use_state(|| props.initial.first);
    let second = use_state(|| props.initial.second);

    let custom_heaps: Result<Vec<Heap>, bool> = custom.iter().map(HeapDraft::heap).collect();
    let start_position: Option<Position> = match preset.as_str() {
        "custom" => custom_heaps
            .clone()
            .ok()
            .and_then(|h| Position::new(h).ok()),
        "random" => None,
        key => presets()
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, p)| p),
    };
    let on_preset = {
        let preset = preset.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            preset.set(select.value());
        })
    };
    let edit = |i: usize, field: fn(&mut HeapDraft, String)| {
        let custom = custom.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_dyn_into::<web_sys::HtmlSelectElement>()
                .map(|s| s.value())
                .or_else(|| {
                    e.target_dyn_into::<web_sys::HtmlInputElement>()
                        .map(|i| i.value())
                })
                .unwrap_or_default();
            let mut next = (*custom).clone();
            field(&mut next[i], value);
            custom.set(next);
        })
    };
    let add_heap = {
        let custom = custom.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*custom).clone();
            next.push(HeapDraft {
                rule: "nim".into(),
                set: "1,2,3".into(),
                size: "5".into(),
            });
            custom.set(next);
        })
    };
    let remove_heap = |i: usize| {
        let custom = custom.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*custom).clone();
            if next.len() > 1 {
                next.remove(i);
            }
            custom.set(next);
        })
    };
    let on_start = {
        let cb = props.on_start.clone();
        let (misere, first, second) = (*misere, *first, *second);
        let chosen = preset.clone();
        let start_position = start_position.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let start = if *chosen == "random" {
                Some(random_position())
            } else {
                start_position.clone()
            };
            if let Some(start) = start {
                cb.emit(Settings {
                    start,
                    misere,
                    first,
                    second,
                });
            }
        })
    };
    let set_player =
        |handle: UseStateHandle<Player>| Callback::from(move |p: Player| handle.set(p));
    let rule_options = |selected: &str| {
        let entries = [
            ("nim", t.rule_nim),
            ("dim", t.rule_dim),
            ("aliquot", t.rule_aliquot),
            ("evenodd", t.rule_evenodd),
            ("half", t.rule_half),
            ("sub", t.sub_set),
        ];
        entries
            .iter()
            .map(|&(value, label)| html! { <option value={value} selected={selected == value}>{ label }</option> })
            .collect::<Html>()
    };
    let custom_editor = (*preset == "custom").then(|| {
        let rows = custom.iter().enumerate().map(|(i, draft)| {
            let error = draft.heap().err().map(|set| if set { t.err_nim_set } else { t.err_nim_size });
            html! {
                <li class="heap-draft">
                    <select aria-label={t.heap_rule} onchange={edit(i, |d, v| d.rule = v)}>{ rule_options(&draft.rule) }</select>
                    if draft.rule == "sub" {
                        <input type="text" aria-label={t.sub_set} placeholder={t.sub_set} value={draft.set.clone()} onchange={edit(i, |d, v| d.set = v)} />
                    }
                    <input type="number" min="0" aria-label={t.heap_size} value={draft.size.clone()} onchange={edit(i, |d, v| d.size = v)} />
                    <button type="button" onclick={remove_heap(i)} disabled={custom.len() == 1}>{ t.remove_heap }</button>
                    if let Some(error) = error {
                        <span class="notice">{ error }</span>
                    }
                </li>
            }
        });
        html! {
            <div class="custom-sum">
                <ol>{ for rows }</ol>
                <button type="button" class="add-heap" onclick={add_heap}>{ t.add_heap }</button>
            </div>
        }
    });
    let misere_choice = |value: bool, label: &'static str| {
        let misere = misere.clone();
        let id = if value { "play-misere" } else { "play-normal" };
        html! {
            <label class="choice" for={id}>
                <input type="radio" name="convention" id={id} checked={*misere == value} onchange={Callback::from(move |_| misere.set(value))} />
                { label }
            </label>
        }
    };
    let preset_label = |key: &str, position: &Position| -> String {
        match key {
            "three" => t.preset_three.into(),
            "source" => t.preset_source.into(),
            _ => {
                let heap = &position.heaps()[0];
                fill(
                    t.preset_single,
                    &[
                        ("rule", &rule_name(t, &heap.rule)),
                        ("n", &heap.size.to_string()),
                    ],
                )
            }
        }
    };
    html! {
        <ModalDialog title={t.new_game_title} on_cancel={props.on_cancel.clone()}>
            <form onsubmit={on_start}>
                <div class="field">
                    <label for="nim-preset">{ t.preset }</label>
                    <select id="nim-preset" onchange={on_preset}>
                        { for presets().iter().map(|(key, position)| html! {
                            <option value={*key} selected={*preset == *key}>{ preset_label(key, position) }</option>
                        }) }
                        <option value="random" selected={*preset == "random"}>{ t.random_game }</option>
                        <option value="custom" selected={*preset == "custom"}>{ t.custom_game }</option>
                    </select>
                </div>
                { for custom_editor }
                <fieldset class="field">
                    <legend>{ t.play_convention }</legend>
                    { misere_choice(false, t.normal_play) }
                    { misere_choice(true, t.misere_play) }
                </fieldset>
                { player_select(t, "first-player", t.first_player, *first, set_player(first.clone())) }
                { player_select(t, "second-player", t.second_player, *second, set_player(second.clone())) }
                <p class="help">{ t.nim_level_note }</p>
                { start_cancel_buttons(t, props.on_cancel.clone()) }
            </form>
        </ModalDialog>
    }
}
