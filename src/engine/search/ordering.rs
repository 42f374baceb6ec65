//! Move ordering: the table move first, then killer moves, then moves that
//! caused cut-offs elsewhere (history) and the game's own hint.

use crate::game::{Evaluator, Game};

/// Killer moves per ply and the history table, learned during a search.
pub struct MoveOrdering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    scratch: Vec<(i32, M)>,
}

const TABLE_MOVE: i32 = 1 << 30;
const KILLER: [i32; 2] = [1 << 28, 1 << 27];

impl<M: Copy + Eq> MoveOrdering<M> {
    /// Empty tables for a game with `move_keys` history keys.
    pub fn new(move_keys: usize) -> MoveOrdering<M> {
        MoveOrdering {
            killers: Vec::new(),
            history: vec![0; move_keys],
            scratch: Vec::new(),
        }
    }

    /// Halves the history so that a new search weighs fresh cut-offs more.
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.killers.clear();
    }

    /// Sorts `moves` best-first for searching at `ply`, `depth` moves from
    /// the leaves.
    pub fn sort<G: Game<Move = M>>(
        &mut self,
        position: &G,
        evaluator: &impl Evaluator<G>,
        moves: &mut [M],
        table_move: Option<M>,
        ply: usize,
        depth: i32,
    ) {
        if moves.len() < 2 {
            return;
        }
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let killers = self.killers[ply];
        let uses_history = evaluator.uses_history();
        let mut keyed = std::mem::take(&mut self.scratch);
        keyed.clear();
        keyed.extend(moves.iter().map(|&m| {
            let score = if Some(m) == table_move {
                TABLE_MOVE
            } else if Some(m) == killers[0] {
                KILLER[0]
            } else if Some(m) == killers[1] {
                KILLER[1]
            } else {
                let history = if uses_history {
                    self.history[position.move_key(m)]
                } else {
                    0
                };
                evaluator
                    .move_order_hint(position, m, depth)
                    .saturating_add(history)
            };
            (score, m)
        }));
        crate::stable_sort::sort_by_key(&mut keyed, |&(key, _)| std::cmp::Reverse(key));
        for (slot, &(_, m)) in moves.iter_mut().zip(&keyed) {
            *slot = m;
        }
        self.scratch = keyed;
    }

    /// Records that `mv` caused a beta cut-off at `ply` with `depth` to go.
    pub fn reward<G: Game<Move = M>>(&mut self, position: &G, mv: M, ply: usize, depth: i32) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let h = &mut self.history[position.move_key(mv)];
        *h = (*h + depth * depth).min(1 << 20);
    }
}
