//! The generic session core: what every game page shares, written once.
//!
//! [`GameSession`] owns the record (with undo, redo and going to a ply),
//! the players, the computer's turn and the search it waits for, forced
//! passes (played automatically, or confirmed), the game's end, loading and
//! pasting records, notices and announcements; [`Action`] is everything that
//! can happen to it and [`GameSession::apply`] the reducer. A game plugs in
//! what differs through [`SessionGame`]: its rules of interaction (sides,
//! passes, outcome, what a move did), the jobs it gives the worker beyond
//! the computer's move, and its own state and actions.

use std::fmt::Debug;

use super::clock::Clock;
use super::formats::LinkError;
use super::game_clock::ClockAction;
use super::player::{Player, Seats};
use super::record::{Playable, Record};
use super::saved::SavedError;
use super::turn::Turn;

/// A move of game `G`.
pub type Move<G> = <<G as SessionGame>::Position as Playable>::Move;
/// Why a move of game `G` was refused.
pub type PlayError<G> = <<G as SessionGame>::Position as Playable>::Error;

/// What a search in the worker is for: the computer's move, which every
/// game has and the core plays, or one of the game's own analyses (`A`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SearchJob<A> {
    /// The computer's move.
    Play,
    /// An analysis the game asked for.
    Analyse(A),
}

/// The search jobs of game `G`.
pub type JobOf<G> = SearchJob<<G as GameSearch>::Analysis>;

/// What a game asks of the search worker: its analyses, what a search
/// reports on the way, what it answers.
pub trait GameSearch {
    /// The game's own analyses (besides the computer's move).
    type Analysis: Copy + PartialEq + Debug;
    /// A search's report of a completed depth.
    type Progress: Clone + PartialEq + Debug;
    /// A search's final answer.
    type Answer: Clone + PartialEq + Debug;
}

/// What a game tells of a move and of its end.
pub trait GameResults {
    /// What a move did, for announcements and animations (flipped discs,
    /// captured stacks, tokens left).
    type Effect: Clone + PartialEq + Debug;
    /// The result of a finished game.
    type Outcome: Clone + PartialEq + Debug;
}

/// Why a game refuses what it reads.
pub trait GameRefusals {
    /// Why a pasted record was refused.
    type RecordError: Clone + PartialEq + Debug;
    /// Why the start written in a link or a save was refused.
    type StartError: Clone + PartialEq + Debug;
}

/// What a game adds to the shared session of its own.
pub trait GameOwn {
    /// The game's own state beside the shared one.
    type Extra: Clone + PartialEq + Debug + Default;
    /// The game's own actions.
    type GameAction: Clone + PartialEq + Debug;
    /// The game's own notices.
    type GameNotice: Clone + PartialEq + Debug;
    /// The game's own announcements (answers to its own questions).
    type GameAnnouncement: Clone + PartialEq + Debug;
}

/// What a game plugs into the session core: its positions, sides and
/// settings here; its results, searches, refusals and own parts in the
/// traits it builds on.
pub trait SessionGame:
    GameResults + GameSearch + GameRefusals + GameOwn + Clone + PartialEq + Debug + Sized + 'static
{
    /// A position (its moves and why one is refused: [`Move`],
    /// [`PlayError`]).
    type Position: Playable<Move: Clone + PartialEq + Debug, Error: Clone + PartialEq + Debug>
        + PartialEq;
    /// A player's side (colour, or first/second).
    type Side: Copy + Eq + Debug;
    /// How a game is set up (saved with the game; the default is the
    /// game a first visit shows; it seats a player on each side, in the
    /// order of [`SessionGame::sides`]).
    type Settings: Clone
        + PartialEq
        + Debug
        + Default
        + Seats
        + serde::Serialize
        + serde::de::DeserializeOwned;

    /// The two sides, the first to move first.
    fn sides() -> [Self::Side; 2];
    /// The start position of `settings`.
    fn start(settings: &Self::Settings) -> Self::Position;
    /// Who moves in `position`, reached after `ply` moves.
    fn side_to_move(position: &Self::Position, ply: usize) -> Self::Side;
    /// True when nobody can move.
    fn is_over(position: &Self::Position) -> bool;
    /// True when the side to move has no move but the game goes on.
    fn must_pass(position: &Self::Position) -> bool;
    /// The pass move, in games that have one.
    fn pass() -> Option<Move<Self>>;
    /// Who plays `side`: the seat of its place in [`SessionGame::sides`].
    fn player(settings: &Self::Settings, side: Self::Side) -> Player {
        settings.seats()[usize::from(Self::sides()[0] != side)]
    }
    /// The result, once `position` (after `ply` moves) is over.
    fn outcome(
        settings: &Self::Settings,
        position: &Self::Position,
        ply: usize,
    ) -> Option<Self::Outcome>;
    /// The recorded result when `loser` runs out of time in `position`
    /// (Othello: RULES.md §1; the other games: a loss).
    fn time_loss(
        settings: &Self::Settings,
        position: &Self::Position,
        loser: Self::Side,
    ) -> Self::Outcome;
    /// The recorded result of a game that `loser` lost on time and the
    /// winner then completed, playing both sides, ending in `position`;
    /// `None` where the game does not offer it (see
    /// [`SessionGame::offers_completion`]).
    fn completed_time_loss(
        _settings: &Self::Settings,
        _position: &Self::Position,
        _loser: Self::Side,
    ) -> Option<Self::Outcome> {
        None
    }
    /// How much of its usual share of the clock the computer gives a move
    /// in `position` (1 by default): more where the position decides the
    /// game, less where it does not.
    fn clock_weight(_position: &Self::Position) -> f64 {
        1.0
    }
    /// Whether, after a flag, the winner may complete the game (Othello's
    /// procedure at the board, seed 004) instead of the result being
    /// recorded at once.
    fn offers_completion(_settings: &Self::Settings) -> bool {
        false
    }
    /// What `mv` does in `before`.
    fn effect(before: &Self::Position, mv: &Move<Self>) -> Self::Effect;
    /// The record of a pasted text, from the start of `settings`.
    fn replay(
        settings: &Self::Settings,
        text: &str,
    ) -> Result<Record<Self::Position>, Self::RecordError>;
    /// The move a finished search chose (for the computer's move).
    fn answer_move(answer: &Self::Answer) -> Option<Move<Self>>;
    /// The best move a search has reported so far ("move now").
    fn progress_move(progress: &Self::Progress) -> Option<Move<Self>>;
    /// The move "move now" plays before the search reported anything.
    fn fallback_move(_position: &Self::Position) -> Option<Move<Self>> {
        None
    }

    /// A search the game wants besides the computer's move (hints, an
    /// analysis), with the position to search.
    fn wanted_job(_session: &GameSession<Self>) -> Option<(JobOf<Self>, Self::Position)> {
        None
    }
    /// Bookkeeping when a search the session asked for reports progress.
    fn on_progress(
        _session: &mut GameSession<Self>,
        _search: &Search<Self>,
        _progress: &Self::Progress,
    ) {
    }
    /// Bookkeeping when a search finishes: the core then plays the
    /// computer's move for [`SearchJob::Play`]; other jobs are the
    /// game's own.
    fn on_answer(_session: &mut GameSession<Self>, _search: &Search<Self>, _answer: &Self::Answer) {
    }
    /// The worker kept failing on a search other than the computer's
    /// move: stop asking for it.
    fn on_failed(_session: &mut GameSession<Self>, _search: &Search<Self>) {}
    /// The game's own actions.
    fn apply_game(_session: &mut GameSession<Self>, _action: Self::GameAction) {}
    /// The game's own state when a new game replaces `old` (by default, a
    /// fresh one).
    fn carry_over(
        _old: &GameSession<Self>,
        _settings: &Self::Settings,
        _record: &Record<Self::Position>,
    ) -> Self::Extra {
        Self::Extra::default()
    }
    /// After a move is played or the game is replaced (e.g. to forget what
    /// belonged to positions no longer on the line).
    fn after_change(_session: &mut GameSession<Self>) {}
}

/// The methods of [`SessionGame`] that a board game with forced passes
/// (Othello, Opok) takes from its position as they are.
macro_rules! board_game_turns {
    () => {
        fn side_to_move(position: &Self::Position, _ply: usize) -> Self::Side {
            position.side_to_move()
        }

        fn is_over(position: &Self::Position) -> bool {
            position.is_over()
        }

        fn must_pass(position: &Self::Position) -> bool {
            position.must_pass()
        }

        fn pass() -> Option<$crate::session::core::Move<Self>> {
            Some(<$crate::session::core::Move<Self>>::Pass)
        }

        fn outcome(
            _settings: &Self::Settings,
            position: &Self::Position,
            _ply: usize,
        ) -> Option<Self::Outcome> {
            position.outcome()
        }

        fn answer_move(answer: &Self::Answer) -> Option<$crate::session::core::Move<Self>> {
            answer.best
        }

        fn fallback_move(position: &Self::Position) -> Option<$crate::session::core::Move<Self>> {
            position.moves().first().copied()
        }
    };
}
pub(crate) use board_game_turns;

/// A search running in the worker.
#[derive(Clone, PartialEq, Debug)]
pub struct Search<G: SessionGame> {
    /// The request id.
    pub id: u64,
    /// What it is for.
    pub job: JobOf<G>,
    /// The position searched.
    pub position: G::Position,
    /// The last completed depth, once there is one.
    pub progress: Option<G::Progress>,
}

/// Something to say to a screen-reader user (and to show).
#[derive(Clone, PartialEq, Debug)]
pub enum Announcement<G: SessionGame> {
    /// A move was played.
    Moved {
        /// Who moved.
        side: G::Side,
        /// The move.
        mv: Move<G>,
        /// What it did.
        effect: G::Effect,
        /// True for the computer.
        by_computer: bool,
    },
    /// A side passed.
    Passed {
        /// Who passed.
        side: G::Side,
        /// Who played it: the computer, the person, or the app for the
        /// person (an automatic forced pass).
        by: PassedBy,
    },
    /// The person to move must pass and is asked to confirm.
    MustPass(G::Side),
    /// A side ran out of time (the game's end is said next).
    Flag(G::Side),
    /// A side is low on time.
    LowTime(G::Side),
    /// A player pressed their side of the clock; the other side's runs.
    Pressed {
        /// Who pressed.
        side: G::Side,
        /// Whose clock runs now.
        next: G::Side,
    },
    /// A player pressed their side of the clock while it was not running.
    PressNotRunning(G::Side),
    /// A player pressed their running clock before moving.
    PressEarly(G::Side),
    /// The game ended.
    GameOver(G::Outcome),
    /// Moves were taken back; this many are played now.
    Undone(usize),
    /// Moves were replayed; this many are played now.
    Redone(usize),
    /// The position after this many moves is shown (from the move list).
    Shown(usize),
    /// The last move, on request (`None` at the start).
    LastMove(Option<(G::Side, Move<G>)>),
    /// A new game started.
    NewGame,
    /// A game was loaded (pasted, linked, restored).
    Loaded,
    /// A person's move was refused (said every time, even when the same
    /// notice is already shown).
    Refused(PlayError<G>, G::Side),
    /// The game's own.
    Game(G::GameAnnouncement),
}

/// Who played a pass.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PassedBy {
    /// The computer.
    Computer,
    /// The person, confirming it.
    Person,
    /// The app, for the person who had no move.
    Automatically,
}

/// A message shown until the next action.
#[derive(Clone, PartialEq, Debug)]
pub enum Notice<G: SessionGame> {
    /// A move was refused.
    Illegal(PlayError<G>),
    /// A click on a finished game.
    GameOver,
    /// A pasted record was refused; the game was kept.
    Record(G::RecordError),
    /// The opened link was refused; the game in progress (or a new one)
    /// was kept.
    Link(LinkError<G::StartError, G::RecordError>),
    /// The autosaved game could not be restored; it was set aside.
    Saved(SavedError),
    /// The autosaved game could not be restored, nor set aside (storage
    /// full): it stays where it was, and this game is not saved.
    SavedKept(SavedError),
    /// The game in progress was put aside for the link's game.
    PutAside,
    /// The game in progress could not be put aside (storage full): it
    /// stays where it was, and the link's game is not saved.
    NotPutAside,
    /// The engine kept failing on this position and the computer stopped
    /// (the game is kept; "continue" asks again).
    EngineFailed,
    /// The game's own.
    Game(G::GameNotice),
}

/// Everything that can happen on a game page.
#[derive(Clone, PartialEq, Debug)]
pub enum Action<G: SessionGame> {
    /// A person plays a move (a confirmed pass included).
    Play(Move<G>),
    /// Back to the person's previous turn.
    Undo,
    /// Forward to the person's next turn in the recorded line.
    Redo,
    /// To the position after `ply` moves (from the move list).
    GoTo(usize),
    /// The computer may move again after going back.
    Resume,
    /// A new game, from the usual start or from a position.
    NewGame(G::Settings, Option<G::Position>),
    /// Replace the game by a loaded one.
    Load(G::Settings, Record<G::Position>),
    /// A pasted or typed record, from the start (keeps the game on error).
    Paste(String),
    /// Play forced passes without asking (or ask for each).
    SetAutoPass(bool),
    /// A search was sent to the worker.
    SearchStarted(u64, JobOf<G>, G::Position),
    /// The running search was abandoned.
    SearchCancelled,
    /// The worker kept failing on that request.
    SearchFailed(u64),
    /// A search completed a depth.
    Progress(u64, G::Progress),
    /// A search finished.
    Finished(u64, G::Answer),
    /// The computer plays its best move so far now.
    MoveNow,
    /// The side ran out of time: the game ends with the time-loss result,
    /// or, where the game offers it and `completes` is set, goes on with
    /// the winner playing both sides until the end.
    TimeLoss {
        /// Who ran out of time.
        loser: G::Side,
        /// The winner completes the game.
        completes: bool,
    },
    /// The game clock (see [`ClockAction`]).
    Clock(ClockAction<G::Side>),
    /// Say something.
    Announce(Announcement<G>),
    /// Show or clear a notice.
    SetNotice(Option<Notice<G>>),
    /// The game's own.
    Game(G::GameAction),
}

/// A game in progress on a page, with everything the page shows about it.
#[derive(Clone, PartialEq, Debug)]
pub struct GameSession<G: SessionGame> {
    /// How the game is set up.
    pub settings: G::Settings,
    /// The moves.
    pub record: Record<G::Position>,
    /// The search running in the worker.
    pub search: Option<Search<G>>,
    /// The computer waits for "continue" (after going back in the record,
    /// or after the engine failed).
    pub paused: bool,
    /// Forced passes are played without asking.
    pub auto_pass: bool,
    /// A message until the next action.
    pub notice: Option<Notice<G>>,
    /// The latest announcements (spoken together), numbered so that a
    /// repeated message is still spoken.
    pub announcement: Option<(u32, Vec<Announcement<G>>)>,
    /// What the last move did (for its animation); `None` after navigating.
    pub last_effect: Option<G::Effect>,
    /// A side that had no move and passed automatically: shown until the
    /// person's next action.
    pub pass_note: Option<G::Side>,
    /// The side that ran out of time: the game ended there.
    pub flagged: Option<G::Side>,
    /// The side that ran out of time while the winner completes the game
    /// (both sides played by the winner's player), and the number of moves
    /// played when the flag fell.
    pub completing: Option<(G::Side, usize)>,
    /// The game clock, following the record (see `session::game_clock`).
    pub clock: Option<Clock>,
    /// The game's own state.
    pub extra: G::Extra,
}

impl<G: SessionGame> GameSession<G> {
    /// A new game.
    pub fn new(settings: G::Settings) -> Self {
        let record = Record::new(G::start(&settings));
        GameSession::with_record(settings, record)
    }

    /// A game with an existing record.
    pub fn with_record(settings: G::Settings, record: Record<G::Position>) -> Self {
        let mut session = GameSession {
            settings,
            record,
            search: None,
            paused: false,
            auto_pass: true,
            notice: None,
            announcement: None,
            last_effect: None,
            pass_note: None,
            flagged: None,
            completing: None,
            clock: None,
            extra: G::Extra::default(),
        };
        let extra = G::carry_over(&session, &session.settings, &session.record);
        session.extra = extra;
        session
    }

    /// The position shown.
    pub fn position(&self) -> G::Position {
        self.record.current()
    }

    /// Who moves in the position shown.
    pub fn side_to_move(&self) -> G::Side {
        G::side_to_move(&self.position(), self.record.cursor())
    }

    /// The side that lost on time, when `ply` is where the game ended.
    fn flagged_at(&self, ply: usize) -> Option<G::Side> {
        self.flagged.filter(|_| ply == self.record.line().len())
    }

    /// Who plays `side` at `ply`: the settings' player, or the winner's
    /// once the winner completes a game lost on time.
    pub fn player_at(&self, side: G::Side, ply: usize) -> Player {
        match self.completing {
            Some((loser, from)) if ply >= from => {
                let winner = G::sides().into_iter().find(|&s| s != loser).unwrap_or(side);
                G::player(&self.settings, winner)
            }
            _ => G::player(&self.settings, side),
        }
    }

    fn turn_at(&self, ply: usize) -> Turn<G::Side> {
        let position = self.record.position_at(ply);
        let side = G::side_to_move(&position, ply);
        Turn::of(
            G::is_over(&position) || self.flagged_at(ply).is_some(),
            side,
            G::must_pass(&position),
            self.player_at(side, ply).is_computer(),
        )
    }

    /// What happens next.
    pub fn turn(&self) -> Turn<G::Side> {
        self.turn_at(self.record.cursor())
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<G::Outcome> {
        let cursor = self.record.cursor();
        if let Some((loser, from)) = self.completing {
            if cursor >= from && G::is_over(&self.position()) {
                return G::completed_time_loss(&self.settings, &self.position(), loser);
            }
        }
        match self.flagged_at(cursor) {
            Some(loser) => Some(G::time_loss(&self.settings, &self.position(), loser)),
            None => G::outcome(&self.settings, &self.position(), cursor),
        }
    }

    /// The side that lost on time, whether the game ended at the flag or
    /// the winner completed it.
    pub fn lost_on_time(&self) -> Option<G::Side> {
        self.flagged.or(self.completing.map(|(loser, _)| loser))
    }

    /// True between the first move and the end: what an update of the app
    /// must not interrupt.
    pub fn in_progress(&self) -> bool {
        !self.record.line().is_empty() && self.outcome().is_none()
    }

    /// True when no person plays.
    pub fn computer_only(&self) -> bool {
        G::sides()
            .iter()
            .all(|&side| self.player_at(side, self.record.cursor()).is_computer())
    }

    /// The search the worker should run now: the computer's move first,
    /// then what the game wants.
    pub fn wanted_search(&self) -> Option<(JobOf<G>, G::Position)> {
        if matches!(self.turn(), Turn::Computer(_)) && !self.paused {
            return Some((SearchJob::Play, self.position()));
        }
        G::wanted_job(self)
    }

    /// The computer is thinking about its move.
    pub fn thinking(&self) -> bool {
        self.search
            .as_ref()
            .is_some_and(|s| s.job == SearchJob::Play)
    }

    fn stops_at(&self, ply: usize) -> bool {
        self.computer_only() || matches!(self.turn_at(ply), Turn::HumanMove(_))
    }

    /// Where undo goes: the person's previous turn (their move and the
    /// computer's reply are taken back together).
    pub fn undo_target(&self) -> Option<usize> {
        self.record.undo_target(|ply| self.stops_at(ply))
    }

    /// Where redo goes: the person's next turn in the line, or its end.
    pub fn redo_target(&self) -> Option<usize> {
        self.record.redo_target(|ply| self.stops_at(ply))
    }

    /// Starts a new announcement.
    pub fn announce(&mut self, announcement: Announcement<G>) {
        let seq = self.announcement.as_ref().map_or(0, |(n, _)| n + 1);
        self.announcement = Some((seq, vec![announcement]));
    }

    /// Adds to the announcement just started (spoken together).
    pub fn announce_also(&mut self, announcement: Announcement<G>) {
        match &mut self.announcement {
            Some((_, list)) => list.push(announcement),
            None => self.announce(announcement),
        }
    }

    /// Plays `mv` at `now` and announces it (and what follows: the end, a
    /// forced pass played for the person or asked of them).
    fn play_move(&mut self, mv: Move<G>, by_computer: bool, now: f64) -> Result<(), PlayError<G>> {
        let before = self.position();
        let side = self.side_to_move();
        let effect = G::effect(&before, &mv);
        let is_pass = Some(&mv) == G::pass().as_ref();
        self.record.play(mv.clone())?;
        // A move from an earlier position (after taking back) is a new
        // line: a time loss at the old end no longer applies, nor a
        // completion that began later in the old line.
        self.flagged = None;
        if self
            .completing
            .is_some_and(|(_, from)| self.record.line().len() <= from)
        {
            self.completing = None;
        }
        self.paused = false;
        self.clock_after_move(by_computer || is_pass, now);
        let said = if is_pass {
            Announcement::Passed {
                side,
                by: if by_computer {
                    PassedBy::Computer
                } else {
                    PassedBy::Person
                },
            }
        } else {
            Announcement::Moved {
                side,
                mv,
                effect: effect.clone(),
                by_computer,
            }
        };
        self.announce(said);
        self.last_effect = Some(effect);
        G::after_change(self);
        self.consequences(now);
        Ok(())
    }

    /// After a move: the end of the game, or a pass the person must make
    /// (played at once when passes are automatic).
    fn consequences(&mut self, now: f64) {
        if let Some(outcome) = self.outcome() {
            self.announce_also(Announcement::GameOver(outcome));
            return;
        }
        if let Turn::HumanPass(side) = self.turn() {
            match G::pass().filter(|_| self.auto_pass) {
                Some(pass) => {
                    if self.record.play(pass).is_ok() {
                        self.clock_after_move(true, now);
                        self.announce_also(Announcement::Passed {
                            side,
                            by: PassedBy::Automatically,
                        });
                        self.pass_note = Some(side);
                        G::after_change(self);
                        self.consequences(now);
                    }
                }
                None => self.announce_also(Announcement::MustPass(side)),
            }
        }
    }

    fn go_to(&mut self, ply: usize, now: f64) -> bool {
        if !self.record.go_to(ply) {
            return false;
        }
        self.last_effect = None;
        self.notice = None;
        // Reviewing the game: the computer does not move by itself until
        // asked to continue.
        self.paused = matches!(self.turn(), Turn::Computer(_));
        self.clock_navigated(now);
        true
    }

    /// Goes to `target` (undo, redo, the move list), saying `said`.
    fn step(&mut self, target: Option<usize>, said: fn(usize) -> Announcement<G>, now: f64) {
        if let Some(ply) = target.filter(|&ply| self.go_to(ply, now)) {
            self.announce(said(ply));
        }
    }

    fn replace_game(
        &mut self,
        settings: G::Settings,
        record: Record<G::Position>,
        said: Announcement<G>,
        now: f64,
    ) {
        let extra = G::carry_over(self, &settings, &record);
        let auto_pass = self.auto_pass;
        let clock = self.clock.take();
        *self = GameSession::with_record(settings, record);
        self.extra = extra;
        self.auto_pass = auto_pass;
        self.clock_for_new_game(clock);
        self.announce(said);
        G::after_change(self);
        // A loaded game may stop where the person must pass.
        if self.record.cursor() == self.record.line().len() {
            self.consequences(now);
        }
    }

    /// Applies `action` when no time is given: at the clock's latest time
    /// (no time passes on the clock).
    pub fn apply(&mut self, action: Action<G>) {
        self.apply_at(action, self.clock_time());
    }

    /// Applies `action` at `now` (milliseconds on a monotonic clock, the
    /// game clock's time).
    pub fn apply_at(&mut self, action: Action<G>, now: f64) {
        self.flag_if_out(now);
        if matches!(
            action,
            Action::Play(_)
                | Action::Undo
                | Action::Redo
                | Action::GoTo(_)
                | Action::NewGame(..)
                | Action::Load(..)
                | Action::Paste(_)
        ) {
            self.pass_note = None;
        }
        match action {
            Action::Play(mv) => self.play_person(mv, now),
            Action::Undo => self.step(self.undo_target(), Announcement::Undone, now),
            Action::Redo => self.step(self.redo_target(), Announcement::Redone, now),
            Action::GoTo(ply) => self.step(Some(ply), Announcement::Shown, now),
            Action::Resume => self.paused = false,
            Action::NewGame(settings, start) => {
                let start = start.unwrap_or_else(|| G::start(&settings));
                self.replace_game(settings, Record::new(start), Announcement::NewGame, now);
            }
            Action::Load(settings, record) => {
                self.replace_game(settings, record, Announcement::Loaded, now)
            }
            Action::Paste(text) => match G::replay(&self.settings, &text) {
                Ok(record) => {
                    let settings = self.settings.clone();
                    self.replace_game(settings, record, Announcement::Loaded, now)
                }
                Err(e) => self.notice = Some(Notice::Record(e)),
            },
            Action::SetAutoPass(on) => {
                self.auto_pass = on;
                if on && self.record.cursor() == self.record.line().len() {
                    self.consequences(now);
                }
            }
            Action::SearchStarted(id, job, position) => {
                self.search = Some(Search {
                    id,
                    job,
                    position,
                    progress: None,
                });
            }
            Action::SearchCancelled => self.search = None,
            Action::SearchFailed(id) => self.search_failed(id),
            Action::Progress(id, progress) => self.search_progress(id, progress),
            Action::Finished(id, answer) => self.finish_search(id, answer, now),
            Action::MoveNow => self.move_now(now),
            Action::TimeLoss { loser, completes } => self.time_loss(loser, completes),
            Action::Clock(action) => self.apply_clock(action, now),
            Action::Announce(announcement) => self.announce(announcement),
            Action::SetNotice(notice) => self.notice = notice,
            Action::Game(action) => G::apply_game(self, action),
        }
        self.clock_follows(now);
    }

    /// A person plays `mv` (refused when it is not their turn or illegal).
    fn play_person(&mut self, mv: Move<G>, now: f64) {
        self.notice = match self.turn() {
            Turn::HumanMove(side) | Turn::HumanPass(side) => {
                let refused = self.play_move(mv, false, now).err();
                if let Some(error) = &refused {
                    self.announce(Announcement::Refused(error.clone(), side));
                }
                refused.map(Notice::Illegal)
            }
            Turn::Over => Some(Notice::GameOver),
            // Not the person's turn: the click is ignored.
            Turn::Computer(_) => self.notice.take(),
        };
    }

    /// The worker kept failing on search `id`: the computer stops (or the
    /// game stops asking for its own search).
    fn search_failed(&mut self, id: u64) {
        if let Some(search) = self.search.take_if(|s| s.id == id) {
            if search.job == SearchJob::Play {
                self.paused = true;
            } else {
                G::on_failed(self, &search);
            }
            self.notice = Some(Notice::EngineFailed);
        }
    }

    /// Search `id` completed a depth.
    fn search_progress(&mut self, id: u64, progress: G::Progress) {
        let Some(search) = self.search.clone().filter(|s| s.id == id) else {
            return;
        };
        G::on_progress(self, &search, &progress);
        if let Some(search) = self.search.as_mut() {
            search.progress = Some(progress);
        }
    }

    /// The computer plays its best move so far at `now` (the search is
    /// abandoned).
    pub(super) fn move_now(&mut self, now: f64) {
        let Some(search) = self.search.clone().filter(|s| s.job == SearchJob::Play) else {
            return;
        };
        let best = search
            .progress
            .as_ref()
            .and_then(G::progress_move)
            .or_else(|| G::fallback_move(&search.position));
        if let Some(mv) = best {
            self.search = None;
            self.play_computer_move(&search, mv, now);
        }
    }

    /// `loser` ran out of time: the game ends with the time-loss result,
    /// or, where the game offers it and `completes` is set, goes on with
    /// the winner playing both sides until the end.
    pub(super) fn time_loss(&mut self, loser: G::Side, completes: bool) {
        let at_end = self.record.cursor() == self.record.line().len();
        let completes = completes && G::offers_completion(&self.settings);
        // A completed game (restored after a reload) is over already.
        let open = self.outcome().is_none() || completes;
        if !at_end || !open || self.completing.is_some() || self.flagged.is_some() {
            return;
        }
        self.announce(Announcement::Flag(loser));
        if completes {
            self.completing = Some((loser, self.record.line().len()));
        } else {
            self.flagged = Some(loser);
            if let Some(outcome) = self.outcome() {
                self.announce_also(Announcement::GameOver(outcome));
            }
        }
    }

    fn finish_search(&mut self, id: u64, answer: G::Answer, now: f64) {
        let Some(search) = self.search.take_if(|s| s.id == id) else {
            return;
        };
        G::on_answer(self, &search, &answer);
        if search.job == SearchJob::Play {
            if let Some(mv) = G::answer_move(&answer) {
                self.play_computer_move(&search, mv, now);
            }
        }
    }

    /// Plays the computer's `mv`, if the search was about the position
    /// shown and it is still the computer's turn there.
    fn play_computer_move(&mut self, search: &Search<G>, mv: Move<G>, now: f64) {
        if search.position != self.position()
            || !matches!(self.turn(), Turn::Computer(_))
            || self.paused
        {
            return;
        }
        if self.play_move(mv, true, now).is_ok() {
            self.notice = None;
        }
    }
}
