//! Quotas on what a client may make and keep on the server: club events
//! (created from settings or uploaded as a file: an upload is at most
//! 256 KiB) and clubs, each counted per address over the last day and in
//! total. With the disk guard of [`crate::state_folder`] (new things
//! refused while the disk is nearly full) they keep one client, or all of
//! them, from filling the server's disk. The numbers are `serve`'s
//! options (README, "Online play"; docs/online.md, "Operating the
//! server").

use mind_sports_core::online::protocol::LimitReached;

use crate::config::Limits;
use crate::store::{DbError, Param, Store};

/// A day, in milliseconds of wall time.
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// What a quota counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Made {
    /// Club events, created or uploaded.
    Event,
    /// Clubs.
    Club,
}

impl Made {
    /// The limits: per address a day, and in total, with their names.
    fn limits(self, limits: &Limits) -> [(&'static str, u32); 2] {
        match self {
            Made::Event => [
                (
                    "events_per_address_per_day",
                    limits.events_per_address_per_day,
                ),
                ("events_in_total", limits.events_in_total),
            ],
            Made::Club => [
                (
                    "clubs_per_address_per_day",
                    limits.clubs_per_address_per_day,
                ),
                ("clubs_in_total", limits.clubs_in_total),
            ],
        }
    }
}

/// Whether `address` (its key) may make one more of `made` at wall time
/// `wall`: the limit it reached otherwise.
pub async fn check(
    store: &Store,
    limits: &Limits,
    made: Made,
    address: &str,
    wall: i64,
) -> Result<Result<(), LimitReached>, DbError> {
    let [(daily_name, daily), (total_name, total)] = made.limits(limits);
    let (recent, all) = match made {
        Made::Event => (
            "SELECT COUNT(*) FROM club_events WHERE creator_address = $1 AND created_wall > $2",
            "SELECT COUNT(*) FROM club_events",
        ),
        Made::Club => (
            "SELECT COUNT(*) FROM clubs WHERE creator_address = $1 AND created_wall > $2",
            "SELECT COUNT(*) FROM clubs",
        ),
    };
    let count = |rows: Vec<Option<i64>>| rows.first().copied().flatten().unwrap_or(0);
    let made_recently = count(
        store
            .numbers(recent, &[Param::Text(address), Param::Int(wall - DAY_MS)])
            .await?,
    );
    if made_recently >= i64::from(daily) {
        return Ok(Err(LimitReached::new(daily_name, daily)));
    }
    if count(store.numbers(all, &[]).await?) >= i64::from(total) {
        return Ok(Err(LimitReached::new(total_name, total)));
    }
    Ok(Ok(()))
}
