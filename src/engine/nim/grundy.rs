//! Sprague–Grundy values of single heaps, for heaps of any size: the
//! closed forms of RULES.md, and for subtraction sets their eventual
//! period ([`super::period`]); mex over the moves explains a value.

use super::rules::Rule;

/// The smallest non-negative integer not in `values`.
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    crate::stable_sort::sort(&mut seen);
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}

/// The moves of the mex computation of g(n): each amount with the value it
/// reaches, and the result. For explaining the definition on screen; `n` is
/// limited by the caller.
pub fn mex_explained(rule: &Rule, n: u64) -> (Vec<(u64, u64)>, u64) {
    let reached: Vec<(u64, u64)> = rule.takes(n).map(|c| (c, grundy(rule, n - c))).collect();
    let value = mex(reached.iter().map(|&(_, g)| g));
    (reached, value)
}

/// The 2-adic valuation: trailing zero bits (n ≥ 1).
fn nu2(n: u64) -> u64 {
    u64::from(n.trailing_zeros())
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
        Rule::Subtraction(set) => set.periodicity().at(n),
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
    fn closed_forms_agree_with_the_definition() {
        for rule in [
            Rule::Dim,
            Rule::Nim,
            Rule::Aliquot,
            Rule::EvenOdd,
            Rule::Half,
            Rule::subtraction(&[2, 5, 7]).unwrap(),
        ] {
            let mut g: Vec<u64> = Vec::new();
            for n in 0..500u64 {
                let value = mex(rule.takes(n).map(|c| g[(n - c) as usize]));
                assert_eq!(grundy(&rule, n), value, "{rule} {n}");
                g.push(value);
            }
        }
    }

    #[test]
    fn every_u64_heap_has_a_value() {
        let n = u64::MAX;
        assert_eq!(grundy(&Rule::Nim, n), n);
        assert_eq!(grundy(&Rule::Dim, 1 << 62), 63);
        assert_eq!(grundy(&Rule::Aliquot, 3 << 60), 60);
        assert_eq!(grundy(&Rule::EvenOdd, n), n / 2 + 1);
        assert_eq!(grundy(&Rule::Half, n), 0);
        assert_eq!(grundy(&Rule::subtraction(&[1, 2, 3]).unwrap(), n), n % 4);
    }
}
