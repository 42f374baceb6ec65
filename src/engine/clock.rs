//! Time for the search, injected so the core never calls a platform clock
//! directly (`std::time::Instant` panics on `wasm32-unknown-unknown`).

/// A monotonic clock in milliseconds since an arbitrary origin.
pub trait Clock {
    /// The current time in milliseconds.
    fn now_ms(&self) -> f64;
}

/// The native monotonic clock.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Copy)]
pub struct SystemClock {
    origin: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl SystemClock {
    /// A clock whose zero is now.
    pub fn new() -> SystemClock {
        SystemClock {
            origin: std::time::Instant::now(),
        }
    }

    /// Seconds since the clock was made.
    pub fn elapsed_seconds(&self) -> f64 {
        self.origin.elapsed().as_secs_f64()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.origin.elapsed().as_secs_f64() * 1000.0
    }
}

/// A clock that only moves when told to: makes time limits testable.
#[derive(Debug, Default)]
pub struct ManualClock {
    now: std::cell::Cell<f64>,
}

impl ManualClock {
    /// A clock standing at zero.
    pub fn new() -> ManualClock {
        ManualClock::default()
    }

    /// Moves the clock forward by `ms` milliseconds.
    pub fn advance(&self, ms: f64) {
        self.now.set(self.now.get() + ms);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> f64 {
        self.now.get()
    }
}
