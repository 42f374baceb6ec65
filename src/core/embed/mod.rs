//! Embedding a board on a club's website (issue 16): the shared, tested
//! core of the `#/embed/<game>` frames, pure Rust with no web
//! dependencies (it builds natively and for wasm; the frame's page uses
//! it, and so do the snippet builder and the tests).
//!
//! * [`params`]: the frame's URL parameters ([`params::parse`] with a
//!   default and a [`params::ParamError`] for every bad value;
//!   [`params::EmbedParams::to_query`] to write them back).
//! * [`messages`]: the postMessage API, version 1 ([`messages::FrameMessage`]
//!   written by [`messages::frame_message`]; [`messages::HostMessage`] read
//!   by [`messages::read_host_message`], only from the `parent` origin).
//! * [`origin`]: a web origin read strictly (the `parent` parameter).
//!
//! The page side is `static/embed.js` (the `<mind-sports-board>` element);
//! the reference for webmasters is `docs/embed.md`.

pub mod messages;
pub mod origin;
pub mod params;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties;

pub use messages::{frame_message, read_host_message, FrameMessage, HostMessage, MessageError};
pub use origin::{Origin, OriginError};
pub use params::{parse, EmbedParams, Game, Mode, ParamError, Parsed};
