//! The shared search playing Opok: it agrees with plain minimax, and on 3×3
//! the strongest level plays perfectly (checked against an independent
//! memoised solver of the whole game).
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use mind_sports_engine::clock::ManualClock;
use mind_sports_engine::game::Game;
use mind_sports_engine::opok::game::OpokEvaluator;
use mind_sports_engine::opok::levels::choose_move;
use mind_sports_engine::opok::{Geometry, Level, Move, Position};
use mind_sports_engine::rng::Rng;
use mind_sports_engine::search::{reference, Budget, Limits, Searcher};
use mind_sports_engine::strength::ThinkTime;

/// The exact result (occupied squares, side to move minus opponent) by
/// memoised negamax over every position of the game.
fn solve(position: &Position, memo: &mut HashMap<Position, i32>) -> i32 {
    if let Some(&v) = memo.get(position) {
        return v;
    }
    let moves = position.moves();
    let value = if moves.is_empty() {
        let side = position.side_to_move();
        position.score(side) as i32 - position.score(side.opponent()) as i32
    } else {
        moves
            .iter()
            .map(|&m| -solve(&position.play(m), memo))
            .max()
            .unwrap()
    };
    memo.insert(*position, value);
    value
}

#[test]
fn the_strongest_level_plays_3x3_perfectly() {
    let start = Position::start(Geometry::new(3).unwrap());
    let mut memo = HashMap::new();
    let value = solve(&start, &mut memo);
    assert_eq!(value, 3, "Circles win 3×3 by three squares");
    let optimal: Vec<Move> = start
        .moves()
        .into_iter()
        .filter(|&m| -solve(&start.play(m), &mut memo) == value)
        .collect();

    let clock = ManualClock::new();
    let mut searcher = Searcher::new(16, OpokEvaluator);
    let result = searcher.search(&start, &Budget::new(Limits::default(), &clock), &mut |_| {});
    assert!(result.exact);
    assert_eq!(result.score, 100 * value);
    assert!(
        optimal.contains(&result.best.unwrap()),
        "{:?} not in {optimal:?}",
        result.best
    );

    // The strongest level keeps playing perfectly for either side: along a
    // whole game its every move keeps the value.
    let mut position = start;
    let mut rng = Rng::new(1);
    while !position.is_over() {
        let before = solve(&position, &mut memo);
        let choice = choose_move(
            &mut searcher,
            &position,
            Level::MAX,
            ThinkTime::new(1000.0),
            &clock,
            &mut rng,
            &mut |_| {},
        );
        let next = position.play(choice.best.unwrap());
        assert_eq!(
            -solve(&next, &mut memo),
            before,
            "a mistake at {position:?}"
        );
        position = next;
    }
}

#[test]
fn search_value_equals_minimax_on_random_positions() {
    let clock = ManualClock::new();
    let mut rng = Rng::new(5);
    let mut checked = 0;
    for (n, max_depth) in [(3u8, 4u64), (4, 3), (5, 2)] {
        for _ in 0..25 {
            let mut p = Position::start(Geometry::new(n).unwrap());
            for _ in 0..rng.below(10) {
                let moves = p.moves();
                match rng.choose(&moves) {
                    Some(&m) => p = p.play(m),
                    None => break,
                }
            }
            if p.is_over() {
                continue;
            }
            let depth = 1 + rng.below(max_depth) as u32;
            let mut searcher = Searcher::new(14, OpokEvaluator);
            let result =
                searcher.search(&p, &Budget::new(Limits::depth(depth), &clock), &mut |_| {});
            let expected = reference::minimax(&p, &OpokEvaluator, depth);
            assert_eq!(result.score, expected, "{p:?} depth {depth}");
            let best = result.best.unwrap();
            let child_depth = if p.is_pass(best) { depth } else { depth - 1 };
            assert_eq!(
                -reference::minimax(&p.play(best), &OpokEvaluator, child_depth),
                expected
            );
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked}");
}

#[test]
fn every_level_plays_a_legal_move_on_every_size() {
    let clock = mind_sports_engine::clock::SystemClock::new();
    let mut rng = Rng::new(3);
    for n in [3, 6, 9] {
        let start = Position::start(Geometry::new(n).unwrap());
        let mut searcher = Searcher::new(14, OpokEvaluator);
        for level in Level::all() {
            let choice = choose_move(
                &mut searcher,
                &start,
                level,
                ThinkTime::new(50.0),
                &clock,
                &mut rng,
                &mut |_| {},
            );
            assert!(
                start.try_play(choice.best.unwrap()).is_ok(),
                "{n}×{n} level {}",
                level.number()
            );
        }
    }
}
