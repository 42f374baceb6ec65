//! The server's log: `tracing` events to standard error (journald keeps
//! them under systemd), filtered by `RUST_LOG` (default `info`, sqlx's
//! own chatter at `warn`). What each line means is in docs/online.md,
//! "Operating the server". No line ever carries a token or an invitation
//! secret: they are only ever logged as the game or event they open.

use tracing_subscriber::EnvFilter;

/// The filter when `RUST_LOG` is unset or unreadable.
const DEFAULT_FILTER: &str = "info,sqlx=warn,tower_http=warn";

/// Installs the subscriber (once; a second call does nothing). Colours
/// only on a terminal: journald and log files get plain text.
pub fn init() {
    use std::io::IsTerminal;
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr)
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}
