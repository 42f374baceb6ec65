//! The database: SQLite by default (a file under `--state DIR`, WAL,
//! synchronous commits), PostgreSQL with `--database postgres://…`, through
//! sqlx's `Any` driver so that one text of each query serves both. Every
//! query is parameterised; migrations (`migrations/`) run at start.
//!
//! Writes go through the [`Journal`] ([`crate::journal`]); this module
//! opens the database and reads it: the games here, the club events'
//! tables in [`events`] and the clubs' in [`clubs`].

pub mod clubs;
pub mod events;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Row};

pub use crate::database::{Backend, DbError, CHANNEL};
pub use crate::journal::{ClubOp, EventOp, GameState, Journal, NewGame, Op, WriteError};
use crate::state_folder::Guard;

/// The database and its writers.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
    journal: Journal,
    guard: Arc<Guard>,
}

/// The migrations, in the binary: every file of `migrations/`, read at
/// build time (`build.rs` reruns the build when the folder changes).
pub fn migrator() -> Migrator {
    sqlx::migrate!("./migrations")
}

/// The database's identity: made by the first server that opens it, kept
/// by its backups (the state folder records it beside the file).
async fn database_id(pool: &AnyPool) -> Result<String, DbError> {
    sqlx::query("INSERT INTO meta (key, value) VALUES ('database_id', $1) ON CONFLICT DO NOTHING")
        .bind(crate::tokens::game_id())
        .execute(pool)
        .await?;
    let row = sqlx::query("SELECT value FROM meta WHERE key = 'database_id'")
        .fetch_one(pool)
        .await?;
    Ok(row.try_get(0)?)
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
    /// Connects, runs the migrations and starts the writers; `guard`
    /// holds the state folder (SQLite) and learns the database's identity.
    pub async fn open(url: &str, guard: Arc<Guard>) -> Result<Store, DbError> {
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
        let id = database_id(&pool).await?;
        guard.opened(&id).map_err(|e| DbError(e.to_string()))?;
        let writers = if backend == Backend::Sqlite { 1 } else { 4 };
        let journal = Journal::start(&pool, backend, guard.clone(), writers);
        Ok(Store {
            pool,
            backend,
            url: url.to_string(),
            journal,
            guard,
        })
    }

    /// The state folder's guard (nothing to watch with PostgreSQL).
    pub fn guard(&self) -> &Guard {
        &self.guard
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

    /// The salt of the address hashes ([`crate::tokens::address_key`]):
    /// made once (160 random bits) and kept in the database
    /// (`server_settings`), so that every instance and every restart hashes
    /// an address the same way.
    pub async fn address_salt(&self) -> Result<String, DbError> {
        const READ: &str = "SELECT value FROM server_settings WHERE name = $1";
        if let Some(salt) = self.text_of(READ, "address_salt").await? {
            return Ok(salt);
        }
        // Two instances starting at once: the first insert wins, both read it.
        self.execute(
            "INSERT INTO server_settings (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            &[
                Param::Text("address_salt"),
                Param::Text(&crate::tokens::secret()),
            ],
        )
        .await?;
        self.text_of(READ, "address_salt")
            .await?
            .ok_or_else(|| DbError("the address salt was not kept".into()))
    }
}

impl Store {
    /// The pool (the reads of [`events`] and [`clubs`]).
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
