//! The seats this browser holds ("My online games") and the name last
//! used, in local storage.

use crate::session::online::{keep_seat, read_kept, write_kept, KeptSeat};

use super::super::browser;

/// Where the seats are kept.
const KEPT_KEY: &str = "mind-sports.online.seats";
/// Where the display name last used is kept.
const NAME_KEY: &str = "mind-sports.online.name";

/// The seats kept, newest first.
pub fn seats() -> Vec<KeptSeat> {
    browser::load(KEPT_KEY)
        .map(|text| read_kept(&text))
        .unwrap_or_default()
}

/// Keeps `seat` (first in the list); an invitation already kept for the
/// game stays.
pub fn keep(mut seat: KeptSeat) {
    let kept = seats();
    if seat.invite.is_none() {
        seat.invite = kept
            .iter()
            .find(|k| k.game == seat.game)
            .and_then(|k| k.invite.clone());
    }
    let _ = browser::store(KEPT_KEY, &write_kept(&keep_seat(&kept, seat)));
}

/// The seat kept for `game`, if any.
pub fn seat_of(game: &str) -> Option<KeptSeat> {
    seats().into_iter().find(|k| k.game == game)
}

/// The name last used.
pub fn name() -> String {
    browser::load(NAME_KEY).unwrap_or_default()
}

/// Keeps the name used.
pub fn keep_name(name: &str) {
    let _ = browser::store(NAME_KEY, name);
}
