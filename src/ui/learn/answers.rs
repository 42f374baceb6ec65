//! Answers that are not clicks on a board: P or N, a number, a score.
//! Each is a small form; Enter in a field checks it.

use yew::prelude::*;

use super::super::context::use_texts;

/// A judged answer: its text, what was wrong with it, discs to show.
pub type Answer = Callback<(String, Option<String>, u64)>;

/// Props: where the answer goes.
#[derive(Properties, PartialEq)]
pub struct AnswerProps {
    /// Judges the answer.
    pub answer: Answer,
}

/// Props: the group's look, what "submit" does, the fields and buttons.
#[derive(Properties, PartialEq)]
pub struct SubmitGroupProps {
    /// Its classes.
    #[prop_or_default]
    pub class: Classes,
    /// Called by Enter in a field or a click on a `data-submit` button.
    pub on_submit: Callback<()>,
    /// A reference to the group.
    #[prop_or_default]
    pub node: NodeRef,
    /// The fields and buttons.
    pub children: Html,
}

/// Fields with a submit button, without a `<form>`: a form's `submit`
/// event is not delivered reliably to a Yew app nested in another (the
/// learning pages are one), and a form that submits natively would reload
/// the page. Enter in a field or a click on a `data-submit` button submits.
#[function_component(SubmitGroup)]
pub fn submit_group(props: &SubmitGroupProps) -> Html {
    let onkeydown = {
        let on_submit = props.on_submit.clone();
        Callback::from(move |e: KeyboardEvent| {
            let in_field = e
                .target_dyn_into::<web_sys::Element>()
                .is_some_and(|t| t.tag_name() == "INPUT");
            if e.key() == "Enter" && in_field {
                e.prevent_default();
                on_submit.emit(());
            }
        })
    };
    let onclick = {
        let on_submit = props.on_submit.clone();
        Callback::from(move |e: MouseEvent| {
            let submit = e
                .target_dyn_into::<web_sys::Element>()
                .and_then(|t| t.closest("[data-submit]").ok().flatten());
            if submit.is_some() {
                on_submit.emit(());
            }
        })
    };
    html! {
        <div ref={props.node.clone()} role="group" class={props.class.clone()} {onkeydown} {onclick}>
            { props.children.clone() }
        </div>
    }
}

/// The value of the input field `field`.
fn value(field: &NodeRef) -> String {
    field
        .cast::<web_sys::HtmlInputElement>()
        .map(|i| i.value())
        .unwrap_or_default()
}

/// P or N.
#[function_component(OutcomeAnswer)]
pub fn outcome_answer(props: &AnswerProps) -> Html {
    let t = use_texts();
    let choose = |letter: &'static str| {
        let answer = props.answer.clone();
        Callback::from(move |_| answer.emit((letter.into(), None, 0)))
    };
    html! {
        <div class="answer-choices" role="group" aria-label={t.learn().answer_label()}>
            <button onclick={choose("P")} data-testid="answer-p">{ t.learn().outcome_p_button() }</button>
            <button onclick={choose("N")} data-testid="answer-n">{ t.learn().outcome_n_button() }</button>
        </div>
    }
}

/// Yes or no: does the move capture?
pub fn yes_no_answer(t: &crate::i18n::Texts, answer: &Answer) -> Html {
    let choose = |word: &'static str| {
        let answer = answer.clone();
        Callback::from(move |_| answer.emit((word.into(), None, 0)))
    };
    html! {
        <div class="answer-choices" role="group" aria-label={t.learn().answer_label()}>
            <button onclick={choose("yes")} data-testid="answer-yes">{ t.learn().answer_yes() }</button>
            <button onclick={choose("no")} data-testid="answer-no">{ t.learn().answer_no() }</button>
        </div>
    }
}

/// A whole number.
#[function_component(NumberAnswer)]
pub fn number_answer(props: &AnswerProps) -> Html {
    let t = use_texts();
    let field = use_node_ref();
    let onsubmit = {
        let (answer, field) = (props.answer.clone(), field.clone());
        Callback::from(move |_: ()| {
            let text = value(&field);
            if !text.trim().is_empty() {
                answer.emit((text, None, 0));
            }
        })
    };
    html! {
        <SubmitGroup class="answer-form" on_submit={onsubmit}>
            <label>
                { t.learn().answer_label() }
                <input ref={field} type="number" min="0" inputmode="numeric" data-testid="answer-number" />
            </label>
            <button type="button" data-submit="" class="primary">{ t.learn().check() }</button>
        </SubmitGroup>
    }
}

/// Props: the two sides' names and where the score goes.
#[derive(Properties, PartialEq)]
pub struct ScoreProps {
    /// The side written first.
    pub first: &'static str,
    /// The side written second.
    pub second: &'static str,
    /// Judges the score (`a-b`).
    pub answer: Answer,
}

/// A score: one number per side.
#[function_component(ScoreAnswer)]
pub fn score_answer(props: &ScoreProps) -> Html {
    let t = use_texts();
    let (first, second) = (use_node_ref(), use_node_ref());
    let onsubmit = {
        let (answer, first, second) = (props.answer.clone(), first.clone(), second.clone());
        Callback::from(move |_: ()| {
            let (a, b) = (value(&first), value(&second));
            if !a.trim().is_empty() && !b.trim().is_empty() {
                answer.emit((format!("{}-{}", a.trim(), b.trim()), None, 0));
            }
        })
    };
    html! {
        <SubmitGroup class="answer-form" on_submit={onsubmit}>
            <label>{ props.first }<input ref={first} type="number" min="0" inputmode="numeric" data-testid="score-first" /></label>
            <label>{ props.second }<input ref={second} type="number" min="0" inputmode="numeric" data-testid="score-second" /></label>
            <button type="button" data-submit="" class="primary">{ t.learn().check() }</button>
        </SubmitGroup>
    }
}

/// Props: the table's size, the right values (to mark the wrong cells after
/// a check) and where the answer goes.
#[derive(Properties, PartialEq)]
pub struct TableProps {
    /// The last heap size of the table.
    pub upto: u64,
    /// The right values, g(0) first.
    pub expected: Vec<String>,
    /// Judges the values (`0,1,2,…`).
    pub answer: Answer,
}

/// A row of Grundy values g(0) … g(upto), one field each.
#[function_component(TableAnswer)]
pub fn table_answer(props: &TableProps) -> Html {
    let t = use_texts();
    let form = use_node_ref();
    // After a check: which cells were wrong.
    let wrong = use_state(Vec::<bool>::new);
    let values = |form: &NodeRef| -> Vec<String> {
        form.cast::<web_sys::Element>()
            .and_then(|f| f.query_selector_all("input").ok())
            .map(|list| {
                (0..list.length())
                    .filter_map(|i| list.get(i))
                    .filter_map(|n| {
                        wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(n).ok()
                    })
                    .map(|i| i.value().trim().to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    let onsubmit = {
        let (answer, form, wrong, expected) = (
            props.answer.clone(),
            form.clone(),
            wrong.clone(),
            props.expected.clone(),
        );
        Callback::from(move |_: ()| {
            let given = values(&form);
            wrong.set(given.iter().zip(&expected).map(|(g, x)| g != x).collect());
            answer.emit((given.join(","), None, 0));
        })
    };
    let cells = (0..=props.upto).map(|n| {
        let bad = wrong.get(n as usize).copied().unwrap_or(false);
        html! {
            <label class={classes!("table-cell", bad.then_some("wrong-cell"))}>
                { format!("g({n})") }
                <input type="number" min="0" inputmode="numeric" aria-invalid={bad.to_string()} data-testid={format!("g{n}")} />
            </label>
        }
    });
    html! {
        <SubmitGroup node={form.clone()} class="answer-form grundy-table" on_submit={onsubmit}>
            <div class="table-cells">{ for cells }</div>
            <button type="button" data-submit="" class="primary">{ t.learn().check() }</button>
        </SubmitGroup>
    }
}

/// Props: the heaps' values, the right sum (to mark wrong columns after a
/// check) and where the answer goes.
#[derive(Properties, PartialEq)]
pub struct BinarySumProps {
    /// The values to add, one row each.
    pub values: Vec<u64>,
    /// The right nim-sum.
    pub expected: u64,
    /// Judges the sum (a number).
    pub answer: Answer,
}

/// The nim-sum in binary, column by column: each value a row of bits, the
/// sum a row of switches; a column is right when it has an odd number of
/// ones exactly where its switch is on.
#[function_component(BinarySum)]
pub fn binary_sum(props: &BinarySumProps) -> Html {
    let t = use_texts();
    let width = props
        .values
        .iter()
        .chain(std::iter::once(&props.expected))
        .map(|v| 64 - v.leading_zeros())
        .max()
        .unwrap_or(1)
        .max(1);
    let bits = use_state(|| 0u64);
    let checked = use_state(|| false);
    let columns: Vec<u32> = (0..width).rev().collect();
    let rows = props.values.iter().map(|v| {
        let cells = columns.iter().map(|&c| html! { <td>{ (v >> c) & 1 }</td> });
        html! { <tr><th scope="row">{ v }</th>{ for cells }</tr> }
    });
    let switches = columns.iter().map(|&c| {
        let on = (*bits >> c) & 1 == 1;
        let wrong = *checked && on != ((props.expected >> c) & 1 == 1);
        let toggle = {
            let (bits, checked) = (bits.clone(), checked.clone());
            Callback::from(move |_| {
                bits.set(*bits ^ (1 << c));
                checked.set(false);
            })
        };
        html! {
            <td class={classes!(wrong.then_some("wrong-cell"))}>
                <button aria-pressed={on.to_string()} aria-label={format!("2^{c}")} onclick={toggle} data-testid={format!("bit{c}")}>
                    { u8::from(on) }
                </button>
            </td>
        }
    });
    let check = {
        let (answer, bits, checked) = (props.answer.clone(), bits.clone(), checked.clone());
        Callback::from(move |_| {
            checked.set(true);
            answer.emit((bits.to_string(), None, 0));
        })
    };
    html! {
        <div class="binary-sum">
            <table class="class-table">
                <tbody>
                    { for rows }
                    <tr class="sum-row"><th scope="row">{ "⊕" }</th>{ for switches }</tr>
                </tbody>
            </table>
            <button class="primary" onclick={check} data-testid="check-sum">{ t.learn().check() }</button>
        </div>
    }
}
