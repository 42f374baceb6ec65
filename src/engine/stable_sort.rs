//! One stable sort for the engine's lists (moves by their score, a
//! take-away game's candidates): what the standard `sort_by_key` does, in
//! a routine small enough that its copy for each kind of list costs the
//! search worker's download little (the standard sort's copies took about
//! 50 KB of its code, issue 40). Lists of moves are short and sorted by
//! insertion, as the standard sort sorts short lists (an Othello position
//! has at most about 30 moves, so none is merged: a merge allocates);
//! longer ones (a heap of a thousand counters has a thousand takes) merge
//! sorted runs.
//!
//! The pages' lists of any other kind (a club's players, an event's games,
//! a frame's errors) go through [`sort_by`]: one merge sort of places in
//! the whole program, however many kinds of lists use it.

use std::cmp::Ordering;

/// The longest run sorted by insertion before the runs are merged.
const RUN: usize = 32;

/// Sorts `items` by `key`, ascending; items with equal keys keep their
/// order.
pub fn sort_by_key<T: Copy, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_with(items, &mut |a, b| key(a) < key(b));
}

/// Sorts `items` ascending: for the numbers and moves of a take-away
/// game, whose equal items are alike, the standard `sort_unstable`'s
/// result, without its per-type code in every page that reads a heap.
pub fn sort<T: Copy + Ord>(items: &mut [T]) {
    sort_by_key(items, |&item| item);
}

/// Sorts `items` by `compare`, ascending; items that compare equal keep
/// their order (the standard `sort_by`). The order is found on the items'
/// places, by one routine for every kind of item, then the items are moved
/// to their places.
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    let mut places: Vec<usize> = (0..items.len()).collect();
    sort_places(&mut places, &mut |a, b| {
        compare(&items[a], &items[b]) == Ordering::Less
    });
    move_to_places(items, places);
}

/// Sorts `places` stably by `less` (a strict order): one copy of
/// [`sort_with`] for every [`sort_by`].
fn sort_places(places: &mut [usize], less: &mut dyn FnMut(usize, usize) -> bool) {
    sort_with(places, &mut |a, b| less(*a, *b));
}

/// Moves `items` so that the item at `places[i]` comes to `i`, by swaps
/// along each cycle of the permutation.
fn move_to_places<T>(items: &mut [T], mut places: Vec<usize>) {
    for start in 0..items.len() {
        let mut at = start;
        while places[at] != usize::MAX {
            let from = std::mem::replace(&mut places[at], usize::MAX);
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

/// Sorts `items` stably by `less` (a strict order): runs of [`RUN`] by
/// insertion, then merged.
fn sort_with<T: Copy>(items: &mut [T], less: &mut impl FnMut(&T, &T) -> bool) {
    for run in items.chunks_mut(RUN) {
        insertion_sort(run, less);
    }
    let len = items.len();
    let mut width = RUN;
    let mut merged = Vec::new();
    while width < len {
        for start in (0..len).step_by(2 * width) {
            let (middle, end) = ((start + width).min(len), (start + 2 * width).min(len));
            if middle < end {
                merge(&mut items[start..end], middle - start, &mut merged, less);
            }
        }
        width *= 2;
    }
}

/// Sorts a short list by moving each item back past the greater ones.
fn insertion_sort<T: Copy>(items: &mut [T], less: &mut impl FnMut(&T, &T) -> bool) {
    for i in 1..items.len() {
        let item = items[i];
        let mut j = i;
        while j > 0 && less(&item, &items[j - 1]) {
            items[j] = items[j - 1];
            j -= 1;
        }
        items[j] = item;
    }
}

/// Merges the sorted halves `items[..middle]` and `items[middle..]`, the
/// first half's item first among equals, through `merged`.
fn merge<T: Copy>(
    items: &mut [T],
    middle: usize,
    merged: &mut Vec<T>,
    less: &mut impl FnMut(&T, &T) -> bool,
) {
    merged.clear();
    let (mut i, mut j) = (0, middle);
    while i < middle && j < items.len() {
        if less(&items[j], &items[i]) {
            merged.push(items[j]);
            j += 1;
        } else {
            merged.push(items[i]);
            i += 1;
        }
    }
    merged.extend_from_slice(&items[i..middle]);
    merged.extend_from_slice(&items[j..]);
    items.copy_from_slice(merged);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn sorts_any_items_as_the_standard_sort_by_does() {
        let mut rng = Rng::new(11);
        for len in [0, 1, 2, 3, 31, 32, 33, 64, 65, 100, 1000] {
            for spread in [2, 5, 1000] {
                let items: Vec<(String, usize)> = (0..len)
                    .map(|i| (format!("k{}", rng.below(spread)), i))
                    .collect();
                let mut ours = items.clone();
                sort_by(&mut ours, |a, b| b.0.cmp(&a.0));
                let mut standard = items;
                standard.sort_by(|a, b| b.0.cmp(&a.0));
                assert_eq!(ours, standard, "{len} items, keys below {spread}");
            }
        }
    }

    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        let mut rng = Rng::new(7);
        for len in [0, 1, 2, 31, 32, 33, 63, 64, 65, 100, 1000, 1025] {
            for spread in [3, 1000] {
                let items: Vec<(u64, usize)> = (0..len).map(|i| (rng.below(spread), i)).collect();
                let mut ours = items.clone();
                sort_by_key(&mut ours, |&(key, _)| std::cmp::Reverse(key));
                let mut standard = items;
                standard.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
                assert_eq!(ours, standard, "{len} items, keys below {spread}");
                let mut ours: Vec<u64> = standard.iter().map(|&(key, _)| key).collect();
                let mut unstable = ours.clone();
                sort(&mut ours);
                unstable.sort_unstable();
                assert_eq!(ours, unstable, "{len} numbers below {spread}");
            }
        }
    }
}
