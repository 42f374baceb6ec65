//! `serve backup --state DIR FILE` and `serve restore --state DIR FILE`,
//! for the SQLite database (with PostgreSQL: `pg_dump` and `pg_restore`,
//! docs/online.md "Backups").
//!
//! A backup is SQLite's `VACUUM INTO`: a consistent copy of the database
//! as of one moment, made through an ordinary read transaction, so the
//! server goes on serving (and committing) meanwhile. It is written beside
//! FILE under a temporary name, checked, flushed to the disk, and only then
//! renamed to FILE: FILE is always a whole backup, never half of one.
//!
//! A restore refuses while a server holds the folder: it claims the folder
//! as `serve` does ([`Guard::claim`]: the exclusive `flock` on
//! `DIR/serve.lock`) and holds it for as long as it works, so no server
//! starts on the folder meanwhile; it also refuses while the database's
//! last heartbeat is under 3 s old. The database it replaces is renamed,
//! never deleted, and the folder's record of its database
//! (`database-id`) names the restored one.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{ConnectOptions, Connection, Row};

use crate::state_folder::{Guard, DATABASE_FILE, IDENTITY_FILE};

/// The database's file in a state folder.
pub fn database_file(state: &Path) -> PathBuf {
    state.join(DATABASE_FILE)
}

/// What a database holds (printed after a backup or a restore).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contents {
    /// Games.
    pub games: i64,
    /// Their events (moves and the rest).
    pub events: i64,
    /// Club events.
    pub club_events: i64,
    /// The newest migration applied.
    pub schema: Option<i64>,
    /// Its identity (`meta.database_id`; none before migration 4).
    pub id: Option<String>,
    /// The file's size, bytes.
    pub bytes: u64,
}

impl std::fmt::Display for Contents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} games ({} events), {} club events, schema {}, {} bytes",
            self.games,
            self.events,
            self.club_events,
            self.schema.map_or("none".to_string(), |v| v.to_string()),
            self.bytes
        )
    }
}

fn text(path: &Path) -> Result<&str, String> {
    path.to_str()
        .ok_or_else(|| format!("{}: the path is not UTF-8", path.display()))
}

/// Opens a database file; `still` for a file nobody writes (a backup: read
/// as it is, no lock, no write-ahead files beside it).
async fn open(path: &Path, still: bool) -> Result<SqliteConnection, String> {
    SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(false)
        .immutable(still)
        .busy_timeout(Duration::from_secs(30))
        .disable_statement_logging()
        .connect()
        .await
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Checks a database file (SQLite's integrity check, a migrations table of
/// this server's, no migration newer than this build) and counts it.
pub async fn inspect(path: &Path) -> Result<Contents, String> {
    let name = path.display();
    let mut db = open(path, true).await?;
    let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut db)
        .await
        .map_err(|e| format!("{name} is not an SQLite database ({e})"))?;
    if integrity != "ok" {
        return Err(format!("{name} is damaged: {integrity}"));
    }
    let rows = sqlx::query(
        "SELECT version, CASE WHEN success THEN 1 ELSE 0 END, checksum FROM _sqlx_migrations",
    )
    .fetch_all(&mut db)
    .await
    .map_err(|_| format!("{name} is not a database of serve (no migrations table)"))?;
    let applied = rows
        .iter()
        .map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)))
        .collect::<Result<Vec<(i64, i64, Vec<u8>)>, sqlx::Error>>()
        .map_err(|e| format!("{name}: {e}"))?;
    let (state, schema) = crate::health::compare(&applied);
    if !matches!(state, "current" | "behind") {
        return Err(format!(
            "{name}: its migrations are {state} (a newer server's database, or a damaged one)"
        ));
    }
    let count = |sql: &'static str| sqlx::query_scalar::<_, i64>(sql);
    let games = count("SELECT COUNT(*) FROM games").fetch_one(&mut db).await;
    let events = count("SELECT COUNT(*) FROM events")
        .fetch_one(&mut db)
        .await;
    let club_events = count("SELECT COUNT(*) FROM club_events")
        .fetch_one(&mut db)
        .await;
    let id: Option<String> = sqlx::query_scalar("SELECT value FROM meta WHERE key = 'database_id'")
        .fetch_optional(&mut db)
        .await
        .unwrap_or(None);
    let _ = db.close().await;
    let read = |n: Result<i64, sqlx::Error>| n.map_err(|e| format!("{name}: {e}"));
    Ok(Contents {
        games: read(games)?,
        events: read(events)?,
        club_events: read(club_events).unwrap_or(0),
        schema,
        id,
        bytes: std::fs::metadata(path).map_or(0, |m| m.len()),
    })
}

/// Writes `file`'s data to the disk, and its folder's entry of it.
fn flush(file: &Path) -> Result<(), String> {
    let sync = |path: &Path| File::open(path).and_then(|f| f.sync_all());
    sync(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let folder = file.parent().filter(|p| !p.as_os_str().is_empty());
    sync(folder.unwrap_or(Path::new("."))).map_err(|e| format!("{}: {e}", file.display()))
}

/// `serve backup`: a copy of the state folder's database in `file`.
pub async fn backup(state: &Path, file: &Path) -> Result<Contents, String> {
    let database = database_file(state);
    if !database.is_file() {
        return Err(format!(
            "no database in {}: {} does not exist (give the --state folder serve runs on)",
            state.display(),
            database.display()
        ));
    }
    let name = file
        .file_name()
        .ok_or_else(|| format!("{}: not a file name", file.display()))?;
    let partial = file.with_file_name(format!(
        ".{}.partial-{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let _ = std::fs::remove_file(&partial);
    let result = async {
        let mut db = open(&database, false).await?;
        sqlx::query("VACUUM INTO $1")
            .bind(text(&partial)?)
            .execute(&mut db)
            .await
            .map_err(|e| format!("VACUUM INTO {}: {e}", partial.display()))?;
        let _ = db.close().await;
        let contents = inspect(&partial).await?;
        flush(&partial)?;
        std::fs::rename(&partial, file).map_err(|e| format!("{}: {e}", file.display()))?;
        flush(file)?;
        Ok(contents)
    }
    .await;
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result
}

/// What a restore did.
#[derive(Debug)]
pub struct Restored {
    /// What the restored database holds.
    pub contents: Contents,
    /// Where the database it replaced was put, if there was one.
    pub kept: Option<PathBuf>,
}

/// Refuses while a server seems to run on `database`: its newest
/// heartbeat is under 3 s old and not a clean stop's.
async fn refuse_if_beating(database: &Path) -> Result<(), String> {
    let Ok(mut db) = open(database, false).await else {
        return Ok(());
    };
    let beat: Option<i64> =
        sqlx::query_scalar("SELECT MAX(alive_wall) FROM instances WHERE id NOT LIKE 'stopped:%'")
            .fetch_one(&mut db)
            .await
            .unwrap_or(None);
    let _ = db.close().await;
    let now = crate::time::Wall::now_ms(&crate::time::SystemWall) as i64;
    match beat {
        Some(beat) if (now - beat).abs() < crate::time::DOWNTIME_AFTER_MS as i64 => Err(format!(
            "a server seems to be running on {}: its last heartbeat was {} ms ago; stop it first \
             (a server killed just now: try again in 3 s)",
            database.display(),
            now - beat
        )),
        _ => Ok(()),
    }
}

/// `serve restore`: `file` becomes the state folder's database.
pub async fn restore(state: &Path, file: &Path) -> Result<Restored, String> {
    if !file.is_file() {
        return Err(format!("{}: no such file", file.display()));
    }
    let contents = inspect(file).await?;
    // Held as a server holds it: no server starts on the folder meanwhile.
    let _held = Guard::claim(state, 0).map_err(|e| e.to_string())?;
    let database = database_file(state);
    refuse_if_beating(&database).await?;
    let kept = if database.exists() {
        let seconds = crate::time::Wall::now_ms(&crate::time::SystemWall) / 1000;
        let aside = state.join(format!("{DATABASE_FILE}.before-restore-{seconds}"));
        // The write-ahead log keeps the last commits: it goes with its file.
        for suffix in ["", "-wal", "-shm"] {
            let from = PathBuf::from(format!("{}{suffix}", database.display()));
            let to = PathBuf::from(format!("{}{suffix}", aside.display()));
            if from.exists() {
                std::fs::rename(&from, &to).map_err(|e| format!("{}: {e}", from.display()))?;
            }
        }
        Some(aside)
    } else {
        None
    };
    let incoming = state.join("online.sqlite3.restoring");
    std::fs::copy(file, &incoming).map_err(|e| format!("{}: {e}", incoming.display()))?;
    flush(&incoming)?;
    std::fs::rename(&incoming, &database).map_err(|e| format!("{}: {e}", database.display()))?;
    flush(&database)?;
    // The folder now holds the restored database (a backup older than
    // its identity gets one when the server first opens it).
    let record = state.join(IDENTITY_FILE);
    let recorded = match &contents.id {
        Some(id) => std::fs::write(&record, format!("{id}\n")),
        None => std::fs::remove_file(&record).or_else(|e| match e.kind() {
            std::io::ErrorKind::NotFound => Ok(()),
            _ => Err(e),
        }),
    };
    recorded.map_err(|e| format!("{}: {e}", record.display()))?;
    Ok(Restored { contents, kept })
}
