//! The gloo-worker agent: receives jobs, streams progress after every
//! completed depth, then the result.

use gloo_worker::{HandlerId, Worker, WorkerScope};

use crate::engine::opok::game::OpokEvaluator;
use crate::engine::othello::levels::{choose_move, Choice};
use crate::engine::othello::{Analyzer, Position};
use crate::engine::rng::Rng;
use crate::engine::search::{Budget, Limits, Searcher};
use crate::engine::strength::ThinkTime;

use super::clock::JsClock;
use super::protocol::{OpokUpdate, OthelloJob, OthelloUpdate, Request, Response};
use crate::engine::{nim, opok};

/// Transposition tables of 2^20 entries: about 40 MB in all.
const TABLE_BITS: u32 = 20;
/// Wasm is slower than native: start exact solving a little later.
const EXACT_EMPTIES: u32 = 18;

/// The worker's state: the engines, created on first use and kept between
/// requests so their tables help the next search.
pub struct SearchAgent {
    othello: Option<Analyzer>,
    opok: Option<Searcher<opok::Position, OpokEvaluator>>,
}

impl Worker for SearchAgent {
    type Message = ();
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        SearchAgent {
            othello: None,
            opok: None,
        }
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, who: HandlerId) {
        scope.respond(who, Response::Started { id: request.id() });
        match request {
            Request::Crash { .. } => panic!("the page asked the worker to crash (test hook)"),
            Request::Othello { id, position, job } => {
                let analyzer = self.othello.get_or_insert_with(|| {
                    Analyzer::new(TABLE_BITS).with_exact_empties(EXACT_EMPTIES)
                });
                let send = |update| scope.respond(who, Response::Othello { id, update });
                let choice = run_othello(analyzer, &position, job, &send);
                send(OthelloUpdate::Done(choice));
            }
            Request::Nim {
                id,
                position,
                misere,
                level,
                seed,
            } => {
                let choice =
                    nim::levels::choose_move(&position, misere, level, &mut Rng::new(seed));
                scope.respond(
                    who,
                    Response::Nim {
                        id,
                        best: choice.best,
                    },
                );
            }
            Request::NimAnalysis {
                id,
                position,
                misere,
            } => {
                let result = nim::theory::analyse(&position, misere, nim::theory::DEFAULT_BUDGET);
                scope.respond(who, Response::NimAnalysis { id, result });
            }
            Request::Opok {
                id,
                position,
                level,
                think_ms,
                seed,
            } => {
                let searcher = self
                    .opok
                    .get_or_insert_with(|| Searcher::new(TABLE_BITS, OpokEvaluator));
                let send = |update| scope.respond(who, Response::Opok { id, update });
                let choice = opok::levels::choose_move(
                    searcher,
                    &position,
                    level,
                    ThinkTime::new(think_ms),
                    &JsClock,
                    &mut Rng::new(seed),
                    &mut |p| send(OpokUpdate::Progress(p.clone())),
                );
                send(OpokUpdate::Done(choice));
            }
        }
    }
}

fn run_othello(
    analyzer: &mut Analyzer,
    position: &Position,
    job: OthelloJob,
    send: &dyn Fn(OthelloUpdate),
) -> Choice {
    let clock = JsClock;
    match job {
        OthelloJob::Play {
            level,
            think_ms,
            seed,
        } => {
            let mut rng = Rng::new(seed);
            choose_move(
                analyzer,
                position,
                level,
                ThinkTime::new(think_ms),
                &clock,
                &mut rng,
                &mut |p| send(OthelloUpdate::Progress(p.clone())),
            )
        }
        OthelloJob::ScoreMoves { time_ms } => {
            let budget = Budget::new(Limits::time_ms(time_ms), &clock);
            let scores = analyzer.score_moves(position, &budget, &mut |s| {
                send(OthelloUpdate::Scores(s.clone()))
            });
            Choice {
                best: scores.as_ref().and_then(|s| s.best()).map(|(m, _)| m),
                score: scores.as_ref().and_then(|s| s.best()).map(|(_, s)| s),
                exact: scores.is_some_and(|s| s.exact),
            }
        }
        OthelloJob::Evaluate { time_ms } => {
            let budget = Budget::new(Limits::time_ms(time_ms), &clock);
            let result = analyzer.analyse(position, &budget, &mut |p| {
                send(OthelloUpdate::Progress(p.clone()))
            });
            Choice {
                best: result.best,
                score: (result.depth > 0 || result.exact).then_some(result.score),
                exact: result.exact,
            }
        }
    }
}
