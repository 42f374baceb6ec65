//! The take-away page's state and the actions that change it (a pure
//! reducer, tested natively).

use crate::engine::nim::position::MoveTextError;
use crate::engine::nim::theory::{Analysis, BudgetExhausted};
use crate::engine::nim::{Move, PlayError, Position, Rule};

use super::link::LinkError;
use super::saved::SavedError;
use super::{replay, Mover, Record, Settings};

/// What happens next.
pub type Turn = crate::session::turn::Turn<Mover>;

/// Something to say (and show).
#[derive(Clone, PartialEq, Debug)]
pub enum Announcement {
    /// Tokens were taken.
    Took {
        /// Who took them.
        mover: Mover,
        /// From which heap (0-based).
        heap: usize,
        /// How many.
        take: u64,
        /// How many are left in that heap.
        left: u64,
        /// The heap's rule.
        rule: Rule,
        /// True for the computer.
        by_computer: bool,
    },
    /// The game ended.
    GameOver {
        /// The winner.
        winner: Mover,
    },
    /// Moves were taken back; this many remain.
    Undone(usize),
    /// Moves were replayed; this many are played.
    Redone(usize),
    /// A new game.
    NewGame,
    /// A game was loaded.
    Loaded,
}

/// A message shown until the next action.
#[derive(Clone, PartialEq, Debug)]
pub enum Notice {
    /// A move was refused.
    Illegal(PlayError),
    /// A pasted record was refused at a move (numbered from 1).
    Record(usize, MoveTextError),
    /// The opened link was refused; the game in progress (or a new one) was kept.
    Link(LinkError),
    /// The autosave could not be restored; it was set aside.
    Saved(SavedError),
    /// The record was copied.
    Copied,
    /// The share link was copied.
    LinkCopied,
    /// The engine kept failing on this position and the computer stopped
    /// (the game is kept; "continue" asks again).
    EngineFailed,
}

/// What the worker is asked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Job {
    /// The computer's move.
    Move,
    /// The exact misère analysis, for the theory panel.
    Analysis,
}

/// A request running in the worker.
#[derive(Clone, PartialEq, Debug)]
pub struct Search {
    /// The request id.
    pub id: u64,
    /// What it is for.
    pub job: Job,
    /// The position.
    pub position: Position,
}

/// Everything the take-away page shows.
#[derive(Clone, PartialEq, Debug)]
pub struct NimState {
    /// How the game is set up.
    pub settings: Settings,
    /// The moves.
    pub record: Record,
    /// The request running in the worker.
    pub search: Option<Search>,
    /// The misère analysis of the current position, from the worker.
    pub misere_analysis: Option<(Position, Result<Analysis, BudgetExhausted>)>,
    /// The computer waits for "continue" after going back.
    pub paused: bool,
    /// A message until the next action.
    pub notice: Option<Notice>,
    /// The latest announcements, numbered so repeats are spoken again.
    pub announcement: Option<(u32, Vec<Announcement>)>,
}

/// Everything that can happen on the page.
#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    /// A person takes tokens.
    Play(Move),
    /// Back to the person's previous turn.
    Undo,
    /// Forward to the person's next turn.
    Redo,
    /// To the position after `ply` moves.
    GoTo(usize),
    /// The computer may move again after going back.
    Resume,
    /// A new game.
    NewGame(Settings),
    /// Replace the game by a loaded one.
    Load(Settings, Record),
    /// Load `heap:taken` moves from the start (keeps the game on error).
    LoadRecord(String),
    /// A request was sent to the worker.
    SearchStarted(u64, Job, Position),
    /// That request was abandoned.
    SearchCancelled,
    /// The worker kept failing on that request; the computer stops.
    SearchFailed(u64),
    /// The computer chose (or `None` when the game was over).
    Finished(u64, Option<Move>),
    /// The worker's misère analysis.
    Analysed(u64, Result<Analysis, BudgetExhausted>),
    /// Say something.
    Announce(Announcement),
    /// Show or clear a notice.
    SetNotice(Option<Notice>),
}

impl NimState {
    /// A new game.
    pub fn new(settings: Settings) -> NimState {
        let record = Record::new(settings.start.clone());
        NimState::with_record(settings, record)
    }

    /// A game with an existing record.
    pub fn with_record(settings: Settings, record: Record) -> NimState {
        NimState {
            settings,
            record,
            search: None,
            misere_analysis: None,
            paused: false,
            notice: None,
            announcement: None,
        }
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.record.current()
    }

    /// Who moves now.
    pub fn mover(&self) -> Mover {
        Mover::at(self.record.cursor())
    }

    fn turn_at(&self, ply: usize) -> Turn {
        let mover = Mover::at(ply);
        Turn::of(
            self.record.position_at(ply).is_over(),
            mover,
            false,
            self.settings.player(mover).is_computer(),
        )
    }

    /// What happens next.
    pub fn turn(&self) -> Turn {
        self.turn_at(self.record.cursor())
    }

    /// The winner, once the game is over: under normal play whoever moved
    /// last, under misère play the other one.
    pub fn winner(&self) -> Option<Mover> {
        let to_move = self.mover();
        self.position().is_over().then(|| {
            if self.settings.misere {
                to_move
            } else {
                to_move.other()
            }
        })
    }

    /// What the worker should be doing now: the computer's move first,
    /// else the misère analysis of the position if not done yet.
    pub fn wanted_job(&self) -> Option<(Job, Position)> {
        let position = self.position();
        if matches!(self.turn(), Turn::Computer(_)) && !self.paused {
            return Some((Job::Move, position));
        }
        let done = self
            .misere_analysis
            .as_ref()
            .is_some_and(|(p, _)| *p == position);
        (self.settings.misere && !done && !position.is_over()).then_some((Job::Analysis, position))
    }

    fn stops_at(&self, ply: usize) -> bool {
        self.settings.computer_only() || matches!(self.turn_at(ply), Turn::HumanMove(_))
    }

    /// Where undo goes.
    pub fn undo_target(&self) -> Option<usize> {
        self.record.undo_target(|ply| self.stops_at(ply))
    }

    /// Where redo goes.
    pub fn redo_target(&self) -> Option<usize> {
        self.record.redo_target(|ply| self.stops_at(ply))
    }

    fn announce(&mut self, list: Vec<Announcement>) {
        let seq = self.announcement.as_ref().map_or(0, |(n, _)| n + 1);
        self.announcement = Some((seq, list));
    }

    fn play_move(&mut self, mv: Move, by_computer: bool) -> Result<(), PlayError> {
        let mover = self.mover();
        let before = self.position();
        self.record.play(mv)?;
        let heap = &before.heaps()[mv.heap];
        let mut said = vec![Announcement::Took {
            mover,
            heap: mv.heap,
            take: mv.take,
            left: heap.size - mv.take,
            rule: heap.rule.clone(),
            by_computer,
        }];
        if let Some(winner) = self.winner() {
            said.push(Announcement::GameOver { winner });
        }
        self.announce(said);
        self.paused = false;
        Ok(())
    }

    fn go_to(&mut self, ply: usize) -> bool {
        if !self.record.go_to(ply) {
            return false;
        }
        self.notice = None;
        self.paused = matches!(self.turn(), Turn::Computer(_));
        true
    }

    fn replace_game(&mut self, settings: Settings, record: Record, announcement: Announcement) {
        *self = NimState::with_record(settings, record);
        self.announce(vec![announcement]);
    }

    /// Applies `action`.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Play(mv) => {
                self.notice = match self.turn() {
                    Turn::HumanMove(_) | Turn::HumanPass(_) => {
                        self.play_move(mv, false).err().map(Notice::Illegal)
                    }
                    Turn::Over | Turn::Computer(_) => self.notice.take(),
                };
            }
            Action::Undo => {
                if let Some(ply) = self.undo_target() {
                    self.go_to(ply);
                    self.announce(vec![Announcement::Undone(ply)]);
                }
            }
            Action::Redo => {
                if let Some(ply) = self.redo_target() {
                    self.go_to(ply);
                    self.announce(vec![Announcement::Redone(ply)]);
                }
            }
            Action::GoTo(ply) => {
                self.go_to(ply);
            }
            Action::Resume => self.paused = false,
            Action::NewGame(settings) => {
                let record = Record::new(settings.start.clone());
                self.replace_game(settings, record, Announcement::NewGame);
            }
            Action::Load(settings, record) => {
                self.replace_game(settings, record, Announcement::Loaded)
            }
            Action::LoadRecord(text) => {
                let moves: Vec<&str> = text
                    .split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|m| !m.is_empty())
                    .collect();
                match replay(&self.settings.start, &moves) {
                    Ok(record) => {
                        self.replace_game(self.settings.clone(), record, Announcement::Loaded)
                    }
                    Err((n, e)) => self.notice = Some(Notice::Record(n, e)),
                }
            }
            Action::SearchStarted(id, job, position) => {
                self.search = Some(Search { id, job, position })
            }
            Action::SearchCancelled => self.search = None,
            Action::SearchFailed(id) => {
                if let Some(search) = self.search.take_if(|s| s.id == id) {
                    match search.job {
                        Job::Move => self.paused = true,
                        Job::Analysis => {
                            let gave_up = Err(BudgetExhausted { steps: 0 });
                            self.misere_analysis = Some((search.position, gave_up));
                        }
                    }
                    self.notice = Some(Notice::EngineFailed);
                }
            }
            Action::Finished(id, best) => {
                let Some(search) = self.search.take_if(|s| s.id == id && s.job == Job::Move) else {
                    return;
                };
                let current = self.position();
                if search.position == current
                    && matches!(self.turn(), Turn::Computer(_))
                    && !self.paused
                {
                    if let Some(mv) = best {
                        let _ = self.play_move(mv, true);
                    }
                }
            }
            Action::Analysed(id, analysis) => {
                if let Some(search) = self
                    .search
                    .take_if(|s| s.id == id && s.job == Job::Analysis)
                {
                    self.misere_analysis = Some((search.position, analysis));
                }
            }
            Action::Announce(announcement) => self.announce(vec![announcement]),
            Action::SetNotice(notice) => self.notice = notice,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::nim::parse_position;
    use crate::session::player::Player;

    fn two_people(start: &str, misere: bool) -> NimState {
        NimState::new(Settings {
            start: parse_position(start).unwrap(),
            misere,
            first: Player::Human,
            second: Player::Human,
        })
    }

    #[test]
    fn the_last_move_wins_under_normal_play_and_loses_under_misere() {
        for (misere, winner) in [(false, Mover::First), (true, Mover::Second)] {
            let mut state = two_people("nim:2", misere);
            state.apply(Action::Play(Move { heap: 0, take: 2 }));
            assert_eq!(state.turn(), Turn::Over);
            assert_eq!(state.winner(), Some(winner));
            let said = &state.announcement.as_ref().unwrap().1;
            assert_eq!(said.last(), Some(&Announcement::GameOver { winner }));
        }
    }

    #[test]
    fn illegal_amounts_are_refused_with_the_reason() {
        let mut state = two_people("half:9", false);
        state.apply(Action::Play(Move { heap: 0, take: 5 }));
        assert!(matches!(
            state.notice,
            Some(Notice::Illegal(PlayError::Refused {
                refusal: crate::engine::nim::Refusal::MoreThanHalf,
                ..
            }))
        ));
        assert_eq!(state.record.cursor(), 0);
    }

    #[test]
    fn the_computer_plays_only_for_the_current_position() {
        let mut state = NimState::new(Settings::default());
        state.apply(Action::Play(Move { heap: 0, take: 3 }));
        let (job, position) = state.wanted_job().unwrap();
        assert_eq!(job, Job::Move);
        state.apply(Action::SearchStarted(1, job, position));
        state.apply(Action::Undo);
        state.apply(Action::Finished(1, Some(Move { heap: 1, take: 1 })));
        assert_eq!(state.record.cursor(), 0);
        assert_eq!(state.turn(), Turn::HumanMove(Mover::First));
    }

    #[test]
    fn records_load_or_name_the_bad_move() {
        let mut state = two_people("nim:3 nim:4", false);
        state.apply(Action::LoadRecord("0:1 1:9".into()));
        assert!(matches!(state.notice, Some(Notice::Record(2, _))));
        state.apply(Action::LoadRecord("0:1, 1:2".into()));
        assert_eq!(state.record.cursor(), 2);
    }

    #[test]
    fn misere_games_ask_the_worker_for_their_analysis() {
        let mut state = two_people("half:9 dim:6", true);
        assert_eq!(state.wanted_job(), Some((Job::Analysis, state.position())));
        state.apply(Action::SearchStarted(4, Job::Analysis, state.position()));
        let analysis = crate::engine::nim::theory::analyse(&state.position(), true, 10_000);
        state.apply(Action::Analysed(4, analysis));
        assert_eq!(state.wanted_job(), None);
        assert_eq!(two_people("half:9", false).wanted_job(), None);
    }
}
