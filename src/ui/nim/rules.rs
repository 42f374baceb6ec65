//! The rules page of the take-away games, with the theory the app shows.

use yew::prelude::*;

use crate::engine::nim::Rule;
use crate::i18n::nim::{rule_description, rule_name};

use super::super::context::use_texts;

/// The rules page.
#[function_component(NimRules)]
pub fn nim_rules() -> Html {
    let t = use_texts();
    let rules = [
        Rule::subtraction(&[1, 3, 4]).expect("a small set has a short period"),
        Rule::Dim,
        Rule::Nim,
        Rule::Aliquot,
        Rule::EvenOdd,
        Rule::Half,
    ];
    let section = |title: &'static str, body: &'static str| html! { <section><h2>{ title }</h2><p>{ body }</p></section> };
    html! {
        <article class="rules nim-rules">
            <h1 tabindex="-1">{ t.nim.rules_title() }</h1>
            <p>{ t.nim_rules().rules_intro() }</p>
            { section(t.nim_rules().rules_play_title(), t.nim_rules().rules_play()) }
            <section>
                <h2>{ t.nim_rules().rules_table_title() }</h2>
                <table class="rules-table">
                    <tbody>
                        { for rules.iter().map(|rule| html! {
                            <tr><th scope="row">{ rule_name(t, rule) }</th><td>{ rule_description(t, rule) }</td></tr>
                        }) }
                    </tbody>
                </table>
            </section>
            { section(t.nim_rules().rules_pn_title(), t.nim_rules().rules_pn()) }
            { section(t.nim_rules().rules_sg_title(), t.nim_rules().rules_sg()) }
            <section>
                <h2>{ t.nim_rules().rules_sum_title() }</h2>
                <p>{ t.nim_rules().rules_sum() }</p>
                <p class="example">{ t.nim_rules().rules_example() }</p>
            </section>
            { section(t.nim_rules().rules_misere_title(), t.nim_rules().rules_misere()) }
            { section(t.nim_rules().rules_closed_title(), t.nim_rules().rules_closed()) }
            <section>
                <h2>{ t.nim_rules().rules_limits_title() }</h2>
                <p>{ t.nim_rules().rules_limits() }</p>
                <p>{ t.common.notation_wide() }</p>
            </section>
            <p><a class="button primary" href="#/nim">{ t.common.play() }</a></p>
        </article>
    }
}
