//! A tournament as the page exports it: its name, place and date, the
//! game and board, the planned rounds, the players (with withdrawals) and
//! every game or bye; read from JSON ([`parse`]) and checked ([`check`]:
//! the same rules for every way in — a JSON or CSV file, the setup form).

use std::collections::HashSet;

use crate::json::Decode;
use serde::{Deserialize, Serialize};

use super::date::Date;
use super::text::{self, NameError};

/// The most players a tournament has: more than any club event needs, and
/// what the page shows at once without delay (every player is a line of
/// the standings and of the list of players).
pub const MAX_PLAYERS: usize = 1000;

/// The most rounds a tournament plans.
pub const MAX_ROUNDS: u32 = 100;

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

impl Player {
    /// A player of this name with nothing else known.
    pub fn named(name: impl Into<String>) -> Player {
        Player {
            name: name.into(),
            rating: None,
            club: None,
            withdrawn_after: None,
        }
    }
}

/// One entry of a round: a game, or a bye.
#[derive(Clone, Debug, Serialize, PartialEq)]
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

impl Entry {
    /// The game, borrowed; `None` for a bye.
    pub fn game(&self) -> Option<GameRef<'_>> {
        match self {
            Entry::Game {
                round,
                black,
                white,
                score,
            } => Some(GameRef {
                round: *round,
                black,
                white,
                score: *score,
            }),
            Entry::Bye { .. } => None,
        }
    }

    /// The round of the game or bye.
    pub fn round(&self) -> u32 {
        match self {
            Entry::Game { round, .. } | Entry::Bye { round, .. } => *round,
        }
    }
}

/// How the rounds are paired.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Decode)]
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
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Tournament {
    /// The tournament's name ("Spring Open 2027"), if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Where it is played, if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// When it is played (its first day), if given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<Date>,
    /// `othello`, `opok` or `nim`.
    pub game: String,
    /// `swiss` (when absent), `round-robin` or `double-round-robin`.
    pub format: Format,
    /// The board's side (Othello: 4, 6 or 8, and 10 in files; see
    /// `docs/tournament.md`); not used by other games.
    pub size: u32,
    /// The planned number of rounds.
    pub rounds: u32,
    /// The players.
    pub players: Vec<Player>,
    /// Every game and bye so far.
    pub games: Vec<Entry>,
}

/// A tournament file as JSON holds it, before it is checked: the date as
/// text, and each entry with every field it might have, so that a game
/// that also names a bye is refused rather than read as one of the two.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    place: Option<String>,
    #[serde(default)]
    date: Option<String>,
    game: String,
    #[serde(default)]
    format: Format,
    #[serde(default = "default_size")]
    size: u32,
    rounds: u32,
    players: Vec<Player>,
    games: Vec<FileEntry>,
}

/// An entry as JSON holds it (see [`File`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileEntry {
    round: u32,
    #[serde(default)]
    black: Option<String>,
    #[serde(default)]
    white: Option<String>,
    #[serde(default)]
    score: Option<[f64; 2]>,
    #[serde(default)]
    bye: Option<String>,
}

impl FileEntry {
    fn entry(self) -> Result<Entry, TournamentError> {
        let round = self.round;
        match (self.black, self.white, self.score, self.bye) {
            (None, None, None, Some(bye)) => Ok(Entry::Bye { round, bye }),
            (Some(black), Some(white), Some(score), None) => Ok(Entry::Game {
                round,
                black,
                white,
                score,
            }),
            (_, _, _, Some(_)) => Err(TournamentError::GameAndBye { round }),
            (black, white, _, None) => Err(TournamentError::IncompleteGame {
                round,
                missing: if black.is_none() {
                    "black"
                } else if white.is_none() {
                    "white"
                } else {
                    "score"
                },
            }),
        }
    }
}

fn default_size() -> u32 {
    8
}

impl Tournament {
    /// A tournament of `game` with no name, players or games yet.
    pub fn new(game: &str, format: Format, size: u32, rounds: u32) -> Tournament {
        Tournament {
            name: None,
            place: None,
            date: None,
            game: game.to_string(),
            format,
            size,
            rounds,
            players: Vec::new(),
            games: Vec::new(),
        }
    }

    /// The file the page exports (and `parse` reads back), laid out for
    /// people.
    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The same file without the layout (what the page keeps in the
    /// browser, where space is short).
    pub fn to_compact_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// True for Othello (disc scores and the Brightwell quotient).
    pub fn is_othello(&self) -> bool {
        self.game == "othello"
    }

    /// The squares of the board (Q in the Brightwell quotient).
    pub fn squares(&self) -> u32 {
        self.size * self.size
    }

    /// The last round with any game or bye (0 before the first).
    pub fn rounds_played(&self) -> u32 {
        self.games.iter().map(Entry::round).max().unwrap_or(0)
    }

    /// The games of round `round` in the order they were entered, which
    /// is board order: the `n`th is board `n` (the top board is 1) for the
    /// page, the result slips and [`correct`](Self::correct).
    pub fn boards(&self, round: u32) -> impl Iterator<Item = GameRef<'_>> {
        self.played_games().filter(move |game| game.round == round)
    }

    /// Every game of the file, byes left out, in the order entered.
    pub fn played_games(&self) -> impl Iterator<Item = GameRef<'_>> {
        self.games.iter().filter_map(Entry::game)
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
        check_score(self, score).map_err(CorrectError::Score)?;
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
        *slot = score.map(|x| x + 0.0);
        Ok(())
    }
}

/// A game of the file, borrowed ([`Entry::game`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameRef<'a> {
    /// The round.
    pub round: u32,
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
    /// The score is not one of the game's results
    /// ([`TournamentError::Score`]).
    Score(TournamentError),
}

impl std::error::Error for CorrectError {}

/// Why a JSON text is not a tournament file, and where (serde's reading,
/// in terms a person can act on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// The line (from 1).
    pub line: usize,
    /// The column (from 1).
    pub column: usize,
    /// What is wrong there.
    pub problem: JsonProblem,
}

/// What is wrong with a JSON text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonProblem {
    /// Not JSON at all (a missing comma, a stray character…).
    Syntax,
    /// The text ends in the middle.
    Eof,
    /// A field tournament files do not have (its name).
    UnknownField(String),
    /// A field they must have (its name).
    MissingField(String),
    /// A value that is not one of those allowed (a format other than the
    /// three).
    UnknownValue(String),
    /// A value of the wrong kind (text for a number, a number out of range).
    WrongValue,
}

impl JsonError {
    fn of(e: &serde_json::Error) -> JsonError {
        use serde_json::error::Category;
        // serde's message, without its " at line L column C".
        let message = e.to_string();
        let quoted = |prefix: &str| {
            message
                .strip_prefix(prefix)
                .and_then(|rest| rest.split('`').next())
                .map(str::to_string)
        };
        let problem = match e.classify() {
            Category::Eof => JsonProblem::Eof,
            Category::Syntax | Category::Io => JsonProblem::Syntax,
            Category::Data => quoted("unknown field `")
                .map(JsonProblem::UnknownField)
                .or_else(|| quoted("missing field `").map(JsonProblem::MissingField))
                .or_else(|| quoted("unknown variant `").map(JsonProblem::UnknownValue))
                .unwrap_or(JsonProblem::WrongValue),
        };
        JsonError {
            line: e.line(),
            column: e.column(),
            problem,
        }
    }
}

/// What a name or label names, for a refusal (see [`TournamentError::Text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Labelled {
    /// The name of the player of this number (from 1).
    Player(usize),
    /// The club of the player of this number (from 1).
    Club(usize),
    /// The tournament's name.
    Tournament,
    /// The tournament's place.
    Place,
}

/// Why a tournament file is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentError {
    /// Not JSON of this format.
    Json(JsonError),
    /// A game other than othello, opok and nim.
    UnknownGame(String),
    /// An Othello board size that does not exist.
    BoardSize(u32),
    /// No rounds planned, or more than [`MAX_ROUNDS`].
    Rounds(u32),
    /// An entry of a round after the planned ones (or of round 0).
    EntryRound {
        /// The entry's round.
        round: u32,
        /// The planned rounds.
        rounds: u32,
    },
    /// More players than [`MAX_PLAYERS`].
    TooManyPlayers {
        /// The players of the file.
        players: usize,
        /// The limit.
        limit: usize,
    },
    /// A name or label that is not one.
    Text {
        /// What it names.
        what: Labelled,
        /// Why it is refused.
        error: NameError,
    },
    /// A date that is not `YYYY-MM-DD` (its text).
    Date(String),
    /// Two players with one name.
    DuplicateName(String),
    /// An entry names a player who is not in the list.
    UnknownPlayer(String),
    /// A player meets themselves.
    PlaysThemselves(String),
    /// A player plays twice in a round.
    PairedTwice {
        /// The player.
        name: String,
        /// The round.
        round: u32,
    },
    /// A score that is not one of the game's results.
    Score {
        /// The score.
        score: [f64; 2],
        /// Whether the game is Othello (disc counts).
        othello: bool,
        /// The board's squares (Othello).
        squares: u32,
    },
    /// An entry that names both a game and a bye.
    GameAndBye {
        /// Its round.
        round: u32,
    },
    /// A game without one of its fields.
    IncompleteGame {
        /// Its round.
        round: u32,
        /// The missing field (`black`, `white`, `score`).
        missing: &'static str,
    },
}

impl std::error::Error for TournamentError {}

/// Reads and checks a tournament file (JSON; a byte order mark before it
/// is read past).
pub fn parse(text: &str) -> Result<Tournament, TournamentError> {
    let text = text.trim_start_matches('\u{feff}');
    let file: File =
        serde_json::from_str(text).map_err(|e| TournamentError::Json(JsonError::of(&e)))?;
    check_player_count(file.players.len())?;
    let date = match file.date.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(date) => Some(Date::parse(date).map_err(|e| TournamentError::Date(e.0))?),
    };
    let games = file
        .games
        .into_iter()
        .map(FileEntry::entry)
        .collect::<Result<_, _>>()?;
    check(Tournament {
        name: file.name,
        place: file.place,
        date,
        game: file.game,
        format: file.format,
        size: file.size,
        rounds: file.rounds,
        players: file.players,
        games,
    })
}

/// Refuses more than [`MAX_PLAYERS`] players (before any work that grows
/// with them).
pub(super) fn check_player_count(players: usize) -> Result<(), TournamentError> {
    if players > MAX_PLAYERS {
        return Err(TournamentError::TooManyPlayers {
            players,
            limit: MAX_PLAYERS,
        });
    }
    Ok(())
}

/// Checks a tournament read from elsewhere (a CSV file, the setup form)
/// exactly as [`parse`] checks a file: the same rules, the same refusals;
/// names and labels come back normalised ([`text::name`]).
pub fn check(mut t: Tournament) -> Result<Tournament, TournamentError> {
    check_located(&mut t).map_err(|(_, e)| e)?;
    Ok(t)
}

/// What part of a tournament a refusal is about (for the CSV reader's line
/// numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    /// The name, place and date, the game, the board, the rounds.
    Head,
    /// The player with this index.
    Player(usize),
    /// The game or bye with this index.
    Entry(usize),
}

/// A label normalised, or `None` when nothing is left of it.
fn optional_label(value: &mut Option<String>, what: Labelled) -> Result<(), TournamentError> {
    if let Some(raw) = value.take() {
        let clean = text::label(&raw).map_err(|error| TournamentError::Text { what, error })?;
        *value = (!clean.is_empty()).then_some(clean);
    }
    Ok(())
}

/// The game, the board and the rounds.
fn check_head(t: &mut Tournament) -> Result<(), TournamentError> {
    optional_label(&mut t.name, Labelled::Tournament)?;
    optional_label(&mut t.place, Labelled::Place)?;
    match t.game.as_str() {
        "othello" if [4, 6, 8, 10].contains(&t.size) => {}
        "othello" => return Err(TournamentError::BoardSize(t.size)),
        "opok" | "nim" => {}
        other => return Err(TournamentError::UnknownGame(other.to_string())),
    }
    if !(1..=MAX_ROUNDS).contains(&t.rounds) {
        return Err(TournamentError::Rounds(t.rounds));
    }
    check_player_count(t.players.len())
}

/// The players: names and clubs normalised, names unique.
fn check_players(t: &mut Tournament) -> Result<HashSet<String>, (Part, TournamentError)> {
    let mut names = HashSet::with_capacity(t.players.len());
    for (i, p) in t.players.iter_mut().enumerate() {
        let at = |e| (Part::Player(i), e);
        p.name = text::name(&p.name).map_err(|error| {
            at(TournamentError::Text {
                what: Labelled::Player(i + 1),
                error,
            })
        })?;
        // −0 is written "-0": it is 0.
        p.rating = p.rating.map(|r| r + 0.0);
        if let Some(club) = &mut p.club {
            *club = text::label(club).map_err(|error| {
                at(TournamentError::Text {
                    what: Labelled::Club(i + 1),
                    error,
                })
            })?;
        }
        if !names.insert(p.name.clone()) {
            return Err(at(TournamentError::DuplicateName(p.name.clone())));
        }
    }
    Ok(names)
}

/// [`check`], saying where the first thing wrong is.
pub(super) fn check_located(t: &mut Tournament) -> Result<(), (Part, TournamentError)> {
    check_head(t).map_err(|e| (Part::Head, e))?;
    let names = check_players(t)?;
    // A name of an entry as the list has it (normalised), if it is there.
    let player = |raw: &mut String| match text::name(raw) {
        Ok(name) if names.contains(&name) => {
            *raw = name;
            Ok(())
        }
        _ => Err(TournamentError::UnknownPlayer(raw.clone())),
    };
    let (rounds, othello, size) = (t.rounds, t.is_othello(), t.size);
    let mut seated = HashSet::new();
    for (i, entry) in t.games.iter_mut().enumerate() {
        let at = |e: TournamentError| (Part::Entry(i), e);
        let round = entry.round();
        if !(1..=rounds).contains(&round) {
            return Err(at(TournamentError::EntryRound { round, rounds }));
        }
        let seats: Vec<&mut String> = match entry {
            Entry::Game {
                black,
                white,
                score,
                ..
            } => {
                player(black).map_err(at)?;
                player(white).map_err(at)?;
                if black == white {
                    return Err(at(TournamentError::PlaysThemselves(black.clone())));
                }
                check_score_of(othello, size, *score).map_err(at)?;
                *score = score.map(|x| x + 0.0);
                vec![black, white]
            }
            Entry::Bye { bye, .. } => {
                player(bye).map_err(at)?;
                vec![bye]
            }
        };
        for name in seats {
            if !seated.insert((round, name.clone())) {
                return Err(at(TournamentError::PairedTwice {
                    name: name.clone(),
                    round,
                }));
            }
        }
    }
    Ok(())
}

fn check_score(t: &Tournament, score: [f64; 2]) -> Result<(), TournamentError> {
    check_score_of(t.is_othello(), t.size, score)
}

/// Whether `[a, b]` is a result: two whole disc counts together at most
/// the board's squares (Othello), else 1–0, ½–½ or 0–1.
fn check_score_of(othello: bool, size: u32, [a, b]: [f64; 2]) -> Result<(), TournamentError> {
    let squares = size * size;
    let fine = if othello {
        let whole = |x: f64| x >= 0.0 && x.fract() == 0.0;
        whole(a) && whole(b) && a + b <= f64::from(squares)
    } else {
        [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]].contains(&[a, b])
    };
    if fine {
        Ok(())
    } else {
        Err(TournamentError::Score {
            score: [a, b],
            othello,
            squares,
        })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn tournament(names: &[String], withdrawn: Option<u32>) -> Tournament {
        let mut t = Tournament::new("othello", Format::RoundRobin, 8, 3);
        t.name = Some("Spring Open".into());
        t.place = Some("Praha".into());
        t.date = Some(Date::parse("2027-03-14").unwrap());
        t.players = names.iter().map(Player::named).collect();
        if let Some(p) = t.players.first_mut() {
            p.withdrawn_after = withdrawn;
            p.rating = Some(1500.0);
            p.club = Some("Praha".into());
        }
        if let [a, b, c, ..] = names {
            t.games = vec![
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
            ];
        }
        t
    }

    #[test]
    fn the_exported_file_reads_back() {
        let names: Vec<String> = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
        let t = tournament(&names, Some(2));
        let text = t.to_text();
        assert!(text.contains("\"withdrawn_after\": 2"), "{text}");
        assert!(text.contains("\"date\": \"2027-03-14\""), "{text}");
        assert!(!text.contains("null"), "absent fields are left out: {text}");
        assert_eq!(parse(&text), Ok(t.clone()));
        assert_eq!(parse(&t.to_compact_text()), Ok(t.clone()));
        // With a byte order mark, as some editors save it.
        assert_eq!(parse(&format!("\u{feff}{text}")), Ok(t));
    }

    #[test]
    fn files_without_a_name_place_or_date_still_read() {
        let t = parse(
            r#"{"game": "nim", "rounds": 2, "players": [{"name": "A"}, {"name": "B"}], "games": []}"#,
        )
        .unwrap();
        assert_eq!((t.name, t.place, t.date), (None, None, None));
        let t = parse(
            r#"{"name": "  ", "place": " Brno ", "date": "", "game": "nim", "rounds": 2, "players": [], "games": []}"#,
        )
        .unwrap();
        assert_eq!(
            (t.name, t.place.as_deref(), t.date),
            (None, Some("Brno"), None)
        );
        assert_eq!(
            parse(
                r#"{"date": "2027-02-30", "game": "nim", "rounds": 2, "players": [], "games": []}"#
            ),
            Err(TournamentError::Date("2027-02-30".into()))
        );
    }

    #[test]
    fn an_entry_is_a_game_or_a_bye_never_both() {
        let file = |entry: &str| {
            parse(&format!(
                r#"{{"game": "nim", "rounds": 2, "players": [{{"name": "A"}}, {{"name": "B"}}, {{"name": "C"}}], "games": [{entry}]}}"#
            ))
        };
        assert_eq!(
            file(r#"{"round": 1, "black": "A", "white": "B", "score": [1, 0], "bye": "C"}"#),
            Err(TournamentError::GameAndBye { round: 1 })
        );
        assert_eq!(
            file(r#"{"round": 2, "bye": "C", "score": [1, 0]}"#),
            Err(TournamentError::GameAndBye { round: 2 })
        );
        assert_eq!(
            file(r#"{"round": 1, "black": "A", "score": [1, 0]}"#),
            Err(TournamentError::IncompleteGame {
                round: 1,
                missing: "white"
            })
        );
        assert_eq!(
            file(r#"{"round": 1, "black": "A", "white": "B"}"#),
            Err(TournamentError::IncompleteGame {
                round: 1,
                missing: "score"
            })
        );
        assert!(file(r#"{"round": 1, "black": "A", "white": "B", "score": [1, 0]}"#).is_ok());
        assert!(file(r#"{"round": 1, "bye": "C"}"#).is_ok());
    }

    #[test]
    fn names_are_checked_and_made_alike() {
        let file = |players: &str, games: &str| {
            parse(&format!(
                r#"{{"game": "nim", "rounds": 2, "players": [{players}], "games": [{games}]}}"#
            ))
        };
        // The entries name the players as the list has them, whatever the
        // blanks and invisible characters around them.
        let t = file(
            r#"{"name": " Ann\u200b"}, {"name": "Bob  Lee", "club": " Praha\u00a0"}"#,
            r#"{"round": 1, "black": "Ann", "white": "Bob Lee\u200b", "score": [1, 0]}"#,
        )
        .unwrap();
        assert_eq!(t.players[0].name, "Ann");
        assert_eq!(t.players[1].club.as_deref(), Some("Praha"));
        assert_eq!(
            t.games[0],
            Entry::Game {
                round: 1,
                black: "Ann".into(),
                white: "Bob Lee".into(),
                score: [1.0, 0.0]
            }
        );
        let refused = |players: &str| file(players, "").unwrap_err();
        assert_eq!(
            refused(r#"{"name": "Ann"}, {"name": "Ann\u200b"}"#),
            TournamentError::DuplicateName("Ann".into())
        );
        for (players, error) in [
            (r#"{"name": ""}"#, NameError::Empty),
            (r#"{"name": "\u200b\u200b"}"#, NameError::Empty),
            (r#"{"name": "A\u0000"}"#, NameError::Control('\0')),
            (r#"{"name": "A\nB"}"#, NameError::LineBreak),
            (r#"{"name": "\u001b[2J"}"#, NameError::Control('\u{1b}')),
        ] {
            assert_eq!(
                refused(&format!(r#"{{"name": "Z"}}, {players}"#)),
                TournamentError::Text {
                    what: Labelled::Player(2),
                    error
                },
                "{players}"
            );
        }
        assert_eq!(
            refused(r#"{"name": "Z", "club": "a\rb"}"#),
            TournamentError::Text {
                what: Labelled::Club(1),
                error: NameError::LineBreak
            }
        );
    }

    #[test]
    fn json_errors_say_what_and_where() {
        let problem = |text: &str| match parse(text) {
            Err(TournamentError::Json(e)) => (e.line, e.problem),
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            problem("{\n\"game\": \"nim\", \"rounds\": 2, \"nmae\": 1}"),
            (2, JsonProblem::UnknownField("nmae".into()))
        );
        assert_eq!(
            problem(r#"{"game": "nim", "players": [], "games": []}"#),
            (1, JsonProblem::MissingField("rounds".into()))
        );
        assert_eq!(
            problem(
                r#"{"game": "nim", "format": "knockout", "rounds": 1, "players": [], "games": []}"#
            )
            .1,
            JsonProblem::UnknownValue("knockout".into())
        );
        assert_eq!(
            problem(r#"{"game": "nim", "rounds": "two"}"#).1,
            JsonProblem::WrongValue
        );
        assert_eq!(problem(r#"{"game": "nim","#).1, JsonProblem::Eof);
        assert_eq!(problem(r#"{"game" "nim"}"#).1, JsonProblem::Syntax);
    }

    #[test]
    fn more_players_than_the_limit_are_refused_at_once() {
        let players: Vec<String> = (0..=MAX_PLAYERS)
            .map(|i| format!(r#"{{"name": "P{i}"}}"#))
            .collect();
        let text = format!(
            r#"{{"game": "othello", "rounds": 5, "players": [{}], "games": []}}"#,
            players.join(",")
        );
        assert_eq!(
            parse(&text),
            Err(TournamentError::TooManyPlayers {
                players: MAX_PLAYERS + 1,
                limit: MAX_PLAYERS
            })
        );
        let at_limit = format!(
            r#"{{"game": "othello", "rounds": 5, "players": [{}], "games": []}}"#,
            players[..MAX_PLAYERS].join(",")
        );
        assert_eq!(parse(&at_limit).map(|t| t.players.len()), Ok(MAX_PLAYERS));
    }

    proptest! {
        #[test]
        fn any_names_read_back(
            names in proptest::collection::btree_set("\\PC{1,12}", 3..8)
                .prop_map(|names| names.into_iter().filter_map(|n| text::name(&n).ok()).collect::<std::collections::BTreeSet<_>>())
                .prop_filter("three distinct names", |names| names.len() >= 3),
            withdrawn in proptest::option::of(1u32..3),
        ) {
            let names: Vec<String> = names.into_iter().collect();
            let t = tournament(&names, withdrawn);
            prop_assert_eq!(parse(&t.to_text()), Ok(t));
        }

        #[test]
        fn any_text_is_read_or_refused(text in "\\PC{0,400}|(?s:.{0,400})") {
            let _ = parse(&text);
        }
    }
}
