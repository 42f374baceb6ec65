//! A web origin, `scheme://host[:port]`, read strictly: the `parent`
//! parameter of an embedded frame names the only page it talks to, so
//! anything that is not exactly an origin is refused rather than guessed.
//!
//! What is accepted: the scheme `http` or `https`; a host that is a name
//! in ASCII (punycode for other scripts), an IPv4 address or an IPv6
//! address in brackets; an optional port from 1 to 65535. Nothing else: no
//! path (not even `/`), query, fragment, user name or password. Letter case
//! is folded and a default port (80 for http, 443 for https) is dropped, so
//! that the origin compares equal to a browser's `MessageEvent.origin`.
//!
//! A name is what a browser's page can have as its host, not only what
//! public DNS allows: labels of letters, digits, `-` and `_` of any length
//! (`my_club.localhost`, a 70-letter label on an intranet), and a final dot
//! (`club.example.`, a different origin from `club.example` to a
//! browser). An empty label (`club..example`) and other punctuation are
//! refused, and a name whose last label is a number must be a plain IPv4
//! address (browsers read it as one). `static/embed.js` applies the same
//! rule to its page's origin before it makes a frame; both are checked
//! against one list of origins, `tests/data/embed-origins.txt`.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

/// The longest origin text read.
pub const MAX_ORIGIN_LEN: usize = 300;

/// A checked web origin (see the module's documentation).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Origin {
    secure: bool,
    host: String,
    port: Option<u16>,
}

/// Why a text is not an origin.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OriginError {
    /// Empty text.
    Empty,
    /// Longer than [`MAX_ORIGIN_LEN`] bytes.
    TooLong,
    /// No `://` after a scheme.
    NoScheme,
    /// A scheme other than `http` or `https`.
    Scheme(String),
    /// A path, query or fragment after the host (`/`, `?`, `#`).
    Path,
    /// A user name or password (`user@host`).
    UserInfo,
    /// The host is not a DNS name, an IPv4 address or a bracketed IPv6
    /// address.
    Host(String),
    /// The port is not a number from 1 to 65535.
    Port(String),
}

impl fmt::Display for OriginError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OriginError::Empty => f.write_str("an origin is needed, e.g. https://club.example"),
            OriginError::TooLong => write!(f, "longer than {MAX_ORIGIN_LEN} characters"),
            OriginError::NoScheme => {
                f.write_str("write the scheme and the host, e.g. https://club.example")
            }
            OriginError::Scheme(s) => write!(f, "the scheme {s:?} is not http or https"),
            OriginError::Path => f.write_str(
                "an origin has no path, query or fragment: write scheme://host[:port] only",
            ),
            OriginError::UserInfo => f.write_str("an origin has no user name or password"),
            OriginError::Host(h) => write!(
                f,
                "the host {h:?} is not a domain name (in ASCII, punycode for other scripts) or an IP address"
            ),
            OriginError::Port(p) => write!(f, "the port {p:?} is not a number from 1 to 65535"),
        }
    }
}

impl std::error::Error for OriginError {}

impl Origin {
    /// Reads an origin strictly (see the module's documentation).
    pub fn parse(text: &str) -> Result<Origin, OriginError> {
        if text.is_empty() {
            return Err(OriginError::Empty);
        }
        if text.len() > MAX_ORIGIN_LEN {
            return Err(OriginError::TooLong);
        }
        let (scheme, rest) = text.split_once("://").ok_or(OriginError::NoScheme)?;
        let secure = match scheme.to_ascii_lowercase().as_str() {
            "https" => true,
            "http" => false,
            _ => {
                return Err(OriginError::Scheme(crate::engine::text::excerpt(
                    scheme, 20,
                )))
            }
        };
        if rest.contains(['/', '?', '#', '\\']) {
            return Err(OriginError::Path);
        }
        if rest.contains('@') {
            return Err(OriginError::UserInfo);
        }
        let (host, port) = split_port(rest)?;
        let host = read_host(host)?;
        let default = if secure { 443 } else { 80 };
        Ok(Origin {
            secure,
            host,
            port: port.filter(|&p| p != default),
        })
    }

    /// `https` or `http`.
    pub fn scheme(&self) -> &'static str {
        if self.secure {
            "https"
        } else {
            "http"
        }
    }

    /// The host as written in the origin (lower case; an IPv6 address in
    /// brackets).
    pub fn host(&self) -> &str {
        &self.host
    }

    /// The port, unless it is the scheme's default.
    pub fn port(&self) -> Option<u16> {
        self.port
    }

    /// True when `origin` (a browser's `MessageEvent.origin`) is this
    /// origin. `"null"` and anything that is not an origin are not.
    pub fn matches(&self, origin: &str) -> bool {
        Origin::parse(origin).is_ok_and(|o| o == *self)
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme(), self.host)?;
        match self.port {
            Some(port) => write!(f, ":{port}"),
            None => Ok(()),
        }
    }
}

impl FromStr for Origin {
    type Err = OriginError;

    fn from_str(text: &str) -> Result<Origin, OriginError> {
        Origin::parse(text)
    }
}

/// `host[:port]` split, an IPv6 address's colons kept with it.
fn split_port(rest: &str) -> Result<(&str, Option<u16>), OriginError> {
    let (host, port) = if rest.starts_with('[') {
        match rest.find(']') {
            Some(end) => {
                let (host, after) = rest.split_at(end + 1);
                match after {
                    "" => (host, None),
                    _ => match after.strip_prefix(':') {
                        Some(port) => (host, Some(port)),
                        None => return Err(OriginError::Host(excerpt(rest))),
                    },
                }
            }
            None => return Err(OriginError::Host(excerpt(rest))),
        }
    } else {
        match rest.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (rest, None),
        }
    };
    let port = match port {
        None => None,
        Some(text) => Some(
            crate::engine::text::parse_number::<u16>(text)
                .filter(|&p| p != 0 && text.len() <= 5)
                .ok_or_else(|| OriginError::Port(excerpt(text)))?,
        ),
    };
    Ok((host, port))
}

/// The host in its serialised form, checked.
fn read_host(host: &str) -> Result<String, OriginError> {
    let bad = || OriginError::Host(excerpt(host));
    if let Some(inner) = host.strip_prefix('[') {
        let inner = inner.strip_suffix(']').ok_or_else(bad)?;
        let address: Ipv6Addr = inner.parse().map_err(|_| bad())?;
        return Ok(format!("[{address}]"));
    }
    let host = host.to_ascii_lowercase();
    if !host.is_ascii() {
        return Err(bad());
    }
    // One final dot makes a fully qualified name, which browsers keep.
    let (name, final_dot) = match host.strip_suffix('.') {
        Some(name) => (name, true),
        None => (host.as_str(), false),
    };
    let labels: Vec<&str> = name.split('.').collect();
    // A name whose last label is a number (decimal, or hexadecimal with
    // 0x) is read by browsers as an IPv4 address: it must be one, written
    // plainly.
    if labels.last().is_some_and(|last| is_number(last)) {
        let address: Ipv4Addr = match final_dot {
            false => name.parse().map_err(|_| bad())?,
            true => return Err(bad()),
        };
        return Ok(address.to_string());
    }
    let label_ok = |label: &&str| {
        !label.is_empty()
            && label
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
    };
    if labels.iter().all(label_ok) {
        Ok(host)
    } else {
        Err(bad())
    }
}

/// Whether a label is a number to a browser's host reader: decimal
/// digits, or `0x` and hexadecimal digits.
fn is_number(label: &str) -> bool {
    let digits = |text: &str, hex: bool| {
        text.bytes()
            .all(|b| b.is_ascii_digit() || (hex && b.is_ascii_hexdigit()))
    };
    match label.strip_prefix("0x") {
        Some(hex) => digits(hex, true),
        None => !label.is_empty() && digits(label, false),
    }
}

fn excerpt(text: &str) -> String {
    crate::engine::text::excerpt(text, 40)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_read_and_written_in_the_browsers_form() {
        for (text, shown) in [
            ("https://club.example", "https://club.example"),
            ("HTTPS://Club.Example", "https://club.example"),
            ("https://club.example:443", "https://club.example"),
            ("http://club.example:80", "http://club.example"),
            ("http://club.example:443", "http://club.example:443"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("http://localhost:3000", "http://localhost:3000"),
            ("http://[::1]:8080", "http://[::1]:8080"),
            ("https://[0:0:0:0:0:0:0:1]", "https://[::1]"),
            (
                "https://xn--hrnchen-8wa.example",
                "https://xn--hrnchen-8wa.example",
            ),
            ("https://a-b.c-d.example", "https://a-b.c-d.example"),
            ("https://my_club.example", "https://my_club.example"),
            ("https://Club.Example.", "https://club.example."),
            ("https://-club-.example", "https://-club-.example"),
        ] {
            let origin = Origin::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(origin.to_string(), shown);
            assert_eq!(Origin::parse(shown), Ok(origin.clone()));
            assert!(origin.matches(shown));
        }
        let o = Origin::parse("https://club.example:8443").unwrap();
        assert_eq!(
            (o.scheme(), o.host(), o.port()),
            ("https", "club.example", Some(8443))
        );
    }

    #[test]
    fn anything_else_is_refused_with_its_reason() {
        use OriginError as E;
        for (text, error) in [
            ("", E::Empty),
            ("club.example", E::NoScheme),
            ("ftp://club.example", E::Scheme("ftp".into())),
            ("javascript://x", E::Scheme("javascript".into())),
            ("https://club.example/", E::Path),
            ("https://club.example/page", E::Path),
            ("https://club.example?x", E::Path),
            ("https://club.example#x", E::Path),
            ("https://club.example\\x", E::Path),
            ("https://user@club.example", E::UserInfo),
            ("https://", E::Host(String::new())),
            ("https://club..example", E::Host("club..example".into())),
            ("https://club.example..", E::Host("club.example..".into())),
            ("https://.club.example", E::Host(".club.example".into())),
            ("https://club!.example", E::Host("club!.example".into())),
            ("http://1.2.3.4.", E::Host("1.2.3.4.".into())),
            ("http://club.0x1f", E::Host("club.0x1f".into())),
            ("https://klub.čr", E::Host("klub.čr".into())),
            ("https://club example", E::Host("club example".into())),
            ("http://256.1.1.1", E::Host("256.1.1.1".into())),
            ("http://1.2.3", E::Host("1.2.3".into())),
            ("http://[::1", E::Host("[::1".into())),
            ("http://[::g]", E::Host("[::g]".into())),
            ("http://[::1]x", E::Host("[::1]x".into())),
            ("http://club.example:", E::Port(String::new())),
            ("http://club.example:0", E::Port("0".into())),
            ("http://club.example:65536", E::Port("65536".into())),
            ("http://club.example:+80", E::Port("+80".into())),
            ("http://club.example:8080:1", E::Port("8080:1".into())),
        ] {
            assert_eq!(Origin::parse(text), Err(error), "{text}");
        }
        assert_eq!(
            Origin::parse(&format!("https://{}.example", "a".repeat(400))),
            Err(E::TooLong)
        );
        assert!(!Origin::parse("https://club.example")
            .unwrap()
            .matches("null"));
    }
}
