//! The clubs' tables (`migrations/0003_clubs.sql`): their writes, which go
//! through the games' writers ([`crate::store::Journal`]) so that an event
//! joins a club in the same transaction as its logged `club` change, and
//! their reads.

use sqlx::{Any, Row, Transaction};

use crate::store::{DbError, Store};

/// One write to the clubs.
#[derive(Debug, Clone)]
pub enum ClubOp {
    /// A new club's row.
    Create {
        /// The club's id.
        id: String,
        /// Its name.
        name: String,
        /// The club token's hash.
        token_hash: String,
        /// The key of the address that made it (the quotas).
        address: String,
        /// Wall time now.
        wall: i64,
    },
    /// A member is added, or changed (the same name key).
    Player {
        /// The club.
        club: String,
        /// The name's key.
        key: String,
        /// The name.
        name: String,
        /// The rating, if any.
        rating: Option<i64>,
    },
    /// A member is removed (a conflict if there is none of that key).
    Unplayer {
        /// The club.
        club: String,
        /// The name's key.
        key: String,
    },
    /// An event joins a club (refused as a conflict if it has one).
    Member {
        /// The club.
        club: String,
        /// The event.
        event: String,
        /// Wall time now.
        wall: i64,
    },
}

/// One op in the transaction; `false` on a conflict (the id is taken, or
/// the event has a club already).
pub async fn apply(tx: &mut Transaction<'_, Any>, op: &ClubOp) -> Result<bool, DbError> {
    let done =
        match op {
            ClubOp::Create {
                id,
                name,
                token_hash,
                address,
                wall,
            } => {
                sqlx::query(
                    "INSERT INTO clubs (id, name, token_hash, created_wall, creator_address) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                )
                .bind(id)
                .bind(name)
                .bind(token_hash)
                .bind(*wall)
                .bind(address)
                .execute(&mut **tx)
                .await?
            }
            ClubOp::Member { club, event, wall } => sqlx::query(
                "INSERT INTO club_members (event_id, club_id, joined_wall) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
            )
            .bind(event)
            .bind(club)
            .bind(*wall)
            .execute(&mut **tx)
            .await?,
            ClubOp::Player {
                club,
                key,
                name,
                rating,
            } => {
                sqlx::query(
                    "INSERT INTO club_players (club_id, name_key, name, rating) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (club_id, name_key) \
                     DO UPDATE SET name = excluded.name, rating = excluded.rating",
                )
                .bind(club)
                .bind(key)
                .bind(name)
                .bind(*rating)
                .execute(&mut **tx)
                .await?
            }
            ClubOp::Unplayer { club, key } => {
                sqlx::query("DELETE FROM club_players WHERE club_id = $1 AND name_key = $2")
                    .bind(club)
                    .bind(key)
                    .execute(&mut **tx)
                    .await?
            }
        };
    Ok(done.rows_affected() == 1)
}

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
