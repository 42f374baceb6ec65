//! One job in several workers: which jobs are shared out (the scores of
//! every Othello move: each worker scores its
//! [`RootShare`] of the root) and how their answers become one search's
//! ([`Merge`]). Plain data, compiled everywhere so that it is tested
//! natively; the page's pool (`ui/search.rs`) sends and receives.

use crate::engine::othello::Move;
use crate::engine::search::{MoveScores, RootShare};

use super::protocol::{Answer, Event, Job, OthelloTask, Report};
use crate::engine::strength::Choice;

/// Takes a worker's event (by its place among the jobs), returns what the
/// page is told.
pub type Merging = Box<dyn FnMut(usize, Event) -> Vec<Event>>;

/// A job as a page's pool runs it: one job per worker, and for more than
/// one what makes their answers one search's.
pub struct Shared {
    /// The workers' jobs (at least one).
    pub jobs: Vec<Job>,
    /// With several jobs: what makes their answers one search's.
    pub merge: Option<Merging>,
}

/// How a page shares its jobs among up to N workers: a plain function,
/// so that a page that never shares (Opok, the take-away games, the
/// embedded frames) does not carry the merging code.
pub type Share = fn(Job, usize) -> Shared;

/// Every job whole, in one worker.
pub fn whole(job: Job, _workers: usize) -> Shared {
    Shared {
        jobs: vec![job],
        merge: None,
    }
}

/// The Othello page's way: the scores of every move shared out
/// ([`shares`]) and merged ([`Merge`]), any other job whole.
pub fn share_scores(job: Job, workers: usize) -> Shared {
    let jobs = shares(&job, workers);
    let merge = (jobs.len() > 1).then(|| {
        let mut merge = Merge::new(jobs.len());
        Box::new(move |part, event| merge.received(part, event)) as Merging
    });
    Shared { jobs, merge }
}

/// The jobs of `job` for at most `workers` workers: one share of the root
/// each for the scores of every Othello move, never more shares than
/// moves; any other job (the computer's move, the graph's evaluations,
/// Opok, the take-away games) whole, for one worker.
pub fn shares(job: &Job, workers: usize) -> Vec<Job> {
    match job {
        Job::Othello {
            position,
            task:
                OthelloTask::ScoreMoves {
                    time_ms,
                    share: RootShare::WHOLE,
                    depth,
                },
        } if workers > 1 => RootShare::split(workers, position.moves().len())
            .map(|share| Job::Othello {
                position: *position,
                task: OthelloTask::ScoreMoves {
                    time_ms: *time_ms,
                    share,
                    depth: *depth,
                },
            })
            .collect(),
        _ => vec![job.clone()],
    }
}

/// The answers of the workers sharing a root, as one search's: progress
/// at the depth every worker has completed (each worker's scores of that
/// depth, or of the next it reached), nodes summed over the workers, and
/// the answer when the last worker has finished.
#[derive(Clone, Debug)]
pub struct Merge {
    /// Every worker's reports, in the order of their depths.
    reports: Vec<Vec<MoveScores<Move>>>,
    /// Which workers have finished.
    done: Vec<bool>,
    /// The last merged progress sent, so that none is sent twice.
    sent: Option<MoveScores<Move>>,
}

impl Merge {
    /// A merge of `parts` workers' answers.
    pub fn new(parts: usize) -> Merge {
        Merge {
            reports: vec![Vec::new(); parts],
            done: vec![false; parts],
            sent: None,
        }
    }

    /// The scores of all the workers: at the least depth any has
    /// completed, the first report of each at that depth or deeper; the
    /// nodes all have visited so far and the longest time. `None` until
    /// every worker has reported.
    pub fn merged(&self) -> Option<MoveScores<Move>> {
        let latest: Vec<&MoveScores<Move>> = self
            .reports
            .iter()
            .map(|r| r.last())
            .collect::<Option<_>>()?;
        let depth = latest.iter().map(|r| r.depth).min()?;
        let at_depth = self
            .reports
            .iter()
            .filter_map(|r| r.iter().find(|s| s.depth >= depth));
        let mut merged = MoveScores::merge(at_depth)?;
        merged.depth = depth;
        merged.nodes = latest.iter().map(|r| r.nodes).sum();
        merged.elapsed_ms = latest.iter().map(|r| r.elapsed_ms).fold(0.0, f64::max);
        Some(merged)
    }

    /// Takes worker `part`'s `event`; returns what the page is told: the
    /// merged progress when it changed, and the answer after the last
    /// worker's. Anything but scores and answers is passed on.
    pub fn received(&mut self, part: usize, event: Event) -> Vec<Event> {
        match event {
            Event::Progress(Report::OthelloScores(scores)) => {
                if let Some(reports) = self.reports.get_mut(part) {
                    reports.push(scores);
                }
                self.progress().into_iter().collect()
            }
            Event::Done(Answer::Othello(_)) => {
                if let Some(done) = self.done.get_mut(part) {
                    *done = true;
                }
                if !self.done.iter().all(|&d| d) {
                    return Vec::new();
                }
                let merged = self.merged();
                let best = merged.as_ref().and_then(|m| m.best());
                let mut events: Vec<Event> = self.progress().into_iter().collect();
                events.push(Event::Done(Answer::Othello(Choice {
                    best: best.map(|(m, _)| m),
                    score: best.map(|(_, s)| s),
                    exact: merged.is_some_and(|m| m.exact),
                })));
                events
            }
            other => vec![other],
        }
    }

    /// The merged progress, when it says something new (a deeper depth or
    /// other scores; nodes alone are not news).
    fn progress(&mut self) -> Option<Event> {
        let merged = self.merged()?;
        let news = self
            .sent
            .as_ref()
            .is_none_or(|s| s.depth != merged.depth || s.scores != merged.scores);
        if !news {
            return None;
        }
        self.sent = Some(merged.clone());
        Some(Event::Progress(Report::OthelloScores(merged)))
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::engine::othello::{Analyzer, Position};
    use crate::engine::search::{Budget, Limits};

    fn hint_job(position: Position) -> Job {
        Job::Othello {
            position,
            task: OthelloTask::ScoreMoves {
                time_ms: 1000.0,
                share: RootShare::WHOLE,
                depth: None,
            },
        }
    }

    #[test]
    fn only_the_scores_of_every_move_are_shared_out() {
        let start = Position::start(Default::default());
        let job = hint_job(start);
        assert_eq!(shares(&job, 1), vec![job.clone()]);
        let parts = shares(&job, 8);
        // Four moves: four shares, never an empty one.
        assert_eq!(parts.len(), 4);
        assert!(parts.iter().all(|p| matches!(p,
            Job::Othello { task: OthelloTask::ScoreMoves { share, .. }, .. } if share.parts == 4)));
        let evaluate = Job::Othello {
            position: start,
            task: OthelloTask::Evaluate { time_ms: 400.0 },
        };
        assert_eq!(shares(&evaluate, 4), vec![evaluate]);
        assert_eq!(shares(&Job::Crash, 4), vec![Job::Crash]);
    }

    /// The events two workers sharing `position` send, each by depth.
    fn worker_events(position: &Position, depth: u32) -> Vec<Vec<Event>> {
        RootShare::split(2, position.moves().len())
            .map(|share| {
                let mut analyzer = Analyzer::new(16);
                let clock = crate::engine::clock::SystemClock::new();
                let budget = Budget::new(Limits::depth(depth), &clock);
                let mut events = Vec::new();
                let scores = analyzer.score_share(position, share, &budget, &mut |s| {
                    events.push(Event::Progress(Report::OthelloScores(s.clone())))
                });
                let best = scores.as_ref().and_then(|s| s.best());
                events.push(Event::Done(Answer::Othello(Choice {
                    best: best.map(|(m, _)| m),
                    score: best.map(|(_, s)| s),
                    exact: false,
                })));
                events
            })
            .collect()
    }

    #[test]
    fn two_workers_scores_are_one_search_s() {
        let position = Position::start(Default::default())
            .play_unchecked(Position::start(Default::default()).moves()[0]);
        let clock = crate::engine::clock::SystemClock::new();
        let budget = Budget::new(Limits::depth(4), &clock);
        let whole = Analyzer::new(16)
            .score_moves(&position, &budget, &mut |_| {})
            .unwrap();
        let mut events = worker_events(&position, 4);
        let second = events.pop().unwrap();
        let first = events.pop().unwrap();
        let mut merge = Merge::new(2);
        let mut told = Vec::new();
        // The first worker runs ahead: nothing is told until both reported.
        for event in first {
            told.extend(merge.received(0, event));
        }
        assert!(told.is_empty(), "{told:?}");
        for event in second {
            told.extend(merge.received(1, event));
        }
        let depths: Vec<u32> = told
            .iter()
            .filter_map(|e| match e {
                Event::Progress(Report::OthelloScores(s)) => Some(s.depth),
                _ => None,
            })
            .collect();
        assert_eq!(depths, [1, 2, 3, 4]);
        let Some(Event::Progress(Report::OthelloScores(last))) = told.iter().rev().nth(1) else {
            panic!("{told:?}")
        };
        let sorted = |scores: &[(Move, i32)]| {
            let mut all: Vec<String> = scores.iter().map(|(m, s)| format!("{m} {s}")).collect();
            all.sort();
            all
        };
        assert_eq!(sorted(&last.scores), sorted(&whole.scores));
        let Some(Event::Done(Answer::Othello(choice))) = told.last() else {
            panic!("{told:?}")
        };
        assert_eq!(choice.score, whole.best().map(|(_, s)| s));
    }

    #[test]
    fn a_failure_is_passed_on() {
        let mut merge = Merge::new(2);
        assert_eq!(merge.received(1, Event::Failed), vec![Event::Failed]);
        assert_eq!(merge.merged(), None);
    }
}
