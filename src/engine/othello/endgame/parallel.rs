//! The parallel solve: Young Brothers Wait (YBWC), as Edax splits its
//! endgame search. A node of [`SPLIT_MIN_EMPTIES`] or more empties searches
//! its first move alone; only when that move does not cut off, and a
//! thread is idle, are its other moves shared out: the node becomes a
//! [`SplitPoint`], and the threads take its moves one at a time, each
//! searching with the best bound found so far. A move that cuts off stops
//! every thread still below the split point; the owner of the split point
//! waits until its helpers are done (helping meanwhile with split points
//! below its own), then goes on exactly as the sequential search would.
//!
//! Every thread has its own solver (counters, move lists, the ordering
//! searches) and all share one transposition table. A split point's score
//! is the best of its moves' scores, each exact or a bound on the right
//! side of the window it was searched with, so an exact solve gives the
//! same score with any number of threads; only which of two equal moves
//! is reported, and the node count, may change.
//!
//! Why not lazy SMP (every thread searching the whole tree, sharing only
//! the table): an exact solve has no depth to vary, so its threads mostly
//! search the same nodes; docs/strength.md has the measurements.
//!
//! Native only: wasm threads need shared memory, which stable Rust's
//! standard library does not build; the browser splits work between
//! workers by messages instead.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::clock::ManualClock;
use crate::search::limits::{Budget, Limits};

use super::ordering::OrderedMove;
use super::{EndgameSolver, MAX_MOVES};

/// From this many empties on, a node's moves may be shared between
/// threads (below, a move's subtree is too small to pay for the split).
pub(super) const SPLIT_MIN_EMPTIES: u32 = 12;

/// A node whose moves the threads share.
pub(super) struct SplitPoint {
    p: u64,
    o: u64,
    empties: u32,
    beta: i32,
    moves: [OrderedMove; MAX_MOVES],
    count: usize,
    /// The next move to hand out.
    next: AtomicUsize,
    /// Moves whose score is in `result`.
    recorded: AtomicUsize,
    /// The best score so far (mirrored from `result` for lock-free reads).
    alpha: AtomicI32,
    result: Mutex<SplitResult>,
    /// Threads searching a move here now (the owner counts until it has
    /// no move left to take).
    workers: AtomicUsize,
    /// A move reached beta, or the owner gave the node up: nobody takes
    /// another move, and the searches below stop.
    cut: AtomicBool,
    /// The split point the owner was working under, if any.
    parent: Option<Arc<SplitPoint>>,
}

/// What a split point's moves have found.
#[derive(Clone, Copy)]
struct SplitResult {
    alpha: i32,
    best_score: i32,
    best_square: usize,
}

impl SplitPoint {
    /// Whether this split point or one it lies under has been cut off.
    #[inline]
    pub(super) fn cut_here_or_above(&self) -> bool {
        let mut split = self;
        loop {
            if split.cut.load(Ordering::Relaxed) {
                return true;
            }
            match &split.parent {
                Some(parent) => split = parent,
                None => return false,
            }
        }
    }

    fn has_moves(&self) -> bool {
        self.next.load(Ordering::Relaxed) < self.count && !self.cut.load(Ordering::Relaxed)
    }

    /// Whether this split point lies under `ancestor` (or is it).
    fn lies_under(&self, ancestor: &SplitPoint) -> bool {
        let mut split = self;
        loop {
            if std::ptr::eq(split, ancestor) {
                return true;
            }
            match &split.parent {
                Some(parent) => split = parent,
                None => return false,
            }
        }
    }

    /// Takes the score of the move to `square` into the result.
    fn record(&self, score: i32, square: usize) {
        let mut result = self.result.lock().expect("no thread panics holding it");
        self.recorded.fetch_add(1, Ordering::Relaxed);
        if score > result.best_score {
            result.best_score = score;
            result.best_square = square;
            if score > result.alpha {
                result.alpha = score;
                self.alpha.store(score, Ordering::Relaxed);
                if score >= self.beta {
                    self.cut.store(true, Ordering::Relaxed);
                }
            }
        }
    }
}

/// The threads of one parallel solve: the split points open for help, and
/// the solve's common state.
pub(super) struct Pool {
    splits: Mutex<Vec<Arc<SplitPoint>>>,
    /// How many split points are open (read without the lock).
    open: AtomicUsize,
    /// Threads looking for work.
    idle: AtomicUsize,
    /// The budget ran out: every thread stops.
    stop: AtomicBool,
    /// The solve is over: the helpers leave.
    done: AtomicBool,
    /// Nodes the helpers have visited.
    helper_nodes: AtomicU64,
}

impl Pool {
    fn new() -> Pool {
        Pool {
            splits: Mutex::new(Vec::new()),
            open: AtomicUsize::new(0),
            idle: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            done: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
        }
    }

    /// Tells every thread to stop (the budget ran out).
    pub(super) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Nodes the helpers have visited so far.
    pub(super) fn helper_nodes(&self) -> u64 {
        self.helper_nodes.load(Ordering::Relaxed)
    }

    fn splits(&self) -> std::sync::MutexGuard<'_, Vec<Arc<SplitPoint>>> {
        self.splits.lock().expect("no thread panics holding it")
    }

    fn publish(&self, split: &Arc<SplitPoint>) {
        self.splits().push(split.clone());
        self.open.fetch_add(1, Ordering::Relaxed);
    }

    fn retract(&self, split: &Arc<SplitPoint>) {
        let mut splits = self.splits();
        if let Some(i) = splits.iter().position(|s| Arc::ptr_eq(s, split)) {
            splits.swap_remove(i);
            self.open.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// An open split point with moves left (under `within`, for an owner
    /// waiting for its helpers), the one nearest the root first; the
    /// caller is counted among its workers.
    fn take_work(&self, within: Option<&SplitPoint>) -> Option<Arc<SplitPoint>> {
        if self.open.load(Ordering::Relaxed) == 0 {
            return None;
        }
        let splits = self.splits();
        let split = splits
            .iter()
            .filter(|s| s.has_moves() && within.is_none_or(|w| s.lies_under(w)))
            .max_by_key(|s| s.empties)?;
        split.workers.fetch_add(1, Ordering::AcqRel);
        Some(split.clone())
    }
}

/// Waits a little before looking for work again.
fn pause(round: &mut u32) {
    *round += 1;
    if *round < 64 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}

impl EndgameSolver {
    /// Runs `solve` with the solver's threads: the calling thread runs it,
    /// the others help at its split points until it returns.
    pub(super) fn with_helpers<T>(&mut self, solve: impl FnOnce(&mut EndgameSolver) -> T) -> T {
        if self.threads <= 1 {
            return solve(self);
        }
        let pool = Arc::new(Pool::new());
        let helpers: Vec<EndgameSolver> = (1..self.threads).map(|_| self.helper(&pool)).collect();
        self.pool = Some(pool.clone());
        let result = std::thread::scope(|scope| {
            for mut helper in helpers {
                scope.spawn(move || helper.serve());
            }
            let result = solve(self);
            pool.done.store(true, Ordering::Release);
            result
        });
        self.nodes += pool.helper_nodes();
        self.pool = None;
        result
    }

    /// A solver for a helper thread: this one's settings and table, its
    /// own counters.
    fn helper(&self, pool: &Arc<Pool>) -> EndgameSolver {
        EndgameSolver {
            table: self.table.clone(),
            nodes: 0,
            midgame_nodes: 0,
            aborted: false,
            selectivity: self.selectivity,
            proven: self.proven,
            anti: self.anti,
            rules: self.rules,
            board: self.board,
            use_stability: self.use_stability,
            evaluator: self.evaluator,
            full_board: self.full_board,
            used: true,
            quadrants: self.quadrants,
            quadrant_bit: self.quadrant_bit,
            parity_squares: self.parity_squares,
            threads: 1,
            pool: Some(pool.clone()),
            split: None,
        }
    }

    /// A helper's life: take moves at open split points until the solve
    /// is over.
    fn serve(&mut self) {
        let pool = self.pool.clone().expect("a helper has a pool");
        let clock = ManualClock::new();
        let budget = Budget::new(Limits::default(), &clock).with_stop(&pool.stop);
        let mut round = 0;
        pool.idle.fetch_add(1, Ordering::Relaxed);
        while !pool.done.load(Ordering::Acquire) && !pool.stopped() {
            match pool.take_work(None) {
                Some(split) => {
                    pool.idle.fetch_sub(1, Ordering::Relaxed);
                    self.help(&split, &pool, &budget);
                    pool.idle.fetch_add(1, Ordering::Relaxed);
                    round = 0;
                }
                None => pause(&mut round),
            }
        }
        pool.idle.fetch_sub(1, Ordering::Relaxed);
    }

    /// Searches moves of `split` (whose workers count this thread already)
    /// until none is left, then leaves it.
    fn help(&mut self, split: &Arc<SplitPoint>, pool: &Pool, budget: &Budget) {
        let before = self.nodes;
        let outer = self.split.replace(split.clone());
        self.take_moves(split, budget);
        self.split = outer;
        if !pool.stopped() {
            // Stopped by a cut-off at or above the split point: the owner
            // of that split point carries on.
            self.aborted = false;
        }
        pool.helper_nodes
            .fetch_add(self.nodes - before, Ordering::Relaxed);
        split.workers.fetch_sub(1, Ordering::AcqRel);
    }

    /// Whether a node of `empties` empties may share its moves now.
    #[inline]
    pub(super) fn may_split(&self, empties: u32) -> bool {
        empties >= SPLIT_MIN_EMPTIES
            && self
                .pool
                .as_ref()
                .is_some_and(|pool| pool.idle.load(Ordering::Relaxed) > 0)
    }

    /// Whether the split point this thread works under (or one above it)
    /// has been cut off, so that its search is wasted.
    #[inline]
    pub(super) fn split_cut(&self) -> bool {
        self.split
            .as_ref()
            .is_some_and(|split| split.cut_here_or_above())
    }

    /// Shares the moves `rest` of the node `p`, `o` (whose first moves gave
    /// `best_score` with `best_square` and raised the window to
    /// `alpha..beta`) with the idle threads, and returns the node's best
    /// score and square, as the sequential loop would have.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
        rest: &[OrderedMove],
        best_score: i32,
        best_square: usize,
        budget: &Budget,
    ) -> (i32, usize) {
        let pool = self.pool.clone().expect("only a parallel solve splits");
        let mut moves = [OrderedMove::default(); MAX_MOVES];
        moves[..rest.len()].copy_from_slice(rest);
        let split = Arc::new(SplitPoint {
            p,
            o,
            empties,
            beta,
            moves,
            count: rest.len(),
            next: AtomicUsize::new(0),
            recorded: AtomicUsize::new(0),
            alpha: AtomicI32::new(alpha),
            result: Mutex::new(SplitResult {
                alpha,
                best_score,
                best_square,
            }),
            workers: AtomicUsize::new(1),
            cut: AtomicBool::new(false),
            parent: self.split.clone(),
        });
        pool.publish(&split);
        let outer = self.split.replace(split.clone());
        self.take_moves(&split, budget);
        if self.aborted {
            // Nobody starts another move of a node given up.
            split.cut.store(true, Ordering::Relaxed);
        }
        split.workers.fetch_sub(1, Ordering::AcqRel);
        // Help below this split point until its helpers are done.
        let mut round = 0;
        pool.idle.fetch_add(1, Ordering::Relaxed);
        while split.workers.load(Ordering::Acquire) > 0 {
            let below = if self.aborted {
                None
            } else {
                pool.take_work(Some(&split))
            };
            match below {
                Some(below) => {
                    pool.idle.fetch_sub(1, Ordering::Relaxed);
                    self.help_own(&below, &pool, budget);
                    pool.idle.fetch_add(1, Ordering::Relaxed);
                    round = 0;
                }
                None => pause(&mut round),
            }
        }
        pool.idle.fetch_sub(1, Ordering::Relaxed);
        pool.retract(&split);
        self.split = outer;
        let result = *split.result.lock().expect("no thread panics holding it");
        // The node's result stands when a move cut off or every move was
        // searched to the end; otherwise the search was stopped (by the
        // budget, or a cut-off above) and the caller unwinds.
        let settled =
            result.best_score >= beta || split.recorded.load(Ordering::Relaxed) == split.count;
        self.aborted = !settled || pool.stopped();
        (result.best_score, result.best_square)
    }

    /// [`EndgameSolver::help`] by an owner waiting for its helpers: its
    /// nodes are its own.
    fn help_own(&mut self, split: &Arc<SplitPoint>, pool: &Pool, budget: &Budget) {
        let outer = self.split.replace(split.clone());
        self.take_moves(split, budget);
        self.split = outer;
        if !pool.stopped() {
            self.aborted = false;
        }
        split.workers.fetch_sub(1, Ordering::AcqRel);
    }

    /// Searches moves of `split` one at a time, each with the split
    /// point's bound of the moment, until none is left, one cuts off, or
    /// the search is stopped.
    fn take_moves(&mut self, split: &SplitPoint, budget: &Budget) {
        loop {
            if self.aborted || split.cut_here_or_above() {
                return;
            }
            let i = split.next.fetch_add(1, Ordering::Relaxed);
            if i >= split.count {
                return;
            }
            let alpha = split.alpha.load(Ordering::Relaxed);
            if alpha >= split.beta {
                return;
            }
            let m = split.moves[i];
            let (square, f) = (usize::from(m.square), m.flips);
            let (np, no) = (split.o ^ f, split.p | f | 1 << square);
            let score =
                self.child_score(np, no, alpha, split.beta, split.empties - 1, false, budget);
            if self.aborted {
                return;
            }
            split.record(score, square);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{ffo_position, random_positions};
    use super::*;

    fn solve(threads: usize, position: &super::super::Position) -> super::super::Solution {
        let clock = ManualClock::new();
        let budget = Budget::new(Limits::default(), &clock);
        let mut solver = EndgameSolver::new(20);
        solver.set_threads(threads);
        solver.solve(position, &budget).unwrap()
    }

    /// The score of every move, and so the best move's value, with the
    /// given number of threads.
    fn move_values(threads: usize, position: &super::super::Position) -> Vec<(u8, i32)> {
        let clock = ManualClock::new();
        let budget = Budget::new(Limits::default(), &clock);
        let mut solver = EndgameSolver::new(18);
        solver.set_threads(threads);
        crate::othello::square::Square::iter(position.legal_squares())
            .map(|square| {
                let child = position.play_unchecked(super::super::Move::Place(square));
                let value = -solver.solve(&child, &budget).unwrap().score;
                (square.index() as u8, value)
            })
            .collect()
    }

    /// The final disc difference at the end of `line` from `position`,
    /// for the side to move in `position`.
    fn score_at_the_end(position: &super::super::Position, line: &[super::super::Move]) -> i32 {
        let end = line.iter().fold(*position, |p, &m| p.play_unchecked(m));
        assert!(end.is_over(), "the line stops before the end");
        if end.side_to_move() == position.side_to_move() {
            end.final_disc_score()
        } else {
            -end.final_disc_score()
        }
    }

    #[test]
    fn parallel_solves_of_ffo_40_to_44_give_the_known_scores_and_best_moves() {
        for number in 40..=44 {
            let ffo = crate::othello::ffo::positions()
                .find(|p| p.number == number)
                .unwrap();
            let threads = if number == 40 { 3 } else { 2 };
            let solution = solve(threads, &ffo.position);
            assert_eq!(solution.score, ffo.best_score, "FFO #{number}");
            let best = solution.best.unwrap().to_string();
            assert!(ffo.best_moves.contains(&best), "FFO #{number}: {best}");
            assert_eq!(
                score_at_the_end(&ffo.position, &solution.pv),
                solution.score,
                "FFO #{number}: the line"
            );
        }
    }

    #[test]
    fn parallel_solves_of_14_to_20_empties_equal_the_single_thread_ones() {
        for empties in 14..=20 {
            for position in random_positions(100 + u64::from(empties), empties, 2) {
                let one = solve(1, &position);
                let two = solve(2, &position);
                assert_eq!(two.score, one.score, "{position:?}");
                assert_eq!(
                    move_values(2, &position),
                    move_values(1, &position),
                    "{position:?}"
                );
            }
        }
    }

    #[test]
    fn a_stopped_parallel_solve_stops_every_thread() {
        let clock = ManualClock::new();
        let stop = AtomicBool::new(true);
        let budget = Budget::new(Limits::default(), &clock).with_stop(&stop);
        let mut solver = EndgameSolver::new(16);
        solver.set_threads(2);
        assert!(solver.solve(&ffo_position(45), &budget).is_none());
        let budget = Budget::new(Limits::nodes(200_000), &clock);
        assert!(solver.solve(&ffo_position(45), &budget).is_none());
        // The solver still works afterwards.
        let budget = Budget::new(Limits::default(), &clock);
        assert_eq!(solver.solve(&ffo_position(40), &budget).unwrap().score, 38);
    }
}
