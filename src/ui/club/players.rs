//! The players of a tournament under way: each with their rating and
//! club, a "Withdraw" button (asked first: who, from when, and what it
//! does to the standings) and, in a Swiss, a field for late entries. Each
//! row's button carries the player's number only; the one callback reads
//! the tournament when it is pressed, so that a list of a thousand players
//! costs a thousand small rows, not a thousand copies of the tournament.

use yew::prelude::*;

use crate::club::setup::{late_entry, withdraw};
use crate::club::tournament::{Format, Player, Tournament};
use crate::i18n::club::number;
use crate::i18n::Texts;

use super::super::browser;
use super::state::Club;

/// A player's rating and club, as shown beside the name.
pub fn player_details(player: &Player) -> String {
    player
        .rating
        .map(number)
        .into_iter()
        .chain(player.club.clone().filter(|c| !c.is_empty()))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The list of players, withdrawals and late entries.
pub fn players(t: &'static Texts, club: &Club, current: &Tournament) -> Html {
    let late_error = &club.late_error;
    let on_withdraw = {
        let club = club.clone();
        Callback::from(move |index: usize| {
            let Some(current) = club.tournament() else {
                return;
            };
            let Some(player) = current.players.get(index) else {
                return;
            };
            let done = current.rounds_played();
            let mut question = if done == 0 {
                t.club().withdraw_confirm_start(&player.name)
            } else {
                t.club().withdraw_confirm(&player.name, done)
            };
            if current.is_othello() {
                question = format!("{question} {}", t.club().withdraw_confirm_othello());
            }
            if browser::window().confirm_with_message(&question) != Ok(true) {
                return;
            }
            if let Some(next) = withdraw(&current, index) {
                let name = player.name.clone();
                club.replace(Some(next));
                club.notice.set(t.club().withdrawn(name));
            }
        })
    };
    let on_late = {
        let (club, late_error) = (club.clone(), late_error.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.key() != "Enter" {
                return;
            }
            let Some(current) = club.tournament() else {
                return;
            };
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            match late_entry(&current, &input.value()) {
                Ok(next) => {
                    let name = next
                        .players
                        .last()
                        .map(|p| p.name.clone())
                        .unwrap_or_default();
                    input.set_value("");
                    late_error.set(String::new());
                    club.replace(Some(next));
                    club.notice.set(t.club().late_added(name));
                }
                Err(problem) => late_error.set(t.club_errors().line_problem(&problem)),
            }
        })
    };
    let rows = current.players.iter().enumerate().map(|(i, p)| {
        let details = player_details(p);
        html! {
            <li key={i}>
                <span class="player-name">{ p.name.clone() }</span>
                if !details.is_empty() {
                    <span class="player-details">{ format!(" · {details}") }</span>
                }
                if let Some(after) = p.withdrawn_after {
                    <span class="player-withdrawn">{ format!(" ({})", t.club().withdrawn_after(after)) }</span>
                } else {
                    <button class="small no-print" onclick={on_withdraw.reform(move |_| i)} aria-label={t.club().withdraw_label(&p.name)}>{ t.club().withdraw() }</button>
                }
            </li>
        }
    });
    html! {
        <section>
            <h2>{ t.club().players() }</h2>
            <ul class="club-players" data-testid="club-players">{ for rows }</ul>
            if current.format == Format::Swiss {
                <label class="no-print">{ t.club().late_entry() }
                    <input type="text" onkeydown={on_late} aria-invalid={(!late_error.is_empty()).then_some("true")} data-testid="club-late" />
                </label>
                if !late_error.is_empty() {
                    <p class="feedback wrong no-print" role="alert" data-testid="club-late-error">{ (**late_error).clone() }</p>
                }
            }
        </section>
    }
}
