//! The generic search's threads (`search::parallel`) on Othello: the
//! game the search's own tests cannot name, as the search sits below every
//! game.

use crate::clock::ManualClock;
use crate::othello::eval::Evaluator;
use crate::othello::notation::replay_from_start;
use crate::othello::{Position, Rules};
use crate::search::{Budget, Limits, Searcher};

#[test]
fn a_parallel_search_to_the_end_finds_the_exact_value() {
    // 14 empties: depth 14 reaches the end, so every thread count
    // must agree on the value (ProbCut off: a plain search is exact).
    let mut rng = crate::rng::Rng::new(5);
    let clock = ManualClock::new();
    for _ in 0..4 {
        let mut p = Position::start(Rules::default());
        while p.empties().count_ones() > 14 && !p.is_over() {
            p = p.play(*rng.choose(&p.moves()).unwrap());
        }
        if p.is_over() {
            continue;
        }
        let mut values = Vec::new();
        for threads in [1, 2, 3] {
            let mut searcher = Searcher::<Position, _>::new(16, Evaluator::Standard);
            searcher.set_threads(threads);
            let budget = Budget::new(Limits::depth(14), &clock);
            let result = searcher.search_on_threads(&p, &budget, &mut |_| {});
            assert!(result.exact);
            values.push(result.score);
        }
        assert!(
            values.windows(2).all(|w| w[0] == w[1]),
            "{values:?} in {p:?}"
        );
    }
}

#[test]
fn progress_counts_every_thread_s_nodes() {
    let position = replay_from_start(Rules::default(), "f5d6c3d3c4f4")
        .unwrap()
        .last();
    let clock = ManualClock::new();
    let mut searcher = Searcher::<Position, _>::new(18, Evaluator::Standard);
    searcher.set_threads(2);
    searcher.set_selective(true);
    let mut reported = Vec::new();
    let result = searcher.search_on_threads(
        &position,
        &Budget::new(Limits::depth(9), &clock),
        &mut |p| reported.push(p.nodes),
    );
    assert_eq!(result.depth, 9);
    assert!(reported.windows(2).all(|w| w[0] <= w[1]), "{reported:?}");
    assert!(result.nodes >= *reported.last().unwrap());
}
