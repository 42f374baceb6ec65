//! The Othello player: the shared search for the midgame, handing over to
//! the exact endgame solver when the end is within reach.

use crate::game::Game;
use crate::search::{Budget, Limits, MoveScores, Progress, RootShare, SearchResult, Searcher};

use super::endgame::{EndgameSolver, Selectivity};
use super::eval::{Evaluator, DISC};
use super::position::{Move, Position};

/// The share of a time limit the midgame search gets before the solver.
const QUICK_SHARE: f64 = 0.3;

/// Default number of empties from which the solver is tried when only time
/// limits the search.
pub const DEFAULT_EXACT_EMPTIES: u32 = 20;

/// Midgame searcher and endgame solver, with their tables kept between moves.
pub struct Analyzer {
    searcher: Searcher<Position, Evaluator>,
    solver: EndgameSolver,
    exact_empties: u32,
}

impl Analyzer {
    /// An analyzer with tables of `2^tt_bits` entries each; its midgame
    /// search is selective (ProbCut: +138 Elo at 100 ms a move, see
    /// docs/strength.md).
    pub fn new(tt_bits: u32) -> Analyzer {
        let mut searcher = Searcher::new(tt_bits, Evaluator::Standard);
        searcher.set_selective(true);
        Analyzer {
            searcher,
            solver: EndgameSolver::new(tt_bits),
            exact_empties: DEFAULT_EXACT_EMPTIES,
        }
    }

    /// Scores unfinished positions with `evaluator` instead of the
    /// standard evaluation (for comparing evaluations).
    pub fn with_evaluator(mut self, evaluator: Evaluator) -> Analyzer {
        self.searcher.set_evaluator(evaluator);
        self.solver.set_evaluator(evaluator);
        self
    }

    /// Turns selective search (ProbCut) on or off.
    pub fn with_selective(mut self, selective: bool) -> Analyzer {
        self.searcher.set_selective(selective);
        self
    }

    /// Searches and solves with `threads` threads (natively; wasm has
    /// one): exact solves give the same scores with any number.
    pub fn with_threads(mut self, threads: usize) -> Analyzer {
        self.set_threads(threads);
        self
    }

    /// [`Analyzer::with_threads`] on an analyzer in use (its tables kept).
    pub fn set_threads(&mut self, threads: usize) {
        self.searcher.set_threads(threads);
        self.solver.set_threads(threads);
    }

    /// How many threads searches and solves use.
    pub fn threads(&self) -> usize {
        self.solver.threads()
    }

    /// Tries the exact solver from `empties` empty squares on (when only time
    /// or nodes limit the search).
    pub fn with_exact_empties(mut self, empties: u32) -> Analyzer {
        self.exact_empties = empties;
        self
    }

    /// Forgets what earlier searches learned, so that the next search
    /// does not depend on what ran before it.
    pub fn clear(&mut self) {
        self.searcher.clear();
        self.solver.clear();
    }

    /// Finds the best move of `position` within `budget`, reporting each
    /// completed depth (scores in hundredths of a disc). Near the end the
    /// result is exact: the final disc difference with perfect play.
    pub fn analyse(
        &mut self,
        position: &Position,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&Progress<Move>),
    ) -> SearchResult<Move> {
        self.analyse_with_exact(position, budget, self.exact_empties, on_progress)
    }

    /// [`Analyzer::analyse`], trying the solver from `exact_empties` empties
    /// on instead of the analyzer's default.
    pub fn analyse_with_exact(
        &mut self,
        position: &Position,
        budget: &Budget,
        exact_empties: u32,
        on_progress: &mut dyn FnMut(&Progress<Move>),
    ) -> SearchResult<Move> {
        let empties = position.empties().count_ones();
        let limits = budget.limits();
        let exact_reachable = match limits.depth {
            Some(depth) => depth >= empties,
            None => empties <= exact_empties,
        };
        let root = *position;
        if position.is_over() || !exact_reachable {
            return self.midgame(&root, budget, on_progress);
        }
        // A midgame search first, so that a good move is ready even if the
        // solver runs out of time: with a time limit it gets a share of the
        // time, otherwise a shallow depth.
        let remaining = budget.remaining(0);
        let quick_limits = match remaining.time_ms {
            Some(ms) => Limits {
                depth: Some(empties.saturating_sub(1).max(1)),
                time_ms: Some(ms * QUICK_SHARE),
                ..remaining
            },
            None => Limits {
                depth: Some(estimate_depth(empties)),
                ..remaining
            },
        };
        let quick = self.midgame(&root, &budget.child(quick_limits), on_progress);
        // With a time limit, selective solves first, loosest to exact (see
        // `endgame::Selectivity`): each one that finishes gives a better
        // move than the last, and leaves its table to the next.
        let timed = remaining.time_ms.is_some();
        let ladder = Selectivity::ladder(empties).filter(|&s| timed || s == Selectivity::EXACT);
        let mut result = quick;
        let mut estimate = estimate_in_discs(&result);
        let mut nodes = result.nodes;
        for selectivity in ladder {
            let solver_budget = budget.child(budget.remaining(nodes));
            let solved =
                self.solver
                    .solve_selective(position, estimate, selectivity, &solver_budget);
            nodes += self.solver.nodes();
            let Some(solution) = solved else { break };
            let exact = selectivity == Selectivity::EXACT;
            let confidence = (!exact).then(|| selectivity.confidence_percent() as u8);
            let best = solution.best.unwrap_or(Move::Pass);
            let progress = Progress {
                depth: empties,
                score: solution.score * DISC,
                best,
                pv: solution.pv,
                nodes,
                elapsed_ms: budget.elapsed_ms(),
                exact,
                confidence,
            };
            on_progress(&progress);
            estimate = Some(solution.score);
            // The solver's own best move: `None` only on a finished board.
            result = SearchResult {
                best: solution.best,
                ..progress.into_result()
            };
        }
        SearchResult {
            nodes,
            elapsed_ms: budget.elapsed_ms(),
            ..result
        }
    }

    /// The midgame search, on the analyzer's threads.
    fn midgame(
        &mut self,
        root: &Position,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&Progress<Move>),
    ) -> SearchResult<Move> {
        #[cfg(not(target_arch = "wasm32"))]
        return self.searcher.search_on_threads(root, budget, on_progress);
        #[cfg(target_arch = "wasm32")]
        self.searcher.search(root, budget, on_progress)
    }

    /// Scores every legal move (hundredths of a disc, for the side to move),
    /// deepening until the budget runs out; near the end every score is
    /// exact. Returns `None` when the game is over.
    pub fn score_moves(
        &mut self,
        position: &Position,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&MoveScores<Move>),
    ) -> Option<MoveScores<Move>> {
        self.score_share(position, RootShare::WHOLE, budget, on_progress)
    }

    /// [`Analyzer::score_moves`] for the moves of `share` only (the
    /// browser's workers share the root this way; each solves its moves
    /// exactly near the end).
    pub fn score_share(
        &mut self,
        position: &Position,
        share: RootShare,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&MoveScores<Move>),
    ) -> Option<MoveScores<Move>> {
        let empties = position.empties().count_ones();
        let exact_reachable = match budget.limits().depth {
            Some(depth) => depth >= empties,
            None => empties <= self.exact_empties,
        };
        let root = *position;
        if !exact_reachable {
            return self.searcher.score_share(&root, share, budget, on_progress);
        }
        let quick_limits = Limits {
            depth: Some(empties.min(2)),
            ..budget.remaining(0)
        };
        let quick =
            self.searcher
                .score_share(&root, share, &budget.child(quick_limits), on_progress)?;
        let mut nodes = quick.nodes;
        let mut scores = Vec::with_capacity(quick.scores.len());
        for &(mv, _) in &quick.scores {
            let child = position.play_unchecked(mv);
            let child_budget = budget.child(budget.remaining(nodes));
            let Some(solution) = self.solve(&child, &child_budget) else {
                return Some(quick);
            };
            nodes += solution.nodes;
            scores.push((mv, -solution.score * DISC));
        }
        crate::stable_sort::sort_by_key(&mut scores, |&(_, s)| std::cmp::Reverse(s));
        let exact = MoveScores {
            depth: empties,
            scores,
            exact: true,
            nodes,
            elapsed_ms: budget.elapsed_ms(),
        };
        on_progress(&exact);
        Some(exact)
    }

    /// Nodes the solver visited in the last solve, finished or not.
    pub fn solver_nodes(&self) -> u64 {
        self.solver.nodes()
    }

    /// What the solver proved in the last solve, finished or not (after
    /// `None` from [`Analyzer::solve`]: the best bounds it has).
    pub fn proven(&self) -> super::endgame::Bounds {
        self.solver.proven()
    }

    /// Solves `position` exactly (disc scores), or `None` when the budget
    /// runs out. A midgame search first estimates the score for the
    /// solver's first null windows; its nodes are counted in the solution's.
    pub fn solve(
        &mut self,
        position: &Position,
        budget: &Budget,
    ) -> Option<super::endgame::Solution> {
        if position.is_over() {
            return Some(super::endgame::Solution {
                best: None,
                score: position.final_score() / DISC,
                pv: Vec::new(),
                nodes: 1,
            });
        }
        let empties = position.empties().count_ones();
        // The estimate only sets the first windows: with a time limit it
        // may use a share of the time, never all of it.
        let remaining = budget.remaining(0);
        let estimate_limits = Limits {
            depth: Some(estimate_depth(empties)),
            time_ms: remaining.time_ms.map(|ms| ms * QUICK_SHARE),
            ..remaining
        };
        let estimate = self.midgame(position, &budget.child(estimate_limits), &mut |_| {});
        let solver_budget = budget.child(budget.remaining(estimate.nodes));
        let mut solution =
            self.solver
                .solve_from(position, estimate_in_discs(&estimate), &solver_budget)?;
        solution.nodes += estimate.nodes;
        Some(solution)
    }
}

/// How deep the midgame search that estimates a solve's score goes: ten
/// plies short of the end, at most 14.
fn estimate_depth(empties: u32) -> u32 {
    empties.saturating_sub(10).clamp(1, 14)
}

/// A midgame search's score in whole discs, when it completed a depth.
fn estimate_in_discs(result: &SearchResult<Move>) -> Option<i32> {
    (result.depth > 0).then(|| (result.score as f64 / f64::from(DISC)).round() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use crate::othello::endgame::tests::random_positions;
    use crate::othello::Rules;

    /// Every move's score, by square, from the shares of `parts` fresh
    /// analyzers put together.
    fn shared_scores(position: &Position, parts: usize) -> MoveScores<Move> {
        let clock = ManualClock::new();
        let budget = Budget::new(Limits::default(), &clock);
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let shares: Vec<_> = RootShare::split(parts, moves.len())
            .map(|share| {
                Analyzer::new(16)
                    .score_share(position, share, &budget, &mut |_| {})
                    .expect("the game goes on")
            })
            .collect();
        MoveScores::merge(&shares).expect("at least one share")
    }

    fn by_square(scores: &MoveScores<Move>) -> Vec<(String, i32)> {
        let mut all: Vec<_> = scores
            .scores
            .iter()
            .map(|(m, s)| (m.to_string(), *s))
            .collect();
        all.sort();
        all
    }

    #[test]
    fn shared_roots_score_every_move_as_one_search_does() {
        let clock = ManualClock::new();
        let budget = Budget::new(Limits::default(), &clock);
        for empties in [14, 16, 18] {
            for position in random_positions(30 + u64::from(empties), empties, 2) {
                let whole = Analyzer::new(16)
                    .score_moves(&position, &budget, &mut |_| {})
                    .expect("the game goes on");
                assert!(whole.exact);
                for parts in [2, 3, 40] {
                    let shared = shared_scores(&position, parts);
                    assert!(shared.exact, "{parts} shares of {position:?}");
                    assert_eq!(by_square(&shared), by_square(&whole), "{parts} shares");
                    assert_eq!(shared.best().map(|b| b.1), whole.best().map(|b| b.1));
                }
            }
        }
    }

    #[test]
    fn shares_split_the_moves_once_each() {
        let start = Position::start(Rules::default());
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        for searches in 1..=6 {
            let mut seen = Vec::new();
            for share in RootShare::split(searches, moves.len()) {
                let mut mine = moves.clone();
                share.keep(&mut mine);
                assert!(!mine.is_empty(), "{share:?}");
                seen.extend(mine);
            }
            seen.sort_by_key(|m| m.to_string());
            let mut all = moves.clone();
            all.sort_by_key(|m| m.to_string());
            assert_eq!(seen, all, "{searches} searches");
        }
        assert_eq!(RootShare::split(0, 4).count(), 1);
    }
}
