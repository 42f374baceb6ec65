//! The online protocol, version 1: every message between the browser and
//! the server, as serde types (JSON on the wire), and the one decoder the
//! server reads them with. `docs/online.md` shows each with an example.
//!
//! HTTP under `/api/v1/` creates, joins, lists and cancels games
//! ([`CreateRequest`], [`JoinRequest`], [`CancelRequest`] in; [`Seated`],
//! [`GameView`], [`Lobby`] or [`ApiError`] out). One WebSocket per open game
//! page (`/api/v1/games/<id>/live`) or lobby (`/api/v1/lobby/live`) carries
//! [`ClientMessage`]s in and [`ServerMessage`]s out.
//!
//! ```
//! use mind_sports_core::online::protocol::{decode, ClientMessage};
//! let hello: ClientMessage = decode(br#"{"type":"hello","token":"0f3a9c"}"#).unwrap();
//! assert!(matches!(hello, ClientMessage::Hello { .. }));
//! let moved = decode::<ClientMessage>(br#"{"type":"move","id":7,"ply":0,"mv":"f5"}"#);
//! assert_eq!(moved.unwrap(), ClientMessage::Move { id: 7, ply: 0, mv: "f5".into() });
//! assert!(decode::<ClientMessage>(b"{\"type\":\"move\"").is_err());
//! ```

use crate::json::Decode;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::room::{Event, Refusal, Seat, Status};
use super::rules::Score;
use super::setup::{NameError, Setup, SetupError};

/// The protocol's version, in every path (`/api/v1/`).
pub const VERSION: u32 = 1;

/// The largest message a client may send (HTTP body or WebSocket frame).
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// The colour the creator of a game asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    /// Move first (black, Circles, the first player).
    First,
    /// Move second.
    Second,
    /// Drawn by the server.
    Random,
}

/// `POST /api/v1/games`: a new game (a challenge until someone joins).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The game.
    pub setup: Setup,
    /// The creator's display name.
    pub name: String,
    /// The creator's colour.
    pub colour: Colour,
    /// Listed in the lobby (otherwise only the invitation link joins).
    #[serde(default)]
    pub public: bool,
}

/// `POST /api/v1/games/<id>/join`: take the free seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The display name.
    pub name: String,
    /// The invitation's secret (from the link; needed for private games).
    #[serde(default)]
    pub invite: Option<String>,
}

/// `POST /api/v1/games/<id>/cancel`: withdraw an open challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CancelRequest {
    /// The creator's seat token.
    pub token: String,
}

/// The answer to a create or a join: the caller's seat and its secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct Seated {
    /// The game's id (its public watch link names it).
    pub game: String,
    /// The caller's seat.
    pub seat: Seat,
    /// The seat's secret token (at least 128 random bits, hex): only its
    /// holder moves for the seat; the server keeps only its hash.
    pub token: String,
    /// The invitation's secret, for the creator of a private game to send
    /// in the link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

/// An open public challenge in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct Challenge {
    /// The game's id.
    pub game: String,
    /// The game.
    pub setup: Setup,
    /// Who waits.
    pub name: String,
    /// The seat the one who accepts gets.
    pub seat: Seat,
    /// When it was made (milliseconds since 1970).
    pub created_ms: u64,
    /// When it expires if nobody takes it (milliseconds since 1970;
    /// `room::open_for_ms`); 0 in a challenge listed before expiry existed.
    #[serde(default)]
    pub expires_ms: u64,
}

/// `GET /api/v1/challenges`: the open public challenges, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lobby {
    /// The challenges.
    pub challenges: Vec<Challenge>,
}

/// The clocks as of the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct ClockView {
    /// Each seat's time left in milliseconds when the message was sent
    /// (correspondence: the side to move's time to its deadline).
    pub left_ms: [i64; 2],
    /// The seat whose time runs (the page counts it down locally).
    pub running: Option<Seat>,
    /// When the running side's time runs out, in milliseconds since 1970
    /// (for a correspondence deadline shown as a date).
    pub deadline_ms: Option<u64>,
}

/// Where a game stands, sent with every update.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct Brief {
    /// Open, playing, completing or over (with the ending).
    pub status: Status,
    /// The moves played.
    pub ply: usize,
    /// The seat to move while the game is played.
    pub to_move: Option<Seat>,
    /// The clocks, once play has started.
    pub clock: Option<ClockView>,
    /// Who has asked for a rematch.
    pub rematch: [bool; 2],
    /// The rematch's game, once made.
    pub next_game: Option<String>,
    /// Whether each seat's player is connected.
    pub present: [bool; 2],
}

/// A whole game: `GET /api/v1/games/<id>` and the first message of a live
/// connection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct GameView {
    /// The game's id.
    pub game: String,
    /// The game.
    pub setup: Setup,
    /// Listed in the lobby while open.
    pub public: bool,
    /// The players' names by seat.
    pub names: [Option<String>; 2],
    /// The moves, in the game's notation (forced passes included).
    pub moves: Vec<String>,
    /// The events so far (the next update's `seq`).
    pub seq: u64,
    /// Where it stands.
    pub brief: Brief,
    /// While it is open: when the challenge expires if nobody takes it
    /// (milliseconds since 1970).
    #[serde(default)]
    pub expires_ms: Option<u64>,
    /// The club event's board the game is (its page links back; no abort,
    /// no rematch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<super::room::EventBoard>,
}

/// What a client sends on a live connection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: who is connecting. A game page of a player
    /// gives its seat's token; a watcher none; a frame embedded on another
    /// site the embedding page's origin.
    Hello {
        /// The seat token.
        #[serde(default)]
        token: Option<String>,
        /// The embedding page's origin (`https://club.example`).
        #[serde(default)]
        embed: Option<String>,
    },
    /// A move after `ply` moves (`mv` in the game's notation).
    Move {
        /// Echoed in the answer.
        id: u32,
        /// The moves the client has seen.
        ply: usize,
        /// The move.
        mv: String,
    },
    /// Resign.
    Resign {
        /// Echoed in the answer.
        id: u32,
    },
    /// Abort before one's own first move.
    Abort {
        /// Echoed in the answer.
        id: u32,
    },
    /// Claim the win: the opponent has been gone long enough (live games).
    Claim {
        /// Echoed in the answer.
        id: u32,
    },
    /// Offer or accept a rematch (colours swapped).
    Rematch {
        /// Echoed in the answer.
        id: u32,
    },
    /// Stop completing a game won on time (the world rules' result).
    Settle {
        /// Echoed in the answer.
        id: u32,
    },
    /// Keeps the connection alive; answered by `pong`.
    Ping {
        /// Echoed in the answer.
        id: u32,
    },
}

impl ClientMessage {
    /// The id the answer echoes (every message but `hello` has one).
    pub fn id(&self) -> Option<u32> {
        match self {
            ClientMessage::Hello { .. } => None,
            ClientMessage::Move { id, .. }
            | ClientMessage::Resign { id }
            | ClientMessage::Abort { id }
            | ClientMessage::Claim { id }
            | ClientMessage::Rematch { id }
            | ClientMessage::Settle { id }
            | ClientMessage::Ping { id } => Some(*id),
        }
    }
}

/// A limit the server keeps was reached (the `limit` error of the game,
/// club and event requests alike).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct LimitReached {
    /// Which limit: `messages_per_second`, `connections_per_address`,
    /// `open_challenges_per_address`, `games_per_invitation`,
    /// `requests_per_second`.
    pub what: String,
    /// Its value.
    pub limit: u32,
}

impl LimitReached {
    /// The limit `what` of `limit`.
    pub fn new(what: &str, limit: u32) -> LimitReached {
        LimitReached {
            what: what.into(),
            limit,
        }
    }
}

/// Why the server refused a message or a request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum ApiError {
    /// The message does not read.
    Malformed {
        /// What the decoder said (for developers).
        detail: String,
    },
    /// Larger than [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// The setup was refused.
    Setup {
        /// Why.
        problem: SetupError,
    },
    /// The display name was refused.
    Name {
        /// Why.
        problem: NameError,
    },
    /// No such game.
    NotFound,
    /// The token is not a seat of this game (or no token was given).
    WrongToken,
    /// The invitation's secret is missing or wrong.
    WrongInvite,
    /// The game cannot do that now.
    Refused {
        /// Why.
        refusal: Refusal,
    },
    /// The first message must be `hello`, once.
    HelloFirst,
    /// A limit was reached.
    Limit(LimitReached),
    /// The page's origin may not connect (or embed live games).
    Origin,
    /// The server could not do it now (its database); try again.
    Unavailable,
}

/// What the server sends on a live connection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `hello`: the whole game, and the seat of the token.
    Welcome {
        /// The seat, for a player; `None` for a watcher.
        seat: Option<Seat>,
        /// The game.
        game: GameView,
        /// How long a player's opponent must have been gone before the
        /// player may claim the win (the server's setting; its page counts
        /// down from the opponent's leaving).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim_after_ms: Option<u64>,
    },
    /// Something happened (stored before it is sent).
    Update {
        /// The event's number (the game's events counted from 0).
        seq: u64,
        /// What happened.
        event: Event,
        /// Where the game stands after it.
        brief: Brief,
    },
    /// A player connected or left.
    Presence {
        /// Where the game stands (its `present`).
        brief: Brief,
    },
    /// The client's message `id` was done (its update comes too).
    Ack {
        /// The message's id.
        id: u32,
    },
    /// The client's message `id` was refused; the game is unchanged.
    Refused {
        /// The message's id.
        id: u32,
        /// Why.
        refusal: Refusal,
    },
    /// The answer to `ping`.
    Pong {
        /// The message's id.
        id: u32,
    },
    /// A message was refused as a whole (the connection may be closed
    /// after it, for limits).
    Error {
        /// Why.
        error: ApiError,
    },
    /// The lobby's open challenges (first message of a lobby connection).
    Lobby {
        /// The challenges.
        challenges: Vec<Challenge>,
    },
    /// A challenge opened.
    ChallengeOpened {
        /// It.
        challenge: Challenge,
    },
    /// A challenge was taken or withdrawn.
    ChallengeClosed {
        /// Its game.
        game: String,
    },
}

/// Why bytes did not decode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Longer than [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// Not a message of this type (serde's reason, shortened).
    Malformed(String),
}

impl DecodeError {
    /// The error as the client is told it.
    pub fn to_api(&self) -> ApiError {
        match self {
            DecodeError::TooLarge => ApiError::TooLarge,
            DecodeError::Malformed(detail) => ApiError::Malformed {
                detail: detail.clone(),
            },
        }
    }
}

/// Reads a message of type `T` from untrusted bytes: any input gives the
/// message or a [`DecodeError`], in time and memory bounded by
/// [`MAX_MESSAGE_BYTES`] (checked first; serde_json also limits nesting).
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, DecodeError> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(DecodeError::TooLarge);
    }
    serde_json::from_slice(bytes)
        .map_err(|e| DecodeError::Malformed(e.to_string().chars().take(200).collect()))
}

/// A message as JSON text.
pub fn encode<T: Serialize>(message: &T) -> String {
    serde_json::to_string(message).expect("protocol types serialise")
}

impl GameView {
    /// The score, once over.
    pub fn score(&self) -> Option<Score> {
        match self.brief.status {
            Status::Over(ending) => Some(ending.score),
            _ => None,
        }
    }
}

pub mod parts;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
