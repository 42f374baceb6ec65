//! Service time: the clocks of online games run on wall time less the
//! time no server instance was running, so that a server stopped (or
//! killed) and started again gives the downtime back to every live clock
//! and extends every correspondence deadline by it. Instances beat a heart
//! in the database every second; the first to start after all were down
//! records the gap since the last beat.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::store::{DbError, Param, Store};

/// How often an instance says it is alive.
pub const HEARTBEAT_MS: u64 = 1_000;

/// A gap longer than this since the last heartbeat of any instance is
/// downtime.
pub const DOWNTIME_AFTER_MS: u64 = 3_000;

/// Wall time, injected (tests move it by hand).
pub trait Wall: Send + Sync + 'static {
    /// Milliseconds since 1970.
    fn now_ms(&self) -> u64;
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

/// A wall clock that moves only when told (tests).
#[derive(Debug, Default)]
pub struct ManualWall(AtomicU64);

impl ManualWall {
    /// A clock at `ms`.
    pub fn at(ms: u64) -> ManualWall {
        ManualWall(AtomicU64::new(ms))
    }

    /// Moves it on by `ms`.
    pub fn advance(&self, ms: u64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Wall for ManualWall {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// Service time for this instance.
pub struct ServiceTime {
    wall: Arc<dyn Wall>,
    /// The downtime so far: wall time less service time.
    offset: AtomicU64,
}

impl ServiceTime {
    /// Service time now.
    pub fn now(&self) -> u64 {
        self.wall().saturating_sub(self.offset())
    }

    /// Wall time now.
    pub fn wall(&self) -> u64 {
        self.wall.now_ms()
    }

    /// Wall time less service time.
    pub fn offset(&self) -> u64 {
        self.offset.load(Ordering::SeqCst)
    }

    /// Starts `instance`: records the downtime since the last heartbeat of
    /// any instance, if it is one, and reads the total.
    pub async fn start(
        store: &Store,
        wall: Arc<dyn Wall>,
        instance: &str,
    ) -> Result<ServiceTime, DbError> {
        let now = wall.now_ms() as i64;
        let last = store
            .numbers("SELECT MAX(alive_wall) FROM instances", &[])
            .await?
            .first()
            .copied()
            .flatten();
        if let Some(last) = last.filter(|&last| now - last > DOWNTIME_AFTER_MS as i64) {
            // Two instances starting together record the same gap once.
            store
                .execute(
                    "INSERT INTO downtime (started_wall, ended_wall) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                    &[Param::Int(last), Param::Int(now)],
                )
                .await?;
        }
        store
            .execute(
                "INSERT INTO instances (id, alive_wall) VALUES ($1, $2)",
                &[Param::Text(instance), Param::Int(now)],
            )
            .await?;
        let time = ServiceTime {
            wall,
            offset: AtomicU64::new(0),
        };
        time.refresh(store).await?;
        Ok(time)
    }

    /// Reads the total downtime again.
    pub async fn refresh(&self, store: &Store) -> Result<(), DbError> {
        let total = store
            .numbers(
                "SELECT CAST(COALESCE(SUM(ended_wall - started_wall), 0) AS BIGINT) FROM downtime",
                &[],
            )
            .await?;
        let total = total.first().copied().flatten().unwrap_or(0).max(0) as u64;
        self.offset.store(total, Ordering::SeqCst);
        Ok(())
    }

    /// Says `instance` is alive, and reads the downtime again.
    pub async fn heartbeat(&self, store: &Store, instance: &str) -> Result<(), DbError> {
        store
            .execute(
                "UPDATE instances SET alive_wall = $2 WHERE id = $1",
                &[Param::Text(instance), Param::Int(self.wall() as i64)],
            )
            .await?;
        self.refresh(store).await
    }
}
