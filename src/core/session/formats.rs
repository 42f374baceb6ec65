//! The texts of a game in the app, written once for every game: share
//! links (`size=8&variant=anti&black=human&white=c4&time=3000&start=…&moves=…&at=…`),
//! the autosave, and the record that "copy moves" copies. A game gives its
//! settings' keys and how its start and moves are written ([`Formats`]);
//! reading a link or a save checks everything, and a tampered one is an
//! error, never a half-loaded game.

use super::core::{GameRefusals, Move, SessionGame};
use super::record::Record;
use super::saved::SavedError;
use crate::query::{pairs, QueryError};

/// A game as a link or a save holds it: its settings and its record.
pub type Game<G> = (
    <G as SessionGame>::Settings,
    Record<<G as SessionGame>::Position>,
);

/// How a game writes itself in links and saves.
pub trait Formats: SessionGame {
    /// The keys of the settings in a link, in the order written.
    const SETTING_KEYS: &'static [&'static str];

    /// The value of each of [`Formats::SETTING_KEYS`].
    fn setting_values(settings: &Self::Settings) -> Vec<String>;
    /// Reads one setting; false when the value is not valid for the key.
    fn read_setting(settings: &mut Self::Settings, key: &str, value: &str) -> bool;
    /// The start as text, when it is not the settings' usual start.
    fn start_text(settings: &Self::Settings, start: &Self::Position) -> Option<String>;
    /// Reads a start, fitting the settings to it; `given` are the setting
    /// keys the link gave (a start may not contradict them).
    fn read_start(
        settings: &mut Self::Settings,
        text: &str,
        given: &[String],
    ) -> Result<Self::Position, Self::StartError>;
    /// The moves as links and saves write them.
    fn moves_text(settings: &Self::Settings, moves: &[Move<Self>]) -> String;
    /// Reads moves written by [`Formats::moves_text`] from `start`.
    fn read_moves(
        settings: &Self::Settings,
        start: &Self::Position,
        text: &str,
    ) -> Result<Vec<Move<Self>>, Self::RecordError>;
    /// The moves as the game's record text (what "copy moves" copies and
    /// the paste box reads).
    fn record_text(settings: &Self::Settings, moves: &[Move<Self>]) -> String;
    /// Checks settings read from a save (serde reads them unchecked).
    fn check_settings(_settings: &Self::Settings) -> Result<(), String> {
        Ok(())
    }
    /// The version of [`Formats::moves_text`]: 1 until a game changes how
    /// it writes its moves. Above 1, links carry `v=<version>` and saves
    /// `"moves_version"`; a link or a save without it is of version 1.
    const MOVES_VERSION: u32 = 1;
    /// Reads moves written by version `version` (1 to
    /// [`Formats::MOVES_VERSION`]) of [`Formats::moves_text`]; a game that
    /// never changed it has only [`Formats::read_moves`].
    fn read_moves_of(
        settings: &Self::Settings,
        start: &Self::Position,
        text: &str,
        _version: u32,
    ) -> Result<Vec<Move<Self>>, Self::RecordError> {
        Self::read_moves(settings, start, text)
    }
}

/// The version of the moves' text a link's `v` or a save names, if `G`
/// has written it.
fn moves_version<G: Formats>(version: u32) -> Option<u32> {
    (1..=G::MOVES_VERSION).contains(&version).then_some(version)
}

/// Why a link was refused.
#[derive(Clone, PartialEq, Debug)]
pub enum LinkError<S, R> {
    /// Unknown or repeated keys.
    Query(QueryError),
    /// A value that is not valid for its key.
    BadValue {
        /// The key.
        key: String,
        /// The value found.
        value: String,
    },
    /// The start does not read.
    Start(S),
    /// The moves do not replay.
    Moves(R),
}

/// The link error of game `G`.
pub type LinkErrorOf<G> =
    LinkError<<G as GameRefusals>::StartError, <G as GameRefusals>::RecordError>;

/// The keys a link of `G` may have.
fn link_keys<G: Formats>() -> Vec<&'static str> {
    let mut keys = G::SETTING_KEYS.to_vec();
    keys.extend(["start", "moves", "at"]);
    if G::MOVES_VERSION > 1 {
        keys.push("v");
    }
    keys
}

/// The link query of a game.
pub fn encode<G: Formats>(settings: &G::Settings, record: &Record<G::Position>) -> String {
    let version = (G::MOVES_VERSION > 1).then(|| format!("v={}", G::MOVES_VERSION));
    let mut parts: Vec<String> = version
        .into_iter()
        .chain(
            G::SETTING_KEYS
                .iter()
                .zip(G::setting_values(settings))
                .map(|(key, value)| format!("{key}={value}")),
        )
        .collect();
    if let Some(start) = G::start_text(settings, &record.start()) {
        parts.push(format!("start={}", start.replace(' ', "+")));
    }
    let moves = G::moves_text(settings, record.line());
    if !moves.is_empty() {
        parts.push(format!("moves={}", moves.replace(' ', "+")));
    }
    if record.cursor() != record.line().len() {
        parts.push(format!("at={}", record.cursor()));
    }
    parts.join("&")
}

/// Reads a link query back into settings and a record.
pub fn decode<G: Formats>(query: &str) -> Result<Game<G>, LinkErrorOf<G>> {
    let mut settings = G::Settings::default();
    let (mut start, mut moves, mut cursor) = (None, String::new(), None);
    let (mut given, mut version) = (Vec::new(), 1);
    for (key, value) in pairs(query, &link_keys::<G>()).map_err(LinkError::Query)? {
        match key.as_str() {
            "start" => start = Some(value),
            "v" => {
                version = crate::engine::text::parse_number(&value)
                    .and_then(moves_version::<G>)
                    .ok_or(LinkError::BadValue {
                        key: key.clone(),
                        value,
                    })?
            }
            "moves" => moves = value,
            "at" => {
                cursor = Some(crate::engine::text::parse_number::<usize>(&value).ok_or(
                    LinkError::BadValue {
                        key: key.clone(),
                        value,
                    },
                )?)
            }
            _ if G::read_setting(&mut settings, &key, &value) => given.push(key),
            _ => return Err(LinkError::BadValue { key, value }),
        }
    }
    let start = match start {
        Some(text) => G::read_start(&mut settings, &text, &given).map_err(LinkError::Start)?,
        None => G::start(&settings),
    };
    let line = G::read_moves_of(&settings, &start, &moves, version).map_err(LinkError::Moves)?;
    let cursor = cursor.unwrap_or(line.len());
    let record = Record::from_moves(start, &line, cursor).ok_or(LinkError::BadValue {
        key: "at".into(),
        value: cursor.to_string(),
    })?;
    Ok((settings, record))
}

/// A link's `clock` value as [`encode_clock`] writes it: a kept clock
/// ([`super::clock::Clock::kept_text`]) with its `+` escaped.
pub fn encode_clock(kept: &str) -> String {
    format!("clock={}", kept.replace('%', "%25").replace('+', "%2B"))
}

/// Reads a link that may carry the game's clock (`…&clock=5%2B3;…`): the
/// game, and the clock's kept text when it reads and belongs to the
/// link's game. A clock that does not is an error of the whole link, like
/// any other value: never a half-loaded game.
pub fn decode_with_clock<G: Formats>(
    query: &str,
) -> Result<(Game<G>, Option<String>), LinkErrorOf<G>> {
    let is_clock = |pair: &&str| pair.split_once('=').map_or(*pair, |(k, _)| k) == "clock";
    let clocks: Vec<&str> = query.split('&').filter(is_clock).collect();
    if clocks.len() > 1 {
        return Err(LinkError::Query(crate::query::QueryError::RepeatedKey(
            "clock".into(),
        )));
    }
    let rest: Vec<&str> = query.split('&').filter(|p| !is_clock(p)).collect();
    let game = decode::<G>(&rest.join("&"))?;
    let Some(pair) = clocks.first() else {
        return Ok((game, None));
    };
    let kept = crate::query::percent_decode(pair.split_once('=').map_or("", |(_, v)| v));
    let plies = game.1.line().len();
    match super::clock::Clock::read_kept(&kept, plies) {
        Some(_) => Ok((game, Some(kept))),
        None => Err(LinkError::BadValue {
            key: "clock".into(),
            value: kept,
        }),
    }
}

/// The autosave text of a game.
pub fn save<G: Formats>(settings: &G::Settings, record: &Record<G::Position>) -> String {
    let start = G::start_text(settings, &record.start()).unwrap_or_default();
    super::saved::save(
        settings,
        start,
        vec![G::moves_text(settings, record.line())],
        record.cursor(),
        G::MOVES_VERSION,
    )
}

/// Restores a game from its autosave text, checking everything.
pub fn load<G: Formats>(text: &str) -> Result<Game<G>, SavedError> {
    let saved = super::saved::read::<G::Settings>(text)?;
    let version =
        moves_version::<G>(saved.moves_version).ok_or(SavedError::Version(saved.moves_version))?;
    let invalid = |e: String| SavedError::Invalid(e);
    G::check_settings(&saved.settings).map_err(invalid)?;
    let mut settings = saved.settings.clone();
    let start = if saved.start.is_empty() {
        G::start(&settings)
    } else {
        G::read_start(&mut settings, &saved.start, &[])
            .map_err(|e| invalid(format!("start: {e:?}")))?
    };
    if settings != saved.settings {
        return Err(invalid("the start does not match the settings".into()));
    }
    // Saves list the moves one by one (older ones) or as one text.
    let line = G::read_moves_of(&settings, &start, &saved.moves.join(" "), version)
        .map_err(|e| invalid(format!("moves: {e:?}")))?;
    let record = Record::from_moves(start, &line, saved.cursor)
        .ok_or_else(|| invalid(format!("move {} is beyond the game", saved.cursor)))?;
    Ok((settings, record))
}
