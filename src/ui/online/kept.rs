//! The seats this browser holds ("My online games") and the name last
//! used, in local storage.

use crate::online::client::{keep_seat, read_kept, write_kept, KeptGame, KeptSeat};

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

/// Keeps `seat` (first in the list; an invitation, first date and
/// finished game already kept for the game stay); whether it is kept (a
/// full or blocked storage keeps nothing).
pub fn keep(seat: KeptSeat) -> bool {
    let (game, token) = (seat.game.clone(), seat.token.clone());
    let mut kept = keep_seat(&seats(), seat);
    if kept[0].since_ms == 0 {
        kept[0].since_ms = js_sys::Date::now() as u64;
    }
    browser::store(KEPT_KEY, &write_kept(&kept)).is_ok()
        && seat_of(&game).is_some_and(|k| k.token == token)
}

/// Keeps the finished `game` beside its seat, if this browser holds it.
pub fn finish(game: &str, finished: KeptGame) {
    let Some(mut seat) = seat_of(game) else {
        return;
    };
    if seat.finished.as_ref() == Some(&finished) {
        return;
    }
    seat.finished = Some(finished);
    let mut kept = seats();
    if let Some(slot) = kept.iter_mut().find(|k| k.game == game) {
        *slot = seat;
    }
    let _ = browser::store(KEPT_KEY, &write_kept(&kept));
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
