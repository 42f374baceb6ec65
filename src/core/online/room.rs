//! One online game as the server keeps it: a log of [`Event`]s folded into
//! a [`Room`]. The server asks the room what an action would do
//! ([`Room::decide`]: events, or a [`Refusal`]), stores the events, then
//! applies them ([`Room::apply`]); another server instance that reads the
//! same events from the database folds them into the same room. Time is
//! always given (`now`, service milliseconds), never read.

use crate::json::Decode;
use serde::{Deserialize, Serialize};

use super::clock::GameClock;
use super::rules::{board, Board, MoveError, Score};
use super::setup::Setup;

/// A seat: 0 for the side that moves first (black, Circles, the first
/// player), 1 for the other.
pub type Seat = u8;

/// How long a completion (seed 004) may wait for the winner's next move
/// before the world rules' result is recorded (service milliseconds).
pub const COMPLETION_IDLE_MS: u64 = 30 * 60_000;

/// How long a live game's open challenge waits for an opponent before it
/// expires (service milliseconds): a day.
pub const LIVE_OPEN_MS: u64 = 24 * 3_600_000;

/// How long a correspondence game's open challenge waits: a week.
pub const CORRESPONDENCE_OPEN_MS: u64 = 7 * 24 * 3_600_000;

/// How long an open challenge of `timing` waits for an opponent before it
/// expires: abandoned challenges would otherwise count against their
/// address's limit of open challenges for ever.
pub fn open_for_ms(timing: &super::setup::Timing) -> u64 {
    if timing.is_live() {
        LIVE_OPEN_MS
    } else {
        CORRESPONDENCE_OPEN_MS
    }
}

/// Something that happened to a game, as stored and relayed, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// The game was set up; with both names it starts at once (a rematch,
    /// an event's board).
    Created {
        /// The checked setup.
        setup: Setup,
        /// Listed in the lobby.
        public: bool,
        /// The players' names by seat (the creator's only, while open).
        names: [Option<String>; 2],
        /// When.
        at: u64,
        /// The club event's board the game is (no abort, no rematch).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        event: Option<EventBoard>,
        /// Its clock waits until both players are there ([`Event::Started`])
        /// or the first move: nobody loses time on a game never opened.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        waits: bool,
    },
    /// Both players of a waiting game are there: its clock starts.
    Started {
        /// When.
        at: u64,
    },
    /// The sides of `absent` lose by forfeit: not there when the event's
    /// start limit passed, or one gave the event's game up (both: a double
    /// forfeit).
    Forfeited {
        /// The sides that forfeit.
        absent: [bool; 2],
        /// When.
        at: u64,
    },
    /// The event's organiser entered the board's result: the game ends
    /// with it.
    Decided {
        /// The organiser's result.
        score: Score,
        /// When.
        at: u64,
    },
    /// The second player took `seat`; play starts.
    Joined {
        /// The seat taken.
        seat: Seat,
        /// The player's name.
        name: String,
        /// When.
        at: u64,
    },
    /// `seat` moved: the move, then any forced passes.
    Moved {
        /// Who moved (during a completion the winner moves for both sides).
        seat: Seat,
        /// The move and the passes it forced, in the game's notation.
        moves: Vec<String>,
        /// When.
        at: u64,
    },
    /// `seat` ran out of time (or missed its correspondence deadline).
    Flagged {
        /// The side that ran out.
        seat: Seat,
        /// The moment its time ran out.
        at: u64,
    },
    /// `seat` resigned.
    Resigned {
        /// Who resigned.
        seat: Seat,
        /// When.
        at: u64,
    },
    /// `seat` aborted the game before its first move, or the game's first
    /// move was not made in time by `seat`: no result.
    Aborted {
        /// Who aborted (or did not start).
        seat: Seat,
        /// When.
        at: u64,
    },
    /// `seat` claimed the win: the opponent had been gone long enough.
    Claimed {
        /// Who claimed.
        seat: Seat,
        /// When.
        at: u64,
    },
    /// The winner of a game lost on time stopped completing it: the
    /// world rules' time-loss result is recorded.
    Settled {
        /// When.
        at: u64,
    },
    /// The creator withdrew an open challenge.
    Cancelled {
        /// When.
        at: u64,
    },
    /// Nobody took the open challenge in time ([`open_for_ms`]).
    Expired {
        /// The moment it expired.
        at: u64,
    },
    /// `seat` asks for a rematch with colours swapped (or accepts one).
    RematchOffered {
        /// Who asked.
        seat: Seat,
        /// When.
        at: u64,
    },
    /// The rematch was created: the game that follows.
    Rematched {
        /// The new game's id.
        game: String,
        /// When.
        at: u64,
    },
}

impl Event {
    /// When it happened.
    pub fn at(&self) -> u64 {
        match self {
            Event::Created { at, .. }
            | Event::Started { at }
            | Event::Forfeited { at, .. }
            | Event::Decided { at, .. }
            | Event::Joined { at, .. }
            | Event::Moved { at, .. }
            | Event::Flagged { at, .. }
            | Event::Resigned { at, .. }
            | Event::Aborted { at, .. }
            | Event::Claimed { at, .. }
            | Event::Settled { at }
            | Event::Cancelled { at }
            | Event::Expired { at }
            | Event::RematchOffered { at, .. }
            | Event::Rematched { at, .. } => *at,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Nobody could move.
    Finished,
    /// A side ran out of time (live) or missed its deadline (correspondence).
    Time,
    /// Lost on time, then completed by the winner (seed 004).
    Completed,
    /// A side resigned.
    Resigned,
    /// A side was gone and the other claimed the win.
    Abandoned,
    /// Aborted before a side's first move: no result.
    Aborted,
    /// The challenge was withdrawn before anyone joined.
    Cancelled,
    /// Nobody took the challenge in time.
    Expired,
    /// A side of an event's game forfeited it (absent at the start limit,
    /// or gave it up).
    Forfeit,
    /// Both sides of an event's game were absent at the start limit: both
    /// lose.
    DoubleForfeit,
    /// The event's organiser entered the result while it was played.
    Decided,
}

/// The board of a club event a game is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(deny_unknown_fields)]
pub struct EventBoard {
    /// The event's id.
    pub event: String,
    /// The round.
    pub round: u32,
    /// The board (1 is the top board).
    pub board: usize,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct Ending {
    /// The result.
    pub score: Score,
    /// Why it ended.
    pub reason: Reason,
    /// When.
    pub at: u64,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Status {
    /// Waiting for a second player.
    Open,
    /// Being played.
    Playing,
    /// `loser` ran out of time; the winner completes the game (seed 004).
    Completing {
        /// The side that ran out.
        loser: Seat,
    },
    /// Over.
    Over(Ending),
}

/// What a player (or someone with a link) asks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Take the free seat.
    Join {
        /// The checked display name.
        name: String,
    },
    /// Withdraw an open challenge (its creator).
    Cancel,
    /// Play `mv` as the move after `ply` moves.
    Move {
        /// The moves the player has seen (a move made offline against an
        /// older position is refused).
        ply: usize,
        /// The move in the game's notation.
        mv: String,
    },
    /// Resign.
    Resign,
    /// Abort before one's own first move.
    Abort,
    /// Claim the win, the opponent gone for `absent_ms` (`None`: present).
    Claim {
        /// How long the opponent has been gone.
        absent_ms: Option<u64>,
        /// How long they must be gone (the server's setting).
        after_ms: u64,
    },
    /// Offer or accept a rematch.
    Rematch,
    /// Stop completing a game won on time: the world rules' result.
    Settle,
    /// The server saw both players of a waiting game: its clock starts.
    Start,
    /// The server applies the event's start limit: the sides of `absent`
    /// forfeit the waiting game.
    Forfeit {
        /// The sides not there.
        absent: [bool; 2],
    },
    /// The event's organiser entered the result: the game ends with it.
    Decide {
        /// The result.
        score: Score,
    },
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Refusal {
    /// Only the players act; this connection watches.
    NotAPlayer,
    /// Only the player of the other seat may do this.
    WrongSeat,
    /// The game is not waiting for a player.
    NotOpen,
    /// The game is not being played (not started, or over).
    NotPlaying,
    /// It is the other side's move.
    NotYourTurn,
    /// The game is at another move than the one the move was made for.
    MovedOn {
        /// The moves played now.
        ply: usize,
    },
    /// The move is not legal.
    Move {
        /// Why.
        error: MoveError,
    },
    /// Your first move has been made: abort no longer possible.
    TooLateToAbort,
    /// The opponent is connected.
    OpponentPresent,
    /// The opponent has not been gone long enough.
    ClaimTooEarly {
        /// Milliseconds still to wait.
        wait_ms: u64,
    },
    /// Claims exist only in live games.
    NotLive,
    /// A rematch only follows a finished game, once.
    NoRematch,
    /// Only a game being completed is settled, by its winner.
    NotCompleting,
}

/// Why stored events do not fold into a game (a damaged database).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoldError(pub String);

/// An online game.
#[derive(Debug)]
pub struct Room {
    setup: Setup,
    public: bool,
    names: [Option<String>; 2],
    board: Box<dyn Board>,
    status: Status,
    clock: Option<GameClock>,
    /// Whether each seat has made a move of its own (abort).
    moved: [bool; 2],
    /// Who made each entry of the board's moves (a forced pass is its
    /// mover's): a move sent again is recognised as its own.
    movers: Vec<Seat>,
    rematch: [bool; 2],
    next_game: Option<String>,
    /// The event's board it is, if any.
    event: Option<EventBoard>,
    /// The clock waits for both players (see [`Event::Created`]).
    waits: bool,
    /// Playing, and the clock has not started yet.
    waiting: bool,
    /// Events applied.
    events: u64,
    /// When it was created.
    created_at: u64,
    /// The last event's time.
    last_at: u64,
}

impl Room {
    /// The room of a `Created` event.
    pub fn new(created: &Event) -> Result<Room, FoldError> {
        let Event::Created {
            setup,
            public,
            names,
            at,
            event,
            waits,
        } = created
        else {
            return Err(FoldError("a game starts with Created".into()));
        };
        let setup = setup
            .checked()
            .map_err(|e| FoldError(format!("setup: {e}")))?;
        let board = board(&setup).ok_or_else(|| FoldError("rules".into()))?;
        let mut room = Room {
            setup,
            public: *public,
            names: names.clone(),
            board,
            status: Status::Open,
            clock: None,
            moved: [false; 2],
            movers: Vec::new(),
            rematch: [false; 2],
            next_game: None,
            event: event.clone(),
            waits: *waits,
            waiting: false,
            events: 1,
            created_at: *at,
            last_at: *at,
        };
        if names.iter().all(Option::is_some) {
            room.start(*at);
        }
        Ok(room)
    }

    /// The room of a stored log.
    pub fn fold(events: &[Event]) -> Result<Room, FoldError> {
        let (first, rest) = events
            .split_first()
            .ok_or_else(|| FoldError("no events".into()))?;
        let mut room = Room::new(first)?;
        for event in rest {
            room.apply(event)?;
        }
        Ok(room)
    }

    fn start(&mut self, at: u64) {
        self.status = Status::Playing;
        self.clock = GameClock::start(&self.setup.timing, usize::from(self.board.to_move()), at);
        if self.waits {
            // Shown full and stopped until both players are there.
            if let Some(clock) = self.clock.as_mut() {
                clock.stop(at);
            }
            self.waiting = true;
        }
    }

    /// A waiting game's clock starts (both players there, or a move).
    fn begin(&mut self, at: u64) {
        self.waiting = false;
        self.clock = GameClock::start(&self.setup.timing, usize::from(self.board.to_move()), at);
    }

    fn end(&mut self, score: Score, reason: Reason, at: u64) {
        if let Some(clock) = self.clock.as_mut() {
            clock.stop(at);
        }
        self.status = Status::Over(Ending { score, reason, at });
    }

    fn no_result() -> Score {
        Score {
            winner: None,
            points: None,
        }
    }

    /// A game won by default by the other side of `loser` (resignation,
    /// abandonment): recorded as a loss on time is (RULES.md §1).
    fn default_loss(&self, loser: Seat) -> Score {
        self.board.time_loss(loser)
    }

    /// Applies a stored event (one [`Room::decide`] gave, here or on
    /// another instance).
    pub fn apply(&mut self, event: &Event) -> Result<(), FoldError> {
        let at = event.at().max(self.last_at);
        let wrong = |what: &str| FoldError(format!("{what} does not fit the game"));
        match event {
            Event::Created { .. } => return Err(wrong("a second Created")),
            Event::Started { .. } => {
                if !self.waiting || self.status != Status::Playing {
                    return Err(wrong("Started"));
                }
                self.begin(at);
            }
            Event::Forfeited { absent, .. } => {
                let (score, reason) = match absent {
                    [true, true] => (Self::no_result(), Reason::DoubleForfeit),
                    [false, false] => return Err(wrong("a forfeit of nobody")),
                    [_, second] => (self.default_loss(Seat::from(*second)), Reason::Forfeit),
                };
                self.end(score, reason, at);
            }
            Event::Decided { score, .. } => self.end(*score, Reason::Decided, at),
            Event::Joined { seat, name, .. } => {
                let slot = self
                    .names
                    .get_mut(usize::from(*seat))
                    .ok_or(wrong("a seat"))?;
                if self.status != Status::Open || slot.is_some() {
                    return Err(wrong("Joined"));
                }
                *slot = Some(name.clone());
                self.start(at);
            }
            Event::Moved { seat, moves, .. } => self.apply_move(*seat, moves, at)?,
            Event::Flagged { seat, .. } => self.apply_flag(*seat, at),
            Event::Resigned { seat, .. } => {
                self.end(self.default_loss(*seat), Reason::Resigned, at)
            }
            Event::Aborted { .. } => self.end(Self::no_result(), Reason::Aborted, at),
            Event::Claimed { seat, .. } => {
                self.end(self.default_loss(1 - (seat & 1)), Reason::Abandoned, at)
            }
            Event::Settled { .. } => {
                let Status::Completing { loser } = self.status else {
                    return Err(wrong("Settled"));
                };
                self.end(self.board.time_loss(loser), Reason::Time, at);
            }
            Event::Cancelled { .. } => self.end(Self::no_result(), Reason::Cancelled, at),
            Event::Expired { .. } => {
                if self.status != Status::Open {
                    return Err(wrong("Expired"));
                }
                self.end(Self::no_result(), Reason::Expired, at)
            }
            Event::RematchOffered { seat, .. } => self.rematch[usize::from(seat & 1)] = true,
            Event::Rematched { game, .. } => self.next_game = Some(game.clone()),
        }
        self.events += 1;
        self.last_at = at;
        Ok(())
    }

    fn apply_move(&mut self, seat: Seat, moves: &[String], at: u64) -> Result<(), FoldError> {
        let first = moves
            .first()
            .ok_or_else(|| FoldError("an empty move".into()))?;
        let played = self
            .board
            .play(first)
            .map_err(|e| FoldError(format!("move {first}: {e:?}")))?;
        if played != moves {
            return Err(FoldError(format!("move {first} played as {played:?}")));
        }
        self.movers.extend(played.iter().map(|_| seat & 1));
        match self.status {
            Status::Completing { loser } => {
                if let Some(score) = self.board.completed_time_loss(loser) {
                    self.end(score, Reason::Completed, at);
                }
            }
            _ => {
                self.moved[usize::from(seat & 1)] = true;
                if self.waiting {
                    // The first move starts a waiting clock (the mover's
                    // time was not running).
                    self.waiting = false;
                    self.clock = GameClock::start(&self.setup.timing, usize::from(seat & 1), at);
                }
                if let Some(clock) = self.clock.as_mut() {
                    for _ in &played {
                        clock.moved(at);
                    }
                }
                if let Some(score) = self.board.result() {
                    self.end(score, Reason::Finished, at);
                }
            }
        }
        Ok(())
    }

    fn apply_flag(&mut self, loser: Seat, at: u64) {
        let completes = matches!(
            self.setup.timing,
            super::setup::Timing::Live {
                completes: true,
                ..
            }
        );
        if completes {
            if let Some(clock) = self.clock.as_mut() {
                clock.stop(at);
            }
            self.status = Status::Completing { loser };
        } else {
            self.end(self.board.time_loss(loser), Reason::Time, at);
        }
    }

    /// What happens by itself at `now`: a flag falls, a completion left
    /// idle too long is settled, an open challenge nobody took expires.
    /// The server stores it before anything else. A game whose first move
    /// was never made is aborted instead of flagged (no result, as the big
    /// servers do), as is a waiting game nobody opened in time; an event's
    /// game is forfeited by the side that did not start.
    pub fn due(&self, now: u64) -> Option<Event> {
        let at = self.next_due()?;
        let seat = self.board.to_move();
        let mut absent = [false; 2];
        absent[usize::from(seat & 1)] = true;
        (now >= at).then(|| match self.status {
            Status::Completing { .. } => Event::Settled { at },
            Status::Open => Event::Expired { at },
            _ if self.board.moves().is_empty() && self.event.is_some() && !self.waiting => {
                Event::Forfeited { absent, at }
            }
            _ if self.board.moves().is_empty() => Event::Aborted { seat, at },
            _ => Event::Flagged { seat, at },
        })
    }

    /// When [`Room::due`] will next have something (for the server's
    /// timers).
    pub fn next_due(&self) -> Option<u64> {
        match self.status {
            // An event's start limit is the event's to apply.
            Status::Playing if self.waiting && self.event.is_some() => None,
            Status::Playing if self.waiting => {
                Some(self.created_at + open_for_ms(&self.setup.timing))
            }
            Status::Playing => self.clock.as_ref()?.flag_at(),
            Status::Completing { .. } => Some(self.last_at + COMPLETION_IDLE_MS),
            Status::Open => self.expires_at(),
            Status::Over(_) => None,
        }
    }

    /// When the open challenge expires (`None` once someone took it).
    pub fn expires_at(&self) -> Option<u64> {
        (self.status == Status::Open).then(|| self.created_at + open_for_ms(&self.setup.timing))
    }

    /// The events `action` by `seat` (`None`: a watcher or someone with a
    /// link but no seat) makes at `now`, or why it is refused. Call
    /// [`Room::due`] first: a flag that has fallen comes before any action.
    /// No events and no refusal: the action was done already (a move sent
    /// again after its acknowledgement was lost), to be answered as done.
    pub fn decide(
        &self,
        seat: Option<Seat>,
        action: Action,
        now: u64,
    ) -> Result<Vec<Event>, Refusal> {
        let at = now.max(self.last_at);
        if let Action::Join { name } = action {
            let free = self.names.iter().position(Option::is_none);
            let expired = self.expires_at().is_some_and(|expires| now >= expires);
            return match (self.status, free) {
                (Status::Open, Some(seat)) if !expired => Ok(vec![Event::Joined {
                    seat: seat as Seat,
                    name,
                    at,
                }]),
                _ => Err(Refusal::NotOpen),
            };
        }
        if let Some(event) = self.decide_server(&action, at)? {
            return Ok(vec![event]);
        }
        let seat = seat.ok_or(Refusal::NotAPlayer)? & 1;
        let event = match action {
            Action::Join { .. }
            | Action::Start
            | Action::Forfeit { .. }
            | Action::Decide { .. } => {
                unreachable!("handled above")
            }
            Action::Cancel => match self.status {
                Status::Open => Event::Cancelled { at },
                _ => return Err(Refusal::NotOpen),
            },
            Action::Move { ply, mv } => match self.decide_move(seat, ply, &mv, at)? {
                Some(event) => event,
                // Played already: the same move sent again.
                None => return Ok(Vec::new()),
            },
            Action::Resign => {
                self.playing()?;
                Event::Resigned { seat, at }
            }
            Action::Abort => {
                self.playing()?;
                if self.moved[usize::from(seat)] {
                    return Err(Refusal::TooLateToAbort);
                }
                if self.event.is_some() {
                    // An event's game is not aborted: it is lost.
                    let mut absent = [false; 2];
                    absent[usize::from(seat)] = true;
                    Event::Forfeited { absent, at }
                } else {
                    Event::Aborted { seat, at }
                }
            }
            Action::Claim {
                absent_ms,
                after_ms,
            } => self.decide_claim(seat, absent_ms, after_ms, at)?,
            Action::Rematch => match self.status {
                Status::Over(ending)
                    if !matches!(ending.reason, Reason::Cancelled | Reason::Expired)
                        && self.event.is_none()
                        && !self.rematch[usize::from(seat)]
                        && self.next_game.is_none() =>
                {
                    Event::RematchOffered { seat, at }
                }
                _ => return Err(Refusal::NoRematch),
            },
            Action::Settle => match self.status {
                Status::Completing { loser } if loser != seat => Event::Settled { at },
                _ => return Err(Refusal::NotCompleting),
            },
        };
        Ok(vec![event])
    }

    /// The server's own actions (`None` for a player's): the clock's
    /// start, the event's start limit, the organiser's result.
    fn decide_server(&self, action: &Action, at: u64) -> Result<Option<Event>, Refusal> {
        let waiting = self.waiting && self.status == Status::Playing;
        Ok(Some(match action {
            Action::Start if waiting => Event::Started { at },
            Action::Forfeit { absent } if waiting && absent.contains(&true) => Event::Forfeited {
                absent: *absent,
                at,
            },
            Action::Decide { score } => match self.status {
                Status::Playing | Status::Completing { .. } => Event::Decided { score: *score, at },
                _ => return Err(Refusal::NotPlaying),
            },
            Action::Start | Action::Forfeit { .. } => return Err(Refusal::NotPlaying),
            _ => return Ok(None),
        }))
    }

    fn playing(&self) -> Result<(), Refusal> {
        match self.status {
            Status::Playing => Ok(()),
            _ => Err(Refusal::NotPlaying),
        }
    }

    /// Whether `seat` played `mv` as the move after `ply` moves: the move
    /// sent again (its acknowledgement lost with the connection).
    fn played_already(&self, seat: Seat, ply: usize, mv: &str) -> bool {
        self.movers.get(ply) == Some(&seat)
            && self
                .board
                .moves()
                .get(ply)
                .is_some_and(|played| played.eq_ignore_ascii_case(mv.trim()))
    }

    fn decide_move(
        &self,
        seat: Seat,
        ply: usize,
        mv: &str,
        at: u64,
    ) -> Result<Option<Event>, Refusal> {
        let now_ply = self.board.moves().len();
        if ply < now_ply && self.played_already(seat, ply, mv) {
            return Ok(None);
        }
        if !matches!(self.status, Status::Playing | Status::Completing { .. }) {
            return Err(Refusal::NotPlaying);
        }
        // A move made against another position (sent again after being
        // offline) is told so first: that is what its player needs to know.
        if ply != now_ply {
            return Err(Refusal::MovedOn { ply: now_ply });
        }
        match self.status {
            Status::Playing if self.board.to_move() != seat => return Err(Refusal::NotYourTurn),
            Status::Completing { loser } if loser == seat => return Err(Refusal::WrongSeat),
            _ => {}
        }
        let moves = self
            .board
            .try_move(mv)
            .map_err(|error| Refusal::Move { error })?;
        Ok(Some(Event::Moved { seat, moves, at }))
    }

    fn decide_claim(
        &self,
        seat: Seat,
        absent_ms: Option<u64>,
        after_ms: u64,
        at: u64,
    ) -> Result<Event, Refusal> {
        self.playing()?;
        if !self.setup.timing.is_live() {
            return Err(Refusal::NotLive);
        }
        if self.waiting {
            // Nothing to claim in a game that has not started.
            return Err(Refusal::NotPlaying);
        }
        match absent_ms {
            None => Err(Refusal::OpponentPresent),
            Some(absent) if absent < after_ms => Err(Refusal::ClaimTooEarly {
                wait_ms: after_ms - absent,
            }),
            Some(_) => Ok(Event::Claimed { seat, at }),
        }
    }

    /// Both players asked for a rematch and none was made yet: the
    /// server creates it ([`Room::rematch_created`]) and stores
    /// [`Event::Rematched`].
    pub fn rematch_agreed(&self) -> bool {
        self.rematch == [true; 2] && self.next_game.is_none()
    }

    /// The first event of the rematch: the same setup, colours swapped,
    /// private; its clock waits for both players, as an event's game's.
    pub fn rematch_created(&self, at: u64) -> Event {
        Event::Created {
            setup: self.setup.clone(),
            public: false,
            names: [self.names[1].clone(), self.names[0].clone()],
            at,
            event: None,
            waits: true,
        }
    }

    /// The club event's board the game is, if any.
    pub fn event(&self) -> Option<&EventBoard> {
        self.event.as_ref()
    }

    /// Whether the game is played but its clock waits for both players.
    pub fn is_waiting(&self) -> bool {
        self.waiting && self.status == Status::Playing
    }

    /// The setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Whether the game is listed in the lobby while open.
    pub fn is_public(&self) -> bool {
        self.public
    }

    /// The players' names by seat.
    pub fn names(&self) -> &[Option<String>; 2] {
        &self.names
    }

    /// The moves played, in the game's notation.
    pub fn moves(&self) -> &[String] {
        self.board.moves()
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The seat to move while the game is played (during a completion,
    /// the side whose move the winner plays).
    pub fn to_move(&self) -> Option<Seat> {
        matches!(self.status, Status::Playing | Status::Completing { .. })
            .then(|| self.board.to_move())
    }

    /// The clock, once play has started.
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// Who asked for a rematch, and the game that followed.
    pub fn rematch(&self) -> ([bool; 2], Option<&str>) {
        (self.rematch, self.next_game.as_deref())
    }

    /// When the game was created.
    pub fn created_at(&self) -> u64 {
        self.created_at
    }

    /// The number of events folded (the next event's sequence number).
    pub fn events(&self) -> u64 {
        self.events
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "room_tests.rs"]
mod tests;
