//! Online play, the part the server and the browser share: the protocol
//! (version 1, serde types and a total decoder) and the game-room logic
//! (moves checked by the engine's rules, the server's clocks, flags with
//! the world rules' time-loss result, resignation, abort, rematch,
//! claims, correspondence deadlines). Pure code: no network, no database,
//! no platform clock, so it builds for wasm32 and is tested natively.
//! `docs/online.md` describes the protocol with examples.
//!
//! * [`setup`]: which game, its rules and timing; display names.
//! * [`rules`]: the three games behind one interface.
//! * [`clock`]: the server's clock (the app's time controls, or days a move).
//! * [`room`]: a game as a log of events, and what each action does.
//! * [`view`]: a room as the protocol shows it.
//! * [`protocol`]: the messages and their decoder.
//! * [`event`]: a club's event on the server: its messages and its log.
//! * [`club`]: a club on the server: its events and its rating list.
//! * [`client`]: the browser's side of an online game: its link, the
//!   game session the moves play into, the games kept on this device.

pub mod client;
pub mod clock;
pub mod club;
pub mod event;
pub mod protocol;
pub mod room;
pub mod rules;
pub mod setup;
pub mod view;
