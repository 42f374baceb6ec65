//! How many search workers a page runs and how big their tables are: the
//! browser's parallel analysis (each worker scores its
//! [`RootShare`](crate::engine::search::RootShare) of the root with tables
//! of its own) within one memory budget for all their tables together.
//! Plain arithmetic on what the browser says about the device, compiled
//! everywhere so that it is tested natively.

use super::TABLE_BITS;

/// The most workers a page runs, whatever the device has.
pub const MAX_WORKERS: usize = 8;
/// Bytes a worker's Othello analyzer needs per 2^bits: two tables (the
/// midgame search's and the solver's) of 16-byte entries.
const BYTES_PER_ENTRY: u64 = 2 * 16;
/// The smallest tables worth a worker (2 MB): below this a worker's
/// searches lose more to a small table than the extra core gives.
const MIN_TABLE_BITS: u32 = 16;

/// The workers and each one's tables (2^`table_bits` entries each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolSize {
    /// How many workers (1 to [`MAX_WORKERS`]).
    pub workers: usize,
    /// Each worker's table size.
    pub table_bits: u32,
}

/// The workers by default: one core for the page, the others searching
/// (`navigator.hardwareConcurrency` − 1), at least 1, at most
/// [`MAX_WORKERS`]; 1 where the browser does not say.
pub fn default_workers(hardware_concurrency: Option<u32>) -> usize {
    let cores = hardware_concurrency.unwrap_or(1) as usize;
    cores.saturating_sub(1).clamp(1, MAX_WORKERS)
}

/// The memory for all the workers' tables together, in bytes: 32 MB per
/// GB the device has (`navigator.deviceMemory`, which browsers round down
/// and cap at 8), from 32 MB (one worker's tables as before: a phone is
/// never asked for more) to 256 MB; 128 MB where the browser does not say
/// (Safari and Firefox, phones among them).
pub fn table_budget_bytes(device_memory_gb: Option<f64>) -> u64 {
    const MB: u64 = 1 << 20;
    match device_memory_gb {
        Some(gb) if gb.is_finite() => ((gb.max(0.0) * 32.0) as u64).clamp(32, 256) * MB,
        _ => 128 * MB,
    }
}

/// The pool for a page: `chosen` workers (the setting; the default when
/// unset), clamped to 1–[`MAX_WORKERS`], each with the largest tables
/// (at most the single worker's 2^[`TABLE_BITS`]) that keep all of them
/// within [`table_budget_bytes`]; fewer workers where even the smallest
/// tables would not fit.
pub fn pool_size(
    chosen: Option<usize>,
    hardware_concurrency: Option<u32>,
    device_memory_gb: Option<f64>,
) -> PoolSize {
    let budget = table_budget_bytes(device_memory_gb);
    let wanted = chosen
        .unwrap_or_else(|| default_workers(hardware_concurrency))
        .clamp(1, MAX_WORKERS);
    let fits = |workers: usize, bits: u32| workers as u64 * (BYTES_PER_ENTRY << bits) <= budget;
    let workers = (1..=wanted)
        .rev()
        .find(|&w| fits(w, MIN_TABLE_BITS))
        .unwrap_or(1);
    let table_bits = (MIN_TABLE_BITS..=TABLE_BITS)
        .rev()
        .find(|&bits| fits(workers, bits))
        .unwrap_or(MIN_TABLE_BITS);
    PoolSize {
        workers,
        table_bits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table_bytes(pool: PoolSize) -> u64 {
        pool.workers as u64 * (BYTES_PER_ENTRY << pool.table_bits)
    }

    #[test]
    fn the_default_leaves_a_core_to_the_page() {
        assert_eq!(default_workers(None), 1);
        assert_eq!(default_workers(Some(0)), 1);
        assert_eq!(default_workers(Some(1)), 1);
        assert_eq!(default_workers(Some(2)), 1);
        assert_eq!(default_workers(Some(4)), 3);
        assert_eq!(default_workers(Some(16)), MAX_WORKERS);
    }

    #[test]
    fn all_the_tables_stay_within_the_budget() {
        for memory in [
            None,
            Some(0.25),
            Some(0.5),
            Some(1.0),
            Some(2.0),
            Some(4.0),
            Some(8.0),
        ] {
            for cores in [None, Some(1), Some(2), Some(4), Some(8), Some(64)] {
                for chosen in [None, Some(0), Some(1), Some(2), Some(5), Some(8), Some(100)] {
                    let pool = pool_size(chosen, cores, memory);
                    assert!((1..=MAX_WORKERS).contains(&pool.workers), "{pool:?}");
                    assert!((MIN_TABLE_BITS..=TABLE_BITS).contains(&pool.table_bits));
                    assert!(table_bytes(pool) <= table_budget_bytes(memory), "{pool:?}");
                }
            }
        }
    }

    #[test]
    fn a_desktop_gives_every_worker_the_single_worker_s_tables() {
        let pool = pool_size(None, Some(16), Some(8.0));
        assert_eq!(
            pool,
            PoolSize {
                workers: 8,
                table_bits: TABLE_BITS
            }
        );
        assert_eq!(table_bytes(pool), 256 << 20);
        // One worker keeps its tables on any device.
        assert_eq!(pool_size(Some(1), None, Some(0.5)).table_bits, TABLE_BITS);
    }

    #[test]
    fn a_small_phone_gets_smaller_tables_not_more_memory() {
        let pool = pool_size(Some(4), Some(8), Some(1.0));
        assert_eq!(pool.workers, 4);
        assert_eq!(pool.table_bits, 18);
        assert_eq!(table_bytes(pool), 32 << 20);
        assert_eq!(table_budget_bytes(Some(f64::NAN)), 128 << 20);
    }
}
