//! Club events on the server (issue 29; `docs/tournament.md`, "Running an
//! event online"): a club tournament whose rounds are paired by the
//! club's pairing code (`club::pairing`, as `engine pair`) and played as
//! online games of [`crate::service`], whose results go into the
//! tournament by themselves.
//!
//! * [`state`]: an event as the fold of its logged changes, and what each
//!   request would change (pure);
//! * its tables are the store's ([`crate::store::events`], written
//!   through the games' writers, [`crate::journal::events`], so that a
//!   round and its games commit together);
//! * [`service`]: events in use, each change committed, logged and only
//!   then answered and pushed to the live stream; the games' endings and
//!   the start limit;
//! * [`actions`]: create, import, register, the organiser's and the
//!   players' requests; [`views`]: what anyone may read; [`running`]:
//!   the organiser's result for a board whose game is still played;
//! * [`spreadsheet`]: the event as an `.xlsx` workbook and its standings
//!   as CSV for spreadsheets;
//! * [`club`]: the club an event belongs to, as far as the events need
//!   it (the clubs themselves build on the events); [`rating`]: a club's
//!   rating list over its events' rounds;
//! * [`api`]: the routes under `/api/v1/events`.

pub mod actions;
pub mod api;
pub mod club;
pub mod rating;
pub mod running;
pub mod service;
pub mod spreadsheet;
pub mod state;
pub mod views;

pub use service::Events;
