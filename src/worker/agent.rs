//! The gloo-worker agent: receives search requests, streams progress after
//! every completed depth and the final result.

use gloo_worker::{HandlerId, Worker, WorkerScope};

use crate::engine::othello::Analyzer;
use crate::engine::search::{Budget, Limits};

use super::clock::JsClock;
use super::protocol::{Request, Response, Update};

/// Transposition tables of 2^20 entries: about 40 MB in all.
const TABLE_BITS: u32 = 20;
/// Wasm is slower than native: start exact solving a little later.
const EXACT_EMPTIES: u32 = 18;

/// The worker's state: the engines, created on first use and kept between
/// requests so their tables help the next search.
pub struct SearchAgent {
    othello: Option<Analyzer>,
}

impl Worker for SearchAgent {
    type Message = ();
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        SearchAgent { othello: None }
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, who: HandlerId) {
        match request {
            Request::Othello {
                id,
                position,
                time_ms,
                max_depth,
            } => {
                let analyzer = self.othello.get_or_insert_with(|| {
                    Analyzer::new(TABLE_BITS).with_exact_empties(EXACT_EMPTIES)
                });
                let clock = JsClock;
                let limits = Limits {
                    depth: max_depth,
                    nodes: None,
                    time_ms: Some(time_ms),
                };
                let budget = Budget::new(limits, &clock);
                let result = analyzer.analyse(&position, &budget, &mut |progress| {
                    scope.respond(
                        who,
                        Response::Othello {
                            id,
                            update: Update::Progress(progress.clone()),
                        },
                    );
                });
                scope.respond(
                    who,
                    Response::Othello {
                        id,
                        update: Update::Done(result),
                    },
                );
            }
        }
    }
}
