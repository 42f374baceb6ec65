//! The rating periods of one event: its rounds, each with the games that
//! rate (see the parent module for the rules).

use std::collections::BTreeMap;

use super::player;
use crate::club::tournament::Tournament;

/// A rated game: the two players and the first one's score (1, ½ or 0).
pub(super) struct Played {
    /// The first player (Black in Othello).
    pub first: String,
    /// The second player.
    pub second: String,
    /// The first player's score.
    pub score: f64,
}

/// The first player's score of a game scored `[first, second]`: 1, ½ or
/// 0 as the first number is larger, equal or smaller (an Othello result
/// by its discs); `None` for numbers that do not compare (not a result).
pub(super) fn outcome([first, second]: [f64; 2]) -> Option<f64> {
    match first.partial_cmp(&second)? {
        std::cmp::Ordering::Greater => Some(1.0),
        std::cmp::Ordering::Equal => Some(0.5),
        std::cmp::Ordering::Less => Some(0.0),
    }
}

/// The event's rounds with at least one rated game, in order: every game
/// (byes rate nobody), named as the list names players.
pub(super) fn rounds(event: &Tournament) -> BTreeMap<u32, Vec<Played>> {
    let mut rounds: BTreeMap<u32, Vec<Played>> = BTreeMap::new();
    for game in event.played_games() {
        let (Some(first), Some(second), Some(score)) =
            (player(game.black), player(game.white), outcome(game.score))
        else {
            continue;
        };
        if first != second {
            rounds.entry(game.round).or_default().push(Played {
                first,
                second,
                score,
            });
        }
    }
    rounds
}
