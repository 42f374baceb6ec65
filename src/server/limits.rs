//! The limits that keep the server up whatever clients do: messages per
//! second per connection and requests per second per address (token
//! buckets), connections per address (a counter with a guard). Each limit
//! reached is told to the client as `limit` with its name and value.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

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
            .entry(address)
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
}
