//! Sprague–Grundy values of single heaps: by mex over the moves (the
//! definition), by the closed forms of RULES.md, and for subtraction sets by
//! their eventual period, found from the values and proved by the window
//! argument (g(n) depends only on the previous max(S) values, so once a
//! window of max(S) values repeats, everything after repeats too).

use std::cell::RefCell;
use std::collections::HashMap;

use super::rules::Rule;

/// The smallest non-negative integer not in `values`.
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}

/// g(0), g(1), …, g(limit) by mex over the legal moves, each value computed
/// once from the earlier ones.
pub fn mex_values(rule: &Rule, limit: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(limit as usize + 1);
    for n in 0..=limit {
        let value = mex(rule.takes(n).into_iter().map(|c| g[(n - c) as usize]));
        g.push(value);
    }
    g
}

/// The moves of the mex computation of g(n): each amount with the value it
/// reaches, and the result. For explaining the definition on screen; `n` is
/// limited by the caller.
pub fn mex_explained(rule: &Rule, n: u64) -> (Vec<(u64, u64)>, u64) {
    let reached: Vec<(u64, u64)> = rule
        .takes(n)
        .into_iter()
        .map(|c| (c, grundy(rule, n - c)))
        .collect();
    let value = mex(reached.iter().map(|&(_, g)| g));
    (reached, value)
}

/// The 2-adic valuation: trailing zero bits (n ≥ 1).
fn nu2(n: u64) -> u64 {
    u64::from(n.trailing_zeros())
}

/// An eventually periodic sequence: `values[..preperiod]`, then
/// `values[preperiod..preperiod + period]` repeated forever.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Periodicity {
    /// Values up to the end of the first period.
    pub values: Vec<u64>,
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
        self.values[i as usize]
    }
}

/// How many values are computed at most when looking for a period.
const PERIOD_SEARCH_LIMIT: u64 = 1 << 20;

/// Finds the eventual period of a subtraction game: the first repeated
/// window of max(S) consecutive values marks where the periodic part starts
/// and how long it is. `None` if no window repeats within the search limit.
pub fn find_periodicity(set: &[u64]) -> Option<Periodicity> {
    let rule = Rule::Subtraction(set.to_vec());
    let width = *set.last()? as usize;
    let mut g: Vec<u64> = Vec::new();
    let mut windows: HashMap<Vec<u64>, usize> = HashMap::new();
    for n in 0..PERIOD_SEARCH_LIMIT {
        let value = mex(rule.takes(n).into_iter().map(|c| g[(n - c) as usize]));
        g.push(value);
        let end = n as usize + 1;
        if end < width {
            continue;
        }
        let window = g[end - width..end].to_vec();
        if let Some(&first_end) = windows.get(&window) {
            let preperiod = (first_end - width) as u64;
            let period = (end - first_end) as u64;
            g.truncate((preperiod + period) as usize);
            return Some(Periodicity {
                values: g,
                preperiod,
                period,
            });
        }
        windows.insert(window, end);
    }
    None
}

thread_local! {
    static PERIODS: RefCell<HashMap<Vec<u64>, Option<Periodicity>>> = RefCell::new(HashMap::new());
}

/// The periodicity of a subtraction set, computed once per set.
pub fn periodicity(set: &[u64]) -> Option<Periodicity> {
    PERIODS.with(|cache| {
        cache
            .borrow_mut()
            .entry(set.to_vec())
            .or_insert_with(|| find_periodicity(set))
            .clone()
    })
}

/// The Sprague–Grundy value of a heap of `n` under `rule`, from the closed
/// forms (instant for any size) or, for subtraction sets, the period.
pub fn grundy(rule: &Rule, n: u64) -> u64 {
    match rule {
        Rule::Nim => n,
        Rule::Dim => {
            if n == 0 {
                0
            } else {
                nu2(n) + 1
            }
        }
        Rule::Aliquot => {
            if n == 0 {
                0
            } else {
                nu2(n)
            }
        }
        Rule::Half => {
            let mut m = n;
            while m % 2 == 1 {
                m /= 2;
            }
            m / 2
        }
        Rule::EvenOdd => match n {
            0 => 0,
            odd if odd % 2 == 1 => odd / 2 + 1,
            even => even / 2 - 1,
        },
        Rule::Subtraction(set) => match periodicity(set) {
            Some(p) => p.at(n),
            // No period within the search limit (never seen in practice):
            // the definition, which is exact but slow for huge heaps.
            None => mex_values(rule, n)[n as usize],
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_is_the_smallest_missing_value() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([2, 0, 1, 1]), 3);
    }

    #[test]
    fn sub_1_2_3_is_n_mod_4() {
        let p = periodicity(&[1, 2, 3]).unwrap();
        assert_eq!((p.preperiod, p.period), (0, 4));
        for n in 0..100 {
            assert_eq!(grundy(&Rule::Subtraction(vec![1, 2, 3]), n), n % 4);
        }
    }

    #[test]
    fn a_set_with_a_preperiod_is_found_and_right() {
        // {2, 5, 7} is eventually periodic after an irregular start.
        let rule = Rule::Subtraction(vec![2, 5, 7]);
        let p = periodicity(&[2, 5, 7]).unwrap();
        let direct = mex_values(&rule, 2000);
        for (n, &v) in direct.iter().enumerate() {
            assert_eq!(p.at(n as u64), v, "n = {n}");
        }
    }
}
