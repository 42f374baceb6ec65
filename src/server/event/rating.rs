//! A club's rating list over its events (`club::ratings`): each event's
//! rounds as the list rates them, in the order they were played. The
//! clubs serve it; a club's event seeds its round 1 by it.

use std::sync::Arc;

use mind_sports_core::club::ratings::periods;
use mind_sports_core::club::ratings::{rate_rounds, Period, Played, RatedRound, RatingList};

use super::service::EventEntry;
use super::state::State;

/// The rounds of club event number `event` (from 1) as the list rates
/// them, each with when it was played (wall time): the games its file
/// brought when it was created, a round published here when it was
/// published; forfeits and byes rate nobody.
pub fn rated_rounds(event: usize, state: &State) -> Vec<(u64, RatedRound)> {
    let created = state.created_ms();
    let mut rounds: Vec<(u64, RatedRound)> = periods::rounds(event, state.base())
        .into_iter()
        .map(|mut round| {
            round.period = Period::of_ms(created);
            (created, round)
        })
        .collect();
    for round in state.rounds() {
        let games = round
            .boards
            .iter()
            .filter(|b| b.how.is_none_or(|how| how.played()))
            .filter_map(|b| {
                Some(Played {
                    first: b.pairing.black.clone(),
                    second: b.pairing.white.clone(),
                    score: periods::outcome(b.score?)?,
                })
            })
            .collect();
        let rated = RatedRound {
            event,
            event_name: state.base().name.clone(),
            round: round.round,
            period: Period::of_ms(round.published_ms),
            games,
        };
        rounds.push((round.published_ms, rated));
    }
    rounds
}

/// The list of events' rounds `rounds` (of [`rated_rounds`]), rated in
/// the order they were played (on the same millisecond, the older event
/// and the earlier round first).
pub fn rate_in_time_order(events: usize, mut rounds: Vec<(u64, RatedRound)>) -> RatingList {
    rounds.sort_by_key(|(at, r)| (*at, r.event, r.round));
    rate_rounds(events, rounds.into_iter().map(|(_, r)| r).collect())
}

/// The list over `members`' rounds, in the order they were played.
pub async fn rate_members(members: &[(String, i64, Arc<EventEntry>)]) -> RatingList {
    let mut rounds = Vec::new();
    for (i, (_, _, entry)) in members.iter().enumerate() {
        let loaded = entry.event.lock().await;
        rounds.extend(rated_rounds(i + 1, &loaded.state));
    }
    rate_in_time_order(members.len(), rounds)
}
