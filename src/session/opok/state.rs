//! The Opok page's state and the actions that change it (a pure reducer,
//! tested natively).

use crate::engine::opok::levels::Choice;
use crate::engine::opok::notation::{replay, RecordError};
use crate::engine::opok::{Geometry, Move, Outcome, PlayError, Position, Side, Square, Stack};
use crate::engine::search::Progress;

use super::link::LinkError;
use super::saved::SavedError;
use super::{Record, Settings};

/// What the side to move must do next.
pub type Turn = crate::session::turn::Turn<Side>;

/// The computer's search in the worker.
#[derive(Clone, PartialEq, Debug)]
pub struct Search {
    /// The request id.
    pub id: u64,
    /// The position searched.
    pub position: Position,
    /// The last completed depth.
    pub progress: Option<Progress<Move>>,
}

/// Something to say (and show).
#[derive(Clone, PartialEq, Debug)]
pub enum Announcement {
    /// A stack moved.
    Moved {
        /// Who moved.
        side: Side,
        /// The move.
        mv: Move,
        /// Stacks captured: square and height.
        captured: Vec<(Square, u8)>,
        /// True for the computer.
        by_computer: bool,
    },
    /// A side passed.
    Passed {
        /// Who passed.
        side: Side,
        /// True for the computer.
        by_computer: bool,
    },
    /// The side to move must pass.
    MustPass(Side),
    /// The game ended.
    GameOver(Outcome),
    /// The occupied squares, on request.
    Score {
        /// Circles' squares.
        circles: u32,
        /// Squares' squares.
        squares: u32,
        /// Whose turn it is.
        to_move: Option<Side>,
    },
    /// The last move, on request.
    LastMove(Option<(Side, Move)>),
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
    /// A pasted record was refused; the game was kept.
    Record(RecordError),
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

/// Everything the Opok page shows.
#[derive(Clone, PartialEq, Debug)]
pub struct OpokState {
    /// How the game is set up.
    pub settings: Settings,
    /// The moves.
    pub record: Record,
    /// The computer's search in the worker.
    pub search: Option<Search>,
    /// The computer waits for "continue" after going back.
    pub paused: bool,
    /// A message until the next action.
    pub notice: Option<Notice>,
    /// The latest announcements, numbered so repeats are spoken again.
    pub announcement: Option<(u32, Vec<Announcement>)>,
    /// Stacks the last move captured (shown leaving).
    pub captured: Vec<(Square, Stack)>,
}

/// Everything that can happen on the page.
#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    /// A person plays a move (or a confirmed pass).
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
    /// Load a record from the start of the current size (keeps the game on error).
    LoadRecord(String),
    /// A search was sent to the worker.
    SearchStarted(u64, Position),
    /// The running search was abandoned.
    SearchCancelled,
    /// The worker kept failing on that request; the computer stops.
    SearchFailed(u64),
    /// The search completed a depth.
    Progress(u64, Progress<Move>),
    /// The search finished.
    Finished(u64, Choice),
    /// Play the computer's best move so far now.
    MoveNow,
    /// Say something.
    Announce(Announcement),
    /// Show or clear a notice.
    SetNotice(Option<Notice>),
}

impl OpokState {
    /// A new game.
    pub fn new(settings: Settings) -> OpokState {
        OpokState::with_record(settings, Record::new(Position::start(settings.geometry)))
    }

    /// A game with an existing record.
    pub fn with_record(settings: Settings, record: Record) -> OpokState {
        OpokState {
            settings,
            record,
            search: None,
            paused: false,
            notice: None,
            announcement: None,
            captured: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.record.current()
    }

    fn turn_at(&self, position: &Position) -> Turn {
        let side = position.side_to_move();
        Turn::of(
            position.is_over(),
            side,
            position.must_pass(),
            self.settings.player(side).is_computer(),
        )
    }

    /// What happens next.
    pub fn turn(&self) -> Turn {
        self.turn_at(&self.position())
    }

    /// The position the computer should be searching, if any.
    pub fn wanted_search(&self) -> Option<Position> {
        (matches!(self.turn(), Turn::Computer(_)) && !self.paused).then(|| self.position())
    }

    fn stops_at(&self, ply: usize) -> bool {
        self.settings.computer_only()
            || matches!(
                self.turn_at(&self.record.position_at(ply)),
                Turn::HumanMove(_)
            )
    }

    /// Where undo goes.
    pub fn undo_target(&self) -> Option<usize> {
        self.record.undo_target(|ply| self.stops_at(ply))
    }

    /// Where redo goes.
    pub fn redo_target(&self) -> Option<usize> {
        self.record.redo_target(|ply| self.stops_at(ply))
    }

    fn announce(&mut self, announcement: Announcement) {
        let seq = self.announcement.as_ref().map_or(0, |(n, _)| n + 1);
        self.announcement = Some((seq, vec![announcement]));
    }

    fn announce_also(&mut self, announcement: Announcement) {
        match &mut self.announcement {
            Some((_, list)) => list.push(announcement),
            None => self.announce(announcement),
        }
    }

    fn play_move(&mut self, mv: Move, by_computer: bool) -> Result<(), PlayError> {
        let before = self.position();
        let side = before.side_to_move();
        let captured: Vec<(Square, Stack)> = Geometry::iter(before.captures(mv))
            .filter_map(|s| before.stack(s).map(|stack| (s, stack)))
            .collect();
        self.record.play(mv)?;
        self.paused = false;
        self.announce(match mv {
            Move::Step { .. } => Announcement::Moved {
                side,
                mv,
                captured: captured
                    .iter()
                    .map(|(s, stack)| (*s, stack.height))
                    .collect(),
                by_computer,
            },
            Move::Pass => Announcement::Passed { side, by_computer },
        });
        self.captured = captured;
        let after = self.position();
        if let Some(outcome) = after.outcome() {
            self.announce_also(Announcement::GameOver(outcome));
        } else if matches!(self.turn(), Turn::HumanPass(_)) {
            self.announce_also(Announcement::MustPass(after.side_to_move()));
        }
        Ok(())
    }

    fn go_to(&mut self, ply: usize) -> bool {
        if !self.record.go_to(ply) {
            return false;
        }
        self.captured.clear();
        self.notice = None;
        self.paused = matches!(self.turn(), Turn::Computer(_));
        true
    }

    fn replace_game(&mut self, settings: Settings, record: Record, announcement: Announcement) {
        *self = OpokState::with_record(settings, record);
        self.announce(announcement);
    }

    /// Applies `action`.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Play(mv) => {
                self.notice = match self.turn() {
                    Turn::HumanMove(_) | Turn::HumanPass(_) => {
                        self.play_move(mv, false).err().map(Notice::Illegal)
                    }
                    Turn::Over => Some(Notice::Illegal(PlayError::GameOver)),
                    Turn::Computer(_) => self.notice.take(),
                };
            }
            Action::Undo => {
                if let Some(ply) = self.undo_target() {
                    self.go_to(ply);
                    self.announce(Announcement::Undone(ply));
                }
            }
            Action::Redo => {
                if let Some(ply) = self.redo_target() {
                    self.go_to(ply);
                    self.announce(Announcement::Redone(ply));
                }
            }
            Action::GoTo(ply) => {
                self.go_to(ply);
            }
            Action::Resume => self.paused = false,
            Action::NewGame(settings) => self.replace_game(
                settings,
                Record::new(Position::start(settings.geometry)),
                Announcement::NewGame,
            ),
            Action::Load(settings, record) => {
                self.replace_game(settings, record, Announcement::Loaded)
            }
            Action::LoadRecord(text) => {
                let start = Position::start(self.settings.geometry);
                match replay(start, &text) {
                    Ok(game) => {
                        let record = Record::from_moves(start, &game.moves, game.moves.len())
                            .expect("replayed moves are legal");
                        self.replace_game(self.settings, record, Announcement::Loaded);
                    }
                    Err(e) => self.notice = Some(Notice::Record(e)),
                }
            }
            Action::SearchStarted(id, position) => {
                self.search = Some(Search {
                    id,
                    position,
                    progress: None,
                })
            }
            Action::SearchCancelled => self.search = None,
            Action::SearchFailed(id) => {
                if self.search.take_if(|s| s.id == id).is_some() {
                    self.paused = true;
                    self.notice = Some(Notice::EngineFailed);
                }
            }
            Action::Progress(id, progress) => {
                if let Some(search) = self.search.as_mut().filter(|s| s.id == id) {
                    search.progress = Some(progress);
                }
            }
            Action::Finished(id, choice) => self.finish_search(id, choice.best),
            Action::MoveNow => {
                if let Some(search) = self.search.clone() {
                    let best = search
                        .progress
                        .map(|p| p.best)
                        .or_else(|| search.position.moves().first().copied());
                    self.finish_search(search.id, best);
                }
            }
            Action::Announce(announcement) => self.announce(announcement),
            Action::SetNotice(notice) => self.notice = notice,
        }
    }

    fn finish_search(&mut self, id: u64, best: Option<Move>) {
        let Some(search) = self.search.take_if(|s| s.id == id) else {
            return;
        };
        let current = self.position();
        if search.position != current || !matches!(self.turn(), Turn::Computer(_)) || self.paused {
            return;
        }
        if let Some(mv) = best {
            if self.play_move(mv, true).is_ok() {
                self.notice = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::opok::notation::parse_move;
    use crate::session::player::Player;

    fn mv(state: &OpokState, text: &str) -> Move {
        parse_move(state.settings.geometry, text).unwrap()
    }

    #[test]
    fn a_game_against_the_computer_alternates_and_ignores_stale_answers() {
        let mut state = OpokState::new(Settings::default());
        assert_eq!(state.turn(), Turn::HumanMove(Side::Circles));
        state.apply(Action::Play(mv(&state, "a1:3:b3")));
        let position = state.wanted_search().unwrap();
        state.apply(Action::SearchStarted(1, position));
        state.apply(Action::Finished(
            0,
            Choice {
                best: Some(mv(&state, "e5:1:e4")),
                score: None,
                exact: false,
            },
        ));
        assert_eq!(state.record.cursor(), 1, "a stale answer");
        state.apply(Action::Finished(
            1,
            Choice {
                best: Some(mv(&state, "e5:1:e4")),
                score: None,
                exact: false,
            },
        ));
        assert_eq!(state.record.cursor(), 2);
        assert_eq!(state.turn(), Turn::HumanMove(Side::Circles));
        state.apply(Action::Undo);
        assert_eq!(state.record.cursor(), 0);
        state.apply(Action::Redo);
        assert_eq!(state.record.cursor(), 2);
    }

    #[test]
    fn captures_are_announced_and_kept_for_the_animation() {
        let settings = Settings {
            squares: Player::Human,
            ..Settings::default()
        };
        let start = crate::engine::opok::notation::parse_position(
            "c1,.,.,.,./.,c5,s1,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,s1 c",
        )
        .unwrap();
        let mut state = OpokState::with_record(settings, Record::new(start));
        state.apply(Action::Play(mv(&state, "b2:4:d2")));
        assert_eq!(state.captured.len(), 1);
        let (_, said) = state.announcement.clone().unwrap();
        assert!(matches!(&said[0], Announcement::Moved { captured, .. } if captured.len() == 1));
    }

    #[test]
    fn a_bad_record_keeps_the_game() {
        let mut state = OpokState::new(Settings {
            squares: Player::Human,
            ..Settings::default()
        });
        state.apply(Action::Play(mv(&state, "a1:3:b3")));
        let before = state.record.clone();
        state.apply(Action::LoadRecord("a1:3:b3 e5:1:zz".into()));
        assert_eq!(state.record, before);
        assert!(matches!(
            state.notice,
            Some(Notice::Record(RecordError::NotAMove { number: 2, .. }))
        ));
        state.apply(Action::LoadRecord("a1:2:b1".into()));
        assert!(matches!(
            state.notice,
            Some(Notice::Record(RecordError::Illegal { number: 1, .. }))
        ));
        state.apply(Action::LoadRecord("a1:3:b3 e5:1:e4".into()));
        assert_eq!(state.record.cursor(), 2);
    }
}
