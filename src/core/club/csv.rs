//! The tournament as CSV: everything the JSON file holds, as lines a
//! spreadsheet opens (RFC 4180: commas, text in double quotes, a quote
//! inside doubled). The first field of a line says what the line is:
//!
//! ```text
//! record,game,format,size,rounds,name,place,date
//! tournament,othello,swiss,8,5,"Spring Open","Praha",2027-03-14
//! record,name,rating,club,withdrawn_after
//! player,"Ann",1850,"Praha",
//! player,"Bob",,,3
//! record,round,black,white,black_score,white_score
//! game,1,"Ann","Bob",33,31
//! bye,1,"Cid"
//! ```
//!
//! `record` lines name the columns of the lines under them (the reader
//! skips them). [`to_csv`] writes a tournament, [`parse_csv`] reads one
//! back and checks it as [`parse`](super::tournament::parse) checks a JSON
//! file, and [`read`] takes either kind of file. The format is described
//! for people in `docs/tournament.md`.
//!
//! What a spreadsheet does to a file it saves is read as well: a byte
//! order mark, CRLF line ends, empty fields added at the end of short
//! lines, empty lines, text left unquoted, and (in Czech or Russian
//! spreadsheets) semicolons between the fields and decimal commas; files
//! written before the tournament had a name, place and date (four fields
//! on the `tournament` line).
//!
//! A text a spreadsheet would take for a formula (starting with `=`, `+`,
//! `-`, `@`, a tab or a carriage return) is written with a single quote
//! before it, as spreadsheets and the usual guidance (OWASP's "CSV
//! injection") want, and the quote is taken off again when the file is
//! read ([`guard`], [`unguard`]).

use super::date::Date;
use super::standings::Standing;
use super::tournament::{
    check_located, check_player_count, Entry, Format, Part, Player, Tournament, TournamentError,
};

/// The largest tournament file read (JSON or CSV): far above what
/// [`MAX_PLAYERS`](super::tournament::MAX_PLAYERS) players over a hundred
/// rounds take.
pub const MAX_FILE_BYTES: usize = 16_000_000;

/// The columns of each kind of line (after the first field, the kind).
const TOURNAMENT: [&str; 7] = ["game", "format", "size", "rounds", "name", "place", "date"];
const PLAYER: [&str; 4] = ["name", "rating", "club", "withdrawn_after"];
const GAME: [&str; 5] = ["round", "black", "white", "black_score", "white_score"];
const BYE: [&str; 2] = ["round", "name"];

/// Why a CSV file is refused, and on which line.
#[derive(Clone, Debug, PartialEq)]
pub struct ParseCsvError {
    /// The line (from 1) of the record at fault; `None` for the file as a
    /// whole (a line that is missing).
    pub line: Option<usize>,
    /// What is wrong.
    pub reason: CsvReason,
}

/// What is wrong with a CSV file.
#[derive(Clone, Debug, PartialEq)]
pub enum CsvReason {
    /// A quoted field that never closes.
    UnclosedQuote,
    /// Text after a field's closing quote.
    TextAfterQuote,
    /// A first field that is not `tournament`, `player`, `game`, `bye` or
    /// `record`.
    UnknownRecord(String),
    /// A column the line must have is empty or missing.
    Missing(&'static str),
    /// More fields than the line's kind has (the first one too many).
    Extra(String),
    /// A number column that holds something else.
    Number {
        /// The column.
        column: &'static str,
        /// What it holds.
        value: String,
    },
    /// A format other than `swiss`, `round-robin` and `double-round-robin`.
    Format(String),
    /// No `tournament` line.
    NoTournament,
    /// A second `tournament` line.
    SecondTournament,
    /// The standings table the page writes (it has no games).
    Standings,
    /// The file is read but breaks a rule of tournament files.
    Tournament(TournamentError),
}

impl std::error::Error for ParseCsvError {}

/// Why an imported file is refused: it is read as JSON when it starts
/// with `{`, as CSV otherwise.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportError {
    /// Larger than [`MAX_FILE_BYTES`] (its size in bytes).
    TooLarge(usize),
    /// The JSON file's refusal.
    Json(TournamentError),
    /// The CSV file's refusal.
    Csv(ParseCsvError),
}

impl std::error::Error for ImportError {}

/// A tournament file of either kind, the one reader of the page and the
/// commands: JSON when its text (after a byte order mark and blanks)
/// starts with `{`, CSV otherwise; at most [`MAX_FILE_BYTES`].
pub fn read(text: &str) -> Result<Tournament, ImportError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(ImportError::TooLarge(text.len()));
    }
    let text = text.trim_start_matches('\u{feff}');
    if text.trim_start().starts_with('{') {
        super::tournament::parse(text).map_err(ImportError::Json)
    } else {
        parse_csv(text).map_err(ImportError::Csv)
    }
}

/// Whether a spreadsheet would take `text` for a formula.
fn formula_like(text: &str) -> bool {
    text.starts_with(['=', '+', '-', '@', '\t', '\r'])
}

/// `text` as a spreadsheet may be given it: with a single quote before a
/// text it would take for a formula, and before a text that starts with a
/// quote the reader would otherwise take off ([`unguard`] reverses it).
pub fn guard(text: &str) -> String {
    let guarded = |rest: &str| formula_like(rest) || rest.starts_with('\'');
    if formula_like(text) || text.strip_prefix('\'').is_some_and(guarded) {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

/// A text as [`guard`] wrote it, back as it was.
pub fn unguard(text: &str) -> &str {
    match text.strip_prefix('\'') {
        Some(rest) if formula_like(rest) || rest.starts_with('\'') => rest,
        _ => text,
    }
}

/// A text field, always quoted (a club that is there but empty is `""`,
/// one that is not there an empty field) and guarded against formulas.
fn quoted(s: &str) -> String {
    format!("\"{}\"", guard(s).replace('"', "\"\""))
}

/// The name of a format in the files.
fn format_name(format: Format) -> &'static str {
    match format {
        Format::Swiss => "swiss",
        Format::RoundRobin => "round-robin",
        Format::DoubleRoundRobin => "double-round-robin",
    }
}

/// The byte order mark a CSV file for spreadsheets starts with: without it
/// a Czech Excel reads UTF-8 as its own code page ("NovĂˇk"). The reader
/// takes it off.
pub const BOM: &str = "\u{feff}";

/// What separates a CSV file's fields: the comma (and decimal points),
/// or the semicolon with decimal commas that Czech and Russian
/// spreadsheets expect (the reader takes either).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Separator {
    /// `,` and decimal points.
    #[default]
    Comma,
    /// `;` and decimal commas.
    Semicolon,
}

impl Separator {
    /// A number as a file with this separator writes it: [`number`], with
    /// a decimal comma in a semicolon file.
    fn number(self, x: f64) -> String {
        match self {
            Separator::Comma => number(x),
            Separator::Semicolon => number(x).replace('.', ","),
        }
    }
}

/// Lines of fields, each ended by CRLF.
#[derive(Default)]
struct Lines(String, Separator);

impl Lines {
    fn line(&mut self, fields: &[String]) {
        let separator = match self.1 {
            Separator::Comma => ",",
            Separator::Semicolon => ";",
        };
        self.0.push_str(&fields.join(separator));
        self.0.push_str("\r\n");
    }

    /// A `record` line naming `columns`.
    fn heading(&mut self, columns: &[&str]) {
        let fields: Vec<String> = std::iter::once("record")
            .chain(columns.iter().copied())
            .map(String::from)
            .collect();
        self.line(&fields);
    }
}

/// A number as the files write it (`1850`, `0.5`; never `-0`).
fn number(x: f64) -> String {
    (x + 0.0).to_string()
}

/// The tournament as CSV (see the module's documentation); [`parse_csv`]
/// reads it back as it was.
pub fn to_csv(t: &Tournament) -> String {
    let mut out = Lines::default();
    out.heading(&TOURNAMENT);
    let optional = |text: &Option<String>| text.as_deref().map(quoted).unwrap_or_default();
    out.line(&[
        "tournament".into(),
        t.game.clone(),
        format_name(t.format).into(),
        t.size.to_string(),
        t.rounds.to_string(),
        optional(&t.name),
        optional(&t.place),
        t.date.map(|d| d.to_string()).unwrap_or_default(),
    ]);
    out.heading(&PLAYER);
    for p in &t.players {
        out.line(&[
            "player".into(),
            quoted(&p.name),
            p.rating.map(number).unwrap_or_default(),
            optional(&p.club),
            p.withdrawn_after.map(|r| r.to_string()).unwrap_or_default(),
        ]);
    }
    out.heading(&GAME);
    for entry in &t.games {
        match entry {
            Entry::Game {
                round,
                black,
                white,
                score: [b, w],
            } => out.line(&[
                "game".into(),
                round.to_string(),
                quoted(black),
                quoted(white),
                number(*b),
                number(*w),
            ]),
            Entry::Bye { round, bye } => out.line(&["bye".into(), round.to_string(), quoted(bye)]),
        }
    }
    out.0
}

/// The standings as CSV, for spreadsheets: rank, name, rating, club,
/// points, then for Othello the Brightwell quotient, the discs and the
/// quotient's parts (the discs of the games that count, the opponents'
/// points, the games set aside, the constant c), for the other games
/// Buchholz and Sonneborn–Berger, the fields separated by `separator`.
/// Names are quoted and guarded as in [`to_csv`]; the file is refused by
/// [`parse_csv`] (it has no games).
pub fn standings_csv(t: &Tournament, rows: &[Standing], separator: Separator) -> String {
    let mut out = Lines(String::new(), separator);
    let number = |x: f64| separator.number(x);
    let mut columns = vec!["rank", "name", "rating", "club", "points"];
    columns.extend(if t.is_othello() {
        &STANDINGS_OTHELLO[..]
    } else {
        &STANDINGS_OTHER[..]
    });
    out.line(&columns.iter().map(|c| c.to_string()).collect::<Vec<_>>());
    for r in rows {
        let player = &t.players[r.player];
        let mut fields = vec![
            r.rank.to_string(),
            quoted(&r.name),
            player.rating.map(number).unwrap_or_default(),
            player.club.as_deref().map(quoted).unwrap_or_default(),
            number(r.points),
        ];
        match (r.brightwell_sum, r.discs) {
            (Some(sum), Some(discs)) => fields.extend([
                number(sum.total()),
                number(discs),
                number(sum.discs),
                number(sum.opponents_points),
                sum.set_aside.to_string(),
                sum.c.to_string(),
            ]),
            _ => fields.extend([number(r.buchholz), number(r.sonneborn_berger)]),
        }
        out.line(&fields);
    }
    out.0
}

/// The standings' columns after the points, for Othello.
const STANDINGS_OTHELLO: [&str; 6] = [
    "brightwell",
    "discs",
    "brightwell_discs",
    "brightwell_opponents_points",
    "brightwell_set_aside",
    "brightwell_c",
];
/// The standings' columns after the points, for the other games.
const STANDINGS_OTHER: [&str; 2] = ["buchholz", "sonneborn_berger"];

/// One field of a line as read: its text and whether it was quoted (an
/// empty quoted field is an empty text; an empty unquoted one, nothing).
#[derive(Debug)]
struct Field {
    text: String,
    quoted: bool,
}

/// A line of fields and the line number it starts on.
type Record = (usize, Vec<Field>);

/// Splits the text into records (RFC 4180; lines end with CRLF, LF or CR;
/// a quoted field may hold line ends).
fn records(text: &str, delimiter: char) -> Result<Vec<Record>, ParseCsvError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    let error = |line: usize, reason| ParseCsvError {
        line: Some(line),
        reason,
    };
    while chars.peek().is_some() {
        let start = line;
        let mut fields = Vec::new();
        loop {
            let mut field = Field {
                text: String::new(),
                quoted: false,
            };
            if chars.peek() == Some(&'"') {
                chars.next();
                field.quoted = true;
                loop {
                    match chars.next() {
                        None => return Err(error(start, CsvReason::UnclosedQuote)),
                        Some('"') if chars.peek() == Some(&'"') => {
                            chars.next();
                            field.text.push('"');
                        }
                        Some('"') => break,
                        Some(c) => {
                            // CRLF inside a field counts as one line end.
                            if c == '\n' || (c == '\r' && chars.peek() != Some(&'\n')) {
                                line += 1;
                            }
                            field.text.push(c);
                        }
                    }
                }
                // Blanks may follow the closing quote, nothing else.
                while chars.peek().is_some_and(|&c| c == ' ' || c == '\t') {
                    chars.next();
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c == delimiter || c == '\n' || c == '\r' {
                        break;
                    }
                    field.text.push(c);
                    chars.next();
                }
            }
            fields.push(field);
            match chars.next() {
                Some(c) if c == delimiter => continue,
                None => break,
                Some('\n') => {
                    line += 1;
                    break;
                }
                Some('\r') => {
                    if chars.peek() == Some(&'\n') {
                        chars.next();
                    }
                    line += 1;
                    break;
                }
                Some(_) => return Err(error(line, CsvReason::TextAfterQuote)),
            }
        }
        out.push((start, fields));
    }
    Ok(out)
}

/// The delimiter of a file: a semicolon when the first line has more
/// semicolons than commas outside quotes (a spreadsheet set to a language
/// whose decimal mark is the comma), a comma otherwise.
fn delimiter(text: &str) -> char {
    let (mut commas, mut semicolons, mut quoted) = (0, 0, false);
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            '\n' | '\r' if !quoted => break,
            ',' if !quoted => commas += 1,
            ';' if !quoted => semicolons += 1,
            _ => {}
        }
    }
    if semicolons > commas {
        ';'
    } else {
        ','
    }
}

/// The fields of one line, checked against its kind's columns.
struct Line<'a> {
    number: usize,
    columns: &'static [&'static str],
    fields: &'a [Field],
}

impl Line<'_> {
    fn error(&self, reason: CsvReason) -> ParseCsvError {
        ParseCsvError {
            line: Some(self.number),
            reason,
        }
    }

    /// The fields after the kind: no more than the columns, except empty
    /// ones (a spreadsheet pads short lines).
    fn check_width(&self) -> Result<(), ParseCsvError> {
        match self
            .fields
            .iter()
            .skip(1 + self.columns.len())
            .find(|f| f.quoted || !f.text.trim().is_empty())
        {
            Some(extra) => Err(self.error(CsvReason::Extra(extra.text.clone()))),
            None => Ok(()),
        }
    }

    /// The field of column `i` (after the kind), if it holds anything.
    fn field(&self, i: usize) -> Option<&Field> {
        self.fields
            .get(i + 1)
            .filter(|f| f.quoted || !f.text.trim().is_empty())
    }

    /// A text column that may be absent.
    fn text(&self, i: usize) -> Option<String> {
        self.field(i).map(|f| unguard(&f.text).to_string())
    }

    /// A text column that must be there (it may be an empty `""`).
    fn required_text(&self, i: usize) -> Result<String, ParseCsvError> {
        self.text(i)
            .ok_or_else(|| self.error(CsvReason::Missing(self.columns[i])))
    }

    /// A number column that may be absent; decimal commas are read too.
    fn number<T: std::str::FromStr>(&self, i: usize) -> Result<Option<T>, ParseCsvError> {
        let Some(field) = self.field(i) else {
            return Ok(None);
        };
        field
            .text
            .trim()
            .replace(',', ".")
            .parse()
            .map(Some)
            .map_err(|_| {
                self.error(CsvReason::Number {
                    column: self.columns[i],
                    value: field.text.clone(),
                })
            })
    }

    /// A number column that must be there.
    fn required<T: std::str::FromStr>(&self, i: usize) -> Result<T, ParseCsvError> {
        self.number(i)?
            .ok_or_else(|| self.error(CsvReason::Missing(self.columns[i])))
    }

    /// A number column of real numbers (no infinities, no NaN).
    fn real(&self, i: usize) -> Result<Option<f64>, ParseCsvError> {
        match self.number::<f64>(i)? {
            Some(x) if !x.is_finite() => Err(self.error(CsvReason::Number {
                column: self.columns[i],
                value: self.fields[i + 1].text.clone(),
            })),
            x => Ok(x),
        }
    }

    fn required_real(&self, i: usize) -> Result<f64, ParseCsvError> {
        self.real(i)?
            .ok_or_else(|| self.error(CsvReason::Missing(self.columns[i])))
    }
}

/// What the lines read so far hold: the `tournament` line (and its line
/// number), and the players and entries with theirs.
#[derive(Default)]
struct Read {
    head: Option<(usize, Tournament)>,
    players: Vec<(usize, Player)>,
    games: Vec<(usize, Entry)>,
}

impl Read {
    /// Reads one line of kind `kind` (`tournament`, `player`, `game` or
    /// `bye`).
    fn line(&mut self, kind: &str, line: &Line) -> Result<(), ParseCsvError> {
        line.check_width()?;
        match kind {
            "tournament" => {
                if self.head.is_some() {
                    return Err(line.error(CsvReason::SecondTournament));
                }
                self.head = Some((line.number, head(line)?));
            }
            "player" => self.players.push((
                line.number,
                Player {
                    name: line.required_text(0)?,
                    rating: line.real(1)?,
                    club: line.text(2),
                    withdrawn_after: line.number(3)?,
                },
            )),
            "game" => self.games.push((
                line.number,
                Entry::Game {
                    round: line.required(0)?,
                    black: line.required_text(1)?,
                    white: line.required_text(2)?,
                    score: [line.required_real(3)?, line.required_real(4)?],
                },
            )),
            _ => self.games.push((
                line.number,
                Entry::Bye {
                    round: line.required(0)?,
                    bye: line.required_text(1)?,
                },
            )),
        }
        Ok(())
    }

    /// The tournament read, checked as a JSON file is; a refusal says the
    /// line it is about.
    fn finish(self) -> Result<Tournament, ParseCsvError> {
        let Some((head_line, mut t)) = self.head else {
            return Err(ParseCsvError {
                line: None,
                reason: CsvReason::NoTournament,
            });
        };
        let (player_lines, players): (Vec<usize>, Vec<Player>) = self.players.into_iter().unzip();
        let (entry_lines, games): (Vec<usize>, Vec<Entry>) = self.games.into_iter().unzip();
        t.players = players;
        t.games = games;
        check_located(&mut t).map_err(|(part, e)| ParseCsvError {
            line: Some(match part {
                Part::Head => head_line,
                Part::Player(i) => player_lines[i],
                Part::Entry(i) => entry_lines[i],
            }),
            reason: CsvReason::Tournament(e),
        })?;
        Ok(t)
    }
}

/// The `tournament` line: the game, format, size and rounds, then the
/// name, place and date (absent from files written before them).
fn head(line: &Line) -> Result<Tournament, ParseCsvError> {
    let format = match line.required_text(1)?.trim() {
        "swiss" => Format::Swiss,
        "round-robin" => Format::RoundRobin,
        "double-round-robin" => Format::DoubleRoundRobin,
        other => return Err(line.error(CsvReason::Format(other.to_string()))),
    };
    let mut t = Tournament::new(
        line.required_text(0)?.trim(),
        format,
        line.required(2)?,
        line.required(3)?,
    );
    t.name = line.text(4);
    t.place = line.text(5);
    t.date = match line.text(6).filter(|d| !d.trim().is_empty()) {
        None => None,
        Some(date) => Some(
            Date::parse(&date)
                .map_err(|e| line.error(CsvReason::Tournament(TournamentError::Date(e.0))))?,
        ),
    };
    Ok(t)
}

/// Reads a tournament from the CSV [`to_csv`] writes (see the module's
/// documentation), checked as a JSON file is; a refusal says the line.
pub fn parse_csv(text: &str) -> Result<Tournament, ParseCsvError> {
    let text = text.trim_start_matches('\u{feff}');
    let records = records(text, delimiter(text))?;
    // More players than the page takes are refused before anything else
    // is done with them (at the first line too many).
    let player_lines: Vec<usize> = records
        .iter()
        .filter(|(_, fields)| fields[0].text.trim() == "player")
        .map(|(number, _)| *number)
        .collect();
    check_player_count(player_lines.len()).map_err(|e| ParseCsvError {
        line: player_lines.get(super::tournament::MAX_PLAYERS).copied(),
        reason: CsvReason::Tournament(e),
    })?;
    let mut read = Read::default();
    for (number, fields) in &records {
        // Empty lines, and lines of empty fields only.
        if fields.iter().all(|f| !f.quoted && f.text.trim().is_empty()) {
            continue;
        }
        let kind = fields[0].text.trim();
        let columns: &'static [&'static str] = match kind {
            "record" => continue,
            "rank" if read.head.is_none() => {
                return Err(ParseCsvError {
                    line: Some(*number),
                    reason: CsvReason::Standings,
                })
            }
            "tournament" => &TOURNAMENT,
            "player" => &PLAYER,
            "game" => &GAME,
            "bye" => &BYE,
            other => {
                return Err(ParseCsvError {
                    line: Some(*number),
                    reason: CsvReason::UnknownRecord(other.to_string()),
                })
            }
        };
        let line = Line {
            number: *number,
            columns,
            fields,
        };
        read.line(kind, &line)?;
    }
    read.finish()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::club::text;
    use crate::engine::rng::Rng;
    use proptest::prelude::*;
    use std::collections::BTreeSet;
    use std::time::{Duration, Instant};

    /// Names that need quoting (a quote, a comma, a non-ASCII character), a
    /// rating, an empty club, a withdrawal and a bye.
    fn sample() -> Tournament {
        super::super::tournament::parse(include_str!("../../../tests/data/club/quoted-names.json"))
            .unwrap()
    }

    #[test]
    fn the_written_file_reads_back() {
        let t = sample();
        let text = to_csv(&t);
        assert!(
            text.starts_with(
                "record,game,format,size,rounds,name,place,date\r\ntournament,othello,swiss,8,3,,,\r\n"
            ),
            "{text}"
        );
        assert!(
            text.contains("player,\"Bob \"\"the █\"\", Jr.\",,,1\r\n"),
            "{text}"
        );
        assert!(
            text.contains("player,\"Cid\",,\"\",\r\n"),
            "an empty club is kept: {text}"
        );
        assert!(text.contains("game,2,\"Cid\",\"Ann\",32,32\r\n"), "{text}");
        assert_eq!(parse_csv(&text), Ok(t.clone()));
        assert_eq!(read(&text), Ok(t.clone()));
        assert_eq!(read(&t.to_text()), Ok(t));
    }

    #[test]
    fn formulas_are_written_as_text_and_read_back() {
        let mut t = sample();
        let names = [
            "=HYPERLINK(\"x\")",
            "+1",
            "-2",
            "@SUM(A1)",
            "'=quoted",
            "'plain",
            "''=x",
        ];
        t.players = names.iter().map(|n| Player::named(*n)).collect();
        t.players[0].club = Some("=cmd|' /C calc'!A0".into());
        t.name = Some("=Open".into());
        t.place = Some("@home".into());
        t.games.clear();
        let text = to_csv(&t);
        for written in [
            "player,\"'=HYPERLINK(\"\"x\"\")\",,\"'=cmd|' /C calc'!A0\",",
            "player,\"'+1\"",
            "player,\"'-2\"",
            "player,\"'@SUM(A1)\"",
            "player,\"''=quoted\"",
            "player,\"'plain\"",
            "player,\"'''=x\"",
            ",\"'=Open\",\"'@home\",",
        ] {
            assert!(text.contains(written), "{written} in {text}");
        }
        assert_eq!(parse_csv(&text), Ok(t.clone()));
        // Both exports: the standings too.
        let standings = standings_csv(
            &t,
            &super::super::standings::standings(&t),
            Separator::Comma,
        );
        assert!(
            standings.contains(",\"'=HYPERLINK(\"\"x\"\")\","),
            "{standings}"
        );
        assert!(
            !standings.contains(",\"=") && !standings.contains(",\"+"),
            "{standings}"
        );
        for text in ["=1", "'=1", "''=1", "'x", "x", "", "'", "-", "'\t"] {
            assert_eq!(unguard(&guard(text)), text, "{text:?}");
        }
    }

    #[test]
    fn semicolon_standings_keep_quoted_text_and_write_decimal_commas() {
        let mut t = Tournament::new("nim", Format::Swiss, 8, 2);
        let mut ann = Player::named("Ann");
        ann.rating = Some(1850.5);
        ann.club = Some("Brno, Královo Pole. Sever".into());
        t.players = vec![ann, Player::named("Bob")];
        t.games = vec![Entry::Game {
            round: 1,
            black: "Ann".into(),
            white: "Bob".into(),
            score: [0.5, 0.5],
        }];
        let rows = super::super::standings::standings(&t);
        let text = standings_csv(&t, &rows, Separator::Semicolon);
        let ann = text.lines().find(|l| l.contains("Ann")).unwrap();
        assert!(
            ann.starts_with("1;\"Ann\";1850,5;\"Brno, Královo Pole. Sever\";0,5;"),
            "{ann}"
        );
        let comma = standings_csv(&t, &rows, Separator::Comma);
        assert!(
            comma.contains("1850.5,\"Brno, Královo Pole. Sever\",0.5,"),
            "{comma}"
        );
    }

    #[test]
    fn files_of_the_earlier_format_still_read() {
        // Four fields on the tournament line: no name, place or date.
        let t = parse_csv("tournament,othello,swiss,8,5\nplayer,Ann\nplayer,Bob\n").unwrap();
        assert_eq!(
            (t.name, t.place, t.date, t.players.len()),
            (None, None, None, 2)
        );
        let t = parse_csv("tournament,nim,swiss,8,5,\"Open\",,2027-03-14\nplayer,Ann\n").unwrap();
        assert_eq!(
            (t.name.as_deref(), t.place, t.date.map(|d| d.to_string())),
            (Some("Open"), None, Some("2027-03-14".into()))
        );
        let error = parse_csv("tournament,nim,swiss,8,5,,,14.3.2027\n").unwrap_err();
        assert_eq!(
            (error.line, error.reason),
            (
                Some(1),
                CsvReason::Tournament(TournamentError::Date("14.3.2027".into()))
            )
        );
    }

    #[test]
    fn more_players_than_the_limit_are_refused_at_the_first_too_many() {
        use super::super::tournament::MAX_PLAYERS;
        let players: String = (0..MAX_PLAYERS + 5)
            .map(|i| format!("player,P{i}\n"))
            .collect();
        let error = parse_csv(&format!("tournament,othello,swiss,8,5\n{players}")).unwrap_err();
        assert_eq!(error.line, Some(MAX_PLAYERS + 2));
        assert_eq!(
            error.reason,
            CsvReason::Tournament(TournamentError::TooManyPlayers {
                players: MAX_PLAYERS + 5,
                limit: MAX_PLAYERS
            })
        );
        let too_large = "x".repeat(MAX_FILE_BYTES + 1);
        assert_eq!(
            read(&too_large),
            Err(ImportError::TooLarge(MAX_FILE_BYTES + 1))
        );
    }

    #[test]
    fn the_documented_example_is_read() {
        let doc = include_str!("../../../docs/tournament.md");
        let example = doc
            .split("```csv\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .expect("docs/tournament.md has a CSV example");
        let t = parse_csv(example).unwrap();
        assert_eq!(
            (t.players.len(), t.games.len(), t.rounds),
            (3, 3, 5),
            "{t:?}"
        );
        assert_eq!(t.name.as_deref(), Some("Spring Open"));
        assert_eq!(t.players[1].name, "Bob \"the Wall\"");
        assert_eq!(t.players[2].club.as_deref(), Some(""));
        // Written back, it is the example again (with CRLF line ends).
        assert_eq!(to_csv(&t), example.replace('\n', "\r\n"));
    }

    #[test]
    fn what_a_spreadsheet_saves_is_read() {
        // A byte order mark, semicolons, decimal commas, padded lines, no
        // record lines, unquoted names, LF line ends, an empty line.
        let text = "\u{feff}tournament;opok;round-robin;8;3;\n\
                    player;Ann;;;;\nplayer;Bob;1500,5;Brno;;\nplayer;Cid;;;;\n\n\
                    game;1;Bob;Cid;0,5;0,5\nbye;1;Ann;;;\n";
        let t = parse_csv(text).unwrap();
        assert_eq!(t.game, "opok");
        assert_eq!(t.format, Format::RoundRobin);
        assert_eq!(t.players[1].rating, Some(1500.5));
        assert_eq!(t.players[1].club.as_deref(), Some("Brno"));
        assert_eq!(t.players[0].club, None);
        assert_eq!(
            t.games,
            vec![
                Entry::Game {
                    round: 1,
                    black: "Bob".into(),
                    white: "Cid".into(),
                    score: [0.5, 0.5]
                },
                Entry::Bye {
                    round: 1,
                    bye: "Ann".into()
                }
            ]
        );
    }

    #[test]
    fn a_bad_file_is_refused_with_its_line_and_reason() {
        let head = "record,game,format,size,rounds\ntournament,othello,swiss,8,3\nplayer,Ann\nplayer,Bob\n";
        /// A file, the line of its refusal, and the reason it must have.
        type Case = (String, Option<usize>, fn(&CsvReason) -> bool);
        let cases: [Case; 15] = [
            (String::new(), None, |r| *r == CsvReason::NoTournament),
            (
                "rank,name,points,brightwell,discs\n1,\"Ann\",1,50,33\n".into(),
                Some(1),
                |r| *r == CsvReason::Standings,
            ),
            (format!("{head}game,1,\"Ann,Bob,33,31\n"), Some(5), |r| {
                *r == CsvReason::UnclosedQuote
            }),
            (format!("{head}game,1,\"Ann\"x,Bob,33,31\n"), Some(5), |r| {
                *r == CsvReason::TextAfterQuote
            }),
            (format!("{head}move,1,Ann\n"), Some(5), |r| {
                *r == CsvReason::UnknownRecord("move".into())
            }),
            (format!("{head}game,1,Ann,Bob,33\n"), Some(5), |r| {
                *r == CsvReason::Missing("white_score")
            }),
            (format!("{head}bye,1,Ann,Bob\n"), Some(5), |r| {
                *r == CsvReason::Extra("Bob".into())
            }),
            (format!("{head}game,one,Ann,Bob,33,31\n"), Some(5), |r| {
                matches!(
                    r,
                    CsvReason::Number {
                        column: "round",
                        ..
                    }
                )
            }),
            (format!("{head}player,Cid,NaN\n"), Some(5), |r| {
                matches!(
                    r,
                    CsvReason::Number {
                        column: "rating",
                        ..
                    }
                )
            }),
            (format!("{head}tournament,nim,swiss,8,3\n"), Some(5), |r| {
                *r == CsvReason::SecondTournament
            }),
            ("tournament,othello,knockout,8,3\n".into(), Some(1), |r| {
                *r == CsvReason::Format("knockout".into())
            }),
            (
                // A quoted line end counts: the game is on line 7.
                format!("{head}game,\"1\n\",Ann,Bob,33,31\ngame,1,Ann,Zed,33,31\n"),
                Some(7),
                |r| matches!(r, CsvReason::Tournament(TournamentError::UnknownPlayer(_))),
            ),
            (
                // A name is one line.
                format!("{head}player,\"Cid\nthe second\"\n"),
                Some(5),
                |r| {
                    matches!(
                        r,
                        CsvReason::Tournament(TournamentError::Text {
                            error: crate::club::text::NameError::LineBreak,
                            ..
                        })
                    )
                },
            ),
            (format!("{head}game,1,Ann,Bob,60,31\n"), Some(5), |r| {
                matches!(r, CsvReason::Tournament(TournamentError::Score { .. }))
            }),
            (format!("{head}player,Ann\n"), Some(5), |r| {
                matches!(r, CsvReason::Tournament(TournamentError::DuplicateName(_)))
            }),
        ];
        for (text, line, expected) in cases {
            let error = parse_csv(&text).unwrap_err();
            assert_eq!(error.line, line, "{text:?}: {error}");
            assert!(expected(&error.reason), "{text:?}: {error}");
        }
        let error = parse_csv("tournament,chess,swiss,8,3\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "Line 1: “chess” is not a game of the club (othello, opok or nim).",
            "the message names the line"
        );
    }

    /// A valid tournament made from `seed`: any game, format and size, up
    /// to 12 players with the given names (ratings, clubs, withdrawals),
    /// and some rounds of random games, byes and absences.
    fn generated(seed: u64, names: Vec<String>, clubs: Vec<Option<String>>) -> Tournament {
        let mut rng = Rng::new(seed);
        let (game, size) = match rng.below(3) {
            0 => ("othello", [4, 6, 8, 10][rng.below(4) as usize]),
            1 => ("opok", 3 + rng.below(7) as u32),
            _ => ("nim", rng.below(20) as u32),
        };
        let format =
            [Format::Swiss, Format::RoundRobin, Format::DoubleRoundRobin][rng.below(3) as usize];
        let rounds = 1 + rng.below(100) as u32;
        let players: Vec<Player> = names
            .into_iter()
            .zip(clubs.into_iter().chain(std::iter::repeat(None)))
            .map(|(name, club)| Player {
                name,
                rating: match rng.below(4) {
                    0 => None,
                    1 => Some((rng.below(3000) as f64).round()),
                    2 => Some((rng.unit() - 0.5) * 1e6),
                    _ => Some(rng.gaussian() * 1e-9),
                },
                club,
                withdrawn_after: (rng.below(4) == 0).then(|| rng.below(u64::from(rounds)) as u32),
            })
            .collect();
        let squares = size * size;
        let mut games = Vec::new();
        for round in 1..=rng.below(u64::from(rounds.min(6)) + 1) as u32 {
            let mut order: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let absent = rng.below(2) as usize;
            let mut seats = order[absent..].chunks(2);
            for pair in seats.by_ref() {
                match pair {
                    [a, b] => {
                        let score = if game == "othello" {
                            let a = rng.below(u64::from(squares) + 1) as u32;
                            let b = rng.below(u64::from(squares - a) + 1) as u32;
                            [f64::from(a), f64::from(b)]
                        } else {
                            [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]][rng.below(3) as usize]
                        };
                        games.push(Entry::Game {
                            round,
                            black: a.to_string(),
                            white: b.to_string(),
                            score,
                        });
                    }
                    [a] => games.push(Entry::Bye {
                        round,
                        bye: a.to_string(),
                    }),
                    _ => {}
                }
            }
        }
        let mut t = Tournament::new(game, format, size, rounds);
        t.players = players;
        t.games = games;
        t
    }

    proptest! {
        #[test]
        fn a_written_tournament_reads_back_as_it_was(
            seed in any::<u64>(),
            names in proptest::collection::btree_set("[\\PC\",;=+@'\r\n -]{0,10}", 2..12)
                .prop_map(|names| names.iter().filter_map(|n| text::name(n).ok()).collect::<BTreeSet<_>>())
                .prop_filter("two names", |names| names.len() >= 2),
            clubs in proptest::collection::vec(
                proptest::option::of("[\\PC\",=+@'\n-]{0,6}".prop_filter_map("a label", |c| text::label(&c).ok())),
                0..12,
            ),
        ) {
            let t = generated(seed, names.into_iter().collect(), clubs);
            prop_assert_eq!(super::super::tournament::check(t.clone()), Ok(t.clone()));
            let text = to_csv(&t);
            prop_assert_eq!(parse_csv(&text), Ok(t.clone()), "{}", text);
            prop_assert_eq!(read(&text), Ok(t));
        }

        #[test]
        fn any_text_is_read_or_refused_quickly(text in "\\PC{0,2000}|(?s:.{0,2000})") {
            let started = Instant::now();
            let _ = parse_csv(&text);
            let _ = read(&text);
            prop_assert!(started.elapsed() < Duration::from_secs(1));
        }

        #[test]
        fn text_made_of_csv_pieces_is_read_or_refused_quickly(
            head in proptest::bool::ANY,
            pieces in proptest::collection::vec(
                proptest::sample::select(vec![
                    "tournament", "player", "game", "bye", "record", "othello", "opok",
                    "swiss", "round-robin", "8", "6", "1", "2", "0.5", "33", "31", "-1",
                    "4294967296", "1e400", "NaN", "\"", "\"\"", ",", ";", "\n", "\r\n",
                    "\r", " ", "Ann", "Bob", "½", "\u{feff}", "rank",
                ]),
                0..400,
            )
        ) {
            // Half the texts start as a real file does, so that the
            // pieces reach the players' and games' lines.
            let start = if head { "tournament,othello,swiss,8,2\nplayer,Ann\nplayer,Bob\n" } else { "" };
            let text = format!("{start}{}", pieces.concat());
            let started = Instant::now();
            if let Ok(t) = parse_csv(&text) {
                // Whatever is accepted is a valid tournament, written back
                // and read again unchanged.
                prop_assert_eq!(super::super::tournament::check(t.clone()), Ok(t.clone()));
                prop_assert_eq!(parse_csv(&to_csv(&t)), Ok(t));
            }
            prop_assert!(started.elapsed() < Duration::from_secs(1));
        }
    }

    #[test]
    fn a_large_file_is_read_quickly() {
        // 64 players and 13 rounds of 32 games, read 20 times.
        let players: Vec<Player> = (0..64)
            .map(|i| Player {
                name: format!("Player {i}"),
                rating: Some(f64::from(1500 + i)),
                club: Some("Praha, \"Othello\"".into()),
                withdrawn_after: None,
            })
            .collect();
        let games = (1..=13u32)
            .flat_map(|round| {
                (0..32u32).map(move |i| Entry::Game {
                    round,
                    black: format!("Player {i}"),
                    white: format!("Player {}", 32 + (i + round) % 32),
                    score: [f64::from(round), f64::from(i)],
                })
            })
            .collect();
        let mut t = Tournament::new("othello", Format::Swiss, 8, 13);
        t.players = players;
        t.games = games;
        let text = to_csv(&t);
        let started = Instant::now();
        for _ in 0..20 {
            assert_eq!(parse_csv(&text).as_ref(), Ok(&t));
        }
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}
