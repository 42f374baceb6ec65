//! The transposition table: results of earlier searches, keyed by position
//! hash, used for cut-offs and to try the best move first.

use crate::game::Score;
use crate::table_memory::table_vec;

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

/// A fixed-size, two-entry-bucket hash table. In each bucket, the first slot
/// keeps the deepest recent result and the second always takes the newest.
pub struct TranspositionTable<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> TranspositionTable<M> {
        let len = 1usize << bits.max(1);
        TranspositionTable {
            slots: table_vec(len, None),
            mask: (len - 1) & !1,
            generation: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// Marks the start of a new search: older entries become preferred
    /// victims for replacement.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize ^ (key >> 32) as usize) & self.mask
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let b = self.bucket(key);
        self.slots[b..b + 2]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// Stores a result for `key`.
    pub fn store(&mut self, key: u64, best: Option<M>, score: Score, depth: i16, bound: Bound) {
        let b = self.bucket(key);
        let generation = self.generation;
        let mut entry = Entry {
            key,
            best,
            score,
            depth,
            bound,
            generation,
        };
        let deep_slot = &mut self.slots[b];
        let replace_deep = match deep_slot {
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
            if let Some(old) = deep_slot.replace(entry) {
                if old.key != key {
                    self.slots[b + 1] = Some(old);
                }
            }
        } else {
            self.slots[b + 1] = Some(entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries() {
        let mut tt = TranspositionTable::<u8>::new(4);
        tt.store(42, Some(3), 17, 5, Bound::Exact);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.best, e.score, e.depth, e.bound),
            (Some(3), 17, 5, Bound::Exact)
        );
        assert!(tt.probe(43).is_none());
    }

    #[test]
    fn a_shallow_result_does_not_evict_a_deep_one_of_the_same_search() {
        let mut tt = TranspositionTable::<u8>::new(1);
        tt.store(2, Some(1), 0, 9, Bound::Exact);
        tt.store(4, Some(2), 0, 1, Bound::Exact);
        tt.store(6, Some(3), 0, 1, Bound::Exact);
        assert!(tt.probe(2).is_some());
        assert!(tt.probe(6).is_some());
        assert!(tt.probe(4).is_none());
    }

    #[test]
    fn a_move_is_kept_when_a_result_without_one_updates_the_entry() {
        let mut tt = TranspositionTable::<u8>::new(4);
        tt.store(8, Some(5), 1, 2, Bound::Lower);
        tt.store(8, None, -3, 3, Bound::Upper);
        assert_eq!(tt.probe(8).unwrap().best, Some(5));
    }
}
