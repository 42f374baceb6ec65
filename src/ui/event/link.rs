//! The tokens this browser keeps for its events (a player's, which is
//! also the seat token of their games, and the organiser's), in local
//! storage as online seats are; their format and the page's address are
//! `session::event`'s.

use crate::session::event::{read_kept, Kept};

use super::super::browser;

/// Where the tokens are kept.
const KEPT_KEY: &str = "mind-sports.events";

/// The tokens kept for `event`.
pub fn kept(event: &str) -> Kept {
    browser::load(KEPT_KEY)
        .map(|text| read_kept(&text))
        .and_then(|mut all| all.remove(event))
        .unwrap_or_default()
}

/// Changes what is kept for `event`.
pub fn keep(event: &str, change: impl FnOnce(&mut Kept)) {
    let mut all = browser::load(KEPT_KEY)
        .map(|text| read_kept(&text))
        .unwrap_or_default();
    change(all.entry(event.to_string()).or_default());
    let _ = browser::store(KEPT_KEY, &serde_json::to_string(&all).unwrap_or_default());
}
