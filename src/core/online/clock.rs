//! The server's clock of an online game: the app's game clock
//! ([`crate::session::clock::Clock`]: sudden death, Fischer, Bronstein,
//! simple delay, handicaps) for live games, or a number of days a move for
//! correspondence, behind one small interface. The room never reads a
//! platform clock: every call is given `now`, in milliseconds of service
//! time (see `docs/online.md`: wall time less the server's downtime), so
//! tests run it on an injected clock and every instance computes the same.

use crate::session::clock::Clock;

use super::setup::Timing;

/// A day in milliseconds.
pub const DAY_MS: u64 = 86_400_000;

/// The clock of one game, from the moment play starts.
#[derive(Clone, Debug, PartialEq)]
pub struct GameClock {
    kind: Kind,
    /// When the clock last started or switched.
    since: u64,
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Live(Clock),
    Correspondence {
        move_ms: u64,
        to_move: usize,
        running: bool,
    },
}

impl GameClock {
    /// A clock for `timing`, started at `now` for side `to_move`; `None`
    /// for a live control that does not read (a checked setup always does).
    pub fn start(timing: &Timing, to_move: usize, now: u64) -> Option<GameClock> {
        let kind = match timing {
            Timing::Live { .. } => {
                let control = timing.control()?;
                let base = control.base_ms.map(|ms| ms as i64);
                let mut clock = Clock::resumed(control, base, to_move);
                clock.start(now as f64);
                Kind::Live(clock)
            }
            Timing::Correspondence { days } => Kind::Correspondence {
                move_ms: u64::from(*days) * DAY_MS,
                to_move: to_move & 1,
                running: true,
            },
        };
        Some(GameClock { kind, since: now })
    }

    /// The side whose time runs.
    pub fn running(&self) -> Option<usize> {
        match &self.kind {
            Kind::Live(clock) => clock.is_running().then(|| clock.to_move()),
            Kind::Correspondence {
                to_move, running, ..
            } => running.then_some(*to_move),
        }
    }

    /// The moment the running side's time runs out (its flag falls, or its
    /// correspondence deadline passes).
    pub fn flag_at(&self) -> Option<u64> {
        let side = self.running()?;
        match &self.kind {
            Kind::Live(clock) => {
                // The time left falls by at most one millisecond a
                // millisecond (a delay holds it back first): step ahead by
                // what is left until nothing is.
                let mut at = self.since;
                for _ in 0..8 {
                    let left = clock.left(side, at as f64);
                    if left <= 0 {
                        return Some(at);
                    }
                    at += left as u64;
                }
                Some(at)
            }
            Kind::Correspondence { move_ms, .. } => Some(self.since + move_ms),
        }
    }

    /// Each side's time left at `now` (correspondence: the side to move's
    /// time to its deadline, the other's a whole move's time).
    pub fn left(&self, now: u64) -> [i64; 2] {
        match &self.kind {
            Kind::Live(clock) => [clock.left(0, now as f64), clock.left(1, now as f64)],
            Kind::Correspondence {
                move_ms, to_move, ..
            } => {
                let mut left = [*move_ms as i64; 2];
                if let Some(deadline) = self.flag_at() {
                    left[*to_move] = deadline as i64 - now.max(self.since) as i64;
                }
                left
            }
        }
    }

    /// The side to move has moved at `now`: charged, given its increment,
    /// and the other side's time starts. `false` (and nothing changes)
    /// when its time had already run out.
    pub fn moved(&mut self, now: u64) -> bool {
        if self.flag_at().is_some_and(|flag| now >= flag) {
            return false;
        }
        let now = now.max(self.since);
        match &mut self.kind {
            Kind::Live(clock) => {
                if !clock.moved(now as f64) {
                    return false;
                }
            }
            Kind::Correspondence { to_move, .. } => *to_move = 1 - *to_move,
        }
        self.since = now;
        true
    }

    /// Stops the clock at `now` (the game ended).
    pub fn stop(&mut self, now: u64) {
        let now = now.max(self.since);
        match &mut self.kind {
            Kind::Live(clock) => clock.pause(now as f64),
            Kind::Correspondence { running, .. } => *running = false,
        }
        self.since = now;
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn live(control: &str) -> GameClock {
        let timing = Timing::Live {
            control: control.into(),
            completes: false,
        };
        GameClock::start(&timing, 0, 1_000).unwrap()
    }

    #[test]
    fn live_clocks_keep_the_app_s_controls() {
        let mut clock = live("1+2");
        assert_eq!(clock.flag_at(), Some(61_000));
        assert!(clock.moved(6_000));
        assert_eq!(clock.left(6_000), [57_000, 60_000]);
        assert_eq!((clock.running(), clock.flag_at()), (Some(1), Some(66_000)));

        let mut delay = live("1d3");
        assert_eq!(delay.flag_at(), Some(64_000), "the delay comes first");
        assert!(delay.moved(3_500));
        assert_eq!(delay.left(3_500)[0], 60_000);
        assert!(delay.moved(13_500));
        assert_eq!(delay.left(13_500), [60_000, 53_000]);
        assert_eq!(delay.flag_at(), Some(13_500 + 63_000));

        let mut bronstein = live("1b3");
        bronstein.moved(11_000);
        assert_eq!(bronstein.left(11_000)[0], 53_000);

        let mut handicap = live("2/1+0");
        assert_eq!(handicap.left(1_000), [120_000, 60_000]);
        handicap.moved(2_000);
        assert_eq!(handicap.flag_at(), Some(62_000));
    }

    #[test]
    fn a_move_after_the_flag_is_refused() {
        let mut clock = live("1+0");
        assert!(!clock.moved(61_000));
        assert_eq!(clock.running(), Some(0));
        assert!(clock.moved(60_999));
        clock.stop(70_000);
        assert_eq!((clock.running(), clock.flag_at()), (None, None));
        assert_eq!(clock.left(99_000), [1, 50_999]);
    }

    #[test]
    fn correspondence_gives_days_a_move() {
        let timing = Timing::Correspondence { days: 2 };
        let mut clock = GameClock::start(&timing, 1, 0).unwrap();
        assert_eq!(clock.running(), Some(1));
        assert_eq!(clock.flag_at(), Some(2 * DAY_MS));
        assert!(clock.moved(DAY_MS));
        assert_eq!(clock.flag_at(), Some(3 * DAY_MS));
        assert_eq!(clock.left(2 * DAY_MS), [DAY_MS as i64, 2 * DAY_MS as i64]);
        assert!(!clock.moved(3 * DAY_MS));
    }
}
