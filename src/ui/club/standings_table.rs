//! The standings: rank, name (with rating and club), points, then for
//! Othello the Brightwell quotient (BQ) and the discs, for the other games
//! Buchholz and Sonneborn–Berger. For Othello the constant c and the rule
//! are said above the table, each BQ is shown as its sum (a column on wide
//! screens and in print), and a press on a BQ opens a row with its games:
//! what each counts, and which are set aside (a bye, an opponent who
//! withdrew) and why — so that a player whose BQ dropped after someone
//! withdrew can check it by hand.

use std::collections::HashSet;

use yew::prelude::*;

use crate::club::standings::{
    brightwell_constant, brightwell_games, standings, BrightwellSum, Standing,
};
use crate::club::tournament::Tournament;
use crate::i18n::club::number;
use crate::i18n::Texts;

use super::super::context::use_app;
use super::players::player_details;
use super::state::Shared;

/// A quotient as its sum: `93 + 21 × 4`, and `+ 1 × 48` for the games set
/// aside.
pub fn sum_text(sum: &BrightwellSum) -> String {
    let mut text = format!(
        "{} + {} × {}",
        number(sum.discs),
        sum.c,
        number(sum.opponents_points)
    );
    if sum.set_aside > 0 {
        text += &format!(" + {} × {}", sum.set_aside, number(sum.set_aside_worth()));
    }
    text
}

#[derive(Properties, PartialEq)]
pub struct StandingsProps {
    pub tournament: Shared,
}

/// The standings table (and, for Othello, what the quotient is).
#[function_component(StandingsTable)]
pub fn standings_table(props: &StandingsProps) -> Html {
    let t = use_app().t();
    let current = props.tournament.clone();
    let rows = use_memo(current.clone(), |current| standings(current));
    let open = use_state(HashSet::<usize>::new);
    let othello = current.is_othello();
    let toggle = {
        let open = open.clone();
        Callback::from(move |player: usize| {
            let mut next = (*open).clone();
            if !next.remove(&player) {
                next.insert(player);
            }
            open.set(next);
        })
    };
    let heads = if othello {
        html! { <><th scope="col">{ t.club().brightwell() }</th><th scope="col">{ t.club().discs() }</th><th scope="col" class="bq-sum">{ t.club().brightwell_sum() }</th></> }
    } else {
        html! { <><th scope="col">{ "Buchholz" }</th><th scope="col">{ "Sonneborn–Berger" }</th></> }
    };
    let lines = rows.iter().map(|r| {
        let expanded = open.contains(&r.player);
        let details = player_details(&current.players[r.player]);
        html! {
            <>
                <tr>
                    <td>{ r.rank }</td>
                    <th scope="row" class="player-name">
                        { r.name.clone() }
                        if !details.is_empty() { <span class="player-details">{ details }</span> }
                        if let Some(round) = current.players[r.player].withdrawn_after {
                            <span class="player-details" data-testid="standings-withdrawn">{
                                if round == 0 { t.club().withdrawn_start().to_string() } else { t.club().withdrawn_after(round) }
                            }</span>
                        }
                    </th>
                    <td>{ number(r.points) }</td>
                    { tie_breaks(t, r, expanded, &toggle) }
                </tr>
                if expanded {
                    <tr class="bq-details" id={format!("bq-{}", r.player)}>
                        <td colspan="6">{ brightwell_details(t, &current, r.player) }</td>
                    </tr>
                }
            </>
        }
    });
    html! {
        <section>
            <h2>{ t.club().standings() }</h2>
            if othello {
                <p class="hints club-bq-rule" data-testid="club-bq-rule">{ caption(t, &current) }</p>
            }
            // Scrolls sideways on a phone: a named region the keyboard reaches.
            <div class="table-scroll" tabindex="0" role="region" aria-label={t.club().standings()}>
                <table class="class-table club-standings" data-testid="club-standings">
                    <thead><tr><th scope="col">{ "#" }</th><th scope="col">{ t.club().name() }</th><th scope="col">{ t.club().points() }</th>{ heads }</tr></thead>
                    <tbody>{ for lines }</tbody>
                </table>
            </div>
        </section>
    }
}

/// What the quotient is, with this tournament's constant.
fn caption(t: &'static Texts, current: &Tournament) -> String {
    let squares = current.squares();
    t.club().brightwell_caption(
        brightwell_constant(squares, current.rounds),
        number(f64::from(squares) / 2.0),
        squares,
        u64::from(current.rounds),
    )
}

/// A line's tie-breaks: the quotient (a button that opens its games), the
/// discs and the sum; or Buchholz and Sonneborn–Berger.
fn tie_breaks(t: &'static Texts, r: &Standing, expanded: bool, toggle: &Callback<usize>) -> Html {
    let (Some(sum), Some(discs)) = (r.brightwell_sum, r.discs) else {
        return html! { <><td>{ number(r.buchholz) }</td><td>{ number(r.sonneborn_berger) }</td></> };
    };
    let player = r.player;
    html! {
        <>
            <td>
                <button class="bq-toggle" onclick={toggle.reform(move |_| player)} aria-expanded={expanded.to_string()}
                    aria-controls={format!("bq-{player}")} aria-label={t.club().brightwell_show(&r.name)}
                    data-testid={format!("club-bq-{player}")}>{ number(sum.total()) }</button>
            </td>
            <td>{ number(discs) }</td>
            <td class="bq-sum">{ sum_text(&sum) }</td>
        </>
    }
}

/// The games of player `index` as the quotient counts them, and their sum.
fn brightwell_details(t: &'static Texts, current: &Tournament, index: usize) -> Html {
    let Some(player) = current.players.get(index) else {
        return Html::default();
    };
    let line = standings(current).into_iter().find(|s| s.player == index);
    let Some(sum) = line.and_then(|l| l.brightwell_sum) else {
        return Html::default();
    };
    let worth = format!(
        "{} + {} × {} = {}",
        number(sum.half_board),
        sum.c,
        number(sum.own_points),
        number(sum.set_aside_worth())
    );
    let games = brightwell_games(current, &player.name).into_iter().map(|g| {
        let discs = g.discs.map(number).unwrap_or_else(|| "—".into());
        let (points, counts) = match (&g.opponent, g.set_aside) {
            (Some(_), false) => (
                number(g.opponent_points),
                format!(
                    "{discs} + {} × {} = {}",
                    sum.c,
                    number(g.opponent_points),
                    number(g.discs.unwrap_or(0.0) + f64::from(sum.c) * g.opponent_points)
                ),
            ),
            (Some(_), true) => ("—".into(), format!("{worth} ({})", t.club().set_aside_withdrew())),
            (None, _) => ("—".into(), format!("{worth} ({})", t.club().set_aside_bye())),
        };
        let opponent = g.opponent.clone().unwrap_or_else(|| t.club().bye().to_string());
        html! { <tr><td>{ g.round }</td><td>{ opponent }</td><td>{ discs }</td><td>{ points }</td><td>{ counts }</td></tr> }
    });
    html! {
        <div class="bq-games" data-testid="club-bq-details">
            <p><strong>{ t.club().brightwell_heading(&player.name) }</strong></p>
            <table class="class-table">
                <thead><tr>
                    <th scope="col">{ t.club().round_heading() }</th>
                    <th scope="col">{ t.club().opponent() }</th>
                    <th scope="col">{ t.club().discs() }</th>
                    <th scope="col">{ t.club().opponents_points() }</th>
                    <th scope="col">{ t.club().counts() }</th>
                </tr></thead>
                <tbody>{ for games }</tbody>
                <tfoot><tr>
                    <th scope="row" colspan="2">{ "BQ" }</th>
                    <td>{ number(sum.discs) }</td>
                    <td>{ number(sum.opponents_points) }</td>
                    <td data-testid="club-bq-total">{ format!("{} = {}", sum_text(&sum), number(sum.total())) }</td>
                </tr></tfoot>
            </table>
        </div>
    }
}
