//! The writes: writer tasks that commit whatever has queued while the
//! last commit ran in one transaction (a group commit), and answer each
//! write only once it is committed. A write names the number of events it
//! expects the game to have, so that two server instances never both
//! append the same event: the loser gets [`WriteError::Conflict`] and
//! reads the game again.
//!
//! Nothing is answered as done unless its transaction committed, whatever
//! the disk or the database does:
//! - a connection that saw any error inside a transaction is closed, never
//!   handed back to the pool (SQLite rolls a transaction back by itself
//!   after `SQLITE_FULL` or an I/O error; sqlx's ROLLBACK then fails and it
//!   would count the connection as still in a transaction, so that later
//!   "transactions" became savepoints of one never committed);
//! - a batch that fails is retried write by write, so that one bad write
//!   fails only its own action;
//! - deadlocks, serialization failures and a busy SQLite are retried;
//! - with PostgreSQL a batch locks the rows it updates in one order (ids
//!   sorted) before touching them, so two instances' batches never wait
//!   on each other in a circle;
//! - while the state folder says writes cannot be kept (the database file
//!   was removed or replaced) every write is refused, and while its disk is
//!   nearly full new games, events and clubs are refused (moves go on);
//! - once writes succeed again after failures, SQLite's WAL is
//!   checkpointed and truncated.
//!
//! The ops of the club events' tables are [`events`]'s, the clubs'
//! [`clubs`]'s.

pub mod clubs;
pub mod events;

use std::sync::Arc;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyPool, Connection};
use tokio::sync::{mpsc, oneshot};

use crate::database::{Backend, DbError, CHANNEL};
use crate::state_folder::Guard;
pub use clubs::ClubOp;
pub use events::EventOp;

/// Why a write was not committed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteError {
    /// The game has other events than the write expected (another
    /// instance wrote first).
    Conflict,
    /// The database failed.
    Db(DbError),
}

/// A new game's row.
#[derive(Debug, Clone)]
pub struct NewGame {
    /// Its id.
    pub id: String,
    /// `othello`, `opok` or `nim`.
    pub game: String,
    /// Listed in the lobby.
    pub public: bool,
    /// The invitation secret's hash (private games).
    pub invite_hash: Option<String>,
    /// The first game of its invitation (rematches keep it).
    pub chain: String,
    /// The creator's address key.
    pub creator_address: String,
    /// The seats' token hashes (seat, hash).
    pub seats: Vec<(u8, String)>,
    /// Service time now (the seats' "last seen").
    pub now: i64,
    /// Wall time now.
    pub wall: i64,
}

/// What a game's row says after a write.
#[derive(Debug, Clone)]
pub struct GameState {
    /// `open`, `playing`, `completing` or `over`.
    pub state: &'static str,
    /// When something is next due (service time).
    pub due_at: Option<i64>,
    /// The lobby's entry (JSON), while open and public.
    pub challenge: Option<String>,
    /// Wall time now.
    pub wall: i64,
}

/// One write to the games.
#[derive(Debug, Clone)]
pub enum Op {
    /// A new game with its first event.
    Create {
        /// The row.
        game: NewGame,
        /// Its first event (JSON).
        event: String,
        /// Its row's state.
        state: GameState,
    },
    /// Events after the `expect` a game has.
    Append {
        /// The game.
        game: String,
        /// The number of events it has.
        expect: i64,
        /// The events (JSON), numbered from `expect`.
        events: Vec<String>,
        /// Its row's state after them.
        state: GameState,
    },
    /// A seat's token hash for a player who joins.
    Seat {
        /// The game.
        game: String,
        /// The seat.
        seat: u8,
        /// The token's hash.
        hash: String,
        /// Service time now.
        now: i64,
    },
    /// A seat's player connected to this instance, or left it (the seat's
    /// "last seen" then).
    Presence {
        /// The game.
        game: String,
        /// The seat.
        seat: u8,
        /// This instance.
        instance: String,
        /// Connected (`true`) or left.
        connected: bool,
        /// Service time now.
        now: i64,
    },
    /// A change of a club event (its first creates the event's row).
    Event(EventOp),
    /// A club's row, or an event joining a club.
    Club(ClubOp),
}

impl Op {
    /// Whether it makes something new that a player asked for (a game, not
    /// a rematch's or a round's; an event; a club): what a nearly full disk
    /// refuses while the games in progress go on.
    pub fn creates_something(&self) -> bool {
        match self {
            Op::Create { game, .. } => !game.creator_address.is_empty(),
            Op::Event(EventOp::Create { .. }) | Op::Club(ClubOp::Create { .. }) => true,
            _ => false,
        }
    }

    /// The notification other instances get once it is committed.
    fn notice(&self) -> Option<String> {
        match self {
            Op::Create { game, .. } => Some(format!("g:{}:1", game.id)),
            Op::Append {
                game,
                expect,
                events,
                ..
            } => Some(format!("g:{game}:{}", *expect + events.len() as i64)),
            Op::Seat { .. } => None,
            Op::Presence { game, instance, .. } => Some(format!("p:{instance}:{game}")),
            Op::Event(op) => op.notice(),
            // The event's own `club` change tells the other instances.
            Op::Club(_) => None,
        }
    }
}

/// Writes committed together or not at all, answered once committed.
struct Write {
    ops: Vec<Op>,
    reply: oneshot::Sender<Result<(), WriteError>>,
}

/// The writers: each commits its queue in one transaction at a time.
#[derive(Clone)]
pub struct Journal {
    writers: Vec<mpsc::Sender<Write>>,
}

/// The most writes one transaction takes.
const MAX_BATCH: usize = 512;

/// How often a transient failure (deadlock, serialization, busy) is tried
/// again before the write is refused.
const ATTEMPTS: u32 = 4;

impl Journal {
    /// Starts `writers` writer tasks on `pool`.
    pub(crate) fn start(
        pool: &AnyPool,
        backend: Backend,
        guard: Arc<Guard>,
        writers: usize,
    ) -> Journal {
        let writers = (0..writers)
            .map(|_| {
                let (sender, receiver) = mpsc::channel(4096);
                let writer = Writer {
                    pool: pool.clone(),
                    backend,
                    guard: guard.clone(),
                    failing: false,
                };
                tokio::spawn(writer.run(receiver));
                sender
            })
            .collect();
        Journal { writers }
    }

    /// Commits `ops` together (after what is queued before them on the same
    /// writer); `key` picks the writer (a game's id keeps its writes in
    /// order).
    pub async fn write(&self, key: &str, ops: Vec<Op>) -> Result<(), WriteError> {
        let index = key
            .bytes()
            .fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b.into()));
        let (reply, answer) = oneshot::channel();
        let closed = || WriteError::Db(DbError("the writer stopped".into()));
        self.writers[index % self.writers.len()]
            .send(Write { ops, reply })
            .await
            .map_err(|_| closed())?;
        answer.await.map_err(|_| closed())?
    }
}

/// How a transaction failed.
enum Failed {
    /// Worth trying again at once (deadlock, serialization, busy).
    Transient(DbError),
    /// The database or the disk failed.
    Fatal(DbError),
}

impl Failed {
    fn error(self) -> DbError {
        match self {
            Failed::Transient(error) | Failed::Fatal(error) => error,
        }
    }
}

impl From<sqlx::Error> for Failed {
    fn from(error: sqlx::Error) -> Failed {
        // PostgreSQL: deadlock_detected, serialization_failure; SQLite:
        // SQLITE_BUSY and its extended codes (5, 261, 517, 773).
        let transient = error.as_database_error().is_some_and(|db| {
            db.code().is_some_and(|code| {
                matches!(
                    code.as_ref(),
                    "40P01" | "40001" | "5" | "261" | "517" | "773"
                )
            })
        });
        let error = DbError::from(error);
        if transient {
            Failed::Transient(error)
        } else {
            Failed::Fatal(error)
        }
    }
}

impl From<DbError> for Failed {
    fn from(error: DbError) -> Failed {
        Failed::Fatal(error)
    }
}

/// Why a write of `ops` must be refused now, if it must: the state folder
/// cannot keep writes at all, or its disk is nearly full and `ops` make
/// something new.
fn refusal(guard: &Guard, ops: &[Op]) -> Option<DbError> {
    if let Some(problem) = guard.problem() {
        return Some(DbError(problem));
    }
    (guard.low_space() && ops.iter().any(Op::creates_something))
        .then(|| DbError("the state folder's disk is nearly full".into()))
}

/// The results of a committed batch, one per write.
type Results = Vec<Result<(), WriteError>>;

/// A writer task.
struct Writer {
    pool: AnyPool,
    backend: Backend,
    guard: Arc<Guard>,
    /// The last commit failed (the next success says the store recovered).
    failing: bool,
}

impl Writer {
    /// Commits what queued while the last commit ran, until the journal is
    /// dropped.
    async fn run(mut self, mut queue: mpsc::Receiver<Write>) {
        while let Some(first) = queue.recv().await {
            let mut batch = vec![first];
            while batch.len() < MAX_BATCH {
                match queue.try_recv() {
                    Ok(write) => batch.push(write),
                    Err(_) => break,
                }
            }
            self.commit_batch(batch).await;
        }
    }

    /// Commits `batch` and answers each write. A batch that fails is tried
    /// again write by write: one bad write fails only its own action.
    async fn commit_batch(&mut self, batch: Vec<Write>) {
        let batch: Vec<Write> = batch
            .into_iter()
            .filter_map(|write| match refusal(&self.guard, &write.ops) {
                Some(refusal) => {
                    let _ = write.reply.send(Err(WriteError::Db(refusal)));
                    None
                }
                None => Some(write),
            })
            .collect();
        if batch.is_empty() {
            return;
        }
        let writes: Vec<&[Op]> = batch.iter().map(|write| write.ops.as_slice()).collect();
        let results = match self.commit_with_retries(&writes).await {
            Ok(results) => results,
            Err(error) if batch.len() == 1 => vec![Err(WriteError::Db(error))],
            Err(_) => {
                let mut results = Vec::with_capacity(batch.len());
                for write in &writes {
                    results.push(match self.commit_with_retries(&[write]).await {
                        Ok(mut one) => one.pop().unwrap_or(Ok(())),
                        Err(error) => Err(WriteError::Db(error)),
                    });
                }
                results
            }
        };
        for (write, result) in batch.into_iter().zip(results) {
            let _ = write.reply.send(result);
        }
    }

    /// One transaction for `writes`, tried again while it fails
    /// transiently; says when the store recovers from failing.
    async fn commit_with_retries(&mut self, writes: &[&[Op]]) -> Result<Results, DbError> {
        let mut attempt = 0;
        let outcome = loop {
            attempt += 1;
            match self.commit_once(writes).await {
                Err(Failed::Transient(error)) if attempt < ATTEMPTS => {
                    tracing::debug!(%error, attempt, "write retried");
                    tokio::time::sleep(Duration::from_millis(5 << attempt)).await;
                }
                other => break other.map_err(Failed::error),
            }
        };
        match &outcome {
            Ok(_) if self.failing => {
                self.failing = false;
                self.recovered().await;
            }
            Ok(_) => {}
            Err(error) => {
                if !self.failing {
                    tracing::error!(%error, "writes failing");
                }
                self.failing = true;
            }
        }
        outcome
    }

    /// One transaction on a connection of its own; a connection that saw
    /// an error is closed, not returned to the pool.
    async fn commit_once(&self, writes: &[&[Op]]) -> Result<Results, Failed> {
        let mut connection = self.pool.acquire().await?;
        let outcome = crate::metrics::timed_commit(
            writes.len(),
            transaction(&mut connection, self.backend, writes),
        )
        .await;
        if outcome.is_err() {
            // Closing rolls back whatever the database still holds open.
            let _ = tokio::time::timeout(Duration::from_secs(5), connection.close()).await;
        }
        outcome
    }

    /// Writes commit again after failures: SQLite's WAL may have grown
    /// while nothing could be checkpointed.
    async fn recovered(&self) {
        tracing::info!("writes succeed again");
        if self.backend == Backend::Sqlite {
            let checkpoint = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                .execute(&self.pool)
                .await;
            if let Err(error) = checkpoint {
                tracing::warn!(%error, "WAL checkpoint after recovery");
            }
        }
    }
}

/// One transaction for `writes`: each write's ops all or none (a write
/// whose append finds other events is skipped, the others go on).
async fn transaction(
    connection: &mut PoolConnection<Any>,
    backend: Backend,
    writes: &[&[Op]],
) -> Result<Results, Failed> {
    let mut tx = connection.begin().await?;
    if backend == Backend::Postgres {
        lock_in_order(&mut tx, writes).await?;
    }
    let mut results = Vec::with_capacity(writes.len());
    let mut notices = Vec::new();
    for ops in writes {
        let guarded = ops.len() > 1;
        if guarded {
            sqlx::query("SAVEPOINT write").execute(&mut *tx).await?;
        }
        let mut result = Ok(());
        for op in ops.iter() {
            if !apply(&mut tx, op).await? {
                result = Err(WriteError::Conflict);
                break;
            }
        }
        if guarded {
            let end = if result.is_ok() {
                "RELEASE SAVEPOINT write"
            } else {
                "ROLLBACK TO SAVEPOINT write"
            };
            sqlx::query(end).execute(&mut *tx).await?;
        }
        if result.is_ok() {
            notices.extend(ops.iter().filter_map(Op::notice));
        }
        results.push(result);
    }
    if backend == Backend::Postgres {
        // One notification per few hundred games (a payload is < 8000 bytes).
        for chunk in notices.chunks(200) {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(chunk.join(" "))
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(results)
}

/// The rows a batch updates, locked in one order (PostgreSQL): games, then
/// events, each by id. Two instances' batches then never hold one row each
/// while waiting for the other's.
async fn lock_in_order(
    tx: &mut sqlx::Transaction<'_, Any>,
    writes: &[&[Op]],
) -> Result<(), Failed> {
    let (mut games, mut events) = (Vec::new(), Vec::new());
    for op in writes.iter().flat_map(|ops| ops.iter()) {
        match op {
            Op::Append { game, .. } => games.push(game.as_str()),
            Op::Event(EventOp::Append { id, .. }) => events.push(id.as_str()),
            _ => {}
        }
    }
    for (table, mut ids) in [("games", games), ("club_events", events)] {
        ids.sort_unstable();
        ids.dedup();
        for chunk in ids.chunks(500) {
            let places: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let sql = format!(
                "SELECT id FROM {table} WHERE id IN ({}) ORDER BY id FOR UPDATE",
                places.join(", ")
            );
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
            for id in chunk {
                query = query.bind(*id);
            }
            query.fetch_all(&mut **tx).await?;
        }
    }
    Ok(())
}

/// One op in the transaction; `false` on a conflict.
async fn apply(tx: &mut sqlx::Transaction<'_, Any>, op: &Op) -> Result<bool, DbError> {
    match op {
        Op::Create { game, event, state } => {
            let inserted = sqlx::query(
                "INSERT INTO games (id, game, public, state, events, due_at, invite_hash, chain, \
                 creator_address, challenge, created_wall, updated_wall) \
                 VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT DO NOTHING",
            )
            .bind(&game.id)
            .bind(&game.game)
            .bind(i64::from(game.public))
            .bind(state.state)
            .bind(state.due_at)
            .bind(&game.invite_hash)
            .bind(&game.chain)
            .bind(&game.creator_address)
            .bind(&state.challenge)
            .bind(game.wall)
            .execute(&mut **tx)
            .await?;
            if inserted.rows_affected() == 0 {
                return Ok(false);
            }
            insert_event(tx, &game.id, 0, event).await?;
            for (seat, hash) in &game.seats {
                if !insert_seat(tx, &game.id, *seat, hash, game.now).await? {
                    return Ok(false);
                }
            }
        }
        Op::Append {
            game,
            expect,
            events,
            state,
        } => {
            let updated = sqlx::query(
                "UPDATE games SET events = $2, state = $3, due_at = $4, challenge = $5, updated_wall = $6 \
                 WHERE id = $1 AND events = $7",
            )
            .bind(game)
            .bind(expect + events.len() as i64)
            .bind(state.state)
            .bind(state.due_at)
            .bind(&state.challenge)
            .bind(state.wall)
            .bind(*expect)
            .execute(&mut **tx)
            .await?;
            if updated.rows_affected() == 0 {
                return Ok(false);
            }
            for (i, event) in events.iter().enumerate() {
                insert_event(tx, game, expect + i as i64, event).await?;
            }
        }
        Op::Seat {
            game,
            seat,
            hash,
            now,
        } => return insert_seat(tx, game, *seat, hash, *now).await,
        Op::Presence {
            game,
            seat,
            instance,
            connected,
            now,
        } => presence(tx, game, *seat, instance, *connected, *now).await?,
        Op::Event(op) => return events::apply(tx, op).await,
        Op::Club(op) => return clubs::apply(tx, op).await,
    }
    Ok(true)
}

/// A seat's presence on an instance (never a conflict).
async fn presence(
    tx: &mut sqlx::Transaction<'_, Any>,
    game: &str,
    seat: u8,
    instance: &str,
    connected: bool,
    now: i64,
) -> Result<(), DbError> {
    let seat = i64::from(seat);
    if connected {
        sqlx::query(
            "INSERT INTO presence (game_id, seat, instance) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(game)
        .bind(seat)
        .bind(instance)
        .execute(&mut **tx)
        .await?;
    } else {
        sqlx::query("DELETE FROM presence WHERE game_id = $1 AND seat = $2 AND instance = $3")
            .bind(game)
            .bind(seat)
            .bind(instance)
            .execute(&mut **tx)
            .await?;
        sqlx::query("UPDATE seats SET left_at = $3 WHERE game_id = $1 AND seat = $2")
            .bind(game)
            .bind(seat)
            .bind(now)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

async fn insert_event(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: &str,
    seq: i64,
    body: &str,
) -> Result<(), DbError> {
    sqlx::query("INSERT INTO events (game_id, seq, body) VALUES ($1, $2, $3)")
        .bind(game)
        .bind(seq)
        .bind(body)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn insert_seat(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    game: &str,
    seat: u8,
    hash: &str,
    now: i64,
) -> Result<bool, DbError> {
    let inserted = sqlx::query(
        "INSERT INTO seats (game_id, seat, token_hash, left_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(game)
    .bind(i64::from(seat))
    .bind(hash)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(inserted.rows_affected() == 1)
}
