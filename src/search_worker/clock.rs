//! The worker's clock: `Date.now()` (`std::time::Instant` is not available
//! on `wasm32-unknown-unknown`).

use crate::engine::clock::Clock;

/// Milliseconds from JavaScript's `Date.now()`.
pub struct JsClock;

impl Clock for JsClock {
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }
}
