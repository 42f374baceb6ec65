//! Club play: tournaments (players, rounds, results), their standings and
//! their pairings, the same code for the page and for `engine standings`
//! and `engine pair`. The file format is in `docs/tournament.md`.
//!
//! * [`tournament`]: the file, read and checked, and corrections of
//!   results entered;
//! * [`csv`]: the same tournament as CSV, written and read back;
//! * [`standings`]: points, the Brightwell quotient (RULES.md §4) and the
//!   disc total for Othello; Buchholz and Sonneborn–Berger for the others;
//! * [`pairing`]: the next round; round robins by Berger tables;
//! * [`swiss`]: Swiss rounds by maximum-weight matching ([`matching`]).

pub mod csv;
pub mod matching;
pub mod pairing;
#[cfg(test)]
mod simulation;
pub mod standings;
pub mod swiss;
pub mod tournament;
