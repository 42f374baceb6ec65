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
    /// Makes the worker panic: only the page's test hooks send it, to
    /// check that a dead worker is replaced and the game kept.
    Crash {
        /// Chosen by the page; never answered.
        id: u64,
    },
}

/// How long a job may take beyond its own limit before the page gives the
/// worker up for dead (a loaded phone may be slow, but not this slow).
pub const GRACE_MS: f64 = 3000.0;

impl Request {
    /// The request's id.
    pub fn id(&self) -> u64 {
        match self {
            Request::Othello { id, .. }
            | Request::Opok { id, .. }
            | Request::Nim { id, .. }
            | Request::NimAnalysis { id, .. }
            | Request::Crash { id } => *id,
        }
    }

    /// How long the job may run, in milliseconds: its own time limit (the
    /// misère analysis is bounded by steps: about a second), without the
    /// grace the page adds.
    pub fn time_limit_ms(&self) -> f64 {
        match self {
            Request::Othello { job, .. } => match job {
                OthelloJob::Play { think_ms, .. } => *think_ms,
                OthelloJob::ScoreMoves { time_ms } | OthelloJob::Evaluate { time_ms } => *time_ms,
            },
            Request::Opok { think_ms, .. } => *think_ms,
            Request::Nim { .. } | Request::NimAnalysis { .. } => 2000.0,
            Request::Crash { .. } => 0.0,
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
    /// The worker took the request (it is loaded and alive).
    Started {
        /// The request's id.
        id: u64,
    },
    /// The worker failed on the request several times, restarted each time:
    /// made up by the page, never sent by the worker.
    Failed {
        /// The request's id.
        id: u64,
    },
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
            Response::Started { id }
            | Response::Failed { id }
            | Response::Othello { id, .. }
            | Response::Opok { id, .. }
            | Response::Nim { id, .. }
            | Response::NimAnalysis { id, .. } => *id,
        }
    }

    /// True for the last answer to a request.
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            Response::Nim { .. } | Response::NimAnalysis { .. } | Response::Failed { .. }
        ) || matches!(
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

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::engine::nim::parse_position;

    /// gloo-worker sends messages with bincode, which is not
    /// self-describing: every message must survive it.
    fn round_trip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug>(
        value: T,
    ) {
        let bytes = bincode::serialize(&value).expect("encodes");
        let back: T = bincode::deserialize(&bytes).expect("decodes");
        assert_eq!(back, value);
    }

    #[test]
    fn every_message_survives_the_worker_encoding() {
        let heaps = parse_position("nim:3 sub{1,3,4}:10 half:18446744073709551615 dim:12").unwrap();
        round_trip(Request::Nim {
            id: 1,
            position: heaps.clone(),
            misere: true,
            level: Level::MAX,
            seed: 7,
        });
        round_trip(Request::NimAnalysis {
            id: 2,
            position: heaps.clone(),
            misere: false,
        });
        round_trip(Request::Othello {
            id: 3,
            position: Position::start(Default::default()),
            job: OthelloJob::ScoreMoves { time_ms: 100.0 },
        });
        round_trip(Request::Opok {
            id: 4,
            position: opok::Position::start(opok::Geometry::new(5).unwrap()),
            level: Level::MIN,
            think_ms: 300.0,
            seed: 1,
        });
        round_trip(Request::Crash { id: 5 });
        round_trip(Response::Started { id: 6 });
        round_trip(Response::NimAnalysis {
            id: 7,
            result: nim::theory::analyse(&heaps, false, 10),
        });
        round_trip(Response::NimAnalysis {
            id: 8,
            result: Err(nim::BudgetExhausted { steps: 3 }),
        });
    }
}
