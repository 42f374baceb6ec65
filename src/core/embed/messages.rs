//! The postMessage API of embedded frames, version 1 (`docs/embed.md`).
//!
//! Every message is a JSON object with `"source"`, `"version": 1` and
//! `"type"`. The frame writes [`FrameMessage`]s (`"source": "mind-sports"`)
//! with [`frame_message`] and sends them only to the origin of its
//! `parent` parameter; it reads the page's [`HostMessage`]s
//! (`"source": "mind-sports-host"`) with [`read_host_message`], which
//! refuses everything when there is no `parent` and anything from another
//! origin, too large, of another source or version, of an unknown type or
//! with fields that are not the type's.
//!
//! ```
//! use mind_sports_core::embed::messages::{host_message, read_host_message, HostMessage};
//! use mind_sports_core::embed::origin::Origin;
//!
//! let club = Origin::parse("https://club.example").unwrap();
//! let json = r#"{"source":"mind-sports-host","version":1,"type":"goToPly","ply":4}"#;
//! let message = read_host_message("https://club.example", Some(&club), json).unwrap();
//! assert_eq!(message, HostMessage::GoToPly { ply: 4 });
//! assert_eq!(host_message(&message), json);
//! assert!(read_host_message("https://other.example", Some(&club), json).is_err());
//! assert!(read_host_message("https://club.example", None, json).is_err());
//! ```

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::origin::Origin;
use super::params::{EmbedParams, Game, Mode, Theme, KEYS};
use crate::lang::Lang;

/// The `source` of the frame's messages.
pub const FRAME_SOURCE: &str = "mind-sports";
/// The `source` of the page's messages.
pub const HOST_SOURCE: &str = "mind-sports-host";
/// The version of the API.
pub const VERSION: u64 = 1;
/// The largest page message read, in bytes of JSON.
pub const MAX_MESSAGE_LEN: usize = 64 * 1024;

/// Where a game stands: the fields of `move` and `position`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PositionInfo {
    /// How many moves are on the board (0 at the start).
    pub ply: u32,
    /// The last of them in the app's notation (`f5`, `a1:3:b3`, `0:3`);
    /// `null` at the start.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// The moves from the start as the `moves` parameter writes them.
    pub moves: String,
    /// The side to move (`black`/`white`, `circles`/`squares`,
    /// `first`/`second`); `null` when the game is over.
    pub to_move: Option<String>,
}

impl PositionInfo {
    /// The position of a frame that shows no game of its own (a lesson or
    /// a puzzle, whose board is the lesson's): ply 0, no move, nothing to
    /// move.
    pub fn none() -> PositionInfo {
        PositionInfo {
            ply: 0,
            mv: None,
            moves: String::new(),
            to_move: None,
        }
    }
}

/// A message from the frame to the page.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum FrameMessage {
    /// The frame is ready for messages (sent once, first).
    Ready {
        /// The game.
        game: Game,
        /// The board's side length; `null` for take-away games.
        size: Option<u8>,
        /// The variant ([`super::params::Start::variant_name`]).
        variant: String,
        /// The mode.
        mode: Mode,
    },
    /// The frame's content is now this many CSS pixels high.
    Resize {
        /// The height.
        height: u32,
    },
    /// A move was played (by the visitor, the computer or a `play`).
    Move(PositionInfo),
    /// The position changed otherwise (an answer to `setPosition`,
    /// `newGame`, `goToPly`, `setLang`, `setTheme`, `flip`, or stepping
    /// through the moves).
    Position(PositionInfo),
    /// The game is over.
    GameOver {
        /// The winner's side name, or `draw`.
        result: String,
        /// The final score where the game has one (Othello's discs,
        /// `33-31`); `null` otherwise.
        score: Option<String>,
    },
    /// A lesson was completed.
    LessonComplete {
        /// The lesson's id.
        id: String,
        /// The stars earned (0 to 3).
        stars: u8,
    },
    /// A puzzle was solved.
    PuzzleSolved {
        /// The puzzle's id.
        id: String,
        /// The attempts it took (1 for a first-time solve).
        tries: u32,
    },
    /// Something the page asked for or gave was refused.
    Error {
        /// What, in English.
        message: String,
    },
}

impl FrameMessage {
    /// The `ready` message of a frame with `params`.
    pub fn ready(params: &EmbedParams) -> FrameMessage {
        FrameMessage::Ready {
            game: params.game(),
            size: params.start.size(),
            variant: params.start.variant_name(),
            mode: params.mode,
        }
    }

    /// An `error` message listing `errors` (`key="value": reason; …`).
    pub fn errors<E: fmt::Display>(errors: &[E]) -> FrameMessage {
        FrameMessage::Error {
            message: errors
                .iter()
                .map(E::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        }
    }
}

/// A new start and/or moves (`setPosition`): at least one field, at most
/// one of `board`, `position`, `heaps`.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetPosition {
    /// Moves from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<String>,
    /// An Othello board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// An Opok position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Take-away heaps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heaps: Option<String>,
}

impl SetPosition {
    /// The fields as URL parameters, for [`EmbedParams::changed`].
    pub fn fields(&self) -> Vec<(&'static str, &str)> {
        [
            ("board", &self.board),
            ("position", &self.position),
            ("heaps", &self.heaps),
            ("moves", &self.moves),
        ]
        .into_iter()
        .filter_map(|(key, value)| value.as_deref().map(|v| (key, v)))
        .collect()
    }
}

/// A message from the page to the frame. Each is answered by `position`
/// or `error`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum HostMessage {
    /// Play a move in the app's notation (`f5`, `a1:3:b3`, `0:3`).
    Play {
        /// The move.
        mv: String,
    },
    /// Show another start and/or moves.
    SetPosition(SetPosition),
    /// Start a new game with these URL parameters ([`EmbedParams::changed`];
    /// any but `parent`); values as given, numbers in decimal and
    /// `true`/`false` as `1`/`0`.
    NewGame(BTreeMap<String, String>),
    /// Show the position after this many moves.
    GoToPly {
        /// The number of moves.
        ply: u32,
    },
    /// Switch the language.
    SetLang {
        /// The language.
        lang: Lang,
    },
    /// Switch the colours.
    SetTheme {
        /// The theme.
        theme: Theme,
    },
    /// Turn the board around.
    Flip,
}

impl HostMessage {
    /// The message's `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            HostMessage::Play { .. } => "play",
            HostMessage::SetPosition(_) => "setPosition",
            HostMessage::NewGame(_) => "newGame",
            HostMessage::GoToPly { .. } => "goToPly",
            HostMessage::SetLang { .. } => "setLang",
            HostMessage::SetTheme { .. } => "setTheme",
            HostMessage::Flip => "flip",
        }
    }
}

/// Why a page's message was not read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MessageError {
    /// The frame has no `parent`: it accepts nothing.
    NoParent,
    /// From another origin than `parent` (the origin, shortened).
    WrongOrigin(String),
    /// Larger than [`MAX_MESSAGE_LEN`] bytes.
    TooLarge(usize),
    /// Not JSON (the reader's reason).
    NotJson(String),
    /// JSON, but not an object.
    NotAnObject,
    /// Not `"source": "mind-sports-host"` (another script's message, or
    /// the frame's own).
    WrongSource,
    /// Not `"version": 1` (the version given, if a number).
    WrongVersion(Option<u64>),
    /// No `type`, or one that is not a message of the API.
    UnknownType(String),
    /// The fields are not those of the type.
    BadFields {
        /// The type.
        kind: &'static str,
        /// What is wrong.
        reason: String,
    },
}

impl MessageError {
    /// Whether the frame answers with an `error` message: only a message
    /// from its page meant for it (the right origin and source) that it
    /// cannot follow; anything else is ignored silently.
    pub fn is_answered(&self) -> bool {
        matches!(
            self,
            MessageError::WrongVersion(_)
                | MessageError::UnknownType(_)
                | MessageError::BadFields { .. }
        )
    }
}

impl fmt::Display for MessageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageError::NoParent => {
                f.write_str("the frame has no parent parameter: messages are off")
            }
            MessageError::WrongOrigin(o) => write!(f, "a message from {o:?} is not the parent's"),
            MessageError::TooLarge(n) => {
                write!(f, "a message of {n} bytes; at most {MAX_MESSAGE_LEN}")
            }
            MessageError::NotJson(why) => write!(f, "not JSON: {why}"),
            MessageError::NotAnObject => f.write_str("a message is a JSON object"),
            MessageError::WrongSource => write!(f, "the source is not {HOST_SOURCE:?}"),
            MessageError::WrongVersion(Some(v)) => {
                write!(
                    f,
                    "version {v} is not supported (this frame speaks version {VERSION})"
                )
            }
            MessageError::WrongVersion(None) => write!(f, "\"version\": {VERSION} is missing"),
            MessageError::UnknownType(t) if t.is_empty() => {
                write!(f, "a message needs a type: {}", HOST_TYPES.join(", "))
            }
            MessageError::UnknownType(t) => write!(
                f,
                "{t:?} is not a message type; the types are {}",
                HOST_TYPES.join(", ")
            ),
            MessageError::BadFields { kind, reason } => write!(f, "{kind}: {reason}"),
        }
    }
}

impl std::error::Error for MessageError {}

/// Reads a message the frame received: `origin` is the event's origin,
/// `parent` the frame's `parent` parameter, `json` the message
/// (`JSON.stringify(event.data)`). See [`MessageError`] for what is
/// refused; the caller must also check that the event came from
/// `window.parent`.
pub fn read_host_message(
    origin: &str,
    parent: Option<&Origin>,
    json: &str,
) -> Result<HostMessage, MessageError> {
    let parent = parent.ok_or(MessageError::NoParent)?;
    if !parent.matches(origin) {
        return Err(MessageError::WrongOrigin(crate::engine::text::excerpt(
            origin, 60,
        )));
    }
    let mut fields = open_envelope(json, HOST_SOURCE)?;
    let kind = match fields.remove("type") {
        Some(Value::String(kind)) => kind,
        Some(other) => return Err(MessageError::UnknownType(shorten(&other.to_string()))),
        None => return Err(MessageError::UnknownType(String::new())),
    };
    read_fields(&kind, fields)
}

/// The message of type `kind` from its other fields. Every refusal is a
/// sentence naming the type and the field (never the reader's own words).
fn read_fields(kind: &str, fields: Map<String, Value>) -> Result<HostMessage, MessageError> {
    let Some(kind) = HOST_TYPES.iter().copied().find(|k| *k == kind) else {
        return Err(MessageError::UnknownType(shorten(kind)));
    };
    let mut f = Fields { kind, fields };
    let message = match kind {
        "play" => {
            f.only(&["move"])?;
            HostMessage::Play {
                mv: f.required_text("move")?,
            }
        }
        "setPosition" => {
            f.only(&["moves", "board", "position", "heaps"])?;
            let set = SetPosition {
                moves: f.text("moves")?,
                board: f.text("board")?,
                position: f.text("position")?,
                heaps: f.text("heaps")?,
            };
            let starts = [&set.board, &set.position, &set.heaps]
                .iter()
                .filter(|f| f.is_some())
                .count();
            match (set.moves.is_some(), starts) {
                (false, 0) => return Err(f.bad("give moves, board, position or heaps")),
                (_, 2..) => return Err(f.bad("give only one of board, position and heaps")),
                _ => HostMessage::SetPosition(set),
            }
        }
        "newGame" => HostMessage::NewGame(f.parameters()?),
        "goToPly" => {
            f.only(&["ply"])?;
            HostMessage::GoToPly {
                ply: f.whole("ply")?,
            }
        }
        "setLang" => {
            f.only(&["lang"])?;
            let code = f.required_text("lang")?;
            let lang = Lang::from_code(&code)
                .ok_or_else(|| f.bad(&format!("{:?} is not en, cs or ru", shorten(&code))))?;
            HostMessage::SetLang { lang }
        }
        "setTheme" => {
            f.only(&["theme"])?;
            let name = f.required_text("theme")?;
            let theme = Theme::from_name(&name).ok_or_else(|| {
                f.bad(&format!(
                    "{:?} is not light, dark, contrast or auto",
                    shorten(&name)
                ))
            })?;
            HostMessage::SetTheme { theme }
        }
        _ => {
            f.only(&[])?;
            HostMessage::Flip
        }
    };
    Ok(message)
}

/// The `type`s of the page's messages.
pub const HOST_TYPES: [&str; 7] = [
    "play",
    "setPosition",
    "newGame",
    "goToPly",
    "setLang",
    "setTheme",
    "flip",
];

/// The fields of a page's message of type `kind`, read one by one.
struct Fields {
    kind: &'static str,
    fields: Map<String, Value>,
}

impl Fields {
    /// A refusal of this message: `kind: why`.
    fn bad(&self, why: &str) -> MessageError {
        MessageError::BadFields {
            kind: self.kind,
            reason: why.to_string(),
        }
    }

    /// Refuses a field that is not among `allowed`.
    fn only(&self, allowed: &[&str]) -> Result<(), MessageError> {
        let Some(extra) = self.fields.keys().find(|k| !allowed.contains(&k.as_str())) else {
            return Ok(());
        };
        let takes = match allowed {
            [] => "it has no fields".to_string(),
            _ => format!("its fields are {}", allowed.join(", ")),
        };
        Err(self.bad(&format!(
            "{:?} is not a field of {} ({takes})",
            shorten(extra),
            self.kind
        )))
    }

    /// The text field `name`, if given.
    fn text(&mut self, name: &str) -> Result<Option<String>, MessageError> {
        match self.fields.remove(name) {
            None => Ok(None),
            Some(Value::String(text)) => Ok(Some(text)),
            Some(other) => Err(self.bad(&format!(
                "{name} must be a text, not {}",
                shorten(&other.to_string())
            ))),
        }
    }

    /// The text field `name`, which must be given.
    fn required_text(&mut self, name: &str) -> Result<String, MessageError> {
        self.text(name)?
            .ok_or_else(|| self.bad(&format!("the field {name} is missing")))
    }

    /// The whole number `name` (0 to 4 294 967 295), which must be given.
    fn whole(&mut self, name: &str) -> Result<u32, MessageError> {
        let value = self
            .fields
            .remove(name)
            .ok_or_else(|| self.bad(&format!("the field {name} is missing")))?;
        value
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| {
                self.bad(&format!(
                    "{name} must be a whole number from 0 to {}, not {}",
                    u32::MAX,
                    shorten(&value.to_string())
                ))
            })
    }

    /// The fields as URL parameters (`newGame`): any parameter but
    /// `parent`, as a text, a whole number or `true`/`false` for `1`/`0`.
    fn parameters(&mut self) -> Result<BTreeMap<String, String>, MessageError> {
        let mut params = BTreeMap::new();
        for (key, value) in std::mem::take(&mut self.fields) {
            if !KEYS.contains(&key.as_str()) {
                return Err(self.bad(&format!("{:?} is not a parameter", shorten(&key))));
            }
            if key == "parent" {
                return Err(self.bad("parent cannot be changed"));
            }
            let text = match value {
                Value::String(s) => s,
                Value::Bool(b) => u8::from(b).to_string(),
                Value::Number(n) if n.is_u64() || n.is_i64() => n.to_string(),
                other => {
                    return Err(self.bad(&format!(
                        "{key}: {} is not a text, a whole number or true/false",
                        shorten(&other.to_string())
                    )))
                }
            };
            params.insert(key, text);
        }
        Ok(params)
    }
}

/// At most 60 characters of a text for an error.
fn shorten(text: &str) -> String {
    crate::engine::text::excerpt(text, 60)
}

/// `{"source":…,"version":1,` and the rest of `body`, a JSON object
/// whose first field is its `type`.
fn envelope(source: &str, body: &str) -> String {
    let rest = body.strip_prefix('{').unwrap_or(body);
    format!("{{\"source\":\"{source}\",\"version\":{VERSION},{rest}")
}

/// A frame message as the JSON the frame posts:
/// `{"source":"mind-sports","version":1,"type":"resize","height":412}`.
pub fn frame_message(message: &FrameMessage) -> String {
    let body = serde_json::to_string(message).expect("frame messages serialise");
    envelope(FRAME_SOURCE, &body)
}

/// A page message as JSON (what `embed.js` posts, as an object).
pub fn host_message(message: &HostMessage) -> String {
    let mut fields = Map::new();
    match message {
        HostMessage::Play { mv } => {
            fields.insert("move".into(), mv.clone().into());
        }
        HostMessage::SetPosition(set) => {
            if let Ok(Value::Object(map)) = serde_json::to_value(set) {
                fields = map;
            }
        }
        HostMessage::NewGame(params) => {
            for (key, value) in params {
                fields.insert(key.clone(), value.clone().into());
            }
        }
        HostMessage::GoToPly { ply } => {
            fields.insert("ply".into(), (*ply).into());
        }
        HostMessage::SetLang { lang } => {
            fields.insert("lang".into(), lang.code().into());
        }
        HostMessage::SetTheme { theme } => {
            fields.insert("theme".into(), theme.name().into());
        }
        HostMessage::Flip => {}
    }
    let mut body = format!("{{\"type\":\"{}\"", message.kind());
    for (key, value) in fields {
        body.push(',');
        body.push_str(&Value::String(key).to_string());
        body.push(':');
        body.push_str(&value.to_string());
    }
    body.push('}');
    envelope(HOST_SOURCE, &body)
}

/// The fields of a message from `source` in version 1, without `source`
/// and `version`: refused when too large, not a JSON object, from another
/// source or of another version.
fn open_envelope(json: &str, source: &str) -> Result<Map<String, Value>, MessageError> {
    if json.len() > MAX_MESSAGE_LEN {
        return Err(MessageError::TooLarge(json.len()));
    }
    let value: Value =
        serde_json::from_str(json).map_err(|e| MessageError::NotJson(e.to_string()))?;
    let Value::Object(mut fields) = value else {
        return Err(MessageError::NotAnObject);
    };
    if fields.remove("source") != Some(Value::from(source)) {
        return Err(MessageError::WrongSource);
    }
    match fields.remove("version") {
        Some(v) if v == VERSION => Ok(fields),
        v => Err(MessageError::WrongVersion(v.and_then(|v| v.as_u64()))),
    }
}

/// Reads a frame's message (for a page written in Rust, and tests).
pub fn read_frame_message(json: &str) -> Result<FrameMessage, MessageError> {
    let fields = open_envelope(json, FRAME_SOURCE)?;
    serde_json::from_value(Value::Object(fields)).map_err(|e| MessageError::BadFields {
        kind: "frame message",
        reason: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::params::parse;

    fn club() -> Origin {
        Origin::parse("https://club.example").unwrap()
    }

    fn read(json: &str) -> Result<HostMessage, MessageError> {
        read_host_message("https://club.example", Some(&club()), json)
    }

    fn host(body: &str) -> String {
        format!(r#"{{"source":"mind-sports-host","version":1,{body}}}"#)
    }

    #[test]
    fn frame_messages_are_written_as_documented() {
        let params = parse(Game::Othello, "size=6&mode=play").params;
        assert_eq!(
            frame_message(&FrameMessage::ready(&params)),
            r#"{"source":"mind-sports","version":1,"type":"ready","game":"othello","size":6,"variant":"standard","mode":"play"}"#
        );
        let nim = parse(Game::Nim, "").params;
        assert!(
            frame_message(&FrameMessage::ready(&nim)).contains(r#""size":null,"variant":"nim""#)
        );
        assert_eq!(
            frame_message(&FrameMessage::Resize { height: 412 }),
            r#"{"source":"mind-sports","version":1,"type":"resize","height":412}"#
        );
        let info = PositionInfo {
            ply: 2,
            mv: Some("d6".into()),
            moves: "f5d6".into(),
            to_move: Some("black".into()),
        };
        assert_eq!(
            frame_message(&FrameMessage::Move(info.clone())),
            r#"{"source":"mind-sports","version":1,"type":"move","ply":2,"move":"d6","moves":"f5d6","toMove":"black"}"#
        );
        for message in [
            FrameMessage::Move(info.clone()),
            FrameMessage::Position(PositionInfo {
                mv: None,
                to_move: None,
                ..info
            }),
            FrameMessage::GameOver {
                result: "white".into(),
                score: Some("28-36".into()),
            },
            FrameMessage::LessonComplete {
                id: "nim-1-1".into(),
                stars: 3,
            },
            FrameMessage::PuzzleSolved {
                id: "corner-0a1b2c3d".into(),
                tries: 2,
            },
            FrameMessage::Error {
                message: "\"quoted\" </script>".into(),
            },
            FrameMessage::ready(&nim),
        ] {
            let json = frame_message(&message);
            assert_eq!(read_frame_message(&json), Ok(message), "{json}");
        }
        assert!(frame_message(&FrameMessage::GameOver {
            result: "draw".into(),
            score: None
        })
        .contains(r#""type":"gameOver""#));
        assert!(frame_message(&FrameMessage::LessonComplete {
            id: "x".into(),
            stars: 1
        })
        .contains(r#""type":"lessonComplete""#));
        assert!(frame_message(&FrameMessage::PuzzleSolved {
            id: "x".into(),
            tries: 1
        })
        .contains(r#""type":"puzzleSolved""#));
        let errors = parse(Game::Othello, "size=5&level=9").errors;
        assert_eq!(
            FrameMessage::errors(&errors),
            FrameMessage::Error {
                message:
                    "size=\"5\": expected 4, 6 or 8; level=\"9\": expected a level from 1 to 7"
                        .into()
            }
        );
    }

    #[test]
    fn every_host_message_is_read() {
        assert_eq!(
            read(&host(r#""type":"play","move":"f5""#)),
            Ok(HostMessage::Play { mv: "f5".into() })
        );
        assert_eq!(
            read(&host(r#""type":"setPosition","board":"x","moves":"f5""#)),
            Ok(HostMessage::SetPosition(SetPosition {
                moves: Some("f5".into()),
                board: Some("x".into()),
                ..Default::default()
            }))
        );
        let game = read(&host(
            r#""type":"newGame","mode":"play","level":5,"coords":false,"moves":"""#,
        ))
        .unwrap();
        let HostMessage::NewGame(fields) = &game else {
            panic!("{game:?}")
        };
        assert_eq!(
            fields
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>(),
            ["coords=0", "level=5", "mode=play", "moves="]
        );
        assert_eq!(
            read(&host(r#""type":"goToPly","ply":0"#)),
            Ok(HostMessage::GoToPly { ply: 0 })
        );
        assert_eq!(
            read(&host(r#""type":"setLang","lang":"cs""#)),
            Ok(HostMessage::SetLang { lang: Lang::Cs })
        );
        assert_eq!(
            read(&host(r#""type":"setTheme","theme":"contrast""#)),
            Ok(HostMessage::SetTheme {
                theme: Theme::Contrast
            })
        );
        assert_eq!(read(&host(r#""type":"flip""#)), Ok(HostMessage::Flip));
    }

    #[test]
    fn anything_else_is_refused() {
        let ok = host(r#""type":"flip""#);
        assert_eq!(
            read_host_message("https://club.example", None, &ok),
            Err(MessageError::NoParent)
        );
        for origin in [
            "https://evil.example",
            "http://club.example",
            "https://club.example:8443",
            "null",
            "",
        ] {
            assert!(matches!(
                read_host_message(origin, Some(&club()), &ok),
                Err(MessageError::WrongOrigin(_))
            ));
        }
        // The browser's form of the parent matches.
        let with_port = Origin::parse("https://club.example:443").unwrap();
        assert!(read_host_message("https://club.example", Some(&with_port), &ok).is_ok());
        let big = host(&format!(
            r#""type":"play","move":"{}""#,
            "f".repeat(MAX_MESSAGE_LEN)
        ));
        assert!(matches!(read(&big), Err(MessageError::TooLarge(_))));
        assert!(matches!(read("{"), Err(MessageError::NotJson(_))));
        assert_eq!(read("[1]"), Err(MessageError::NotAnObject));
        assert_eq!(read(r#"{"type":"flip"}"#), Err(MessageError::WrongSource));
        assert_eq!(
            read(r#"{"source":"mind-sports","version":1,"type":"flip"}"#),
            Err(MessageError::WrongSource)
        );
        assert_eq!(
            read(r#"{"source":"mind-sports-host","version":2,"type":"flip"}"#),
            Err(MessageError::WrongVersion(Some(2)))
        );
        assert_eq!(
            read(r#"{"source":"mind-sports-host","version":"1","type":"flip"}"#),
            Err(MessageError::WrongVersion(None))
        );
        assert_eq!(
            read(&host(r#""type":"resign""#)),
            Err(MessageError::UnknownType("resign".into()))
        );
        assert_eq!(
            read(&host(r#""kind":"flip""#)),
            Err(MessageError::UnknownType(String::new()))
        );
        for body in [
            r#""type":"play""#,
            r#""type":"play","move":5"#,
            r#""type":"play","move":"f5","extra":1"#,
            r#""type":"setPosition""#,
            r#""type":"setPosition","board":"x","heaps":"3""#,
            r#""type":"setPosition","ply":3"#,
            r#""type":"newGame","colour":"red""#,
            r#""type":"newGame","parent":"https://evil.example""#,
            r#""type":"newGame","level":5.5"#,
            r#""type":"newGame","moves":["f5"]"#,
            r#""type":"goToPly","ply":-1"#,
            r#""type":"goToPly","ply":"3""#,
            r#""type":"setLang","lang":"de""#,
            r#""type":"setTheme","theme":"pink""#,
            r#""type":"flip","now":true"#,
        ] {
            let error = read(&host(body)).unwrap_err();
            assert!(
                matches!(error, MessageError::BadFields { .. }),
                "{body}: {error:?}"
            );
            assert!(error.is_answered());
        }
        // The reasons are the frame's own sentences, not the JSON reader's.
        for (body, said) in [
            (r#""type":"play""#, "play: the field move is missing"),
            (
                r#""type":"play","move":5"#,
                "play: move must be a text, not 5",
            ),
            (
                r#""type":"play","move":"f5","extra":1"#,
                "play: \"extra\" is not a field of play (its fields are move)",
            ),
            (
                r#""type":"goToPly","ply":-1"#,
                "goToPly: ply must be a whole number from 0 to 4294967295, not -1",
            ),
            (
                r#""type":"flip","now":true"#,
                "flip: \"now\" is not a field of flip (it has no fields)",
            ),
            (
                r#""type":"setTheme","theme":"pink""#,
                "setTheme: \"pink\" is not light, dark, contrast or auto",
            ),
        ] {
            assert_eq!(read(&host(body)).unwrap_err().to_string(), said);
        }
        assert!(!MessageError::WrongSource.is_answered());
        assert!(!MessageError::NoParent.is_answered());
    }

    #[test]
    fn host_messages_are_written_as_read() {
        for message in [
            HostMessage::Play {
                mv: "a1:3:b3".into(),
            },
            HostMessage::SetPosition(SetPosition {
                heaps: Some("3,4,5".into()),
                ..Default::default()
            }),
            HostMessage::NewGame(BTreeMap::from([
                ("mode".into(), "play".into()),
                ("side".into(), "white".into()),
            ])),
            HostMessage::NewGame(BTreeMap::new()),
            HostMessage::GoToPly { ply: 7 },
            HostMessage::SetLang { lang: Lang::Ru },
            HostMessage::SetTheme { theme: Theme::Dark },
            HostMessage::Flip,
        ] {
            let json = host_message(&message);
            assert!(
                json.starts_with(r#"{"source":"mind-sports-host","version":1,"type":""#),
                "{json}"
            );
            assert_eq!(read(&json), Ok(message));
        }
    }

    #[test]
    fn set_position_feeds_the_parameters() {
        let set = SetPosition {
            moves: Some("f5".into()),
            ..Default::default()
        };
        let params = parse(Game::Othello, "moves=f5d6&mode=play").params;
        let next = params.changed(&set.fields()).unwrap();
        assert_eq!(next.to_query(), "moves=f5&mode=play");
    }
}
