//! What changes an event: creating it (from settings or a tournament
//! file), registering, the organiser's actions (only with the organiser's
//! token) and a player's result entry (only for their own board, with
//! their token). Each is decided by [`State`], committed with who made it,
//! then answered.

use std::collections::HashMap;

use mind_sports_core::club::csv::{read, ImportError};
use mind_sports_core::club::tournament::{check, Tournament, TournamentError, MAX_ROUNDS};
use mind_sports_core::online::event::{
    Action, Change, ClubClaim, CreateEvent, Created, EventError, ImportEvent, Log, LogEntry,
    Manage, Managed, MyGame, NameProblem, Pairing, PlayerToken, Refusal, Report, Who,
    DEFAULT_START_LIMIT_S, MAX_START_LIMIT_S,
};
use mind_sports_core::online::room::EventBoard;
use mind_sports_core::online::setup::{GameKind, Setup, Timing};

use super::service::{unavailable, who_of, EventEntry, Events, Loaded};
use super::state::{label_name, player_name, EnterError, State};
use super::views::summary;
use crate::quotas;
use crate::store::{events, EventOp, Op};
use crate::tokens;

/// The tournament file's rule a refusal names (`too_many_players`, …).
fn file_problem(error: &ImportError) -> &'static str {
    let tournament = |e: &TournamentError| match e {
        TournamentError::Json(_) => "json",
        TournamentError::UnknownGame(_) => "game",
        TournamentError::BoardSize(_) => "size",
        TournamentError::Rounds(_) => "rounds",
        TournamentError::EntryRound { .. } => "entry_round",
        TournamentError::TooManyPlayers { .. } => "too_many_players",
        TournamentError::Text { .. } => "name",
        TournamentError::Date(_) => "date",
        TournamentError::DuplicateName(_) => "duplicate_name",
        TournamentError::UnknownPlayer(_) => "unknown_player",
        TournamentError::PlaysThemselves(_) => "plays_themselves",
        TournamentError::PairedTwice { .. } => "paired_twice",
        TournamentError::Score { .. } => "score",
        TournamentError::GameAndBye { .. } => "game_and_bye",
        TournamentError::IncompleteGame { .. } => "incomplete_game",
    };
    match error {
        ImportError::TooLarge(_) => "too_large",
        ImportError::Json(e) => tournament(e),
        ImportError::Csv(e) => match &e.reason {
            mind_sports_core::club::csv::CsvReason::Tournament(e) => tournament(e),
            _ => "csv",
        },
    }
}

/// The board side of a setup's rules (`size=`), 8 when not given.
fn size_of(setup: &Setup) -> u32 {
    setup
        .rules
        .split('&')
        .find_map(|pair| pair.strip_prefix("size=")?.parse().ok())
        .unwrap_or(8)
}

/// The setup checked, as online games check it.
fn checked_setup(game: GameKind, rules: &str, timing: &Timing) -> Result<Setup, EventError> {
    let setup = Setup {
        game,
        rules: rules.to_string(),
        timing: timing.clone(),
    };
    setup.checked().map_err(|problem| EventError::Setup {
        problem: serde_json::to_value(&problem)
            .ok()
            .and_then(|v| v.get("problem")?.as_str().map(str::to_string))
            .unwrap_or_else(|| "setup".into()),
    })
}

/// The start limit in milliseconds.
fn start_limit_ms(seconds: Option<u32>) -> Result<u64, EventError> {
    match seconds.unwrap_or(DEFAULT_START_LIMIT_S) {
        s @ 1..=MAX_START_LIMIT_S => Ok(u64::from(s) * 1000),
        _ => Err(EventError::Setup {
            problem: "start_limit".into(),
        }),
    }
}

/// How an event's games start: the start limit of online games, or no
/// online games at all.
struct Start {
    limit_ms: u64,
    at_tables: bool,
}

impl Events {
    /// A new event from settings, made from `address` (its key).
    pub async fn create(&self, request: CreateEvent, address: &str) -> Result<Created, EventError> {
        let setup = checked_setup(request.game, &request.rules, &request.timing)?;
        if !(1..=MAX_ROUNDS).contains(&request.rounds) {
            return Err(EventError::Setup {
                problem: "rounds".into(),
            });
        }
        let size = if request.game == GameKind::Othello {
            size_of(&setup)
        } else {
            8
        };
        let name = label_name(&request.name).map_err(|problem| EventError::Name { problem })?;
        let mut t = Tournament::new(request.game.name(), request.format, size, request.rounds);
        t.name = Some(name);
        let t = check(t).map_err(|e| EventError::File {
            problem: file_problem(&ImportError::Json(e.clone())).into(),
            detail: e.to_string(),
        })?;
        let start = Start {
            limit_ms: start_limit_ms(request.start_limit_s)?,
            at_tables: request.at_tables,
        };
        self.create_from(t, setup, start, &request.club, address)
            .await
    }

    /// A new event from a tournament file (JSON or CSV), uploaded from
    /// `address` (its key); the players' names must be names of online
    /// play too.
    pub async fn import(&self, request: ImportEvent, address: &str) -> Result<Created, EventError> {
        let t = read(&request.file).map_err(|e| EventError::File {
            problem: file_problem(&e).into(),
            detail: e.to_string(),
        })?;
        // Every text of the file ends up on pages and in exports.
        let labels = t
            .place
            .iter()
            .chain(t.players.iter().filter_map(|p| p.club.as_ref()));
        if labels.into_iter().any(|text| text.contains(['<', '>'])) {
            return Err(EventError::Name {
                problem: NameProblem::Markup,
            });
        }
        for p in &t.players {
            match player_name(&p.name) {
                Ok(name) if name == p.name => {}
                Ok(_) => {
                    return Err(EventError::File {
                        problem: "name".into(),
                        detail: format!("{:?} is not written as online names are", p.name),
                    })
                }
                Err(problem) => return Err(EventError::Name { problem }),
            }
        }
        let game = GameKind::from_name(&t.game).ok_or(EventError::Setup {
            problem: "game".into(),
        })?;
        let mut rules = request.rules.clone();
        if game == GameKind::Othello && !rules.contains("size=") {
            rules = format!(
                "size={}{}{rules}",
                t.size,
                if rules.is_empty() { "" } else { "&" }
            );
        }
        let setup = checked_setup(game, &rules, &request.timing)?;
        if game == GameKind::Othello && size_of(&setup) != t.size {
            return Err(EventError::Setup {
                problem: "size".into(),
            });
        }
        let start = Start {
            limit_ms: start_limit_ms(request.start_limit_s)?,
            at_tables: request.at_tables,
        };
        self.create_from(t, setup, start, &request.club, address)
            .await
    }

    /// Stores a new event of tournament `t`: its players get tokens; it
    /// joins `club` (id, token) if one is given and the token is the
    /// club's.
    async fn create_from(
        &self,
        t: Tournament,
        setup: Setup,
        start: Start,
        club: &ClubClaim,
        address: &str,
    ) -> Result<Created, EventError> {
        if let Some(name) = &t.name {
            label_name(name).map_err(|problem| EventError::Name { problem })?;
        }
        let service = &self.service;
        let wall = service.time().wall() as i64;
        let limits = &service.settings().limits;
        quotas::check(service.store(), limits, quotas::Made::Event, address, wall)
            .await
            .map_err(unavailable)?
            .map_err(EventError::Limit)?;
        let (id, organiser) = (tokens::game_id(), tokens::secret());
        let joining = super::club::joining_at_creation(self, &id, club).await?;
        let created = Change::Created {
            file: t.to_compact_text(),
            setup,
            start_limit_ms: start.limit_ms,
            at_tables: start.at_tables,
        };
        State::new(&created).map_err(unavailable)?;
        let mut ops = vec![Op::Event(EventOp::Create {
            id: id.clone(),
            organiser_hash: tokens::hash(&organiser),
            address: address.to_string(),
            wall,
        })];
        let mut players = Vec::with_capacity(t.players.len());
        for p in &t.players {
            let token = tokens::secret();
            ops.push(Op::Event(EventOp::Player {
                id: id.clone(),
                name: p.name.clone(),
                hash: tokens::hash(&token),
            }));
            players.push(PlayerToken {
                name: p.name.clone(),
                token,
            });
        }
        ops.push(Op::Event(EventOp::Append {
            id: id.clone(),
            expect: 0,
            body: mind_sports_core::online::protocol::encode(&created),
            who: "organiser".into(),
            wall,
            due_at: None,
        }));
        ops.extend(joining);
        self.service
            .store()
            .journal()
            .write(&id, ops)
            .await
            .map_err(|e| unavailable(format!("{e:?}")))?;
        Ok(Created {
            event: id,
            organiser,
            players,
        })
    }

    /// A player enters (`who`: registration or the organiser); their token.
    async fn enter(
        &self,
        entry: &EventEntry,
        loaded: &mut Loaded,
        (name, rating): (&str, Option<f64>),
        who: Who,
    ) -> Result<PlayerToken, EventError> {
        let decided = loaded.state.decide_enter_rated(name, rating);
        let change = decided.map_err(|e| match e {
            EnterError::Name(problem) => EventError::Name { problem },
            EnterError::Refused(refusal) => EventError::Refused { refusal },
        })?;
        let Change::Entered { name, .. } = &change else {
            return Err(EventError::Unavailable);
        };
        let name = name.clone();
        let token = tokens::secret();
        let hash = tokens::hash(&token);
        let op = Op::Event(EventOp::Player {
            id: entry.id.clone(),
            name: name.clone(),
            hash: hash.clone(),
        });
        self.commit(entry, loaded, vec![(change, who)], vec![op])
            .await?;
        loaded.players.insert(name.clone(), hash);
        Ok(PlayerToken { name, token })
    }

    /// A player registers through the event's public link.
    pub async fn register(
        &self,
        id: &str,
        name: &str,
        rating: Option<f64>,
    ) -> Result<PlayerToken, EventError> {
        let entry = self.entry(id).await?;
        let mut loaded = entry.event.lock().await;
        if !loaded.state.registration_open() {
            return Err(EventError::Refused {
                refusal: Refusal::RegistrationClosed,
            });
        }
        self.enter(&entry, &mut loaded, (name, rating), Who::Registration)
            .await
    }

    /// The organiser's action (with the organiser's token or the club's).
    pub async fn manage(&self, id: &str, request: Manage) -> Result<Managed, EventError> {
        let entry = self.entry(id).await?;
        // The club's list is read before the event is locked: it locks the
        // club's events one at a time, this one too.
        let club = match request.action {
            Action::Publish {} => self.club_ratings(&entry).await?,
            _ => HashMap::new(),
        };
        let mut loaded = entry.event.lock().await;
        self.manages(&loaded, &request.token).await?;
        let refused = |refusal| EventError::Refused { refusal };
        let mut token = None;
        let change = match request.action {
            Action::Add { name, rating } => {
                let added = self
                    .enter(&entry, &mut loaded, (&name, rating), Who::Organiser)
                    .await?;
                token = Some(added.token);
                None
            }
            Action::Withdraw { name } => Some(loaded.state.decide_withdraw(&name)),
            Action::Publish {} => {
                self.publish(&entry, &mut loaded, &club).await?;
                None
            }
            Action::Result(entered) => Some(Ok(self.organiser_result(&loaded, entered).await?)),
            Action::Correct(entered) => Some(loaded.state.decide_correct(entered)),
            Action::Undo {} => Some(loaded.state.decide_undo()),
            Action::AtTable { round, board } => Some(loaded.state.decide_at_table(round, board)),
            Action::Registration { open } => Some(loaded.state.decide_registration(open)),
            Action::Reissue { name } => {
                token = Some(self.reissue(&entry, &mut loaded, &name).await?);
                None
            }
        };
        let mut undone = None;
        if let Some(change) = change {
            let change = change.map_err(refused)?;
            if let Change::Undone { round, board } = change {
                undone = Some((round, board));
            }
            self.commit(
                &entry,
                &mut loaded,
                vec![(change, Who::Organiser)],
                Vec::new(),
            )
            .await?;
        }
        Ok(Managed {
            summary: summary(&entry.id, &loaded.state),
            token,
            undone,
        })
    }

    /// Gives player `name` a new token (logged as `reissued`): the event
    /// and the seats of their games take its hash in the same
    /// transaction, so the old token is refused everywhere from then on.
    async fn reissue(
        &self,
        entry: &EventEntry,
        loaded: &mut Loaded,
        name: &str,
    ) -> Result<String, EventError> {
        let change = loaded
            .state
            .decide_reissue(name)
            .map_err(|refusal| EventError::Refused { refusal })?;
        let Change::Reissued { name } = &change else {
            return Err(EventError::Unavailable);
        };
        let name = name.clone();
        let old_hash = loaded
            .players
            .get(&name)
            .cloned()
            .ok_or(EventError::Refused {
                refusal: Refusal::UnknownPlayer,
            })?;
        let token = tokens::secret();
        let hash = tokens::hash(&token);
        let op = Op::Event(EventOp::Reissue {
            id: entry.id.clone(),
            name: name.clone(),
            old_hash,
            hash: hash.clone(),
        });
        self.commit(entry, loaded, vec![(change, Who::Organiser)], vec![op])
            .await?;
        loaded.players.insert(name.clone(), hash);
        // The games in memory here read their seats again.
        for game in loaded.state.games_of(&name) {
            self.service.reread_seats(&game).await;
        }
        Ok(token)
    }

    /// Publishes the next round: its pairings by the club's pairing code,
    /// each game an online game of the event's setup whose seats are held
    /// by the players' tokens; all committed together.
    async fn publish(
        &self,
        entry: &EventEntry,
        loaded: &mut Loaded,
        club: &HashMap<String, f64>,
    ) -> Result<(), EventError> {
        // Round 1 of a club's event is seeded by the club's rating list.
        let seeded = loaded.state.decide_seeds(club);
        let mut seeding = loaded.state.clone();
        if let Some(change) = &seeded {
            seeding.apply(change).map_err(unavailable)?;
        }
        let (pairings, rounds) = seeding
            .decide_pairings()
            .map_err(|refusal| EventError::Refused { refusal })?;
        let setup = loaded.state.setup().clone();
        let mut ops = Vec::new();
        let mut boards = Vec::new();
        for (i, pair) in pairings.pairs.iter().enumerate() {
            // At the tables a board has no online game.
            let mut game = String::new();
            if !loaded.state.at_tables() {
                let seats = [&pair.black, &pair.white]
                    .iter()
                    .enumerate()
                    .filter_map(|(seat, name)| {
                        Some((seat as u8, loaded.players.get(*name)?.clone()))
                    })
                    .collect();
                let names = [pair.black.clone(), pair.white.clone()];
                let board = EventBoard {
                    event: entry.id.clone(),
                    round: pairings.round,
                    board: i + 1,
                };
                let (id, op) = self
                    .service
                    .event_game(&setup, names, seats, board)
                    .map_err(|_| EventError::Unavailable)?;
                ops.push(op);
                ops.push(Op::Event(EventOp::Game {
                    id: entry.id.clone(),
                    game: id.clone(),
                    round: i64::from(pairings.round),
                    board: i as i64 + 1,
                }));
                game = id;
            }
            boards.push(Pairing {
                black: pair.black.clone(),
                white: pair.white.clone(),
                game,
            });
        }
        let games: Vec<String> = boards
            .iter()
            .filter(|b| !b.game.is_empty())
            .map(|b| b.game.clone())
            .collect();
        let change = Change::Published {
            round: pairings.round,
            rounds,
            boards,
            bye: pairings.bye,
            start_by: self.service.time().now() + loaded.state.start_limit_ms(),
        };
        let changes = seeded
            .map(|s| (s, Who::Server))
            .into_iter()
            .chain([(change, Who::Organiser)])
            .collect();
        self.commit(entry, loaded, changes, ops).await?;
        // Their clocks' timers start now.
        for game in games {
            let _ = self.service.entry(&game).await;
        }
        Ok(())
    }

    /// The rating list of event `entry`'s club by name key, when its
    /// round 1 is still to be published (empty otherwise, or without a
    /// club).
    async fn club_ratings(&self, entry: &EventEntry) -> Result<HashMap<String, f64>, EventError> {
        let club = {
            let loaded = entry.event.lock().await;
            match loaded.state.club() {
                Some(club) if loaded.state.last_round() == 0 => club.to_string(),
                _ => return Ok(HashMap::new()),
            }
        };
        super::club::ratings_by_key(self, &club).await
    }

    /// A player enters their board's result.
    pub async fn report(&self, id: &str, request: Report) -> Result<Managed, EventError> {
        let entry = self.entry(id).await?;
        let mut loaded = entry.event.lock().await;
        let name = loaded
            .player_of(&request.token)
            .ok_or(EventError::WrongToken)?;
        let changes = loaded
            .state
            .decide_report(&name, request.round, request.board, request.score)
            .map_err(|refusal| EventError::Refused { refusal })?;
        let who = Who::Player { name };
        let changes = changes.into_iter().map(|c| (c, who.clone())).collect();
        self.commit(&entry, &mut loaded, changes, Vec::new())
            .await?;
        Ok(Managed {
            summary: summary(&entry.id, &loaded.state),
            token: None,
            undone: None,
        })
    }

    /// A player's game in the round published last.
    pub async fn my_game(&self, id: &str, token: &str) -> Result<MyGame, EventError> {
        let entry = self.entry(id).await?;
        let loaded = entry.event.lock().await;
        let name = loaded.player_of(token).ok_or(EventError::WrongToken)?;
        let mut answer = MyGame {
            name: name.clone(),
            round: loaded.state.last_round(),
            board: None,
            seat: None,
            bye: false,
        };
        if let Some(round) = loaded.state.current() {
            answer.round = round.round;
            answer.bye = round.bye.as_deref() == Some(name.as_str());
            let view = self.round_view(&loaded.state, round).await;
            answer.board = view
                .boards
                .into_iter()
                .find(|b| b.black == name || b.white == name);
            answer.seat = answer.board.as_ref().map(|b| u8::from(b.white == name));
            // A player sees both reports of their own board.
            if let Some(mine) = answer.board.as_mut() {
                if let Some(board) = loaded.state.board(round.round, mine.board) {
                    mine.reported = board.reported;
                }
            }
        }
        Ok(answer)
    }

    /// The event's log, for its organiser.
    pub async fn log(&self, id: &str, token: &str) -> Result<Log, EventError> {
        let entry = self.entry(id).await?;
        self.manages(&*entry.event.lock().await, token).await?;
        let rows = events::changes(self.service.store(), id, 0)
            .await
            .map_err(unavailable)?;
        let entries = rows
            .into_iter()
            .filter_map(|row| {
                Some(LogEntry {
                    seq: row.seq as u64,
                    at_ms: row.at_wall as u64,
                    who: who_of(&row.who),
                    change: serde_json::from_str(&row.body).ok()?,
                })
            })
            .collect();
        Ok(Log { entries })
    }
}
