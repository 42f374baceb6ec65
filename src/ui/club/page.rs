//! `#/club`: a tournament kept in the browser — players, round robin or
//! Swiss rounds (the same pairing and standings code as `engine pair` and
//! `engine standings`), results and corrections of results entered,
//! standings with the Brightwell quotient for Othello, export and import as
//! JSON or CSV, standings as CSV, printing (the page, or the round's result
//! slips), and an undo for the last entry. The page is composed of parts
//! with one job each: the heading, the players, the standings, the round
//! to enter, the slips, the results, the buttons; `state` holds what they
//! share and keeps the tournament, `storage` reads it back.

use yew::prelude::*;

use crate::club::pairing::next_round;

use super::super::browser;
use super::super::context::use_app;
use crate::i18n::Texts;

use super::actions::actions;
use super::heading::heading;
use super::on_server::ClubOnServer;
use super::players::players;
use super::results::results;
use super::round::RoundEntry;
use super::run_online::RunOnline;
use super::setup::Setup;
use super::slips::slips;
use super::standings_table::StandingsTable;
use super::state::{use_club, Club};
use super::storage::{unreadable_notice, unsaved_notice};

/// The club page.
#[function_component(ClubPage)]
pub fn club_page() -> Html {
    let t = use_app().t();
    let club = use_club();
    let body = match club.tournament() {
        None => html! {
            <>
                <h1 tabindex="-1">{ t.club().title() }</h1>
                <Setup on_start={{
                    let club = club.clone();
                    Callback::from(move |started| club.replace(Some(started)))
                }} />
            </>
        },
        Some(_) => running(t, &club),
    };
    let with_slips = *club.slips && club.pending.is_some();
    html! {
        <section class={classes!("club", with_slips.then_some("with-slips"))}>
            { unreadable_notice(t, &club) }
            { body }
            { unsaved_notice(t, &club) }
            { actions(t, &club) }
            if !club.message.is_empty() { <p class="feedback wrong no-print" role="alert" data-testid="club-message">{ (*club.message).clone() }</p> }
            <p class="feedback right no-print" role="status" data-testid="club-notice" hidden={club.notice.is_empty()}>{ (*club.notice).clone() }</p>
            <ClubOnServer />
        </section>
    }
}

/// A tournament under way: its heading, the players and the standings,
/// the round to play (and its slips), the results so far.
fn running(t: &'static Texts, club: &Club) -> Html {
    let Some(current) = club.tournament() else {
        return Html::default();
    };
    let done = current.rounds_played();
    let pair = {
        let (current, club) = (current.clone(), club.clone());
        Callback::from(move |_| match next_round(&current) {
            Ok(p) => {
                club.pending.set(Some(p));
                club.slips.set(false);
                club.message.set(String::new());
            }
            Err(e) => club.message.set(t.club_errors().pair(&e)),
        })
    };
    let finished = done >= current.rounds && club.pending.is_none();
    let on_slips = {
        let (slips, print) = (club.slips.clone(), club.print.clone());
        Callback::from(move |()| {
            slips.set(true);
            print.set(*print + 1);
        })
    };
    let close_slips = {
        let slips = club.slips.clone();
        Callback::from(move |()| {
            slips.set(false);
            browser::focus("[data-testid=club-print-slips]");
        })
    };
    let round = (*club.pending).clone().map(|pairings| {
        html! {
            <>
                <RoundEntry club={club.clone()} tournament={current.clone()} pairings={pairings.clone()} on_slips={on_slips.clone()} />
                if *club.slips {
                    { slips(t, &current, &pairings, &on_slips, &close_slips) }
                }
            </>
        }
    });
    html! {
        <>
            { heading(t, &current) }
            <div class="club-columns">
                { players(t, club, &current) }
                <StandingsTable tournament={current.clone()} />
            </div>
            { round.unwrap_or_default() }
            if club.pending.is_none() && !finished {
                <button class="primary no-print" onclick={pair} data-testid="club-pair">{ t.club().pair_round(done + 1) }</button>
            }
            if finished {
                <p data-testid="club-finished">{ t.club().finished() }</p>
            }
            { results(t, club, &current) }
            if !finished {
                <RunOnline tournament={current.clone()} />
            }
        </>
    }
}
