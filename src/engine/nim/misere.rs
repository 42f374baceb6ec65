//! The exact misère search for sums that are not pure Nim: a depth-first
//! search memoised over positions, so that the budget counts positions
//! (each decided once), not positions times moves.
//!
//! A position is kept canonical: heaps with no move left count as empty
//! (a heap's part in the game is only its moves), and heaps of the same
//! rule are sorted (a sum does not depend on their order). Six components
//! of at most 8 tokens, each of its own rule, have at most 9^6 = 531 441
//! positions (about 140 000 are reached): decided within the default
//! budget in a tenth of a second.
//!
//! The search keeps its own stack (a line of play may be as long as the
//! heaps hold tokens) and memoises each position in a table of its own
//! ([`Table`]): the sizes packed into as few 64-bit words as they need
//! (one for six heaps of 8), about 20 bytes a position. It stops with
//! [`BudgetExhausted`] after
//! `budget` positions, [`MOVES_PER_POSITION`] times as many moves looked at
//! (a position of a huge heap has a huge number of moves), or a line of
//! [`MAX_LINE`] moves: bounded memory and time.

use std::ops::Range;

use super::position::Position;
use super::rules::Rule;
use super::theory::{Analysis, BudgetExhausted, Outcome};

/// The moves the search may look at per position of its budget, on
/// average. Six components of at most 8 tokens need about six moves for
/// each of their 140 000 positions: 870 000, well within the default
/// budget's 4 000 000 (half a second at most); a sum that needs more has
/// big heaps, and is too large to decide anyway. A move of a sum of more
/// than 8 heaps counts once for every 8 (it copies and packs them all).
pub const MOVES_PER_POSITION: u64 = 4;

/// The longest line of play the search follows (its stack holds a
/// position per move of the line: 250 000 of them are at most about
/// 20 MB); a longer one counts as over budget.
pub const MAX_LINE: usize = 250_000;

/// What listing the moves of a divisor-rule heap of [`FACTORED`] tokens
/// or more costs, in moves looked at: it factors the heap (a 64-bit heap
/// takes tens of microseconds natively, as long as thousands of moves), so
/// a sum of huge Dim or Aliquot heaps is over budget in well under a
/// second, not after a million factorings.
pub const FACTORING_COST: u64 = 1024;

/// The smallest heap whose factoring is counted ([`FACTORING_COST`]); a
/// smaller one factors by trial division in a few steps.
pub const FACTORED: u64 = 1 << 20;

/// The heaps of a sum in the search's order: heaps of equal rules side by
/// side, so that a canonical position sorts each run.
struct Sum<'r> {
    /// The rule of each slot.
    rules: Vec<&'r Rule>,
    /// The slot of each heap of the position.
    slot_of: Vec<usize>,
    /// The run of equal rules each slot is in.
    run_of: Vec<Range<usize>>,
    /// The bits each slot's size needs (the largest start in its run).
    widths: Vec<u32>,
}

impl<'r> Sum<'r> {
    fn new(position: &'r Position) -> Sum<'r> {
        let heaps = position.heaps();
        let mut order: Vec<usize> = (0..heaps.len()).collect();
        crate::stable_sort::sort_by_key(&mut order, |&heap| &heaps[heap].rule);
        let mut slot_of = vec![0; heaps.len()];
        for (slot, &heap) in order.iter().enumerate() {
            slot_of[heap] = slot;
        }
        let rules: Vec<&Rule> = order.iter().map(|&heap| &heaps[heap].rule).collect();
        let bits = |slot: usize| u64::BITS - heaps[order[slot]].size.leading_zeros();
        let (mut run_of, mut widths) = (Vec::new(), Vec::new());
        let mut start = 0;
        for end in 1..=rules.len() {
            if end == rules.len() || rules[end] != rules[start] {
                let widest = (start..end).map(bits).max().unwrap_or(0);
                run_of.extend((start..end).map(|_| start..end));
                widths.extend((start..end).map(|_| widest));
                start = end;
            }
        }
        Sum {
            rules,
            slot_of,
            run_of,
            widths,
        }
    }

    /// The sizes of `position` by slot (not canonical).
    fn sizes(&self, position: &Position) -> Vec<u64> {
        let mut sizes = vec![0; self.rules.len()];
        for (heap, h) in position.heaps().iter().enumerate() {
            sizes[self.slot_of[heap]] = h.size;
        }
        sizes
    }

    /// Makes `sizes` canonical: heaps that cannot move empty, each run
    /// sorted from the largest.
    fn canonical(&self, sizes: &mut [u64]) {
        for (size, rule) in sizes.iter_mut().zip(&self.rules) {
            if !rule.can_move(*size) {
                *size = 0;
            }
        }
        let mut start = 0;
        while start < sizes.len() {
            let run = self.run_of[start].clone();
            crate::stable_sort::sort_by_key(&mut sizes[run.clone()], |&s| std::cmp::Reverse(s));
            start = run.end;
        }
    }

    /// Puts the heap in `slot` back in its place after it shrank, in sizes
    /// that were canonical before: empty when it cannot move, then moved
    /// toward the end of its run (each run is sorted from the largest).
    fn settle(&self, sizes: &mut [u64], slot: usize) {
        if !self.rules[slot].can_move(sizes[slot]) {
            sizes[slot] = 0;
        }
        let end = self.run_of[slot].end;
        let mut at = slot;
        while at + 1 < end && sizes[at + 1] > sizes[at] {
            sizes.swap(at, at + 1);
            at += 1;
        }
    }

    fn bits(&self) -> u32 {
        self.widths.iter().sum()
    }
}

/// Packs `sizes` into `key`, each size in its slot's width (a size never
/// outgrows it: heaps only shrink).
fn pack(sizes: &[u64], widths: &[u32], key: &mut [u64]) {
    key.fill(0);
    let mut bit = 0u32;
    for (&size, &width) in sizes.iter().zip(widths) {
        let (index, offset) = ((bit / 64) as usize, bit % 64);
        key[index] |= size << offset;
        if offset + width > 64 {
            key[index + 1] |= size >> (64 - offset);
        }
        bit += width;
    }
}

/// The positions decided so far: an open-addressing hash table over keys
/// of `words` 64-bit words each, kept side by side in one vector.
struct Table {
    words: usize,
    /// The keys, `words` words each, in the order they came.
    keys: Vec<u64>,
    /// Whether the player to move wins each key's position.
    wins: Vec<bool>,
    /// Each slot holds a key's index plus one in its low half and the top
    /// half of the key's hash in its high half (most slots of other keys
    /// are passed over without reading their key), or 0 when empty; at
    /// most half of them are used.
    slots: Vec<u64>,
}

impl Table {
    fn new(words: usize) -> Table {
        Table {
            words,
            keys: Vec::new(),
            wins: Vec::new(),
            slots: vec![0; 1024],
        }
    }

    fn len(&self) -> usize {
        self.wins.len()
    }

    fn key(&self, index: usize) -> &[u64] {
        &self.keys[index * self.words..(index + 1) * self.words]
    }

    /// The slot that holds `key`, or the empty one where it would go, and
    /// the key's hash.
    fn slot(&self, key: &[u64]) -> (usize, u64) {
        let hash = crate::hashing::words(0, key.iter().copied());
        let mask = self.slots.len() - 1;
        let mut slot = hash as usize & mask;
        loop {
            let held = self.slots[slot];
            if held == 0
                || (held >> 32 == hash >> 32 && self.key((held as u32 - 1) as usize) == key)
            {
                return (slot, hash);
            }
            slot = (slot + 1) & mask;
        }
    }

    fn get(&self, key: &[u64]) -> Option<bool> {
        match self.slots[self.slot(key).0] {
            0 => None,
            held => Some(self.wins[(held as u32 - 1) as usize]),
        }
    }

    /// Adds `key`, not yet in the table.
    fn insert(&mut self, key: &[u64], wins: bool) {
        if 2 * (self.len() + 1) > self.slots.len() {
            self.grow();
        }
        let (slot, hash) = self.slot(key);
        self.keys.extend_from_slice(key);
        self.wins.push(wins);
        self.slots[slot] = (hash >> 32 << 32) | self.len() as u64;
    }

    fn grow(&mut self) {
        self.slots = vec![0; 2 * self.slots.len()];
        for index in 0..self.len() {
            let (slot, hash) = self.slot(self.key(index));
            self.slots[slot] = (hash >> 32 << 32) | (index as u64 + 1);
        }
    }
}

/// The moves from one heap of a position on the stack not yet looked at.
enum Takes {
    /// By index, for rules that find their `i`-th amount at once.
    Indexed(u64),
    /// Listed (the divisor rules: factoring once per heap, not per move).
    Listed(std::vec::IntoIter<u64>),
}

/// A position on the search's stack (its sizes are the stack's
/// `sizes[depth * heaps..]`): the moves from it not yet looked at.
struct Frame {
    slot: usize,
    takes: Option<Takes>,
}

/// The memoised search over one sum.
struct Search<'s, 'r> {
    sum: &'s Sum<'r>,
    /// Whether the player to move wins each position decided so far.
    memo: Table,
    /// The positions being decided, the first one the root.
    frames: Vec<Frame>,
    /// Their sizes, one run of the sum's slots a frame.
    sizes: Vec<u64>,
    /// The key of the position at hand.
    key: Vec<u64>,
    budget: u64,
    /// Positions put on the stack so far (decided or being decided).
    positions: u64,
    /// Moves looked at so far, each counted [`Search::move_cost`] times.
    moves: u64,
    /// What a move costs: 1 for every 8 heaps.
    move_cost: u64,
}

impl<'s, 'r> Search<'s, 'r> {
    fn new(sum: &'s Sum<'r>, budget: u64) -> Self {
        let words = sum.bits().div_ceil(64).max(1) as usize;
        Search {
            sum,
            memo: Table::new(words),
            frames: Vec::new(),
            sizes: Vec::new(),
            key: vec![0; words],
            budget,
            positions: 0,
            moves: 0,
            move_cost: sum.rules.len().div_ceil(8) as u64,
        }
    }

    fn exhausted(&self) -> BudgetExhausted {
        BudgetExhausted {
            positions: self.positions,
        }
    }

    /// Counts a move looked at.
    fn look(&mut self) -> Result<(), BudgetExhausted> {
        self.moves += self.move_cost;
        if self.moves > self.budget.saturating_mul(MOVES_PER_POSITION) {
            return Err(self.exhausted());
        }
        Ok(())
    }

    /// What the memo knows of the canonical `sizes` (their key is kept in
    /// `self.key`).
    fn known(&mut self, sizes: &[u64]) -> Option<bool> {
        pack(sizes, &self.sum.widths, &mut self.key);
        self.memo.get(&self.key)
    }

    /// Puts the canonical `sizes` on the stack, counted against the
    /// budget (and the table's capacity: keys are counted in `u32`).
    fn push(&mut self, sizes: &[u64]) -> Result<(), BudgetExhausted> {
        let full = self.memo.len() + self.frames.len() >= u32::MAX as usize - 1;
        if self.positions >= self.budget || self.frames.len() >= MAX_LINE || full {
            return Err(self.exhausted());
        }
        self.positions += 1;
        self.frames.push(Frame {
            slot: 0,
            takes: None,
        });
        self.sizes.extend_from_slice(sizes);
        Ok(())
    }

    /// Takes the top position off the stack, decided: `won` for its
    /// player to move.
    fn pop(&mut self, won: bool) {
        self.frames.pop();
        let heaps = self.sum.rules.len();
        let at = self.sizes.len() - heaps;
        pack(&self.sizes[at..], &self.sum.widths, &mut self.key);
        self.memo.insert(&self.key, won);
        self.sizes.truncate(at);
    }

    /// The next move from the top of the stack: writes the position after
    /// it into `child` (not yet canonical) and returns the slot it took
    /// from; `None` when every move was looked at.
    fn next_child(&mut self, child: &mut [u64]) -> Option<usize> {
        let sum = self.sum;
        let heaps = sum.rules.len();
        let sizes = &self.sizes[self.sizes.len() - heaps..];
        let frame = self.frames.last_mut().expect("a position on the stack");
        while frame.slot < heaps {
            let slot = frame.slot;
            let (rule, size) = (sum.rules[slot], sizes[slot]);
            let takes = frame.takes.get_or_insert_with(|| {
                // A heap equal to the one before it in its run moves the
                // same way: its moves were looked at already.
                let repeated = sum.run_of[slot].start < slot && sizes[slot - 1] == size;
                match rule {
                    _ if repeated || size == 0 => Takes::Listed(Vec::new().into_iter()),
                    Rule::Dim | Rule::Aliquot => {
                        if size >= FACTORED {
                            self.moves += FACTORING_COST;
                        }
                        Takes::Listed(rule.takes(size).collect::<Vec<_>>().into_iter())
                    }
                    _ => Takes::Indexed(0),
                }
            });
            let take = match takes {
                Takes::Indexed(next) => {
                    *next += 1;
                    rule.nth_take(size, *next - 1)
                }
                Takes::Listed(takes) => takes.next(),
            };
            if let Some(take) = take {
                child.copy_from_slice(sizes);
                child[slot] -= take;
                return Some(slot);
            }
            frame.slot += 1;
            frame.takes = None;
        }
        None
    }

    /// True when the player to move wins the canonical `sizes` under
    /// misère play.
    fn wins(&mut self, sizes: &[u64]) -> Result<bool, BudgetExhausted> {
        if sizes.iter().all(|&size| size == 0) {
            // No move: the player who made the last move lost.
            return Ok(true);
        }
        if let Some(known) = self.known(sizes) {
            return Ok(known);
        }
        self.push(sizes)?;
        let root = self.frames.len();
        let mut child = sizes.to_vec();
        // What the position just looked at is worth to its player to move.
        let mut answer = None;
        loop {
            // A move to a position its player loses wins; with no such
            // move left, the position is lost.
            let (won, moved) = match answer.take() {
                Some(false) => (Some(true), None),
                _ => match self.next_child(&mut child) {
                    None => (Some(false), None),
                    slot => (None, slot),
                },
            };
            if let Some(won) = won {
                self.pop(won);
                if self.frames.len() < root {
                    return Ok(won);
                }
                answer = Some(won);
                continue;
            }
            self.look()?;
            self.sum.settle(&mut child, moved.expect("a move"));
            if child.iter().all(|&size| size == 0) {
                answer = Some(true);
                continue;
            }
            match self.known(&child) {
                Some(known) => answer = Some(known),
                None => self.push(&child)?,
            }
        }
    }

    /// The outcome of `position` and every move to a position its player
    /// loses.
    fn analyse(&mut self, position: &Position) -> Result<Analysis, BudgetExhausted> {
        let start = self.sum.sizes(position);
        let mut sizes = start.clone();
        self.sum.canonical(&mut sizes);
        let outcome = if self.wins(&sizes)? {
            Outcome::N
        } else {
            Outcome::P
        };
        let mut winning_moves = Vec::new();
        if outcome == Outcome::N {
            for mv in position.moves() {
                self.look()?;
                sizes.copy_from_slice(&start);
                sizes[self.sum.slot_of[mv.heap]] -= mv.take;
                self.sum.canonical(&mut sizes);
                if !self.wins(&sizes)? {
                    winning_moves.push(mv);
                }
            }
        }
        Ok(Analysis {
            values: None,
            nimsum: None,
            outcome,
            winning_moves,
        })
    }
}

/// The exact misère analysis of `position` within `budget` positions.
pub fn search(position: &Position, budget: u64) -> Result<Analysis, BudgetExhausted> {
    Search::new(&Sum::new(position), budget).analyse(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    use crate::nim::position::{parse_position, Heap, Move};
    use crate::nim::theory::DEFAULT_BUDGET;
    use crate::rng::Rng;

    /// The rules of the tests: every family, two subtraction sets.
    fn rules() -> Vec<Rule> {
        vec![
            Rule::Nim,
            Rule::Dim,
            Rule::Aliquot,
            Rule::EvenOdd,
            Rule::Half,
            Rule::subtraction(&[1, 3, 4]).unwrap(),
            Rule::subtraction(&[2, 5]).unwrap(),
        ]
    }

    /// Plain minimax over every line: the player who cannot move wins.
    fn brute_wins(position: &Position) -> bool {
        position.is_over()
            || position
                .moves()
                .any(|mv| !brute_wins(&position.play_unchecked(mv)))
    }

    /// Plain memoised minimax over the heaps as given (no canonical form,
    /// no packing, no stack of its own).
    fn memo_wins(position: &Position, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let key: Vec<u64> = position.heaps().iter().map(|h| h.size).collect();
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let wins = position.is_over()
            || position
                .moves()
                .any(|mv| !memo_wins(&position.play_unchecked(mv), memo));
        memo.insert(key, wins);
        wins
    }

    fn random_sum(rng: &mut Rng, heaps: usize, max: u64) -> Position {
        let rules = rules();
        let heaps = (0..heaps)
            .map(|_| Heap {
                rule: rules[rng.below(rules.len() as u64) as usize].clone(),
                size: rng.below(max + 1),
            })
            .collect();
        Position::new(heaps).unwrap()
    }

    #[test]
    fn small_sums_agree_with_plain_minimax() {
        let mut rng = Rng::new(27);
        for _ in 0..300 {
            let heaps = 1 + rng.below(3) as usize;
            let position = random_sum(&mut rng, heaps, 5);
            let analysis = search(&position, DEFAULT_BUDGET).unwrap();
            let wins = brute_wins(&position);
            assert_eq!(analysis.outcome == Outcome::N, wins, "{position}");
            let winning: Vec<Move> = position
                .moves()
                .filter(|&mv| !brute_wins(&position.play_unchecked(mv)))
                .collect();
            assert_eq!(analysis.winning_moves, winning, "{position}");
        }
    }

    #[test]
    fn six_small_components_are_decided_and_agree_with_a_plain_memo() {
        let mut rng = Rng::new(18);
        let mut sums = vec![
            parse_position("nim:8 dim:8 aliquot:8 evenodd:8 half:8 sub{1,3,4}:8").unwrap(),
            parse_position("nim:8 dim:8 aliquot:8 evenodd:8 half:8 sub{1,2,3,4,5,6,7,8}:8")
                .unwrap(),
            parse_position("half:8 half:7 dim:8 dim:8 sub{2,5}:8 sub{2,5}:6").unwrap(),
        ];
        sums.extend((0..3).map(|_| random_sum(&mut rng, 6, 8)));
        for position in sums {
            let analysis = search(&position, DEFAULT_BUDGET).unwrap();
            let mut memo = HashMap::new();
            assert_eq!(
                analysis.outcome == Outcome::N,
                memo_wins(&position, &mut memo),
                "{position}"
            );
            let winning: Vec<Move> = position
                .moves()
                .filter(|&mv| !memo_wins(&position.play_unchecked(mv), &mut memo))
                .collect();
            assert_eq!(analysis.winning_moves, winning, "{position}");
        }
    }

    #[test]
    fn the_budget_counts_positions_not_moves() {
        let position =
            parse_position("nim:8 dim:8 aliquot:8 evenodd:8 half:8 sub{1,3,4}:8").unwrap();
        let sum = Sum::new(&position);
        let mut search = Search::new(&sum, DEFAULT_BUDGET);
        let analysis = search.analyse(&position).unwrap();
        let (positions, moves) = (search.positions, search.moves);
        assert!(positions <= 9u64.pow(6), "{positions} positions");
        // Counting moves too, a budget of 10^6 would not have been enough.
        assert!(positions + moves > DEFAULT_BUDGET, "{positions} + {moves}");
        assert!(moves <= DEFAULT_BUDGET * MOVES_PER_POSITION);
        assert_eq!(analysis.winning_moves, vec![Move { heap: 0, take: 7 }]);
        // With few moves a position, exactly as many positions as it has
        // decide a sum; one fewer does not.
        let position = parse_position("sub{1}:300 sub{2}:301").unwrap();
        let sum = Sum::new(&position);
        let mut search = Search::new(&sum, DEFAULT_BUDGET);
        let analysis = search.analyse(&position).unwrap();
        let positions = search.positions;
        assert!(search.moves < 2 * positions, "{} moves", search.moves);
        assert_eq!(super::search(&position, positions), Ok(analysis));
        assert_eq!(
            super::search(&position, positions - 1),
            Err(BudgetExhausted {
                positions: positions - 1
            })
        );
    }

    #[test]
    fn huge_divisor_heaps_count_their_factoring() {
        // Each position of this sum lists the divisors of a new 64-bit Dim
        // heap: counted as moves, the budget ends after a few thousand
        // factorings (it took 250 000 of them, ten seconds, before).
        let position =
            parse_position("evenodd:18446744073709551615 dim:18401055938125660800").unwrap();
        let sum = Sum::new(&position);
        let mut search = Search::new(&sum, DEFAULT_BUDGET);
        assert!(search.analyse(&position).is_err());
        let factorings = DEFAULT_BUDGET * MOVES_PER_POSITION / FACTORING_COST;
        assert!(search.positions <= factorings + 1, "{}", search.positions);
    }

    #[test]
    fn heaps_of_one_rule_are_one_position_in_any_order() {
        // (3, 5) and (5, 3) of the same rule are one position: with the
        // heaps sorted, the search decides fewer positions.
        let position = parse_position("half:9 half:7 half:8 dim:6 dim:6").unwrap();
        let sum = Sum::new(&position);
        let mut search = Search::new(&sum, DEFAULT_BUDGET);
        let analysis = search.analyse(&position).unwrap();
        let mut memo = HashMap::new();
        assert_eq!(
            analysis.outcome == Outcome::N,
            memo_wins(&position, &mut memo)
        );
        assert!(
            search.memo.len() < memo.len() / 3,
            "{} {}",
            search.memo.len(),
            memo.len()
        );
    }

    #[test]
    fn keys_of_any_width_are_exact() {
        // Sizes across word boundaries: 40 bits each, three words.
        let widths = [40, 40, 40, 40];
        let (mut key, mut other) = ([0; 3], [0; 3]);
        pack(&[(1 << 40) - 1, 5, (1 << 39) + 3, 0], &widths, &mut key);
        pack(&[(1 << 40) - 1, 5, (1 << 39) + 2, 0], &widths, &mut other);
        assert_ne!(key, other);
        assert_eq!(key[0], ((1 << 40) - 1) | (5 << 40));
        let mut table = Table::new(3);
        table.insert(&key, true);
        assert_eq!((table.get(&key), table.get(&other)), (Some(true), None));
        // Many keys: the table grows and keeps each one.
        let mut table = Table::new(1);
        for n in 0..5000u64 {
            table.insert(&[n * 7919], n % 3 == 0);
        }
        assert!((0..5000u64).all(|n| table.get(&[n * 7919]) == Some(n % 3 == 0)));
        assert_eq!(table.get(&[1]), None);
        // 34 heaps of 4 bits: 136 bits in three words, decided like the
        // same sum of fewer heaps would be by plain memoised minimax.
        let many = parse_position(&(vec!["half:15"; 34].join(" ") + " dim:2")).unwrap();
        assert!(Sum::new(&many).bits() > 128);
        let few = parse_position("half:15 half:15 half:15 half:9 dim:2").unwrap();
        let mut memo = HashMap::new();
        let analysis = search(&few, DEFAULT_BUDGET).unwrap();
        assert_eq!(analysis.outcome == Outcome::N, memo_wins(&few, &mut memo));
    }

    #[test]
    fn what_is_too_large_is_refused_in_bounded_time() {
        for text in [
            "half:1000000000000000000 nim:3",
            "nim:100000 dim:3",
            "nim:99 dim:99 half:99 evenodd:99",
            "sub{1}:999999 half:2",
        ] {
            let position = parse_position(text).unwrap();
            assert!(search(&position, DEFAULT_BUDGET).is_err(), "{text}");
        }
        // A long line within the limits is followed to its end.
        let long = parse_position("sub{1}:200000 half:2").unwrap();
        assert!(search(&long, DEFAULT_BUDGET).is_ok());
    }
}
