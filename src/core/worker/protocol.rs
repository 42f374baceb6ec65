//! Messages between the page and the search worker: a [`Request`] is an id
//! and a [`Job`]; every [`Response`] repeats the id with an [`Event`]:
//! `Started` at once, `Progress` after each completed depth (the same way
//! for every game that searches), then `Done` with the answer. The page
//! drops answers to requests it no longer waits for. The worker cannot be
//! interrupted, so every job has a time limit.

use serde::{Deserialize, Serialize};

use crate::engine::nim::theory::{Analysis, BudgetExhausted};
use crate::engine::search::{MoveScores, Progress, RootShare};
use crate::engine::strength::{Choice, Level, ThinkTime};
use crate::engine::{nim, opok, othello};

/// How long a job may take beyond its own limit before the page gives the
/// worker up for dead (a loaded phone may be slow, but not this slow).
pub const GRACE_MS: f64 = 3000.0;

/// A request: the page's id for it and what to do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the page; repeated in every response.
    pub id: u64,
    /// What to do.
    pub job: Job,
    /// The size of the worker's tables (2^`table_bits` entries): every
    /// worker of a page's pool gets its part of one memory budget
    /// ([`pool_size`](super::pool::pool_size)).
    pub table_bits: u32,
}

/// What an Othello search is for.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum OthelloTask {
    /// Choose a move at a level.
    Play {
        /// The level.
        level: Level,
        /// Thinking time of the strongest level, in milliseconds.
        think_ms: f64,
        /// The computer's share of its game clock for this move, when a
        /// clock is set: no search of any level takes longer.
        clock_ms: Option<f64>,
        /// Seed of the level's misjudgements.
        seed: u64,
    },
    /// Score every legal move of `share` (hints; several workers share the
    /// root), for at most `time_ms`.
    ScoreMoves {
        /// The time limit in milliseconds.
        time_ms: f64,
        /// The root moves this worker scores ([`RootShare::WHOLE`]: all).
        share: RootShare,
        /// The deepest search (`None`: as deep as the time allows, solving
        /// exactly from the worker's usual number of empty squares; at
        /// least the empties: solve exactly at once).
        depth: Option<u32>,
    },
    /// Evaluate the position (the game graph), for at most `time_ms`.
    Evaluate {
        /// The time limit in milliseconds.
        time_ms: f64,
    },
}

/// A job for the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Job {
    /// An Othello search.
    Othello {
        /// The position.
        position: othello::Position,
        /// What for.
        task: OthelloTask,
    },
    /// The computer's Opok move at a level.
    Opok {
        /// The position.
        position: opok::Position,
        /// The level.
        level: Level,
        /// Thinking time of the strongest level, in milliseconds.
        think_ms: f64,
        /// The computer's share of its game clock for this move, when a
        /// clock is set.
        clock_ms: Option<f64>,
        /// Seed of the level's misjudgements.
        seed: u64,
    },
    /// The computer's move in a take-away game.
    NimMove {
        /// The heaps.
        position: nim::Position,
        /// Misère play.
        misere: bool,
        /// The level.
        level: Level,
        /// Seed of the level's mistakes.
        seed: u64,
    },
    /// The theory of a take-away position (misère sums need a search).
    NimAnalysis {
        /// The heaps.
        position: nim::Position,
        /// Misère play.
        misere: bool,
    },
    /// Makes the worker panic: only the page's test hooks send it, to
    /// check that a dead worker is replaced and the game kept.
    Crash,
}

impl Job {
    /// How long the job may run, in milliseconds: its own time limit (the
    /// take-away jobs are bounded by positions and moves: about a second), without the
    /// grace the page adds. An Othello move may take several per-move
    /// times near the end (the strongest level's time plan).
    pub fn time_limit_ms(&self) -> f64 {
        match self {
            Job::Othello { position, task } => match task {
                OthelloTask::Play {
                    level,
                    think_ms,
                    clock_ms,
                    ..
                } => othello::levels::max_move_ms(
                    *level,
                    ThinkTime::new(*think_ms).within_clock(*clock_ms),
                    position.empties().count_ones(),
                ),
                OthelloTask::ScoreMoves { time_ms, .. } | OthelloTask::Evaluate { time_ms } => {
                    *time_ms
                }
            },
            Job::Opok {
                think_ms, clock_ms, ..
            } => ThinkTime::new(*think_ms)
                .within_clock(*clock_ms)
                .for_level(None),
            Job::NimMove { .. } | Job::NimAnalysis { .. } => 2000.0,
            Job::Crash => 0.0,
        }
    }
}

/// A completed depth of a search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Report {
    /// An Othello search: the best move and line.
    Othello(Progress<othello::Move>),
    /// An Othello search: the scores of every move.
    OthelloScores(MoveScores<othello::Move>),
    /// An Opok search.
    Opok(Progress<opok::Move>),
}

/// What a job found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// An Othello search: a move (the best, or the level's choice) and its score.
    Othello(Choice<othello::Move>),
    /// An Opok move.
    Opok(Choice<opok::Move>),
    /// A take-away move (`None` when the game was over).
    NimMove(Option<nim::Move>),
    /// A take-away analysis, or the exhausted budget.
    NimAnalysis(Result<Analysis, BudgetExhausted>),
}

/// What happened to a request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// The worker took the request (it is loaded and alive).
    Started,
    /// A depth was completed.
    Progress(Report),
    /// The job ended.
    Done(Answer),
    /// The worker failed on the request several times and was restarted
    /// each time: made up by the page, never sent by the worker.
    Failed,
}

/// A response: the request's id and what happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Response {
    /// The request's id.
    pub id: u64,
    /// What happened.
    pub event: Event,
}

impl Response {
    /// True for the last response to a request.
    pub fn is_final(&self) -> bool {
        matches!(self.event, Event::Done(_) | Event::Failed)
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
        let jobs = [
            Job::NimMove {
                position: heaps.clone(),
                misere: true,
                level: Level::MAX,
                seed: 7,
            },
            Job::NimAnalysis {
                position: heaps.clone(),
                misere: false,
            },
            Job::Othello {
                position: othello::Position::start(Default::default()),
                task: OthelloTask::ScoreMoves {
                    time_ms: 100.0,
                    share: RootShare { part: 1, parts: 3 },
                    depth: Some(20),
                },
            },
            Job::Opok {
                position: opok::Position::start(opok::Geometry::new(5).unwrap()),
                level: Level::MIN,
                think_ms: 300.0,
                clock_ms: Some(120.5),
                seed: 1,
            },
            Job::Crash,
        ];
        for (id, job) in jobs.into_iter().enumerate() {
            round_trip(Request {
                id: id as u64,
                job,
                table_bits: 18,
            });
        }
        for event in [
            Event::Started,
            Event::Done(Answer::NimAnalysis(nim::theory::analyse(&heaps, false, 10))),
            Event::Done(Answer::NimAnalysis(Err(BudgetExhausted { positions: 3 }))),
            Event::Done(Answer::NimMove(Some(nim::Move { heap: 1, take: 3 }))),
        ] {
            round_trip(Response { id: 9, event });
        }
    }

    #[test]
    fn an_othello_move_may_take_what_the_time_plan_gives_it() {
        // FFO #45, 24 empties: the strongest level solves ahead with eight
        // per-move times; the page's watchdog must wait for that.
        let ffo45 = othello::notation::parse_board(
            "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X",
            othello::Variant::Standard,
        )
        .unwrap();
        let start = othello::Position::start(Default::default());
        let limit = |position: othello::Position, level: u8, clock_ms| {
            Job::Othello {
                position,
                task: OthelloTask::Play {
                    level: Level::new(level).unwrap(),
                    think_ms: 1000.0,
                    clock_ms,
                    seed: 1,
                },
            }
            .time_limit_ms()
        };
        assert_eq!(limit(ffo45, 7, None), 8000.0);
        assert_eq!(limit(start, 7, None), 750.0);
        assert_eq!(limit(start, 6, None), 1500.0);
        assert_eq!(limit(ffo45, 1, None), 1000.0);
        // On the game clock, no move takes longer than the computer's share.
        assert_eq!(limit(ffo45, 7, Some(1200.0)), 1200.0);
        assert_eq!(limit(ffo45, 6, Some(1200.0)), 1200.0);
        assert_eq!(limit(ffo45, 1, Some(600.0)), 600.0);
        assert_eq!(limit(start, 7, Some(1200.0)), 750.0);
    }
}
