//! Pairings: the next round of a tournament file ([`next_round`]), by the
//! Berger tables for round robins and by [`swiss`](super::swiss) pairing
//! otherwise.
//!
//! Round robins by Berger tables: with n players (a bye added when n is
//! odd), n − 1 rounds in which everyone meets everyone once, colours
//! alternating so that nobody has two more games with one colour than with
//! the other. A double round robin plays the table twice, colours swapped.

use super::swiss;
use super::tournament::{Format, Tournament};

/// The most players a round robin takes.
pub const MAX_ROUND_ROBIN_PLAYERS: usize = 16;

/// The next round of a tournament, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairings {
    /// The round these pairings are for (1 for the first).
    pub round: u32,
    /// The games, the top board first.
    pub pairs: Vec<Pair>,
    /// Who has the bye (a point without a game), if anyone.
    pub bye: Option<String>,
}

impl Pairings {
    /// Everyone the round seats: both players of every game and the bye,
    /// sorted by name.
    pub fn seated(&self) -> Vec<&str> {
        let mut seated: Vec<&str> = self
            .pairs
            .iter()
            .flat_map(|g| [g.black.as_str(), g.white.as_str()])
            .chain(self.bye.as_deref())
            .collect();
        crate::engine::stable_sort::sort_by(&mut seated, |a, b| a.cmp(b));
        seated
    }
}

/// One game of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pair {
    /// The first player (Black in Othello).
    pub black: String,
    /// The second player.
    pub white: String,
}

/// Why the next round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairError {
    /// Every planned round has games already.
    Finished {
        /// The planned rounds.
        rounds: u32,
    },
    /// Fewer than two players can play in the round.
    TooFewPlayers {
        /// The round.
        round: u32,
        /// The players who can play.
        players: usize,
    },
    /// More players than the format pairs.
    TooManyPlayers {
        /// The players (for a Swiss, those still playing).
        players: usize,
        /// The most the format takes.
        limit: usize,
    },
    /// A round robin whose planned rounds are not those of its table.
    RoundRobinRounds {
        /// The players.
        players: usize,
        /// The rounds of the table.
        table: usize,
        /// The rounds the file plans.
        planned: u32,
    },
}

impl std::error::Error for PairError {}

/// The round after the last one with any game or bye (1 for a new
/// tournament).
pub fn next_round_number(t: &Tournament) -> u32 {
    t.rounds_played() + 1
}

/// Whether a player still plays in `round` (withdrawn players play no
/// round after the one they withdrew after).
pub fn plays_in(player: &super::tournament::Player, round: u32) -> bool {
    player.withdrawn_after.is_none_or(|last| round <= last)
}

/// The pairings of the next round (see [`next_round_number`]): round
/// robins from the Berger tables (players numbered in the file's order),
/// Swiss by [`swiss::pair`].
pub fn next_round(t: &Tournament) -> Result<Pairings, PairError> {
    let round = next_round_number(t);
    if round > t.rounds {
        return Err(PairError::Finished { rounds: t.rounds });
    }
    match t.format {
        Format::Swiss => swiss::pair(t, round),
        Format::RoundRobin => round_robin_round(t, round, false),
        Format::DoubleRoundRobin => round_robin_round(t, round, true),
    }
}

/// Round `round` of the round robin of the file's players. Games with a
/// player who has withdrawn are not played (the opponent sits the round
/// out), nor is the bye of one.
fn round_robin_round(t: &Tournament, round: u32, double: bool) -> Result<Pairings, PairError> {
    let players = t.players.len();
    if players > MAX_ROUND_ROBIN_PLAYERS {
        return Err(PairError::TooManyPlayers {
            players,
            limit: MAX_ROUND_ROBIN_PLAYERS,
        });
    }
    let table = round_robin(players, double);
    if table.is_empty() {
        return Err(PairError::TooFewPlayers { round, players });
    }
    if table.len() != t.rounds as usize {
        return Err(PairError::RoundRobinRounds {
            players,
            table: table.len(),
            planned: t.rounds,
        });
    }
    let this = &table[round as usize - 1];
    let playing = |i: usize| plays_in(&t.players[i], round);
    let name = |i: usize| t.players[i].name.clone();
    Ok(Pairings {
        round,
        pairs: this
            .pairs
            .iter()
            .filter(|&&(a, b)| playing(a) && playing(b))
            .map(|&(a, b)| Pair {
                black: name(a),
                white: name(b),
            })
            .collect(),
        bye: this.bye.filter(|&p| playing(p)).map(name),
    })
}

/// One round: pairs (first player, second player) by index into the
/// players, and the player with the bye, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The games: the first named plays first (Black in Othello).
    pub pairs: Vec<(usize, usize)>,
    /// Who sits out (odd numbers of players).
    pub bye: Option<usize>,
}

/// The rounds of a round robin of `players` (single, or double).
pub fn round_robin(players: usize, double: bool) -> Vec<Round> {
    if players < 2 {
        return Vec::new();
    }
    // An odd field gets a phantom player: meeting it is the bye.
    let n = players + players % 2;
    let phantom = (players % 2 == 1).then_some(n - 1);
    let fixed = n - 1;
    let mut rounds = Vec::new();
    for r in 0..n - 1 {
        let mut pairs = Vec::new();
        let mut bye = None;
        // The fixed player meets the round's pivot, colours alternating by
        // round; the others pair across the circle.
        let mut games = vec![if r % 2 == 0 { (r, fixed) } else { (fixed, r) }];
        for i in 1..n / 2 {
            let a = (r + i) % (n - 1);
            let b = (r + n - 1 - i) % (n - 1);
            games.push(if i % 2 == 1 { (b, a) } else { (a, b) });
        }
        for (a, b) in games {
            match phantom {
                Some(p) if a == p => bye = Some(b),
                Some(p) if b == p => bye = Some(a),
                _ => pairs.push((a, b)),
            }
        }
        rounds.push(Round { pairs, bye });
    }
    if double {
        let second: Vec<Round> = rounds
            .iter()
            .map(|round| Round {
                pairs: round.pairs.iter().map(|&(a, b)| (b, a)).collect(),
                bye: round.bye,
            })
            .collect();
        rounds.extend(second);
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn check(players: usize, double: bool) {
        let rounds = round_robin(players, double);
        let n = players + players % 2;
        assert_eq!(
            rounds.len(),
            (n - 1) * if double { 2 } else { 1 },
            "{players}"
        );
        let mut met: HashMap<(usize, usize), usize> = HashMap::new();
        let mut colour: Vec<i32> = vec![0; players];
        let mut byes = vec![0; players];
        for round in &rounds {
            let mut seen = vec![false; players];
            for &(a, b) in &round.pairs {
                assert!(a < players && b < players && a != b);
                assert!(!seen[a] && !seen[b], "once a round");
                seen[a] = true;
                seen[b] = true;
                *met.entry((a.min(b), a.max(b))).or_default() += 1;
                colour[a] += 1;
                colour[b] -= 1;
            }
            if let Some(p) = round.bye {
                assert!(!seen[p]);
                seen[p] = true;
                byes[p] += 1;
            }
            assert!(seen.iter().all(|&s| s), "everyone plays or has the bye");
        }
        let times = if double { 2 } else { 1 };
        for a in 0..players {
            for b in a + 1..players {
                assert_eq!(met.get(&(a, b)).copied(), Some(times), "{players}: {a}–{b}");
            }
            assert!(
                colour[a].abs() <= 1,
                "{players}: colours of {a}: {}",
                colour[a]
            );
            assert_eq!(byes[a], if players % 2 == 1 { times } else { 0 });
        }
    }

    fn round_robin_file(format: &str, rounds: u32, games: &str, withdrawn: &str) -> Tournament {
        super::super::tournament::parse(&format!(
            r#"{{"game": "opok", "format": "{format}", "rounds": {rounds},
            "players": [{{"name": "A"}}, {{"name": "B"}}, {{"name": "C"}},
                        {{"name": "D"}}, {{"name": "E"}}{withdrawn}],
            "games": [{games}]}}"#
        ))
        .unwrap()
    }

    fn named(t: &Tournament, round: &Round) -> (Vec<(String, String)>, Option<String>) {
        let name = |i: usize| t.players[i].name.clone();
        (
            round
                .pairs
                .iter()
                .map(|&(a, b)| (name(a), name(b)))
                .collect(),
            round.bye.map(name),
        )
    }

    fn names(p: &Pairings) -> (Vec<(String, String)>, Option<String>) {
        (
            p.pairs
                .iter()
                .map(|g| (g.black.clone(), g.white.clone()))
                .collect(),
            p.bye.clone(),
        )
    }

    #[test]
    fn a_round_robin_file_follows_the_berger_table() {
        let t = round_robin_file("round-robin", 5, "", "");
        let table = round_robin(5, false);
        let first = next_round(&t).unwrap();
        assert_eq!(first.round, 1);
        assert_eq!(names(&first), named(&t, &table[0]));
        // After round 1's games, round 2.
        let games: Vec<String> = first
            .pairs
            .iter()
            .map(|g| {
                format!(
                    r#"{{"round": 1, "black": "{}", "white": "{}", "score": [1, 0]}}"#,
                    g.black, g.white
                )
            })
            .chain(
                first
                    .bye
                    .iter()
                    .map(|b| format!(r#"{{"round": 1, "bye": "{b}"}}"#)),
            )
            .collect();
        let t = round_robin_file("round-robin", 5, &games.join(","), "");
        let second = next_round(&t).unwrap();
        assert_eq!(second.round, 2);
        assert_eq!(names(&second), named(&t, &table[1]));
        // A double round robin of six has ten rounds, the second half with
        // colours swapped.
        let t = round_robin_file("double-round-robin", 10, "", r#", {"name": "F"}"#);
        assert_eq!(next_round(&t).unwrap().pairs.len(), 3);
    }

    #[test]
    fn a_withdrawn_player_leaves_the_table_gaps() {
        // E withdrew before round 1: its game is not played, nor its bye.
        let t = super::super::tournament::parse(
            r#"{"game": "nim", "format": "round-robin", "rounds": 5,
            "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}, {"name": "D"},
                        {"name": "E", "withdrawn_after": 0}], "games": []}"#,
        )
        .unwrap();
        let p = next_round(&t).unwrap();
        let table = &round_robin(5, false)[0];
        let with_e = table.pairs.iter().any(|&(a, b)| a == 4 || b == 4);
        assert_eq!(p.pairs.len(), table.pairs.len() - usize::from(with_e));
        assert!(p.pairs.iter().all(|g| g.black != "E" && g.white != "E"));
        assert_ne!(p.bye.as_deref(), Some("E"));
    }

    #[test]
    fn finished_and_mismatched_round_robins_are_refused() {
        let t = round_robin_file("round-robin", 1, r#"{"round": 1, "bye": "A"}"#, "");
        assert_eq!(next_round(&t), Err(PairError::Finished { rounds: 1 }));
        let t = round_robin_file("round-robin", 7, "", "");
        assert_eq!(
            next_round(&t),
            Err(PairError::RoundRobinRounds {
                players: 5,
                table: 5,
                planned: 7
            })
        );
        let many: Vec<String> = (0..17).map(|i| format!(r#"{{"name": "P{i}"}}"#)).collect();
        let t = super::super::tournament::parse(&format!(
            r#"{{"game": "nim", "format": "round-robin", "rounds": 17, "players": [{}], "games": []}}"#,
            many.join(",")
        ))
        .unwrap();
        assert!(matches!(
            next_round(&t),
            Err(PairError::TooManyPlayers {
                players: 17,
                limit: 16
            })
        ));
        // An unknown format is not a tournament file.
        assert!(super::super::tournament::parse(
            r#"{"game": "nim", "format": "knockout", "rounds": 1, "players": [], "games": []}"#
        )
        .is_err());
    }

    #[test]
    fn everyone_meets_everyone_once_with_balanced_colours() {
        for players in 2..=16 {
            check(players, false);
            check(players, true);
        }
        assert!(round_robin(1, false).is_empty());
    }
}
