//! Iterative deepening: search depth 1, 2, 3, … until a limit is reached,
//! report each completed depth, and answer with the last completed one.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::game::{Evaluator, Game, Score, SCORE_INFINITY};

use super::limits::Budget;
use super::ordering::MoveOrdering;
use super::tt::TranspositionTable;

/// What a search reports. After each completed depth it is a
/// [`Progress`], whose best move is always there; at the end it is a
/// [`SearchResult`]: the last completed iteration with the whole search's
/// nodes and time, or, when not even depth 1 completed, the best-ordered
/// legal move with no score (depth 0, score 0), and no move only when the
/// game is over.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Report<M, B> {
    /// The depth completed, in moves.
    pub depth: u32,
    /// The score of the best move, for the side to move at the root.
    pub score: Score,
    /// The best move: `M` in a progress report, `Option<M>` in a result.
    pub best: B,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
    /// True when the depth reaches the end of the game: the score is exact.
    pub exact: bool,
    /// For a selective endgame solve, how sure its score is: the chance
    /// in percent that a cut's prediction does not err past its margin
    /// (Edax's "@93%"); `None` for a midgame search and an exact result.
    #[serde(default)]
    pub confidence: Option<u8>,
}

/// What a completed iteration found.
pub type Progress<M> = Report<M, M>;

/// The answer of a search (see [`Report`]).
pub type SearchResult<M> = Report<M, Option<M>>;

impl<M> Progress<M> {
    /// The answer a search gives when this iteration is its last.
    pub fn into_result(self) -> SearchResult<M> {
        Report {
            depth: self.depth,
            score: self.score,
            best: Some(self.best),
            pv: self.pv,
            nodes: self.nodes,
            elapsed_ms: self.elapsed_ms,
            exact: self.exact,
            confidence: self.confidence,
        }
    }
}

/// The search state kept between searches: the evaluator, the
/// transposition table and the move-ordering tables. One `Searcher` serves
/// one game at a time.
pub struct Searcher<G: Game, E: Evaluator<G>> {
    pub(super) evaluator: E,
    /// The transposition table, shared with the threads of a parallel
    /// search.
    pub(super) tt: Arc<TranspositionTable<G::Move>>,
    pub(super) ordering: MoveOrdering<G::Move>,
    pub(super) move_lists: Vec<Vec<G::Move>>,
    pub(super) pv: Vec<Vec<G::Move>>,
    pub(super) nodes: u64,
    pub(super) aborted: bool,
    /// Whether ProbCut is used (see [`Evaluator::probcut`]).
    pub(super) selective: bool,
    /// How many threads a search uses (see `parallel`; 1 on wasm).
    pub(super) threads: usize,
    /// In a parallel search: the nodes the helper threads have visited
    /// (the main thread reads them, a helper adds its own).
    pub(super) helper_nodes: Option<Arc<AtomicU64>>,
    /// Whether this searcher is a helper thread's (it adds its nodes to
    /// `helper_nodes`).
    pub(super) helper: bool,
    /// In a parallel search: the deepest iteration any thread has
    /// completed, and how many depths past it this thread's next
    /// iteration goes (see `parallel`).
    pub(super) shared_depth: Option<(Arc<AtomicU32>, u32)>,
    /// How often the budget is checked (see `alphabeta`'s checkpoint).
    pub(super) pace: Pace,
}

/// How often a search looks at its budget: every `mask + 1` nodes, fewer
/// when nodes are slow. A game whose positions have hundreds of moves
/// (Opok on 9×9) spends milliseconds a node ordering them, and a fixed
/// 1024 nodes between checks would overrun a time limit by a third of a
/// second.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pace {
    /// Checked when `nodes & mask == 0`; a power of two minus one.
    pub(super) mask: u64,
    /// The budget's clock at the last check.
    pub(super) last_ms: f64,
    /// The nodes already added to the helpers' count.
    pub(super) counted: u64,
}

impl Pace {
    /// The pace a search starts with: a check every 1024 nodes.
    pub(super) const START: Pace = Pace {
        mask: 1023,
        last_ms: 0.0,
        counted: 0,
    };
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// A searcher judging positions with `evaluator`, with a transposition
    /// table of `2^tt_bits` entries.
    pub fn new(tt_bits: u32, evaluator: E) -> Searcher<G, E> {
        Searcher {
            evaluator,
            tt: Arc::new(TranspositionTable::new(tt_bits)),
            ordering: MoveOrdering::new(G::MOVE_KEYS),
            move_lists: Vec::new(),
            pv: Vec::new(),
            nodes: 0,
            aborted: false,
            selective: false,
            threads: 1,
            helper_nodes: None,
            helper: false,
            shared_depth: None,
            pace: Pace::START,
        }
    }

    /// Searches with `threads` threads from now on (natively; wasm has
    /// one): lazy SMP, the threads sharing the transposition table.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = if cfg!(target_arch = "wasm32") {
            1
        } else {
            threads.clamp(1, super::MAX_THREADS)
        };
    }

    /// How many threads a search uses.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The nodes of the running search, the helper threads' included.
    pub(super) fn reported_nodes(&self) -> u64 {
        match &self.helper_nodes {
            Some(helpers) if !self.helper => self.nodes + helpers.load(Ordering::Relaxed),
            _ => self.nodes,
        }
    }

    /// Judges positions with `evaluator` from now on (what the tables hold
    /// is kept: [`Searcher::clear`] them for a fair comparison).
    pub fn set_evaluator(&mut self, evaluator: E) {
        self.evaluator = evaluator;
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Turns selective search (the evaluator's ProbCut) on or off; off by
    /// default, so a plain searcher finds the minimax value.
    pub fn set_selective(&mut self, selective: bool) {
        self.selective = selective;
    }

    /// Forgets everything learned (for a new, unrelated game).
    pub fn clear(&mut self) {
        match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.clear(),
            None => self.tt.clear_shared(),
        }
        self.ordering = MoveOrdering::new(G::MOVE_KEYS);
    }

    /// Resets the counters and ages the tables before a new search.
    pub(super) fn start_search(&mut self) {
        self.nodes = 0;
        self.pace = Pace::START;
        self.aborted = false;
        self.tt.new_search();
        self.ordering.age();
    }

    /// Searches `root` by iterative deepening within `budget`, calling
    /// `on_progress` after every completed depth.
    pub fn search(
        &mut self,
        root: &G,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> SearchResult<G::Move> {
        self.start_search();
        self.deepen(root, budget, 1, on_progress)
    }

    /// The iterations of [`Searcher::search`] from `first_depth` on.
    pub(super) fn deepen(
        &mut self,
        root: &G,
        budget: &Budget,
        first_depth: u32,
        on_progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            pv: Vec::new(),
            nodes: 0,
            elapsed_ms: 0.0,
            exact: false,
            confidence: None,
        };
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        if moves.is_empty() {
            result.score = root.final_score();
            result.exact = true;
            return result;
        }
        let table_move = self.tt.probe(root.hash()).and_then(|e| e.best);
        // The whole search lies below the root.
        self.ordering
            .sort(root, &self.evaluator, &mut moves, table_move, 0, i32::MAX);
        result.best = Some(moves[0]);
        let end = root.moves_left_bound();
        let max_depth = budget.max_depth(end);
        // The aspiration window is centred on the last score of the same
        // depth parity, as evaluations often judge the side to move
        // differently from the side that just moved.
        let mut before_last: Option<Score> = None;
        let mut depth = first_depth;
        while depth <= max_depth {
            let reference = before_last.unwrap_or(result.score);
            let score = self.aspiration_search(root, depth as i32, reference, budget);
            if self.aborted {
                break;
            }
            let pv = self.pv[0].clone();
            let progress = Progress {
                depth,
                score,
                best: pv[0],
                pv,
                nodes: self.reported_nodes(),
                elapsed_ms: budget.elapsed_ms(),
                exact: end.is_some_and(|e| depth >= e),
                confidence: None,
            };
            on_progress(&progress);
            before_last = (result.depth > 0).then_some(result.score);
            result = progress.into_result();
            if budget.too_late_for_next_iteration() || budget.exhausted(self.nodes) {
                break;
            }
            // Past a depth another thread completed, but not past the limit.
            depth = self.next_depth(depth).min(max_depth).max(depth + 1);
        }
        result.nodes = self.reported_nodes();
        result.elapsed_ms = budget.elapsed_ms();
        result
    }

    /// The depth of the iteration after `done`: the next one, or in a
    /// parallel search one past the deepest any thread has completed (plus
    /// this thread's lead), so that no thread repeats a depth another has
    /// finished.
    fn next_depth(&self, done: u32) -> u32 {
        match &self.shared_depth {
            Some((deepest, lead)) => {
                let deepest = deepest.fetch_max(done, Ordering::Relaxed).max(done);
                (done + 1).max(deepest + 1 + lead)
            }
            None => done + 1,
        }
    }

    /// One iteration: first a window around `previous` (when the game
    /// gives one and there is a previous score), widened on the side
    /// it fails until the score falls inside.
    fn aspiration_search(
        &mut self,
        root: &G,
        depth: i32,
        previous: Score,
        budget: &Budget,
    ) -> Score {
        let window = self.evaluator.aspiration_window(root).filter(|_| depth > 2);
        let Some(mut delta) = window else {
            return self.negamax(root, depth, -SCORE_INFINITY, SCORE_INFINITY, 0, budget);
        };
        let mut alpha = previous.saturating_sub(delta).max(-SCORE_INFINITY);
        let mut beta = previous.saturating_add(delta).min(SCORE_INFINITY);
        loop {
            let score = self.negamax(root, depth, alpha, beta, 0, budget);
            if self.aborted {
                return score;
            }
            delta = delta.saturating_mul(2);
            if score <= alpha && alpha > -SCORE_INFINITY {
                alpha = score.saturating_sub(delta).max(-SCORE_INFINITY);
            } else if score >= beta && beta < SCORE_INFINITY {
                beta = score.saturating_add(delta).min(SCORE_INFINITY);
            } else {
                return score;
            }
        }
    }
}
