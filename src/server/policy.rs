//! The server's command line and its caching policy, kept apart from the
//! network code so that both are tested without a socket.

use std::net::IpAddr;
use std::path::PathBuf;

/// What `serve --help` prints.
pub const USAGE: &str = "usage: serve [--dir DIR] [--address IP] [--port N] [online options]

Serves the built app (default dir: dist, address 127.0.0.1, port 8080;
port 0 picks a free one). Files with a content hash in their name are
cached for a year; everything else is revalidated on every load.

Online play (API v1 under /api/v1/, README \"Online play\"):
  --state DIR                       the SQLite database's folder (default ./state)
  --database postgres://...         PostgreSQL instead (several instances may share it)
  --allow-origin ORIGIN             pages of ORIGIN may connect too (repeatable; * any)
  --embed-origin ORIGIN             pages of ORIGIN may embed live games (repeatable; * any)
  --claim-after SECONDS             a player gone this long may be claimed against (60)
  --behind-proxy                    client addresses from X-Forwarded-For
  --max-messages-per-second N       per live connection (10)
  --max-connections-per-address N   live connections (32)
  --max-open-challenges N           open challenges per address (5)
  --max-games-per-invitation N      the first game and its rematches (50)
  --max-requests-per-second N       HTTP requests per address (10)";

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
    pub online: crate::config::Online,
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Print the usage.
    Help,
    /// Serve with these options.
    Serve(Options),
}

/// Why a command line was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgError {
    /// An option this program does not know.
    Unknown(String),
    /// An option without its value.
    MissingValue(&'static str),
    /// A value that does not parse.
    Invalid { option: &'static str, value: String },
}

impl std::fmt::Display for ArgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unknown(arg) => write!(f, "unknown argument {arg:?}"),
            Self::MissingValue(option) => write!(f, "{option} needs a value"),
            Self::Invalid { option, value } => write!(f, "{option}: {value:?} is not valid"),
        }
    }
}

impl Options {
    /// Reads the arguments after the program name.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, ArgError> {
        let mut options = Options {
            dir: PathBuf::from("dist"),
            address: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            online: crate::config::Online::default(),
        };
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let online = crate::config::OPTIONS.iter().find(|(name, _)| *name == arg);
            let option: &'static str = match (arg.as_str(), online) {
                ("-h" | "--help", _) => return Ok(Command::Help),
                ("--dir", _) => "--dir",
                ("--address", _) => "--address",
                ("--port", _) => "--port",
                (_, Some(&(name, false))) => {
                    options.online.read(name, "");
                    continue;
                }
                (_, Some(&(name, true))) => name,
                _ => return Err(ArgError::Unknown(arg)),
            };
            let value = args.next().ok_or(ArgError::MissingValue(option))?;
            let invalid = || ArgError::Invalid {
                option,
                value: value.clone(),
            };
            match option {
                "--dir" => options.dir = PathBuf::from(&value),
                "--address" => options.address = value.parse().map_err(|_| invalid())?,
                "--port" => options.port = value.parse().map_err(|_| invalid())?,
                _ if options.online.read(option, &value) => {}
                _ => return Err(invalid()),
            }
        }
        Ok(Command::Serve(options))
    }
}

/// A year: what a file whose name carries its content hash may be cached for.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Everything else (the page, the service worker, the unhashed worker
/// files, the manifest and icons) is revalidated on each load, so that a
/// new build is seen at once.
const REVALIDATE: &str = "no-cache";

/// The extensions `make build` writes compressed copies of: their responses
/// depend on `Accept-Encoding`.
const COMPRESSED: [&str; 6] = ["wasm", "js", "css", "html", "svg", "webmanifest"];

/// The caching headers for a successful response to `path`.
pub fn headers_for(path: &str) -> Vec<(&'static str, &'static str)> {
    let name = path.rsplit('/').next().unwrap_or_default();
    let name = if name.is_empty() { "index.html" } else { name };
    let mut headers = vec![(
        "cache-control",
        if has_content_hash(name) {
            IMMUTABLE
        } else {
            REVALIDATE
        },
    )];
    let extension = name.rsplit_once('.').map_or("", |(_, e)| e);
    if COMPRESSED.contains(&extension) {
        headers.push(("vary", "accept-encoding"));
    }
    headers
}

/// Whether a file name carries Trunk's content hash: a dash, then the hash
/// in hex, then `.` or `_` (`app-0123456789abcdef_bg.wasm`,
/// `main-fedcba9876543210.css`). Trunk prints the 64-bit hash without
/// leading zeros, so it may be shorter than 16 digits; fewer than 12 (one
/// build in 65 536) are not taken for a hash, and that file is merely
/// revalidated, never cached wrongly.
pub fn has_content_hash(name: &str) -> bool {
    name.match_indices('-').any(|(at, _)| {
        let rest = &name.as_bytes()[at + 1..];
        let digits = rest.iter().take_while(|b| b.is_ascii_hexdigit()).count();
        (MIN_HASH_DIGITS..=16).contains(&digits) && matches!(rest.get(digits), Some(b'.' | b'_'))
    })
}

/// The fewest hex digits taken for a content hash.
const MIN_HASH_DIGITS: usize = 12;

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn hashed_files_are_immutable_and_the_rest_revalidated() {
        for hashed in [
            "/app-0123456789abcdef_bg.wasm",
            "/app-0123456789abcdef.js",
            "/main-fedcba9876543210.css",
            "/app-2163d18708b5110_bg.wasm",
        ] {
            assert_eq!(headers_for(hashed)[0].1, IMMUTABLE, "{hashed}");
        }
        for plain in [
            "/",
            "/index.html",
            "/sw.js",
            "/worker.js",
            "/worker_bg.wasm",
            "/manifest.webmanifest",
            "/icons/icon-192.png",
            "/app-0123456789abcdeg.js",
            "/app-123.js",
            "/icons/icon-192.png",
            "/app-0123456789abcdef0.js",
        ] {
            assert_eq!(headers_for(plain)[0].1, REVALIDATE, "{plain}");
        }
    }

    #[test]
    fn compressible_files_vary_on_accept_encoding() {
        assert!(headers_for("/").contains(&("vary", "accept-encoding")));
        assert!(headers_for("/worker_bg.wasm").contains(&("vary", "accept-encoding")));
        assert!(!headers_for("/icons/icon-512.png").contains(&("vary", "accept-encoding")));
    }

    proptest::proptest! {
        /// Any arguments and any request path: an answer, never a panic.
        #[test]
        fn arbitrary_arguments_and_paths(words in proptest::collection::vec(".*", 0..6), path in ".*") {
            let _ = Options::parse(words);
            let headers = headers_for(&path);
            proptest::prop_assert!(matches!(headers[0].1, IMMUTABLE | REVALIDATE));
        }
    }

    #[test]
    fn command_lines() {
        assert_eq!(Options::parse(args(&["--help"])), Ok(Command::Help));
        let Ok(Command::Serve(o)) = Options::parse(args(&["--dir", "x", "--port", "0"])) else {
            panic!("not parsed");
        };
        assert_eq!((o.dir, o.port), (PathBuf::from("x"), 0));
        assert_eq!(
            Options::parse(args(&["--port", "70000"])),
            Err(ArgError::Invalid {
                option: "--port",
                value: "70000".into()
            })
        );
        assert_eq!(
            Options::parse(args(&["--port"])),
            Err(ArgError::MissingValue("--port"))
        );
        assert_eq!(
            Options::parse(args(&["--adress", "::1"])),
            Err(ArgError::Unknown("--adress".into()))
        );
        assert!(Options::parse(args(&["--address", "not an address"])).is_err());
        let Ok(Command::Serve(o)) = Options::parse(args(&[
            "--state",
            "/tmp/s",
            "--behind-proxy",
            "--max-open-challenges",
            "2",
            "--port",
            "0",
        ])) else {
            panic!("not parsed");
        };
        assert_eq!(o.online.state, PathBuf::from("/tmp/s"));
        assert!(o.online.behind_proxy);
        assert_eq!(o.online.limits.open_challenges_per_address, 2);
        assert_eq!(
            Options::parse(args(&["--claim-after", "x"])),
            Err(ArgError::Invalid {
                option: "--claim-after",
                value: "x".into()
            })
        );
    }
}
