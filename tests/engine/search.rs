//! The shared search against plain minimax, and the Othello analyzer and
//! endgame solver against known results.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use mind_sports_engine::clock::ManualClock;
use mind_sports_engine::game::Game;
use mind_sports_engine::othello::eval::{Evaluator, DISC};
use mind_sports_engine::othello::{Analyzer, BoardSize, Position, Rules, Variant};
use mind_sports_engine::rng::Rng;
use mind_sports_engine::search::{reference, Budget, Limits, Searcher};

fn random_position(rules: Rules, plies: u64, rng: &mut Rng) -> Position {
    let mut p = Position::start(rules);
    for _ in 0..plies {
        let moves = p.moves();
        match rng.choose(&moves) {
            Some(&m) => p = p.play(m),
            None => break,
        }
    }
    p
}

#[test]
fn search_value_equals_minimax_on_random_positions() {
    let clock = ManualClock::new();
    let mut rng = Rng::new(77);
    let mut checked = 0;
    for (size, variant, max_depth) in [
        (BoardSize::Four, Variant::Standard, 6),
        (BoardSize::Six, Variant::Standard, 4),
        (BoardSize::Six, Variant::Anti, 4),
        (BoardSize::Eight, Variant::Standard, 4),
        (BoardSize::Eight, Variant::Reversi, 4),
    ] {
        let rules = Rules::new(size, variant);
        for _ in 0..40 {
            let plies = rng.below(u64::from(size.squares()) - 4);
            let position = random_position(rules, plies, &mut rng);
            let depth = 1 + rng.below(max_depth) as u32;
            let mut searcher = Searcher::new(12, Evaluator::Standard);
            let result = searcher.search(
                &position,
                &Budget::new(Limits::depth(depth), &clock),
                &mut |_| {},
            );
            let expected = reference::minimax(&position, &Evaluator::Standard, depth);
            if position.is_over() {
                assert_eq!(result.best, None);
                assert_eq!(result.score, position.final_score());
                continue;
            }
            assert_eq!(result.score, expected, "depth {depth} {position:?}");
            // The move returned really has that value.
            let best = result.best.unwrap();
            let child_depth = if position.is_pass(best) {
                depth
            } else {
                depth - 1
            };
            assert_eq!(
                -reference::minimax(&position.play(best), &Evaluator::Standard, child_depth),
                expected
            );
            checked += 1;
        }
    }
    assert!(checked > 150, "only {checked} positions checked");
}

#[test]
fn progress_is_reported_for_every_completed_depth() {
    let clock = ManualClock::new();
    let mut searcher = Searcher::new(14, Evaluator::Standard);
    let mut depths = Vec::new();
    let result = searcher.search(
        &Position::start(Rules::default()),
        &Budget::new(Limits::depth(5), &clock),
        &mut |p| {
            assert_eq!(p.pv.first(), Some(&p.best));
            depths.push(p.depth);
        },
    );
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    assert_eq!(result.depth, 5);
    assert_eq!(result.pv.len(), 5);
}

#[test]
fn a_node_limit_stops_the_search_with_the_last_completed_depth() {
    let clock = ManualClock::new();
    let mut searcher = Searcher::new(14, Evaluator::Standard);
    let mut last = 0;
    let result = searcher.search(
        &Position::start(Rules::default()),
        &Budget::new(Limits::nodes(20_000), &clock),
        &mut |p| last = p.depth,
    );
    assert!(result.depth >= 3);
    assert_eq!(result.depth, last);
    assert!(result.nodes <= 21_000);
    assert!(result.best.is_some());
}

#[test]
fn a_raised_stop_flag_still_gives_a_legal_move() {
    let clock = ManualClock::new();
    let stop = std::sync::atomic::AtomicBool::new(true);
    let mut searcher = Searcher::new(10, Evaluator::Standard);
    let position = Position::start(Rules::default());
    let result = searcher.search(
        &position,
        &Budget::new(Limits::default(), &clock).with_stop(&stop),
        &mut |_| {},
    );
    assert!(position.moves().contains(&result.best.unwrap()));
}

#[test]
fn the_analyzer_finds_the_exact_result_of_ffo_40() {
    let clock = ManualClock::new();
    let position = mind_sports_engine::othello::notation::parse_board(
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        Variant::Standard,
    )
    .unwrap();
    let mut analyzer = Analyzer::new(20);
    let result = analyzer.analyse(
        &position,
        &Budget::new(Limits::depth(20), &clock),
        &mut |_| {},
    );
    assert!(result.exact);
    assert_eq!(result.score, 38 * DISC);
    assert_eq!(result.best.map(|m| m.to_string()).as_deref(), Some("a2"));
}

#[test]
fn the_solver_matches_every_ffo_position_up_to_22_empties() {
    // FFO #1-#42: the fast part of the suite; `engine bench --full` runs
    // #40-#49 (20-26 empties).
    let clock = ManualClock::new();
    let mut analyzer = Analyzer::new(20);
    let mut solved = 0;
    for case in mind_sports_engine::othello::ffo::positions() {
        if case.position.empties().count_ones() > 22 {
            continue;
        }
        let solution = analyzer
            .solve(&case.position, &Budget::new(Limits::default(), &clock))
            .unwrap();
        assert_eq!(solution.score, case.best_score, "FFO #{}", case.number);
        let best = solution.best.unwrap().to_string();
        assert!(
            case.best_moves.contains(&best),
            "FFO #{}: {best} not in {:?}",
            case.number,
            case.best_moves
        );
        // The principal variation is a whole game ending in that score.
        let mut end = case.position;
        for &mv in &solution.pv {
            end = end.try_play(mv).expect("a legal principal variation");
        }
        assert!(end.is_over(), "FFO #{}: the line stops early", case.number);
        let sign = if end.side_to_move() == case.position.side_to_move() {
            1
        } else {
            -1
        };
        assert_eq!(
            sign * end.final_disc_score(),
            solution.score,
            "FFO #{}",
            case.number
        );
        solved += 1;
    }
    assert!(solved >= 23, "{solved}");
}

/// 30 positions of 14 to 20 empties from seeded random games, none over
/// or with a pass to make: more of the quick small ones (7 of 14 empties
/// down to 2 of 20), so that the test takes seconds.
fn random_endgames() -> Vec<Position> {
    let mut rng = Rng::new(3030);
    let mut positions = Vec::new();
    for (empties, count) in (14..=20).zip([7, 6, 5, 4, 4, 2, 2]) {
        let mut found = 0;
        while found < count {
            let mut p = Position::start(Rules::default());
            while p.empties().count_ones() > empties {
                match rng.choose(&p.moves()) {
                    Some(&m) => p = p.play(m),
                    None => break,
                }
            }
            if !p.is_over() && !p.must_pass() {
                positions.push(p);
                found += 1;
            }
        }
    }
    positions
}

#[test]
fn two_threads_solve_30_random_endgames_as_one_does() {
    // The analyzer's whole solve (its lazy-SMP estimate, then the YBWC
    // solver) on 2 threads against 1: the same exact score, and the move
    // the parallel solve names is worth that score (when it differs from
    // the single thread's, its position is solved again). FFO #40-#44 on
    // 2 and 3 threads: the solver's own tests (othello::endgame::parallel).
    let clock = ManualClock::new();
    let budget = Budget::new(Limits::default(), &clock);
    let mut one = Analyzer::new(18);
    let mut two = Analyzer::new(18).with_threads(2);
    assert_eq!(two.threads(), 2);
    let positions = random_endgames();
    assert_eq!(positions.len(), 30);
    for position in positions {
        one.clear();
        two.clear();
        let single = one.solve(&position, &budget).unwrap();
        let parallel = two.solve(&position, &budget).unwrap();
        assert_eq!(parallel.score, single.score, "{position:?}");
        let best = parallel.best.expect("a move to make");
        assert!(position.moves().contains(&best), "{position:?}");
        if Some(best) == single.best {
            continue;
        }
        let child = position.play(best);
        let after = one.solve(&child, &budget).unwrap().score;
        let value = if child.side_to_move() == position.side_to_move() {
            after
        } else {
            -after
        };
        assert_eq!(value, single.score, "{position:?}: {best}");
    }
}

#[test]
fn small_boards_have_their_known_results() {
    // With perfect play white wins 4×4 (6×6, also a white win, takes
    // minutes to solve: see `engine bench`). The principal variation is a
    // whole game whose result is the score.
    let clock = ManualClock::new();
    let mut analyzer = Analyzer::new(20);
    let four = analyzer
        .solve(
            &Position::start(Rules::new(BoardSize::Four, Variant::Standard)),
            &Budget::new(Limits::default(), &clock),
        )
        .unwrap();
    assert!(four.score < 0, "4×4 score for black {}", four.score);
    let mut p = Position::start(Rules::new(BoardSize::Four, Variant::Standard));
    for mv in &four.pv {
        p = p.play(*mv);
    }
    assert!(p.is_over());
    assert_eq!(
        p.final_disc_score(),
        if p.side_to_move() == mind_sports_engine::othello::Color::Black {
            four.score
        } else {
            -four.score
        }
    );
}

#[test]
fn a_timed_analysis_reports_each_selective_solve_with_its_confidence() {
    // With a time limit the solver climbs from its loosest selective
    // level to exact. The clock jumps 20 s once the midgame search that
    // runs first reaches depth 8 (which ends it: it has 30% of 60 s), then
    // stands still, so every rung of the ladder finishes and reports.
    let clock = ManualClock::new();
    let case = mind_sports_engine::othello::ffo::positions()
        .find(|case| case.number == 41)
        .unwrap();
    assert_eq!(case.position.empties().count_ones(), 22);
    let mut analyzer = Analyzer::new(20);
    let mut reports = Vec::new();
    let result = analyzer.analyse_with_exact(
        &case.position,
        &Budget::new(Limits::time_ms(60_000.0), &clock),
        22,
        &mut |p| {
            if reports.is_empty() && p.depth >= 8 {
                clock.advance(20_000.0);
            }
            if p.depth >= 8 {
                reports.push((p.depth, p.exact, p.confidence));
            }
        },
    );
    assert_eq!(
        reports,
        [
            (8, false, None),
            (22, false, Some(86)),
            (22, false, Some(93)),
            (22, false, Some(97)),
            (22, false, Some(99)),
            (22, true, None),
        ]
    );
    assert!(result.exact && result.confidence.is_none());
    assert_eq!(result.score, case.best_score * DISC);
}
