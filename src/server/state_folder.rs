//! The state folder of an SQLite server (`--state DIR`), kept as an
//! operator expects: one `serve` per folder (a lock held while it runs),
//! no start on a nearly full disk, and the database file watched while it
//! serves. A database that was removed or replaced under a running server
//! stops every write (they would go to a file nobody will see again), and
//! a folder that held a database refuses to start without it rather than
//! starting empty without a word. With PostgreSQL there is no folder to
//! watch: its own server keeps its files.

use std::fs::File;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// The database file in the state folder.
pub const DATABASE_FILE: &str = "online.sqlite3";

/// The lock file: held by the running server, with its process id.
pub const LOCK_FILE: &str = "serve.lock";

/// The database's identity, written beside it: a folder that has it held
/// a database (`meta.database_id` inside).
pub const IDENTITY_FILE: &str = "database-id";

/// Why the state folder cannot be served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StateError {
    /// The folder cannot be made or read.
    Folder(String),
    /// Another `serve` holds the folder.
    Locked {
        /// The folder.
        dir: PathBuf,
        /// What the lock file says (the other server's process id).
        holder: String,
    },
    /// The disk has less free space than the minimum.
    DiskFull {
        /// The folder.
        dir: PathBuf,
        /// Bytes free.
        free: u64,
        /// The minimum.
        min: u64,
    },
    /// The folder held a database that is not there (or is another one).
    DatabaseMissing {
        /// The database file.
        file: PathBuf,
        /// The identity the folder records.
        expected: String,
        /// The identity found (`None`: no file).
        found: Option<String>,
    },
}

impl std::fmt::Display for StateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StateError::Folder(why) => write!(f, "the state folder: {why}"),
            StateError::Locked { dir, holder } => write!(
                f,
                "another serve ({holder}) is using {}: stop it first, or give this one another --state",
                dir.display()
            ),
            StateError::DiskFull { dir, free, min } => write!(
                f,
                "the disk of {} has {} MB free, less than --min-free-space {} MB: free some space first",
                dir.display(),
                free / MB,
                min / MB
            ),
            StateError::DatabaseMissing {
                file,
                expected,
                found: None,
            } => write!(
                f,
                "{} is missing, though this folder held database {expected} ({}): restore it \
                 from a backup (serve restore), or remove {} to start an empty database",
                file.display(),
                IDENTITY_FILE,
                sibling(file, IDENTITY_FILE).display()
            ),
            StateError::DatabaseMissing {
                file,
                expected,
                found: Some(found),
            } => write!(
                f,
                "{} is database {found}, not the database {expected} this folder held: put the \
                 right file back, or remove {} to serve this one",
                file.display(),
                sibling(file, IDENTITY_FILE).display()
            ),
        }
    }
}

impl std::error::Error for StateError {}

/// A megabyte.
pub const MB: u64 = 1024 * 1024;

fn sibling(file: &Path, name: &str) -> PathBuf {
    file.with_file_name(name)
}

/// A file's identity on its disk (device, inode).
fn identity(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.dev(), meta.ino()))
}

/// A held state folder.
struct Folder {
    dir: PathBuf,
    /// Held for as long as the server runs (the lock goes with it).
    lock: Mutex<Option<File>>,
    /// The database file's identity once open.
    database: Mutex<Option<(u64, u64)>>,
}

/// What the writers and the health check ask: may this write be kept?
pub struct Guard {
    folder: Option<Folder>,
    min_free: u64,
    low_space: AtomicBool,
    broken: Mutex<Option<String>>,
}

impl Guard {
    /// Nothing to watch (PostgreSQL).
    pub fn unwatched() -> Guard {
        Guard {
            folder: None,
            min_free: 0,
            low_space: AtomicBool::new(false),
            broken: Mutex::new(None),
        }
    }

    /// Holds `dir` for this server: made if need be, locked, with at least
    /// `min_free` bytes free on its disk.
    pub fn claim(dir: &Path, min_free: u64) -> Result<Guard, StateError> {
        let folder_error =
            |e: std::io::Error| StateError::Folder(format!("{}: {e}", dir.display()));
        std::fs::create_dir_all(dir).map_err(folder_error)?;
        let path = dir.join(LOCK_FILE);
        let mut lock = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(folder_error)?;
        // fs4's flock: std's File::try_lock is newer than this crate's MSRV.
        if fs4::FileExt::try_lock(&lock).is_err() {
            let holder = std::fs::read_to_string(&path).unwrap_or_default();
            let holder = holder.trim();
            return Err(StateError::Locked {
                dir: dir.to_path_buf(),
                holder: if holder.is_empty() {
                    "another process".into()
                } else {
                    holder.chars().take(40).collect()
                },
            });
        }
        let _ = lock.set_len(0);
        let _ = write!(lock, "process {}", std::process::id());
        let free = fs4::available_space(dir).map_err(folder_error)?;
        if free < min_free {
            return Err(StateError::DiskFull {
                dir: dir.to_path_buf(),
                free,
                min: min_free,
            });
        }
        Ok(Guard {
            folder: Some(Folder {
                dir: dir.to_path_buf(),
                lock: Mutex::new(Some(lock)),
                database: Mutex::new(None),
            }),
            min_free,
            low_space: AtomicBool::new(false),
            broken: Mutex::new(None),
        })
    }

    /// Before the database opens: a folder that recorded a database must
    /// still have it.
    pub fn check_before_open(&self) -> Result<(), StateError> {
        let Some(folder) = &self.folder else {
            return Ok(());
        };
        let file = folder.dir.join(DATABASE_FILE);
        match std::fs::read_to_string(folder.dir.join(IDENTITY_FILE)) {
            Ok(expected) if !file.exists() => Err(StateError::DatabaseMissing {
                file,
                expected: expected.trim().to_string(),
                found: None,
            }),
            _ => Ok(()),
        }
    }

    /// Once the database is open: its identity `id` must be the one the
    /// folder recorded (recorded now if none was); the file is watched
    /// from now on.
    pub fn opened(&self, id: &str) -> Result<(), StateError> {
        let Some(folder) = &self.folder else {
            return Ok(());
        };
        let file = folder.dir.join(DATABASE_FILE);
        let record = folder.dir.join(IDENTITY_FILE);
        match std::fs::read_to_string(&record) {
            Ok(expected) if expected.trim() != id => {
                return Err(StateError::DatabaseMissing {
                    file,
                    expected: expected.trim().to_string(),
                    found: Some(id.to_string()),
                })
            }
            Ok(_) => {}
            Err(_) => std::fs::write(&record, format!("{id}\n"))
                .map_err(|e| StateError::Folder(format!("{}: {e}", record.display())))?,
        }
        *folder.database.lock().expect("not poisoned") = identity(&file);
        Ok(())
    }

    /// Looks at the disk and the database file again (the sweeper's
    /// round); logs what changed.
    pub fn check(&self) {
        let Some(folder) = &self.folder else {
            return;
        };
        if let Ok(free) = fs4::available_space(&folder.dir) {
            let low = free < self.min_free;
            if self.low_space.swap(low, Ordering::SeqCst) != low {
                if low {
                    tracing::error!(
                        free_mb = free / MB,
                        min_mb = self.min_free / MB,
                        "disk nearly full: new games, events and clubs refused"
                    );
                } else {
                    tracing::info!(
                        free_mb = free / MB,
                        "disk space back: new games, events and clubs accepted"
                    );
                }
            }
        }
        let expected = *folder.database.lock().expect("not poisoned");
        let file = folder.dir.join(DATABASE_FILE);
        let now = identity(&file);
        let problem = match (expected, now) {
            (Some(_), None) => Some(format!("{} was removed while serving", file.display())),
            (Some(old), Some(new)) if old != new => {
                Some(format!("{} was replaced while serving", file.display()))
            }
            _ => None,
        };
        let mut broken = self.broken.lock().expect("not poisoned");
        if let Some(problem) = problem {
            if broken.is_none() {
                tracing::error!(
                    problem,
                    "every write refused: restart the server once the database file is back"
                );
            }
            *broken = Some(problem);
        }
    }

    /// Lets the folder go (the server stopped; another may start on it in
    /// this process).
    pub fn release(&self) {
        if let Some(folder) = &self.folder {
            folder.lock.lock().expect("not poisoned").take();
        }
    }

    /// Why the server cannot keep writes now, if it cannot (health).
    pub fn problem(&self) -> Option<String> {
        self.broken.lock().expect("not poisoned").clone()
    }

    /// Whether the disk is below the minimum free space.
    pub fn low_space(&self) -> bool {
        self.low_space.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(what: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("mind-sports-state-{what}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn one_server_per_folder() {
        let dir = scratch("lock");
        let first = Guard::claim(&dir, 0).unwrap();
        let second = Guard::claim(&dir, 0).err().expect("refused");
        let said = second.to_string();
        assert!(
            said.contains(&format!("process {}", std::process::id())),
            "{said}"
        );
        assert!(said.contains("another serve"), "{said}");
        drop(first);
        assert!(
            Guard::claim(&dir, 0).is_ok(),
            "free again once the first is gone"
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_nearly_full_disk_is_refused_at_start() {
        let dir = scratch("full");
        let error = Guard::claim(&dir, u64::MAX).err().expect("refused");
        assert!(matches!(error, StateError::DiskFull { .. }));
        assert!(error.to_string().contains("--min-free-space"), "{error}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_folder_that_held_a_database_needs_it() {
        let dir = scratch("identity");
        let guard = Guard::claim(&dir, 0).unwrap();
        std::fs::write(dir.join(DATABASE_FILE), "x").unwrap();
        guard.opened("abc").unwrap();
        guard.check();
        assert_eq!(guard.problem(), None);
        std::fs::remove_file(dir.join(DATABASE_FILE)).unwrap();
        guard.check();
        let problem = guard.problem().expect("noticed");
        assert!(problem.contains("removed while serving"), "{problem}");
        drop(guard);
        let guard = Guard::claim(&dir, 0).unwrap();
        let error = guard.check_before_open().expect_err("refused");
        assert!(error.to_string().contains("serve restore"), "{error}");
        std::fs::write(dir.join(DATABASE_FILE), "y").unwrap();
        let error = guard.opened("other").expect_err("refused");
        assert!(error.to_string().contains("database other, not"), "{error}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
