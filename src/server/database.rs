//! What every part of the storage layer shares: which database it is
//! ([`Backend`]), how a database failure is reported ([`DbError`]) and
//! the channel the instances notify each other on ([`CHANNEL`]). Kept
//! apart from the store so that the writers (`journal/`), which the store
//! starts, need not know the store.

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
