//! The club's rating list (the club page's and the ratings frame's): rank,
//! name, rating ± deviation, games; provisional ratings marked and the
//! mark explained below; sorted by a press on a column's header (a button:
//! the keyboard sorts too; the header says its order by `aria-sort`); a
//! press on a name opens the player's history under their line.

use std::rc::Rc;

use yew::prelude::*;

use crate::club::ratings::{PlayerRating, RatingList};
use crate::i18n::Texts;
use crate::links::club::{rating_text, Column, Sort};

use super::super::super::browser;
use super::super::super::context::{use_app, use_texts};
use super::history::History;

/// Props: the list.
#[derive(Properties, PartialEq)]
pub struct RatingTableProps {
    pub list: Rc<RatingList>,
}

/// The rating list, sortable, with a player's history on demand.
#[function_component(RatingTable)]
pub fn rating_table(props: &RatingTableProps) -> Html {
    let t = use_texts();
    let c = t.clubs();
    let announce = use_app().announce;
    let sort = use_state(Sort::default);
    let open = use_state(|| None::<String>);
    let press = {
        let sort = sort.clone();
        Callback::from(move |column: Column| {
            sort.set(sort.pressed(column));
            announce.emit(c.sorted_by(column_name(t, column)));
        })
    };
    let toggle = {
        let open = open.clone();
        Callback::from(move |name: String| {
            let same = open.as_deref() == Some(name.as_str());
            open.set((!same).then_some(name));
        })
    };
    let close = {
        let open = open.clone();
        Callback::from(move |name: String| {
            open.set(None);
            browser::focus(&format!("[data-player=\"{}\"]", css_quoted(&name)));
        })
    };
    if props.list.players.is_empty() {
        return html! { <p data-testid="ratings-empty">{ c.no_ratings() }</p> };
    }
    let head = |column: Column, testid: &'static str| {
        let press = press.clone();
        html! {
            <th scope="col" aria-sort={sort.aria(column)}>
                <button type="button" class="sort-button" data-testid={testid}
                    onclick={Callback::from(move |_| press.emit(column))}>
                    { column_name(t, column) }
                    <span class="sort-mark" aria-hidden="true">{ mark(sort.aria(column)) }</span>
                </button>
            </th>
        }
    };
    let rows = sort.apply(&props.list.players).into_iter().map(|player| {
        let expanded = open.as_deref() == Some(player.name.as_str());
        row(t, player, expanded, &toggle, &close)
    });
    let provisional = props.list.players.iter().any(|p| p.provisional);
    html! {
        <div class="club-ratings">
            <p class="hints no-print">{ c.sort_hint() }</p>
            <div class="table-scroll">
                <table class="class-table club-ratings-table" data-testid="ratings-table">
                    <thead><tr>
                        { head(Column::Rank, "ratings-sort-rank") }
                        { head(Column::Name, "ratings-sort-name") }
                        { head(Column::Rating, "ratings-sort-rating") }
                        { head(Column::Games, "ratings-sort-games") }
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            if provisional {
                <p class="hints club-provisional-note" data-testid="ratings-provisional-note">{ c.provisional_note() }</p>
            }
            <p class="hints" data-testid="ratings-period-note">{ c.period_note() }</p>
        </div>
    }
}

/// A player's line, and their history under it when open.
fn row(
    t: &'static Texts,
    player: &PlayerRating,
    expanded: bool,
    toggle: &Callback<String>,
    close: &Callback<String>,
) -> Html {
    let c = t.clubs();
    let name = player.name.clone();
    let id = format!("ratings-history-{}", player.rank) + &safe_id(&player.name);
    let onclick = {
        let (toggle, name) = (toggle.clone(), name.clone());
        Callback::from(move |_| toggle.emit(name.clone()))
    };
    let rating = rating_text(player.rating, player.deviation);
    html! {
        <>
            <tr data-testid="ratings-row" data-provisional={player.provisional.to_string()}>
                <td data-testid="ratings-rank">{ player.rank }</td>
                <th scope="row" class="player-name">
                    <button type="button" class="link-button" aria-expanded={expanded.to_string()}
                        aria-controls={id.clone()} data-player={name.clone()}
                        data-testid="ratings-name" {onclick}>{ name.clone() }</button>
                </th>
                <td class="club-rating" data-testid="ratings-rating" data-rating={rating.clone()}>
                    if player.provisional {
                        <span aria-hidden="true">
                            { rating.clone() }
                            <span class="club-provisional" title={c.provisional_note()} data-testid="ratings-provisional">{ format!(" {}", c.provisional_mark()) }</span>
                        </span>
                        <span class="visually-hidden">{ c.provisional_of(rating.as_str()) }</span>
                    } else {
                        { rating.clone() }
                    }
                </td>
                <td data-testid="ratings-games">{ player.games }</td>
            </tr>
            if expanded {
                <tr class="club-history-row">
                    <td colspan="4" {id}>
                        <History player={player.clone()} on_close={close.reform(move |()| name.clone())} />
                    </td>
                </tr>
            }
        </>
    }
}

/// A column's name.
fn column_name(t: &Texts, column: Column) -> &'static str {
    let c = t.clubs();
    match column {
        Column::Rank => c.rank(),
        Column::Name => c.name(),
        Column::Rating => c.rating(),
        Column::Games => c.games(),
    }
}

/// The arrow of a header's order.
fn mark(aria: &str) -> &'static str {
    match aria {
        "ascending" => " ▲",
        "descending" => " ▼",
        _ => "",
    }
}

/// A name as a part of an element id (letters and digits only).
fn safe_id(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect()
}

/// A name inside a CSS attribute selector's double quotes.
fn css_quoted(name: &str) -> String {
    name.replace('\\', "\\\\").replace('"', "\\\"")
}
