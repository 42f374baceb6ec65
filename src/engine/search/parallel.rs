//! The search on several threads: lazy SMP. Every thread runs iterative
//! deepening on the shared transposition table, each with its own
//! move-ordering tables. No thread repeats a depth another has completed:
//! after each iteration a thread goes on one depth past the deepest any
//! thread has completed, and half the helpers one further, so that the
//! threads work at different depths. What each stores in the table makes
//! the others' iterations cheaper (their cut-offs and best moves are found
//! before they get there). The main thread alone reports progress and
//! keeps the budget; its answer is the deepest iteration any thread
//! completed.
//!
//! A midgame search is a sequence of depths over a tree that ProbCut and
//! the evaluation make irregular, which lazy SMP suits (no node waits for
//! another); the exact solver splits its tree instead (see the endgame
//! solver's `parallel`). Native only, as that is.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::clock::ManualClock;
use crate::game::{Evaluator, Game};

use super::driver::{Progress, SearchResult, Searcher};
use super::limits::{Budget, Limits};
use super::ordering::MoveOrdering;

impl<G, E> Searcher<G, E>
where
    G: Game + Send + Sync,
    G::Move: Send,
    E: Evaluator<G> + Clone + Send + Sync,
{
    /// [`Searcher::search`] on the searcher's threads (see
    /// [`Searcher::set_threads`]); the nodes reported are all threads'.
    pub fn search_on_threads(
        &mut self,
        root: &G,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> SearchResult<G::Move> {
        if self.threads <= 1 {
            return self.search(root, budget, on_progress);
        }
        let stop = AtomicBool::new(false);
        let count = Arc::new(AtomicU64::new(0));
        let completed = Arc::new(AtomicU32::new(0));
        // The first helper one depth ahead, the next level with the main
        // thread, and so on.
        let helpers: Vec<(u32, Searcher<G, E>)> = (1..self.threads)
            .map(|k| {
                let lead = u32::from(k % 2 == 1);
                (lead, self.helper(&count, &completed, lead))
            })
            .collect();
        self.helper_nodes = Some(count.clone());
        self.shared_depth = Some((completed, 0));
        let depth = budget.limits().depth;
        let deepest: Mutex<Option<Progress<G::Move>>> = Mutex::new(None);
        let result = std::thread::scope(|scope| {
            for (lead, mut helper) in helpers {
                let (stop, deepest) = (&stop, &deepest);
                scope.spawn(move || {
                    let clock = ManualClock::new();
                    let limits = Limits {
                        depth,
                        ..Limits::default()
                    };
                    let budget = Budget::new(limits, &clock).with_stop(stop);
                    helper.deepen(root, &budget, 1 + lead, &mut |progress| {
                        keep_deeper(deepest, progress);
                    });
                });
            }
            let result = self.search(root, budget, on_progress);
            stop.store(true, Ordering::Relaxed);
            result
        });
        self.helper_nodes = None;
        self.shared_depth = None;
        // Helpers stop at the depth limit too, so the deepest is within it.
        match deepest.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(helper) if helper.depth > result.depth => SearchResult {
                nodes: result.nodes,
                elapsed_ms: result.elapsed_ms,
                ..helper.into_result()
            },
            _ => result,
        }
    }

    /// A helper thread's searcher: this one's table, evaluator and
    /// settings, its own ordering tables and counters; its iterations go
    /// `lead` depths past the deepest completed.
    fn helper(
        &self,
        count: &Arc<AtomicU64>,
        completed: &Arc<AtomicU32>,
        lead: u32,
    ) -> Searcher<G, E> {
        let mut helper = Searcher::new(2, self.evaluator.clone());
        helper.tt = self.tt.clone();
        helper.ordering = MoveOrdering::new(G::MOVE_KEYS);
        helper.selective = self.selective;
        helper.helper_nodes = Some(count.clone());
        helper.helper = true;
        helper.shared_depth = Some((completed.clone(), lead));
        helper
    }
}

/// Keeps `progress` in `deepest` when it went deeper than what is there.
fn keep_deeper<M: Clone>(deepest: &Mutex<Option<Progress<M>>>, progress: &Progress<M>) {
    let mut kept = deepest.lock().unwrap_or_else(|e| e.into_inner());
    if kept.as_ref().is_none_or(|k| progress.depth > k.depth) {
        *kept = Some(progress.clone());
    }
}
