//! Live messages of any length: the server's WebSocket connections take
//! frames of a bounded size (a client that stops reading must not grow
//! the server's memory), so a longer message — an event of 1000 players
//! with long names, say — goes as [`Piece::Part`]s one after another on
//! its connection, and the page joins them ([`Joiner`]) before reading
//! the message. A message that fits goes as it is.
//!
//! ```
//! use mind_sports_core::online::protocol::parts::{split, Joiner, PART_BYTES};
//! let long = format!("{{\"type\":\"event\",\"names\":\"{}\"}}", "Ж".repeat(PART_BYTES));
//! let frames = split(&long);
//! assert_eq!(frames.len(), 3);
//! let mut joiner = Joiner::default();
//! let joined: Vec<String> = frames.into_iter().filter_map(|f| joiner.take(f)).collect();
//! assert_eq!(joined, [long]);
//! ```

use crate::json::Decode;
use serde::{Deserialize, Serialize};

/// The most text of a message one frame carries (its JSON string at
/// most doubles it: well within the server's 256 KiB a frame).
pub const PART_BYTES: usize = 32 * 1024;

/// The most parts a message is joined from (a page never holds more
/// than 128 MiB of a message).
pub const MAX_PARTS: u32 = 4096;

/// A frame carrying part of a longer message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Piece {
    /// Part `part` (from 0) of `parts`.
    Part {
        /// Which part.
        part: u32,
        /// How many.
        parts: u32,
        /// Its text.
        text: String,
    },
}

/// The frames of message `text`: itself if it fits in one, otherwise its
/// parts in order (cut between characters).
pub fn split(text: &str) -> Vec<String> {
    if text.len() <= PART_BYTES {
        return vec![text.to_string()];
    }
    let mut pieces = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut cut = rest.len().min(PART_BYTES);
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let (piece, after) = rest.split_at(cut);
        pieces.push(piece);
        rest = after;
    }
    let parts = pieces.len() as u32;
    pieces
        .into_iter()
        .enumerate()
        .map(|(part, text)| {
            super::encode(&Piece::Part {
                part: part as u32,
                parts,
                text: text.to_string(),
            })
        })
        .collect()
}

/// Joins the parts of a connection's messages as they come.
#[derive(Debug, Default)]
pub struct Joiner {
    parts: Vec<String>,
    expected: u32,
}

impl Joiner {
    /// The message `frame` completes, if any: a frame that is not a part
    /// is its own message; a part out of order drops the message it
    /// belonged to (the connection is broken: the page reconnects).
    pub fn take(&mut self, frame: String) -> Option<String> {
        if !frame.starts_with("{\"type\":\"part\"") {
            self.parts.clear();
            return Some(frame);
        }
        let Ok(Piece::Part { part, parts, text }) = crate::json::from_str::<Piece>(&frame) else {
            self.parts.clear();
            return None;
        };
        if part == 0 {
            self.parts.clear();
            self.expected = parts;
        }
        let in_order = part as usize == self.parts.len() && parts == self.expected;
        if !in_order || parts > MAX_PARTS {
            self.parts.clear();
            return None;
        }
        self.parts.push(text);
        if self.parts.len() == parts as usize {
            return Some(std::mem::take(&mut self.parts).concat());
        }
        None
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn short_messages_go_as_they_are() {
        let text = "{\"type\":\"pong\",\"id\":1}".to_string();
        assert_eq!(split(&text), std::slice::from_ref(&text));
        assert_eq!(Joiner::default().take(text.clone()), Some(text));
    }

    #[test]
    fn a_broken_sequence_is_dropped() {
        let long = "x".repeat(3 * PART_BYTES + 1);
        let frames = split(&long);
        assert_eq!(frames.len(), 4);
        let mut joiner = Joiner::default();
        assert_eq!(joiner.take(frames[0].clone()), None);
        assert_eq!(joiner.take(frames[2].clone()), None);
        assert_eq!(joiner.take(frames[3].clone()), None);
        // Starting again works.
        let joined: Vec<String> = frames.into_iter().filter_map(|f| joiner.take(f)).collect();
        assert_eq!(joined, [long]);
    }

    proptest::proptest! {
        /// Any text: split, each frame within bounds, joined back the same.
        #[test]
        fn split_and_joined(text in ".{0,2000}", repeat in 1usize..60) {
            let text = text.repeat(repeat);
            let frames = split(&text);
            let mut joiner = Joiner::default();
            let mut joined = Vec::new();
            for frame in frames {
                // JSON escapes a control character in six bytes.
                proptest::prop_assert!(frame.len() <= 6 * PART_BYTES + 100);
                joined.extend(joiner.take(frame));
            }
            proptest::prop_assert_eq!(joined, vec![text]);
        }
    }
}
