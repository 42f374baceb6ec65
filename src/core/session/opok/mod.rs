//! An Opok game in the app: what Opok plugs into the session core.
//!
//! * [`settings`]: board size, who plays each side, thinking time.
//! * [`formats`]: how a game writes itself in links and saves.
//! * [`view`]: the board as plain data for the page.

pub mod described;
pub mod formats;
pub mod settings;
pub mod view;

use std::convert::Infallible;

use crate::engine::opok::levels::Choice;
use crate::engine::opok::notation::{replay, RecordError};
use crate::engine::opok::{Geometry, Move, Outcome, Position, Side, Square, Stack};
use crate::engine::search::Progress;
use crate::session::core::{
    GameOwn, GameResults, GameSearch, GameSession, Search, SearchJob, SessionGame,
};
use crate::session::turn::Turn;

pub use settings::Settings;

/// The record of an Opok game.
pub type Record = crate::session::record::Record<Position>;
/// An Opok game on the page.
pub type OpokState = GameSession<Opok>;

/// Opok in the session core.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Opok;

/// What Opok says on request.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OpokAnnouncement {
    /// The occupied squares.
    Score {
        /// Circles' squares.
        circles: u32,
        /// Squares' squares.
        squares: u32,
        /// Whose turn it is.
        to_move: Option<Side>,
    },
}

impl GameResults for Opok {
    type Outcome = Outcome;
    /// The stacks the move captured (shown leaving).
    type Effect = Vec<(Square, Stack)>;
}

/// The engine's view of a position (an `analyse` frame): the search's
/// latest completed depth, and whether the search has finished.
#[derive(Clone, PartialEq, Debug)]
pub struct Analysis {
    /// The position analysed.
    pub position: Position,
    /// The latest completed depth (`None`: none yet, or a single move).
    pub progress: Option<Progress<Move>>,
    /// The search has finished: nothing more will come.
    pub done: bool,
}

/// What an Opok game keeps besides the core's state.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct OpokExtra {
    /// The engine analyses every position a person is to move in.
    pub analyse: bool,
    /// The analysis of the latest position asked for.
    pub analysis: Option<Analysis>,
}

impl OpokExtra {
    /// The analysis of `position`, if it is the one analysed.
    pub fn analysis_of(&self, position: &Position) -> Option<&Analysis> {
        self.analysis.as_ref().filter(|a| a.position == *position)
    }
}

/// Opok's own actions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OpokAction {
    /// Switch the engine's view of the position shown (an `analyse`
    /// frame) on or off.
    Analyse(bool),
}

impl GameOwn for Opok {
    type Extra = OpokExtra;
    type GameAction = OpokAction;
    type GameNotice = Infallible;
    type GameAnnouncement = OpokAnnouncement;
}

/// What Opok asks the worker for: the computer's move, or the engine's
/// view of a position (an `analyse` frame, Opok's only analysis).
pub type OpokJob = SearchJob<()>;

impl GameSearch for Opok {
    /// The engine's view of a position.
    type Analysis = ();
    type Progress = Progress<Move>;
    type Answer = Choice;
}

impl SessionGame for Opok {
    type Position = Position;
    type Side = Side;
    type Settings = Settings;

    crate::session::core::board_game_turns!();

    fn time_loss(_settings: &Settings, position: &Position, loser: Side) -> Outcome {
        Outcome {
            circles: position.score(Side::Circles),
            squares: position.score(Side::Squares),
            winner: Some(loser.opponent()),
        }
    }

    fn sides() -> [Side; 2] {
        [Side::Circles, Side::Squares]
    }

    fn start(settings: &Settings) -> Position {
        Position::start(settings.geometry)
    }

    fn effect(before: &Position, mv: &Move) -> Vec<(Square, Stack)> {
        Geometry::iter(before.captures(*mv))
            .filter_map(|s| before.stack(s).map(|stack| (s, stack)))
            .collect()
    }

    fn replay(settings: &Settings, text: &str) -> Result<Record, RecordError> {
        let start = Position::start(settings.geometry);
        let game = replay(start, text)?;
        Ok(Record::from_moves(start, &game.moves, game.moves.len())
            .expect("replayed moves are legal"))
    }

    fn progress_move(progress: &Progress<Move>) -> Option<Move> {
        Some(progress.best)
    }

    /// An analysis of the position shown, on a person's turn, once.
    fn wanted_job(session: &OpokState) -> Option<(OpokJob, Position)> {
        let position = session.position();
        let done = session.extra.analysis_of(&position).is_some_and(|a| a.done);
        (session.extra.analyse && matches!(session.turn(), Turn::HumanMove(_)) && !done)
            .then_some((SearchJob::Analyse(()), position))
    }

    fn on_progress(session: &mut OpokState, search: &Search<Opok>, progress: &Progress<Move>) {
        if search.job == SearchJob::Analyse(()) {
            session.extra.analysis = Some(Analysis {
                position: search.position,
                progress: Some(progress.clone()),
                done: false,
            });
        }
    }

    fn on_answer(session: &mut OpokState, search: &Search<Opok>, _choice: &Choice) {
        if search.job != SearchJob::Analyse(()) {
            return;
        }
        match &mut session.extra.analysis {
            Some(a) if a.position == search.position => a.done = true,
            // Finished without a completed depth (a single move).
            analysis => {
                *analysis = Some(Analysis {
                    position: search.position,
                    progress: None,
                    done: true,
                })
            }
        }
    }

    fn on_failed(session: &mut OpokState, search: &Search<Opok>) {
        if search.job == SearchJob::Analyse(()) {
            session.extra.analyse = false;
        }
    }

    fn apply_game(session: &mut OpokState, action: OpokAction) {
        match action {
            OpokAction::Analyse(on) => {
                session.extra.analyse = on;
                if !on {
                    session.extra.analysis = None;
                }
            }
        }
    }

    /// An analysing frame goes on analysing after a new game.
    fn carry_over(old: &OpokState, _settings: &Settings, _record: &Record) -> OpokExtra {
        OpokExtra {
            analyse: old.extra.analyse,
            analysis: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::opok::notation::parse_move;
    use crate::session::core::{Action, Announcement, Notice};
    use crate::session::player::Player;
    use crate::session::turn::Turn;

    fn mv(state: &OpokState, text: &str) -> Move {
        parse_move(state.settings.geometry, text).unwrap()
    }

    fn choice(state: &OpokState, text: &str) -> Choice {
        Choice {
            best: Some(mv(state, text)),
            score: None,
            exact: false,
        }
    }

    #[test]
    fn a_game_against_the_computer_alternates_and_ignores_stale_answers() {
        let mut state = OpokState::new(Settings::default());
        assert_eq!(state.turn(), Turn::HumanMove(Side::Circles));
        state.apply(Action::Play(mv(&state, "a1:3:b3")));
        let (job, position) = state.wanted_search().unwrap();
        state.apply(Action::SearchStarted(1, job, position));
        state.apply(Action::Finished(0, choice(&state, "e5:1:e4")));
        assert_eq!(state.record.cursor(), 1, "a stale answer");
        state.apply(Action::Finished(1, choice(&state, "e5:1:e4")));
        assert_eq!(state.record.cursor(), 2);
        assert_eq!(state.turn(), Turn::HumanMove(Side::Circles));
        state.apply(Action::Undo);
        assert_eq!(state.record.cursor(), 0);
        state.apply(Action::Redo);
        assert_eq!(state.record.cursor(), 2);
    }

    #[test]
    fn an_analysing_game_asks_once_per_position_and_keeps_the_latest_depth() {
        let settings = Settings {
            squares: Player::Human,
            ..Settings::default()
        };
        let mut state = OpokState::new(settings);
        assert_eq!(state.wanted_search(), None, "no analysis unless asked");
        state.extra.analyse = true;
        let (job, position) = state.wanted_search().unwrap();
        assert_eq!((job, position), (SearchJob::Analyse(()), state.position()));
        state.apply(Action::SearchStarted(1, job, position));
        let best = mv(&state, "a1:3:b3");
        let progress = Progress {
            depth: 3,
            score: 120,
            best,
            pv: vec![best],
            nodes: 10,
            elapsed_ms: 1.0,
            exact: false,
            confidence: None,
        };
        state.apply(Action::Progress(1, progress.clone()));
        let analysis = state.extra.analysis_of(&position).unwrap();
        assert_eq!(
            (analysis.progress.as_ref(), analysis.done),
            (Some(&progress), false)
        );
        assert_eq!(
            state.wanted_search(),
            Some((SearchJob::Analyse(()), position))
        );
        state.apply(Action::Finished(1, choice(&state, "a1:3:b3")));
        assert!(state.extra.analysis_of(&position).unwrap().done);
        assert_eq!(state.wanted_search(), None, "done for this position");
        assert_eq!(state.record.cursor(), 0, "an analysis plays no move");
        state.apply(Action::Play(best));
        let next = state.position();
        assert_eq!(state.wanted_search(), Some((SearchJob::Analyse(()), next)));
        assert!(state.extra.analysis_of(&next).is_none());
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
        assert_eq!(state.last_effect.as_ref().map(Vec::len), Some(1));
        let (_, said) = state.announcement.clone().unwrap();
        assert!(matches!(&said[0], Announcement::Moved { effect, .. } if effect.len() == 1));
    }

    #[test]
    fn a_bad_record_keeps_the_game() {
        let mut state = OpokState::new(Settings {
            squares: Player::Human,
            ..Settings::default()
        });
        state.apply(Action::Play(mv(&state, "a1:3:b3")));
        let before = state.record.clone();
        state.apply(Action::Paste("a1:3:b3 e5:1:zz".into()));
        assert_eq!(state.record, before);
        assert!(matches!(
            state.notice,
            Some(Notice::Record(RecordError::NotAMove { number: 2, .. }))
        ));
        state.apply(Action::Paste("a1:2:b1".into()));
        assert!(matches!(
            state.notice,
            Some(Notice::Record(RecordError::Illegal { number: 1, .. }))
        ));
        state.apply(Action::Paste("a1:3:b3 e5:1:e4".into()));
        assert_eq!(state.record.cursor(), 2);
    }

    #[test]
    fn a_click_on_a_finished_game_says_so_and_passes_are_automatic() {
        // 3×3: play until someone must pass; with automatic passes the
        // person never has to confirm one.
        let settings = Settings {
            geometry: Geometry::new(3).unwrap(),
            circles: Player::Human,
            squares: Player::Human,
            think_ms: 1000,
        };
        let mut state = OpokState::new(settings);
        let mut rng = crate::engine::rng::Rng::new(9);
        let mut passes = 0;
        while !state.position().is_over() {
            assert!(!matches!(state.turn(), Turn::HumanPass(_)), "asked to pass");
            let moves = state.position().moves();
            state.apply(Action::Play(*rng.choose(&moves).unwrap()));
            let said = &state.announcement.as_ref().unwrap().1;
            passes += said
                .iter()
                .filter(|a| {
                    matches!(
                        a,
                        Announcement::Passed {
                            by: crate::session::core::PassedBy::Automatically,
                            ..
                        }
                    )
                })
                .count();
        }
        assert!(state.record.line().contains(&Move::Pass) == (passes > 0));
        state.apply(Action::Play(Move::Pass));
        assert_eq!(state.notice, Some(Notice::GameOver));
    }
}
