//! An Othello game in the app: what Othello plugs into the session core
//! (its jobs beyond the computer's move: hints and the game's evaluation
//! graph; its own state and actions).
//!
//! * [`settings`]: board, variant, who plays each side and how strongly.
//! * [`formats`]: how a game writes itself in links and saves.
//! * [`view`]: the board as plain data for the page.

pub mod described;
pub mod editing;
pub mod formats;
pub mod settings;
pub mod view;

use std::collections::BTreeMap;

use crate::engine::othello::levels::Choice;
use crate::engine::othello::notation::{self, BoardTextError, TranscriptError};
use crate::engine::othello::{Color, Move, Outcome, Position};
use crate::engine::search::{MoveScores, Progress};
use crate::session::core::{
    Action, GameOwn, GameResults, GameSearch, GameSession, Notice, Search, SearchJob, SessionGame,
};
use crate::session::turn::Turn;

pub use settings::{Player, Settings};

/// The record of an Othello game.
pub type Record = crate::session::record::Record<Position>;
/// An Othello game on the page.
pub type OthelloState = GameSession<Othello>;

/// The share of its clock the computer gives an Othello move with
/// `empties` empty squares, against the usual one: most in the zone that
/// decides most games (18–26 empties, before the exact solver takes over),
/// least in the opening, whose moves differ little, and at the end, which
/// the solver finishes fast. Scaled for the 8×8 board's 60 empties; smaller
/// boards are in the endgame from the start.
pub fn clock_weight(empties: u32) -> f64 {
    match empties {
        44.. => 0.6,
        27..=43 => 1.0,
        18..=26 => 1.8,
        _ => 0.7,
    }
}

/// Othello in the session core.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Othello;

impl GameResults for Othello {
    type Outcome = Outcome;
    /// The discs the move flipped.
    type Effect = u64;
}

/// What a search is for: the computer's move or one of Othello's
/// analyses.
pub type SearchKind = SearchJob<OthelloAnalysis>;

/// Othello's analyses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OthelloAnalysis {
    /// Scores of every move for the hint display.
    Hint,
    /// The evaluation of the position after `ply` moves, for the graph.
    Evaluate {
        /// The ply evaluated.
        ply: usize,
    },
}

/// A completed depth of an Othello search.
#[derive(Clone, PartialEq, Debug)]
pub enum OthelloProgress {
    /// The best move and line so far.
    Line(Progress<Move>),
    /// The scores of every move (hints).
    Scores(MoveScores<Move>),
}

/// An engine evaluation of a position, from black's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Evaluation {
    /// Hundredths of a disc; positive is good for black.
    pub black_score: i32,
    /// True when it is the exact game result.
    pub exact: bool,
}

/// What Othello keeps beside the shared state.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct OthelloExtra {
    /// Scores of every move of a position (hint mode), and whether the
    /// search for them has finished.
    pub hints: Option<(Position, MoveScores<Move>, bool)>,
    /// Whether hints are wanted.
    pub hint_mode: bool,
    /// Whether legal moves are marked.
    pub show_legal: bool,
    /// Evaluations by ply, each with the position it is of.
    pub evaluations: BTreeMap<usize, (Position, Evaluation)>,
    /// Whether every position of the game should be evaluated.
    pub analyse_game: bool,
}

/// Othello's own actions.
#[derive(Clone, PartialEq, Debug)]
pub enum OthelloAction {
    /// Switch hints on or off.
    SetHintMode(bool),
    /// Switch legal-move markers on or off.
    SetShowLegal(bool),
    /// Evaluate every position of the game for the graph.
    AnalyseGame,
    /// Start a game from a board string (keeps the game on error).
    LoadBoard(String),
}

/// Othello's own notices.
#[derive(Clone, PartialEq, Debug)]
pub enum OthelloNotice {
    /// A board string was refused; the game was kept.
    Board(BoardTextError),
}

/// What Othello says on request.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum OthelloAnnouncement {
    /// The disc counts.
    Score {
        /// Black's discs.
        black: u32,
        /// White's discs.
        white: u32,
        /// Whose turn it is.
        to_move: Option<Color>,
    },
}

impl GameOwn for Othello {
    type Extra = OthelloExtra;
    type GameAction = OthelloAction;
    type GameNotice = OthelloNotice;
    type GameAnnouncement = OthelloAnnouncement;
}

impl OthelloExtra {
    /// The evaluations that still belong to the line of `record`.
    pub fn graph(&self, record: &Record) -> BTreeMap<usize, Evaluation> {
        self.evaluations
            .iter()
            .filter(|(&ply, (position, _))| {
                ply <= record.line().len() && record.position_at(ply) == *position
            })
            .map(|(&ply, &(_, evaluation))| (ply, evaluation))
            .collect()
    }

    /// The evaluations of `record`'s line as text kept across a reload:
    /// `ply:score:exact` words (`12:-150:0 13:200:1`).
    pub fn kept_evaluations(&self, record: &Record) -> String {
        self.graph(record)
            .iter()
            .map(|(ply, e)| format!("{ply}:{}:{}", e.black_score, u8::from(e.exact)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Restores kept evaluations for the line of `record`; words that do
    /// not read, or name a ply beyond the line, are skipped.
    pub fn restore_evaluations(&mut self, record: &Record, text: &str) {
        let plies = record.line().len();
        for word in text.split_ascii_whitespace().take(plies + 1) {
            let mut parts = word.split(':');
            let (Some(ply), Some(score), Some(exact), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            let ply = crate::engine::text::parse_number::<usize>(ply).filter(|&p| p <= plies);
            let score = score.parse::<i32>().ok().filter(|s| s.abs() <= 6400);
            let exact = match exact {
                "0" => Some(false),
                "1" => Some(true),
                _ => None,
            };
            if let (Some(ply), Some(black_score), Some(exact)) = (ply, score, exact) {
                let evaluation = Evaluation { black_score, exact };
                self.evaluations
                    .insert(ply, (record.position_at(ply), evaluation));
            }
        }
    }
}

/// Keeps `score` (for the side to move in `position`) as the evaluation of
/// the position after `ply` moves.
fn record_evaluation(
    session: &mut OthelloState,
    ply: usize,
    position: &Position,
    score: i32,
    exact: bool,
) {
    let black_score = if position.side_to_move() == Color::Black {
        score
    } else {
        -score
    };
    session
        .extra
        .evaluations
        .insert(ply, (*position, Evaluation { black_score, exact }));
}

impl SessionGame for Othello {
    type Position = Position;
    type Side = Color;
    type Settings = Settings;

    crate::session::core::board_game_turns!();

    fn time_loss(_settings: &Settings, position: &Position, loser: Color) -> Outcome {
        // Anti-Othello has no time-loss score of its own: the discs as they
        // are, the game to the other side.
        position.time_loss_outcome(loser).unwrap_or(Outcome {
            black: position.count(Color::Black),
            white: position.count(Color::White),
            winner: Some(loser.opponent()),
        })
    }

    fn completed_time_loss(
        _settings: &Settings,
        position: &Position,
        loser: Color,
    ) -> Option<Outcome> {
        position.completed_time_loss_outcome(loser)
    }

    fn clock_weight(position: &Position) -> f64 {
        clock_weight(position.empties().count_ones())
    }

    fn offers_completion(settings: &Settings) -> bool {
        settings.rules.variant != crate::engine::othello::Variant::Anti
    }

    fn sides() -> [Color; 2] {
        [Color::Black, Color::White]
    }

    fn start(settings: &Settings) -> Position {
        Position::start(settings.rules)
    }

    fn effect(before: &Position, mv: &Move) -> u64 {
        match mv {
            Move::Place(square) => before.flips(*square),
            Move::Pass => 0,
        }
    }

    fn replay(settings: &Settings, text: &str) -> Result<Record, TranscriptError> {
        let game = notation::replay_from_start(settings.rules, text)?;
        Ok(
            Record::from_moves(game.start, &game.moves, game.moves.len())
                .expect("replayed moves are legal"),
        )
    }

    fn progress_move(progress: &OthelloProgress) -> Option<Move> {
        match progress {
            OthelloProgress::Line(p) => Some(p.best),
            OthelloProgress::Scores(s) => s.best().map(|(m, _)| m),
        }
    }

    fn wanted_job(session: &OthelloState) -> Option<(SearchKind, Position)> {
        let position = session.position();
        if matches!(session.turn(), Turn::HumanMove(_)) && session.extra.hint_mode {
            let done = matches!(&session.extra.hints, Some((p, _, true)) if *p == position);
            if !done {
                return Some((SearchJob::Analyse(OthelloAnalysis::Hint), position));
            }
        }
        if session.extra.analyse_game {
            let graph = session.extra.graph(&session.record);
            let missing = (0..=session.record.line().len()).find(|ply| {
                !graph.contains_key(ply) && !session.record.position_at(*ply).is_over()
            });
            if let Some(ply) = missing {
                return Some((
                    SearchJob::Analyse(OthelloAnalysis::Evaluate { ply }),
                    session.record.position_at(ply),
                ));
            }
        }
        None
    }

    fn on_progress(
        session: &mut OthelloState,
        search: &Search<Othello>,
        progress: &OthelloProgress,
    ) {
        let OthelloProgress::Scores(scores) = progress else {
            return;
        };
        if search.job != SearchJob::Analyse(OthelloAnalysis::Hint) {
            return;
        }
        let position = search.position;
        if let Some((_, best)) = scores.best() {
            if position == session.position() {
                let ply = session.record.cursor();
                record_evaluation(session, ply, &position, best, scores.exact);
            }
        }
        session.extra.hints = Some((position, scores.clone(), false));
    }

    fn on_answer(session: &mut OthelloState, search: &Search<Othello>, choice: &Choice) {
        match search.job {
            SearchJob::Play => {
                let current = session.position();
                if search.position == current && !session.paused {
                    if let Some(score) = choice.score {
                        let ply = session.record.cursor();
                        record_evaluation(session, ply, &current, score, choice.exact);
                    }
                }
            }
            SearchJob::Analyse(OthelloAnalysis::Hint) => {
                let hints = &mut session.extra.hints;
                match hints {
                    Some((position, _, done)) if *position == search.position => *done = true,
                    // Finished without a completed depth: nothing to show,
                    // but do not ask again for this position.
                    _ => {
                        *hints = Some((
                            search.position,
                            MoveScores {
                                depth: 0,
                                scores: Vec::new(),
                                exact: false,
                                nodes: 0,
                                elapsed_ms: 0.0,
                            },
                            true,
                        ))
                    }
                }
            }
            SearchJob::Analyse(OthelloAnalysis::Evaluate { ply }) => {
                if session.record.position_at(ply) == search.position {
                    let score = choice.score.unwrap_or(0);
                    record_evaluation(session, ply, &search.position, score, choice.exact);
                }
            }
        }
    }

    fn on_failed(session: &mut OthelloState, search: &Search<Othello>) {
        match search.job {
            SearchJob::Analyse(OthelloAnalysis::Hint) => session.extra.hint_mode = false,
            SearchJob::Analyse(OthelloAnalysis::Evaluate { .. }) => {
                session.extra.analyse_game = false
            }
            SearchJob::Play => {}
        }
    }

    fn apply_game(session: &mut OthelloState, action: OthelloAction) {
        match action {
            OthelloAction::SetHintMode(on) => session.extra.hint_mode = on,
            OthelloAction::SetShowLegal(on) => session.extra.show_legal = on,
            OthelloAction::AnalyseGame => session.extra.analyse_game = true,
            OthelloAction::LoadBoard(text) => {
                match notation::parse_board(&text, session.settings.rules.variant) {
                    Ok(start) => {
                        let settings = Settings {
                            rules: start.rules(),
                            ..session.settings
                        };
                        session.apply(Action::Load(settings, Record::new(start)));
                    }
                    Err(e) => session.notice = Some(Notice::Game(OthelloNotice::Board(e))),
                }
            }
        }
    }

    /// Hints stay on; legal-move markers stay on for the same board (and
    /// are on for beginners' levels).
    fn carry_over(old: &OthelloState, settings: &Settings, _record: &Record) -> OthelloExtra {
        OthelloExtra {
            hint_mode: old.extra.hint_mode,
            show_legal: settings.suggests_markers()
                || (old.extra.show_legal && old.settings.rules == settings.rules),
            ..OthelloExtra::default()
        }
    }
}

impl GameSearch for Othello {
    /// Hints, or the graph's evaluations.
    type Analysis = OthelloAnalysis;
    /// Lines for the computer's move and the graph, scores for hints.
    type Progress = OthelloProgress;
    type Answer = Choice;
}

#[cfg(test)]
mod tests;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod clock_tests;
