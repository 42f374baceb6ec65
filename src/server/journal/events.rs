//! The writes to the events' tables (`migrations/0002_events.sql`): they
//! go through the games' writers so that a round's change and its new
//! games commit in one transaction. Their reads are the
//! store's (`store/events.rs`).

use sqlx::{Any, Transaction};

use crate::database::DbError;

/// One write to an event.
#[derive(Debug, Clone)]
pub enum EventOp {
    /// A new event's row.
    Create {
        /// The event's id.
        id: String,
        /// The organiser token's hash.
        organiser_hash: String,
        /// The key of the address that made it (the quotas).
        address: String,
        /// Wall time now.
        wall: i64,
    },
    /// A change after the `expect` the event has.
    Append {
        /// The event.
        id: String,
        /// The changes it has.
        expect: i64,
        /// The change (JSON of `online::event::Change`).
        body: String,
        /// Who made it (`organiser`, `registration`, `server`,
        /// `player:<name>`).
        who: String,
        /// Wall time now.
        wall: i64,
        /// When a forfeit next falls due (service time).
        due_at: Option<i64>,
    },
    /// A player's token hash.
    Player {
        /// The event.
        id: String,
        /// The player's name.
        name: String,
        /// The token's hash.
        hash: String,
    },
    /// A player's new token hash, in the event and in the seats of its
    /// games that `old_hash` held (refused as a conflict for an unknown
    /// player).
    Reissue {
        /// The event.
        id: String,
        /// The player's name.
        name: String,
        /// The token's hash until now.
        old_hash: String,
        /// The new token's hash.
        hash: String,
    },
    /// An online game of a round.
    Game {
        /// The event.
        id: String,
        /// The game's id.
        game: String,
        /// The round.
        round: i64,
        /// The board.
        board: i64,
    },
}

impl EventOp {
    /// What the other instances are told once it is committed.
    pub fn notice(&self) -> Option<String> {
        match self {
            EventOp::Append { id, expect, .. } => Some(format!("e:{id}:{}", expect + 1)),
            _ => None,
        }
    }
}

/// One op in the transaction; `false` on a conflict (another write came
/// first).
pub async fn apply(tx: &mut Transaction<'_, Any>, op: &EventOp) -> Result<bool, DbError> {
    let done = match op {
        EventOp::Create {
            id,
            organiser_hash,
            address,
            wall,
        } => sqlx::query(
            "INSERT INTO club_events (id, organiser_hash, changes, due_at, created_wall, updated_wall, \
             creator_address) VALUES ($1, $2, 0, NULL, $3, $3, $4) ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(organiser_hash)
        .bind(*wall)
        .bind(address)
        .execute(&mut **tx)
        .await?,
        EventOp::Append {
            id,
            expect,
            body,
            who,
            wall,
            due_at,
        } => {
            let updated = sqlx::query(
                "UPDATE club_events SET changes = $2, due_at = $3, updated_wall = $4 \
                 WHERE id = $1 AND changes = $5",
            )
            .bind(id)
            .bind(expect + 1)
            .bind(*due_at)
            .bind(*wall)
            .bind(*expect)
            .execute(&mut **tx)
            .await?;
            if updated.rows_affected() == 0 {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO club_event_changes (event_id, seq, body, who, at_wall) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id)
            .bind(*expect)
            .bind(body)
            .bind(who)
            .bind(*wall)
            .execute(&mut **tx)
            .await?
        }
        EventOp::Player { id, name, hash } => sqlx::query(
            "INSERT INTO club_event_players (event_id, name, token_hash) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(name)
        .bind(hash)
        .execute(&mut **tx)
        .await?,
        EventOp::Reissue {
            id,
            name,
            old_hash,
            hash,
        } => {
            // The seats first: the event's games the old token held.
            sqlx::query(
                "UPDATE seats SET token_hash = $1 WHERE token_hash = $2 AND game_id IN \
                 (SELECT game_id FROM club_event_games WHERE event_id = $3)",
            )
            .bind(hash)
            .bind(old_hash)
            .bind(id)
            .execute(&mut **tx)
            .await?;
            sqlx::query(
                "UPDATE club_event_players SET token_hash = $1 WHERE event_id = $2 AND name = $3",
            )
            .bind(hash)
            .bind(id)
            .bind(name)
            .execute(&mut **tx)
            .await?
        }
        EventOp::Game {
            id,
            game,
            round,
            board,
        } => sqlx::query(
            "INSERT INTO club_event_games (game_id, event_id, round, board) VALUES ($1, $2, $3, $4)",
        )
        .bind(game)
        .bind(id)
        .bind(*round)
        .bind(*board)
        .execute(&mut **tx)
        .await?,
    };
    Ok(done.rows_affected() == 1)
}
