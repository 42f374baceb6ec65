//! The weight tables of the pattern evaluation, their compact file format,
//! and the weights shipped in the build (`data/othello-eval.bin`).
//!
//! # File format
//!
//! ```text
//! "MSPE"        magic
//! u8 version    3 (1 and 2 are still read)
//! u8 phases     number of phases
//! u8 unit       hundredths of a disc per stored step
//! u8 tables     number of tables per phase (families, then extras)
//! varint × tables   the size of each table (checked against the code)
//! masks         for every canonical entry, in ascending index order, the
//!               phases whose weight is not 0, one byte: 0 for none,
//!               1 + 12 × first + last for all the phases first..=last,
//!               or 0xFF and a u16 (LE) whose bit p is set for phase p
//! lasts         for every entry with weights, its weight in the last of
//!               its phases: one byte (−127…127), or 0x80 and an i16 (LE)
//! steps         then, entry by entry, each of its other weights from the
//!               last phase to the first, as its difference to the one
//!               after it (wrapping i16), written as the lasts are
//! ```
//!
//! Only canonical entries are stored (see [`CANONICAL`]); the others are
//! copies. Most entries (those never seen in training) are zero. An entry's
//! weights in the twelve phases are alike, so storing them side by side,
//! each as a step from the next phase's, makes the file compress well: the
//! worker's download is brotli-compressed, and this layout took the
//! round-12 weights to 200 KB where version 2 (the phases one after the
//! other, the zero runs apart from the values) took 248 KB (side by side,
//! a u16 mask each and no steps: 214 KB), and version 1 (zigzag varints, a
//! zero followed by its run) more.

use std::fmt;
use std::sync::LazyLock;

use super::features::{Extra, CANONICAL, FAMILIES, TABLE_LEN};

/// The number of phases: the game is cut by the number of empty squares
/// into stretches of [`EMPTIES_PER_PHASE`], each with its own weights.
pub const PHASES: usize = 12;

/// The empty squares covered by one phase.
pub const EMPTIES_PER_PHASE: u32 = 5;

const MAGIC: &[u8; 4] = b"MSPE";
const VERSION: u8 = 3;
/// The second format: the phases one after the other, the stored entries
/// of each in ascending order, as two streams: a varint n, the number of
/// values that are not zero; n + 1 varints, the zeros before each of them
/// and after the last; then the n values, each as in version 3.
const VERSION_2: u8 = 2;
/// The first format: zigzag varints; a 0 is followed by a varint n, the
/// number of further zeros.
const VERSION_1: u8 = 1;
/// The byte that announces a two-byte value in versions 2 and 3.
const WIDE: u8 = 0x80;
/// The byte that announces a two-byte mask of phases in version 3.
const MASK: u8 = 0xFF;

/// The phase of a position with `empties` empty squares: 0 for 56–60
/// empties, …, 11 for 1–5.
#[inline]
pub fn phase_of(empties: u32) -> usize {
    ((60 - empties.clamp(1, 60)) / EMPTIES_PER_PHASE) as usize
}

/// The sizes of the tables of one phase, in file order.
fn table_sizes() -> impl Iterator<Item = usize> {
    FAMILIES
        .iter()
        .map(|f| f.size())
        .chain(Extra::ALL.iter().map(|e| e.size()))
}

/// The indices of a phase table whose weights are stored (the canonical
/// ones), in ascending order.
static STORED: LazyLock<Vec<u32>> = LazyLock::new(|| {
    CANONICAL
        .iter()
        .enumerate()
        .filter(|&(i, &c)| c as usize == i)
        .map(|(i, _)| i as u32)
        .collect()
});

/// Weights of the pattern evaluation: for every phase, a table of
/// [`TABLE_LEN`] entries in steps of [`Weights::unit`] hundredths of a disc.
#[derive(Clone, PartialEq, Eq)]
pub struct Weights {
    unit: u8,
    tables: Vec<i16>,
}

impl fmt::Debug for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Not the millions of entries: searches print their evaluator.
        write!(f, "Weights {{ unit: {}, phases: {PHASES} }}", self.unit)
    }
}

/// Why a weights file cannot be read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DecodeWeightsError {
    /// The file does not start with the magic bytes.
    NotWeights,
    /// A format version this build does not read.
    Version(u8),
    /// The phases or tables differ from this build's evaluation.
    Layout,
    /// The file ends in the middle.
    Truncated,
    /// A value does not fit or a zero run is too long.
    Corrupt,
    /// Bytes left after the last value.
    TrailingBytes,
}

impl fmt::Display for DecodeWeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeWeightsError::NotWeights => f.write_str("not a weights file (bad magic)"),
            DecodeWeightsError::Version(v) => write!(f, "unsupported weights format version {v}"),
            DecodeWeightsError::Layout => {
                f.write_str("the weights are for a different set of patterns or phases")
            }
            DecodeWeightsError::Truncated => f.write_str("the weights file is truncated"),
            DecodeWeightsError::Corrupt => f.write_str("the weights file is corrupt"),
            DecodeWeightsError::TrailingBytes => f.write_str("unexpected bytes after the weights"),
        }
    }
}

impl std::error::Error for DecodeWeightsError {}

impl Weights {
    /// All weights zero, stored in steps of `unit` hundredths of a disc.
    pub fn zero(unit: u8) -> Weights {
        Weights {
            unit: unit.max(1),
            tables: vec![0; PHASES * TABLE_LEN],
        }
    }

    /// Weights from a function giving, for a phase and a canonical index,
    /// the weight in discs; rounded to steps of `unit` hundredths of a disc
    /// and copied to the entries that share it.
    pub fn from_canonical(unit: u8, weight: impl Fn(usize, usize) -> f64) -> Weights {
        let mut weights = Weights::zero(unit);
        let step = f64::from(weights.unit) / 100.0;
        for phase in 0..PHASES {
            let table = &mut weights.tables[phase * TABLE_LEN..(phase + 1) * TABLE_LEN];
            for &index in STORED.iter() {
                let steps = (weight(phase, index as usize) / step).round();
                table[index as usize] =
                    steps.clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16;
            }
            fill_copies(table);
        }
        weights
    }

    /// Hundredths of a disc per step of the tables.
    pub fn unit(&self) -> i32 {
        i32::from(self.unit)
    }

    /// The table of `phase`, in steps of [`Weights::unit`].
    #[inline]
    pub fn table(&self, phase: usize) -> &[i16] {
        &self.tables[phase * TABLE_LEN..(phase + 1) * TABLE_LEN]
    }

    /// The weight of entry `index` of `phase`, in discs.
    pub fn discs(&self, phase: usize, index: usize) -> f64 {
        f64::from(self.table(phase)[index]) * f64::from(self.unit) / 100.0
    }

    /// The compact file form (see the module documentation).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend([
            VERSION,
            PHASES as u8,
            self.unit,
            table_sizes().count() as u8,
        ]);
        for size in table_sizes() {
            write_varint(&mut out, size as u64);
        }
        let (mut masks, mut lasts, mut steps) = (Vec::new(), Vec::new(), Vec::new());
        for &index in STORED.iter() {
            let (mut mask, mut after) = (0u16, None);
            for phase in (0..PHASES).rev() {
                let value = self.table(phase)[index as usize];
                if value == 0 {
                    continue;
                }
                mask |= 1 << phase;
                match after {
                    None => write_number(&mut lasts, value),
                    Some(after) => write_number(&mut steps, value.wrapping_sub(after)),
                }
                after = Some(value);
            }
            write_mask(&mut masks, mask);
        }
        out.extend(masks);
        out.extend(lasts);
        out.extend(steps);
        out
    }

    /// Reads the compact file form (any version).
    pub fn decode(bytes: &[u8]) -> Result<Weights, DecodeWeightsError> {
        let mut reader = Reader { bytes, at: 0 };
        if reader.take(4)? != MAGIC {
            return Err(DecodeWeightsError::NotWeights);
        }
        let header = reader.take(4)?;
        let (version, phases, unit, tables) = (header[0], header[1], header[2], header[3]);
        if ![VERSION, VERSION_2, VERSION_1].contains(&version) {
            return Err(DecodeWeightsError::Version(version));
        }
        if usize::from(phases) != PHASES || usize::from(tables) != table_sizes().count() {
            return Err(DecodeWeightsError::Layout);
        }
        for size in table_sizes() {
            if reader.varint()? != size as u64 {
                return Err(DecodeWeightsError::Layout);
            }
        }
        let mut weights = Weights::zero(unit);
        if version == VERSION {
            reader.entries(&mut weights.tables)?;
        } else {
            let total = PHASES * STORED.len();
            let stored = if version == VERSION_1 {
                reader.values_v1(total)?
            } else {
                reader.values_v2(total)?
            };
            for (phase, values) in stored.chunks(STORED.len()).enumerate() {
                let table = &mut weights.tables[phase * TABLE_LEN..(phase + 1) * TABLE_LEN];
                for (&index, &value) in STORED.iter().zip(values) {
                    table[index as usize] = value;
                }
            }
        }
        if reader.at != bytes.len() {
            return Err(DecodeWeightsError::TrailingBytes);
        }
        for table in weights.tables.chunks_mut(TABLE_LEN) {
            fill_copies(table);
        }
        Ok(weights)
    }

    /// Keeps the weights for the rest of the process, as the search's
    /// evaluators need (`Evaluator::Pattern`): for weights read at run time
    /// by the command-line tools, which load a file or two per run.
    pub fn leak(self) -> &'static Weights {
        Box::leak(Box::new(self))
    }
}

/// Copies every canonical entry of a phase table to the entries sharing it.
fn fill_copies(table: &mut [i16]) {
    for (index, &canonical) in CANONICAL.iter().enumerate() {
        table[index] = table[canonical as usize];
    }
}

fn unzigzag(u: u64) -> Result<i16, DecodeWeightsError> {
    let v = (u >> 1) as i64 ^ -((u & 1) as i64);
    i16::try_from(v).map_err(|_| DecodeWeightsError::Corrupt)
}

/// The phases of an entry, as version 3 writes them: a byte for a stretch
/// of phases (or none), else [`MASK`] and the mask.
fn write_mask(out: &mut Vec<u8>, mask: u16) {
    if mask == 0 {
        out.push(0);
        return;
    }
    let (first, last) = (mask.trailing_zeros(), 15 - mask.leading_zeros());
    if mask == (1u16 << (last + 1)) - (1u16 << first) {
        out.push(1 + (PHASES as u32 * first + last) as u8);
    } else {
        out.push(MASK);
        out.extend(mask.to_le_bytes());
    }
}

/// A number of versions 2 and 3: one byte, or [`WIDE`] and two.
fn write_number(out: &mut Vec<u8>, value: i16) {
    match i8::try_from(value) {
        Ok(small) if small != i8::MIN => out.push(small as u8),
        _ => {
            out.push(WIDE);
            out.extend(value.to_le_bytes());
        }
    }
}

fn write_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7F) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], DecodeWeightsError> {
        let slice = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or(DecodeWeightsError::Truncated)?;
        self.at += n;
        Ok(slice)
    }

    /// Version 3's masks, lasts and steps into `tables` (every phase's
    /// table, one after the other), at the stored entries.
    fn entries(&mut self, tables: &mut [i16]) -> Result<(), DecodeWeightsError> {
        let masks = (0..STORED.len())
            .map(|_| self.mask())
            .collect::<Result<Vec<u16>, _>>()?;
        let lasts = masks
            .iter()
            .filter(|&&mask| mask != 0)
            .map(|_| self.number())
            .collect::<Result<Vec<i16>, _>>()?;
        let mut lasts = lasts.into_iter();
        for (&index, &mask) in STORED.iter().zip(&masks) {
            let mut after = None;
            for phase in (0..PHASES).rev().filter(|p| mask >> p & 1 == 1) {
                let value = match after {
                    None => lasts.next().ok_or(DecodeWeightsError::Corrupt)?,
                    Some(after) => self.number()?.wrapping_add(after),
                };
                if value == 0 {
                    return Err(DecodeWeightsError::Corrupt);
                }
                tables[phase * TABLE_LEN + index as usize] = value;
                after = Some(value);
            }
        }
        Ok(())
    }

    /// The phases of an entry of version 3 (see the module documentation).
    fn mask(&mut self) -> Result<u16, DecodeWeightsError> {
        let phases = PHASES as u8;
        match self.take(1)?[0] {
            0 => Ok(0),
            MASK => {
                let mask = self.take(2)?;
                match u16::from_le_bytes([mask[0], mask[1]]) {
                    0 => Err(DecodeWeightsError::Corrupt),
                    mask if mask >> PHASES != 0 => Err(DecodeWeightsError::Corrupt),
                    mask => Ok(mask),
                }
            }
            byte if byte <= phases * phases => {
                let (first, last) = ((byte - 1) / phases, (byte - 1) % phases);
                if first > last {
                    return Err(DecodeWeightsError::Corrupt);
                }
                Ok((1u16 << (last + 1)) - (1u16 << first))
            }
            _ => Err(DecodeWeightsError::Corrupt),
        }
    }

    /// A number of versions 2 and 3: one byte, or [`WIDE`] and two.
    fn number(&mut self) -> Result<i16, DecodeWeightsError> {
        let byte = self.take(1)?[0];
        Ok(if byte == WIDE {
            let wide = self.take(2)?;
            i16::from_le_bytes([wide[0], wide[1]])
        } else {
            i16::from(byte as i8)
        })
    }

    /// A value of version 2: a number that is not zero.
    fn value(&mut self) -> Result<i16, DecodeWeightsError> {
        match self.number()? {
            0 => Err(DecodeWeightsError::Corrupt),
            value => Ok(value),
        }
    }

    /// The `total` stored values of version 2: the zero runs, then the
    /// values between them.
    fn values_v2(&mut self, total: usize) -> Result<Vec<i16>, DecodeWeightsError> {
        let count = self.varint()?;
        if count > total as u64 {
            return Err(DecodeWeightsError::Corrupt);
        }
        let mut runs = Vec::with_capacity(count as usize + 1);
        let mut zeros = 0u64;
        for _ in 0..=count {
            let run = self.varint()?;
            zeros = zeros.saturating_add(run);
            runs.push(run as usize);
        }
        if zeros.saturating_add(count) != total as u64 {
            return Err(DecodeWeightsError::Corrupt);
        }
        let mut stored = Vec::with_capacity(total);
        for (i, &run) in runs.iter().enumerate() {
            stored.resize(stored.len() + run, 0);
            if i == count as usize {
                break;
            }
            stored.push(self.value()?);
        }
        Ok(stored)
    }

    /// The `total` stored values of version 1.
    fn values_v1(&mut self, total: usize) -> Result<Vec<i16>, DecodeWeightsError> {
        let mut stored = Vec::with_capacity(total);
        while stored.len() < total {
            let value = unzigzag(self.varint()?)?;
            stored.push(value);
            if value == 0 {
                let zeros = self.varint()?;
                if zeros > (total - stored.len()) as u64 {
                    return Err(DecodeWeightsError::Corrupt);
                }
                stored.resize(stored.len() + zeros as usize, 0);
            }
        }
        Ok(stored)
    }

    fn varint(&mut self) -> Result<u64, DecodeWeightsError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.take(1)?[0];
            value |= u64::from(byte & 0x7F) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(DecodeWeightsError::Corrupt)
    }
}

/// The weights trained for this engine (see the module documentation of
/// [`super`] for how they were made), decoded on first use.
pub fn shipped() -> &'static Weights {
    static SHIPPED: LazyLock<Weights> = LazyLock::new(|| {
        Weights::decode(include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/othello-eval.bin"
        )))
        .expect("the shipped weights match the code")
    });
    &SHIPPED
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn random_weights(seed: u64) -> Weights {
        let mut rng = Rng::new(seed);
        let values: Vec<f64> = (0..PHASES * TABLE_LEN)
            .map(|_| match rng.below(4) {
                // Mostly zeros, as in trained weights, with a few big ones.
                0 | 1 => 0.0,
                2 => rng.gaussian() * 3.0,
                _ => rng.gaussian() * 150.0,
            })
            .collect();
        Weights::from_canonical(4, |phase, index| values[phase * TABLE_LEN + index])
    }

    #[test]
    fn phases_cut_the_game_in_stretches_of_five_empties() {
        assert_eq!(phase_of(60), 0);
        assert_eq!(phase_of(56), 0);
        assert_eq!(phase_of(55), 1);
        assert_eq!(phase_of(5), 11);
        assert_eq!(phase_of(1), 11);
        assert_eq!(phase_of(0), 11);
    }

    #[test]
    fn encoding_round_trips() {
        let weights = random_weights(3);
        let bytes = weights.encode();
        let decoded = Weights::decode(&bytes).unwrap();
        assert_eq!(decoded, weights);
        assert_eq!(decoded.encode(), bytes);
        let zero = Weights::zero(2);
        let bytes = zero.encode();
        let masks = &bytes[bytes.len() - STORED.len()..];
        assert!(masks.iter().all(|&b| b == 0), "zero weights are masks only");
        assert_eq!(Weights::decode(&bytes).unwrap(), zero);
    }

    /// Version 1's encoder, to check that its files are still read.
    fn encode_v1(weights: &Weights) -> Vec<u8> {
        let mut out = weights.encode()[..8].to_vec();
        out[4] = VERSION_1;
        for size in table_sizes() {
            write_varint(&mut out, size as u64);
        }
        let mut zeros = 0u64;
        let flush = |out: &mut Vec<u8>, zeros: &mut u64| {
            if *zeros > 0 {
                write_varint(out, 0);
                write_varint(out, *zeros - 1);
                *zeros = 0;
            }
        };
        for phase in 0..PHASES {
            for &index in STORED.iter() {
                let value = i64::from(weights.table(phase)[index as usize]);
                if value == 0 {
                    zeros += 1;
                    continue;
                }
                flush(&mut out, &mut zeros);
                write_varint(&mut out, ((value << 1) ^ (value >> 63)) as u64);
            }
        }
        flush(&mut out, &mut zeros);
        out
    }

    /// Version 2's encoder, to check that its files are still read.
    fn encode_v2(weights: &Weights) -> Vec<u8> {
        let mut out = weights.encode()[..8].to_vec();
        out[4] = VERSION_2;
        for size in table_sizes() {
            write_varint(&mut out, size as u64);
        }
        let (mut runs, mut values, mut zeros, mut count) = (Vec::new(), Vec::new(), 0u64, 0u64);
        for phase in 0..PHASES {
            for &index in STORED.iter() {
                let value = weights.table(phase)[index as usize];
                if value == 0 {
                    zeros += 1;
                    continue;
                }
                write_varint(&mut runs, zeros);
                zeros = 0;
                count += 1;
                write_number(&mut values, value);
            }
        }
        write_varint(&mut runs, zeros);
        write_varint(&mut out, count);
        out.extend(runs);
        out.extend(values);
        out
    }

    #[test]
    fn version_2_files_are_still_read() {
        for seed in [1, 2, 3] {
            let weights = random_weights(seed);
            assert_eq!(Weights::decode(&encode_v2(&weights)).unwrap(), weights);
        }
        let zero = Weights::zero(4);
        assert_eq!(Weights::decode(&encode_v2(&zero)).unwrap(), zero);
    }

    #[test]
    fn steps_between_the_extremes_wrap_and_round_trip() {
        let weights = Weights::from_canonical(1, |phase, index| {
            let sign = if (phase + index) % 2 == 0 { 1.0 } else { -1.0 };
            sign * 1000.0
        });
        assert_eq!(weights.table(0)[0].unsigned_abs(), 32768 - 1);
        assert_eq!(Weights::decode(&weights.encode()).unwrap(), weights);
    }

    #[test]
    fn a_last_weight_of_zero_is_refused() {
        let mut bytes = Weights::zero(4).encode();
        let masks = bytes.len() - STORED.len();
        bytes[masks] = 1 + 12 * 11 + 11;
        bytes.push(0);
        assert_eq!(Weights::decode(&bytes), Err(DecodeWeightsError::Corrupt));
        *bytes.last_mut().unwrap() = 5;
        assert_eq!(
            Weights::decode(&bytes).unwrap().table(11)[STORED[0] as usize],
            5
        );
    }

    #[test]
    fn masks_of_no_stretch_and_of_phases_past_the_last_are_refused() {
        let zero = Weights::zero(4).encode();
        let masks = zero.len() - STORED.len();
        for mask in [
            vec![1 + 12 * 5 + 3],
            vec![145],
            vec![0xFE],
            vec![MASK, 0, 0x10],
            vec![MASK, 0, 0],
        ] {
            let mut bytes = zero[..masks].to_vec();
            bytes.extend(&mask);
            bytes.extend(&zero[masks + 1..]);
            assert_eq!(
                Weights::decode(&bytes),
                Err(DecodeWeightsError::Corrupt),
                "{mask:?}"
            );
        }
    }

    #[test]
    fn version_1_files_are_still_read() {
        for seed in [1, 2, 3] {
            let weights = random_weights(seed);
            let old = encode_v1(&weights);
            assert_eq!(Weights::decode(&old).unwrap(), weights);
        }
        let zero = Weights::zero(4);
        assert_eq!(Weights::decode(&encode_v1(&zero)).unwrap(), zero);
    }

    #[test]
    #[ignore = "rewrites data/othello-eval.bin in the current format"]
    fn rewrite_the_shipped_file() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/othello-eval.bin");
        let weights = Weights::decode(&std::fs::read(path).unwrap()).unwrap();
        std::fs::write(path, weights.encode()).unwrap();
        if let Ok(old) = std::env::var("OLD_WEIGHTS") {
            assert_eq!(
                Weights::decode(&std::fs::read(old).unwrap()).unwrap(),
                weights
            );
        }
    }

    #[test]
    fn shared_entries_hold_the_same_weight() {
        let weights = random_weights(4);
        for phase in [0, 7] {
            let table = weights.table(phase);
            for (index, &canonical) in CANONICAL.iter().enumerate() {
                assert_eq!(table[index], table[canonical as usize]);
            }
        }
    }

    #[test]
    fn damaged_files_are_refused() {
        let bytes = random_weights(5).encode();
        assert_eq!(
            Weights::decode(b"nope"),
            Err(DecodeWeightsError::NotWeights)
        );
        assert_eq!(
            Weights::decode(&bytes[..bytes.len() - 1]),
            Err(DecodeWeightsError::Truncated)
        );
        let mut longer = bytes.clone();
        longer.push(1);
        assert_eq!(
            Weights::decode(&longer),
            Err(DecodeWeightsError::TrailingBytes)
        );
        let mut other_version = bytes.clone();
        other_version[4] = 9;
        assert_eq!(
            Weights::decode(&other_version),
            Err(DecodeWeightsError::Version(9))
        );
        let mut other_phases = bytes;
        other_phases[5] = 3;
        assert_eq!(
            Weights::decode(&other_phases),
            Err(DecodeWeightsError::Layout)
        );
    }

    #[test]
    fn the_shipped_weights_decode() {
        let _ = shipped();
    }
}
