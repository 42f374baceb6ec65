//! A take-away game in the app: what Nim and its relatives plug into the
//! session core (sides named by their turn, no passes, the winner by the
//! play convention, the misère analysis as a worker job).
//!
//! * [`settings`]: the heaps to start with, normal or misère, who plays.
//! * [`formats`]: how a game writes itself in links and saves.
//!
//! Heaps are numbered from 1 in every text: the screen, the move list, the
//! moves copied and pasted, share links and the autosave. Links and saves
//! written before counted from 0; they carry no version marker and are
//! read as they were meant ([`formats`]).

pub mod described;
pub mod formats;
pub mod settings;
pub mod setup;

use std::convert::Infallible;

use crate::engine::nim::position::MoveTextError;
use crate::engine::nim::theory::{Analysis, BudgetExhausted};
use crate::engine::nim::{parse_move, parse_move_numbered, Move, Numbering, Position, Rule};
use crate::session::core::{
    GameOwn, GameResults, GameSearch, GameSession, Search, SearchJob, SessionGame,
};
use crate::session::player::Player;

pub use settings::{Mover, Settings};

/// The record of a take-away game.
pub type Record = crate::session::record::Record<Position>;
/// A take-away game on the page.
pub type NimState = GameSession<Nim>;

/// The most moves a pasted, linked or saved record may hold (a game on
/// huge heaps can be long; its replay costs time and memory per move).
pub const MAX_RECORD_MOVES: usize = 10_000;

/// Take-away games in the session core.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Nim;

/// What a worker job is for: the computer's move, or the exact misère
/// analysis for the theory panel (the take-away games' only analysis).
pub type NimJob = SearchJob<()>;

/// What the worker answered.
#[derive(Clone, PartialEq, Debug)]
pub enum NimAnswer {
    /// The computer's move (`None` when the game was over).
    Move(Option<Move>),
    /// The misère analysis, or its exhausted budget.
    Analysis(Result<Analysis, BudgetExhausted>),
}

impl GameSearch for Nim {
    /// The exact misère analysis.
    type Analysis = ();
    /// The theory answers at once: nothing to report on the way.
    type Progress = Infallible;
    type Answer = NimAnswer;
}

/// The end of a take-away game: who won, and who played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NimOutcome {
    /// The winner.
    pub winner: Mover,
    /// Who played first and second: a person who played the computer is
    /// told "You win" or "The computer wins".
    pub players: [Player; 2],
}

impl NimOutcome {
    /// The end of a game of `settings` won by `winner`.
    pub fn new(settings: &Settings, winner: Mover) -> NimOutcome {
        NimOutcome {
            winner,
            players: [settings.first, settings.second],
        }
    }

    /// When one person played the computer: whether that person won.
    pub fn person_won(&self) -> Option<bool> {
        match self.players {
            [Player::Human, Player::Computer(_)] => Some(self.winner == Mover::First),
            [Player::Computer(_), Player::Human] => Some(self.winner == Mover::Second),
            _ => None,
        }
    }
}

/// What a move did to its heap.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Took {
    /// Tokens left in the heap.
    pub left: u64,
    /// The heap's rule.
    pub rule: Rule,
}

impl GameResults for Nim {
    /// Only who won: the game has no score.
    type Outcome = NimOutcome;
    /// What the move left in its heap.
    type Effect = Took;
}

/// What the take-away page keeps beside the shared state.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct NimExtra {
    /// The misère analysis of a position, from the worker.
    pub misere_analysis: Option<(Position, Result<Analysis, BudgetExhausted>)>,
}

impl GameOwn for Nim {
    type Extra = NimExtra;
    type GameAction = Infallible;
    type GameNotice = Infallible;
    type GameAnnouncement = Infallible;
}

/// Replays `heap:taken` moves (heaps numbered as `numbering` says) from
/// `start`, naming the first bad one (from 1) and why.
pub fn replay(
    start: &Position,
    moves: &[&str],
    numbering: Numbering,
) -> Result<Record, (usize, MoveTextError)> {
    replay_with(start, moves, |position, text| {
        parse_move_numbered(position, text, numbering)
    })
}

fn replay_with(
    start: &Position,
    moves: &[&str],
    parse: impl Fn(&Position, &str) -> Result<Move, MoveTextError>,
) -> Result<Record, (usize, MoveTextError)> {
    if moves.len() > MAX_RECORD_MOVES {
        return Err((
            MAX_RECORD_MOVES + 1,
            MoveTextError::RecordFull {
                max: MAX_RECORD_MOVES,
            },
        ));
    }
    let mut record = Record::new(start.clone());
    for (i, text) in moves.iter().enumerate() {
        let mv = parse(&record.current(), text).map_err(|e| (i + 1, e))?;
        record.play(mv).expect("the move was checked");
    }
    Ok(record)
}

/// The moves of a record text: separated by whitespace or commas.
fn move_texts(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|m| !m.is_empty())
        .collect()
}

impl SessionGame for Nim {
    type Position = Position;
    /// The players of an impartial game have the same moves: they are
    /// named by their turn.
    type Side = Mover;
    type Settings = Settings;

    fn sides() -> [Mover; 2] {
        [Mover::First, Mover::Second]
    }

    fn start(settings: &Settings) -> Position {
        settings.start.clone()
    }

    fn side_to_move(_position: &Position, ply: usize) -> Mover {
        Mover::at(ply)
    }

    fn is_over(position: &Position) -> bool {
        position.is_over()
    }

    fn must_pass(_position: &Position) -> bool {
        false
    }

    fn pass() -> Option<Move> {
        None
    }

    /// Under normal play whoever moved last wins, under misère play the
    /// other one.
    fn outcome(settings: &Settings, position: &Position, ply: usize) -> Option<NimOutcome> {
        let to_move = Mover::at(ply);
        let winner = if settings.misere {
            to_move
        } else {
            to_move.other()
        };
        position
            .is_over()
            .then(|| NimOutcome::new(settings, winner))
    }

    fn time_loss(settings: &Settings, _position: &Position, loser: Mover) -> NimOutcome {
        NimOutcome::new(settings, loser.other())
    }

    fn effect(before: &Position, mv: &Move) -> Took {
        let heap = &before.heaps()[mv.heap];
        Took {
            left: heap.size - mv.take,
            rule: heap.rule.clone(),
        }
    }

    fn replay(settings: &Settings, text: &str) -> Result<Record, (usize, MoveTextError)> {
        replay_with(&settings.start, &move_texts(text), parse_move)
    }

    fn answer_move(answer: &NimAnswer) -> Option<Move> {
        match answer {
            NimAnswer::Move(mv) => *mv,
            NimAnswer::Analysis(_) => None,
        }
    }

    fn progress_move(progress: &Infallible) -> Option<Move> {
        match *progress {}
    }

    fn wanted_job(session: &NimState) -> Option<(NimJob, Position)> {
        let position = session.position();
        let done = session
            .extra
            .misere_analysis
            .as_ref()
            .is_some_and(|(p, _)| *p == position);
        (session.settings.misere && !done && !position.is_over())
            .then_some((SearchJob::Analyse(()), position))
    }

    fn on_answer(session: &mut NimState, search: &Search<Nim>, answer: &NimAnswer) {
        if let (SearchJob::Analyse(()), NimAnswer::Analysis(result)) = (search.job, answer) {
            session.extra.misere_analysis = Some((search.position.clone(), result.clone()));
        }
    }

    fn on_failed(session: &mut NimState, search: &Search<Nim>) {
        let gave_up = Err(BudgetExhausted { positions: 0 });
        session.extra.misere_analysis = Some((search.position.clone(), gave_up));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::nim::parse_position;
    use crate::session::core::{Action, Announcement, Notice};
    use crate::session::turn::Turn;

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
            let outcome = NimOutcome {
                winner,
                players: [Player::Human; 2],
            };
            assert_eq!(state.outcome(), Some(outcome));
            assert_eq!(outcome.person_won(), None);
            let said = &state.announcement.as_ref().unwrap().1;
            assert_eq!(said.last(), Some(&Announcement::GameOver(outcome)));
            // A click on the finished game says so (the other games do too).
            state.apply(Action::Play(Move { heap: 0, take: 1 }));
            assert_eq!(state.notice, Some(Notice::GameOver));
        }
    }

    #[test]
    fn a_person_who_played_the_computer_is_told_who_won() {
        let computer = Player::Computer(crate::engine::strength::Level::MAX);
        let outcome = |first, second, winner| {
            let settings = Settings {
                first,
                second,
                ..Settings::default()
            };
            NimOutcome::new(&settings, winner).person_won()
        };
        assert_eq!(outcome(Player::Human, computer, Mover::First), Some(true));
        assert_eq!(outcome(Player::Human, computer, Mover::Second), Some(false));
        assert_eq!(outcome(computer, Player::Human, Mover::Second), Some(true));
        assert_eq!(outcome(computer, Player::Human, Mover::First), Some(false));
        assert_eq!(outcome(computer, computer, Mover::First), None);
        assert_eq!(outcome(Player::Human, Player::Human, Mover::First), None);
        // The session's result carries who played.
        let mut state = NimState::new(Settings {
            start: parse_position("nim:2").unwrap(),
            ..Settings::default()
        });
        state.apply(Action::Play(Move { heap: 0, take: 2 }));
        assert_eq!(state.outcome().unwrap().person_won(), Some(true));
    }

    #[test]
    fn illegal_amounts_are_refused_with_the_reason() {
        let mut state = two_people("half:9", false);
        state.apply(Action::Play(Move { heap: 0, take: 5 }));
        assert!(matches!(
            state.notice,
            Some(Notice::Illegal(crate::engine::nim::PlayError::Refused {
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
        let (job, position) = state.wanted_search().unwrap();
        assert_eq!(job, SearchJob::Play);
        state.apply(Action::SearchStarted(1, job, position));
        state.apply(Action::Undo);
        state.apply(Action::Finished(
            1,
            NimAnswer::Move(Some(Move { heap: 1, take: 1 })),
        ));
        assert_eq!(state.record.cursor(), 0);
        assert_eq!(state.turn(), Turn::HumanMove(Mover::First));
    }

    #[test]
    fn pasted_records_number_heaps_from_one_and_name_the_bad_move() {
        let mut state = two_people("nim:3 nim:4", false);
        state.apply(Action::Paste("1:1 2:9".into()));
        assert!(matches!(state.notice, Some(Notice::Record((2, _)))));
        state.apply(Action::Paste("0:1".into()));
        assert!(matches!(
            state.notice,
            Some(Notice::Record((1, MoveTextError::HeapZero { heaps: 2 })))
        ));
        state.apply(Action::Paste("1:1, 2:2".into()));
        assert_eq!(state.record.cursor(), 2);
        assert_eq!(state.record.line()[1], Move { heap: 1, take: 2 });
        assert_eq!(
            <Nim as crate::session::formats::Formats>::record_text(
                &state.settings,
                state.record.line()
            ),
            "1:1 2:2"
        );
    }

    #[test]
    fn misere_games_ask_the_worker_for_their_analysis() {
        let mut state = two_people("half:9 dim:6", true);
        assert_eq!(
            state.wanted_search(),
            Some((SearchJob::Analyse(()), state.position()))
        );
        state.apply(Action::SearchStarted(
            4,
            SearchJob::Analyse(()),
            state.position(),
        ));
        let analysis = crate::engine::nim::theory::analyse(&state.position(), true, 10_000);
        state.apply(Action::Finished(4, NimAnswer::Analysis(analysis)));
        assert_eq!(state.wanted_search(), None);
        assert_eq!(two_people("half:9", false).wanted_search(), None);
    }

    #[test]
    fn the_clock_follows_the_take_away_record() {
        use crate::session::clock::{Switching, TimeControl};
        use crate::session::game_clock::ClockAction;
        let mut state = two_people("nim:5 nim:5", false);
        let control = TimeControl::parse("1+1").unwrap();
        state.apply_at(Action::Clock(ClockAction::Set(Some(control))), 0.0);
        let on = |state: &NimState| {
            let clock = state.clock.as_ref().unwrap();
            (clock.to_move(), clock.is_running())
        };
        state.apply_at(Action::Play(Move { heap: 0, take: 1 }), 1_000.0);
        state.apply_at(Action::Play(Move { heap: 1, take: 1 }), 3_000.0);
        assert_eq!(on(&state), (0, true));
        state.apply_at(Action::Undo, 4_000.0);
        assert_eq!(on(&state), (1, false), "the second player's move, paused");
        state.apply_at(Action::Play(Move { heap: 1, take: 2 }), 5_000.0);
        assert_eq!(on(&state), (0, true));
        let clock = state.clock.as_ref().unwrap();
        // First: +1 s at 1 s, 1 s charged when Undo left its move, 1 s now.
        assert_eq!(clock.saved(6_000.0), [59_000, 60_000]);
        // Pressing one's own side works in every game.
        state.apply_at(
            Action::Clock(ClockAction::Switching(Switching::ByPress)),
            6_000.0,
        );
        state.apply_at(Action::Play(Move { heap: 0, take: 4 }), 7_000.0);
        assert_eq!(on(&state), (0, true));
        state.apply_at(Action::Clock(ClockAction::Press(Mover::First)), 7_500.0);
        assert_eq!(on(&state), (1, true));
    }
}
