//! The web server in front (`--trusted-proxies`, `--forwarded-header`,
//! `--public-url`): which address a request comes from, and which host
//! the person's browser asked for.
//!
//! A proxy appends the address it was reached from to `X-Forwarded-For`
//! (or `Forwarded: for=…`); whatever the client wrote stands to the left
//! of it. So the header is read from the right, past the trusted hops
//! only: with `--trusted-proxies 1` the rightmost entry is the client
//! (the one proxy wrote it), with `--trusted-proxies 10.0.0.0/8,::1` the
//! first entry from the right that is not a trusted proxy. A left part
//! written by the client never counts, and a request that does not come
//! from a trusted proxy is its own peer whatever its headers say.

use std::net::{IpAddr, Ipv6Addr};

use axum::http::HeaderMap;

/// A network of trusted proxies (`10.0.0.0/8`, `::1`, `fd00::/8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    base: IpAddr,
    prefix: u8,
}

impl Network {
    /// Reads `text`: an address, or an address and a prefix length.
    pub fn parse(text: &str) -> Result<Network, String> {
        let expected = || format!("{text:?}: expected an address or a network such as 10.0.0.0/8");
        let (address, prefix) = match text.trim().split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text.trim(), None),
        };
        let base = normal(address.parse::<IpAddr>().map_err(|_| expected())?);
        let most = if base.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(prefix) => prefix
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= most)
                .ok_or_else(expected)?,
            None => most,
        };
        Ok(Network { base, prefix })
    }

    /// Whether `address` is in it.
    pub fn contains(&self, address: IpAddr) -> bool {
        match (self.base, normal(address)) {
            (IpAddr::V4(base), IpAddr::V4(address)) => {
                masked(u32::from(base).into(), self.prefix, 32)
                    == masked(u32::from(address).into(), self.prefix, 32)
            }
            (IpAddr::V6(base), IpAddr::V6(address)) => {
                masked(u128::from(base), self.prefix, 128)
                    == masked(u128::from(address), self.prefix, 128)
            }
            _ => false,
        }
    }
}

/// The top `prefix` bits of a `width`-bit number.
fn masked(bits: u128, prefix: u8, width: u8) -> u128 {
    if prefix == 0 {
        0
    } else {
        bits >> (width - prefix.min(width))
    }
}

/// An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, what a socket
/// listening on `::` sees) as the IPv4 address it is.
pub fn normal(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// Which proxies stand in front.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Trusted {
    /// None: the peer is the client, the headers are ignored.
    #[default]
    Nobody,
    /// This many proxies, each of which appends the address it was
    /// reached from (every peer is taken for the nearest of them: listen
    /// on an address only the proxy reaches).
    Hops(u8),
    /// The proxies at these addresses (a peer elsewhere is the client).
    Networks(Vec<Network>),
}

/// The header the proxies write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Header {
    /// `X-Forwarded-For` (nginx's `$proxy_add_x_forwarded_for`, Caddy's
    /// default), with `X-Forwarded-Host` for the host.
    #[default]
    XForwardedFor,
    /// RFC 7239 `Forwarded: for=…;host=…`.
    Forwarded,
}

/// What the server knows of the proxies in front of it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Proxies {
    /// The trusted ones.
    pub trusted: Trusted,
    /// What they write.
    pub header: Header,
}

impl Proxies {
    /// Whether a connection from `peer` is one of the trusted proxies'.
    pub fn trusts(&self, peer: IpAddr) -> bool {
        match &self.trusted {
            Trusted::Nobody => false,
            Trusted::Hops(_) => true,
            Trusted::Networks(networks) => networks.iter().any(|n| n.contains(peer)),
        }
    }

    /// The client's address of a request from `peer` with `headers`.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = normal(peer);
        if !self.trusts(peer) {
            return peer;
        }
        let chain = self.chain(headers);
        let found = match &self.trusted {
            Trusted::Nobody => None,
            Trusted::Hops(hops) => by_hops(&chain, usize::from(*hops)),
            Trusted::Networks(networks) => by_networks(&chain, networks),
        };
        found.unwrap_or(peer)
    }

    /// The host the browser asked the trusted proxy for, if it says
    /// (`X-Forwarded-Host`, or `host=` of `Forwarded`): its rightmost
    /// value, the nearest proxy's.
    pub fn forwarded_host(&self, peer: IpAddr, headers: &HeaderMap) -> Option<String> {
        if !self.trusts(normal(peer)) {
            return None;
        }
        let host = match self.header {
            Header::XForwardedFor => values(headers, "x-forwarded-host")
                .last()
                .map(|h| h.trim().to_string()),
            Header::Forwarded => forwarded_elements(headers)
                .iter()
                .rev()
                .find_map(|pairs| parameter(pairs, "host")),
        };
        host.filter(|h| !h.is_empty() && h.len() <= 255)
    }

    /// The addresses of the header, left to right (`None` for an entry
    /// that is not an address: `unknown`, an obfuscated name, garbage).
    fn chain(&self, headers: &HeaderMap) -> Vec<Option<IpAddr>> {
        match self.header {
            Header::XForwardedFor => values(headers, "x-forwarded-for")
                .iter()
                .map(|entry| address(entry))
                .collect(),
            Header::Forwarded => forwarded_elements(headers)
                .iter()
                .map(|pairs| parameter(pairs, "for").and_then(|value| address(&value)))
                .collect(),
        }
    }
}

/// The entry `hops` from the right (1: the rightmost); with fewer entries
/// the leftmost, every one of which a trusted proxy wrote.
fn by_hops(chain: &[Option<IpAddr>], hops: usize) -> Option<IpAddr> {
    if chain.is_empty() || hops == 0 {
        return None;
    }
    let at = chain.len().saturating_sub(hops);
    chain[at]
}

/// The first entry from the right that is not a trusted proxy; the
/// leftmost if all are. An entry that is not an address ends the walk at
/// the trusted hop right of it (what stands left of it cannot be told
/// apart from the client's own writing).
fn by_networks(chain: &[Option<IpAddr>], networks: &[Network]) -> Option<IpAddr> {
    let mut last = None;
    for entry in chain.iter().rev() {
        let Some(address) = *entry else {
            return last;
        };
        if !networks.iter().any(|n| n.contains(address)) {
            return Some(address);
        }
        last = Some(address);
    }
    last
}

/// The comma-separated values of every `name` header, in order (bytes
/// that are not ASCII read as replacement characters: a client cannot
/// make the proxy's entry unreadable by writing them before it).
fn values(headers: &HeaderMap, name: &str) -> Vec<String> {
    headers
        .get_all(name)
        .iter()
        .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned())
        .flat_map(|value| {
            value
                .split(',')
                .map(|entry| entry.trim().to_string())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// An entry of `X-Forwarded-For` or a `for=` value: an address, perhaps
/// with a port (`192.0.2.1:4711`, `[2001:db8::1]:4711`).
fn address(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim().trim_matches('"');
    if let Ok(address) = entry.parse::<IpAddr>() {
        return Some(normal(address));
    }
    if let Ok(socket) = entry.parse::<std::net::SocketAddr>() {
        return Some(normal(socket.ip()));
    }
    let inner = entry.strip_prefix('[')?.split(']').next()?;
    inner
        .parse::<Ipv6Addr>()
        .ok()
        .map(|a| normal(IpAddr::V6(a)))
}

/// The elements of every `Forwarded` header, in order, each as its
/// `name=value` pairs (names lowercased, values unquoted).
fn forwarded_elements(headers: &HeaderMap) -> Vec<Vec<(String, String)>> {
    let mut elements = Vec::new();
    for value in headers.get_all("forwarded") {
        let text = String::from_utf8_lossy(value.as_bytes());
        for element in split_outside_quotes(&text, ',') {
            let pairs = split_outside_quotes(&element, ';')
                .iter()
                .filter_map(|pair| {
                    let (name, value) = pair.split_once('=')?;
                    let value = value.trim();
                    let value = value
                        .strip_prefix('"')
                        .and_then(|v| v.strip_suffix('"'))
                        .map_or(value.to_string(), |v| v.replace("\\\"", "\""));
                    Some((name.trim().to_ascii_lowercase(), value))
                })
                .collect();
            elements.push(pairs);
        }
    }
    elements
}

/// The value of `name` among `pairs`.
fn parameter(pairs: &[(String, String)], name: &str) -> Option<String> {
    pairs
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.clone())
}

/// `text` split at `separator` where it is not inside a quoted string.
fn split_outside_quotes(text: &str, separator: char) -> Vec<String> {
    let mut parts = vec![String::new()];
    let (mut quoted, mut escaped) = (false, false);
    for c in text.chars() {
        let last = parts.last_mut().expect("one part");
        if escaped {
            escaped = false;
            last.push(c);
        } else if quoted && c == '\\' {
            escaped = true;
            last.push(c);
        } else if c == '"' {
            quoted = !quoted;
            last.push(c);
        } else if c == separator && !quoted {
            parts.push(String::new());
        } else {
            last.push(c);
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn hops(n: u8) -> Proxies {
        Proxies {
            trusted: Trusted::Hops(n),
            header: Header::XForwardedFor,
        }
    }

    fn networks(list: &[&str], header: Header) -> Proxies {
        Proxies {
            trusted: Trusted::Networks(list.iter().map(|n| Network::parse(n).unwrap()).collect()),
            header,
        }
    }

    #[test]
    fn without_trusted_proxies_the_headers_are_ignored() {
        let spoofed = headers(&[
            ("x-forwarded-for", "203.0.113.1"),
            ("forwarded", "for=203.0.113.2"),
        ]);
        let proxies = Proxies::default();
        assert_eq!(
            proxies.client(ip("198.51.100.7"), &spoofed),
            ip("198.51.100.7")
        );
        assert_eq!(
            proxies.forwarded_host(
                ip("198.51.100.7"),
                &headers(&[("x-forwarded-host", "evil")])
            ),
            None
        );
    }

    #[test]
    fn the_client_written_left_part_never_counts() {
        // The spoof: three addresses made up by the client, then
        // the address the one proxy saw.
        let proxy = ip("127.0.0.1");
        for spoof in ["203.0.113.1", "203.0.113.2", "203.0.113.3"] {
            let sent = headers(&[("x-forwarded-for", &format!("{spoof}, 198.51.100.7"))]);
            assert_eq!(hops(1).client(proxy, &sent), ip("198.51.100.7"));
            let sent = headers(&[(
                "x-forwarded-for",
                &format!("{spoof}, 127.0.0.1, 198.51.100.7"),
            )]);
            assert_eq!(hops(1).client(proxy, &sent), ip("198.51.100.7"));
        }
        // Two proxies: the second from the right.
        let sent = headers(&[("x-forwarded-for", "203.0.113.1, 198.51.100.7, 10.0.0.2")]);
        assert_eq!(hops(2).client(proxy, &sent), ip("198.51.100.7"));
        // Several header lines read as one list, in order.
        let sent = headers(&[
            ("x-forwarded-for", "203.0.113.1"),
            ("x-forwarded-for", "198.51.100.7"),
        ]);
        assert_eq!(hops(1).client(proxy, &sent), ip("198.51.100.7"));
        // Bytes that are not ASCII before the proxy's entry.
        let mut sent = HeaderMap::new();
        let value = HeaderValue::from_bytes(b"\xa1\xff, 198.51.100.7").unwrap();
        sent.insert("x-forwarded-for", value);
        assert_eq!(hops(1).client(proxy, &sent), ip("198.51.100.7"));
        // No header: the peer.
        assert_eq!(hops(1).client(proxy, &HeaderMap::new()), proxy);
        // Fewer entries than hops: the leftmost, written by a proxy.
        let sent = headers(&[("x-forwarded-for", "198.51.100.7")]);
        assert_eq!(hops(3).client(proxy, &sent), ip("198.51.100.7"));
        // A rightmost entry that is not an address: the peer, never the
        // client's part.
        let sent = headers(&[("x-forwarded-for", "203.0.113.1, garbage")]);
        assert_eq!(hops(1).client(proxy, &sent), proxy);
    }

    #[test]
    fn trusted_networks_are_skipped_from_the_right() {
        let proxies = networks(
            &["127.0.0.1", "10.0.0.0/8", "fd00::/8"],
            Header::XForwardedFor,
        );
        let sent = headers(&[(
            "x-forwarded-for",
            "203.0.113.9, 198.51.100.7, 10.1.2.3, fd00::5",
        )]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &sent), ip("198.51.100.7"));
        // From an untrusted peer the header is the client's own: ignored.
        assert_eq!(proxies.client(ip("192.0.2.50"), &sent), ip("192.0.2.50"));
        // An IPv4 peer seen as IPv6 on a dual-stack socket is the same.
        assert_eq!(
            proxies.client(ip("::ffff:127.0.0.1"), &sent),
            ip("198.51.100.7")
        );
        // All trusted: the leftmost.
        let sent = headers(&[("x-forwarded-for", "10.0.0.1, 10.0.0.2")]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &sent), ip("10.0.0.1"));
        // Something unreadable before an untrusted entry ends the walk.
        let sent = headers(&[("x-forwarded-for", "198.51.100.7, unknown, 10.0.0.2")]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &sent), ip("10.0.0.2"));
    }

    #[test]
    fn forwarded_is_read_as_rfc_7239_writes_it() {
        let proxies = networks(&["127.0.0.1"], Header::Forwarded);
        let sent = headers(&[(
            "forwarded",
            "for=203.0.113.1;host=evil.example, for=\"[2001:db8:cafe::17]:4711\";proto=https;host=games.example",
        )]);
        assert_eq!(
            proxies.client(ip("127.0.0.1"), &sent),
            ip("2001:db8:cafe::17")
        );
        assert_eq!(
            proxies.forwarded_host(ip("127.0.0.1"), &sent).as_deref(),
            Some("games.example")
        );
        let sent = headers(&[("forwarded", "for=198.51.100.7:1234;by=\"a,b\"")]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &sent), ip("198.51.100.7"));
        let sent = headers(&[("forwarded", "for=_hidden")]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &sent), ip("127.0.0.1"));
        // X-Forwarded-For is not what these proxies write: ignored.
        let sent = headers(&[("x-forwarded-for", "203.0.113.1")]);
        assert_eq!(proxies.client(ip("127.0.0.1"), &sent), ip("127.0.0.1"));
    }

    #[test]
    fn networks_read_and_match() {
        let net = Network::parse("10.0.0.0/8").unwrap();
        assert!(net.contains(ip("10.255.0.1")) && !net.contains(ip("11.0.0.1")));
        let net = Network::parse("2001:db8::/32").unwrap();
        assert!(net.contains(ip("2001:db8:1::1")) && !net.contains(ip("2001:db9::1")));
        assert!(Network::parse("0.0.0.0/0")
            .unwrap()
            .contains(ip("192.0.2.1")));
        assert!(Network::parse("::ffff:127.0.0.1")
            .unwrap()
            .contains(ip("127.0.0.1")));
        for bad in ["", "10.0.0.0/33", "::/129", "nginx", "10.0.0.0/x", "1.2.3"] {
            assert!(Network::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_forwarded_host_is_the_nearest_proxys() {
        let sent = headers(&[("x-forwarded-host", "evil.example, games.example")]);
        assert_eq!(
            hops(1).forwarded_host(ip("127.0.0.1"), &sent).as_deref(),
            Some("games.example")
        );
        let far = networks(&["10.0.0.0/8"], Header::XForwardedFor);
        assert_eq!(far.forwarded_host(ip("127.0.0.1"), &sent), None);
    }

    proptest::proptest! {
        /// Whatever a client writes left of the proxy's entry, the client
        /// is the address the proxy appended.
        #[test]
        fn spoofed_left_parts_never_win(left in ".{0,200}", last in proptest::prelude::any::<[u8; 4]>()) {
            let client = IpAddr::from(last);
            let value = format!("{left}, {client}");
            if let Ok(value) = HeaderValue::from_str(&value) {
                let mut sent = HeaderMap::new();
                sent.insert("x-forwarded-for", value);
                proptest::prop_assert_eq!(hops(1).client(ip("127.0.0.1"), &sent), client);
            }
        }

        /// Any header: an answer, never a panic.
        #[test]
        fn arbitrary_headers(text in ".{0,300}") {
            if let Ok(value) = HeaderValue::from_str(&text) {
                let mut sent = HeaderMap::new();
                sent.insert("x-forwarded-for", value.clone());
                sent.insert("forwarded", value.clone());
                sent.insert("x-forwarded-host", value);
                let peer = ip("127.0.0.1");
                for proxies in [hops(1), hops(3), networks(&["127.0.0.0/8"], Header::Forwarded)] {
                    let _ = proxies.client(peer, &sent);
                    let _ = proxies.forwarded_host(peer, &sent);
                }
            }
        }
    }
}
