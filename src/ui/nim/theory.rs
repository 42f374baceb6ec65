//! The theory on screen: each heap's Grundy value, the nim-sum as a binary
//! column addition, P or N with the winning moves, and, per rule, the strip
//! of values with the mex computation of a chosen heap size spelled out.

use yew::prelude::*;

use crate::engine::nim::grundy::{grundy, mex_explained};
use crate::engine::nim::theory::{analyse_normal, Analysis, BudgetExhausted, Outcome};
use crate::engine::nim::{Position, Rule};
use crate::i18n::nim::{move_label, rule_name};

use super::super::context::use_texts;

/// Props: the position, the convention and what the worker found.
#[derive(Properties, PartialEq)]
pub struct TheoryProps {
    /// The position.
    pub position: Position,
    /// Misère play.
    pub misere: bool,
    /// The worker's misère analysis, once there.
    pub misere_analysis: Option<Result<Analysis, BudgetExhausted>>,
    /// Whether the winning moves are shown.
    pub show_me: bool,
    /// Toggles "show me".
    pub on_show_me: Callback<()>,
}

/// The values in binary, one row per heap, the nim-sum under a line; the
/// columns with an odd number of ones are marked.
fn column_addition(values: &[u64], nimsum: u64) -> Html {
    let width = values
        .iter()
        .chain([&nimsum])
        .map(|v| 64 - v.leading_zeros())
        .max()
        .unwrap_or(1)
        .max(1) as usize;
    let bits = |v: u64| (0..width).rev().map(move |b| (v >> b) & 1 == 1);
    let odd: Vec<bool> = bits(nimsum).collect();
    let row = |v: u64, class: &'static str| {
        html! {
            <tr class={class}>
                <th scope="row">{ v }</th>
                { for bits(v).zip(&odd).map(|(bit, &odd)| html! {
                    <td class={classes!(odd.then_some("odd"))}>{ if bit { "1" } else { "0" } }</td>
                }) }
            </tr>
        }
    };
    html! {
        <table class="column-addition" data-testid="nimsum-table">
            <tbody>
                { for values.iter().map(|&v| row(v, "term")) }
                { row(nimsum, "sum") }
            </tbody>
        </table>
    }
}

/// The analysis panel.
#[function_component(TheoryPanel)]
pub fn theory_panel(props: &TheoryProps) -> Html {
    let t = use_texts();
    let normal = (!props.misere).then(|| analyse_normal(&props.position));
    let analysis: Option<Result<Analysis, BudgetExhausted>> = match &normal {
        Some(a) => Some(Ok(a.clone())),
        None => props.misere_analysis.clone(),
    };
    let verdict = match &analysis {
        None => html! { <p class="analysing">{ t.nim.analysing() }</p> },
        Some(Err(_)) => html! { <p class="notice">{ t.nim.misere_budget() }</p> },
        Some(Ok(a)) => {
            let moves: Vec<String> = a.winning_moves.iter().map(move_label).collect();
            html! {
                <>
                    <p class="outcome" data-testid="outcome">
                        <strong>{ match a.outcome { Outcome::P => "P", Outcome::N => "N" } }</strong>
                        { format!(" — {}", match a.outcome { Outcome::P => t.nim.outcome_p(), Outcome::N => t.nim.outcome_n() }) }
                    </p>
                    <button class="show-me" aria-pressed={props.show_me.to_string()}
                        onclick={props.on_show_me.reform(|_: MouseEvent| ())}>{ t.nim.show_me() }</button>
                    if props.show_me {
                        <p data-testid="winning-moves">{
                            if moves.is_empty() { t.nim.no_winning_moves().to_string() }
                            else { t.nim.winning_moves_label(moves.join(", ")) }
                        }</p>
                    }
                </>
            }
        }
    };
    html! {
        <section class="theory" aria-label={t.nim.theory()}>
            <h2>{ t.nim.theory() }</h2>
            if let Some(a) = &normal {
                <h3>{ t.nim.nimsum_title() }</h3>
                { column_addition(a.values.as_deref().unwrap_or_default(), a.nimsum.unwrap_or(0)) }
                <p class="help">{ t.nim.nimsum_explain() }</p>
            } else {
                <p class="help">{ t.nim.misere_note() }</p>
            }
            { verdict }
            <RuleStrip rules={distinct_rules(&props.position)} />
        </section>
    }
}

fn distinct_rules(position: &Position) -> Vec<Rule> {
    let mut rules: Vec<Rule> = Vec::new();
    for heap in position.heaps() {
        if !rules.contains(&heap.rule) {
            rules.push(heap.rule.clone());
        }
    }
    rules
}

/// Props: the rules to choose from.
#[derive(Properties, PartialEq)]
pub struct StripProps {
    /// The rules of the game's heaps.
    pub rules: Vec<Rule>,
}

/// The values 0…N of one rule, coloured P (g = 0) or N, wrapped into rows of
/// the period when the values are periodic; clicking a size explains its mex.
#[function_component(RuleStrip)]
pub fn rule_strip(props: &StripProps) -> Html {
    let t = use_texts();
    let chosen = use_state(|| 0usize);
    let up_to = use_state(|| 30u64);
    let explain = use_state(|| None::<u64>);
    let Some(rule) = props.rules.get(*chosen).or(props.rules.first()).cloned() else {
        return html! {};
    };
    let on_rule = {
        let chosen = chosen.clone();
        let explain = explain.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            chosen.set(select.value().parse().unwrap_or(0));
            explain.set(None);
        })
    };
    let on_up_to = {
        let up_to = up_to.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(n) = input.value().parse::<u64>() {
                up_to.set(n.clamp(5, 200));
            }
        })
    };
    let onclick = {
        let explain = explain.clone();
        Callback::from(move |e: MouseEvent| {
            let n = e
                .target_dyn_into::<web_sys::Element>()
                .and_then(|t| t.closest("[data-n]").ok().flatten())
                .and_then(|c| c.get_attribute("data-n"))
                .and_then(|n| n.parse().ok());
            explain.set(n);
        })
    };
    let cell = |n: u64| {
        let g = grundy(&rule, n);
        html! {
            // Named by what it shows ("5: g = 3, P"): the words between are
            // heard, not drawn (a name of its own would not hold the text
            // a speech user reads off the cell).
            <button class={classes!("strip-cell", if g == 0 { "p" } else { "n" }, (*explain == Some(n)).then_some("chosen"))}
                data-n={n.to_string()}>
                <span class="size">{ n }</span>
                <span class="value"><span class="visually-hidden">{ ": g = " }</span>{ g }</span>
                <span class="pn"><span class="visually-hidden">{ ", " }</span>{ if g == 0 { "P" } else { "N" } }</span>
            </button>
        }
    };
    // Rows: the pre-period, then one row per period, for periodic sets.
    let period = match &rule {
        Rule::Subtraction(set) => Some(set.periodicity()).filter(|p| p.period <= 40),
        _ => None,
    };
    let rows: Vec<Vec<u64>> = match period {
        Some(p) => {
            let mut rows = Vec::new();
            if p.preperiod > 0 {
                rows.push((0..p.preperiod.min(*up_to + 1)).collect());
            }
            let mut start = p.preperiod;
            while start <= *up_to {
                rows.push((start..(start + p.period).min(*up_to + 1)).collect());
                start += p.period;
            }
            rows
        }
        None => vec![(0..=*up_to).collect()],
    };
    let explanation = explain.map(|n| {
        let (reached, g) = mex_explained(&rule, n);
        let n_text = n.to_string();
        let mut values: Vec<u64> = reached.iter().map(|&(_, v)| v).collect();
        crate::engine::stable_sort::sort(&mut values);
        values.dedup();
        html! {
            <div class="mex" data-testid="mex">
                <h3>{ t.nim.mex_title(&n_text, g.to_string()) }</h3>
                if reached.is_empty() {
                    <p>{ t.nim.mex_none(&n_text) }</p>
                } else {
                    <p>{ t.nim.mex_reached(&n_text, format!("{{{}}}", values.iter().map(u64::to_string).collect::<Vec<_>>().join(", "))) }</p>
                    <p class="mex-moves">{ reached.iter().map(|&(c, v)| format!("{n}−{c}→{v}")).collect::<Vec<_>>().join("  ") }</p>
                    <p>{ t.nim.mex_result(g.to_string()) }</p>
                }
            </div>
        }
    });
    html! {
        <div class="strip">
            <h3>{ t.nim.strip_title(rule_name(t, &rule)) }</h3>
            <div class="strip-controls">
                if props.rules.len() > 1 {
                    <select aria-label={t.nim.heap_rule()} onchange={on_rule}>
                        { for props.rules.iter().enumerate().map(|(i, r)| html! {
                            <option value={i.to_string()} selected={i == *chosen}>{ rule_name(t, r) }</option>
                        }) }
                    </select>
                }
                <label for="strip-up-to">{ t.nim.strip_up_to() }</label>
                <input id="strip-up-to" type="number" min="5" max="200" value={up_to.to_string()} onchange={on_up_to} />
            </div>
            if let Some(p) = period {
                <p class="help">{ t.nim.period_note(p.preperiod.to_string(), p.period.to_string()) }</p>
            }
            <div class="strip-rows" data-testid="strip" {onclick}>
                { for rows.into_iter().map(|row| html! { <div class="strip-row">{ for row.into_iter().map(cell) }</div> }) }
            </div>
            <p class="help">{ t.nim.mex_choose() }</p>
            { for explanation }
        </div>
    }
}
