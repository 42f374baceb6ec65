//! What the worker runs for an Othello job, on any clock (the worker's is
//! the browser's; a test injects its own), and the job of the computer's
//! move as the page asks for it: compiled natively too, so that the
//! computer's use of its game clock is tested as the page runs it.

use crate::engine::clock::Clock;
use crate::engine::othello::levels::{choose_move, Choice};
use crate::engine::othello::{Analyzer, Position};
use crate::engine::rng::Rng;
use crate::engine::search::{Budget, Limits};
use crate::engine::strength::ThinkTime;
use crate::session::othello::OthelloState;

use super::protocol::{Event, OthelloTask, Report};

/// The task of the computer's Othello move in `position` of `session`
/// (the winner's level plays both sides of a completion), within its
/// share of the game clock; `seed` for the level's misjudgements.
pub fn othello_play(session: &OthelloState, position: &Position, seed: u64) -> OthelloTask {
    OthelloTask::Play {
        level: session
            .player_at(position.side_to_move(), session.record.cursor())
            .level(),
        think_ms: f64::from(session.settings.think_ms),
        clock_ms: session.computer_time_ms(),
        seed,
    }
}

/// Runs an Othello `task` on `position` with `analyzer`, its time on
/// `clock`, sending each completed depth.
pub fn run_othello(
    analyzer: &mut Analyzer,
    position: &Position,
    task: OthelloTask,
    clock: &dyn Clock,
    send: &dyn Fn(Event),
) -> Choice {
    match task {
        OthelloTask::Play {
            level,
            think_ms,
            clock_ms,
            seed,
        } => {
            let mut rng = Rng::new(seed);
            choose_move(
                analyzer,
                position,
                level,
                ThinkTime::new(think_ms).within_clock(clock_ms),
                clock,
                &mut rng,
                &mut |p| send(Event::Progress(Report::Othello(p.clone()))),
            )
        }
        OthelloTask::ScoreMoves {
            time_ms,
            share,
            depth,
        } => {
            let limits = Limits {
                depth,
                ..Limits::time_ms(time_ms)
            };
            let budget = Budget::new(limits, clock);
            let scores = analyzer.score_share(position, share, &budget, &mut |s| {
                send(Event::Progress(Report::OthelloScores(s.clone())))
            });
            Choice {
                best: scores.as_ref().and_then(|s| s.best()).map(|(m, _)| m),
                score: scores.as_ref().and_then(|s| s.best()).map(|(_, s)| s),
                exact: scores.is_some_and(|s| s.exact),
            }
        }
        OthelloTask::Evaluate { time_ms } => {
            let budget = Budget::new(Limits::time_ms(time_ms), clock);
            let result = analyzer.analyse(position, &budget, &mut |p| {
                send(Event::Progress(Report::Othello(p.clone())))
            });
            Choice {
                best: result.best,
                score: (result.depth > 0 || result.exact).then_some(result.score),
                exact: result.exact,
            }
        }
    }
}
