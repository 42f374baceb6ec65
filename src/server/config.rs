//! Online play's settings, read from `serve`'s command line
//! (`policy::Options::parse` hands it the options it does not know).

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
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            messages_per_second: 10,
            connections_per_address: 32,
            open_challenges_per_address: 5,
            games_per_invitation: 50,
            requests_per_second: 10,
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
        }
    }
}

/// The options [`Online::read`] knows, and whether each takes a value.
pub const OPTIONS: [(&str, bool); 11] = [
    ("--state", true),
    ("--database", true),
    ("--allow-origin", true),
    ("--embed-origin", true),
    ("--claim-after", true),
    ("--behind-proxy", false),
    ("--max-messages-per-second", true),
    ("--max-connections-per-address", true),
    ("--max-open-challenges", true),
    ("--max-games-per-invitation", true),
    ("--max-requests-per-second", true),
];

impl Online {
    /// Sets `option` (one of [`OPTIONS`]) to `value`; false when the value
    /// does not read.
    pub fn read(&mut self, option: &str, value: &str) -> bool {
        let number = || {
            value
                .parse::<u32>()
                .ok()
                .filter(|&n| (1..=10_000_000).contains(&n))
        };
        let set = |slot: &mut u32| number().map(|n| *slot = n).is_some();
        match option {
            "--state" => self.state = PathBuf::from(value),
            "--database" => self.database = Some(value.to_string()),
            "--allow-origin" => self.origins.push(value.trim_end_matches('/').to_string()),
            "--embed-origin" => self
                .embed_origins
                .push(value.trim_end_matches('/').to_string()),
            "--claim-after" => {
                return value
                    .parse::<u64>()
                    .ok()
                    .filter(|s| (5..=86_400).contains(s))
                    .map(|s| self.claim_after_ms = s * 1000)
                    .is_some()
            }
            "--behind-proxy" => self.behind_proxy = true,
            "--max-messages-per-second" => return set(&mut self.limits.messages_per_second),
            "--max-connections-per-address" => {
                return set(&mut self.limits.connections_per_address)
            }
            "--max-open-challenges" => return set(&mut self.limits.open_challenges_per_address),
            "--max-games-per-invitation" => return set(&mut self.limits.games_per_invitation),
            "--max-requests-per-second" => return set(&mut self.limits.requests_per_second),
            _ => return false,
        }
        true
    }

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
    fn options_read_and_origins_are_checked() {
        let mut online = Online::default();
        assert!(online.read("--database", "postgres://u@localhost/db"));
        assert!(online.read("--max-open-challenges", "3"));
        assert!(!online.read("--max-open-challenges", "0"));
        assert!(!online.read("--claim-after", "2"));
        assert!(online.read("--embed-origin", "https://club.example/"));
        assert_eq!(online.limits.open_challenges_per_address, 3);
        let host = Some("games.example:8080");
        assert!(online.allows_origin("https://games.example:8080", host));
        assert!(!online.allows_origin("https://evil.example", host));
        assert!(online.allows_embed("https://club.example", host));
        assert!(!online.allows_embed("https://club.example.evil", host));
        assert!(online.read("--allow-origin", "*"));
        assert!(online.allows_origin("https://anywhere.example", host));
    }
}
