//! Take-away share links: `start=nim:11+nim:5&misere=1&first=human&second=c7&moves=3:18,0:2&at=1`.

use std::fmt;

use crate::engine::nim::position::MoveTextError;
use crate::engine::nim::{parse_position, PositionError};
use crate::session::player::Player;
use crate::session::query::{pairs, QueryError};

use super::{replay, Record, Settings};

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
    /// The heaps do not parse.
    Start(PositionError),
    /// A move (numbered from 1) does not replay.
    Moves(usize, MoveTextError),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Query(e) => e.fmt(f),
            LinkError::BadValue { key, value } => write!(f, "{key}: {value:?} is not valid"),
            LinkError::Start(e) => write!(f, "start: {e}"),
            LinkError::Moves(n, e) => write!(f, "move {n}: {e}"),
        }
    }
}

impl std::error::Error for LinkError {}

/// The link query of a game.
pub fn encode(settings: &Settings, record: &Record) -> String {
    let mut parts = vec![
        format!("start={}", settings.start.to_string().replace(' ', "+")),
        format!("misere={}", u8::from(settings.misere)),
        format!("first={}", settings.first.code()),
        format!("second={}", settings.second.code()),
    ];
    if !record.line().is_empty() {
        let moves: Vec<String> = record.line().iter().map(|m| m.to_string()).collect();
        parts.push(format!("moves={}", moves.join(",")));
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
    for (key, value) in pairs(
        query,
        &["start", "misere", "first", "second", "moves", "at"],
    )
    .map_err(LinkError::Query)?
    {
        let bad = || LinkError::BadValue {
            key: key.clone(),
            value: value.clone(),
        };
        match key.as_str() {
            "start" => settings.start = parse_position(&value).map_err(LinkError::Start)?,
            "misere" => {
                settings.misere = match value.as_str() {
                    "0" => false,
                    "1" => true,
                    _ => return Err(bad()),
                }
            }
            "first" => settings.first = Player::from_code(&value).ok_or_else(bad)?,
            "second" => settings.second = Player::from_code(&value).ok_or_else(bad)?,
            "moves" => moves = value,
            "at" => cursor = Some(crate::engine::text::parse_number(&value).ok_or_else(bad)?),
            _ => unreachable!("pairs() admits only known keys"),
        }
    }
    let texts: Vec<&str> = moves
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .collect();
    let mut record = replay(&settings.start, &texts).map_err(|(n, e)| LinkError::Moves(n, e))?;
    if let Some(cursor) = cursor {
        if cursor > record.line().len() {
            return Err(LinkError::BadValue {
                key: "at".into(),
                value: cursor.to_string(),
            });
        }
        record.go_to(cursor);
    }
    Ok((settings, record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::strength::Level;

    #[test]
    fn links_round_trip() {
        let settings = Settings {
            start: parse_position("nim:11 sub{1,3,4}:10 half:9").unwrap(),
            misere: true,
            first: Player::Computer(Level::new(2).unwrap()),
            second: Player::Human,
        };
        let mut record = replay(&settings.start, &["0:3", "1:4"]).unwrap();
        record.go_to(1);
        let link = encode(&settings, &record);
        assert_eq!(
            link,
            "start=nim:11+sub{1,3,4}:10+half:9&misere=1&first=c2&second=human&moves=0:3,1:4&at=1"
        );
        assert_eq!(decode(&link), Ok((settings, record)));
    }

    #[test]
    fn tampered_links_are_refused() {
        assert!(matches!(decode("start=chess:4"), Err(LinkError::Start(_))));
        assert!(matches!(
            decode("start=half:9&moves=0:5"),
            Err(LinkError::Moves(1, _))
        ));
        assert!(matches!(
            decode("misere=yes"),
            Err(LinkError::BadValue { .. })
        ));
        assert!(matches!(decode("x=1"), Err(LinkError::Query(_))));
    }
}
