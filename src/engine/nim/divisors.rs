//! The divisors of any `u64`, for Dim and Aliquot on heaps of any size:
//! the number is factored (Miller–Rabin, then Pollard's rho with Brent's
//! cycle finding), and the divisors are built from the prime powers. No
//! `u64` has more than 103 680 divisors, so the list stays small even where
//! trial division up to √n (4·10^9 steps) would take seconds.

/// `a · b mod m` without overflow.
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut base: u64, mut exponent: u64, m: u64) -> u64 {
    let mut result = 1 % m;
    base %= m;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = mul_mod(result, base, m);
        }
        base = mul_mod(base, base, m);
        exponent >>= 1;
    }
    result
}

/// Deterministic for every `u64`: these twelve bases are enough.
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for &p in &BASES {
        if n % p == 0 {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for &a in &BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial factor of the odd composite `n` (Pollard's rho, Brent's
/// variant with batched gcds; a new constant is tried when a cycle closes).
fn rho_factor(n: u64) -> u64 {
    for c in 1u64.. {
        let f = |x: u64| ((u128::from(mul_mod(x, x, n)) + u128::from(c)) % u128::from(n)) as u64;
        let (mut y, mut product) = (2u64, 1u64);
        let mut factor = 1;
        let mut power = 1u64;
        'cycle: while factor == 1 {
            let x = y;
            for _ in 0..power {
                y = f(y);
            }
            let mut done = 0;
            while done < power {
                let saved = y;
                let batch = (power - done).min(128);
                for _ in 0..batch {
                    y = f(y);
                    product = mul_mod(product, x.abs_diff(y), n);
                }
                factor = gcd(product, n);
                if factor != 1 {
                    if factor == n {
                        // The batch jumped past the factor: redo it step by step.
                        y = saved;
                        loop {
                            y = f(y);
                            factor = gcd(x.abs_diff(y), n);
                            if factor != 1 {
                                break 'cycle;
                            }
                        }
                    }
                    break 'cycle;
                }
                done += batch;
            }
            power *= 2;
        }
        if factor != n {
            return factor;
        }
    }
    unreachable!("some constant splits every composite")
}

/// The prime factors of `n ≥ 1` with their exponents, smallest first.
pub fn factor(n: u64) -> Vec<(u64, u32)> {
    let mut primes = Vec::new();
    let mut rest = n;
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        while rest % p == 0 {
            primes.push(p);
            rest /= p;
        }
    }
    let mut pending = vec![rest];
    while let Some(m) = pending.pop() {
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            primes.push(m);
        } else {
            let f = rho_factor(m);
            pending.push(f);
            pending.push(m / f);
        }
    }
    crate::stable_sort::sort(&mut primes);
    let mut grouped: Vec<(u64, u32)> = Vec::new();
    for p in primes {
        match grouped.last_mut() {
            Some((q, e)) if *q == p => *e += 1,
            _ => grouped.push((p, 1)),
        }
    }
    grouped
}

/// The divisors of `n` (none for 0), ascending.
pub fn divisors(n: u64) -> Vec<u64> {
    if n == 0 {
        return Vec::new();
    }
    let mut list = vec![1u64];
    for (p, e) in factor(n) {
        let before = list.len();
        let mut power = 1u64;
        for _ in 0..e {
            power *= p;
            for i in 0..before {
                list.push(list[i] * power);
            }
        }
    }
    crate::stable_sort::sort(&mut list);
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_trial_division(n: u64) -> Vec<u64> {
        (1..=n).filter(|d| n % d == 0).collect()
    }

    #[test]
    fn small_numbers_agree_with_trial_division() {
        for n in 0..3000 {
            assert_eq!(divisors(n), by_trial_division(n), "{n}");
        }
    }

    #[test]
    fn primality_is_right_on_hard_cases() {
        // Strong pseudoprimes to several bases, a Carmichael number, big primes.
        for composite in [
            3_215_031_751u64,
            561,
            2_152_302_898_747,
            3_825_123_056_546_413_051,
        ] {
            assert!(!is_prime(composite), "{composite}");
        }
        for prime in [
            2u64,
            18_446_744_073_709_551_557,
            1_000_000_007,
            4_294_967_291,
        ] {
            assert!(is_prime(prime), "{prime}");
        }
    }

    #[test]
    fn huge_numbers_factor() {
        let n = 18_446_744_073_709_551_557u64 - 2; // odd composite near 2^64
        let product: u64 = factor(n).iter().map(|&(p, e)| p.pow(e)).product();
        assert_eq!(product, n);
        assert_eq!(divisors(1 << 62).len(), 63);
        // Two primes near 2^32: the hardest shape for rho.
        let n = 4_294_967_291u64 * 4_294_967_279;
        assert_eq!(divisors(n), vec![1, 4_294_967_279, 4_294_967_291, n]);
        // The u64 with the most divisors.
        assert_eq!(divisors(18_401_055_938_125_660_800).len(), 184_320);
    }
}
