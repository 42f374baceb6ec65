//! Online play's settings, as `serve`'s command line sets them
//! ([`crate::options`]).

use std::path::PathBuf;

/// The limits a club may change (README, "Online play").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Messages a second one live connection may send (twice that at once).
    pub messages_per_second: u32,
    /// Live connections open from one address.
    pub connections_per_address: u32,
    /// Open challenges created from one address.
    pub open_challenges_per_address: u32,
    /// Games one invitation may lead to (the first and its rematches).
    pub games_per_invitation: u32,
    /// HTTP requests a second from one address (twice that at once).
    pub requests_per_second: u32,
    /// Club events (created or uploaded) from one address in a day.
    pub events_per_address_per_day: u32,
    /// Club events the server keeps in all.
    pub events_in_total: u32,
    /// Clubs made from one address in a day.
    pub clubs_per_address_per_day: u32,
    /// Clubs the server keeps in all.
    pub clubs_in_total: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            messages_per_second: 10,
            connections_per_address: 32,
            open_challenges_per_address: 5,
            games_per_invitation: 50,
            requests_per_second: 10,
            events_per_address_per_day: 50,
            events_in_total: 100_000,
            clubs_per_address_per_day: 10,
            clubs_in_total: 10_000,
        }
    }
}

/// Online play's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Online {
    /// Where the SQLite file lives (`--state`, default `./state`).
    pub state: PathBuf,
    /// A PostgreSQL URL (`--database`); SQLite in `state` without it.
    pub database: Option<String>,
    /// Page origins allowed to open live connections besides the server's
    /// own (`--allow-origin`, repeatable; `*` allows any).
    pub origins: Vec<String>,
    /// Origins of pages that may embed live games (`--embed-origin`,
    /// repeatable; `*` allows any).
    pub embed_origins: Vec<String>,
    /// How long a player must be gone before the opponent may claim the
    /// win (`--claim-after SECONDS`, default 60).
    pub claim_after_ms: u64,
    /// Read the client's address from `X-Forwarded-For` (behind a load
    /// balancer; `--behind-proxy`).
    pub behind_proxy: bool,
    /// The limits.
    pub limits: Limits,
    /// The least free space on the state folder's disk: below it the
    /// server does not start, and while serving refuses new games, events
    /// and clubs (`--min-free-space MB`).
    pub min_free_bytes: u64,
}

impl Default for Online {
    fn default() -> Self {
        Online {
            state: PathBuf::from("state"),
            database: None,
            origins: Vec::new(),
            embed_origins: Vec::new(),
            claim_after_ms: 60_000,
            behind_proxy: false,
            limits: Limits::default(),
            min_free_bytes: 64 * 1024 * 1024,
        }
    }
}

impl Online {
    /// Whether a page of `origin` may open a live connection to a server
    /// reached as `host` (its own origin always may).
    pub fn allows_origin(&self, origin: &str, host: Option<&str>) -> bool {
        is_own(origin, host) || listed(&self.origins, origin)
    }

    /// Whether a page of `origin` may embed live games (the server's own
    /// origin always may).
    pub fn allows_embed(&self, origin: &str, host: Option<&str>) -> bool {
        is_own(origin, host) || listed(&self.embed_origins, origin)
    }
}

/// Whether `origin` is the server's own, reached as `host` (any scheme: a
/// TLS proxy may stand in front).
fn is_own(origin: &str, host: Option<&str>) -> bool {
    host.is_some_and(|host| {
        origin
            .split_once("://")
            .is_some_and(|(_, rest)| rest == host)
    })
}

fn listed(list: &[String], origin: &str) -> bool {
    list.iter()
        .any(|allowed| allowed == "*" || allowed == origin.trim_end_matches('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_checked() {
        let mut online = Online::default();
        online.embed_origins.push("https://club.example".into());
        let host = Some("games.example:8080");
        assert!(online.allows_origin("https://games.example:8080", host));
        assert!(!online.allows_origin("https://evil.example", host));
        assert!(online.allows_embed("https://club.example", host));
        assert!(!online.allows_embed("https://club.example.evil", host));
        online.origins.push("*".into());
        assert!(online.allows_origin("https://anywhere.example", host));
    }
}
