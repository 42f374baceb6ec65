//! The solver's transposition table: two entries per bucket (the deepest
//! result and the newest), bounds in discs, the best square; on the
//! lock-free [`crate::shared_table::SharedTable`], so that the threads of a parallel solve
//! share it.

use super::super::game::board_hash;
use super::{EndgameSolver, MAX_SCORE};

/// What the table keeps about a position (its key is the table's).
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
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

    /// The entry as the table's data word.
    #[inline(always)]
    fn pack(self) -> u64 {
        u64::from_le_bytes([
            self.lower as u8,
            self.upper as u8,
            self.best,
            self.empties,
            self.selectivity,
            0,
            0,
            0,
        ])
    }

    /// The entry of a data word.
    #[inline(always)]
    fn unpack(data: u64) -> Entry {
        let [lower, upper, best, empties, selectivity, ..] = data.to_le_bytes();
        Entry {
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties,
            selectivity,
        }
    }
}

impl EndgameSolver {
    /// Starts loading the table bucket of `key` into the cache, so that a
    /// later probe does not wait for memory (the table is far bigger than
    /// the cache, and probes are most of the deep nodes' cost).
    #[inline(always)]
    pub(super) fn prefetch(&self, key: u64) {
        self.table.prefetch(key);
    }

    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        self.table.find(key).map(Entry::unpack)
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
        let entry = Entry {
            lower: lower as i8,
            upper: upper as i8,
            best: best_square as u8,
            empties: empties as u8,
            selectivity: self.selectivity.code(),
        };
        // The first entry keeps the deepest result, the second always
        // takes the newest.
        let table = &self.table;
        let b = table.bucket(key);
        let (first_key, first) = table.load(b);
        let index = if first_key == key || u32::from(Entry::unpack(first).empties) <= empties {
            if first_key != key {
                table.store(b + 1, first_key, first);
            }
            b
        } else {
            b + 1
        };
        table.store(index, key, entry.pack());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_survive_packing() {
        let entry = Entry {
            lower: -64,
            upper: 38,
            best: 63,
            empties: 22,
            selectivity: 4,
        };
        let back = Entry::unpack(entry.pack());
        assert_eq!(
            (
                back.lower,
                back.upper,
                back.best,
                back.empties,
                back.selectivity
            ),
            (-64, 38, 63, 22, 4)
        );
    }
}
