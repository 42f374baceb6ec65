//! The eventual period of a subtraction game, found within a fixed budget.
//!
//! g(n) depends only on the previous max(S) values, so the sequence of
//! windows of max(S) consecutive values is the orbit of a deterministic
//! map: once a window repeats, everything after it repeats. Brent's cycle
//! finding locates the repeat (windows compared by a rolling hash, checked
//! value by value when the hashes agree), computing about
//! max(S) + preperiod + 2·period values, each in |S| steps; memory is one
//! `u32` per value. Beyond [`VALUE_LIMIT`] values or [`WORK_LIMIT`] steps
//! the search stops with [`PeriodTooLong`], so no set can make it hang.

use std::fmt;

/// The most values the search computes (64 MiB of `u32`), for one set or
/// for all the sets of one position together.
pub const VALUE_LIMIT: usize = 1 << 24;
/// The most mex steps (values times the set's elements reached), likewise.
pub const WORK_LIMIT: u64 = 1 << 28;

/// What period searches may still spend: one budget per set read alone,
/// one shared by all the sets of a position (so that 64 different large
/// sets cost no more than one).
#[derive(Clone, Copy, Debug)]
pub struct PeriodBudget {
    values: usize,
    work: u64,
}

impl Default for PeriodBudget {
    fn default() -> Self {
        PeriodBudget {
            values: VALUE_LIMIT,
            work: WORK_LIMIT,
        }
    }
}

/// An eventually periodic sequence: `values[..preperiod]`, then
/// `values[preperiod..preperiod + period]` repeated forever.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Periodicity {
    values: Vec<u32>,
    /// Where the periodic part starts.
    pub preperiod: u64,
    /// Its length.
    pub period: u64,
}

impl Periodicity {
    /// The value at `n`.
    pub fn at(&self, n: u64) -> u64 {
        let i = if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        };
        u64::from(self.values[i as usize])
    }

    /// How many values it keeps (for the cache's accounting).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when it keeps no value (never for a found period).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// The set's period could not be found within the budget.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PeriodTooLong {
    /// Values computed before giving up.
    pub values: u64,
}

impl fmt::Display for PeriodTooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "this set's period is too long to find (gave up after {} values; the limit is {VALUE_LIMIT} values)",
            self.values
        )
    }
}

impl std::error::Error for PeriodTooLong {}

const MODULUS: u64 = (1 << 61) - 1;
const BASE: u64 = 1_000_003;

fn mul_mod(a: u64, b: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(MODULUS)) as u64
}

/// The values of g, computed on demand within the budget.
struct Values<'a, 'b> {
    set: &'a [u64],
    g: Vec<u32>,
    seen: Vec<usize>,
    budget: &'b mut PeriodBudget,
}

impl Values<'_, '_> {
    /// Makes sure g(0..len) are known.
    fn ensure(&mut self, len: usize) -> Result<(), PeriodTooLong> {
        while self.g.len() < len {
            let n = self.g.len();
            let reached = self.set.iter().take_while(|&&s| s as usize <= n).count() as u64;
            if self.budget.values == 0 || self.budget.work <= reached {
                return Err(PeriodTooLong { values: n as u64 });
            }
            self.budget.values -= 1;
            self.budget.work -= reached + 1;
            let stamp = n + 1;
            for &s in &self.set[..reached as usize] {
                self.seen[self.g[n - s as usize] as usize] = stamp;
            }
            let mex = (0..).find(|&v| self.seen[v] != stamp).unwrap_or(0);
            self.g.push(mex as u32);
        }
        Ok(())
    }
}

/// A rolling hash of the window of `width` values starting at `start`.
struct Window {
    start: usize,
    hash: u64,
}

impl Window {
    fn new(values: &mut Values, start: usize, width: usize) -> Result<Window, PeriodTooLong> {
        values.ensure(start + width)?;
        let hash = values.g[start..start + width]
            .iter()
            .fold(0, |h, &v| (mul_mod(h, BASE) + u64::from(v) + 1) % MODULUS);
        Ok(Window { start, hash })
    }

    /// Moves one value on; `top` is BASE^(width−1).
    fn advance(
        &mut self,
        values: &mut Values,
        width: usize,
        top: u64,
    ) -> Result<(), PeriodTooLong> {
        values.ensure(self.start + width + 1)?;
        let out = u64::from(values.g[self.start]) + 1;
        let incoming = u64::from(values.g[self.start + width]) + 1;
        let without = (self.hash + MODULUS - mul_mod(out, top)) % MODULUS;
        self.hash = (mul_mod(without, BASE) + incoming) % MODULUS;
        self.start += 1;
        Ok(())
    }
}

fn same(values: &Values, a: &Window, b: &Window, width: usize) -> bool {
    a.hash == b.hash && values.g[a.start..a.start + width] == values.g[b.start..b.start + width]
}

/// Finds the preperiod and period of the subtraction set `set` (sorted,
/// positive, without repeats), spending from `budget`.
pub fn find_periodicity(
    set: &[u64],
    budget: &mut PeriodBudget,
) -> Result<Periodicity, PeriodTooLong> {
    let Some(&largest) = set.last() else {
        return Err(PeriodTooLong { values: 0 });
    };
    if largest >= budget.values as u64 {
        return Err(PeriodTooLong { values: 0 });
    }
    let width = largest as usize;
    let mut values = Values {
        set,
        g: Vec::new(),
        seen: vec![0; set.len() + 2],
        budget,
    };
    let top = (1..width).fold(1, |p, _| mul_mod(p, BASE));
    // Brent: the tortoise waits at powers of two while the hare runs.
    let mut tortoise = Window::new(&mut values, 0, width)?;
    let mut hare = Window::new(&mut values, 1, width)?;
    let (mut power, mut period) = (1usize, 1usize);
    while !same(&values, &tortoise, &hare, width) {
        if power == period {
            tortoise = Window {
                start: hare.start,
                hash: hare.hash,
            };
            power *= 2;
            period = 0;
        }
        hare.advance(&mut values, width, top)?;
        period += 1;
    }
    // The first window that the one a period later repeats.
    let mut first = Window::new(&mut values, 0, width)?;
    let mut later = Window::new(&mut values, period, width)?;
    while !same(&values, &first, &later, width) {
        first.advance(&mut values, width, top)?;
        later.advance(&mut values, width, top)?;
    }
    let preperiod = first.start;
    let mut kept = values.g;
    kept.truncate(preperiod + period);
    kept.shrink_to_fit();
    Ok(Periodicity {
        values: kept,
        preperiod: preperiod as u64,
        period: period as u64,
    })
}

/// g(0), g(1), …, g(limit) of a subtraction set by the definition (for
/// tests and small tables).
pub fn direct_values(set: &[u64], limit: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(limit + 1);
    for n in 0..=limit {
        let reached: Vec<u64> = set
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| g[n - s as usize])
            .collect();
        g.push((0..).find(|v| !reached.contains(v)).unwrap_or(0));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(set: &[u64]) -> Periodicity {
        let p = find_periodicity(set, &mut PeriodBudget::default()).unwrap();
        let limit = (p.preperiod + 3 * p.period) as usize + set.last().copied().unwrap() as usize;
        for (n, &v) in direct_values(set, limit).iter().enumerate() {
            assert_eq!(p.at(n as u64), v, "{set:?} at {n}");
        }
        // Minimal: no shorter period and no earlier start fits the values.
        let direct = direct_values(set, limit);
        if p.preperiod > 0 {
            let pre = p.preperiod as usize - 1;
            assert_ne!(direct[pre], direct[pre + p.period as usize], "{set:?}");
        }
        p
    }

    #[test]
    fn known_periods() {
        let p = check(&[1, 2, 3]);
        assert_eq!((p.preperiod, p.period), (0, 4));
        let p = check(&[2]);
        assert_eq!((p.preperiod, p.period), (0, 4));
        let p = check(&[1]);
        assert_eq!((p.preperiod, p.period), (0, 2));
        for set in [
            &[2, 5, 7][..],
            &[1, 3, 4],
            &[3, 5, 9],
            &[2, 3, 8, 13],
            &[1, 4, 9, 16, 25],
            &[5, 6, 11],
        ] {
            check(set);
        }
    }

    #[test]
    fn a_huge_single_element_is_found_quickly() {
        let p = find_periodicity(&[2_000_000], &mut PeriodBudget::default()).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 4_000_000));
        assert_eq!(p.at(1_000_000_000_000), 0);
        assert_eq!(p.at(2_000_000), 1);
    }

    #[test]
    fn too_long_periods_are_refused_not_searched_forever() {
        assert!(find_periodicity(&[1 << 40], &mut PeriodBudget::default()).is_err());
        assert!(find_periodicity(&[10_000_000], &mut PeriodBudget::default()).is_err());
        // A shared budget: the second large set finds it spent.
        let mut shared = PeriodBudget::default();
        assert!(find_periodicity(&[2_000_000], &mut shared).is_ok());
        assert!(find_periodicity(&[2_000_001], &mut shared).is_err());
    }
}
