//! Club play: tournaments (players, rounds, results), their standings and
//! their pairings, the same code for the page and for `engine standings`
//! and `engine pair`. The file format is in `docs/tournament.md`.
//!
//! * [`tournament`]: the file, read and checked, and corrections of
//!   results entered;
//! * [`csv`]: the same tournament as CSV, written and read back, and
//!   [`csv::read`], the one reader of either kind of file;
//! * [`text`]: names and labels, checked and made alike once for every
//!   way in; [`date`]: the tournament's date;
//! * [`setup`]: a new tournament from the page's form, late entries,
//!   withdrawals; [`result`]: results as the page's fields give them;
//! * [`standings`]: points, the Brightwell quotient (RULES.md §4) and the
//!   disc total for Othello; Buchholz and Sonneborn–Berger for the others;
//! * [`pairing`]: the next round; round robins by Berger tables;
//! * [`swiss`]: Swiss rounds by maximum-weight matching ([`matching`]);
//! * [`ratings`]: the club's rating list over its events (Glicko-2, a
//!   rating period per round), for the page, the server and
//!   `engine ratings`.

pub mod csv;
pub mod date;
pub mod matching;
pub mod pairing;
pub mod ratings;
pub mod result;
pub mod setup;
#[cfg(test)]
mod simulation;
pub mod standings;
pub mod swiss;
pub mod text;
pub mod tournament;
