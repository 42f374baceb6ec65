//! Messages between the page and the search worker. Every request carries an
//! id; every answer repeats it, so the page can drop answers to requests it
//! no longer cares about.

use serde::{Deserialize, Serialize};

use crate::engine::othello::{Move, Position};
use crate::engine::search::{Progress, SearchResult};

/// A job for the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Find the best Othello move within the limits.
    Othello {
        /// Chosen by the page; repeated in every answer.
        id: u64,
        /// The position to search.
        position: Position,
        /// The time limit in milliseconds (the worker cannot be interrupted,
        /// so every job must have one).
        time_ms: f64,
        /// An optional depth cap.
        max_depth: Option<u32>,
    },
}

impl Request {
    /// The request's id.
    pub fn id(&self) -> u64 {
        match self {
            Request::Othello { id, .. } => *id,
        }
    }
}

/// How a search is going or how it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Update<M> {
    /// A depth was completed.
    Progress(Progress<M>),
    /// The search ended with this result.
    Done(SearchResult<M>),
}

/// An answer from the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// About an Othello request.
    Othello {
        /// The request's id.
        id: u64,
        /// What happened.
        update: Update<Move>,
    },
}

impl Response {
    /// The id of the request this answers.
    pub fn id(&self) -> u64 {
        match self {
            Response::Othello { id, .. } => *id,
        }
    }
}
