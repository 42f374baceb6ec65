//! The events' tables (`migrations/0002_events.sql`): their writes, which
//! go through the games' writers ([`crate::store::Journal`]) so that a
//! round's change and its new games commit in one transaction, and their
//! reads.

use sqlx::{Any, Row, Transaction};

use crate::store::{DbError, Store};

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
