//! Messages between the page and the search worker. Every request carries an
//! id; every answer repeats it, so the page can drop answers to requests it
//! no longer cares about. The worker cannot be interrupted, so every job has
//! a time limit.

use serde::{Deserialize, Serialize};

use crate::engine::nim::theory::{Analysis, BudgetExhausted};
use crate::engine::othello::levels::Choice;
use crate::engine::othello::{Level, Move, Position};
use crate::engine::search::{MoveScores, Progress};
use crate::engine::{nim, opok, strength};

/// An Othello job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum OthelloJob {
    /// Choose a move at a level.
    Play {
        /// The level.
        level: Level,
        /// Thinking time of the strongest level, in milliseconds.
        think_ms: f64,
        /// Seed of the level's misjudgements.
        seed: u64,
    },
    /// Score every legal move (hints), for at most `time_ms`.
    ScoreMoves {
        /// The time limit in milliseconds.
        time_ms: f64,
    },
    /// Evaluate the position (the game graph), for at most `time_ms`.
    Evaluate {
        /// The time limit in milliseconds.
        time_ms: f64,
    },
}

/// A job for the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// An Othello job on a position.
    Othello {
        /// Chosen by the page; repeated in every answer.
        id: u64,
        /// The position.
        position: Position,
        /// What to do.
        job: OthelloJob,
    },
    /// Choose a move in a take-away game at a level.
    Nim {
        /// Chosen by the page; repeated in the answer.
        id: u64,
        /// The heaps.
        position: nim::Position,
        /// Misère play.
        misere: bool,
        /// The level.
        level: Level,
        /// Seed of the level's mistakes.
        seed: u64,
    },
    /// Analyse a take-away position (misère sums need a search).
    NimAnalysis {
        /// Chosen by the page; repeated in the answer.
        id: u64,
        /// The heaps.
        position: nim::Position,
        /// Misère play.
        misere: bool,
    },
    /// Choose an Opok move at a level.
    Opok {
        /// Chosen by the page; repeated in every answer.
        id: u64,
        /// The position.
        position: opok::Position,
        /// The level.
        level: Level,
        /// Thinking time of the strongest level, in milliseconds.
        think_ms: f64,
        /// Seed of the level's misjudgements.
        seed: u64,
    },
}

impl Request {
    /// The request's id.
    pub fn id(&self) -> u64 {
        match self {
            Request::Othello { id, .. }
            | Request::Opok { id, .. }
            | Request::Nim { id, .. }
            | Request::NimAnalysis { id, .. } => *id,
        }
    }
}

/// How an Othello job is going or how it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum OthelloUpdate {
    /// A depth was completed (best move and line).
    Progress(Progress<Move>),
    /// A depth was completed (scores of every move).
    Scores(MoveScores<Move>),
    /// The job ended.
    Done(Choice),
}

/// How an Opok search is going or how it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum OpokUpdate {
    /// A depth was completed.
    Progress(Progress<opok::Move>),
    /// The search ended.
    Done(strength::Choice<opok::Move>),
}

/// An answer from the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// About an Othello request.
    Othello {
        /// The request's id.
        id: u64,
        /// What happened.
        update: OthelloUpdate,
    },
    /// About an Opok request.
    Opok {
        /// The request's id.
        id: u64,
        /// What happened.
        update: OpokUpdate,
    },
    /// The move chosen in a take-away game (`None` when it was over).
    Nim {
        /// The request's id.
        id: u64,
        /// The move.
        best: Option<nim::Move>,
    },
    /// A take-away analysis.
    NimAnalysis {
        /// The request's id.
        id: u64,
        /// The analysis, or the exhausted budget.
        result: Result<Analysis, BudgetExhausted>,
    },
}

impl Response {
    /// The id of the request this answers.
    pub fn id(&self) -> u64 {
        match self {
            Response::Othello { id, .. }
            | Response::Opok { id, .. }
            | Response::Nim { id, .. }
            | Response::NimAnalysis { id, .. } => *id,
        }
    }

    /// True for the last answer to a request.
    pub fn is_final(&self) -> bool {
        matches!(self, Response::Nim { .. } | Response::NimAnalysis { .. })
            || matches!(
                self,
                Response::Othello {
                    update: OthelloUpdate::Done(_),
                    ..
                } | Response::Opok {
                    update: OpokUpdate::Done(_),
                    ..
                }
            )
    }
}
