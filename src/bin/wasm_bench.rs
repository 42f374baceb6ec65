//! The engine's benchmarks compiled to wasm, for `make bench-wasm`: the
//! same code the web worker runs, called from Node (`tests/bench/wasm.mjs`
//! times each call), so native and wasm speeds compare on one machine.
//!
//! Run natively (`cargo run --release --bin wasm-bench`), it times the
//! memory microbenchmark of [`probes`], which `tests/bench/wasm.mjs
//! --probes` times in wasm: what bounds the wasm/native ratio of the exact
//! solver (docs/strength.md, issue 30).

#[cfg(target_arch = "wasm32")]
mod exports {
    use mind_sports_web::engine::clock::ManualClock;
    use mind_sports_web::engine::othello::ffo;
    use mind_sports_web::engine::othello::perft::perft;
    use mind_sports_web::engine::othello::{Analyzer, Position, Rules};
    use mind_sports_web::engine::search::{Budget, Limits};
    use std::cell::RefCell;
    use wasm_bindgen::prelude::*;

    /// A table for [`probe_table`], filled: 4 KiB pages in wasm whatever
    /// is asked (the browser decides).
    #[wasm_bindgen]
    pub fn probe_table_fill() {
        PROBE_TABLE.with_borrow_mut(|table| *table = super::probes::table(true));
    }

    thread_local! {
        static PROBE_TABLE: RefCell<Vec<[u64; 2]>> = const { RefCell::new(Vec::new()) };
    }

    /// [`super::probes::chase`] on the table of [`probe_table_fill`]: its
    /// checksum modulo 1000, as natively printed.
    #[wasm_bindgen]
    pub fn probe_table(count: u32, prefetch: bool, zero: u32) -> u32 {
        PROBE_TABLE.with_borrow(|table| {
            (super::probes::chase(table, count, prefetch, u64::from(zero)) % 1000) as u32
        })
    }

    /// Leaves of the move tree from the start, `depth` plies deep (as a
    /// float: JavaScript numbers are exact to 2^53).
    #[wasm_bindgen]
    pub fn perft_start(depth: u32) -> f64 {
        perft(&Position::start(Rules::default()), depth) as f64
    }

    thread_local! {
        /// The analyzer and its table size: allocated once and cleared
        /// for each position, as `engine bench` does natively (and the
        /// worker keeps its tables between requests).
        static ANALYZER: RefCell<Option<(u32, Analyzer)>> = const { RefCell::new(None) };
    }

    /// Allocates the analyzer's tables of `2^table_bits` entries before
    /// the timed solves, as `engine bench` does.
    #[wasm_bindgen]
    pub fn allocate_tables(table_bits: u32) {
        ANALYZER.with_borrow_mut(|slot| {
            *slot = None;
            *slot = Some((table_bits, Analyzer::new(table_bits)));
        });
    }

    /// Solves FFO position `number` exactly with a table of
    /// `2^table_bits` entries, from cleared tables; returns "best score
    /// nodes known-score first-listed-move", or an error message.
    #[wasm_bindgen]
    pub fn solve_ffo(number: u32, table_bits: u32) -> String {
        let Some(ffo) = ffo::positions().find(|p| p.number == number) else {
            return format!("error: there is no FFO #{number}");
        };
        ANALYZER.with_borrow_mut(|slot| {
            if slot.as_ref().is_none_or(|(bits, _)| *bits != table_bits) {
                *slot = None;
                *slot = Some((table_bits, Analyzer::new(table_bits)));
            }
            let (_, analyzer) = slot.as_mut().expect("allocated above");
            analyzer.clear();
            solve(analyzer, &ffo)
        })
    }

    /// The solution of `ffo`, as [`solve_ffo`] returns it.
    fn solve(analyzer: &mut Analyzer, ffo: &ffo::FfoPosition) -> String {
        let clock = ManualClock::new();
        match analyzer.solve(&ffo.position, &Budget::new(Limits::default(), &clock)) {
            Some(solution) => format!(
                "{} {} {} {} {}",
                solution.best.map(|m| m.to_string()).unwrap_or_default(),
                solution.score,
                solution.nodes,
                ffo.best_score,
                ffo.move_scores[0].0
            ),
            None => "error: not solved".into(),
        }
    }
}

/// The memory microbenchmark: serial reads at random places in a table of
/// the solver's size (2^22 entries of 16 bytes, 64 MiB, as `engine bench`
/// and the wasm bench use), each read's address depending on the one
/// before, as the solver's probe at a node waits for its slot. Natively
/// the solver has two aids wasm lacks: 2 MiB pages (a random read then
/// seldom misses the TLB; a wasm memory has the browser's 4 KiB pages) and
/// prefetching its children's slots (wasm has no prefetch instruction).
/// Each is measured on and off.
mod probes {
    use mind_sports_web::engine::hashing::mix;
    use mind_sports_web::engine::table_memory;

    /// The table's size, as `engine bench --ffo` sizes the solver's.
    const BITS: u32 = 22;
    /// How many reads ahead a prefetch is issued.
    const AHEAD: u64 = 4;

    /// A table of random entries; on 2 MiB pages natively when
    /// `huge_pages` (as the solver's tables are).
    pub fn table(huge_pages: bool) -> Vec<[u64; 2]> {
        let len = 1usize << BITS;
        let mut i = 0;
        let mut next = move || {
            i += 1;
            [mix(i), i]
        };
        #[cfg(not(target_arch = "wasm32"))]
        if huge_pages {
            return table_memory::table_vec_with(len, next);
        }
        let _ = huge_pages;
        (0..len).map(|_| next()).collect()
    }

    /// `count` reads at random entries, each address depending on what
    /// the read before found (through `zero`, which is 0 at run time but
    /// unknown to the compiler), so no two overlap; with `prefetch`, each
    /// entry is prefetched `AHEAD` reads before (natively; a no-op in
    /// wasm, which has no such instruction). Returns a checksum.
    pub fn chase(table: &[[u64; 2]], count: u32, prefetch: bool, zero: u64) -> u64 {
        let mask = table.len() - 1;
        let index = |i: u64| mix(i) as usize & mask;
        let mut last = 0u64;
        let mut sum = 0u64;
        for i in 0..u64::from(count) {
            if prefetch {
                table_memory::prefetch(table, index(i + AHEAD));
            }
            last = table[(index(i) ^ (last & zero) as usize) & mask][0];
            sum = sum.wrapping_add(last);
        }
        sum
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}

/// Natively: the memory microbenchmark, in nanoseconds a read.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    const COUNT: u32 = 20_000_000;
    let zero = std::hint::black_box(0);
    for huge_pages in [true, false] {
        let table = probes::table(huge_pages);
        for prefetch in [false, true] {
            let start = std::time::Instant::now();
            let sum = probes::chase(&table, COUNT, prefetch, zero);
            let ns = start.elapsed().as_secs_f64() * 1e9 / f64::from(COUNT);
            println!(
                "native, {} pages, {}: {ns:.1} ns a read (checksum {})",
                if huge_pages { "2 MiB" } else { "4 KiB" },
                if prefetch {
                    "prefetched"
                } else {
                    "no prefetch"
                },
                sum % 1000
            );
        }
    }
}
