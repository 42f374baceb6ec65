//! Share links: a game (settings, start, moves, cursor) as URL query text,
//! e.g. `size=8&variant=standard&black=human&white=c4&time=3000&moves=f5d6c3`.
//! Reading a link checks everything; a tampered link is an error, never a
//! half-loaded game.

use std::fmt;

use crate::engine::othello::notation::{
    format_transcript, parse_board, replay, BoardTextError, TranscriptError,
};
use crate::engine::othello::{BoardSize, Level, Position, Variant};

use super::record::Record;
use super::settings::{Player, Settings};

/// Why a link could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LinkError {
    /// A key the app does not write.
    UnknownKey(String),
    /// A key given twice.
    RepeatedKey(String),
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
            LinkError::UnknownKey(k) => write!(f, "unknown key {k:?}"),
            LinkError::RepeatedKey(k) => write!(f, "key {k:?} given twice"),
            LinkError::BadValue { key, value } => write!(f, "{key}: {value:?} is not valid"),
            LinkError::Board(e) => write!(f, "start: {e}"),
            LinkError::SizeMismatch => f.write_str("start: the board does not match the size"),
            LinkError::Moves(e) => write!(f, "moves: {e}"),
        }
    }
}

impl std::error::Error for LinkError {}

fn player_text(player: Player) -> String {
    match player {
        Player::Human => "human".into(),
        Player::Computer(level) => format!("c{}", level.number()),
    }
}

fn parse_player(text: &str) -> Option<Player> {
    if text == "human" {
        return Some(Player::Human);
    }
    let n = text.strip_prefix('c')?.parse().ok()?;
    Level::new(n).map(Player::Computer)
}

/// The link query of a game.
pub fn encode(settings: &Settings, record: &Record) -> String {
    let mut parts = vec![
        format!("size={}", settings.rules.size.side()),
        format!("variant={}", settings.rules.variant.name()),
        format!("black={}", player_text(settings.black)),
        format!("white={}", player_text(settings.white)),
        format!("time={}", settings.think_ms),
    ];
    let start = record.start();
    if start != Position::start(settings.rules) {
        let board = crate::engine::othello::notation::board_text(&start).replace(' ', "");
        parts.push(format!("start={board}"));
    }
    let moves = format_transcript(record.line());
    if !moves.is_empty() {
        parts.push(format!("moves={moves}"));
    }
    if record.cursor() != record.line().len() {
        parts.push(format!("at={}", record.cursor()));
    }
    parts.join("&")
}

/// Decodes `%XX` escapes and `+`; invalid escapes are kept as they are.
pub(crate) fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%' && i + 2 < bytes.len())
            .then(|| std::str::from_utf8(&bytes[i + 1..i + 3]).ok())
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match (escaped, bytes[i]) {
            (Some(b), _) => {
                out.push(b);
                i += 3;
                continue;
            }
            (None, b'+') => out.push(b' '),
            (None, b) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads a link query back into settings and a record.
pub fn decode(query: &str) -> Result<(Settings, Record), LinkError> {
    let mut settings = Settings::default();
    let mut size = None;
    let mut start_text = None;
    let mut moves_text = String::new();
    let mut cursor = None;
    let mut seen: Vec<String> = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
        let key = percent_decode(key);
        let value = percent_decode(raw);
        if seen.contains(&key) {
            return Err(LinkError::RepeatedKey(key));
        }
        seen.push(key.clone());
        let bad = || LinkError::BadValue {
            key: key.clone(),
            value: value.clone(),
        };
        match key.as_str() {
            "size" => {
                size = Some(
                    value
                        .parse()
                        .ok()
                        .and_then(BoardSize::from_side)
                        .ok_or_else(bad)?,
                );
            }
            "variant" => settings.rules.variant = value.parse::<Variant>().map_err(|_| bad())?,
            "black" => settings.black = parse_player(&value).ok_or_else(bad)?,
            "white" => settings.white = parse_player(&value).ok_or_else(bad)?,
            "time" => {
                settings.think_ms = value
                    .parse()
                    .ok()
                    .filter(|t| (100..=600_000).contains(t))
                    .ok_or_else(bad)?
            }
            "start" => start_text = Some(value),
            "moves" => moves_text = value,
            "at" => cursor = Some(value.parse::<usize>().map_err(|_| bad())?),
            _ => return Err(LinkError::UnknownKey(key)),
        }
    }
    settings.rules.size = size.unwrap_or_default();
    let start = match start_text {
        None => Position::start(settings.rules),
        Some(text) => {
            let (board, side) = text.split_at(text.len().saturating_sub(1));
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
    use crate::engine::othello::Rules;

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
            Err(LinkError::UnknownKey("colour".into()))
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
            Err(LinkError::RepeatedKey(_))
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
