//! A throwaway PostgreSQL cluster for the tests and the benchmark: Debian's
//! PostgreSQL (`apt-get install postgresql`; `make test` installs it),
//! `initdb` in a temporary folder and `pg_ctl start` on a free port of
//! 127.0.0.1, run as the unprivileged `postgres` user when we are root
//! (PostgreSQL refuses to run as root). A watchdog stops the cluster and
//! removes its folder when the process that started it ends, however it
//! ends. Not used by the server itself.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A running cluster.
pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    /// Its port on 127.0.0.1.
    pub port: u16,
}

/// PostgreSQL's programs: the newest `/usr/lib/postgresql/<version>/bin`.
fn binaries() -> Result<PathBuf, String> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|_| {
            "PostgreSQL is not installed: run `make test` (it installs Debian's postgresql)"
                .to_string()
        })?
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    found.sort();
    found
        .pop()
        .map(|(_, bin)| bin)
        .ok_or_else(|| "no initdb under /usr/lib/postgresql/*/bin".to_string())
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("Uid:"))?.to_string();
            Some(line.split_whitespace().nth(1)? == "0")
        })
        .unwrap_or(false)
}

/// `program args…`, as `postgres` when we are root; its output on failure.
fn run(program: &Path, args: &[&str]) -> Result<(), String> {
    let mut command = if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    };
    let output = command
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{}: {e}", program.display()))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{} {}: {}{}",
            program.display(),
            args.join(" "),
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

fn free_port() -> Result<u16, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener.local_addr().map_err(|e| e.to_string())?.port())
}

impl Cluster {
    /// Starts a cluster; `durable` keeps PostgreSQL's fsync (the
    /// benchmark), otherwise it is off (tests: faster, nothing to keep).
    pub fn start(durable: bool) -> Result<Cluster, String> {
        Cluster::start_with(&std::env::temp_dir(), durable, false)
    }

    /// Starts a cluster whose folder is made in `parent`, a small disk of
    /// the storage-fault tests: its WAL comes in 1 MB segments and keeps
    /// a few of them, so that tens of megabytes hold it.
    pub fn start_on_small_disk(parent: &Path) -> Result<Cluster, String> {
        Cluster::start_with(parent, false, true)
    }

    fn start_with(parent: &Path, durable: bool, small: bool) -> Result<Cluster, String> {
        let bin = binaries()?;
        let unique = format!(
            "mind-sports-pg-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        );
        let dir = parent.join(unique);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        if is_root() {
            let status = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir)
                .status();
            if !status.is_ok_and(|s| s.success()) {
                return Err(
                    "chown to the postgres user failed (is Debian's postgresql installed?)".into(),
                );
            }
        }
        let data = dir.join("data");
        let data_text = data.to_string_lossy().to_string();
        run(
            &bin.join("initdb"),
            &[
                "-D",
                &data_text,
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
                if small {
                    "--wal-segsize=1"
                } else {
                    "--wal-segsize=16"
                },
            ],
        )?;
        let port = free_port()?;
        // No Unix socket (`-k ''`): its path must fit in 107 bytes, which a
        // checkout in a deep folder exceeds; everything connects over TCP.
        let options = format!(
            "-p {port} -k '' -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync={} \
             -c synchronous_commit={}{}",
            if durable { "on" } else { "off" },
            if durable { "on" } else { "off" },
            if small {
                " -c min_wal_size=4MB -c max_wal_size=8MB"
            } else {
                ""
            },
        );
        let log = dir.join("log").to_string_lossy().to_string();
        let cluster = Cluster { dir, bin, port };
        cluster.watch()?;
        run(
            &cluster.bin.join("pg_ctl"),
            &[
                "-D", &data_text, "-o", &options, "-l", &log, "-w", "-t", "60", "start",
            ],
        )
        .map_err(|e| format!("{e}\n{}", std::fs::read_to_string(&log).unwrap_or_default()))?;
        Ok(cluster)
    }

    /// Stops the cluster and removes its folder when this process ends.
    fn watch(&self) -> Result<(), String> {
        let pg_ctl = self.bin.join("pg_ctl");
        let stop = if is_root() {
            format!(
                "runuser -u postgres -- {} -D {}/data stop -m immediate",
                pg_ctl.display(),
                self.dir.display()
            )
        } else {
            format!(
                "{} -D {}/data stop -m immediate",
                pg_ctl.display(),
                self.dir.display()
            )
        };
        let script = format!(
            "while kill -0 {} 2>/dev/null; do sleep 1; done; {stop} >/dev/null 2>&1; rm -rf {}",
            std::process::id(),
            self.dir.display()
        );
        Command::new("setsid")
            .args(["sh", "-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map(|_| ())
            .map_err(|e| format!("watchdog: {e}"))
    }

    /// The URL of database `name`.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// Creates an empty database `name` (letters, digits and `_`) and
    /// gives its URL.
    pub fn database(&self, name: &str) -> Result<String, String> {
        if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(format!("{name:?} is not a plain name"));
        }
        let psql = self.bin.join("psql");
        let sql = format!("CREATE DATABASE {name}");
        let status = Command::new(psql)
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
                "-q",
                "-c",
                &sql,
                "postgres",
            ])
            .stdout(Stdio::null())
            .output()
            .map_err(|e| e.to_string())?;
        if status.status.success() {
            Ok(self.url(name))
        } else {
            Err(String::from_utf8_lossy(&status.stderr).into_owned())
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.dir.join("data").to_string_lossy().to_string();
        let _ = run(
            &self.bin.join("pg_ctl"),
            &["-D", &data, "stop", "-m", "immediate"],
        );
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
