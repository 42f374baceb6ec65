//! The club's rating list: Glicko-2 ([`crate::glicko2`], the puzzles'
//! system) over a club's events, the same code for the page, the server
//! and `engine ratings`. The rules are in `docs/tournament.md` ("The
//! club's rating list"); in short:
//!
//! * a rating period is one round of one event, events in the order
//!   given, rounds in their order; a round without a rated game is no
//!   period;
//! * every game counts, scored 1, ½ or 0 by comparing the two scores (an
//!   Othello result by its discs); a bye rates nobody;
//! * a player is their name as the tournament files have it (normalised by
//!   [`text::name`], letter case kept), the same person in every event;
//! * a player who has played and sits a period out (a bye, a missed round,
//!   an event not played) only grows less certain: Glickman's step 6;
//! * a rating is provisional while its deviation is above
//!   [`PROVISIONAL_DEVIATION`].

mod periods;
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::text;
use super::tournament::Tournament;
use crate::glicko2::{Game, Rating, START};
use periods::Played;

/// The deviation above which a rating is provisional (Lichess's rule):
/// the player's strength is not yet known to within ±220 points (two
/// deviations). A newcomer gets below it after about a dozen games
/// against settled players; a player back after a long pause may be
/// provisional again.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The club's rating list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingList {
    /// The events read, in the order given.
    pub events: usize,
    /// The rating periods: the events' rounds with at least one game.
    pub periods: usize,
    /// Every player with a rated game, best first.
    pub players: Vec<PlayerRating>,
}

/// A player's line of the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// The rating after the round.
    pub rating: f64,
    /// Its deviation after the round.
    pub deviation: f64,
}

/// A player while the periods are rated.
struct Standing {
    rating: Rating,
    games: u32,
    history: Vec<RoundRating>,
}

/// A player's games of one period, rated.
struct PlayedRound {
    /// The rating after the period.
    rating: Rating,
    /// The games played.
    games: u32,
    /// The points scored.
    score: f64,
}

/// Which period is being rated, for the histories.
struct PeriodOf<'a> {
    event: usize,
    event_name: &'a Option<String>,
    round: u32,
}

/// The rating list of `events`, rated in the order given: deterministic
/// and pure; whatever the tournaments hold it never panics (a game whose
/// names are not names, or a player against themselves, is not rated).
pub fn rate(events: &[Tournament]) -> RatingList {
    let mut pool: BTreeMap<String, Standing> = BTreeMap::new();
    let mut count = 0;
    for (i, event) in events.iter().enumerate() {
        for (round, games) in periods::rounds(event) {
            let period = PeriodOf {
                event: i + 1,
                event_name: &event.name,
                round,
            };
            rate_period(&mut pool, &games, &period);
            count += 1;
        }
    }
    RatingList {
        events: events.len(),
        periods: count,
        players: ranked(pool),
    }
}

/// Rates one period: everyone's games against the ratings before it; the
/// players of the pool who did not play only grow less certain.
fn rate_period(pool: &mut BTreeMap<String, Standing>, games: &[Played], period: &PeriodOf) {
    // Each player's results: (opponent, score).
    let mut results: BTreeMap<&str, Vec<(&str, f64)>> = BTreeMap::new();
    for game in games {
        results
            .entry(&game.first)
            .or_default()
            .push((&game.second, game.score));
        results
            .entry(&game.second)
            .or_default()
            .push((&game.first, 1.0 - game.score));
    }
    let before = |name: &str| pool.get(name).map_or(START, |s| s.rating);
    let rated: BTreeMap<String, PlayedRound> = results
        .iter_mut()
        .map(|(name, list)| {
            // One order whatever the file's: the same sums, the same numbers.
            list.sort_by(|a, b| a.0.cmp(b.0).then(a.1.total_cmp(&b.1)));
            let played: Vec<Game> = list
                .iter()
                .map(|&(opponent, score)| Game {
                    opponent: before(opponent),
                    score,
                })
                .collect();
            let round = PlayedRound {
                rating: before(name).after(&played),
                games: list.len() as u32,
                score: list.iter().map(|r| r.1).sum(),
            };
            (name.to_string(), round)
        })
        .collect();
    for (name, standing) in pool.iter_mut() {
        if !rated.contains_key(name) {
            standing.rating = standing.rating.after(&[]);
        }
    }
    for (name, round) in rated {
        let standing = pool.entry(name).or_insert(Standing {
            rating: START,
            games: 0,
            history: Vec::new(),
        });
        standing.rating = round.rating;
        standing.games += round.games;
        standing.history.push(RoundRating {
            event: period.event,
            event_name: period.event_name.clone(),
            round: period.round,
            games: round.games,
            score: round.score,
            rating: round.rating.rating,
            deviation: round.rating.deviation,
        });
    }
}

/// The pool as the list: best first (equal ratings by name), equal
/// ratings sharing a rank.
fn ranked(pool: BTreeMap<String, Standing>) -> Vec<PlayerRating> {
    let mut players: Vec<PlayerRating> = pool
        .into_iter()
        .map(|(name, s)| PlayerRating {
            rank: 0,
            name,
            rating: s.rating.rating,
            deviation: s.rating.deviation,
            volatility: s.rating.volatility,
            games: s.games,
            provisional: s.rating.deviation > PROVISIONAL_DEVIATION,
            history: s.history,
        })
        .collect();
    players.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.name.cmp(&b.name)));
    for i in 0..players.len() {
        players[i].rank = match i {
            0 => 1,
            _ if players[i].rating == players[i - 1].rating => players[i - 1].rank,
            _ => i + 1,
        };
    }
    players
}

/// A name of a game as the list knows the player, or `None` when it is
/// not a name (never in a checked file).
fn player(raw: &str) -> Option<String> {
    text::name(raw).ok()
}
