//! Scores for every move at the root, not just the best one: what hint
//! displays show and what weaker levels choose from with noise.

use serde::{Deserialize, Serialize};

use crate::game::{Evaluator, Game, Score, SCORE_INFINITY};

use super::driver::{Progress, Searcher};
use super::limits::Budget;

/// The exact minimax score of every root move at one depth.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct MoveScores<M> {
    /// The depth completed.
    pub depth: u32,
    /// Every legal move with its score for the side to move, best first.
    pub scores: Vec<(M, Score)>,
    /// True when the scores are exact game results.
    pub exact: bool,
    /// Nodes visited so far.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: f64,
}

impl<M: Copy> MoveScores<M> {
    /// The best move and its score.
    pub fn best(&self) -> Option<(M, Score)> {
        self.scores.first().copied()
    }

    /// The best move as a line of progress (its line is the move alone).
    pub fn progress(&self) -> Option<Progress<M>> {
        let (best, score) = self.best()?;
        Some(Progress {
            depth: self.depth,
            score,
            best,
            pv: vec![best],
            nodes: self.nodes,
            elapsed_ms: self.elapsed_ms,
            exact: self.exact,
            confidence: None,
        })
    }
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// Scores every legal move of `root` by iterative deepening (each move
    /// with a full window, so every score is exact for its depth), reporting
    /// each completed depth. Returns the deepest completed scores, or `None`
    /// when the game is over or not even depth 1 completed.
    pub fn score_moves(
        &mut self,
        root: &G,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&MoveScores<G::Move>),
    ) -> Option<MoveScores<G::Move>> {
        self.start_search();
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let end = root.moves_left_bound();
        let max_depth = budget.max_depth(end);
        let mut completed = None;
        'deepening: for depth in 1..=max_depth {
            let mut scores = Vec::with_capacity(moves.len());
            for &mv in &moves {
                let child = root.play(mv);
                let child_depth = if root.is_pass(mv) { depth } else { depth - 1 };
                let score = -self.negamax(
                    &child,
                    child_depth as i32,
                    -SCORE_INFINITY,
                    SCORE_INFINITY,
                    1,
                    budget,
                );
                if self.aborted {
                    break 'deepening;
                }
                scores.push((mv, score));
            }
            // Stable sort: equal scores keep the previous depth's order.
            scores.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            moves = scores.iter().map(|&(m, _)| m).collect();
            let report = MoveScores {
                depth,
                scores,
                exact: end.is_some_and(|e| depth >= e),
                nodes: self.nodes,
                elapsed_ms: budget.elapsed_ms(),
            };
            on_progress(&report);
            completed = Some(report);
            if budget.too_late_for_next_iteration() || budget.exhausted(self.nodes) {
                break;
            }
        }
        completed
    }
}
