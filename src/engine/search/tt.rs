//! The transposition table: results of earlier searches, keyed by position
//! hash, used for cut-offs and to try the best move first. It lies on the
//! lock-free [`SharedTable`], so that the threads of a parallel search
//! share it: an entry is packed into one data word.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use crate::game::{Score, TableMove, SCORE_INFINITY};
use crate::shared_table::SharedTable;

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The full hash, to reject other positions sharing the slot.
    pub key: u64,
    /// The best (or refuting) move found, if any.
    pub best: Option<M>,
    /// The score, read with `bound`.
    pub score: Score,
    /// The depth the score was searched to.
    pub depth: i16,
    /// How `score` relates to the value.
    pub bound: Bound,
    generation: u8,
}

/// Bits of the packed score: every score lies strictly within
/// ±[`SCORE_INFINITY`] < 2^21.
const SCORE_BITS: u32 = 22;
const SCORE_MASK: u64 = (1 << SCORE_BITS) - 1;
/// Where the move's code (plus one: 0 is no move), the depth, the bound and
/// the generation lie in the data word.
const MOVE_SHIFT: u32 = SCORE_BITS;
const DEPTH_SHIFT: u32 = MOVE_SHIFT + 24;
const BOUND_SHIFT: u32 = DEPTH_SHIFT + 8;
const GENERATION_SHIFT: u32 = BOUND_SHIFT + 2;

impl<M: TableMove + Copy> Entry<M> {
    /// The entry as the table's data word: never 0, as a stored depth is
    /// at least 1 (an empty entry's data is 0).
    fn pack(&self) -> u64 {
        debug_assert!(self.score.abs() <= SCORE_INFINITY && self.depth > 0);
        let code = self.best.and_then(TableMove::code).map_or(0, |c| c + 1);
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        (self.score as u64 & SCORE_MASK)
            | u64::from(code) << MOVE_SHIFT
            | u64::from(self.depth.clamp(1, 255) as u8) << DEPTH_SHIFT
            | bound << BOUND_SHIFT
            | u64::from(self.generation) << GENERATION_SHIFT
    }

    /// The entry of `key` stored as `data` (`None` when empty).
    fn unpack(key: u64, data: u64) -> Option<Entry<M>> {
        let depth = (data >> DEPTH_SHIFT) as u8;
        if depth == 0 {
            return None;
        }
        let score = ((data & SCORE_MASK) << (64 - SCORE_BITS)) as i64 >> (64 - SCORE_BITS);
        let code = (data >> MOVE_SHIFT) as u32 & 0xFF_FFFF;
        Some(Entry {
            key,
            best: code.checked_sub(1).map(M::from_code),
            score: score as Score,
            depth: i16::from(depth),
            bound: match data >> BOUND_SHIFT & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            generation: (data >> GENERATION_SHIFT) as u8,
        })
    }
}

/// A fixed-size, two-entry-bucket hash table. In each bucket, the first slot
/// keeps the deepest recent result and the second always takes the newest.
pub struct TranspositionTable<M> {
    table: SharedTable,
    generation: AtomicU8,
    moves: PhantomData<fn() -> M>,
}

impl<M: TableMove + Copy> TranspositionTable<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> TranspositionTable<M> {
        TranspositionTable {
            table: SharedTable::new(bits),
            generation: AtomicU8::new(0),
            moves: PhantomData,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Forgets everything while other threads may hold the table.
    pub fn clear_shared(&self) {
        self.table.clear_shared();
    }

    /// Marks the start of a new search: older entries become preferred
    /// victims for replacement.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    /// Starts loading `key`'s bucket into the cache.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        self.table.prefetch(key);
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.table
            .find(key)
            .and_then(|data| Entry::unpack(key, data))
    }

    /// Stores a result for `key`.
    pub fn store(&self, key: u64, best: Option<M>, score: Score, depth: i16, bound: Bound) {
        let b = self.table.bucket(key);
        let generation = self.generation.load(Relaxed);
        let mut entry = Entry {
            key,
            best,
            score,
            depth,
            bound,
            generation,
        };
        let (deep_key, deep_data) = self.table.load(b);
        let replace_deep = match Entry::<M>::unpack(deep_key, deep_data) {
            None => true,
            Some(old) if old.key == key => {
                if old.generation == generation && depth < old.depth {
                    // A shallower result (a ProbCut probe) must not erase a
                    // deeper one of the same search.
                    return;
                }
                if entry.best.is_none() {
                    entry.best = old.best;
                }
                true
            }
            Some(old) => old.generation != generation || depth >= old.depth,
        };
        if replace_deep {
            if deep_data != 0 && deep_key != key {
                self.table.store(b + 1, deep_key, deep_data);
            }
            self.table.store(b, key, entry.pack());
        } else {
            self.table.store(b + 1, key, entry.pack());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves as plain numbers, for the table's tests.
    impl TableMove for u8 {
        fn code(self) -> Option<u32> {
            Some(self.into())
        }

        fn from_code(code: u32) -> u8 {
            code as u8
        }
    }

    #[test]
    fn stores_and_finds_entries() {
        let tt = TranspositionTable::<u8>::new(4);
        tt.store(42, Some(3), 17, 5, Bound::Exact);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.best, e.score, e.depth, e.bound),
            (Some(3), 17, 5, Bound::Exact)
        );
        assert!(tt.probe(43).is_none());
    }

    #[test]
    fn entries_survive_packing_at_the_extremes() {
        let tt = TranspositionTable::<u8>::new(4);
        for (score, depth, bound, best) in [
            (SCORE_INFINITY - 1, 200, Bound::Lower, None),
            (-SCORE_INFINITY + 1, 1, Bound::Upper, Some(255)),
            (0, 255, Bound::Exact, Some(0)),
        ] {
            tt.store(9, best, score, depth, bound);
            let e = tt.probe(9).unwrap();
            assert_eq!(
                (e.best, e.score, e.depth, e.bound),
                (best, score, depth, bound)
            );
            tt.new_search();
        }
    }

    #[test]
    fn a_shallow_result_does_not_evict_a_deep_one_of_the_same_search() {
        // Keys 2, 6 and 10 share a bucket of the smallest table.
        let tt = TranspositionTable::<u8>::new(2);
        tt.store(2, Some(1), 0, 9, Bound::Exact);
        tt.store(6, Some(2), 0, 1, Bound::Exact);
        tt.store(10, Some(3), 0, 1, Bound::Exact);
        assert!(tt.probe(2).is_some());
        assert!(tt.probe(10).is_some());
        assert!(tt.probe(6).is_none());
    }

    #[test]
    fn a_move_is_kept_when_a_result_without_one_updates_the_entry() {
        let tt = TranspositionTable::<u8>::new(4);
        tt.store(8, Some(5), 1, 2, Bound::Lower);
        tt.store(8, None, -3, 3, Bound::Upper);
        assert_eq!(tt.probe(8).unwrap().best, Some(5));
    }
}
