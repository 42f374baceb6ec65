//! The reads of the events' tables (`migrations/0002_events.sql`); their
//! writes are [`crate::journal::events`]'s.

use sqlx::Row;

use super::{DbError, Store};

/// A stored change: its number, body, who and when.
#[derive(Debug, Clone)]
pub struct StoredChange {
    /// Its number.
    pub seq: i64,
    /// JSON of `online::event::Change`.
    pub body: String,
    /// Who made it.
    pub who: String,
    /// Wall time.
    pub at_wall: i64,
}

/// The organiser token's hash of event `id`, if it exists.
pub async fn organiser_hash(store: &Store, id: &str) -> Result<Option<String>, DbError> {
    let row = sqlx::query("SELECT organiser_hash FROM club_events WHERE id = $1")
        .bind(id)
        .fetch_optional(store.pool())
        .await?;
    Ok(row.map(|row| row.try_get(0)).transpose()?)
}

/// The changes of event `id` from `from` on.
pub async fn changes(store: &Store, id: &str, from: i64) -> Result<Vec<StoredChange>, DbError> {
    let rows = sqlx::query(
        "SELECT seq, body, who, at_wall FROM club_event_changes WHERE event_id = $1 AND seq >= $2 \
         ORDER BY seq",
    )
    .bind(id)
    .bind(from)
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|row| {
            Ok(StoredChange {
                seq: row.try_get(0)?,
                body: row.try_get(1)?,
                who: row.try_get(2)?,
                at_wall: row.try_get(3)?,
            })
        })
        .collect()
}

/// The players' token hashes of event `id` (name, hash).
pub async fn players(store: &Store, id: &str) -> Result<Vec<(String, String)>, DbError> {
    store
        .pairs_of(
            "SELECT name, token_hash FROM club_event_players WHERE event_id = $1",
            id,
        )
        .await
}

/// The event of an online game, if it is one's.
pub async fn event_of_game(store: &Store, game: &str) -> Result<Option<String>, DbError> {
    store
        .text_of(
            "SELECT event_id FROM club_event_games WHERE game_id = $1",
            game,
        )
        .await
}

/// Events with a forfeit due by `now` (service time).
pub async fn due(store: &Store, now: i64) -> Result<Vec<String>, DbError> {
    let rows =
        sqlx::query("SELECT id FROM club_events WHERE due_at <= $1 ORDER BY due_at LIMIT 100")
            .bind(now)
            .fetch_all(store.pool())
            .await?;
    rows.iter().map(|row| Ok(row.try_get(0)?)).collect()
}
