//! Teachers' sets, without a server: `#/learn/teacher` picks lessons and
//! puzzles and makes the link; `#/learn/set?…` is the learner's view of a
//! set with the result code at the end; `#/learn/results?…` reads the
//! class's codes into a table.

use std::collections::BTreeSet;

use yew::prelude::*;

use crate::i18n::{Lang, Texts};
use crate::learn::progress::Progress;
use crate::learn::teacher::{ClassTable, Item, Outcome, SetResult, TeacherSet};
use crate::route::LEARN_GAMES;

use super::super::browser;
use super::super::context::{use_app, use_texts};
use super::answers::SubmitGroup;
use super::data::{
    not_ready, stages_of, use_course, use_progress, use_puzzles, Course, Loading, Puzzles,
};
use super::home::{game_name, stars_view};

/// The value of an input or text area.
fn field_value(field: &NodeRef) -> String {
    if let Some(input) = field.cast::<web_sys::HtmlInputElement>() {
        return input.value();
    }
    field
        .cast::<web_sys::HtmlTextAreaElement>()
        .map(|t| t.value())
        .unwrap_or_default()
}

/// The full address of an app fragment.
fn address(fragment: &str) -> String {
    format!("{}{fragment}", browser::page_address())
}

/// Every lesson by game and stage, each with a check box.
fn lesson_picker(t: &Texts, course: &Course, picked: &UseStateHandle<BTreeSet<String>>) -> Html {
    let lang = t.lang();
    let toggle = |id: String| {
        let picked = picked.clone();
        Callback::from(move |_| {
            let mut now = (*picked).clone();
            if !now.remove(&id) {
                now.insert(id.clone());
            }
            picked.set(now);
        })
    };
    let games = LEARN_GAMES.iter().map(|&game| {
        let stages = stages_of(course, game).map(|stage| {
            let lessons = stage.lessons.iter().map(|lesson| {
                html! {
                    <li>
                        <label>
                            <input type="checkbox" checked={picked.contains(&lesson.id)}
                                onchange={toggle(lesson.id.clone())} data-lesson={lesson.id.clone()} />
                            { lesson.title.get(lang) }
                        </label>
                    </li>
                }
            });
            html! { <li><h3>{ stage.title.get(lang) }</h3><ul class="pick-list">{ for lessons }</ul></li> }
        });
        html! { <details><summary>{ game_name(t, game) }</summary><ul class="pick-list">{ for stages }</ul></details> }
    });
    html! {
        <fieldset>
            <legend>{ t.learn().choose_items() }</legend>
            { for games }
        </fieldset>
    }
}

/// Copies `text` to the clipboard and says so.
fn copying(t: &'static Texts, text: String, announce: &Callback<String>) -> Callback<MouseEvent> {
    let announce = announce.clone();
    Callback::from(move |_| {
        if browser::copy_to_clipboard(&text) {
            announce.emit(t.learn().code_copied().to_string());
        }
    })
}

/// A set's link for the learners, to copy, and the way to its results.
fn made_set(t: &'static Texts, set: &TeacherSet, announce: &Callback<String>) -> Html {
    let link = address(&format!("#/learn/set?{}", set.query()));
    let results = format!("#/learn/results?{}", set.query());
    let copy = copying(t, link.clone(), announce);
    html! {
        <div class="set-made">
            <label>{ t.learn().set_link() }
                <input type="text" readonly=true value={link} data-testid="set-link" />
            </label>
            <div class="card-actions">
                <button onclick={copy}>{ t.common.copy_link() }</button>
                <a class="button" href={results} data-testid="results-link">{ t.common.learn_results() }</a>
            </div>
        </div>
    }
}

/// The set the teacher's choices make: the lessons in course order, then
/// the puzzles by the numbers typed, in that order.
fn make_set(
    t: &Texts,
    course: &Course,
    puzzles: &Puzzles,
    picked: &BTreeSet<String>,
    title: &str,
    numbers: &str,
) -> Result<TeacherSet, String> {
    let mut items: Vec<Item> = course
        .iter()
        .flat_map(|(_, stage)| &stage.lessons)
        .filter(|l| picked.contains(&l.id))
        .map(|l| Item::Lesson(l.id.clone()))
        .collect();
    for word in numbers.split(|c: char| !c.is_ascii_digit()) {
        let puzzle = word
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| puzzles.get(i));
        if let Some(puzzle) = puzzle {
            let item = Item::Puzzle(puzzle.id.clone());
            if !items.contains(&item) {
                items.push(item);
            }
        }
    }
    if items.is_empty() {
        return Err(t.learn().set_empty().to_string());
    }
    TeacherSet::new(title.trim(), items).map_err(|e| t.learn().set_error(&e))
}

/// Making a set.
#[function_component(TeacherPage)]
pub fn teacher_page() -> Html {
    let app = use_app();
    let t = app.t();
    let course = use_course(None, 0);
    let puzzles = use_puzzles(0);
    let picked = use_state(BTreeSet::<String>::new);
    let (title, numbers) = (use_node_ref(), use_node_ref());
    let made = use_state(|| None::<Result<TeacherSet, String>>);
    let (Loading::Ready(course), Loading::Ready(puzzles)) = (&course, &puzzles) else {
        return html! {
            <section class="learn">
                <h1 tabindex="-1">{ t.common.learn_teacher() }</h1>
                { not_ready(t, &Loading::<()>::Waiting, Callback::noop()) }
            </section>
        };
    };
    let make = {
        let (picked, title, numbers, made) =
            (picked.clone(), title.clone(), numbers.clone(), made.clone());
        let (course, puzzles) = (course.clone(), puzzles.clone());
        Callback::from(move |_: ()| {
            let (title, numbers) = (field_value(&title), field_value(&numbers));
            made.set(Some(make_set(
                t, &course, &puzzles, &picked, &title, &numbers,
            )));
        })
    };
    let result = made.as_ref().map(|made| match made {
        Ok(set) => made_set(t, set, &app.announce),
        Err(e) => html! { <p class="feedback wrong" role="alert">{ e.clone() }</p> },
    });
    html! {
        <section class="learn">
            <p class="crumbs"><a href="#/learn">{ t.common.learn_title() }</a></p>
            <h1 tabindex="-1">{ t.common.learn_teacher() }</h1>
            <p class="intro">{ t.learn().teacher_intro() }</p>
            <SubmitGroup class="set-form" on_submit={make}>
                <label>{ t.learn().set_name() }<input ref={title} type="text" maxlength="80" data-testid="set-name" /></label>
                { lesson_picker(t, course, &picked) }
                <label>{ t.learn().pick_puzzles() }
                    <input ref={numbers} type="text" inputmode="numeric" data-testid="set-puzzles" />
                </label>
                <button type="button" data-submit="" class="primary" data-testid="make-set">{ t.learn().make_link() }</button>
            </SubmitGroup>
            { result.unwrap_or_default() }
        </section>
    }
}

/// The outcome of an item for the learner's result code.
fn outcome(progress: &Progress, item: &Item) -> Outcome {
    match item {
        Item::Lesson(id) => match progress.lesson_try(id) {
            Some(done) if progress.stars(id) > 0 => Outcome::new(true, done.hints, done.wrong),
            _ => Outcome::new(false, 0, 0),
        },
        Item::Puzzle(id) => match progress.puzzles.get(id) {
            Some(record) => Outcome::new(record.solved, 0, u8::from(!record.solved)),
            None => Outcome::new(false, 0, 0),
        },
    }
}

/// The link of an item.
fn item_link(item: &Item) -> String {
    match item {
        Item::Lesson(id) => {
            let game = id.split('-').next().unwrap_or_default();
            format!("#/learn/{game}/{id}")
        }
        Item::Puzzle(id) => format!("#/puzzles/{id}"),
    }
}

/// An item's title in `lang`: a lesson's from the course once it is
/// loaded, otherwise (and for a puzzle) its id.
fn item_title(item: &Item, course: &Loading<Course>, lang: Lang) -> String {
    match (item, course) {
        (Item::Lesson(id), Loading::Ready(course)) => course
            .iter()
            .flat_map(|(_, s)| &s.lessons)
            .find(|l| &l.id == id)
            .map_or_else(|| id.clone(), |l| l.title.get(lang).to_string()),
        _ => item.id().to_string(),
    }
}

/// Props: the set's query.
#[derive(Properties, PartialEq)]
pub struct QueryProps {
    /// What follows `?` in the link.
    pub query: String,
}

/// A set, as its learner sees it.
#[function_component(SetPage)]
pub fn set_page(props: &QueryProps) -> Html {
    let app = use_app();
    let t = app.t();
    let lang = t.lang();
    let course = use_course(None, 0);
    let (progress, _) = use_progress();
    let name = use_node_ref();
    let code = use_state(|| None::<Result<String, String>>);
    let set = match TeacherSet::parse_query(&props.query) {
        Ok(set) => set,
        Err(e) => {
            return html! {
                <section class="learn">
                    <h1 tabindex="-1">{ t.common.learn_set() }</h1>
                    <p class="feedback wrong" role="alert">{ format!("{}. {}", t.learn().set_bad(), t.learn().set_error(&e)) }</p>
                </section>
            }
        }
    };
    let items = set.items().iter().map(|item| {
        let done = outcome(&progress, item);
        let mark = match item {
            Item::Lesson(id) => stars_view(t, progress.stars(id)),
            Item::Puzzle(_) if done.solved() => html! { <span class="stars">{ "✓" }</span> },
            Item::Puzzle(_) => Html::default(),
        };
        html! { <li class="lesson-link"><a href={item_link(item)}>{ item_title(item, &course, lang) }</a>{ mark }</li> }
    });
    let make_code = {
        let (name, code, set, progress) =
            (name.clone(), code.clone(), set.clone(), progress.clone());
        Callback::from(move |_: ()| {
            let outcomes = set.items().iter().map(|i| outcome(&progress, i)).collect();
            let made = SetResult::new(&set, &field_value(&name), outcomes)
                .map(|r| r.code())
                .map_err(|e| t.learn().result_error(&e));
            code.set(Some(made));
        })
    };
    let shown = code.as_ref().map(|made| match made {
        Ok(code) => {
            let copy = copying(t, code.clone(), &app.announce);
            html! {
                <div class="set-made">
                    <label>{ t.learn().result_code() }
                        <input type="text" readonly=true value={code.clone()} data-testid="result-code" />
                    </label>
                    <button onclick={copy}>{ t.common.copy_moves() }</button>
                </div>
            }
        }
        Err(e) => html! { <p class="feedback wrong" role="alert">{ e.clone() }</p> },
    });
    html! {
        <section class="learn">
            <p class="crumbs"><a href="#/learn">{ t.common.learn_title() }</a></p>
            <h1 tabindex="-1">{ if set.title().is_empty() { t.common.learn_set().to_string() } else { set.title().to_string() } }</h1>
            <p class="intro">{ t.learn().set_intro() }</p>
            <ol class="lesson-list set-items">{ for items }</ol>
            <SubmitGroup class="answer-form" on_submit={make_code}>
                <label>{ t.learn().your_name() }<input ref={name} type="text" maxlength="40" data-testid="learner-name" /></label>
                <button type="button" data-submit="" class="primary" data-testid="make-code">{ t.learn().get_code() }</button>
            </SubmitGroup>
            { shown.unwrap_or_default() }
        </section>
    }
}

/// The class table of a set's result codes.
#[function_component(ResultsPage)]
pub fn results_page(props: &QueryProps) -> Html {
    let t = use_texts();
    let course = use_course(None, 0);
    let codes = use_node_ref();
    let table = use_state(|| None::<ClassTable>);
    let set = match TeacherSet::parse_query(&props.query) {
        Ok(set) => set,
        Err(e) => {
            return html! {
                <section class="learn">
                    <h1 tabindex="-1">{ t.common.learn_results() }</h1>
                    <p class="feedback wrong" role="alert">{ format!("{}. {}", t.learn().set_bad(), t.learn().set_error(&e)) }</p>
                </section>
            }
        }
    };
    let show = {
        let (codes, table, set) = (codes.clone(), table.clone(), set.clone());
        Callback::from(move |_: ()| {
            table.set(Some(ClassTable::from_codes(&set, &field_value(&codes))));
        })
    };
    let view = table.as_ref().map(|table| {
        let heads = set.items().iter().enumerate().map(|(i, item)| {
            html! { <th scope="col" title={item_title(item, &course, t.lang())}>{ i + 1 }</th> }
        });
        let rows = table.rows().iter().map(|row| {
            let cells = row.outcomes().iter().map(|o| {
                let mark = if o.solved() { "✓" } else { "·" };
                let detail = format!("{mark} {}/{}", o.hints(), o.attempts());
                html! { <td class={classes!(o.solved().then_some("solved"))}>{ detail }</td> }
            });
            html! {
                <tr>
                    <th scope="row">{ row.name() }</th>
                    { for cells }
                    <td>{ row.solved() }</td>
                    <td>{ row.stars() }</td>
                </tr>
            }
        });
        let totals = table.solved_per_item().iter().map(|n| html! { <td>{ n }</td> });
        let refused = table.refused().iter().map(|r| {
            html! { <li>{ t.learn().refused_line(r.line(), r.text(), t.learn().line_error(r.error())) }</li> }
        });
        html! {
            <>
                <div class="table-scroll">
                    <table class="class-table" data-testid="class-table">
                        <thead><tr><th scope="col">{ t.learn().learner() }</th>{ for heads }<th scope="col">{ t.learn().solved_count() }</th><th scope="col">{ "★" }</th></tr></thead>
                        <tbody>{ for rows }</tbody>
                        <tfoot><tr><th scope="row">{ t.learn().solved_count() }</th>{ for totals }<td /><td /></tr></tfoot>
                    </table>
                </div>
                if !table.refused().is_empty() {
                    <h2>{ t.learn().refused_codes() }</h2>
                    <ul data-testid="refused">{ for refused }</ul>
                }
            </>
        }
    });
    let items = set.items().iter().map(|item| {
        html! { <li><a href={item_link(item)}>{ item_title(item, &course, t.lang()) }</a></li> }
    });
    html! {
        <section class="learn">
            <p class="crumbs"><a href="#/learn">{ t.common.learn_title() }</a></p>
            <h1 tabindex="-1">{ format!("{}{}", t.common.learn_results(), if set.title().is_empty() { String::new() } else { format!(": {}", set.title()) }) }</h1>
            <p class="intro">{ t.learn().results_intro() }</p>
            <ol class="set-items">{ for items }</ol>
            <SubmitGroup class="set-form" on_submit={show}>
                <label>{ t.learn().paste_codes() }<textarea ref={codes} rows="6" data-testid="codes" /></label>
                <button type="button" data-submit="" class="primary" data-testid="show-table">{ t.learn().show_table() }</button>
            </SubmitGroup>
            { view.unwrap_or_default() }
        </section>
    }
}
