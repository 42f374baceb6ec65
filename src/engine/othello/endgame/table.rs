//! The solver's transposition table: two entries per slot (the deepest
//! result and the newest), bounds in discs, the best square.

use super::super::game::board_hash;
use super::{EndgameSolver, MAX_SCORE};

#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) lower: i8,
    pub(super) upper: i8,
    pub(super) best: u8,
    pub(super) empties: u8,
    /// The [`super::Selectivity`] of the search that stored the bounds.
    pub(super) selectivity: u8,
}

impl Entry {
    /// The bounds, when a search at `selectivity` may trust them.
    #[inline]
    pub(super) fn bounds_for(&self, selectivity: super::Selectivity) -> Option<(i32, i32)> {
        (self.selectivity >= selectivity.code())
            .then(|| (i32::from(self.lower), i32::from(self.upper)))
    }
}

impl EndgameSolver {
    pub(super) fn slot(&self, key: u64) -> usize {
        (key as usize ^ (key >> 32) as usize) & self.mask
    }

    /// Starts loading the table slot of `key` into the cache, so that a
    /// later probe does not wait for memory (the table is far bigger than
    /// the cache, and probes are most of the deep nodes' cost).
    #[inline(always)]
    pub(super) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `slot` is at most `mask` < `table.len()`, so the pointer
        // is inside the table; prefetching never faults anyway.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(self.table.as_ptr().add(self.slot(key)).cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.slot(key);
        self.table[b..b + 2].iter().find(|e| e.key == key).copied()
    }

    pub(super) fn table_move(&self, p: u64, o: u64) -> Option<usize> {
        self.probe(board_hash(p, o))
            .map(|e| usize::from(e.best))
            .filter(|&s| s < 64)
    }

    /// Stores what a search of `alpha_start..beta` found: `best_score` with
    /// `best_square`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn store(
        &mut self,
        p: u64,
        o: u64,
        empties: u32,
        alpha_start: i32,
        best_score: i32,
        beta: i32,
        best_square: usize,
    ) {
        let key = board_hash(p, o);
        let (lower, upper) = if best_score <= alpha_start {
            (-MAX_SCORE, best_score)
        } else if best_score >= beta {
            (best_score, MAX_SCORE)
        } else {
            (best_score, best_score)
        };
        let b = self.slot(key);
        let entry = Entry {
            key,
            lower: lower as i8,
            upper: upper as i8,
            best: best_square as u8,
            empties: empties as u8,
            selectivity: self.selectivity.code(),
        };
        // Slot 0 keeps the deepest result, slot 1 always takes the newest.
        let slot = if self.table[b].key == key || u32::from(self.table[b].empties) <= empties {
            if self.table[b].key != key {
                self.table[b + 1] = self.table[b];
            }
            b
        } else {
            b + 1
        };
        self.table[slot] = entry;
    }
}
