//! The writes to the clubs' tables (`migrations/0003_clubs.sql`): they go
//! through the games' writers so that an event joins a club in the same
//! transaction as its logged `club` change. Their reads are the
//! store's (`store/clubs.rs`).

use sqlx::{Any, Transaction};

use crate::database::DbError;

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
