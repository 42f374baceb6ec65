//! A tournament as the page exports it: the game and board, the planned
//! rounds, the players (with withdrawals) and every game or bye.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

/// A player.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The name, unique in the tournament.
    pub name: String,
    /// A rating, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    /// The club, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    /// The last round the player played before withdrawing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn_after: Option<u32>,
}

/// One entry of a round: a game, or a bye.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(untagged)]
pub enum Entry {
    /// A game: Black (or the first player) against White, and the score
    /// (discs for Othello; 1, ½ or 0 for the other games), Black's first.
    Game {
        /// The round.
        round: u32,
        /// The first player (Black in Othello).
        black: String,
        /// The second player.
        white: String,
        /// The result, the first player's first.
        score: [f64; 2],
    },
    /// A bye: a point without a game.
    Bye {
        /// The round.
        round: u32,
        /// The player.
        bye: String,
    },
}

/// How the rounds are paired.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// Swiss: players of equal points meet, nobody twice (the default).
    #[default]
    Swiss,
    /// Everyone meets everyone once, by the Berger tables.
    RoundRobin,
    /// Everyone meets everyone twice, the second time colours swapped.
    DoubleRoundRobin,
}

/// A tournament file.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Tournament {
    /// `othello`, `opok` or `nim`.
    pub game: String,
    /// `swiss` (when absent), `round-robin` or `double-round-robin`.
    #[serde(default)]
    pub format: Format,
    /// The board's side (Othello: 4, 6, 8 or 10); not used by other games.
    #[serde(default = "default_size")]
    pub size: u32,
    /// The planned number of rounds.
    pub rounds: u32,
    /// The players.
    pub players: Vec<Player>,
    /// Every game and bye so far.
    pub games: Vec<Entry>,
}

fn default_size() -> u32 {
    8
}

impl Tournament {
    /// The file the page exports (and `parse` reads back).
    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// True for Othello (disc scores and the Brightwell quotient).
    pub fn is_othello(&self) -> bool {
        self.game == "othello"
    }

    /// The squares of the board (Q in the Brightwell quotient).
    pub fn squares(&self) -> u32 {
        self.size * self.size
    }

    /// The games of round `round`, numbered by board from 1 (the top
    /// board), in the order they were entered: the numbers the page, the
    /// result slips and [`correct`](Self::correct) use.
    pub fn boards(&self, round: u32) -> impl Iterator<Item = Board<'_>> {
        self.games
            .iter()
            .filter_map(move |entry| match entry {
                Entry::Game {
                    round: r,
                    black,
                    white,
                    score,
                } if *r == round => Some((black.as_str(), white.as_str(), *score)),
                _ => None,
            })
            .enumerate()
            .map(|(i, (black, white, score))| Board {
                number: i + 1,
                black,
                white,
                score,
            })
    }

    /// Corrects a result already entered: the game of round `round` on
    /// board `board` (the top board is 1) gets `score`, checked as a new
    /// result is (an Othello score is two whole disc counts, together at
    /// most the board's squares). Only that score changes: the standings, which are
    /// computed from the games, follow it, and the pairings of later
    /// rounds stay as they were. On an error nothing changes.
    pub fn correct(
        &mut self,
        round: u32,
        board: usize,
        score: [f64; 2],
    ) -> Result<(), CorrectError> {
        check_score(self, score).map_err(|e| CorrectError::Score(e.to_string()))?;
        let slot = self
            .games
            .iter_mut()
            .filter_map(|entry| match entry {
                Entry::Game {
                    round: r, score, ..
                } if *r == round => Some(score),
                _ => None,
            })
            .nth(board.wrapping_sub(1))
            .ok_or(CorrectError::NoSuchGame { round, board })?;
        *slot = score;
        Ok(())
    }
}

/// A game of a round as [`Tournament::boards`] lists it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Board<'a> {
    /// The board's number, 1 for the top board.
    pub number: usize,
    /// The first player (Black in Othello).
    pub black: &'a str,
    /// The second player.
    pub white: &'a str,
    /// The result, the first player's first.
    pub score: [f64; 2],
}

/// Why a correction is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum CorrectError {
    /// The round has no game on that board.
    NoSuchGame {
        /// The round asked for.
        round: u32,
        /// The board asked for.
        board: usize,
    },
    /// The score is not one of the game's results (the reason).
    Score(String),
}

impl std::fmt::Display for CorrectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoSuchGame { round, board } => {
                write!(f, "round {round} has no game on board {board}")
            }
            Self::Score(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CorrectError {}

/// Why a tournament file is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentError {
    /// Not JSON of this format (serde's message).
    Format(String),
    /// A game other than othello, opok and nim, or an Othello board size
    /// that does not exist.
    Game(String),
    /// No rounds planned, or more than 100.
    Rounds(u32),
    /// Two players with one name.
    DuplicateName(String),
    /// An entry names a player who is not in the list.
    UnknownPlayer(String),
    /// A player meets themselves, or plays twice in a round.
    Pairing(String),
    /// A score that is not one of the game's results.
    Score(String),
}

impl std::fmt::Display for TournamentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Format(e) => write!(f, "not a tournament file: {e}"),
            Self::Game(e) => write!(f, "{e}"),
            Self::Rounds(n) => write!(f, "{n} rounds: a tournament has 1 to 100"),
            Self::DuplicateName(n) => write!(f, "two players are called {n:?}"),
            Self::UnknownPlayer(n) => write!(f, "{n:?} is not a player of this tournament"),
            Self::Pairing(e) => write!(f, "{e}"),
            Self::Score(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TournamentError {}

/// Reads and checks a tournament file.
pub fn parse(text: &str) -> Result<Tournament, TournamentError> {
    let t: Tournament =
        serde_json::from_str(text).map_err(|e| TournamentError::Format(e.to_string()))?;
    check(t)
}

/// Checks a tournament read from elsewhere (a CSV file, the setup form)
/// exactly as [`parse`] checks a file: the same rules, the same refusals.
pub fn check(t: Tournament) -> Result<Tournament, TournamentError> {
    check_located(&t).map_err(|(_, e)| e)?;
    Ok(t)
}

/// What part of a tournament a refusal is about (for the CSV reader's line
/// numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    /// The game, the board, the rounds.
    Head,
    /// The player with this index.
    Player(usize),
    /// The game or bye with this index.
    Entry(usize),
}

/// [`check`], saying where the first thing wrong is.
pub(super) fn check_located(t: &Tournament) -> Result<(), (Part, TournamentError)> {
    match t.game.as_str() {
        "othello" if [4, 6, 8, 10].contains(&t.size) => {}
        "othello" => {
            return Err((
                Part::Head,
                TournamentError::Game(format!("no Othello board of side {}", t.size)),
            ))
        }
        "opok" | "nim" => {}
        other => {
            return Err((
                Part::Head,
                TournamentError::Game(format!("unknown game {other:?}")),
            ))
        }
    }
    if !(1..=100).contains(&t.rounds) {
        return Err((Part::Head, TournamentError::Rounds(t.rounds)));
    }
    let mut names = HashSet::new();
    for (i, p) in t.players.iter().enumerate() {
        if !names.insert(p.name.as_str()) {
            return Err((
                Part::Player(i),
                TournamentError::DuplicateName(p.name.clone()),
            ));
        }
    }
    let mut seated = HashSet::new();
    for (i, entry) in t.games.iter().enumerate() {
        let at = |e: TournamentError| (Part::Entry(i), e);
        let (round, players): (u32, Vec<&String>) = match entry {
            Entry::Game {
                round,
                black,
                white,
                score,
            } => {
                if black == white {
                    return Err(at(TournamentError::Pairing(format!(
                        "{black:?} cannot play themselves"
                    ))));
                }
                check_score(t, *score).map_err(at)?;
                (*round, vec![black, white])
            }
            Entry::Bye { round, bye } => (*round, vec![bye]),
        };
        if !(1..=t.rounds).contains(&round) {
            return Err(at(TournamentError::Rounds(round)));
        }
        for name in players {
            if !names.contains(name.as_str()) {
                return Err(at(TournamentError::UnknownPlayer(name.clone())));
            }
            if !seated.insert((round, name.clone())) {
                return Err(at(TournamentError::Pairing(format!(
                    "{name:?} is paired twice in round {round}"
                ))));
            }
        }
    }
    Ok(())
}

fn check_score(t: &Tournament, [a, b]: [f64; 2]) -> Result<(), TournamentError> {
    let bad = || TournamentError::Score(format!("{a}–{b} is not a result of {}", t.game));
    if t.is_othello() {
        let whole = |x: f64| x >= 0.0 && x.fract() == 0.0;
        if !(whole(a) && whole(b) && a + b <= f64::from(t.squares())) {
            return Err(bad());
        }
    } else if ![[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]].contains(&[a, b]) {
        return Err(bad());
    }
    Ok(())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn tournament(names: &[String], withdrawn: Option<u32>) -> Tournament {
        let mut players: Vec<Player> = names
            .iter()
            .map(|name| Player {
                name: name.clone(),
                rating: None,
                club: None,
                withdrawn_after: None,
            })
            .collect();
        if let Some(p) = players.first_mut() {
            p.withdrawn_after = withdrawn;
            p.rating = Some(1500.0);
            p.club = Some("Praha".into());
        }
        let games = match names {
            [a, b, c, ..] => vec![
                Entry::Game {
                    round: 1,
                    black: a.clone(),
                    white: b.clone(),
                    score: [33.0, 31.0],
                },
                Entry::Bye {
                    round: 1,
                    bye: c.clone(),
                },
            ],
            _ => Vec::new(),
        };
        Tournament {
            game: "othello".into(),
            format: Format::RoundRobin,
            size: 8,
            rounds: 3,
            players,
            games,
        }
    }

    #[test]
    fn the_exported_file_reads_back() {
        let names: Vec<String> = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
        let t = tournament(&names, Some(2));
        let text = t.to_text();
        assert!(text.contains("\"withdrawn_after\": 2"), "{text}");
        assert!(!text.contains("null"), "absent fields are left out: {text}");
        assert_eq!(parse(&text), Ok(t));
    }

    proptest! {
        #[test]
        fn any_names_read_back(names in proptest::collection::btree_set("\\PC{1,12}", 3..8), withdrawn in proptest::option::of(1u32..3)) {
            let names: Vec<String> = names.into_iter().collect();
            let t = tournament(&names, withdrawn);
            prop_assert_eq!(parse(&t.to_text()), Ok(t));
        }
    }
}
