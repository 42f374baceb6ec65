//! Online play's settings, as `serve`'s command line (`options.rs`) sets
//! them.

use std::path::PathBuf;
use std::time::Duration;

use crate::proxy::Proxies;

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
    /// `GET`s (and live connections opened) a second from one address
    /// under `/api/` (twice that at once).
    pub reads_per_second: u32,
    /// Open TCP connections from one address (HTTP and live ones alike;
    /// a trusted proxy's are not counted).
    pub open_connections_per_address: u32,
    /// The time a client has to send a request's head (an idle kept-alive
    /// connection is closed after it too).
    pub request_head_timeout: Duration,
    /// The time a client has to send a request's body.
    pub request_body_timeout: Duration,
    /// A live connection whose client sent nothing this long is closed
    /// (pages send a ping every 30 s).
    pub live_idle_timeout: Duration,
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
            reads_per_second: 50,
            open_connections_per_address: 128,
            request_head_timeout: Duration::from_secs(10),
            request_body_timeout: Duration::from_secs(30),
            live_idle_timeout: Duration::from_secs(120),
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
    /// The web server in front: which proxies are trusted and what they
    /// write (`--trusted-proxies`, `--forwarded-header`; `--behind-proxy`
    /// is one hop).
    pub proxies: Proxies,
    /// The address people open the site at (`--public-url`): its host is
    /// the server's own whatever `Host` the proxy sends.
    pub public_url: Option<String>,
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
            proxies: Proxies::default(),
            public_url: None,
            limits: Limits::default(),
            min_free_bytes: 64 * 1024 * 1024,
        }
    }
}

impl Online {
    /// Whether a page of `origin` may open a live connection to a server
    /// reached as any of `own` (its hosts: see [`Online::own_hosts`]); its
    /// own origin always may.
    pub fn allows_origin(&self, origin: &str, own: &[String]) -> bool {
        is_own(origin, own) || listed(&self.origins, origin)
    }

    /// Whether a page of `origin` may embed live games (the server's own
    /// origin always may).
    pub fn allows_embed(&self, origin: &str, own: &[String]) -> bool {
        is_own(origin, own) || listed(&self.embed_origins, origin)
    }

    /// The hosts a request reached the server as: its `Host`, the host
    /// a trusted proxy says the browser asked for (`forwarded`), and the
    /// host of `--public-url`.
    pub fn own_hosts(&self, host: Option<&str>, forwarded: Option<String>) -> Vec<String> {
        let public = self
            .public_url
            .as_deref()
            .and_then(|url| url.split_once("://"))
            .map(|(_, rest)| rest.trim_end_matches('/').to_string());
        host.map(str::to_string)
            .into_iter()
            .chain(forwarded)
            .chain(public)
            .collect()
    }
}

/// Whether `origin` is the server's own, reached as one of `own` (any
/// scheme: a TLS proxy may stand in front; a scheme's default port may be
/// written or not; hosts compare without regard to case).
fn is_own(origin: &str, own: &[String]) -> bool {
    let Some((scheme, rest)) = origin.split_once("://") else {
        return false;
    };
    let bare = |host: &str| {
        let host = host.to_ascii_lowercase();
        let default = if scheme.eq_ignore_ascii_case("https") {
            ":443"
        } else {
            ":80"
        };
        host.strip_suffix(default)
            .map_or(host.clone(), str::to_string)
    };
    let origin_host = bare(rest);
    own.iter().any(|host| bare(host) == origin_host)
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
        let host = online.own_hosts(Some("games.example:8080"), None);
        assert!(online.allows_origin("https://games.example:8080", &host));
        assert!(!online.allows_origin("https://evil.example", &host));
        assert!(online.allows_embed("https://club.example", &host));
        assert!(!online.allows_embed("https://club.example.evil", &host));
        online.origins.push("*".into());
        assert!(online.allows_origin("https://anywhere.example", &host));
    }

    #[test]
    fn behind_a_proxy_the_public_and_forwarded_hosts_are_own() {
        // nginx's default: Host is the upstream's address.
        let mut online = Online::default();
        let upstream = Some("127.0.0.1:8080");
        let own = online.own_hosts(upstream, None);
        assert!(!online.allows_origin("https://games.example", &own));
        // Caddy's X-Forwarded-Host, from a trusted proxy.
        let own = online.own_hosts(upstream, Some("games.example".into()));
        assert!(online.allows_origin("https://games.example", &own));
        assert!(!online.allows_origin("https://evil.example", &own));
        // --public-url.
        online.public_url = Some("https://Games.example/".into());
        let own = online.own_hosts(upstream, None);
        assert!(online.allows_origin("https://games.example", &own));
        assert!(online.allows_origin("https://games.example:443", &own));
        assert!(!online.allows_origin("https://games.example:8443", &own));
        assert!(!online.allows_origin("https://games.example.evil", &own));
        assert!(!online.allows_origin("null", &own));
    }
}
