//! The gloo-worker agent: receives jobs, streams progress after every
//! completed depth, then the result.

use gloo_worker::{HandlerId, Worker, WorkerScope};

use crate::engine::opok::game::OpokEvaluator;
use crate::engine::othello::Analyzer;
use crate::engine::rng::Rng;
use crate::engine::search::Searcher;
use crate::engine::strength::ThinkTime;

use super::clock::JsClock;
use crate::engine::{nim, opok};
use crate::worker::protocol::{Answer, Event, Job, Report, Request, Response};
use crate::worker::run::run_othello;
use crate::worker::{OTHELLO_EXACT_EMPTIES as EXACT_EMPTIES, TABLE_BITS};

/// The worker's state: the engines, created on first use and kept between
/// requests so their tables help the next search.
pub struct SearchAgent {
    /// The Othello analyzer and its tables' size (a new size, when the
    /// page's pool changed, makes a new analyzer).
    othello: Option<(u32, Analyzer)>,
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
        let Request {
            id,
            job,
            table_bits,
        } = request;
        let send = |event| scope.respond(who, Response { id, event });
        send(Event::Started);
        let answer = match job {
            Job::Crash => panic!("the page asked the worker to crash (test hook)"),
            Job::Othello { position, task } => {
                let bits = table_bits.clamp(16, TABLE_BITS);
                if self.othello.as_ref().is_none_or(|(b, _)| *b != bits) {
                    self.othello = None;
                    let analyzer = Analyzer::new(bits).with_exact_empties(EXACT_EMPTIES);
                    self.othello = Some((bits, analyzer));
                }
                let (_, analyzer) = self.othello.as_mut().expect("made above");
                Answer::Othello(run_othello(analyzer, &position, task, &JsClock, &send))
            }
            Job::Opok {
                position,
                level,
                think_ms,
                clock_ms,
                seed,
            } => {
                let searcher = self
                    .opok
                    .get_or_insert_with(|| Searcher::new(TABLE_BITS, OpokEvaluator));
                Answer::Opok(opok::levels::choose_move(
                    searcher,
                    &position,
                    level,
                    ThinkTime::new(think_ms).within_clock(clock_ms),
                    &JsClock,
                    &mut Rng::new(seed),
                    &mut |p| send(Event::Progress(Report::Opok(p.clone()))),
                ))
            }
            Job::NimMove {
                position,
                misere,
                level,
                seed,
            } => Answer::NimMove(
                nim::levels::choose_move(&position, misere, level, &mut Rng::new(seed)).best,
            ),
            Job::NimAnalysis { position, misere } => Answer::NimAnalysis(nim::theory::analyse(
                &position,
                misere,
                nim::theory::DEFAULT_BUDGET,
            )),
        };
        send(Event::Done(answer));
    }
}
