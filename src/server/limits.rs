//! The limits that keep the server up whatever clients do: messages per
//! second per connection and requests per second per address (token
//! buckets), connections per address (a counter with a guard). Each limit
//! reached is told to the client as `limit` with its name and value.
//! Every limit counts an address as [`client_key`] keys it: an IPv6
//! address by its /64 (what one household or phone gets).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The address the per-address limits count `address` as: IPv4 as it is
/// (an IPv4 address written as IPv6 too), IPv6 by its /64 network.
pub fn client_key(address: IpAddr) -> IpAddr {
    match crate::proxy::normal(address) {
        IpAddr::V6(v6) => {
            let network = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(network.into())
        }
        v4 => v4,
    }
}

/// A token bucket: `rate` a second, up to `burst` at once.
#[derive(Debug, Clone)]
pub struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket of `rate` a second and twice that at once.
    pub fn new(rate: u32) -> Bucket {
        let rate = f64::from(rate.max(1));
        Bucket {
            tokens: 2.0 * rate,
            rate,
            burst: 2.0 * rate,
            last: Instant::now(),
        }
    }

    /// Takes one token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let gained = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + gained).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Open connections per client address.
#[derive(Debug, Clone)]
pub struct Connections {
    limit: u32,
    open: Arc<Mutex<HashMap<IpAddr, u32>>>,
}

/// Holds one connection's place; gives it back when dropped.
#[derive(Debug)]
pub struct ConnectionGuard {
    address: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, u32>>>,
}

impl Connections {
    /// At most `limit` connections from one address.
    pub fn new(limit: u32) -> Connections {
        Connections {
            limit,
            open: Arc::default(),
        }
    }

    /// The limit.
    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// A place for a connection from `address`, if it has fewer than the
    /// limit.
    pub fn enter(&self, address: IpAddr) -> Option<ConnectionGuard> {
        let address = client_key(address);
        let mut open = self.open.lock().expect("not poisoned");
        let count = open.entry(address).or_default();
        if *count >= self.limit {
            return None;
        }
        *count += 1;
        Some(ConnectionGuard {
            address,
            open: self.open.clone(),
        })
    }
}

impl Drop for ConnectionGuard {
    fn drop(&mut self) {
        let mut open = self.open.lock().expect("not poisoned");
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// Requests per second per address.
#[derive(Debug)]
pub struct Requests {
    rate: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl Requests {
    /// At most `rate` requests a second from one address (twice that at once).
    pub fn new(rate: u32) -> Requests {
        Requests {
            rate,
            buckets: Mutex::default(),
        }
    }

    /// The limit.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// Whether `address` may make a request now.
    pub fn allow(&self, address: IpAddr) -> bool {
        let mut buckets = self.buckets.lock().expect("not poisoned");
        if buckets.len() > 100_000 {
            // Bounded memory: start afresh (every address gets a full bucket).
            buckets.clear();
        }
        buckets
            .entry(client_key(address))
            .or_insert_with(|| Bucket::new(self.rate))
            .take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_a_burst_then_its_rate() {
        let mut bucket = Bucket::new(5);
        assert_eq!((0..20).filter(|_| bucket.take()).count(), 10);
        std::thread::sleep(std::time::Duration::from_millis(420));
        assert_eq!((0..20).filter(|_| bucket.take()).count(), 2);
    }

    #[test]
    fn connections_are_counted_per_address() {
        let connections = Connections::new(2);
        let here = IpAddr::from([127, 0, 0, 1]);
        let a = connections.enter(here).unwrap();
        let _b = connections.enter(here).unwrap();
        assert!(connections.enter(here).is_none());
        assert!(connections.enter(IpAddr::from([127, 0, 0, 2])).is_some());
        drop(a);
        assert!(connections.enter(here).is_some());
    }

    #[test]
    fn an_ipv6_64_is_one_address() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        assert_eq!(client_key(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(
            client_key(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")),
            client_key(ip("2001:db8:1:2::7"))
        );
        assert_ne!(
            client_key(ip("2001:db8:1:3::1")),
            client_key(ip("2001:db8:1:2::1"))
        );
        assert_eq!(client_key(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
        assert_eq!(client_key(ip("192.0.2.1")), ip("192.0.2.1"));
        let connections = Connections::new(1);
        let _held = connections.enter(ip("2001:db8::1")).unwrap();
        assert!(connections.enter(ip("2001:db8::2")).is_none());
        assert!(connections.enter(ip("2001:db8:0:1::2")).is_some());
        let requests = Requests::new(1);
        assert!(requests.allow(ip("2001:db8::1")) && requests.allow(ip("2001:db8::2")));
        assert!(!requests.allow(ip("2001:db8::3")));
    }
}
