//! `engine perft …` for every game: the leaves of the move tree to a
//! depth, within a time limit (ten minutes unless `--time-ms` says
//! otherwise).
//!
//! A depth that cannot finish within its limit is refused at once, not
//! when the limit runs out: the shallower perfts are counted first, up to
//! the first one that takes at least [`MEASURED_MS`]; its time, times the
//! growth of its leaves over the depth before raised to the depths left,
//! is the estimate. Above [`REFUSED_ABOVE`] times the limit, the command
//! says the estimate and stops (the growth of a game's tree falls late
//! in the game, so the estimate errs on the long side; the margin keeps a
//! depth that would just fit from being refused). `engine perft othello
//! 40` is refused in milliseconds.

use crate::engine::clock::{Clock, SystemClock};
use crate::engine::search::{Budget, Limits};

use super::CliError;

/// How a perft's time is estimated, for `engine help perft`.
pub const HOW_ESTIMATED: &str = "\
A depth that cannot finish within its limit is refused at once: the shallower perfts are
counted first, up to the first that takes at least 2 ms; its time, times the growth of its
leaves over the depth before raised to the depths left, is the estimate, and above twice
the time left the command says the estimate and stops (engine perft othello 40: refused in
milliseconds). The estimate errs on the long side (a tree grows less late in the game).";

/// How long a shallower perft must take for its time to be a measure.
pub const MEASURED_MS: f64 = 2.0;
/// How many times its limit the estimate of a perft may be before it is
/// refused.
pub const REFUSED_ABOVE: f64 = 2.0;
/// How long a perft may run unless `--time-ms` says otherwise.
pub const DEFAULT_PERFT_MS: f64 = 600_000.0;

/// What a perft counted.
pub struct Counted {
    /// Its leaves.
    pub leaves: u64,
    /// The seconds it took (the shallower counts not included).
    pub seconds: f64,
}

/// The estimated time of the perft of `depth` from a shallower one of
/// `depth_done` that took `ms` milliseconds for `leaves` leaves, `before`
/// at the depth before it.
pub fn estimate_ms(depth: u32, depth_done: u32, ms: f64, leaves: u64, before: u64) -> f64 {
    let growth = (leaves as f64 / before.max(1) as f64).max(1.0);
    ms * growth.powi(depth.saturating_sub(depth_done) as i32)
}

/// Runs `perft(depth, budget)` within `time_ms`, refusing at once a depth
/// whose estimate is far above it (see the module's documentation).
pub fn count(
    depth: u32,
    time_ms: f64,
    perft: impl Fn(u32, &Budget) -> Option<u64>,
) -> Result<Counted, CliError> {
    let clock = SystemClock::new();
    let mut before: Option<u64> = None;
    for shallower in 1..depth {
        let started = clock.now_ms();
        let budget = Budget::new(Limits::time_ms(time_ms - started), &clock);
        let leaves = perft(shallower, &budget).ok_or_else(|| unfinished(depth, time_ms))?;
        let ms = clock.now_ms() - started;
        if let Some(before) = before.filter(|_| ms >= MEASURED_MS) {
            let estimate = estimate_ms(depth, shallower, ms, leaves, before);
            let left = time_ms - clock.now_ms();
            if estimate > REFUSED_ABOVE * left {
                return Err(CliError::NoResult(format!(
                    "perft {depth} would take about {} (estimated from perft {shallower}: {leaves} leaves in {ms:.1} ms, {:.1} times the depth before), more than its limit of {time_ms} ms; give a smaller depth or a larger --time-ms",
                    duration(estimate),
                    leaves as f64 / before.max(1) as f64,
                )));
            }
            break;
        }
        before = Some(leaves);
    }
    let started = clock.now_ms();
    let budget = Budget::new(Limits::time_ms(time_ms - started), &clock);
    let leaves = perft(depth, &budget).ok_or_else(|| unfinished(depth, time_ms))?;
    Ok(Counted {
        leaves,
        seconds: (clock.now_ms() - started) / 1000.0,
    })
}

/// The error of a perft that ran out of time.
fn unfinished(depth: u32, time_ms: f64) -> CliError {
    CliError::NoResult(format!(
        "perft {depth} did not finish within {time_ms} ms; give a smaller depth or a larger --time-ms"
    ))
}

/// A duration in words: `12 s`, `3.4 hours`, `2.1e+21 years`.
fn duration(ms: f64) -> String {
    let seconds = ms / 1000.0;
    let years = seconds / (365.25 * 24.0 * 3600.0);
    match () {
        _ if seconds < 120.0 => format!("{seconds:.0} s"),
        _ if seconds < 7200.0 => format!("{:.0} minutes", seconds / 60.0),
        _ if seconds < 172_800.0 => format!("{:.1} hours", seconds / 3600.0),
        _ if years < 2.0 => format!("{:.0} days", seconds / 86_400.0),
        _ if years < 1e6 => format!("{years:.0} years"),
        _ => format!("{years:.1e} years"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_states_the_constants() {
        assert!(HOW_ESTIMATED.contains(&format!("at least {MEASURED_MS} ms")));
        assert_eq!(REFUSED_ABOVE, 2.0, "the help says \"twice\"");
    }

    #[test]
    fn the_estimate_grows_by_the_measured_factor() {
        // 390 216 leaves at depth 8 after 55 092 at 7, in 5 ms: depth 10
        // is about 7.1² times as long.
        let ms = estimate_ms(10, 8, 5.0, 390_216, 55_092);
        assert!((ms - 5.0 * (390_216.0f64 / 55_092.0).powi(2)).abs() < 1e-6);
        // A tree that stopped growing is estimated at the time measured.
        assert_eq!(estimate_ms(40, 12, 3.0, 100, 120), 3.0);
        assert_eq!(duration(5_000.0), "5 s");
        assert_eq!(duration(600_000.0), "10 minutes");
        assert_eq!(duration(1e30), "3.2e19 years");
    }

    #[test]
    fn a_depth_far_beyond_the_limit_is_refused_without_trying_it() {
        // A tree of ten times more leaves a depth, a microsecond a leaf.
        let tried = std::cell::RefCell::new(Vec::new());
        let perft = |depth: u32, _: &Budget| {
            tried.borrow_mut().push(depth);
            let leaves = 10u64.pow(depth.min(12));
            std::thread::sleep(std::time::Duration::from_micros(leaves.min(20_000)));
            Some(leaves)
        };
        let Err(CliError::NoResult(message)) = count(40, 60_000.0, perft) else {
            panic!("refused");
        };
        assert!(message.contains("perft 40 would take about"), "{message}");
        assert!(
            tried.borrow().iter().all(|&d| d <= 5),
            "{:?}",
            tried.borrow()
        );
        // Within its limit, it is counted.
        let counted = count(3, 60_000.0, |d, _| Some(10u64.pow(d))).ok().unwrap();
        assert_eq!(counted.leaves, 1000);
    }
}
