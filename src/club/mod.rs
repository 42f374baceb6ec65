//! Club play: tournaments (players, rounds, results) and their standings,
//! the same code for the page and for `engine standings`. The file format
//! is in `docs/tournament.md`.
//!
//! * [`tournament`]: the file, read and checked;
//! * [`standings`]: points, the Brightwell quotient (RULES.md §4) and the
//!   disc total for Othello; Buchholz and Sonneborn–Berger for the others;
//! * [`pairing`]: round robins by Berger tables.

pub mod pairing;
pub mod standings;
pub mod tournament;
