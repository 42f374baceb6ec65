//! Clubs on the server (issue 29; `docs/tournament.md`, "Running an event
//! online" and "The club's rating list"): a club collects events, and its
//! rating list is the library's (`club::ratings::rate`) over their
//! tournaments, live.
//!
//! * its tables are the store's ([`crate::store::clubs`], written
//!   through the games' writers, [`crate::journal::clubs`], so that an
//!   event joins a club with its logged `club` change); what the events
//!   need of a club is [`crate::event::club`]'s;
//! * [`service`]: create, show, attach, the rating list;
//! * [`ratings`]: the list as it is served: once per change, in pages;
//! * [`api`]: the routes under `/api/v1/clubs`, and the live list.

pub mod api;
pub mod ratings;
pub mod service;

pub use service::Clubs;
