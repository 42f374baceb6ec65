//! `serve`'s command line, read by clap (help for every option, errors
//! that say what was expected), turned into the plain [`Options`] the
//! server starts from. The command line never carries a secret: the
//! PostgreSQL URL comes from `DATABASE_URL` (sqlx's convention; read by
//! `main`, not here, so that tests never see a developer's environment).

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};

use crate::config::{Limits, Online};
use crate::proxy::{Header, Network, Proxies, Trusted};

/// Where and what to serve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The built site (`dist/`).
    pub dir: PathBuf,
    /// The address to listen on.
    pub address: IpAddr,
    /// The port; 0 lets the system pick one (printed at start).
    pub port: u16,
    /// Online play's settings.
    pub online: Online,
    /// Where `/metrics` (and `/healthz`) are served besides the public
    /// port, if anywhere.
    pub metrics_address: Option<SocketAddr>,
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Print this text (the help, or the version) and stop.
    Print(String),
    /// Serve with these options.
    Serve(Box<Options>),
    /// Copy the SQLite database of `state` into `file` (`serve backup`).
    Backup {
        /// The state folder.
        state: PathBuf,
        /// The copy to write.
        file: PathBuf,
    },
    /// Replace the SQLite database of `state` by `file` (`serve restore`).
    Restore {
        /// The state folder.
        state: PathBuf,
        /// The backup to restore.
        file: PathBuf,
    },
}

/// Why a command line was refused: clap's finding, in one paragraph that
/// names the option and what it expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArgError {
    /// What kind of mistake.
    pub kind: ErrorKind,
    /// The message (without clap's `error: ` prefix and usage lines).
    pub message: String,
}

impl std::fmt::Display for ArgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ArgError {}

/// A number of seconds within `min..=max`.
fn seconds(min: u64, max: u64) -> impl Fn(&str) -> Result<u64, String> + Clone {
    move |text| {
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|s| (min..=max).contains(s))
            .ok_or_else(|| format!("expected a number of seconds from {min} to {max}"))
    }
}

/// A limit: a whole number from 1 to 10 000 000.
fn limit(text: &str) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=10_000_000).contains(n))
        .ok_or_else(|| "expected a whole number from 1 to 10000000".to_string())
}

/// A number of megabytes from 0 to a terabyte.
fn megabytes(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|mb| *mb <= 1024 * 1024)
        .ok_or_else(|| "expected a number of megabytes from 0 to 1048576".to_string())
}

/// An origin as a page sends it (`https://club.example`), or `*`.
fn origin(text: &str) -> Result<String, String> {
    let text = text.trim().trim_end_matches('/');
    let good = text == "*"
        || text.split_once("://").is_some_and(|(scheme, host)| {
            matches!(scheme, "http" | "https") && !host.is_empty() && !host.contains('/')
        });
    if good {
        Ok(text.to_string())
    } else {
        Err("expected an origin such as https://club.example (or *)".to_string())
    }
}

/// The database URL: PostgreSQL, or an SQLite file.
fn database(text: &str) -> Result<String, String> {
    let known = ["postgres://", "postgresql://", "sqlite:"];
    if known.iter().any(|prefix| text.starts_with(prefix)) {
        Ok(text.to_string())
    } else {
        Err("expected postgres://… (or sqlite:…)".to_string())
    }
}

/// The words of `serve`.
#[derive(Debug, Parser)]
#[command(
    name = "serve",
    version,
    about = "Serves the built app and online play (API v1 under /api/v1/)",
    long_about = "Serves the built app (dist/) with its precompressed copies and cache headers: \
                  files with a content hash in their name are cached for a year, everything else \
                  is revalidated on every load. Online play, club events and clubs live under \
                  /api/v1/ (README, \"Online play\"; docs/online.md, \"Operating the server\").\n\n\
                  The PostgreSQL URL is read from DATABASE_URL (a password on the command line \
                  is seen by every user of the machine); --database is kept for local tests.",
    args_conflicts_with_subcommands = true
)]
struct Words {
    /// The built site to serve.
    #[arg(long, value_name = "DIR", default_value = "dist")]
    dir: PathBuf,
    /// The address to listen on.
    #[arg(long, value_name = "IP", default_value = "127.0.0.1")]
    address: IpAddr,
    /// The port to listen on (0: any free one, printed at start).
    #[arg(long, value_name = "N", default_value_t = 8080)]
    port: u16,
    /// The SQLite database's folder (one server per folder).
    #[arg(long, value_name = "DIR", default_value = "state")]
    state: PathBuf,
    /// A PostgreSQL URL instead of SQLite (several instances may share
    /// it); prefer the DATABASE_URL variable.
    #[arg(long, value_name = "URL", value_parser = database)]
    database: Option<String>,
    /// Pages of ORIGIN may open live connections too (repeatable; * any).
    #[arg(long = "allow-origin", value_name = "ORIGIN", value_parser = origin)]
    allow_origin: Vec<String>,
    /// Pages of ORIGIN may embed live games (repeatable; * any).
    #[arg(long = "embed-origin", value_name = "ORIGIN", value_parser = origin)]
    embed_origin: Vec<String>,
    /// A player gone this long may be claimed against.
    #[arg(long = "claim-after", value_name = "SECONDS", default_value = "60", value_parser = seconds(5, 86_400))]
    claim_after: u64,
    /// Messages a second per live connection (twice that at once).
    #[arg(long = "max-messages-per-second", value_name = "N", default_value = "10", value_parser = limit)]
    max_messages_per_second: u32,
    /// Live connections open from one address.
    #[arg(long = "max-connections-per-address", value_name = "N", default_value = "32", value_parser = limit)]
    max_connections_per_address: u32,
    /// Open challenges created from one address.
    #[arg(long = "max-open-challenges", value_name = "N", default_value = "5", value_parser = limit)]
    max_open_challenges: u32,
    /// Games one invitation may lead to (the first and its rematches).
    #[arg(long = "max-games-per-invitation", value_name = "N", default_value = "50", value_parser = limit)]
    max_games_per_invitation: u32,
    /// HTTP requests a second from one address (twice that at once).
    #[arg(long = "max-requests-per-second", value_name = "N", default_value = "10", value_parser = limit)]
    max_requests_per_second: u32,
    #[command(flatten)]
    edge: Edge,

    // What clients may make and keep (src/server/quotas.rs).
    /// Club events (created or uploaded) from one address in a day.
    #[arg(long = "max-events-per-address-per-day", value_name = "N", default_value = "50", value_parser = limit)]
    max_events_per_address_per_day: u32,
    /// Club events kept in all.
    #[arg(long = "max-events", value_name = "N", default_value = "100000", value_parser = limit)]
    max_events: u32,
    /// Clubs made from one address in a day.
    #[arg(long = "max-clubs-per-address-per-day", value_name = "N", default_value = "10", value_parser = limit)]
    max_clubs_per_address_per_day: u32,
    /// Clubs kept in all.
    #[arg(long = "max-clubs", value_name = "N", default_value = "10000", value_parser = limit)]
    max_clubs: u32,

    // The state folder (SQLite).
    /// The least free space on the state folder's disk, in megabytes:
    /// below it the server does not start, and while serving it refuses
    /// new games, events and clubs (the games in progress go on).
    #[arg(long = "min-free-space", value_name = "MB", default_value = "64", value_parser = megabytes)]
    min_free_space: u64,

    // --- Operating it (docs/online.md, "Operating the server") ---
    /// Serve /metrics (Prometheus) and /healthz on this address too, e.g.
    /// 127.0.0.1:9090; the public port never serves /metrics.
    #[arg(long = "metrics-address", value_name = "IP:PORT")]
    metrics_address: Option<SocketAddr>,
    /// backup or restore instead of serving.
    #[command(subcommand)]
    task: Option<Task>,
}

/// `serve backup` and `serve restore` (SQLite; with PostgreSQL use
/// pg_dump and pg_restore).
#[derive(Debug, Subcommand)]
enum Task {
    /// Copy the SQLite database into FILE, safely while the server runs
    /// (SQLite's VACUUM INTO; with PostgreSQL use pg_dump).
    Backup {
        /// The state folder the server runs on.
        #[arg(long, value_name = "DIR", default_value = "state")]
        state: PathBuf,
        /// The copy to write (replaced if it exists, only once complete).
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Put FILE (made by serve backup) in place of the state folder's
    /// database; refused while a server holds the folder. The database it
    /// replaces is kept beside it.
    Restore {
        /// The state folder to restore into (created if missing).
        #[arg(long, value_name = "DIR", default_value = "state")]
        state: PathBuf,
        /// The backup to restore.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

/// The proxy in front and the limits of the connections themselves
/// (docs/online.md, "Behind a proxy" and "Limits").
#[derive(Debug, clap::Args)]
struct Edge {
    /// The proxy in front: client addresses are read from the right of its
    /// header, one hop (the same as --trusted-proxies 1).
    #[arg(long = "behind-proxy", conflicts_with = "trusted_proxies")]
    behind_proxy: bool,
    /// The proxies in front: how many (N), or their addresses and networks
    /// (CIDR, comma-separated or repeated). Client addresses are read from
    /// the right of their header, past these hops only.
    #[arg(long = "trusted-proxies", value_name = "N|CIDR", value_delimiter = ',', value_parser = trusted)]
    trusted_proxies: Vec<Trust>,
    /// The header the proxies write the client's address in.
    #[arg(long = "forwarded-header", value_name = "NAME", default_value = "x-forwarded-for", value_parser = forwarded_header)]
    forwarded_header: Header,
    /// The address people open the site at (https://games.example): pages
    /// of its origin may open live connections whatever Host the proxy sends.
    #[arg(long = "public-url", value_name = "URL", value_parser = origin)]
    public_url: Option<String>,
    /// GETs a second from one address under /api/ (twice that at once),
    /// live connections opened included.
    #[arg(long = "max-reads-per-second", value_name = "N", default_value = "50", value_parser = limit)]
    max_reads_per_second: u32,
    /// Open connections from one address (HTTP and live alike; a trusted
    /// proxy's are not counted).
    #[arg(long = "max-open-connections-per-address", value_name = "N", default_value = "128", value_parser = limit)]
    max_open_connections_per_address: u32,
    /// A client must send a request's head within this (an idle kept-alive
    /// connection is closed after it too).
    #[arg(long = "request-head-timeout", value_name = "SECONDS", default_value = "10", value_parser = seconds(1, 300))]
    request_head_timeout: u64,
    /// A client must send a request's body within this.
    #[arg(long = "request-body-timeout", value_name = "SECONDS", default_value = "30", value_parser = seconds(1, 600))]
    request_body_timeout: u64,
    /// A live connection whose client sent nothing this long is closed
    /// (pages ping every 30 s).
    #[arg(long = "live-idle-timeout", value_name = "SECONDS", default_value = "120", value_parser = seconds(1, 3600))]
    live_idle_timeout: u64,
}

/// One value of `--trusted-proxies`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Trust {
    Hops(u8),
    Network(Network),
}

/// A number of hops (1 to 10), or an address or network.
fn trusted(text: &str) -> Result<Trust, String> {
    if let Ok(hops) = text.trim().parse::<u32>() {
        return u8::try_from(hops)
            .ok()
            .filter(|h| (1..=10).contains(h))
            .map(Trust::Hops)
            .ok_or_else(|| "expected a number of proxies from 1 to 10, or addresses".to_string());
    }
    Network::parse(text).map(Trust::Network)
}

/// `x-forwarded-for` or `forwarded`.
fn forwarded_header(text: &str) -> Result<Header, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "x-forwarded-for" => Ok(Header::XForwardedFor),
        "forwarded" => Ok(Header::Forwarded),
        _ => Err("expected x-forwarded-for or forwarded".to_string()),
    }
}

impl Edge {
    /// The proxies, once the values agree (a number of hops stands alone).
    fn proxies(&self) -> Result<Proxies, String> {
        let hops: Vec<u8> = self
            .trusted_proxies
            .iter()
            .filter_map(|t| match t {
                Trust::Hops(n) => Some(*n),
                Trust::Network(_) => None,
            })
            .collect();
        let trusted = match (hops.as_slice(), self.trusted_proxies.len()) {
            (_, 0) if self.behind_proxy => Trusted::Hops(1),
            (_, 0) => Trusted::Nobody,
            ([n], 1) => Trusted::Hops(*n),
            ([], _) => Trusted::Networks(
                self.trusted_proxies
                    .iter()
                    .filter_map(|t| match t {
                        Trust::Network(n) => Some(*n),
                        Trust::Hops(_) => None,
                    })
                    .collect(),
            ),
            _ => {
                return Err(
                    "--trusted-proxies: give a number of proxies or their addresses, not both"
                        .to_string(),
                )
            }
        };
        Ok(Proxies {
            trusted,
            header: self.forwarded_header,
        })
    }
}

impl Words {
    fn command(self) -> Result<Command, String> {
        match self.task {
            Some(Task::Backup { state, file }) => Ok(Command::Backup { state, file }),
            Some(Task::Restore { state, file }) => Ok(Command::Restore { state, file }),
            None => self.options().map(|o| Command::Serve(Box::new(o))),
        }
    }

    fn options(self) -> Result<Options, String> {
        let proxies = self.edge.proxies()?;
        Ok(Options {
            dir: self.dir,
            address: self.address,
            port: self.port,
            online: Online {
                state: self.state,
                database: self.database,
                origins: self.allow_origin,
                embed_origins: self.embed_origin,
                claim_after_ms: self.claim_after * 1000,
                proxies,
                public_url: self.edge.public_url,
                limits: Limits {
                    messages_per_second: self.max_messages_per_second,
                    connections_per_address: self.max_connections_per_address,
                    open_challenges_per_address: self.max_open_challenges,
                    games_per_invitation: self.max_games_per_invitation,
                    requests_per_second: self.max_requests_per_second,
                    reads_per_second: self.edge.max_reads_per_second,
                    open_connections_per_address: self.edge.max_open_connections_per_address,
                    request_head_timeout: Duration::from_secs(self.edge.request_head_timeout),
                    request_body_timeout: Duration::from_secs(self.edge.request_body_timeout),
                    live_idle_timeout: Duration::from_secs(self.edge.live_idle_timeout),
                    events_per_address_per_day: self.max_events_per_address_per_day,
                    events_in_total: self.max_events,
                    clubs_per_address_per_day: self.max_clubs_per_address_per_day,
                    clubs_in_total: self.max_clubs,
                },
                min_free_bytes: self.min_free_space * 1024 * 1024,
            },
            metrics_address: self.metrics_address,
        })
    }
}

impl Options {
    /// Reads the arguments after the program name.
    pub fn parse<I, T>(args: I) -> Result<Command, ArgError>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let words = std::iter::once(std::ffi::OsString::from("serve"))
            .chain(args.into_iter().map(Into::into));
        match Words::try_parse_from(words) {
            Ok(words) => words.command().map_err(|message| ArgError {
                kind: ErrorKind::ArgumentConflict,
                message,
            }),
            Err(error) => match error.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    Ok(Command::Print(error.render().to_string()))
                }
                kind => Err(ArgError {
                    kind,
                    message: message_of(&error),
                }),
            },
        }
    }

    /// The PostgreSQL URL of `DATABASE_URL` unless the command line named
    /// a database (`main` calls it with the process's environment).
    pub fn database_from(&mut self, url: Option<String>) -> Result<(), ArgError> {
        if self.online.database.is_some() {
            return Ok(());
        }
        if let Some(url) = url.filter(|url| !url.is_empty()) {
            let url = database(&url).map_err(|expected| ArgError {
                kind: ErrorKind::ValueValidation,
                message: format!("DATABASE_URL: {expected}"),
            })?;
            self.online.database = Some(url);
        }
        Ok(())
    }
}

/// clap's message without its `error: ` prefix, usage and help hint.
fn message_of(error: &clap::Error) -> String {
    let rendered = error.render().to_string();
    let first = rendered
        .split("\n\n")
        .next()
        .unwrap_or(&rendered)
        .trim_start_matches("error: ")
        .trim();
    first.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn serve(list: &[&str]) -> Options {
        match Options::parse(args(list)) {
            Ok(Command::Serve(options)) => *options,
            other => panic!("{other:?}"),
        }
    }

    fn refused(list: &[&str]) -> ArgError {
        Options::parse(args(list)).expect_err("refused")
    }

    #[test]
    fn defaults_and_values_are_read() {
        let o = serve(&[]);
        assert_eq!(o.dir, PathBuf::from("dist"));
        assert_eq!((o.port, o.online.claim_after_ms), (8080, 60_000));
        assert_eq!(o.online.limits, Limits::default());
        let o = serve(&[
            "--dir",
            "x",
            "--port",
            "0",
            "--state",
            "/tmp/s",
            "--behind-proxy",
            "--max-open-challenges",
            "2",
            "--embed-origin",
            "https://club.example/",
            "--embed-origin",
            "*",
            "--database",
            "postgres://u@localhost/db",
        ]);
        assert_eq!((o.dir, o.port), (PathBuf::from("x"), 0));
        assert_eq!(o.online.state, PathBuf::from("/tmp/s"));
        assert_eq!(o.online.proxies.trusted, Trusted::Hops(1));
        assert_eq!(o.online.limits.open_challenges_per_address, 2);
        assert_eq!(o.online.embed_origins, ["https://club.example", "*"]);
        assert_eq!(
            o.online.database.as_deref(),
            Some("postgres://u@localhost/db")
        );
    }

    #[test]
    fn mistakes_say_the_option_and_what_it_expects() {
        let e = refused(&["--port", "70000"]);
        assert!(
            e.message.contains("--port") && e.message.contains("70000"),
            "{e}"
        );
        let e = refused(&["--port"]);
        assert!(e.message.contains("--port"), "{e}");
        let e = refused(&["--adress", "::1"]);
        assert!(e.message.contains("--adress"), "{e}");
        let e = refused(&["--max-open-challenges", "0"]);
        assert!(e.message.contains("from 1 to 10000000"), "{e}");
        let e = refused(&["--claim-after", "2"]);
        assert!(e.message.contains("seconds from 5 to 86400"), "{e}");
        let e = refused(&["--database", "mysql://x"]);
        assert!(e.message.contains("postgres://"), "{e}");
        let e = refused(&["--allow-origin", "club.example"]);
        assert!(e.message.contains("origin such as"), "{e}");
        assert!(refused(&["--address", "not an address"])
            .message
            .contains("--address"));
        let e = refused(&["--trusted-proxies", "1,10.0.0.0/8"]);
        assert!(e.message.contains("not both"), "{e}");
        let e = refused(&["--trusted-proxies", "0"]);
        assert!(e.message.contains("from 1 to 10"), "{e}");
        let e = refused(&["--trusted-proxies", "nginx"]);
        assert!(e.message.contains("10.0.0.0/8"), "{e}");
        let e = refused(&["--behind-proxy", "--trusted-proxies", "2"]);
        assert!(e.message.contains("--behind-proxy"), "{e}");
        let e = refused(&["--forwarded-header", "x-real-ip"]);
        assert!(e.message.contains("x-forwarded-for or forwarded"), "{e}");
        let e = refused(&["--public-url", "games.example"]);
        assert!(e.message.contains("--public-url"), "{e}");
    }

    #[test]
    fn proxies_are_read() {
        assert_eq!(serve(&[]).online.proxies, Proxies::default());
        let o = serve(&["--trusted-proxies", "2"]);
        assert_eq!(o.online.proxies.trusted, Trusted::Hops(2));
        let o = serve(&[
            "--trusted-proxies",
            "127.0.0.1,10.0.0.0/8",
            "--trusted-proxies",
            "fd00::/8",
            "--forwarded-header",
            "Forwarded",
            "--public-url",
            "https://games.example/",
        ]);
        let Trusted::Networks(networks) = &o.online.proxies.trusted else {
            panic!("{:?}", o.online.proxies);
        };
        assert_eq!(networks.len(), 3);
        assert_eq!(o.online.proxies.header, Header::Forwarded);
        assert_eq!(
            o.online.public_url.as_deref(),
            Some("https://games.example")
        );
        let o = serve(&[
            "--max-reads-per-second",
            "7",
            "--max-open-connections-per-address",
            "9",
        ]);
        assert_eq!(o.online.limits.reads_per_second, 7);
        assert_eq!(o.online.limits.open_connections_per_address, 9);
    }

    #[test]
    fn help_names_every_option() {
        let Ok(Command::Print(help)) = Options::parse(args(&["--help"])) else {
            panic!("no help");
        };
        for option in [
            "--state",
            "--database",
            "--behind-proxy",
            "--trusted-proxies",
            "--public-url",
            "--max-requests-per-second",
            "--metrics-address",
            "backup",
            "restore",
            "DATABASE_URL",
        ] {
            assert!(help.contains(option), "{option} in {help}");
        }
    }

    #[test]
    fn backup_restore_and_the_metrics_address_are_read() {
        assert_eq!(serve(&[]).metrics_address, None);
        let o = serve(&["--metrics-address", "127.0.0.1:9090"]);
        assert_eq!(o.metrics_address, Some("127.0.0.1:9090".parse().unwrap()));
        assert!(refused(&["--metrics-address", "9090"])
            .message
            .contains("--metrics-address"));
        assert_eq!(
            Options::parse(args(&["backup", "--state", "/var/lib/x", "b.sqlite3"])),
            Ok(Command::Backup {
                state: PathBuf::from("/var/lib/x"),
                file: PathBuf::from("b.sqlite3"),
            })
        );
        assert_eq!(
            Options::parse(args(&["restore", "b.sqlite3"])),
            Ok(Command::Restore {
                state: PathBuf::from("state"),
                file: PathBuf::from("b.sqlite3"),
            })
        );
        // The file is required; serving options do not mix with a task.
        assert!(refused(&["backup"]).message.contains("FILE"));
        assert!(Options::parse(args(&["--port", "1", "backup", "f"])).is_err());
        let Ok(Command::Print(help)) = Options::parse(args(&["backup", "--help"])) else {
            panic!("no help");
        };
        assert!(
            help.contains("VACUUM INTO") && help.contains("pg_dump"),
            "{help}"
        );
    }

    proptest::proptest! {
        /// Any words: an answer, never a panic.
        #[test]
        fn arbitrary_arguments(words in proptest::collection::vec(".*", 0..6)) {
            let _ = Options::parse(words);
        }
    }
}
