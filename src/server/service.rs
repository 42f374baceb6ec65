//! The games: create, join, cancel, show, and every action of a player,
//! each decided by the room logic (`mind_sports_core::online::room`), committed
//! to the database, and only then applied, answered and relayed. Rooms in
//! use are kept in memory as a cache of the database: another instance's
//! events are read back when it says so (PostgreSQL `NOTIFY`), and a write
//! that finds the game moved on reads it again and decides again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use mind_sports_core::online::protocol::{
    encode, ApiError, Challenge, Colour, CreateRequest, GameView, JoinRequest, LimitReached,
    Seated, ServerMessage,
};
use mind_sports_core::online::room::{Action, Event, EventBoard, Refusal, Room, Seat, Status};
use mind_sports_core::online::setup::display_name;
use mind_sports_core::online::view::Seen;
use tokio::sync::{broadcast, mpsc};

use crate::timers::Timers;

use crate::config::Online;
use crate::store::{GameRow, GameState, NewGame, Op, Param, Store, WriteError};
use crate::time::ServiceTime;
use crate::tokens;

/// The most challenges the lobby lists.
pub const LOBBY_SIZE: i64 = 200;

/// Why an action was not done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The game refused it.
    Refused(Refusal),
    /// The request was wrong or could not be served.
    Api(ApiError),
}

impl From<Refusal> for Failure {
    fn from(refusal: Refusal) -> Self {
        Failure::Refused(refusal)
    }
}

impl From<ApiError> for Failure {
    fn from(error: ApiError) -> Self {
        Failure::Api(error)
    }
}

fn unavailable<E: std::fmt::Display>(error: E) -> ApiError {
    tracing::error!(%error, "unavailable");
    ApiError::Unavailable
}

/// A game in memory.
struct Loaded {
    room: Room,
    /// The seats' token hashes.
    seats: [Option<String>; 2],
    row: GameRow,
    present: [bool; 2],
}

/// How long a finished game nobody here follows stays in memory
/// (milliseconds of service time; a game in play stays the sweeper's
/// idle minute).
pub const FINISHED_IDLE_MS: u64 = 10_000;

/// A game in use on this instance: its room, and the connections that
/// follow it.
pub struct Entry {
    id: String,
    game: tokio::sync::Mutex<Loaded>,
    updates: broadcast::Sender<Arc<str>>,
    /// Connections of each seat's player here.
    local: Mutex<[u32; 2]>,
    /// Service time of the last use (for eviction).
    used: AtomicU64,
}

impl Entry {
    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Updates as they are committed (JSON of [`ServerMessage`]).
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.updates.subscribe()
    }

    fn send(&self, message: &ServerMessage) {
        let _ = self.updates.send(Arc::from(encode(message)));
    }
}

/// The games of this instance.
pub struct Service {
    store: Store,
    time: Arc<ServiceTime>,
    instance: String,
    settings: Online,
    rooms: Mutex<HashMap<String, Arc<Entry>>>,
    lobby: broadcast::Sender<Arc<str>>,
    timers: Arc<Timers>,
    /// Told the id of every game that ends here (club events record its
    /// result).
    ended: std::sync::OnceLock<mpsc::UnboundedSender<String>>,
    /// Told the club events another instance changed (id, changes).
    events_elsewhere: std::sync::OnceLock<mpsc::UnboundedSender<(String, u64)>>,
}

impl Service {
    /// The service (the background tasks, `tasks.rs`, run its timers).
    pub fn new(
        store: Store,
        time: Arc<ServiceTime>,
        instance: String,
        settings: Online,
    ) -> Arc<Service> {
        let service = Service {
            store,
            time,
            instance,
            settings,
            rooms: Mutex::default(),
            lobby: broadcast::channel(1024).0,
            timers: Arc::default(),
            ended: std::sync::OnceLock::new(),
            events_elsewhere: std::sync::OnceLock::new(),
        };
        Arc::new(service)
    }

    /// The games' timers.
    pub fn timers(&self) -> &Timers {
        &self.timers
    }

    /// The database.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Service time.
    pub fn time(&self) -> &ServiceTime {
        &self.time
    }

    /// This instance's id.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// The settings.
    pub fn settings(&self) -> &Online {
        &self.settings
    }

    /// The ids of the games that end from now on (once: the club events'
    /// recorder takes it).
    pub fn games_ending(&self) -> Option<mpsc::UnboundedReceiver<String>> {
        let (sender, receiver) = mpsc::unbounded_channel();
        self.ended.set(sender).ok().map(|()| receiver)
    }

    /// The club events another instance changed, as their notices come
    /// (once: the club events take it).
    pub fn events_changing(&self) -> Option<mpsc::UnboundedReceiver<(String, u64)>> {
        let (sender, receiver) = mpsc::unbounded_channel();
        self.events_elsewhere.set(sender).ok().map(|()| receiver)
    }

    /// An instance says club event `id` has `changes` changes now.
    pub fn event_changed(&self, id: &str, changes: u64) {
        if let Some(events) = self.events_elsewhere.get() {
            let _ = events.send((id.to_string(), changes));
        }
    }

    /// A new game of a club event, board `board`: both players named, so
    /// it is played at once, its clock waiting for both players; each seat
    /// held by the hash of its player's token. Its id and the op that
    /// creates it (committed with the event's round).
    pub fn event_game(
        &self,
        setup: &mind_sports_core::online::setup::Setup,
        names: [String; 2],
        seats: Vec<(Seat, String)>,
        board: EventBoard,
    ) -> Result<(String, Op), ApiError> {
        let now = self.time.now();
        let created = Event::Created {
            setup: setup.clone(),
            public: false,
            names: names.map(Some),
            at: now,
            event: Some(board),
            waits: true,
        };
        let room = Room::new(&created).map_err(|e| unavailable(e.0))?;
        let id = tokens::game_id();
        let game = NewGame {
            id: id.clone(),
            game: room.setup().game.name().to_string(),
            public: false,
            invite_hash: None,
            chain: id.clone(),
            creator_address: String::new(),
            seats,
            now: now as i64,
            wall: self.time.wall() as i64,
        };
        let op = Op::Create {
            game,
            event: encode(&created),
            state: self.state_of(&id, &room),
        };
        Ok((id, op))
    }

    /// The lobby's changes (JSON of [`ServerMessage`]).
    pub fn lobby_updates(&self) -> broadcast::Receiver<Arc<str>> {
        self.lobby.subscribe()
    }

    fn seen(&self, present: [bool; 2]) -> Seen {
        Seen {
            now: self.time.now(),
            offset: self.time.offset(),
            present,
        }
    }

    /// The game `id` in memory (read from the database if needed).
    pub async fn entry(&self, id: &str) -> Result<Arc<Entry>, ApiError> {
        if !tokens::is_game_id(id) {
            return Err(ApiError::NotFound);
        }
        if let Some(entry) = self.cached(id) {
            return Ok(entry);
        }
        let loaded = self.load(id).await?;
        let entry = Arc::new(Entry {
            id: id.to_string(),
            game: tokio::sync::Mutex::new(loaded),
            updates: broadcast::channel(64).0,
            local: Mutex::default(),
            used: AtomicU64::new(self.time.now()),
        });
        let entry = {
            let mut rooms = self.rooms.lock().expect("not poisoned");
            rooms.entry(id.to_string()).or_insert(entry).clone()
        };
        self.schedule(&entry).await;
        Ok(entry)
    }

    fn cached(&self, id: &str) -> Option<Arc<Entry>> {
        let rooms = self.rooms.lock().expect("not poisoned");
        let entry = rooms.get(id)?.clone();
        entry.used.store(self.time.now(), Ordering::Relaxed);
        Some(entry)
    }

    async fn load(&self, id: &str) -> Result<Loaded, ApiError> {
        Ok(self.load_after(id, u64::MAX).await?.0)
    }

    /// The game `id` as the database has it, and the updates of its events
    /// after the first `relayed` (those the connections here have not been
    /// sent).
    async fn load_after(
        &self,
        id: &str,
        relayed: u64,
    ) -> Result<(Loaded, Vec<ServerMessage>), ApiError> {
        let row = self.store.game(id).await.map_err(unavailable)?;
        let row = row.ok_or(ApiError::NotFound)?;
        let events = self.store.events(id, 0).await.map_err(unavailable)?;
        let events: Vec<Event> = events
            .iter()
            .map(|(_, body)| serde_json::from_str(body))
            .collect::<Result<_, _>>()
            .map_err(|e| unavailable(format!("game {id}: {e}")))?;
        let seats = self.store.seats(id).await.map_err(unavailable)?;
        let present = self.present_in_db(id).await.map_err(unavailable)?;
        let broken = |e: mind_sports_core::online::room::FoldError| {
            unavailable(format!("game {id}: {}", e.0))
        };
        // The first event makes the room: it is never relayed again.
        let known = usize::try_from(relayed)
            .unwrap_or(usize::MAX)
            .clamp(1, events.len().max(1));
        let mut room = Room::fold(&events[..known.min(events.len())]).map_err(broken)?;
        let mut updates = Vec::new();
        for event in events.iter().skip(known) {
            room.apply(event).map_err(broken)?;
            updates.push(ServerMessage::Update {
                seq: room.events() - 1,
                event: event.clone(),
                brief: room.brief(self.seen(present)),
            });
        }
        let loaded = Loaded {
            room,
            seats,
            row,
            present,
        };
        Ok((loaded, updates))
    }

    async fn schedule(&self, entry: &Entry) {
        let due = entry.game.lock().await.room.next_due();
        self.timers.set(&entry.id, due);
    }

    /// The seat whose token is `token`, if any.
    pub async fn seat_of(&self, entry: &Entry, token: &str) -> Option<Seat> {
        let hash = tokens::hash(token);
        let game = entry.game.lock().await;
        game.seats
            .iter()
            .position(|seat| seat.as_deref() == Some(hash.as_str()))
            .map(|seat| seat as Seat)
    }

    /// The whole game as of now.
    pub async fn view(&self, entry: &Entry) -> GameView {
        let game = entry.game.lock().await;
        game.room.view(&entry.id, self.seen(game.present))
    }

    /// The lobby's challenges, newest first.
    pub async fn challenges(&self) -> Result<Vec<Challenge>, ApiError> {
        let rows = self.store.lobby(LOBBY_SIZE).await.map_err(unavailable)?;
        Ok(rows
            .iter()
            .filter_map(|json| serde_json::from_str(json).ok())
            .collect())
    }

    /// A new game from `request`, made from `address`.
    pub async fn create(&self, request: CreateRequest, address: &str) -> Result<Seated, ApiError> {
        let setup = request
            .setup
            .checked()
            .map_err(|problem| ApiError::Setup { problem })?;
        let name = display_name(&request.name).map_err(|problem| ApiError::Name { problem })?;
        let limit = self.settings.limits.open_challenges_per_address;
        let open = self
            .store
            .open_challenges(address)
            .await
            .map_err(unavailable)?;
        if open >= i64::from(limit) {
            return Err(ApiError::Limit(LimitReached::new(
                "open_challenges_per_address",
                limit,
            )));
        }
        let seat: Seat = match request.colour {
            Colour::First => 0,
            Colour::Second => 1,
            Colour::Random => u8::from(tokens::coin()),
        };
        let mut names = [None, None];
        names[usize::from(seat)] = Some(name);
        let created = Event::Created {
            setup,
            public: request.public,
            names,
            at: self.time.now(),
            event: None,
            waits: false,
        };
        let room = Room::new(&created).map_err(|e| unavailable(e.0))?;
        let (id, token) = (tokens::game_id(), tokens::secret());
        let invite = (!request.public).then(tokens::secret);
        let new = NewGame {
            id: id.clone(),
            game: room.setup().game.name().to_string(),
            public: request.public,
            invite_hash: invite.as_deref().map(tokens::hash),
            chain: id.clone(),
            creator_address: address.to_string(),
            seats: vec![(seat, tokens::hash(&token))],
            now: self.time.now() as i64,
            wall: self.time.wall() as i64,
        };
        let op = Op::Create {
            game: new,
            event: encode(&created),
            state: self.state_of(&id, &room),
        };
        self.store
            .journal()
            .write(&id, vec![op])
            .await
            .map_err(write_failed)?;
        if let Some(challenge) = self.challenge_of(&id, &room) {
            self.lobby_changed(ServerMessage::ChallengeOpened { challenge }, &id)
                .await;
        }
        Ok(Seated {
            game: id,
            seat,
            token,
            invite,
        })
    }

    /// The row's state after `room`'s events.
    fn state_of(&self, id: &str, room: &Room) -> GameState {
        GameState {
            state: match room.status() {
                Status::Open => "open",
                Status::Playing => "playing",
                Status::Completing { .. } => "completing",
                Status::Over(_) => "over",
            },
            due_at: room.next_due().map(|due| due as i64),
            challenge: self.challenge_of(id, room).map(|c| encode(&c)),
            wall: self.time.wall() as i64,
        }
    }

    /// The lobby's entry of an open public game.
    fn challenge_of(&self, id: &str, room: &Room) -> Option<Challenge> {
        if room.status() != Status::Open || !room.is_public() {
            return None;
        }
        let (seat, name) = room
            .names()
            .iter()
            .enumerate()
            .find_map(|(seat, name)| Some((seat, name.clone()?)))?;
        Some(Challenge {
            game: id.to_string(),
            setup: room.setup().clone(),
            name,
            seat: 1 - seat as Seat,
            created_ms: room.created_at() + self.time.offset(),
            // Open challenges expire (issue 36; `room::open_for_ms`).
            expires_ms: room.expires_at().unwrap_or_default() + self.time.offset(),
        })
    }

    async fn lobby_changed(&self, message: ServerMessage, id: &str) {
        let _ = self.lobby.send(Arc::from(encode(&message)));
        let kind = if matches!(message, ServerMessage::ChallengeOpened { .. }) {
            "lo"
        } else {
            "lc"
        };
        let _ = self
            .store
            .notify(&format!("{kind}:{}:{id}", self.instance))
            .await;
    }

    /// Takes the free seat of game `id`.
    pub async fn join(&self, id: &str, request: JoinRequest) -> Result<Seated, Failure> {
        let name = display_name(&request.name).map_err(|problem| ApiError::Name { problem })?;
        let entry = self.entry(id).await?;
        let token = tokens::secret();
        for _ in 0..3 {
            let mut game = entry.game.lock().await;
            if let Some(hash) = &game.row.invite_hash {
                if request.invite.as_deref().map(tokens::hash).as_ref() != Some(hash) {
                    return Err(ApiError::WrongInvite.into());
                }
            }
            let action = Action::Join { name: name.clone() };
            let events = game.room.decide(None, action, self.time.now())?;
            let Some(Event::Joined { seat, .. }) = events.first() else {
                return Err(Refusal::NotOpen.into());
            };
            let seat = *seat;
            let hash = tokens::hash(&token);
            let extra = Op::Seat {
                game: id.to_string(),
                seat,
                hash: hash.clone(),
                now: self.time.now() as i64,
            };
            match self.commit(&entry, &mut game, events, vec![extra]).await {
                Ok(()) => {
                    game.seats[usize::from(seat)] = Some(hash);
                    return Ok(Seated {
                        game: id.to_string(),
                        seat,
                        token,
                        invite: None,
                    });
                }
                Err(WriteError::Conflict) => continue,
                Err(WriteError::Db(error)) => return Err(unavailable(error).into()),
            }
        }
        Err(ApiError::Unavailable.into())
    }

    /// `seat`'s `action` in the game of `entry` (`None`: no seat).
    pub async fn act(
        &self,
        entry: &Entry,
        seat: Option<Seat>,
        action: Action,
    ) -> Result<(), Failure> {
        for _ in 0..3 {
            let mut game = entry.game.lock().await;
            match self.settle_due(entry, &mut game).await {
                Ok(()) => {}
                Err(WriteError::Conflict) => continue,
                Err(WriteError::Db(error)) => return Err(unavailable(error).into()),
            }
            let action = match action.clone() {
                Action::Claim { after_ms, .. } => Action::Claim {
                    absent_ms: self.absent_ms(&entry.id, &game, seat).await?,
                    after_ms,
                },
                other => other,
            };
            let events = game
                .room
                .decide(seat, action, self.time.now())
                .inspect_err(crate::metrics::refused)?;
            match self.commit(entry, &mut game, events, Vec::new()).await {
                Ok(()) => return self.after_rematch_offer(entry, &mut game).await,
                Err(WriteError::Conflict) => continue,
                Err(WriteError::Db(error)) => return Err(unavailable(error).into()),
            }
        }
        Err(ApiError::Unavailable.into())
    }

    /// How long the opponent of `seat` has been gone (`None`: connected).
    async fn absent_ms(
        &self,
        id: &str,
        game: &Loaded,
        seat: Option<Seat>,
    ) -> Result<Option<u64>, ApiError> {
        let Some(seat) = seat else {
            return Ok(None);
        };
        let opponent = 1 - (seat & 1);
        let present = self.present_in_db(id).await.map_err(unavailable)?;
        if present[usize::from(opponent)] || game.present[usize::from(opponent)] {
            return Ok(None);
        }
        let left = self
            .store
            .numbers(
                "SELECT left_at FROM seats WHERE game_id = $1 AND seat = $2",
                &[Param::Text(id), Param::Int(i64::from(opponent))],
            )
            .await
            .map_err(unavailable)?;
        let left = left.first().copied().flatten().unwrap_or(0).max(0) as u64;
        Ok(Some(self.time.now().saturating_sub(left)))
    }

    /// Stores what is due (a flag) before anything else.
    async fn settle_due(&self, entry: &Entry, game: &mut Loaded) -> Result<(), WriteError> {
        if let Some(due) = game.room.due(self.time.now()) {
            self.commit(entry, game, vec![due], Vec::new()).await?;
        }
        Ok(())
    }

    /// Whatever is due in game `id` now (its timer, or the sweeper); its
    /// timer is set again for what falls due next.
    pub async fn tick(&self, id: &str) {
        let Ok(entry) = self.entry(id).await else {
            return;
        };
        let mut game = entry.game.lock().await;
        for _ in 0..3 {
            match self.settle_due(&entry, &mut game).await {
                Err(WriteError::Conflict) => continue,
                Err(WriteError::Db(error)) => {
                    // Tried again in a second, not at once in a loop.
                    tracing::error!(game = %id, %error, "timer");
                    self.timers.set(id, Some(self.time.now() + 1_000));
                    return;
                }
                Ok(()) => {}
            }
            break;
        }
        self.timers.set(id, game.room.next_due());
    }

    /// Both players asked for a rematch: it is made, private, colours
    /// swapped, the same seat tokens; the old game names it.
    async fn after_rematch_offer(&self, entry: &Entry, game: &mut Loaded) -> Result<(), Failure> {
        if !game.room.rematch_agreed() {
            return Ok(());
        }
        let limit = self.settings.limits.games_per_invitation;
        let games = self
            .store
            .chain_games(&game.row.chain)
            .await
            .map_err(unavailable)?;
        if games >= i64::from(limit) {
            return Err(ApiError::Limit(LimitReached::new("games_per_invitation", limit)).into());
        }
        let now = self.time.now();
        let created = game.room.rematch_created(now);
        let next = Room::new(&created).map_err(|e| unavailable(e.0))?;
        let id = tokens::game_id();
        let seats = [1, 0]
            .iter()
            .enumerate()
            .filter_map(|(seat, old)| Some((seat as Seat, game.seats[*old].clone()?)))
            .collect();
        let new = NewGame {
            id: id.clone(),
            game: next.setup().game.name().to_string(),
            public: false,
            invite_hash: None,
            chain: game.row.chain.clone(),
            creator_address: String::new(),
            seats,
            now: now as i64,
            wall: self.time.wall() as i64,
        };
        let create = Op::Create {
            game: new,
            event: encode(&created),
            state: self.state_of(&id, &next),
        };
        let rematched = Event::Rematched { game: id, at: now };
        match self
            .commit(entry, game, vec![rematched], vec![create])
            .await
        {
            Ok(()) | Err(WriteError::Conflict) => Ok(()),
            Err(WriteError::Db(error)) => Err(unavailable(error).into()),
        }
    }

    /// Stores `events` (after the `extra` ops, in one transaction), then
    /// applies and relays them. On a conflict the game is read again.
    async fn commit(
        &self,
        entry: &Entry,
        game: &mut Loaded,
        events: Vec<Event>,
        mut ops: Vec<Op>,
    ) -> Result<(), WriteError> {
        if events.is_empty() {
            return Ok(());
        }
        let was_open = self.challenge_of(&entry.id, &game.room).is_some();
        let was_over = matches!(game.room.status(), Status::Over(_));
        let expect = game.room.events();
        let mut updates = Vec::with_capacity(events.len());
        for event in &events {
            if let Err(error) = game.room.apply(event) {
                self.reload(entry, game, expect).await;
                return Err(WriteError::Db(crate::store::DbError(error.0)));
            }
            let brief = game.room.brief(self.seen(game.present));
            updates.push(ServerMessage::Update {
                seq: game.room.events() - 1,
                event: event.clone(),
                brief,
            });
        }
        ops.push(Op::Append {
            game: entry.id.clone(),
            expect: expect as i64,
            events: events.iter().map(encode).collect(),
            state: self.state_of(&entry.id, &game.room),
        });
        if let Err(error) = self.store.journal().write(&entry.id, ops).await {
            self.reload(entry, game, expect).await;
            return Err(error);
        }
        crate::metrics::committed(&events);
        for update in &updates {
            entry.send(update);
        }
        if !was_over && matches!(game.room.status(), Status::Over(_)) {
            if let Some(ended) = self.ended.get() {
                let _ = ended.send(entry.id.clone());
            }
        }
        if was_open && self.challenge_of(&entry.id, &game.room).is_none() {
            let closed = ServerMessage::ChallengeClosed {
                game: entry.id.clone(),
            };
            self.lobby_changed(closed, &entry.id).await;
        }
        self.timers.set(&entry.id, game.room.next_due());
        Ok(())
    }

    /// Reads the game again (after a failed write, or events that did not
    /// follow) and relays what it finds after the first `relayed` events:
    /// another instance's, or a write whose commit was reported failed but
    /// happened.
    async fn reload(&self, entry: &Entry, game: &mut Loaded, relayed: u64) {
        match self.load_after(&entry.id, relayed).await {
            Ok((loaded, updates)) => {
                *game = loaded;
                for update in &updates {
                    entry.send(update);
                }
                self.timers.set(&entry.id, game.room.next_due());
            }
            Err(error) => tracing::error!(game = %entry.id, ?error, "reload"),
        }
    }

    /// Another instance committed events up to `events`: read and relay
    /// them, if the game is in use here.
    pub async fn catch_up(&self, id: &str, events: u64) {
        let Some(entry) = self.cached(id) else {
            return;
        };
        let mut game = entry.game.lock().await;
        if game.room.events() >= events {
            return;
        }
        let from = game.room.events();
        let Ok(rows) = self.store.events(id, from as i64).await else {
            return;
        };
        for (seq, body) in rows {
            let event = serde_json::from_str::<Event>(&body).ok();
            let applied = event.as_ref().map(|event| game.room.apply(event).is_ok());
            match (event, applied) {
                (Some(event), Some(true)) => {
                    let brief = game.room.brief(self.seen(game.present));
                    let seq = seq as u64;
                    entry.send(&ServerMessage::Update { seq, event, brief });
                }
                _ => {
                    let relayed = game.room.events();
                    self.reload(&entry, &mut game, relayed).await;
                    break;
                }
            }
        }
        if let Ok(seats) = self.store.seats(id).await {
            game.seats = seats;
        }
        self.timers.set(id, game.room.next_due());
    }

    /// Reads game `id`'s seats again if it is in memory here: an event
    /// gave a player a new token (their old one no longer holds the seat).
    pub async fn reread_seats(&self, id: &str) {
        let Some(entry) = self.cached(id) else {
            return;
        };
        let mut game = entry.game.lock().await;
        if let Ok(seats) = self.store.seats(id).await {
            game.seats = seats;
        }
    }

    /// Re-reads every game in use (the notifications may have been missed).
    pub async fn catch_up_all(&self) {
        let ids: Vec<String> = self
            .rooms
            .lock()
            .expect("not poisoned")
            .keys()
            .cloned()
            .collect();
        for id in ids {
            self.catch_up(&id, u64::MAX).await;
        }
    }

    /// Which seats have a player connected to a live instance.
    async fn present_in_db(&self, id: &str) -> Result<[bool; 2], crate::store::DbError> {
        let alive = self
            .time
            .wall()
            .saturating_sub(crate::time::DOWNTIME_AFTER_MS) as i64;
        let seats = self
            .store
            .numbers(
                "SELECT seat FROM presence WHERE game_id = $1 AND (instance = $3 OR instance IN \
                 (SELECT id FROM instances WHERE alive_wall >= $2))",
                &[
                    Param::Text(id),
                    Param::Int(alive),
                    Param::Text(&self.instance),
                ],
            )
            .await?;
        let mut present = [false; 2];
        for seat in seats.into_iter().flatten() {
            if let Some(slot) = present.get_mut(seat as usize) {
                *slot = true;
            }
        }
        Ok(present)
    }

    /// A player of `seat` connected (`true`) or left here.
    pub async fn presence(&self, entry: &Entry, seat: Seat, connected: bool) {
        let seat_index = usize::from(seat & 1);
        let changed = {
            let mut local = entry.local.lock().expect("not poisoned");
            let count = &mut local[seat_index];
            let before = *count;
            *count = if connected {
                before + 1
            } else {
                before.saturating_sub(1)
            };
            (before == 0) != (*count == 0)
        };
        if !changed {
            return;
        }
        let op = Op::Presence {
            game: entry.id.clone(),
            seat,
            instance: self.instance.clone(),
            connected,
            now: self.time.now() as i64,
        };
        // With the moves' group commit (one fsync for many), and the other
        // instances told in its transaction.
        if let Err(error) = self.store.journal().write(&entry.id, vec![op]).await {
            tracing::error!(game = %entry.id, ?error, "presence");
        }
        self.refresh_presence(entry).await;
    }

    /// Reads who is connected and tells the game's connections.
    pub async fn refresh_presence(&self, entry: &Entry) {
        let Ok(present) = self.present_in_db(&entry.id).await else {
            return;
        };
        let mut game = entry.game.lock().await;
        let local = *entry.local.lock().expect("not poisoned");
        let present = [present[0] || local[0] > 0, present[1] || local[1] > 0];
        if present != game.present {
            game.present = present;
            let brief = game.room.brief(self.seen(present));
            entry.send(&ServerMessage::Presence { brief });
        }
        let start = present == [true; 2] && game.room.is_waiting();
        drop(game);
        if start {
            // Both players are there: the clock starts (another instance
            // seeing them too finds it started: refused, nothing done).
            if let Err(error) = self.act(entry, None, Action::Start).await {
                tracing::debug!(game = %entry.id, ?error, "start");
            }
        }
    }

    /// Which seats have a player connected now (here or on a live
    /// instance), read afresh.
    pub async fn present(&self, entry: &Entry) -> [bool; 2] {
        self.refresh_presence(entry).await;
        entry.game.lock().await.present
    }

    /// Reads who is connected in every game in use here.
    pub async fn refresh_all_presence(&self) {
        let entries: Vec<Arc<Entry>> = self
            .rooms
            .lock()
            .expect("not poisoned")
            .values()
            .cloned()
            .collect();
        for entry in entries {
            self.refresh_presence(&entry).await;
        }
    }

    /// Another instance says a player connected or left in game `id`.
    pub async fn presence_elsewhere(&self, id: &str) {
        if let Some(entry) = self.cached(id) {
            self.refresh_presence(&entry).await;
        }
    }

    /// Another instance says the lobby changed.
    pub async fn lobby_elsewhere(&self, id: &str, opened: bool) {
        let message = if opened {
            let Ok(entry) = self.entry(id).await else {
                return;
            };
            let game = entry.game.lock().await;
            match self.challenge_of(id, &game.room) {
                Some(challenge) => ServerMessage::ChallengeOpened { challenge },
                None => return,
            }
        } else {
            ServerMessage::ChallengeClosed {
                game: id.to_string(),
            }
        };
        let _ = self.lobby.send(Arc::from(encode(&message)));
    }

    /// Forgets the games nobody here has used for `idle_ms` (they stay in
    /// the database); how many.
    pub fn evict(&self, idle_ms: u64) -> usize {
        let now = self.time.now();
        let mut rooms = self.rooms.lock().expect("not poisoned");
        let before = rooms.len();
        rooms.retain(|id, entry| {
            let quiet = entry.updates.receiver_count() == 0
                && *entry.local.lock().expect("not poisoned") == [0, 0];
            // A finished game nobody follows goes sooner: a rematch or a
            // late watcher reads it again (a busy game is kept).
            let over = entry
                .game
                .try_lock()
                .is_ok_and(|g| matches!(g.room.status(), Status::Over(_)));
            let limit = if over {
                idle_ms.min(FINISHED_IDLE_MS)
            } else {
                idle_ms
            };
            let evicted = quiet && now.saturating_sub(entry.used.load(Ordering::Relaxed)) > limit;
            if evicted {
                // The sweeper finds what falls due in the database.
                self.timers.set(id, None);
            }
            !evicted
        });
        before - rooms.len()
    }

    /// The games in memory.
    pub fn games_in_memory(&self) -> usize {
        self.rooms.lock().expect("not poisoned").len()
    }
}

fn write_failed(error: WriteError) -> ApiError {
    match error {
        WriteError::Conflict => ApiError::Unavailable,
        WriteError::Db(error) => unavailable(error),
    }
}
