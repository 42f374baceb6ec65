//! The reads of the clubs' tables (`migrations/0003_clubs.sql`); their
//! writes are [`crate::journal::clubs`]'s.

use sqlx::Row;

use super::{DbError, Store};

/// A club's row.
#[derive(Debug, Clone)]
pub struct ClubRow {
    /// Its name.
    pub name: String,
    /// The club token's hash.
    pub token_hash: String,
    /// Wall time of its creation.
    pub created_wall: i64,
}

/// Club `id`, if it exists.
pub async fn club(store: &Store, id: &str) -> Result<Option<ClubRow>, DbError> {
    let row = sqlx::query("SELECT name, token_hash, created_wall FROM clubs WHERE id = $1")
        .bind(id)
        .fetch_optional(store.pool())
        .await?;
    row.map(|row| {
        Ok(ClubRow {
            name: row.try_get(0)?,
            token_hash: row.try_get(1)?,
            created_wall: row.try_get(2)?,
        })
    })
    .transpose()
}

/// The events of club `id` with their creation's wall time, oldest first
/// (events created in the same millisecond: in the order they joined).
pub async fn members(store: &Store, id: &str) -> Result<Vec<(String, i64)>, DbError> {
    store
        .pairs_of(
            "SELECT m.event_id, e.created_wall FROM club_members m \
             JOIN club_events e ON e.id = m.event_id WHERE m.club_id = $1 \
             ORDER BY e.created_wall, m.joined_wall, m.event_id",
            id,
        )
        .await
}

/// The members of club `id` by name key: (key, name, rating).
pub async fn players(
    store: &Store,
    id: &str,
) -> Result<Vec<(String, String, Option<i64>)>, DbError> {
    let rows = sqlx::query(
        "SELECT name_key, name, rating FROM club_players WHERE club_id = $1 ORDER BY name_key",
    )
    .bind(id)
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)))
        .collect()
}

/// The club of event `event`, if it has one.
pub async fn club_of(store: &Store, event: &str) -> Result<Option<String>, DbError> {
    store
        .text_of(
            "SELECT club_id FROM club_members WHERE event_id = $1",
            event,
        )
        .await
}
