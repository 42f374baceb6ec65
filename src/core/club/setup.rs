//! What the page's forms do to a tournament: a new one from the setup
//! form, a late entry, a withdrawal. Pure, so that it is tested natively;
//! every name goes through the one check ([`text::name`]) and the result
//! through [`check`] like a file.

use std::collections::HashSet;

use super::date::Date;
use super::text::{self, NameError};
use super::tournament::{check, Format, Player, Tournament, TournamentError, MAX_PLAYERS};

/// The setup form's values, as typed.
#[derive(Clone, Copy, Debug)]
pub struct Form<'a> {
    /// `othello`, `opok` or `nim`.
    pub game: &'a str,
    /// Othello's board side.
    pub size: u32,
    /// How the rounds are paired.
    pub format: Format,
    /// The rounds of a Swiss (round robins get theirs from the players).
    pub rounds: u32,
    /// The tournament's name (may be empty).
    pub name: &'a str,
    /// Its place (may be empty).
    pub place: &'a str,
    /// Its date, `YYYY-MM-DD` (may be empty).
    pub date: &'a str,
    /// One player a line: `name`, or `name, rating, club`.
    pub players: &'a str,
}

/// Why the setup form's tournament is not started.
#[derive(Clone, Debug, PartialEq)]
pub enum SetupError {
    /// Fewer than two players listed.
    TooFewPlayers,
    /// A line of the players' list (counted from 1, blank lines too).
    Line {
        /// The line.
        line: usize,
        /// What is wrong with it.
        problem: LineProblem,
    },
    /// A date that is not a day of the calendar (its text).
    Date(String),
    /// A rule of tournament files (the rounds, the number of players…).
    Tournament(TournamentError),
}

/// What is wrong with a player typed in (a line of the setup form's list,
/// or a late entry).
#[derive(Clone, Debug, PartialEq)]
pub enum LineProblem {
    /// The name is not one.
    Name(NameError),
    /// The rating is not a number (what was typed).
    Rating(String),
    /// More than three parts: name, rating, club.
    TooManyParts,
    /// The name is a player's already (the name, normalised).
    Duplicate(String),
    /// The tournament has the most players it takes.
    Full {
        /// The limit.
        limit: usize,
    },
}

impl std::error::Error for SetupError {}

/// A player from a line `name`, `name, rating` or `name, rating, club`.
fn player(line: &str) -> Result<Player, LineProblem> {
    let parts: Vec<&str> = line.split(',').collect();
    if parts.len() > 3 {
        return Err(LineProblem::TooManyParts);
    }
    let name = text::name(parts[0]).map_err(LineProblem::Name)?;
    let rating = match parts.get(1).map(|r| r.trim()).filter(|r| !r.is_empty()) {
        None => None,
        Some(r) => Some(
            r.parse::<f64>()
                .ok()
                .filter(|x| {
                    x.is_finite() && r.bytes().all(|b| b.is_ascii_digit() || b"+-.".contains(&b))
                })
                .ok_or_else(|| LineProblem::Rating(text::shown(r)))?,
        ),
    };
    let club = match parts.get(2) {
        None => None,
        Some(c) => Some(text::label(c).map_err(LineProblem::Name)?).filter(|c| !c.is_empty()),
    };
    Ok(Player {
        name,
        rating,
        club,
        withdrawn_after: None,
    })
}

/// A new tournament from the setup form; round robins get their rounds
/// from the Berger tables.
pub fn new_tournament(form: &Form) -> Result<Tournament, SetupError> {
    let mut players = Vec::new();
    let mut names = HashSet::new();
    for (i, line) in form.players.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if text::label(line).is_ok_and(|l| l.is_empty()) {
            continue;
        }
        let at = |problem| SetupError::Line {
            line: i + 1,
            problem,
        };
        let p = player(line).map_err(at)?;
        if !names.insert(p.name.clone()) {
            return Err(at(LineProblem::Duplicate(p.name)));
        }
        players.push(p);
        if players.len() > MAX_PLAYERS {
            return Err(at(LineProblem::Full { limit: MAX_PLAYERS }));
        }
    }
    let n = players.len() as u32;
    if n < 2 {
        return Err(SetupError::TooFewPlayers);
    }
    // A round robin has as many rounds as its Berger table.
    let single = if n % 2 == 0 { n - 1 } else { n };
    let rounds = match form.format {
        Format::Swiss => form.rounds,
        Format::RoundRobin => single,
        Format::DoubleRoundRobin => 2 * single,
    };
    let mut t = Tournament::new(form.game, form.format, form.size, rounds);
    t.name = Some(form.name.to_string());
    t.place = Some(form.place.to_string());
    t.date = match form.date.trim() {
        "" => None,
        date => Some(Date::parse(date).map_err(|e| SetupError::Date(e.0))?),
    };
    t.players = players;
    check(t).map_err(SetupError::Tournament)
}

/// The tournament with a late entry: a player of this name, with no
/// games yet (paired from the next round on with the points they have).
pub fn late_entry(t: &Tournament, raw: &str) -> Result<Tournament, LineProblem> {
    let name = text::name(raw).map_err(LineProblem::Name)?;
    if t.players.iter().any(|p| p.name == name) {
        return Err(LineProblem::Duplicate(name));
    }
    if t.players.len() >= MAX_PLAYERS {
        return Err(LineProblem::Full { limit: MAX_PLAYERS });
    }
    let mut next = t.clone();
    next.players.push(Player::named(name));
    Ok(next)
}

/// The tournament with player `index` withdrawn after the last round
/// played (not paired after it); `None` when there is no such player or
/// they withdrew already.
pub fn withdraw(t: &Tournament, index: usize) -> Option<Tournament> {
    if t.players.get(index)?.withdrawn_after.is_some() {
        return None;
    }
    let mut next = t.clone();
    next.players[index].withdrawn_after = Some(t.rounds_played());
    Some(next)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn form(players: &str) -> Form<'_> {
        Form {
            game: "othello",
            size: 8,
            format: Format::Swiss,
            rounds: 5,
            name: " Spring  Open ",
            place: "",
            date: "2027-03-14",
            players,
        }
    }

    #[test]
    fn the_form_makes_a_checked_tournament() {
        let t = new_tournament(&form("Ann, 1850, Praha\n\n Bob ,,Brno\r\nCid, 1500.5\n")).unwrap();
        assert_eq!(t.name.as_deref(), Some("Spring Open"));
        assert_eq!(t.place, None);
        assert_eq!(t.date.map(|d| d.to_string()).as_deref(), Some("2027-03-14"));
        let players: Vec<(&str, Option<f64>, Option<&str>)> = t
            .players
            .iter()
            .map(|p| (p.name.as_str(), p.rating, p.club.as_deref()))
            .collect();
        assert_eq!(
            players,
            [
                ("Ann", Some(1850.0), Some("Praha")),
                ("Bob", None, Some("Brno")),
                ("Cid", Some(1500.5), None)
            ]
        );
        let rr = new_tournament(&Form {
            format: Format::DoubleRoundRobin,
            ..form("A\nB\nC")
        })
        .unwrap();
        assert_eq!(rr.rounds, 6);
    }

    #[test]
    fn a_bad_line_is_refused_with_its_number() {
        let line = |players: &str| match new_tournament(&form(players)) {
            Err(SetupError::Line { line, problem }) => (line, problem),
            other => panic!("{players:?}: {other:?}"),
        };
        assert_eq!(
            line("Ann\n\nAnn\u{200B}"),
            (3, LineProblem::Duplicate("Ann".into()))
        );
        assert_eq!(
            line("Ann\nBob, strong"),
            (2, LineProblem::Rating("strong".into()))
        );
        assert_eq!(
            line("Ann\nSmith, John, 1500, Praha"),
            (2, LineProblem::TooManyParts)
        );
        assert_eq!(
            line("Ann\n\u{200B}, 1500"),
            (2, LineProblem::Name(NameError::Empty))
        );
        assert_eq!(
            line("Ann\nB\u{0}b"),
            (2, LineProblem::Name(NameError::Control('\0')))
        );
        assert_eq!(
            new_tournament(&form("Ann\n \n")),
            Err(SetupError::TooFewPlayers)
        );
        assert_eq!(
            new_tournament(&Form {
                date: "14.3.2027",
                ..form("A\nB")
            }),
            Err(SetupError::Date("14.3.2027".into()))
        );
        assert_eq!(
            new_tournament(&Form {
                rounds: 0,
                ..form("A\nB")
            }),
            Err(SetupError::Tournament(TournamentError::Rounds(0)))
        );
        let many: String = (0..=MAX_PLAYERS).map(|i| format!("P{i}\n")).collect();
        assert_eq!(
            line(&many),
            (MAX_PLAYERS + 1, LineProblem::Full { limit: MAX_PLAYERS })
        );
    }

    #[test]
    fn late_entries_and_withdrawals() {
        let t = new_tournament(&form("Ann\nBob")).unwrap();
        assert_eq!(
            late_entry(&t, " Ann\u{a0}"),
            Err(LineProblem::Duplicate("Ann".into()))
        );
        assert_eq!(
            late_entry(&t, "\u{200B}"),
            Err(LineProblem::Name(NameError::Empty))
        );
        let t = late_entry(&t, " Cid  Lee ").unwrap();
        assert_eq!(t.players[2], Player::named("Cid Lee"));
        let t = withdraw(&t, 1).unwrap();
        assert_eq!(t.players[1].withdrawn_after, Some(0));
        assert_eq!(withdraw(&t, 1), None, "withdrawn once");
        assert_eq!(withdraw(&t, 7), None);
    }

    proptest! {
        #[test]
        fn any_list_makes_a_tournament_or_a_reason(players in "\\PC{0,300}|(?s:.{0,300})") {
            if let Ok(t) = new_tournament(&form(&players)) {
                // What is started is a valid tournament file.
                prop_assert_eq!(super::super::tournament::parse(&t.to_text()), Ok(t));
            }
        }
    }
}
