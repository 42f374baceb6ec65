//! The club's rating list: Glicko-2 ([`crate::glicko2`], the puzzles'
//! system) over a club's events, the same code for the page, the server
//! and `engine ratings`. The rules are in `docs/tournament.md` ("The
//! club's rating list"); in short:
//!
//! * a rating period is a calendar month: every round played in it is
//!   rated at once, against the ratings at the month's start. Glickman
//!   asks for periods of about 10–15 games a player; a club evening is one
//!   event of 4–7 rounds, so one event (or worse, one round) is too short
//!   a period, while the evenings of a month give a regular about that
//!   many. A player in two events at once is rated on both in the same
//!   period, never "idle" in one while playing the other. A tournament
//!   file without a date is a period of its own (it cannot be placed in a
//!   month); a period without a rated game is none;
//! * the rounds are rated in the order they were played: the server
//!   orders its events' rounds by the time they were published, files
//!   come in the order given;
//! * a game counts when it was played: scored 1, ½ or 0 by comparing the
//!   two scores (an Othello result by its discs); a bye and a forfeit (a
//!   game not played, which the server's events know) rate nobody;
//! * a player is their name's key ([`text::key`]: Unicode NFKC, case
//!   folding, blanks collapsed), the same person in every event, shown as
//!   the name was last written;
//! * a player who has played and sits a period out (a month without a
//!   game, by them or by anyone) only grows less certain: Glickman's
//!   step 6;
//! * a rating is provisional while its deviation is above
//!   [`PROVISIONAL_DEVIATION`].

pub mod periods;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

use std::collections::BTreeMap;

use crate::json::Decode;
use serde::{Deserialize, Serialize};

use super::text;
use super::tournament::Tournament;
use crate::glicko2::{Game, Rating, START};
pub use periods::{Period, Played, RatedRound};

/// The deviation above which a rating is provisional (Lichess's rule):
/// the player's strength is not yet known to within ±220 points (two
/// deviations). A newcomer gets below it after about a dozen games
/// against settled players; a player back after a long pause may be
/// provisional again.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The club's rating list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingList {
    /// The events read.
    pub events: usize,
    /// The rating periods: the months (or undated events) with at least
    /// one rated game.
    pub periods: usize,
    /// Every player with a rated game, best first.
    pub players: Vec<PlayerRating>,
}

/// A player's line of the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct PlayerRating {
    /// The place (from 1); players of equal rating share it.
    pub rank: usize,
    /// The name, as the files have it.
    pub name: String,
    /// The rating (Glicko scale; everyone starts at 1500).
    pub rating: f64,
    /// Its deviation (350 for someone unknown).
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// The rated games played.
    pub games: u32,
    /// The deviation is above [`PROVISIONAL_DEVIATION`].
    pub provisional: bool,
    /// The rounds the player played, oldest first.
    pub history: Vec<RoundRating>,
}

/// A round a player played, and the rating after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Decode)]
pub struct RoundRating {
    /// The event's place in the sequence given (from 1).
    pub event: usize,
    /// The event's name, if its file has one.
    pub event_name: Option<String>,
    /// The round.
    pub round: u32,
    /// The player's games in that round (one, unless the file has more).
    pub games: u32,
    /// The points they scored (1 a win, ½ a draw).
    pub score: f64,
    /// The rating after the round's period.
    pub rating: f64,
    /// Its deviation after the period.
    pub deviation: f64,
}

/// A player while the periods are rated.
struct Standing {
    /// The name as last written.
    name: String,
    rating: Rating,
    games: u32,
    history: Vec<RoundRating>,
}

/// The rating list of tournament files `events`, rated in the order given
/// (each in the month of its date, or a period of its own): deterministic
/// and pure; whatever the tournaments hold it never panics (a game whose
/// names are not names, or a player against themselves, is not rated).
pub fn rate(events: &[Tournament]) -> RatingList {
    let rounds = events
        .iter()
        .enumerate()
        .flat_map(|(i, event)| periods::rounds(i + 1, event))
        .collect();
    rate_rounds(events.len(), rounds)
}

/// The rating list of `events` events' rounds `rounds`, given in the order
/// they were played: consecutive rounds of one period are rated together,
/// and the months between periods nobody played make everyone less
/// certain.
pub fn rate_rounds(events: usize, rounds: Vec<RatedRound>) -> RatingList {
    let mut pool: BTreeMap<String, Standing> = BTreeMap::new();
    let mut count = 0;
    let mut last: Option<Period> = None;
    let mut rest = rounds.as_slice();
    while let Some(first) = rest.first() {
        let size = rest.iter().take_while(|r| r.period == first.period).count();
        let (group, next) = rest.split_at(size);
        rest = next;
        if group
            .iter()
            .all(|r| r.games.iter().all(|g| periods::keyed(g).is_none()))
        {
            continue;
        }
        let idle = last.map_or(0, |last| last.months_between(first.period));
        for standing in pool.values_mut() {
            for _ in 0..idle {
                standing.rating = standing.rating.after(&[]);
            }
        }
        rate_period(&mut pool, group);
        last = Some(first.period);
        count += 1;
    }
    RatingList {
        events,
        periods: count,
        players: ranked(pool),
    }
}

/// Rates one period, its rounds `group`: everyone's games against the
/// ratings before it; the players of the pool who did not play only grow
/// less certain.
fn rate_period(pool: &mut BTreeMap<String, Standing>, group: &[RatedRound]) {
    // Each player's results: (opponent, score), keyed.
    let mut results: BTreeMap<String, Vec<(String, f64)>> = BTreeMap::new();
    // Each round's players: (games, points).
    let mut per_round: Vec<BTreeMap<String, (u32, f64)>> = Vec::new();
    // Each player's name as last written: of the latest round, the
    // least spelling of it (whatever the order of the round's games).
    let mut names: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for (at, round) in group.iter().enumerate() {
        let mut played: BTreeMap<String, (u32, f64)> = BTreeMap::new();
        for ([(a, a_name), (b, b_name)], score) in round.games.iter().filter_map(periods::keyed) {
            for (me, other, points) in [(&a, &b, score), (&b, &a, 1.0 - score)] {
                results
                    .entry(me.clone())
                    .or_default()
                    .push((other.clone(), points));
                let line = played.entry(me.clone()).or_default();
                *line = (line.0 + 1, line.1 + points);
            }
            for (key, name) in [(a, a_name), (b, b_name)] {
                let line = names.entry(key).or_insert((at, name.clone()));
                if at > line.0 || (at == line.0 && name < line.1) {
                    *line = (at, name);
                }
            }
        }
        per_round.push(played);
    }
    let before = |key: &str| pool.get(key).map_or(START, |s| s.rating);
    let rated: BTreeMap<String, Rating> = results
        .iter_mut()
        .map(|(key, list)| {
            // One order whatever the file's: the same sums, the same numbers.
            crate::engine::stable_sort::sort_by(list, |a, b| {
                a.0.cmp(&b.0).then(a.1.total_cmp(&b.1))
            });
            let played: Vec<Game> = list
                .iter()
                .map(|(opponent, score)| Game {
                    opponent: before(opponent),
                    score: *score,
                })
                .collect();
            (key.clone(), before(key).after(&played))
        })
        .collect();
    for (key, standing) in pool.iter_mut() {
        if !rated.contains_key(key) {
            standing.rating = standing.rating.after(&[]);
        }
    }
    for (key, rating) in &rated {
        let standing = pool.entry(key.clone()).or_insert(Standing {
            name: String::new(),
            rating: START,
            games: 0,
            history: Vec::new(),
        });
        standing.rating = *rating;
        standing.name = names.get(key).map_or_else(|| key.clone(), |n| n.1.clone());
    }
    for (round, played) in group.iter().zip(per_round) {
        for (key, (games, score)) in played {
            let Some(standing) = pool.get_mut(&key) else {
                continue;
            };
            standing.games += games;
            standing.history.push(RoundRating {
                event: round.event,
                event_name: round.event_name.clone(),
                round: round.round,
                games,
                score,
                rating: standing.rating.rating,
                deviation: standing.rating.deviation,
            });
        }
    }
}

/// The pool as the list: best first (equal ratings by name), equal
/// ratings sharing a rank.
fn ranked(pool: BTreeMap<String, Standing>) -> Vec<PlayerRating> {
    let mut players: Vec<PlayerRating> = pool
        .into_values()
        .map(|s| PlayerRating {
            rank: 0,
            name: s.name,
            rating: s.rating.rating,
            deviation: s.rating.deviation,
            volatility: s.rating.volatility,
            games: s.games,
            provisional: s.rating.deviation > PROVISIONAL_DEVIATION,
            history: s.history,
        })
        .collect();
    crate::engine::stable_sort::sort_by(&mut players, |a, b| {
        b.rating.total_cmp(&a.rating).then(a.name.cmp(&b.name))
    });
    for i in 0..players.len() {
        players[i].rank = match i {
            0 => 1,
            _ if players[i].rating == players[i - 1].rating => players[i - 1].rank,
            _ => i + 1,
        };
    }
    players
}

/// A name of a game as the list knows the player (its key, and the name
/// to show), or `None` when it is not a name (never in a checked file).
fn player(raw: &str) -> Option<(String, String)> {
    let name = text::name(raw).ok()?;
    Some((text::key(&name), name))
}
