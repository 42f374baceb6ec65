//! Hashing positions for transposition tables and memos: a strong 64-bit
//! mixer that every game builds its position hash from.

/// Mixes 64 bits thoroughly (the SplitMix64 finaliser): every input bit
/// affects every output bit.
#[inline]
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The hash of a sequence of 64-bit words, from `seed`.
#[inline]
pub fn words(seed: u64, words: impl IntoIterator<Item = u64>) -> u64 {
    words.into_iter().fold(seed, |h, w| mix(h ^ w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mixing_spreads_single_bits() {
        for bit in 0..64 {
            let changed = (mix(0) ^ mix(1 << bit)).count_ones();
            assert!(
                (16..=48).contains(&changed),
                "bit {bit}: {changed} bits changed"
            );
        }
        assert_ne!(words(1, [2, 3]), words(1, [3, 2]));
    }
}
