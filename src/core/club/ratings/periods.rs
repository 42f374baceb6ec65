//! The rating periods: which rounds are rated together (see the parent
//! module for the rules), and the games of a tournament file's rounds.

use std::collections::BTreeMap;

use super::player;
use crate::club::tournament::Tournament;

/// A rated game: the two players and the first one's score (1, ½ or 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The first player (Black in Othello), as the event writes the name.
    pub first: String,
    /// The second player.
    pub second: String,
    /// The first player's score.
    pub score: f64,
}

/// The rating period a round belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Period {
    /// A calendar month (of UTC for the server's events): every round
    /// played in it is rated at once.
    Month {
        /// The year.
        year: i32,
        /// The month, 1 to 12.
        month: u32,
    },
    /// An event without a date (a file that gives none), a period of its
    /// own: its place in the sequence given (from 1).
    Event(usize),
}

impl Period {
    /// The month of an instant (milliseconds since 1970, UTC).
    pub fn of_ms(ms: u64) -> Period {
        // Howard Hinnant's civil-from-days.
        let days = (ms / 86_400_000) as i64 + 719_468;
        let era = days.div_euclid(146_097);
        let doe = days - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Period::Month { year, month }
    }

    /// The months from this period to `next` that nobody played (idle
    /// periods for everyone); none between events without a date.
    pub fn months_between(self, next: Period) -> u32 {
        match (self, next) {
            (Period::Month { year, month }, Period::Month { year: y, month: m }) => {
                let index = |year: i32, month: u32| i64::from(year) * 12 + i64::from(month);
                (index(y, m) - index(year, month) - 1).clamp(0, 1200) as u32
            }
            _ => 0,
        }
    }
}

/// One round of one event as the list rates it: the games that rate
/// (forfeits and byes left out by whoever reads the event).
#[derive(Clone, Debug, PartialEq)]
pub struct RatedRound {
    /// The event's place in the sequence given (from 1).
    pub event: usize,
    /// The event's name, if it has one.
    pub event_name: Option<String>,
    /// The round.
    pub round: u32,
    /// Its rating period.
    pub period: Period,
    /// Its rated games.
    pub games: Vec<Played>,
}

/// The first player's score of a game scored `[first, second]`: 1, ½ or
/// 0 as the first number is larger, equal or smaller (an Othello result
/// by its discs); `None` for numbers that do not compare (not a result).
pub fn outcome([first, second]: [f64; 2]) -> Option<f64> {
    match first.partial_cmp(&second)? {
        std::cmp::Ordering::Greater => Some(1.0),
        std::cmp::Ordering::Equal => Some(0.5),
        std::cmp::Ordering::Less => Some(0.0),
    }
}

/// The rounds of event `event` (its place, from 1) of a file, in order:
/// every game (byes rate nobody), in the month of the file's date or, a
/// file without one, a period of its own.
pub fn rounds(event: usize, file: &Tournament) -> Vec<RatedRound> {
    let period = file.date.map_or(Period::Event(event), |d| Period::Month {
        year: i32::from(d.year),
        month: u32::from(d.month),
    });
    let mut rounds: BTreeMap<u32, Vec<Played>> = BTreeMap::new();
    for game in file.played_games() {
        if let Some(score) = outcome(game.score) {
            rounds.entry(game.round).or_default().push(Played {
                first: game.black.to_string(),
                second: game.white.to_string(),
                score,
            });
        }
    }
    rounds
        .into_iter()
        .map(|(round, games)| RatedRound {
            event,
            event_name: file.name.clone(),
            round,
            period,
            games,
        })
        .collect()
}

/// A game as the list rates it: both names as the list keys players
/// (and as shown), or `None` when a name is not one or both are the same
/// player.
pub(super) fn keyed(game: &Played) -> Option<([(String, String); 2], f64)> {
    let first = player(&game.first)?;
    let second = player(&game.second)?;
    (first.0 != second.0).then_some(([first, second], game.score))
}
