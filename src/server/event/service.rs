//! Events in use: each kept in memory as the fold of its stored changes,
//! behind a lock; a change is committed (with who made it and when) before
//! it is applied, answered and pushed to the event's live stream. The
//! games' endings come from [`Service::games_ending`]; an event loaded
//! after a restart first records the endings it missed; a sweeper applies
//! each round's start limit.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mind_sports_core::online::event::{Change, EventError, How, Who};
use mind_sports_core::online::protocol::encode;
use mind_sports_core::online::room::{Action, Event as GameEvent, Reason, Status};
use tokio::sync::broadcast;

use super::state::{tournament_score, State};
use crate::service::Service;
use crate::store::{clubs, events, EventOp, Op, WriteError};
use crate::tokens;

/// How often the start limits are looked at.
const SWEEP_MS: u64 = 1_000;

/// Events unused this long (and followed by no live stream) leave memory.
const IDLE_MS: u64 = 60_000;

/// The database failed: logged, and the client told to try again.
pub fn unavailable<E: std::fmt::Display>(error: E) -> EventError {
    tracing::error!(%error, "events");
    EventError::Unavailable
}

/// An event in memory.
pub struct Loaded {
    /// The event.
    pub state: State,
    /// The organiser token's hash.
    pub organiser_hash: String,
    /// Each player's token hash, by name.
    pub players: HashMap<String, String>,
}

impl Loaded {
    /// The player whose token is `token`.
    pub fn player_of(&self, token: &str) -> Option<String> {
        let hash = tokens::hash(token);
        self.players
            .iter()
            .find(|(_, h)| **h == hash)
            .map(|(name, _)| name.clone())
    }

    /// Whether `token` is the organiser's.
    pub fn is_organiser(&self, token: &str) -> bool {
        tokens::hash(token) == self.organiser_hash
    }
}

impl Events {
    /// Whether `token` manages the event: the organiser's, or the token of
    /// the club the event belongs to (an officer who lost the organiser's
    /// link continues from the club's); a club's token manages no other
    /// club's events, and none outside a club.
    pub async fn manages(&self, loaded: &Loaded, token: &str) -> Result<(), EventError> {
        if loaded.is_organiser(token) {
            return Ok(());
        }
        let Some(club) = loaded.state.club() else {
            return Err(EventError::WrongToken);
        };
        let row = clubs::club(self.service.store(), club)
            .await
            .map_err(unavailable)?;
        match row {
            Some(row) if row.token_hash == tokens::hash(token) => Ok(()),
            _ => Err(EventError::WrongToken),
        }
    }
}

/// An event in use, and the live connections that follow it.
pub struct EventEntry {
    /// Its id.
    pub id: String,
    /// The event.
    pub event: tokio::sync::Mutex<Loaded>,
    updates: broadcast::Sender<Arc<str>>,
    /// Service time of the last use (for eviction).
    used: std::sync::atomic::AtomicU64,
}

impl EventEntry {
    /// The event's messages as they are committed.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.updates.subscribe()
    }
}

/// The club events of this instance.
pub struct Events {
    /// The games.
    pub service: Arc<Service>,
    cache: Mutex<HashMap<String, Arc<EventEntry>>>,
    /// The id of every event changed (here or, as its notice comes, by
    /// another instance): the clubs' live rating lists follow it.
    changed: broadcast::Sender<Arc<str>>,
}

/// Who as the log's column writes it.
pub fn who_text(who: &Who) -> String {
    match who {
        Who::Organiser => "organiser".into(),
        Who::Registration => "registration".into(),
        Who::Server => "server".into(),
        Who::Player { name } => format!("player:{name}"),
    }
}

/// The log's column read back.
pub fn who_of(text: &str) -> Who {
    match text {
        "organiser" => Who::Organiser,
        "registration" => Who::Registration,
        "server" => Who::Server,
        other => Who::Player {
            name: other.strip_prefix("player:").unwrap_or(other).to_string(),
        },
    }
}

impl Events {
    /// The events over `service`'s games, with their background tasks.
    pub fn start(service: Arc<Service>) -> Arc<Events> {
        let events = Arc::new(Events {
            service: service.clone(),
            cache: Mutex::default(),
            changed: broadcast::channel(256).0,
        });
        if let Some(mut ended) = service.games_ending() {
            let events = events.clone();
            tokio::spawn(async move {
                while let Some(game) = ended.recv().await {
                    events.game_ended(&game).await;
                }
            });
        }
        if let Some(mut changing) = service.events_changing() {
            let events = events.clone();
            tokio::spawn(async move {
                while let Some((id, changes)) = changing.recv().await {
                    events.catch_up(&id, changes).await;
                }
            });
        }
        let sweeping = events.clone();
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(Duration::from_millis(SWEEP_MS));
            loop {
                interval.tick().await;
                if sweeping.service.store().is_closed() {
                    return;
                }
                sweeping.sweep().await;
            }
        });
        events
    }

    /// The event `id` in memory (read from the database, and the game
    /// endings it missed recorded, if needed).
    pub async fn entry(&self, id: &str) -> Result<Arc<EventEntry>, EventError> {
        if !tokens::is_game_id(id) {
            return Err(EventError::NotFound);
        }
        let now = self.service.time().now();
        if let Some(entry) = self.cache.lock().expect("not poisoned").get(id) {
            entry.used.store(now, Ordering::Relaxed);
            return Ok(entry.clone());
        }
        let loaded = self.load(id).await?;
        let entry = Arc::new(EventEntry {
            id: id.to_string(),
            event: tokio::sync::Mutex::new(loaded),
            updates: broadcast::channel(64).0,
            used: now.into(),
        });
        let entry = {
            let mut cache = self.cache.lock().expect("not poisoned");
            cache.entry(id.to_string()).or_insert(entry).clone()
        };
        self.record_endings(&entry).await;
        Ok(entry)
    }

    async fn load(&self, id: &str) -> Result<Loaded, EventError> {
        let store = self.service.store();
        let hash = events::organiser_hash(store, id)
            .await
            .map_err(unavailable)?;
        let organiser_hash = hash.ok_or(EventError::NotFound)?;
        let rows = events::changes(store, id, 0).await.map_err(unavailable)?;
        let changes: Vec<Change> = rows
            .iter()
            .map(|row| serde_json::from_str(&row.body))
            .collect::<Result<_, _>>()
            .map_err(|e| unavailable(format!("event {id}: {e}")))?;
        let (first, rest) = changes
            .split_first()
            .ok_or_else(|| unavailable(format!("event {id}: no changes")))?;
        let at = |i: usize| rows.get(i).map_or(0, |row| row.at_wall.max(0) as u64);
        let mut state = State::new(first).map_err(unavailable)?.created_at(at(0));
        for (i, change) in rest.iter().enumerate() {
            state.apply_at(change, at(i + 1)).map_err(unavailable)?;
        }
        let players = events::players(store, id).await.map_err(unavailable)?;
        Ok(Loaded {
            state,
            organiser_hash,
            players: players.into_iter().collect(),
        })
    }

    /// The ids of the events changed from now on.
    pub fn changes(&self) -> broadcast::Receiver<Arc<str>> {
        self.changed.subscribe()
    }

    /// Another instance changed event `id` to `changes` changes: if it is
    /// in use here, it is read again and pushed to its live stream.
    pub async fn catch_up(&self, id: &str, changes: u64) {
        self.catch_up_entry(id, changes).await;
        let _ = self.changed.send(Arc::from(id));
    }

    async fn catch_up_entry(&self, id: &str, changes: u64) {
        let Some(entry) = self.cache.lock().expect("not poisoned").get(id).cloned() else {
            return;
        };
        let mut loaded = entry.event.lock().await;
        if loaded.state.changes() >= changes {
            return;
        }
        match self.load(id).await {
            Ok(fresh) => *loaded = fresh,
            Err(error) => {
                tracing::error!(event = %id, ?error, "event");
                return;
            }
        }
        if entry.updates.receiver_count() > 0 {
            let message = self.message(id, &loaded.state).await;
            let _ = entry.updates.send(Arc::from(encode(&message)));
        }
    }

    /// Stores `changes` (after the `extra` ops, in one transaction), then
    /// applies them and pushes the event to its live stream.
    pub async fn commit(
        &self,
        entry: &EventEntry,
        loaded: &mut Loaded,
        changes: Vec<(Change, Who)>,
        mut ops: Vec<Op>,
    ) -> Result<(), EventError> {
        let mut next = loaded.state.clone();
        let wall = self.service.time().wall() as i64;
        for (change, who) in &changes {
            let expect = next.changes() as i64;
            next.apply_at(change, wall.max(0) as u64)
                .map_err(unavailable)?;
            ops.push(Op::Event(EventOp::Append {
                id: entry.id.clone(),
                expect,
                body: encode(change),
                who: who_text(who),
                wall,
                due_at: next.next_due().map(|due| due as i64),
            }));
        }
        match self.service.store().journal().write(&entry.id, ops).await {
            Ok(()) => {}
            Err(WriteError::Conflict) => {
                if let Ok(fresh) = self.load(&entry.id).await {
                    *loaded = fresh;
                }
                return Err(EventError::Unavailable);
            }
            Err(WriteError::Db(error)) => return Err(unavailable(error)),
        }
        loaded.state = next;
        if entry.updates.receiver_count() > 0 {
            let message = self.message(&entry.id, &loaded.state).await;
            let _ = entry.updates.send(Arc::from(encode(&message)));
        }
        let _ = self.changed.send(Arc::from(entry.id.as_str()));
        Ok(())
    }

    /// Game `game` ended: its event, if it has one, records the result.
    async fn game_ended(&self, game: &str) {
        let event = match events::event_of_game(self.service.store(), game).await {
            Ok(Some(event)) => event,
            Ok(None) => return,
            Err(error) => {
                tracing::error!(%error, "events");
                return;
            }
        };
        // Loading the event records every ending it has missed, this too.
        let Ok(entry) = self.entry(&event).await else {
            return;
        };
        self.record_endings(&entry).await;
    }

    /// Records the result of every game of the current round that has
    /// ended and has none yet.
    pub async fn record_endings(&self, entry: &EventEntry) {
        let mut loaded = entry.event.lock().await;
        let games: Vec<String> = loaded
            .state
            .current()
            .map(|r| {
                r.boards
                    .iter()
                    .filter(|b| b.score.is_none() && !b.at_table)
                    .map(|b| b.pairing.game.clone())
                    .collect()
            })
            .unwrap_or_default();
        for game in games {
            let Some((score, how)) = self.ending_of(&loaded.state, &game).await else {
                continue;
            };
            let Some((round, board)) = loaded.state.open_board_of_game(&game) else {
                continue;
            };
            let change = Change::Result {
                round,
                board,
                score,
                how,
            };
            if let Err(error) = self
                .commit(entry, &mut loaded, vec![(change, Who::Server)], Vec::new())
                .await
            {
                tracing::error!(event = %entry.id, ?error, "event");
            }
        }
    }

    /// The result of online game `game`, once it is over: its score, or a
    /// forfeit by the side that was absent at the start limit or gave it
    /// up (an event's game stored before forfeits were: aborted), or both
    /// sides' forfeit.
    async fn ending_of(&self, state: &State, game: &str) -> Option<([f64; 2], How)> {
        let room = self.service.entry(game).await.ok()?;
        let view = self.service.view(&room).await;
        let Status::Over(ending) = view.brief.status else {
            return None;
        };
        let othello = state.base().is_othello();
        match (ending.reason, ending.score.winner) {
            (Reason::DoubleForfeit, _) => return Some(([0.0; 2], How::DoubleForfeit)),
            (Reason::Forfeit, Some(winner)) => {
                let how = How::Forfeit {
                    seat: 1 - (winner & 1),
                };
                return Some((tournament_score(othello, &ending.score), how));
            }
            _ => {}
        }
        if ending.reason != Reason::Aborted {
            let how = How::Game {
                reason: ending.reason,
            };
            return Some((tournament_score(othello, &ending.score), how));
        }
        let events = self.service.store().events(game, 0).await.ok()?;
        let seat =
            events.iter().find_map(|(_, body)| {
                match serde_json::from_str::<GameEvent>(body).ok()? {
                    GameEvent::Aborted { seat, .. } => Some(seat & 1),
                    _ => None,
                }
            })?;
        // A forfeit is recorded as a loss on time where it stands.
        let mut board = mind_sports_core::online::rules::board(&view.setup)?;
        for mv in view.moves.iter().filter(|m| *m != "pass") {
            board.play(mv).ok()?;
        }
        let score = tournament_score(othello, &board.time_loss(seat));
        Some((score, How::Forfeit { seat }))
    }

    /// Applies the start limits that are due.
    async fn sweep(&self) {
        let now = self.service.time().now();
        let due = match events::due(self.service.store(), now as i64).await {
            Ok(due) => due,
            Err(error) => {
                self.service.store().log_failure("events sweep", error);
                return;
            }
        };
        for id in due {
            if let Ok(entry) = self.entry(&id).await {
                self.start_limit(&entry, now).await;
            }
        }
        // Bounded memory: quiet events are read again when next asked for.
        self.cache.lock().expect("not poisoned").retain(|_, entry| {
            let idle = now.saturating_sub(entry.used.load(Ordering::Relaxed)) > IDLE_MS;
            !idle || entry.updates.receiver_count() > 0 || Arc::strong_count(entry) > 1
        });
    }

    /// The start limit of the current round, if due: each game whose
    /// clock still waits (its players were never there together, and
    /// nobody moved) is lost by forfeit by whoever is absent now, by both
    /// if neither is there (recorded as its ending comes).
    async fn start_limit(&self, entry: &EventEntry, now: u64) {
        let mut loaded = entry.event.lock().await;
        if loaded.state.next_due().is_none_or(|due| due > now) {
            return;
        }
        let Some(round) = loaded.state.current().cloned() else {
            return;
        };
        let mut forfeits = Vec::new();
        for (i, board) in round.boards.iter().enumerate() {
            if board.score.is_some() || board.at_table {
                continue;
            }
            let Ok(room) = self.service.entry(&board.pairing.game).await else {
                continue;
            };
            let present = self.service.present(&room).await;
            let absent = present.map(|here| !here);
            if self
                .service
                .act(&room, None, Action::Forfeit { absent })
                .await
                .is_ok()
            {
                forfeits.push(i + 1);
            }
        }
        let change = Change::StartLimit {
            round: round.round,
            forfeits,
        };
        if let Err(error) = self
            .commit(entry, &mut loaded, vec![(change, Who::Server)], Vec::new())
            .await
        {
            tracing::error!(event = %entry.id, ?error, "event");
        }
    }
}
