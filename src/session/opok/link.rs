//! Opok share links: `size=5&circles=human&squares=c3&time=3000&moves=a1:3:b3,e5:1:e4&at=1`.

use std::fmt;

use crate::engine::opok::notation::{record_text, replay, RecordError};
use crate::engine::opok::{Geometry, Position};
use crate::session::player::Player;
use crate::session::query::{pairs, QueryError};

use super::{Record, Settings};

/// Why a link was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LinkError {
    /// Unknown or repeated keys.
    Query(QueryError),
    /// A value that is not valid for its key.
    BadValue {
        /// The key.
        key: String,
        /// The value found.
        value: String,
    },
    /// The moves do not replay.
    Moves(RecordError),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Query(e) => e.fmt(f),
            LinkError::BadValue { key, value } => write!(f, "{key}: {value:?} is not valid"),
            LinkError::Moves(e) => write!(f, "moves: {e}"),
        }
    }
}

impl std::error::Error for LinkError {}

/// The link query of a game.
pub fn encode(settings: &Settings, record: &Record) -> String {
    let mut parts = vec![
        format!("size={}", settings.geometry.size()),
        format!("circles={}", settings.circles.code()),
        format!("squares={}", settings.squares.code()),
        format!("time={}", settings.think_ms),
    ];
    if !record.line().is_empty() {
        parts.push(format!(
            "moves={}",
            record_text(settings.geometry, record.line()).replace(' ', ",")
        ));
    }
    if record.cursor() != record.line().len() {
        parts.push(format!("at={}", record.cursor()));
    }
    parts.join("&")
}

/// Reads a link query back into settings and a record.
pub fn decode(query: &str) -> Result<(Settings, Record), LinkError> {
    let mut settings = Settings::default();
    let mut moves = String::new();
    let mut cursor: Option<usize> = None;
    let known = ["size", "circles", "squares", "time", "moves", "at"];
    for (key, value) in pairs(query, &known).map_err(LinkError::Query)? {
        let bad = || LinkError::BadValue {
            key: key.clone(),
            value: value.clone(),
        };
        match key.as_str() {
            "size" => {
                settings.geometry = crate::engine::text::parse_number(&value)
                    .and_then(Geometry::new)
                    .ok_or_else(bad)?
            }
            "circles" => settings.circles = Player::from_code(&value).ok_or_else(bad)?,
            "squares" => settings.squares = Player::from_code(&value).ok_or_else(bad)?,
            "time" => {
                settings.think_ms = crate::engine::text::parse_number(&value)
                    .filter(|t| crate::session::player::THINK_MS_RANGE.contains(t))
                    .ok_or_else(bad)?
            }
            "moves" => moves = value,
            "at" => cursor = Some(crate::engine::text::parse_number(&value).ok_or_else(bad)?),
            _ => unreachable!("pairs() admits only known keys"),
        }
    }
    let start = Position::start(settings.geometry);
    let game = replay(start, &moves).map_err(LinkError::Moves)?;
    let cursor = cursor.unwrap_or(game.moves.len());
    let record =
        Record::from_moves(start, &game.moves, cursor).ok_or_else(|| LinkError::BadValue {
            key: "at".into(),
            value: cursor.to_string(),
        })?;
    Ok((settings, record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::opok::Level;

    #[test]
    fn links_round_trip() {
        let settings = Settings {
            geometry: Geometry::new(4).unwrap(),
            circles: Player::Computer(Level::new(2).unwrap()),
            squares: Player::Human,
            think_ms: 1000,
        };
        let start = Position::start(settings.geometry);
        let game = replay(start, "a1:3:b3 d4:1:d3").unwrap();
        let record = Record::from_moves(start, &game.moves, 1).unwrap();
        let link = encode(&settings, &record);
        assert_eq!(
            link,
            "size=4&circles=c2&squares=human&time=1000&moves=a1:3:b3,d4:1:d3&at=1"
        );
        assert_eq!(decode(&link), Ok((settings, record)));
    }

    #[test]
    fn tampered_links_are_refused() {
        assert!(matches!(decode("size=10"), Err(LinkError::BadValue { .. })));
        assert!(matches!(
            decode("moves=a1:3:b3,a1:3:b3"),
            Err(LinkError::Moves(_))
        ));
        assert!(matches!(decode("colour=red"), Err(LinkError::Query(_))));
        assert!(matches!(
            decode("moves=a1:1:b1&at=9"),
            Err(LinkError::BadValue { .. })
        ));
    }
}
