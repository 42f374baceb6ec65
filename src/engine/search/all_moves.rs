//! Scores for every move at the root, not just the best one: what hint
//! displays show and what weaker levels choose from with noise. Several
//! searches (the browser's workers, each with its own table) can share the
//! root: each scores its [`RootShare`] of the moves, and
//! [`MoveScores::merge`] puts their scores together.

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

/// Which root moves a search scores when `parts` searches share the root:
/// those at `part`, `part + parts`, `part + 2 × parts`… of the move
/// generator's order (the position's own, so the searches need not agree
/// on anything else; every move goes to exactly one of them).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RootShare {
    /// This search's share, from 0.
    pub part: u8,
    /// How many searches share the root (at least 1).
    pub parts: u8,
}

impl RootShare {
    /// Every move: the root is not shared.
    pub const WHOLE: RootShare = RootShare { part: 0, parts: 1 };

    /// The shares of a root of `moves` moves among at most `searches`
    /// searches: never more shares than moves (a share with no move would
    /// look like a finished game), at least one.
    pub fn split(searches: usize, moves: usize) -> impl Iterator<Item = RootShare> {
        let parts = searches.min(moves).clamp(1, usize::from(u8::MAX)) as u8;
        (0..parts).map(move |part| RootShare { part, parts })
    }

    /// Keeps the moves of this share in `moves` (in the generator's order).
    pub fn keep<M>(self, moves: &mut Vec<M>) {
        let parts = usize::from(self.parts.max(1));
        let part = usize::from(self.part);
        let mut index = 0;
        moves.retain(|_| {
            index += 1;
            (index - 1) % parts == part
        });
    }
}

impl<M: Copy> MoveScores<M> {
    /// The scores of the searches that shared a root, as one search's:
    /// every move, best first; as deep and as exact as the least of them;
    /// their nodes summed; the longest time. `None` without any.
    pub fn merge<'a>(shares: impl IntoIterator<Item = &'a MoveScores<M>>) -> Option<MoveScores<M>>
    where
        M: 'a,
    {
        let mut merged: Option<MoveScores<M>> = None;
        for share in shares {
            let Some(all) = merged.as_mut() else {
                merged = Some(share.clone());
                continue;
            };
            all.depth = all.depth.min(share.depth);
            all.scores.extend_from_slice(&share.scores);
            all.exact &= share.exact;
            all.nodes += share.nodes;
            all.elapsed_ms = all.elapsed_ms.max(share.elapsed_ms);
        }
        let mut merged = merged?;
        crate::stable_sort::sort_by_key(&mut merged.scores, |&(_, s)| std::cmp::Reverse(s));
        Some(merged)
    }

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
        self.score_share(root, RootShare::WHOLE, budget, on_progress)
    }

    /// [`Searcher::score_moves`] for the moves of `share` only.
    pub fn score_share(
        &mut self,
        root: &G,
        share: RootShare,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&MoveScores<G::Move>),
    ) -> Option<MoveScores<G::Move>> {
        self.start_search();
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        share.keep(&mut moves);
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
            crate::stable_sort::sort_by_key(&mut scores, |&(_, s)| std::cmp::Reverse(s));
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
