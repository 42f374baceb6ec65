//! The hash table under both transposition tables (the midgame search's
//! and the endgame solver's): entries of two 64-bit words that any number
//! of threads read and write at once without locks.
//!
//! An entry holds its data and, beside it, its key XOR the data (Hyatt's
//! lock-free hashing). Two threads writing one entry at the same moment
//! may leave the words of different writes side by side; a reader then
//! finds that the key it recomputes is not its own and takes the entry for
//! a miss, so a torn entry is never used. Every access is a relaxed atomic
//! load or store of one word: on x86-64 and on wasm32 these compile to the
//! plain loads and stores a single-threaded table would make, so one
//! thread runs exactly as fast as with an unshared table.
//!
//! Buckets are two neighbouring entries; what each holds and which one a
//! new result replaces is for the table built on top to decide.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::table_memory::{prefetch, table_vec_with};

/// One entry: the data and its key XOR the data. Aligned so that an entry
/// never straddles two cache lines.
#[derive(Default)]
#[repr(C, align(16))]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size table of `(key, data)` entries in buckets of two.
pub struct SharedTable {
    slots: Vec<Slot>,
    mask: usize,
}

impl SharedTable {
    /// A table of `2^bits` entries (at least 4), all empty (key 0, data 0).
    pub fn new(bits: u32) -> SharedTable {
        let len = 1usize << bits.max(2);
        SharedTable {
            slots: table_vec_with(len, Slot::default),
            mask: (len - 1) & !1,
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no entries (never: it has at least 4).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The first entry of `key`'s bucket (the second is the next one).
    #[inline(always)]
    pub fn bucket(&self, key: u64) -> usize {
        (key as usize ^ (key >> 32) as usize) & self.mask
    }

    /// The key and data of entry `index`, as stored; the key of a torn
    /// entry is garbage, which no probe matches.
    #[inline(always)]
    pub fn load(&self, index: usize) -> (u64, u64) {
        let slot = &self.slots[index];
        let data = slot.data.load(Relaxed);
        (slot.check.load(Relaxed) ^ data, data)
    }

    /// Stores `data` under `key` in entry `index`.
    #[inline(always)]
    pub fn store(&self, index: usize, key: u64, data: u64) {
        let slot = &self.slots[index];
        slot.check.store(key ^ data, Relaxed);
        slot.data.store(data, Relaxed);
    }

    /// The data stored under `key` in its bucket, if any.
    #[inline(always)]
    pub fn find(&self, key: u64) -> Option<u64> {
        let b = self.bucket(key);
        let (first, data) = self.load(b);
        if first == key {
            return Some(data);
        }
        let (second, data) = self.load(b + 1);
        (second == key).then_some(data)
    }

    /// Starts loading `key`'s bucket into the cache, so that a later probe
    /// does not wait for memory (the table is far bigger than the cache).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        // `bucket` is at most `mask` < `slots.len()`.
        prefetch(&self.slots, self.bucket(key));
    }

    /// Empties every entry, with plain stores (nobody else holds the table).
    pub fn clear(&mut self) {
        self.slots
            .iter_mut()
            .for_each(|slot| *slot = Slot::default());
    }

    /// Empties every entry while other threads may be using the table.
    pub fn clear_shared(&self) {
        for slot in &self.slots {
            slot.check.store(0, Relaxed);
            slot.data.store(0, Relaxed);
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }
}

/// The number of entries a table of at most `bytes` bytes has, as a power
/// of two (at least 2^2): for sizing tables by a memory budget.
pub fn bits_within(bytes: usize) -> u32 {
    let entries = (bytes / std::mem::size_of::<Slot>()).max(4);
    usize::BITS - 1 - entries.leading_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries_in_either_slot_of_a_bucket() {
        let table = SharedTable::new(4);
        let key = 0x1234_5678_9abc_def0;
        let b = table.bucket(key);
        assert_eq!(table.find(key), None);
        table.store(b + 1, key, 77);
        assert_eq!(table.find(key), Some(77));
        table.store(b, key, 78);
        assert_eq!(table.find(key), Some(78));
        assert_eq!(table.load(b), (key, 78));
    }

    #[test]
    fn a_torn_entry_is_a_miss() {
        let table = SharedTable::new(4);
        let (a, b) = (0x1111_2222_3333_4444u64, 0x5555_6666_7777_8888u64);
        let bucket = table.bucket(a);
        table.store(bucket, a, 1);
        // Another write's data beside the first write's check word, as two
        // threads writing at once can leave them.
        table.slots[bucket].data.store(2, Relaxed);
        assert_eq!(table.find(a), None);
        assert_ne!(table.load(bucket).0, b);
    }

    #[test]
    fn clearing_forgets_everything() {
        let mut table = SharedTable::new(6);
        let keys = (1..40u64).map(crate::hashing::mix);
        for key in keys.clone() {
            table.store(table.bucket(key), key, 1);
        }
        table.clear();
        assert!(keys.clone().all(|k| table.find(k).is_none()));
        table.store(0, 5, 5);
        table.clear_shared();
        assert_eq!(table.find(5), None);
    }

    #[test]
    fn a_budget_gives_the_largest_table_within_it() {
        assert_eq!(bits_within(16 << 20), 20);
        assert_eq!(bits_within((16 << 20) - 1), 19);
        assert_eq!(bits_within(0), 2);
        assert!(SharedTable::new(bits_within(1 << 20)).bytes() <= 1 << 20);
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn threads_writing_one_bucket_never_produce_a_wrong_entry() {
        let table = SharedTable::new(2);
        let keys = [0x0123_4567_89ab_cdefu64, 0x7654_3210_fedc_ba98];
        std::thread::scope(|scope| {
            for (t, &key) in keys.iter().enumerate() {
                let table = &table;
                scope.spawn(move || {
                    for i in 0..200_000u64 {
                        // Each key's data carries the key, so a reader can
                        // tell whose it is.
                        table.store(0, key, key.rotate_left(i as u32 % 64) ^ t as u64);
                        if let Some(data) = table.find(key) {
                            let rotation = (0..64).find(|&r| key.rotate_left(r) ^ t as u64 == data);
                            assert!(rotation.is_some(), "{data:x} is not {key:x}'s");
                        }
                    }
                });
            }
        });
    }
}
