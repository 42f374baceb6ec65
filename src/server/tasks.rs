//! What runs beside the requests: the timers that let flags fall on time,
//! the sweeper (games with something due that nobody here has open,
//! players of instances that died, games nobody uses), the heartbeat, and
//! with PostgreSQL the listener for the other instances' notifications.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::service::Service;
use crate::store::{Backend, Param, CHANNEL};
use crate::time::{DOWNTIME_AFTER_MS, HEARTBEAT_MS};

/// How often the sweeper looks at the database.
const SWEEP_MS: u64 = 2_000;

/// Games unused this long leave memory.
const IDLE_MS: u64 = 60_000;

/// Starts every background task of `service`. With PostgreSQL the
/// listener is listening before this returns, so that nothing another
/// instance says after this instance announced itself is missed.
pub async fn spawn(service: &Arc<Service>) -> Result<(), crate::store::DbError> {
    tokio::spawn(run_timers(service.clone()));
    tokio::spawn(sweep(service.clone()));
    tokio::spawn(heartbeat(service.clone()));
    if service.store().backend() == Backend::Postgres {
        let listener = connect_listener(service).await?;
        tokio::spawn(listen(service.clone(), Some(listener)));
    }
    Ok(())
}

/// Wakes each game when its flag falls (service time).
async fn run_timers(service: Arc<Service>) {
    let timers = service.timers();
    loop {
        if service.store().is_closed() {
            return;
        }
        crate::metrics::timers_pending(timers.pending());
        let wait = timers.first().map_or(Duration::from_secs(3600), |due| {
            Duration::from_millis(due.saturating_sub(service.time().now()))
        });
        tokio::select! {
            () = timers.sooner() => {}
            () = tokio::time::sleep(wait) => {
                for id in timers.take_due(service.time().now()) {
                    let service = service.clone();
                    tokio::spawn(async move { service.tick(&id).await });
                }
            }
        }
    }
}

/// The sweeper's rounds.
async fn sweep(service: Arc<Service>) {
    let mut interval = tokio::time::interval(Duration::from_millis(SWEEP_MS));
    loop {
        interval.tick().await;
        if service.store().is_closed() {
            return;
        }
        let now = service.time().now() as i64;
        match service.store().due(now, 500).await {
            Ok(ids) => {
                for id in ids {
                    service.tick(&id).await;
                }
            }
            Err(error) => service.store().log_failure("sweep", error),
        }
        service.store().guard().check();
        reap_dead_instances(&service).await;
        if service.evict(IDLE_MS) > 0 {
            crate::memory::give_back();
        }
    }
}

/// Players connected to an instance that stopped beating are gone since
/// the sweep that finds it.
async fn reap_dead_instances(service: &Service) {
    let store = service.store();
    let dead = service.time().wall().saturating_sub(3 * DOWNTIME_AFTER_MS) as i64;
    let now = service.time().now() as i64;
    let me = service.instance();
    let games = store
        .numbers(
            "SELECT COUNT(*) FROM presence WHERE instance <> $2 AND \
             instance NOT IN (SELECT id FROM instances WHERE alive_wall >= $1)",
            &[Param::Int(dead), Param::Text(me)],
        )
        .await;
    if !matches!(games.as_deref(), Ok([Some(n)]) if *n > 0) {
        return;
    }
    let updated = store
        .execute(
            "UPDATE seats SET left_at = $2 WHERE EXISTS (SELECT 1 FROM presence WHERE \
             presence.game_id = seats.game_id AND presence.seat = seats.seat AND presence.instance <> $3 AND \
             presence.instance NOT IN (SELECT id FROM instances WHERE alive_wall >= $1))",
            &[Param::Int(dead), Param::Int(now), Param::Text(me)],
        )
        .await;
    let deleted = store
        .execute(
            "DELETE FROM presence WHERE instance <> $2 AND \
             instance NOT IN (SELECT id FROM instances WHERE alive_wall >= $1)",
            &[Param::Int(dead), Param::Text(me)],
        )
        .await;
    if let Err(error) = updated.and(deleted) {
        store.log_failure("presence sweep", error);
    }
    // The pages learn it with the next change; those open here now.
    service.refresh_all_presence().await;
}

/// Says every second that this instance lives, and reads the downtime.
async fn heartbeat(service: Arc<Service>) {
    let mut interval = tokio::time::interval(Duration::from_millis(HEARTBEAT_MS));
    loop {
        interval.tick().await;
        if service.store().is_closed() {
            return;
        }
        if let Err(error) = service
            .time()
            .heartbeat(service.store(), service.instance())
            .await
        {
            service.store().log_failure("heartbeat", error);
        }
    }
}

/// The other instances' notifications: `g:<game>:<events>` (new events),
/// `e:<event>:<changes>` (a club event's changes), `p:<instance>:<game>`
/// (presence), `lo:<instance>:<game>` and
/// `lc:<instance>:<game>` (a challenge opened or closed).
async fn listen(service: Arc<Service>, mut first: Option<PgListener>) {
    loop {
        let mut listener = match first.take() {
            Some(listener) => listener,
            None => match connect_listener(&service).await {
                Ok(listener) => {
                    // Whatever was said while the listener was away.
                    service.catch_up_all().await;
                    listener
                }
                Err(error) => {
                    tracing::warn!(%error, "listener");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            },
        };
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => handle(&service, notification.payload()).await,
                // The connection was lost and is back: re-read.
                Ok(None) => service.catch_up_all().await,
                Err(error) => {
                    tracing::warn!(%error, "listener");
                    break;
                }
            }
        }
    }
}

/// A listener on the instances' channel.
async fn connect_listener(service: &Service) -> Result<PgListener, crate::store::DbError> {
    let mut listener = PgListener::connect(service.store().url()).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

async fn handle(service: &Arc<Service>, payload: &str) {
    for notice in payload.split(' ') {
        let parts: Vec<&str> = notice.split(':').collect();
        match parts.as_slice() {
            ["g", id, events] => {
                if let Ok(events) = events.parse() {
                    service.catch_up(id, events).await;
                }
            }
            ["e", id, changes] => {
                if let Ok(changes) = changes.parse() {
                    service.event_changed(id, changes);
                }
            }
            [kind, instance, id] if *instance != service.instance() => match *kind {
                "p" => service.presence_elsewhere(id).await,
                "lo" => service.lobby_elsewhere(id, true).await,
                "lc" => service.lobby_elsewhere(id, false).await,
                _ => {}
            },
            _ => {}
        }
    }
}
