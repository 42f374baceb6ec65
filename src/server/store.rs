//! The database: SQLite by default (a file under `--state DIR`, WAL,
//! synchronous commits), PostgreSQL with `--database postgres://…`, through
//! sqlx's `Any` driver so that one text of each query serves both. Every
//! query is parameterised; migrations (`migrations/`) run at start.
//!
//! Game writes go through [`Journal`]: writer tasks that commit whatever
//! has queued while the last commit ran in one transaction (a group
//! commit), and answer each write only once it is committed. A write names
//! the number of events it expects the game to have, so that two server
//! instances never both append the same event: the loser gets
//! [`WriteError::Conflict`] and reads the game again.

use std::path::Path;
use std::time::Duration;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Row};
use tokio::sync::{mpsc, oneshot};

/// The PostgreSQL channel of notifications between instances.
pub const CHANNEL: &str = "mind_sports";

/// Which database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A file (one instance).
    Sqlite,
    /// A server (one or several instances).
    Postgres,
}

/// A database error, as text (logged; the client is told "unavailable").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DbError(pub String);

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "database: {}", self.0)
    }
}

impl From<sqlx::Error> for DbError {
    fn from(error: sqlx::Error) -> Self {
        crate::metrics::database_error(&error);
        DbError(error.to_string())
    }
}

impl From<sqlx::migrate::MigrateError> for DbError {
    fn from(error: sqlx::migrate::MigrateError) -> Self {
        DbError(error.to_string())
    }
}

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
    /// A change of a club event (its first creates the event's row).
    Event(crate::event::store::EventOp),
    /// A club's row, or an event joining a club.
    Club(crate::clubs::store::ClubOp),
}

impl Op {
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

impl Journal {
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

/// The database and its writers.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
    journal: Journal,
}

/// The migrations, in the binary: every file of `migrations/`, read at
/// build time (`build.rs` reruns the build when the folder changes).
pub fn migrator() -> Migrator {
    sqlx::migrate!("./migrations")
}

/// The database URL of `--database`, or the SQLite file in `state`.
pub fn database_url(database: Option<&str>, state: &Path) -> Result<String, DbError> {
    match database {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            Ok(url.to_string())
        }
        Some(url) if url.starts_with("sqlite:") => Ok(url.to_string()),
        Some(url) => Err(DbError(format!(
            "--database {:?}: give postgres://… (or sqlite:…)",
            url.chars().take(60).collect::<String>()
        ))),
        None => {
            std::fs::create_dir_all(state)
                .map_err(|e| DbError(format!("{}: {e}", state.display())))?;
            Ok(format!(
                "sqlite://{}?mode=rwc",
                state.join("online.sqlite3").display()
            ))
        }
    }
}

impl Store {
    /// Connects, runs the migrations and starts the writers.
    pub async fn open(url: &str) -> Result<Store, DbError> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            Backend::Postgres
        };
        if backend == Backend::Sqlite {
            // WAL is a property of the file: set once, before the pool.
            let mut options = AnyPoolOptions::new().max_connections(1);
            options = options.acquire_timeout(Duration::from_secs(30));
            let one = options.connect(url).await?;
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&one)
                .await?;
            one.close().await;
        }
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 4 } else { 12 })
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // Every commit reaches the disk before it is answered.
                        sqlx::query("PRAGMA synchronous = FULL")
                            .execute(&mut *connection)
                            .await?;
                        sqlx::query("PRAGMA busy_timeout = 10000")
                            .execute(&mut *connection)
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await?;
        migrator().run(&pool).await?;
        let writers = if backend == Backend::Sqlite { 1 } else { 4 };
        let mut senders = Vec::new();
        for _ in 0..writers {
            let (sender, receiver) = mpsc::channel(4096);
            tokio::spawn(write_loop(pool.clone(), backend, receiver));
            senders.push(sender);
        }
        Ok(Store {
            pool,
            backend,
            url: url.to_string(),
            journal: Journal { writers: senders },
        })
    }

    /// Which database.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The URL it was opened with (the PostgreSQL listener connects to it).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The writers.
    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    /// Whether the pool was closed (the background tasks then end).
    pub fn is_closed(&self) -> bool {
        self.pool.is_closed()
    }

    /// Logs a background task's failure, except once the pool is closed:
    /// a task caught mid-query by the shutdown has nothing to report.
    pub fn log_failure(&self, task: &str, error: impl std::fmt::Display) {
        if !self.is_closed() {
            tracing::error!(task, %error, "background task failed");
        }
    }

    /// Closes the pool (at shutdown).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// A game's events from `from` on, in order.
    pub async fn events(&self, game: &str, from: i64) -> Result<Vec<(i64, String)>, DbError> {
        let rows = sqlx::query(
            "SELECT seq, body FROM events WHERE game_id = $1 AND seq >= $2 ORDER BY seq",
        )
        .bind(game)
        .bind(from)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect()
    }

    /// A game's row: its invitation hash, chain, public flag and state.
    pub async fn game(&self, game: &str) -> Result<Option<GameRow>, DbError> {
        let row = sqlx::query("SELECT invite_hash, chain, public, state FROM games WHERE id = $1")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row: AnyRow| {
            Ok(GameRow {
                invite_hash: row.try_get(0)?,
                chain: row.try_get(1)?,
                public: row.try_get::<i64, _>(2)? != 0,
                state: row.try_get(3)?,
            })
        })
        .transpose()
    }

    /// The seats' token hashes.
    pub async fn seats(&self, game: &str) -> Result<[Option<String>; 2], DbError> {
        let rows = sqlx::query("SELECT seat, token_hash FROM seats WHERE game_id = $1")
            .bind(game)
            .fetch_all(&self.pool)
            .await?;
        let mut seats = [None, None];
        for row in rows {
            let seat: i64 = row.try_get(0)?;
            if let Some(slot) = seats.get_mut(seat as usize) {
                *slot = Some(row.try_get(1)?);
            }
        }
        Ok(seats)
    }

    /// The open public challenges (JSON), newest first.
    pub async fn lobby(&self, limit: i64) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query(
            "SELECT challenge FROM games WHERE state = 'open' AND public = 1 AND challenge IS NOT NULL \
             ORDER BY created_wall DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| Ok(row.try_get(0)?)).collect()
    }

    /// The open challenges made from an address.
    pub async fn open_challenges(&self, address: &str) -> Result<i64, DbError> {
        self.count(
            "SELECT COUNT(*) FROM games WHERE creator_address = $1 AND state = 'open'",
            address,
        )
        .await
    }

    /// The games of an invitation (the first and its rematches).
    pub async fn chain_games(&self, chain: &str) -> Result<i64, DbError> {
        self.count("SELECT COUNT(*) FROM games WHERE chain = $1", chain)
            .await
    }

    async fn count(&self, sql: &'static str, key: &str) -> Result<i64, DbError> {
        let row = sqlx::query(sql).bind(key).fetch_one(&self.pool).await?;
        Ok(row.try_get(0)?)
    }

    /// Games with something due by `now` (service time).
    pub async fn due(&self, now: i64, limit: i64) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query("SELECT id FROM games WHERE due_at <= $1 ORDER BY due_at LIMIT $2")
            .bind(now)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| Ok(row.try_get(0)?)).collect()
    }

    /// Runs a statement with text and number parameters (presence,
    /// heartbeats); the rows it changed.
    pub async fn execute(&self, sql: &'static str, params: &[Param<'_>]) -> Result<u64, DbError> {
        let mut query = sqlx::query(sql);
        for param in params {
            query = match param {
                Param::Text(text) => query.bind(text.to_string()),
                Param::Int(n) => query.bind(*n),
            };
        }
        Ok(query.execute(&self.pool).await?.rows_affected())
    }

    /// Runs a query of one number column with parameters; its values.
    pub async fn numbers(
        &self,
        sql: &'static str,
        params: &[Param<'_>],
    ) -> Result<Vec<Option<i64>>, DbError> {
        let mut query = sqlx::query(sql);
        for param in params {
            query = match param {
                Param::Text(text) => query.bind(text.to_string()),
                Param::Int(n) => query.bind(*n),
            };
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter().map(|row| Ok(row.try_get(0)?)).collect()
    }

    /// The first column of the row `sql` finds for `key`, if it finds one.
    pub async fn text_of(&self, sql: &'static str, key: &str) -> Result<Option<String>, DbError> {
        let row = sqlx::query(sql)
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| row.try_get(0)).transpose()?)
    }

    /// The rows `sql` finds for `key`, as pairs of their first two columns.
    pub async fn pairs_of<A, B>(&self, sql: &'static str, key: &str) -> Result<Vec<(A, B)>, DbError>
    where
        A: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any>,
        B: for<'r> sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any>,
    {
        let rows = sqlx::query(sql).bind(key).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect()
    }

    /// Tells the other instances `payload` (PostgreSQL only).
    pub async fn notify(&self, payload: &str) -> Result<(), DbError> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(payload)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }
}

impl Store {
    /// The pool (the events' reads, `event::store`).
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }
}

/// A parameter of [`Store::execute`] and [`Store::numbers`].
#[derive(Debug, Clone, Copy)]
pub enum Param<'a> {
    /// Text.
    Text(&'a str),
    /// A number.
    Int(i64),
}

/// A game's row.
#[derive(Debug, Clone)]
pub struct GameRow {
    /// The invitation secret's hash (private games).
    pub invite_hash: Option<String>,
    /// The first game of its invitation.
    pub chain: String,
    /// Listed in the lobby.
    pub public: bool,
    /// `open`, `playing`, `completing` or `over`.
    pub state: String,
}

/// A writer: commits what queued while the last commit ran.
async fn write_loop(pool: AnyPool, backend: Backend, mut queue: mpsc::Receiver<Write>) {
    while let Some(first) = queue.recv().await {
        let mut batch = vec![first];
        while batch.len() < 512 {
            match queue.try_recv() {
                Ok(write) => batch.push(write),
                Err(_) => break,
            }
        }
        match crate::metrics::timed_commit(batch.len(), commit(&pool, backend, &batch)).await {
            Ok(results) => {
                for (write, result) in batch.into_iter().zip(results) {
                    let _ = write.reply.send(result);
                }
            }
            Err(error) => {
                for write in batch {
                    let _ = write.reply.send(Err(WriteError::Db(error.clone())));
                }
            }
        }
    }
}

/// One transaction for `batch`: each write's ops all or none (a write
/// whose append finds other events is skipped, the others go on).
async fn commit(
    pool: &AnyPool,
    backend: Backend,
    batch: &[Write],
) -> Result<Vec<Result<(), WriteError>>, DbError> {
    let mut tx = pool.begin().await?;
    let mut results = Vec::with_capacity(batch.len());
    let mut notices = Vec::new();
    for write in batch {
        let guarded = write.ops.len() > 1;
        if guarded {
            sqlx::query("SAVEPOINT write").execute(&mut *tx).await?;
        }
        let mut result = Ok(());
        for op in &write.ops {
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
            notices.extend(write.ops.iter().filter_map(Op::notice));
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

/// One op in the transaction; `false` on a conflict.
async fn apply(tx: &mut sqlx::Transaction<'_, sqlx::Any>, op: &Op) -> Result<bool, DbError> {
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
        Op::Event(op) => return crate::event::store::apply(tx, op).await,
        Op::Club(op) => return crate::clubs::store::apply(tx, op).await,
    }
    Ok(true)
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
