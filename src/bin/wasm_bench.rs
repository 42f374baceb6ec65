//! The engine's benchmarks compiled to wasm, for `make bench-wasm`: the
//! same code the web worker runs, called from Node (`tests/bench/wasm.mjs`
//! times each call), so native and wasm speeds compare on one machine.

#[cfg(target_arch = "wasm32")]
mod exports {
    use mind_sports::engine::clock::ManualClock;
    use mind_sports::engine::othello::ffo;
    use mind_sports::engine::othello::perft::perft;
    use mind_sports::engine::othello::{Analyzer, Position, Rules};
    use mind_sports::engine::search::{Budget, Limits};
    use std::cell::RefCell;
    use wasm_bindgen::prelude::*;

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

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("this benchmark runs in wasm: `make bench-wasm`");
    std::process::exit(2);
}
