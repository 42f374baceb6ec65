//! Service time: the clocks of online games run on wall time less the
//! time no server instance was running, so that a server stopped (or
//! killed) and started again gives the downtime back to every live clock
//! and extends every correspondence deadline by it. Instances beat a heart
//! in the database every second; the first to start after all were down
//! records the gap since the last beat.
//!
//! Between heartbeats service time advances with the monotonic clock, so
//! a step of the wall clock (NTP correcting it, an operator's `date -s`)
//! neither freezes every clock (a step back) nor flags many (a step
//! forward). A heartbeat that finds the wall stepped records the step:
//! with SQLite (one instance) in the database, as an adjustment beside the
//! downtime, so that a restart stays continuous too; with PostgreSQL the
//! other instances' clocks did not step, so the instance keeps the step to
//! itself and works it off at 1% (10 ms a second) until it agrees with
//! them again. Several instances need their wall clocks synchronised (NTP):
//! heartbeats and presence compare them. (docs/online.md, "Clocks".)

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::store::{Backend, DbError, Param, Store};

/// How often an instance says it is alive.
pub const HEARTBEAT_MS: u64 = 1_000;

/// A gap longer than this since the last heartbeat of any instance is
/// downtime.
pub const DOWNTIME_AFTER_MS: u64 = 3_000;

/// A change of wall time against monotonic time at least this large
/// between two heartbeats is a step of the wall clock (NTP's slewing moves
/// both alike; smaller steps are followed).
pub const STEP_MS: i64 = 250;

/// How much of a step kept to one instance it works off a heartbeat.
pub const SLEW_MS: i64 = 10;

/// The mark of an instance that stopped cleanly (its id follows).
const STOPPED: &str = "stopped:";

/// Wall time, injected (tests move it by hand).
pub trait Wall: Send + Sync + 'static {
    /// Milliseconds since 1970.
    fn now_ms(&self) -> u64;
}

/// Monotonic time, injected: milliseconds since some start, never going
/// back and never stepped.
pub trait Monotonic: Send + Sync + 'static {
    /// Milliseconds since the start.
    fn elapsed_ms(&self) -> u64;
}

/// The system's clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemWall;

impl Wall for SystemWall {
    fn now_ms(&self) -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    }
}

/// The system's monotonic clock (`CLOCK_MONOTONIC` on Linux).
#[derive(Debug, Clone, Copy)]
pub struct SystemMonotonic(Instant);

impl Default for SystemMonotonic {
    fn default() -> Self {
        SystemMonotonic(Instant::now())
    }
}

impl Monotonic for SystemMonotonic {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// Wall and monotonic clocks that move only when told (tests): time passes
/// with [`ManualWall::advance`], the wall alone steps with
/// [`ManualWall::step`].
#[derive(Debug, Default)]
pub struct ManualWall {
    wall: AtomicU64,
    monotonic: AtomicU64,
}

impl ManualWall {
    /// A clock at `ms` (monotonic time at 0).
    pub fn at(ms: u64) -> ManualWall {
        ManualWall {
            wall: AtomicU64::new(ms),
            monotonic: AtomicU64::new(0),
        }
    }

    /// Time passes: both clocks move on by `ms`.
    pub fn advance(&self, ms: u64) {
        self.wall.fetch_add(ms, Ordering::SeqCst);
        self.monotonic.fetch_add(ms, Ordering::SeqCst);
    }

    /// The wall clock alone steps by `ms` (back when negative).
    pub fn step(&self, ms: i64) {
        let wall = self.wall.load(Ordering::SeqCst) as i64;
        self.wall.store((wall + ms).max(0) as u64, Ordering::SeqCst);
    }
}

impl Wall for ManualWall {
    fn now_ms(&self) -> u64 {
        self.wall.load(Ordering::SeqCst)
    }
}

impl Monotonic for ManualWall {
    fn elapsed_ms(&self) -> u64 {
        self.monotonic.load(Ordering::SeqCst)
    }
}

/// The clocks a server runs on.
#[derive(Clone)]
pub struct Clocks {
    /// Wall time.
    pub wall: Arc<dyn Wall>,
    /// Monotonic time.
    pub monotonic: Arc<dyn Monotonic>,
}

impl Clocks {
    /// The system's.
    pub fn system() -> Clocks {
        Clocks {
            wall: Arc::new(SystemWall),
            monotonic: Arc::new(SystemMonotonic::default()),
        }
    }
}

impl From<Arc<SystemWall>> for Clocks {
    fn from(_: Arc<SystemWall>) -> Clocks {
        Clocks::system()
    }
}

impl From<Arc<ManualWall>> for Clocks {
    fn from(clock: Arc<ManualWall>) -> Clocks {
        Clocks {
            wall: clock.clone(),
            monotonic: clock,
        }
    }
}

/// The arithmetic of service time, apart from the database: service time
/// is monotonic time less `base`, and `base` changes only at heartbeats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timeline {
    /// Monotonic time less service time.
    base: i64,
    /// Wall time less monotonic time at the last reading.
    wall_less_monotonic: i64,
    /// The database's total: downtime, and steps recorded there.
    offset: i64,
    /// Steps kept to this instance, not yet worked off.
    skew: i64,
}

impl Timeline {
    /// Service time is `wall - offset` at this reading.
    pub fn new(wall: u64, monotonic: u64, offset: i64) -> Timeline {
        let mut timeline = Timeline {
            base: 0,
            wall_less_monotonic: wall as i64 - monotonic as i64,
            offset,
            skew: 0,
        };
        timeline.settle(offset);
        timeline
    }

    /// Service time at monotonic time `monotonic`.
    pub fn now(&self, monotonic: u64) -> u64 {
        (monotonic as i64 - self.base).max(0) as u64
    }

    /// Reads both clocks: the wall's step since the last reading, when it
    /// is one (at least [`STEP_MS`] either way).
    pub fn step(&mut self, wall: u64, monotonic: u64) -> Option<i64> {
        let now = wall as i64 - monotonic as i64;
        let step = now - self.wall_less_monotonic;
        self.wall_less_monotonic = now;
        (step.abs() >= STEP_MS).then_some(step)
    }

    /// A step this instance keeps to itself (not recorded).
    pub fn keep(&mut self, step: i64) {
        self.skew += step;
    }

    /// The database's total as read now; a heartbeat's share of the kept
    /// steps worked off.
    pub fn settle(&mut self, offset: i64) {
        self.offset = offset;
        self.skew -= self.skew.clamp(-SLEW_MS, SLEW_MS);
        self.base = self.offset + self.skew - self.wall_less_monotonic;
    }

    /// What this instance keeps to itself, not yet worked off.
    pub fn skew(&self) -> i64 {
        self.skew
    }
}

/// Service time for this instance.
pub struct ServiceTime {
    clocks: Clocks,
    /// Other instances may share the database (PostgreSQL): a step of this
    /// machine's wall clock is kept to this instance.
    shared: bool,
    timeline: Mutex<Timeline>,
    /// One heartbeat at a time (a step is read and settled by the same).
    beating: tokio::sync::Mutex<()>,
    /// Set by [`ServiceTime::stop`]: no heartbeat writes the row again.
    stopped: AtomicBool,
}

impl ServiceTime {
    /// Service time now.
    pub fn now(&self) -> u64 {
        let monotonic = self.clocks.monotonic.elapsed_ms();
        self.timeline.lock().expect("not poisoned").now(monotonic)
    }

    /// Wall time now.
    pub fn wall(&self) -> u64 {
        self.clocks.wall.now_ms()
    }

    /// Wall time less service time (0 if service time is ahead: a wall
    /// clock stepped back further than the downtime so far).
    pub fn offset(&self) -> u64 {
        self.wall().saturating_sub(self.now())
    }

    /// Starts `instance`: records the downtime since the last heartbeat of
    /// any instance, if it is one, and reads the total. With SQLite the
    /// instance is alone (one server per state folder), so any gap is
    /// downtime, even a restart within a second or a wall clock set back
    /// meanwhile (a negative gap); with PostgreSQL only when no instance is
    /// alive (beat within 3 s of now and did not stop cleanly).
    pub async fn start(
        store: &Store,
        clocks: Clocks,
        instance: &str,
    ) -> Result<ServiceTime, DbError> {
        let shared = store.backend() == Backend::Postgres;
        let now = clocks.wall.now_ms() as i64;
        let last = store
            .numbers("SELECT MAX(alive_wall) FROM instances", &[])
            .await?
            .first()
            .copied()
            .flatten();
        let mut recorded = false;
        if let Some(last) = last {
            let down = if shared {
                // Alive: a heartbeat within 3 s of now either way (a wall
                // clock set back meanwhile makes the last beats look new).
                let near = DOWNTIME_AFTER_MS as i64;
                let alive = store
                    .numbers(
                        "SELECT COUNT(*) FROM instances WHERE alive_wall > $1 AND alive_wall < $2 \
                         AND id NOT LIKE 'stopped:%'",
                        &[Param::Int(now - near), Param::Int(now + near)],
                    )
                    .await?;
                alive.first().copied().flatten() == Some(0) && now != last
            } else {
                now != last
            };
            if down {
                // Two instances starting together record the same gap once.
                store
                    .execute(
                        "INSERT INTO downtime (started_wall, ended_wall) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                        &[Param::Int(last), Param::Int(now)],
                    )
                    .await?;
                recorded = true;
            }
        }
        if !shared || recorded {
            // The instances before this one are gone (one server per
            // folder, or none alive): only their last heartbeat mattered,
            // and a wall clock set back meanwhile would keep it the newest.
            // (Another instance starting at the same moment loses its row
            // here and writes it again at its next heartbeat.)
            store.execute("DELETE FROM instances", &[]).await?;
        }
        store
            .execute(
                "INSERT INTO instances (id, alive_wall) VALUES ($1, $2)",
                &[Param::Text(instance), Param::Int(now)],
            )
            .await?;
        let offset = total(store).await?;
        let monotonic = clocks.monotonic.elapsed_ms();
        Ok(ServiceTime {
            timeline: Mutex::new(Timeline::new(now as u64, monotonic, offset)),
            clocks,
            shared,
            beating: tokio::sync::Mutex::new(()),
            stopped: AtomicBool::new(false),
        })
    }

    /// Reads the total downtime again.
    pub async fn refresh(&self, store: &Store) -> Result<(), DbError> {
        let offset = total(store).await?;
        self.timeline.lock().expect("not poisoned").settle(offset);
        Ok(())
    }

    /// Says `instance` is alive, notices a step of the wall clock, and
    /// reads the downtime again.
    pub async fn heartbeat(&self, store: &Store, instance: &str) -> Result<(), DbError> {
        let _one = self.beating.lock().await;
        let wall = self.wall();
        let monotonic = self.clocks.monotonic.elapsed_ms();
        let step = self
            .timeline
            .lock()
            .expect("not poisoned")
            .step(wall, monotonic);
        if let Some(step) = step {
            self.stepped(store, instance, wall, step).await;
        }
        let beat = [Param::Text(instance), Param::Int(wall as i64)];
        let updated = store
            .execute("UPDATE instances SET alive_wall = $2 WHERE id = $1", &beat)
            .await?;
        if updated == 0 && !self.stopped.load(Ordering::SeqCst) {
            // Removed by an instance that started at the same moment.
            store
                .execute(
                    "INSERT INTO instances (id, alive_wall) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                    &beat,
                )
                .await?;
        }
        self.refresh(store).await
    }

    /// The wall clock stepped by `step` ms: recorded (SQLite), or kept to
    /// this instance (PostgreSQL, or if recording fails).
    async fn stepped(&self, store: &Store, instance: &str, wall: u64, step: i64) {
        let wall = wall as i64;
        let recorded = !self.shared && record_step(store, instance, wall, step).await;
        let kept = if recorded {
            "recorded in the database"
        } else {
            self.timeline.lock().expect("not poisoned").keep(step);
            "kept by this instance, worked off at 10 ms a second"
        };
        tracing::warn!(
            step_ms = step,
            "the wall clock stepped; service time went on with the monotonic clock (the step {kept})"
        );
    }

    /// Stops `instance`: a last heartbeat (the downtime starts there), and
    /// the mark that it stopped cleanly, so that an instance starting
    /// within 3 s knows the service was down.
    pub async fn stop(&self, store: &Store, instance: &str) -> Result<(), DbError> {
        self.stopped.store(true, Ordering::SeqCst);
        self.heartbeat(store, instance).await?;
        let skew = self.skew();
        if skew != 0 && self.alone(store, instance).await? {
            // The last instance records what it kept, so that the next one
            // starts where it stopped.
            let wall = self.wall() as i64;
            if record_step(store, instance, wall, skew).await {
                self.timeline.lock().expect("not poisoned").keep(-skew);
            }
        }
        let stopped = format!("{STOPPED}{instance}");
        store
            .execute(
                "UPDATE instances SET id = $2 WHERE id = $1",
                &[Param::Text(instance), Param::Text(&stopped)],
            )
            .await?;
        Ok(())
    }

    /// Whether no other instance is alive (beat in the last 3 s, did not
    /// stop).
    async fn alone(&self, store: &Store, instance: &str) -> Result<bool, DbError> {
        let since = self.wall() as i64 - DOWNTIME_AFTER_MS as i64;
        let others = store
            .numbers(
                "SELECT COUNT(*) FROM instances WHERE id <> $1 AND alive_wall > $2 AND id NOT LIKE 'stopped:%'",
                &[Param::Text(instance), Param::Int(since)],
            )
            .await?;
        Ok(others.first().copied().flatten() == Some(0))
    }

    /// What this instance keeps of wall clock steps, not yet worked off.
    pub fn skew(&self) -> i64 {
        self.timeline.lock().expect("not poisoned").skew()
    }
}

/// The database's total of downtime and recorded steps.
async fn total(store: &Store) -> Result<i64, DbError> {
    let total = store
        .numbers(
            "SELECT CAST(COALESCE(SUM(ended_wall - started_wall), 0) AS BIGINT) FROM downtime",
            &[],
        )
        .await?;
    Ok(total.first().copied().flatten().unwrap_or(0))
}

/// Records a step of the wall clock as a row of `downtime` (its length is
/// the step: negative for a step back) and moves the other instances' last
/// heartbeats by it, so that everything stored keeps to one wall clock.
async fn record_step(store: &Store, instance: &str, wall: i64, step: i64) -> bool {
    let recorded = store
        .execute(
            "INSERT INTO downtime (started_wall, ended_wall) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            &[Param::Int(wall - step), Param::Int(wall)],
        )
        .await;
    match recorded {
        Ok(1) => {}
        Ok(_) => return false,
        Err(error) => {
            tracing::error!(%error, "the wall clock's step could not be recorded");
            return false;
        }
    }
    let moved = store
        .execute(
            "UPDATE instances SET alive_wall = alive_wall + $2 WHERE id <> $1",
            &[Param::Text(instance), Param::Int(step)],
        )
        .await;
    if let Err(error) = moved {
        tracing::error!(%error, "the heartbeats could not follow the wall clock's step");
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    const WALL: u64 = 1_800_000_000_000;

    #[test]
    fn service_time_runs_on_the_monotonic_clock() {
        let mut t = Timeline::new(WALL, 0, 5_000);
        assert_eq!(t.now(0), WALL - 5_000);
        assert_eq!(t.now(1_500), WALL - 3_500);
        // A heartbeat without a step changes nothing.
        assert_eq!(t.step(WALL + 1_000, 1_000), None);
        t.settle(5_000);
        assert_eq!(t.now(1_000), WALL - 4_000);
        // More downtime recorded (by an instance starting after all were
        // down): taken at once.
        t.settle(6_000);
        assert_eq!(t.now(1_000), WALL - 5_000);
    }

    #[test]
    fn a_recorded_step_changes_nothing_either_way() {
        for step in [-3_600_000i64, 7_200_000] {
            let mut t = Timeline::new(WALL, 0, 0);
            let wall = (WALL as i64 + 1_000 + step) as u64;
            assert_eq!(t.step(wall, 1_000), Some(step));
            // Before the heartbeat settles, and after it recorded the step.
            assert_eq!(t.now(1_000), WALL + 1_000);
            t.settle(step);
            assert_eq!(t.now(1_000), WALL + 1_000);
            assert_eq!(t.now(3_000), WALL + 3_000);
        }
    }

    #[test]
    fn a_kept_step_is_worked_off_at_ten_ms_a_heartbeat() {
        let mut t = Timeline::new(WALL, 0, 0);
        assert_eq!(t.step(WALL - 60_000, 0), Some(-60_000));
        t.keep(-60_000);
        t.settle(0);
        // The first heartbeat already worked off 10 ms.
        assert_eq!(t.now(0), WALL - 10);
        assert_eq!(t.skew(), -59_990);
        for beat in 1..=100u64 {
            assert_eq!(t.step(WALL - 60_000 + beat * 1_000, beat * 1_000), None);
            t.settle(0);
        }
        // 101 heartbeats later: 101 s of monotonic time, 1010 ms less.
        assert_eq!(t.now(100_000), WALL + 100_000 - 1_010);
        assert_eq!(t.skew(), -60_000 + 1_010);
    }

    #[test]
    fn small_steps_are_followed() {
        let mut t = Timeline::new(WALL, 0, 0);
        assert_eq!(t.step(WALL + 100, 0), None);
        t.settle(0);
        assert_eq!(t.now(0), WALL + 100);
    }
}
