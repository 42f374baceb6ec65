//! Share links: a game (settings, start, moves, cursor) as URL query text,
//! e.g. `size=8&variant=standard&black=human&white=c4&time=3000&moves=f5d6c3`.
//! Reading a link checks everything; a tampered link is an error, never a
//! half-loaded game.

use std::fmt;

use crate::engine::othello::notation::{
    format_transcript, parse_board, replay, BoardTextError, TranscriptError,
};
use crate::engine::othello::{BoardSize, Move, Position, Variant};
use crate::session::query::{pairs, QueryError};

use super::settings::{Player, Settings};
use super::Record;

/// Why a link could not be read.
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
    /// The start board is not a valid position.
    Board(BoardTextError),
    /// The start board does not fit the size given.
    SizeMismatch,
    /// The moves do not replay.
    Moves(TranscriptError),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Query(e) => e.fmt(f),
            LinkError::BadValue { key, value } => write!(f, "{key}: {value:?} is not valid"),
            LinkError::Board(e) => write!(f, "start: {e}"),
            LinkError::SizeMismatch => f.write_str("start: the board does not match the size"),
            LinkError::Moves(e) => write!(f, "moves: {e}"),
        }
    }
}

impl std::error::Error for LinkError {}

/// The link query of a game.
pub fn encode(settings: &Settings, record: &Record) -> String {
    let mut parts = vec![
        format!("size={}", settings.rules.size.side()),
        format!("variant={}", settings.rules.variant.name()),
        format!("black={}", settings.black.code()),
        format!("white={}", settings.white.code()),
        format!("time={}", settings.think_ms),
    ];
    let start = record.start();
    if start != Position::start(settings.rules) {
        let board = crate::engine::othello::notation::board_text(&start).replace(' ', "");
        parts.push(format!("start={board}"));
    }
    // Passes are implied in a transcript, except at its end: a pass that
    // ends the line is written, so the link keeps it.
    let line = record.line();
    let kept = line.len() - line.iter().rev().take_while(|m| **m == Move::Pass).count();
    let mut moves = format_transcript(&line[..kept]);
    for _ in kept..line.len() {
        moves.push_str("pa");
    }
    if !moves.is_empty() {
        parts.push(format!("moves={moves}"));
    }
    if record.cursor() != record.line().len() {
        parts.push(format!("at={}", record.cursor()));
    }
    parts.join("&")
}

/// Reads a link query back into settings and a record.
pub fn decode(query: &str) -> Result<(Settings, Record), LinkError> {
    let mut settings = Settings::default();
    let mut size = None;
    let mut start_text = None;
    let mut moves_text = String::new();
    let mut cursor: Option<usize> = None;
    let known = [
        "size", "variant", "black", "white", "time", "start", "moves", "at",
    ];
    for (key, value) in pairs(query, &known).map_err(LinkError::Query)? {
        let bad = || LinkError::BadValue {
            key: key.clone(),
            value: value.clone(),
        };
        match key.as_str() {
            "size" => {
                size = Some(
                    crate::engine::text::parse_number(&value)
                        .and_then(BoardSize::from_side)
                        .ok_or_else(bad)?,
                );
            }
            "variant" => settings.rules.variant = value.parse::<Variant>().map_err(|_| bad())?,
            "black" => settings.black = Player::from_code(&value).ok_or_else(bad)?,
            "white" => settings.white = Player::from_code(&value).ok_or_else(bad)?,
            "time" => {
                settings.think_ms = crate::engine::text::parse_number(&value)
                    .filter(|t| crate::session::player::THINK_MS_RANGE.contains(t))
                    .ok_or_else(bad)?
            }
            "start" => start_text = Some(value),
            "moves" => moves_text = value,
            "at" => cursor = Some(crate::engine::text::parse_number(&value).ok_or_else(bad)?),
            _ => unreachable!("pairs() admits only known keys"),
        }
    }
    settings.rules.size = size.unwrap_or_default();
    let start = match start_text {
        None => Position::start(settings.rules),
        Some(text) => {
            let (board, side) = crate::engine::text::split_last_char(&text);
            let position = parse_board(&format!("{board} {side}"), settings.rules.variant)
                .map_err(LinkError::Board)?;
            if size.is_some() && position.rules().size != settings.rules.size {
                return Err(LinkError::SizeMismatch);
            }
            settings.rules = position.rules();
            position
        }
    };
    let game = replay(start, &moves_text).map_err(LinkError::Moves)?;
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
    use crate::engine::othello::notation::replay_from_start;
    use crate::engine::othello::{Level, Rules};

    fn record_of(rules: Rules, moves: &str) -> Record {
        let game = replay_from_start(rules, moves).unwrap();
        Record::from_moves(game.start, &game.moves, game.moves.len()).unwrap()
    }

    #[test]
    fn links_round_trip() {
        let settings = Settings {
            rules: Rules::new(BoardSize::Six, Variant::Anti),
            black: Player::Computer(Level::new(2).unwrap()),
            white: Player::Human,
            think_ms: 5000,
        };
        let mut record = record_of(settings.rules, "c2 b4");
        record.go_to(1);
        let link = encode(&settings, &record);
        assert_eq!(
            link,
            "size=6&variant=anti&black=c2&white=human&time=5000&moves=c2b4&at=1"
        );
        assert_eq!(decode(&link), Ok((settings, record)));
    }

    #[test]
    fn a_custom_start_round_trips() {
        let start = parse_board(
            "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
            Variant::Standard,
        )
        .unwrap();
        let mut record = Record::new(start);
        record.play(start.moves()[0]).unwrap();
        let settings = Settings::default();
        let link = encode(&settings, &record);
        assert!(link.contains("start=O--OOOOX"), "{link}");
        assert_eq!(decode(&link), Ok((settings, record)));
    }

    #[test]
    fn tampered_links_are_refused() {
        assert_eq!(
            decode("size=7"),
            Err(LinkError::BadValue {
                key: "size".into(),
                value: "7".into()
            })
        );
        assert_eq!(
            decode("colour=red"),
            Err(LinkError::Query(QueryError::UnknownKey("colour".into())))
        );
        assert_eq!(
            decode("black=c9"),
            Err(LinkError::BadValue {
                key: "black".into(),
                value: "c9".into()
            })
        );
        assert!(matches!(decode("moves=f5d6a1"), Err(LinkError::Moves(_))));
        assert!(matches!(
            decode("moves=f5&at=5"),
            Err(LinkError::BadValue { .. })
        ));
        assert!(matches!(decode("start=XXX"), Err(LinkError::Board(_))));
        assert!(matches!(
            decode("size=8&size=6"),
            Err(LinkError::Query(QueryError::RepeatedKey(_)))
        ));
        assert_eq!(decode("moves=f5%20d6").map(|(_, r)| r.cursor()), Ok(2));
    }

    #[test]
    fn an_empty_link_is_a_default_game() {
        let (settings, record) = decode("").unwrap();
        assert_eq!(settings, Settings::default());
        assert_eq!(record.cursor(), 0);
    }
}
