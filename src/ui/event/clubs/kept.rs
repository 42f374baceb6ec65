//! The club tokens this browser keeps (local storage, as the events'
//! tokens are); their format is `session::club`'s. A write that fails
//! (storage full or blocked) is said: the caller shows the private link,
//! the one copy of the token left.

use std::collections::BTreeMap;

use crate::links::club::{read_kept_clubs, KeptClub, KEPT_CLUBS_KEY};

use super::super::super::browser::{self, StoreError};

/// Every club kept, by id.
pub fn all() -> BTreeMap<String, KeptClub> {
    browser::load(KEPT_CLUBS_KEY)
        .map(|text| read_kept_clubs(&text))
        .unwrap_or_default()
}

/// The token kept for `club`, if any.
pub fn token(club: &str) -> Option<String> {
    all().remove(club).map(|kept| kept.token)
}

/// Changes what is kept for `club` (a new entry starts empty); the write's
/// failure, if it failed.
pub fn keep(club: &str, change: impl FnOnce(&mut KeptClub)) -> Result<(), StoreError> {
    let mut all = all();
    change(all.entry(club.to_string()).or_default());
    let text = serde_json::to_string(&all).unwrap_or_default();
    browser::store_changed(KEPT_CLUBS_KEY, &text)
}

/// The events this browser organises: their ids and organiser tokens.
pub fn organised_events() -> Vec<(String, String)> {
    super::super::link::all_kept()
        .into_iter()
        .filter_map(|(event, kept)| Some((event, kept.organiser?)))
        .collect()
}
