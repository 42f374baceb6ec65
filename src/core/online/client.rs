//! An online game on a page (pure, tested natively): its link, the game
//! as the server last told it, the session that shows it (the moves
//! replayed through the session core, so that the board, the move list
//! and the announcements are the ones the page makes for every move), the
//! clocks counted down locally between the server's updates, and the
//! seats this browser keeps ("My online games").

use crate::online::protocol::{ApiError, Brief, ClientMessage, GameView, ServerMessage};
use crate::online::room::{Ending, Event, Refusal, Seat, Status};
use crate::online::setup::{only_keys, GameKind};

use crate::session::core::{Action, GameSession, Move};
use crate::session::formats::{decode, encode, Formats};
use crate::session::player::{Player, Seats};
use crate::session::record::{Playable, Record};

pub mod kept;

pub use kept::{keep_seat, read_kept, write_kept, KeptGame, KeptSeat, MAX_KEPT};

/// What an online game's link names: `#/online/<game>/<id>`, with the
/// player's token (`?seat=`) or a private invitation (`?invite=`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineLink {
    /// Which game.
    pub kind: GameKind,
    /// The game's id.
    pub game: String,
    /// A seat's token (the player's private link).
    pub seat: Option<String>,
    /// An invitation's secret.
    pub invite: Option<String>,
}

/// A game id or a secret as the server writes them: short words of
/// lower-case letters and digits.
pub(crate) fn is_word(text: &str, longest: usize) -> bool {
    (1..=longest).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

impl OnlineLink {
    /// Reads what follows `#/online/` (`othello/ab23cd45ef67?seat=…`);
    /// `None` when it is not an online game's link.
    pub fn parse(text: &str) -> Option<OnlineLink> {
        let (path, query) = text.split_once('?').unwrap_or((text, ""));
        let (kind, game) = path.trim_end_matches('/').split_once('/')?;
        let kind = GameKind::from_name(kind)?;
        if !is_word(game, 32) {
            return None;
        }
        let mut link = OnlineLink {
            kind,
            game: game.to_string(),
            seat: None,
            invite: None,
        };
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=')?;
            let slot = match key {
                "seat" => &mut link.seat,
                "invite" => &mut link.invite,
                _ => return None,
            };
            if !is_word(value, 64) || slot.is_some() {
                return None;
            }
            *slot = Some(value.to_string());
        }
        Some(link)
    }

    /// The fragment of the game's page: `#/online/<game>/<id>` (the watch
    /// link), with the token or invitation when given.
    pub fn fragment(&self) -> String {
        let mut text = format!("#/online/{}/{}", self.kind.name(), self.game);
        if let Some(token) = &self.seat {
            text.push_str(&format!("?seat={token}"));
        } else if let Some(invite) = &self.invite {
            text.push_str(&format!("?invite={invite}"));
        }
        text
    }
}

/// An embedded frame that follows a live game: `#/embed/<game>?live=<id>`
/// and the frame's other parameters (docs/embed.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveFrame {
    /// Which game.
    pub kind: GameKind,
    /// The game's id.
    pub game: String,
    /// The frame's query without `live=` (`parent=…&theme=dark`).
    pub rest: String,
}

impl LiveFrame {
    /// Whether a frame's address (what follows `#/embed/`) asks to follow
    /// a live game: a `live=` in its query, read or not (the app and the
    /// frames' module route by this alone, without the reader).
    pub fn named(text: &str) -> bool {
        text.split_once('?')
            .is_some_and(|(_, query)| query.split('&').any(|pair| pair.starts_with("live=")))
    }

    /// Reads what follows `#/embed/` (`othello?live=ab23cd45ef67&…`);
    /// `None` when the frame follows no live game (no `live=`, or not one
    /// of a game id's form).
    pub fn parse(text: &str) -> Option<LiveFrame> {
        let (path, query) = text.split_once('?')?;
        let kind = GameKind::from_name(path.trim_end_matches('/'))?;
        let mut game = None;
        let mut rest = Vec::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            match pair.strip_prefix("live=") {
                Some(id) if game.is_none() && is_word(id, 32) => game = Some(id.to_string()),
                Some(_) => return None,
                None => rest.push(pair),
            }
        }
        Some(LiveFrame {
            kind,
            game: game?,
            rest: rest.join("&"),
        })
    }
}

/// The rules of `settings` as an online setup gives them (the share link's
/// keys that are rules).
pub fn rules_of<G: Formats>(settings: &G::Settings, kind: GameKind) -> String {
    let written = encode::<G>(settings, &Record::new(G::start(settings)));
    only_keys(&written, kind.rule_keys())
}

/// The text of one move, as the server writes it.
pub fn move_text<G: Formats>(settings: &G::Settings, mv: &Move<G>) -> String {
    G::moves_text(settings, std::slice::from_ref(mv))
}

/// A session showing the game of `rules` after `moves` (both sides people
/// at this page's board: the moves come from the server); `None` when the
/// rules or a move do not read.
pub fn session_of<G: Formats>(rules: &str, moves: &[String]) -> Option<GameSession<G>> {
    let (mut settings, record) = decode::<G>(rules).ok()?;
    settings.seat(0, Player::Human);
    settings.seat(1, Player::Human);
    let mut record = Record::new(record.start());
    for text in moves {
        let mv = one_move::<G>(&settings, &record.current(), text)?;
        record.play(mv).ok()?;
    }
    let mut session = GameSession::with_record(settings, record);
    session.auto_pass = true;
    Some(session)
}

/// The one move `text` reads as in `position`.
fn one_move<G: Formats>(
    settings: &G::Settings,
    position: &G::Position,
    text: &str,
) -> Option<Move<G>> {
    let moves = G::read_moves(settings, position, text).ok()?;
    <[Move<G>; 1]>::try_from(moves).ok().map(|[mv]| mv)
}

/// Something the page says about the game besides its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum News {
    /// A player took the free seat.
    Joined(String),
    /// The game ended.
    Over(Ending),
    /// A player asked for a rematch.
    RematchOffered(Seat),
    /// The rematch started: its game.
    Rematched(String),
    /// The server refused what this page asked.
    Refused(Refusal),
    /// The server refused a message as a whole, or a limit was reached.
    Error,
    /// A player came or went (their seat and whether they are here).
    Presence(Seat, bool),
    /// This page did not send what its player asked.
    NotSent(NotSent),
}

/// A move of this page's player sent to the server and not answered yet:
/// shown on the board, sent again after every reconnection until the
/// server acknowledges it (or refuses it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    /// The message's id (its `ack` or `refused` echoes it).
    pub id: u32,
    /// The moves the player had seen.
    pub ply: usize,
    /// The move, as the server writes it.
    pub mv: String,
}

/// What the page changes.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineAction<G: Formats> {
    /// The session's own (go to a move, say the score…).
    Session(Action<G>),
    /// A message from the server, at the page's time (milliseconds).
    Server(Box<ServerMessage>, f64),
    /// The live connection opened (true) or was lost (false).
    Connected(bool),
    /// This page's player played a move, sent with message `id`: it waits
    /// on the board until the server answers.
    Sending(Move<G>, u32),
    /// What the player asked was not sent.
    NotSent(NotSent),
}

/// An online game on a page.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineGame<G: Formats> {
    /// The game as shown (the moves replayed).
    pub session: GameSession<G>,
    /// The game as the server last told it.
    pub view: Option<GameView>,
    /// This page's seat (a player), or none (a watcher).
    pub seat: Option<Seat>,
    /// When (the page's time) the clocks of `view` were read.
    pub clock_read: f64,
    /// The live connection is open.
    pub connected: bool,
    /// The latest news, numbered so that a repeat is still said.
    pub news: Option<(u32, News)>,
    /// Events were missed (a gap in their numbers): the page connects
    /// again, and the welcome brings the whole game.
    pub stale: bool,
    /// Each seat's player has been seen connected (their coming the
    /// first time is the joining, not a return).
    pub seen: [bool; 2],
    /// This page's move that the server has not answered yet.
    pub pending: Option<Pending>,
    /// How long an opponent must be gone before a claim (the server's
    /// setting, from the welcome).
    pub claim_after_ms: Option<u64>,
    /// When (the page's time) this page's player may claim the win, as
    /// far as the page knows (the opponent's leaving, or the server's
    /// `claim_too_early`).
    pub claim_at: Option<f64>,
    /// The server refused the connection as a whole (no such game, an
    /// origin it does not serve, a token not of the game): the page says
    /// so and does not try again.
    pub problem: Option<ApiError>,
    /// The news shown on the page (until the next move).
    pub notice: Option<News>,
}

impl<G: Formats> Default for OnlineGame<G> {
    fn default() -> Self {
        OnlineGame {
            session: GameSession::new(G::Settings::default()),
            view: None,
            seat: None,
            clock_read: 0.0,
            connected: false,
            news: None,
            stale: false,
            seen: [false; 2],
            pending: None,
            claim_after_ms: None,
            claim_at: None,
            problem: None,
            notice: None,
        }
    }
}

/// Why a move of this page is not sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotSent {
    /// The page watches.
    Watching,
    /// The game is not being played.
    NotPlaying,
    /// It is the opponent's move.
    NotYourTurn,
    /// The board shows an earlier position.
    Reviewing,
    /// The move is not legal (the session says why).
    Illegal,
    /// A move of this page's waits for the server's answer.
    Waiting,
}

impl<G: Formats> OnlineGame<G> {
    /// Where the game stands, once the server has said.
    pub fn brief(&self) -> Option<&Brief> {
        self.view.as_ref().map(|v| &v.brief)
    }

    /// Whether the game is being played (or completed after a flag).
    pub fn playing(&self) -> bool {
        matches!(
            self.brief().map(|b| b.status),
            Some(Status::Playing | Status::Completing { .. })
        )
    }

    /// Whether it is this page's player's move.
    pub fn my_move(&self) -> bool {
        self.playing() && self.seat.is_some() && self.brief().and_then(|b| b.to_move) == self.seat
    }

    /// Whether this page's player may pick a move on the board now: their
    /// move, no move of theirs waiting, the last position shown.
    pub fn can_move(&self) -> bool {
        let record = &self.session.record;
        self.my_move() && self.pending.is_none() && record.cursor() == record.line().len()
    }

    /// The message that plays `mv` for this page's player, or why not.
    pub fn move_message(&self, mv: &Move<G>, id: u32) -> Result<ClientMessage, NotSent> {
        let view = self.view.as_ref().ok_or(NotSent::NotPlaying)?;
        if self.seat.is_none() {
            return Err(NotSent::Watching);
        }
        if !self.playing() {
            return Err(NotSent::NotPlaying);
        }
        if self.pending.is_some() {
            return Err(NotSent::Waiting);
        }
        if !self.my_move() {
            return Err(NotSent::NotYourTurn);
        }
        let record = &self.session.record;
        if record.cursor() != record.line().len() {
            return Err(NotSent::Reviewing);
        }
        if self.session.position().try_play(mv.clone()).is_err() {
            return Err(NotSent::Illegal);
        }
        Ok(ClientMessage::Move {
            id,
            ply: view.moves.len(),
            mv: move_text::<G>(&self.session.settings, mv),
        })
    }

    /// Each seat's time left at `now` (the page's time): the running side's
    /// counted down since the server said it.
    pub fn clocks(&self, now: f64) -> Option<[i64; 2]> {
        let clock = self.brief()?.clock?;
        let mut left = clock.left_ms;
        if let Some(running) = clock.running.filter(|_| self.playing()) {
            let side = usize::from(running & 1);
            let spent = (now - self.clock_read).max(0.0) as i64;
            left[side] = (left[side] - spent).max(0);
        }
        Some(left)
    }

    /// Applies `action` at `now`.
    pub fn apply(&mut self, action: OnlineAction<G>) {
        match action {
            // A move is played only when the server says so: here it is
            // only refused (and said why) when it is not legal.
            OnlineAction::Session(Action::Play(mv)) => {
                if self.session.position().try_play(mv.clone()).is_err() {
                    self.session.apply(Action::Play(mv));
                }
            }
            OnlineAction::Session(action) => {
                self.session.apply(action);
                // Back at the last move: what was said of the earlier one goes.
                let record = &self.session.record;
                if record.cursor() == record.line().len()
                    && self.notice == Some(News::NotSent(NotSent::Reviewing))
                {
                    self.notice = None;
                }
            }
            OnlineAction::Connected(open) => self.connected = open,
            OnlineAction::Server(message, now) => self.receive(*message, now),
            OnlineAction::Sending(mv, id) => self.sending(mv, id),
            OnlineAction::NotSent(why) => self.say(News::NotSent(why)),
        }
    }

    /// The player's move `mv`, sent as message `id`: shown at once on the
    /// board (said as the page says moves) while it waits for the server.
    fn sending(&mut self, mv: Move<G>, id: u32) {
        let Some(view) = &self.view else { return };
        if self.pending.is_some() || !self.can_move() {
            return;
        }
        self.pending = Some(Pending {
            id,
            ply: view.moves.len(),
            mv: move_text::<G>(&self.session.settings, &mv),
        });
        self.notice = None;
        self.session.apply(Action::Play(mv));
    }

    /// Shows the waiting move again after the board was made anew from
    /// the server's game (a welcome, an event while it waited), or drops
    /// it once the server's game has it.
    fn replay_pending(&mut self) {
        let (Some(pending), Some(view)) = (&self.pending, &self.view) else {
            return;
        };
        if let Some(played) = view.moves.get(pending.ply) {
            if played.eq_ignore_ascii_case(&pending.mv) {
                self.pending = None;
            }
            return;
        }
        let shown = self.session.record.line().len();
        if view.moves.len() != pending.ply || shown != pending.ply || !self.my_move() {
            return;
        }
        let Some(mv) = one_move::<G>(
            &self.session.settings,
            &self.session.position(),
            &pending.mv,
        ) else {
            return;
        };
        // Said when it was made: not again.
        let said = self.session.announcement.clone();
        self.session.apply(Action::Play(mv));
        self.session.announcement = said;
    }

    fn say(&mut self, news: News) {
        let n = self.news.as_ref().map_or(0, |(n, _)| n.wrapping_add(1));
        if !matches!(
            news,
            News::Over(_) | News::RematchOffered(_) | News::Rematched(_)
        ) {
            self.notice = Some(news.clone());
        }
        self.news = Some((n, news));
    }

    /// Whether this page's player may claim the win now, as far as the
    /// page knows (`None` when it cannot be claimed at all: a watcher, the
    /// opponent here, a correspondence game); else the page's time from
    /// which it may.
    pub fn claim_from(&self) -> Option<f64> {
        let view = self.view.as_ref()?;
        let seat = self.seat?;
        let other = usize::from(1 - (seat & 1));
        let possible = self.connected
            && matches!(view.brief.status, Status::Playing)
            && view.setup.timing.is_live()
            && !view.brief.present[other];
        possible.then(|| self.claim_at.unwrap_or(0.0))
    }

    fn receive(&mut self, message: ServerMessage, now: f64) {
        self.receive_message(message, now);
        if let Some(brief) = self.brief() {
            let present = brief.present;
            for (seen, here) in self.seen.iter_mut().zip(present) {
                *seen |= here;
            }
        }
    }

    fn receive_message(&mut self, message: ServerMessage, now: f64) {
        match message {
            ServerMessage::Welcome {
                seat,
                game,
                claim_after_ms,
            } => {
                let first = self.view.as_ref().is_none_or(|v| v.game != game.game);
                self.seat = seat;
                self.view = Some(game);
                self.clock_read = now;
                self.stale = false;
                self.problem = None;
                self.claim_after_ms = claim_after_ms;
                self.follow(first);
                self.replay_pending();
            }
            ServerMessage::Update { seq, event, brief } => self.update(seq, event, brief, now),
            ServerMessage::Presence { brief } => {
                let before = self.brief().map(|b| b.present);
                if let (Some(before), Some(seat)) = (before, self.seat) {
                    let other = usize::from(1 - (seat & 1));
                    let here = brief.present[other];
                    // Coming the first time is the joining, said as such.
                    if before[other] != here && (self.seen[other] || !here) {
                        self.say(News::Presence(other as Seat, here));
                    }
                    if before[other] != here {
                        self.claim_at = self
                            .claim_after_ms
                            .filter(|_| !here)
                            .map(|after| now + after as f64);
                    }
                }
                // Only who is here: a presence may be sent after an update
                // but describe the game before it.
                if let Some(view) = &mut self.view {
                    view.brief.present = brief.present;
                }
            }
            ServerMessage::Refused { id, refusal } => {
                if self.pending.as_ref().is_some_and(|p| p.id == id) {
                    // The move waited on the board: the server's game again.
                    self.pending = None;
                    self.rebuild();
                }
                if let Refusal::ClaimTooEarly { wait_ms } = refusal {
                    self.claim_at = Some(now + wait_ms as f64);
                }
                self.say(News::Refused(refusal));
            }
            ServerMessage::Ack { id } if self.pending.as_ref().is_some_and(|p| p.id == id) => {
                self.pending = None;
            }
            ServerMessage::Error { error } => match error {
                ApiError::NotFound | ApiError::Origin | ApiError::WrongToken
                    if self.view.is_none() =>
                {
                    self.problem = Some(error)
                }
                _ => self.say(News::Error),
            },
            _ => {}
        }
    }

    fn update(&mut self, seq: u64, event: Event, brief: Brief, now: f64) {
        let Some(view) = &mut self.view else { return };
        if seq != view.seq {
            // A gap (or a repeat): the welcome of a new connection brings
            // the whole game.
            self.stale = seq > view.seq;
            return;
        }
        view.seq = seq + 1;
        view.brief = brief;
        self.clock_read = now;
        let news = match event {
            Event::Joined { seat, name, .. } => {
                view.names[usize::from(seat & 1)] = Some(name.clone());
                Some(News::Joined(name))
            }
            Event::Moved { moves, .. } => {
                view.moves.extend(moves);
                // A move is the news now: what was shown goes.
                self.notice = None;
                None
            }
            Event::RematchOffered { seat, .. } => Some(News::RematchOffered(seat)),
            Event::Rematched { game, .. } => Some(News::Rematched(game)),
            _ => None,
        };
        let over = match view.brief.status {
            Status::Over(ending) => Some(ending),
            _ => None,
        };
        self.follow(false);
        self.replay_pending();
        if let Some(news) = news {
            self.say(news);
        } else if let Some(ending) = over {
            self.say(News::Over(ending));
        }
    }

    /// Brings the session to the server's moves: the new ones played
    /// through the session (each announced as the page announces moves).
    /// The first welcome, and a session that does not agree with the
    /// server, are replaced silently by the server's game.
    fn follow(&mut self, first: bool) {
        let Some(view) = &self.view else { return };
        let settings = &self.session.settings;
        let line = self.session.record.line();
        let agrees = line.len() <= view.moves.len()
            && line
                .iter()
                .zip(&view.moves)
                .all(|(mv, text)| move_text::<G>(settings, mv) == *text);
        if first || !agrees || !self.same_rules(&view.setup.rules) {
            return self.rebuild();
        }
        let end = line.len();
        if self.session.record.cursor() != end {
            self.session.apply(Action::GoTo(end));
        }
        let moves = view.moves.clone();
        for (ply, text) in moves.iter().enumerate() {
            // Forced passes the session played by itself are already there.
            let played = self.session.record.line().len();
            if ply < played {
                continue;
            }
            let position = self.session.position();
            let Some(mv) = one_move::<G>(&self.session.settings, &position, text) else {
                return self.rebuild();
            };
            self.session.apply(Action::Play(mv));
            if self.session.record.line().len() == played {
                return self.rebuild();
            }
        }
        if self.session.record.line().len() != moves.len() {
            self.rebuild();
        }
    }

    /// Whether the session shows a game of `rules`.
    fn same_rules(&self, rules: &str) -> bool {
        decode::<G>(rules).is_ok_and(|(settings, record)| {
            record.start() == self.session.record.start()
                && rules_of_settings::<G>(&settings)
                    == rules_of_settings::<G>(&self.session.settings)
        })
    }

    /// The session made anew from the server's game (nothing said).
    fn rebuild(&mut self) {
        let Some(view) = &self.view else { return };
        if let Some(session) = session_of::<G>(&view.setup.rules, &view.moves) {
            self.session = session;
        }
    }
}

/// The settings' link pairs (players and all), to compare two games' rules.
fn rules_of_settings<G: Formats>(settings: &G::Settings) -> String {
    let mut settings = settings.clone();
    settings.seat(0, Player::Human);
    settings.seat(1, Player::Human);
    encode::<G>(&settings, &Record::new(G::start(&settings)))
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
