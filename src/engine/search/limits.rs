//! When a search must stop: depth, nodes, time, or the caller's stop flag.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::clock::Clock;

/// How far a search may go. Every limit that is set applies; with none set the
/// search runs until the game's end is reached or the stop flag is raised.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Limits {
    /// The deepest iteration, in moves (passes are not counted).
    pub depth: Option<u32>,
    /// The most nodes to visit.
    pub nodes: Option<u64>,
    /// Wall-clock time in milliseconds.
    pub time_ms: Option<f64>,
}

impl Limits {
    /// Search to exactly `depth` moves.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for at most `ms` milliseconds.
    pub fn time_ms(ms: f64) -> Limits {
        Limits {
            time_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// Search at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// These limits with a depth cap added.
    pub fn with_depth(self, depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..self
        }
    }

    /// These limits with a time cap added.
    pub fn with_time_ms(self, ms: f64) -> Limits {
        Limits {
            time_ms: Some(ms),
            ..self
        }
    }
}

/// A running search's allowance: the limits, the clock they are measured on,
/// and an optional flag another thread (or the caller) raises to stop.
pub struct Budget<'a> {
    limits: Limits,
    clock: &'a dyn Clock,
    started_ms: f64,
    stop: Option<&'a AtomicBool>,
}

impl<'a> Budget<'a> {
    /// Starts the budget now, on `clock`.
    pub fn new(limits: Limits, clock: &'a dyn Clock) -> Budget<'a> {
        Budget {
            limits,
            clock,
            started_ms: clock.now_ms(),
            stop: None,
        }
    }

    /// Also stops when `flag` becomes true.
    pub fn with_stop(self, flag: &'a AtomicBool) -> Budget<'a> {
        Budget {
            stop: Some(flag),
            ..self
        }
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The deepest iteration worth starting: the depth limit, no deeper
    /// than the game can last (`moves_left`, when known), between 1 and
    /// 200.
    pub fn max_depth(&self, moves_left: Option<u32>) -> u32 {
        self.limits
            .depth
            .unwrap_or(u32::MAX)
            .min(moves_left.unwrap_or(u32::MAX))
            .clamp(1, 200)
    }

    /// Milliseconds since the budget started.
    pub fn elapsed_ms(&self) -> f64 {
        self.clock.now_ms() - self.started_ms
    }

    /// True when the search must stop now, having visited `nodes` nodes.
    pub fn exhausted(&self, nodes: u64) -> bool {
        self.stop.is_some_and(|f| f.load(Ordering::Relaxed))
            || self.limits.nodes.is_some_and(|n| nodes >= n)
            || self.limits.time_ms.is_some_and(|t| self.elapsed_ms() >= t)
    }

    /// True when another iteration is unlikely to finish in the time left:
    /// each depth costs several times the previous one, so starting one after
    /// half the time is mostly wasted.
    pub fn too_late_for_next_iteration(&self) -> bool {
        self.limits
            .time_ms
            .is_some_and(|t| self.elapsed_ms() >= t * 0.5)
    }

    /// The same budget restricted to at most `ms` more milliseconds and at
    /// most `nodes` more nodes; the stop flag is shared.
    pub fn remaining(&self, nodes_used: u64) -> Limits {
        Limits {
            depth: self.limits.depth,
            nodes: self.limits.nodes.map(|n| n.saturating_sub(nodes_used)),
            time_ms: self
                .limits
                .time_ms
                .map(|t| (t - self.elapsed_ms()).max(0.0)),
        }
    }

    /// A budget for a sub-search with `limits`, sharing clock and stop flag.
    pub fn child(&self, limits: Limits) -> Budget<'a> {
        Budget {
            limits,
            clock: self.clock,
            started_ms: self.clock.now_ms(),
            stop: self.stop,
        }
    }
}

/// A cheap way for a counting loop (perft) to honour a budget: the clock
/// is read once every 1024 calls.
pub struct Checkpoint<'b, 'a> {
    budget: Option<&'b Budget<'a>>,
    calls: u64,
    stopped: bool,
}

impl<'b, 'a> Checkpoint<'b, 'a> {
    /// Checks `budget` (never stops without one).
    pub fn new(budget: Option<&'b Budget<'a>>) -> Self {
        Checkpoint {
            budget,
            calls: 0,
            stopped: false,
        }
    }

    /// True once the budget has run out.
    #[inline]
    pub fn stop(&mut self) -> bool {
        if let Some(budget) = self.budget {
            self.calls += 1;
            if self.calls & 1023 == 0 && budget.exhausted(0) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// Whether it stopped.
    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;

    #[test]
    fn time_and_node_limits_are_enforced() {
        let clock = ManualClock::new();
        let budget = Budget::new(Limits::time_ms(100.0), &clock);
        assert!(!budget.exhausted(0));
        clock.advance(60.0);
        assert!(budget.too_late_for_next_iteration());
        assert!(!budget.exhausted(0));
        clock.advance(40.0);
        assert!(budget.exhausted(0));
        let budget = Budget::new(Limits::nodes(10), &clock);
        assert!(!budget.exhausted(9));
        assert!(budget.exhausted(10));
    }

    #[test]
    fn stop_flag_is_obeyed() {
        let clock = ManualClock::new();
        let flag = AtomicBool::new(false);
        let budget = Budget::new(Limits::default(), &clock).with_stop(&flag);
        assert!(!budget.exhausted(1));
        flag.store(true, Ordering::Relaxed);
        assert!(budget.exhausted(1));
    }
}
