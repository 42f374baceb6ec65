//! Opok rules: the capture diagrams of RULES.md, move counts and perft
//! checked against a deliberately naive path-enumerating generator, and
//! random games that keep every invariant and always end.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashSet;

use mind_sports_engine::game::Game;
use mind_sports_engine::opok::notation::{parse_position, position_text};
use mind_sports_engine::opok::{Geometry, Move, Position, Side, Square};
use mind_sports_engine::rng::Rng;
use mind_sports_engine::search::reference::perft;

// ---------------------------------------------------------------------------
// Capture diagrams

/// Builds a 9×9 position with the line of stacks `line` (tokens `A<h>` for
/// the mover, Circles; `D<h>` for the defender; `.` for a gap) laid out from
/// square (3, 4) rightwards (or downwards when `vertical`). The first token
/// is the landing stack: Circles bring it there with a straight walk of
/// exactly h steps from a stack of height h + 1. Returns the position before
/// the move, the move, and the defender's squares.
fn diagram(line: &str, vertical: bool) -> (Position, Move, Vec<Square>) {
    let g = Geometry::new(9).unwrap();
    let mut cells = vec![vec![".".to_string(); 9]; 9];
    cells[0][0] = "c1".into();
    cells[8][8] = "s1".into();
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let (x0, y0) = (3usize, 4usize);
    let at = |i: usize| if vertical { (x0, y0 + i) } else { (x0 + i, y0) };
    let mut defenders = Vec::new();
    let landing_height: usize = tokens[0][1..].parse().unwrap();
    for (i, token) in tokens.iter().enumerate().skip(1) {
        let (x, y) = at(i);
        match &token[..1] {
            "A" => cells[y][x] = format!("c{}", &token[1..]),
            "D" => {
                cells[y][x] = format!("s{}", &token[1..]);
                defenders.push(g.square(x as u8, y as u8).unwrap());
            }
            "." => {}
            other => panic!("bad token {other}"),
        }
    }
    // The walk comes in perpendicular to the line.
    let (lx, ly) = at(0);
    let (sx, sy) = if vertical {
        (lx - landing_height, ly)
    } else {
        (lx, ly - landing_height)
    };
    cells[sy][sx] = format!("c{}", landing_height + 1);
    let text = cells
        .iter()
        .map(|r| r.join(","))
        .collect::<Vec<_>>()
        .join("/")
        + " c";
    let position = parse_position(&text).unwrap();
    let mv = Move::Step {
        from: g.square(sx as u8, sy as u8).unwrap(),
        k: landing_height as u8,
        to: g.square(lx as u8, ly as u8).unwrap(),
    };
    assert!(
        position.is_legal_step(mv),
        "{line}: the test move must be legal"
    );
    (position, mv, defenders)
}

fn captured(line: &str, vertical: bool) -> bool {
    let (position, mv, defenders) = diagram(line, vertical);
    let after = position.play(mv);
    let gone: Vec<bool> = defenders
        .iter()
        .map(|&s| after.stack(s).is_none())
        .collect();
    // A row is captured whole or not at all.
    assert!(
        gone.iter().all(|&g| g == gone[0]),
        "{line}: partly captured"
    );
    assert_eq!(
        position.captures(mv).count_ones() as usize,
        if gone[0] { defenders.len() } else { 0 }
    );
    gone[0]
}

#[test]
fn the_capture_diagrams_of_the_rules() {
    // Captured: the enclosing pair is strictly stronger than the row.
    for (line, vertical) in [
        ("A1 D1 A1", false),
        ("A3 D2 A1", true),
        ("A1 D2 A3", true),
        ("A2 D2 D2 A3", false),
        ("A3 D2 D2 A2", false),
        ("A1 D1 D1 D1 A3", true),
        ("A3 D1 D1 D1 A1", true),
    ] {
        assert!(captured(line, vertical), "{line} should be captured");
    }
    // Not captured: equal strength, only neighbours count, stronger row,
    // a gap in the row.
    for (line, vertical) in [
        ("A1 D2 A1", false),
        ("A1 D2 D1 A1 A3", true),
        ("A2 D2 D4 A3", false),
        ("A3 D4 D2 A2", false),
        ("A1 D1 . D1 A2", false),
        ("A1 D1 .", false),
    ] {
        assert!(!captured(line, vertical), "{line} should not be captured");
    }
}

#[test]
fn a_row_with_a_stack_out_of_line_is_not_captured() {
    // A1 lands on d5; the defender on e5, the far circles stack on f6
    // (diagonal, out of line).
    let position = parse_position(
        "c1,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,./.,.,.,c2,.,.,.,.,./.,.,.,.,s1,.,.,.,./.,.,.,.,.,c3,.,.,./.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,./.,.,.,.,.,.,.,.,s1 c",
    )
    .unwrap();
    let g = position.geometry();
    let mv = Move::Step {
        from: g.parse_square("d4").unwrap(),
        k: 1,
        to: g.parse_square("d5").unwrap(),
    };
    assert_eq!(position.captures(mv), 0);
}

#[test]
fn the_origin_counts_with_its_height_after_the_move() {
    // Circles lift 4 of the 5 on b2 and walk b2-b3-c3-d3-d2: the squares
    // stack on c2 is then enclosed by the landing stack (4) and the 1 left
    // on the origin: 4 + 1 > 1 captures it, 4 + 1 = 5 does not capture 5.
    let position =
        parse_position("c1,.,.,.,./.,c5,s1,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,s1 c").unwrap();
    let g = position.geometry();
    let mv = Move::Step {
        from: g.parse_square("b2").unwrap(),
        k: 4,
        to: g.parse_square("d2").unwrap(),
    };
    assert!(position.is_legal_step(mv));
    assert_eq!(
        position.captures(mv),
        1u128 << g.parse_square("c2").unwrap().0
    );
    let position =
        parse_position("c1,.,.,.,./.,c5,s5,.,./.,.,.,.,./.,.,.,.,./.,.,.,.,s1 c").unwrap();
    assert_eq!(position.captures(mv), 0);
}

#[test]
fn corners_cannot_be_captured() {
    let position = parse_position("c2,s1,./.,.,./.,.,s8 s").unwrap();
    // Squares can never enclose a1: it has no square on its far side.
    for mv in position.moves() {
        assert_eq!(position.captures(mv) & 1, 0);
    }
}

// ---------------------------------------------------------------------------
// A naive generator: enumerate every walk step by step, collect landings.

fn naive_walks(position: &Position, from: Square, k: u8) -> HashSet<Square> {
    let g = position.geometry();
    let n = g.size() as i32;
    let occupied = |s: (i32, i32)| {
        position
            .stack(g.square(s.0 as u8, s.1 as u8).unwrap())
            .is_some()
    };
    let (c, r) = g.coordinates(from);
    let mut landings = HashSet::new();
    fn walk(
        at: (i32, i32),
        prev: Option<(i32, i32)>,
        left: u8,
        n: i32,
        occupied: &dyn Fn((i32, i32)) -> bool,
        out: &mut HashSet<(i32, i32)>,
    ) {
        if left == 0 {
            out.insert(at);
            return;
        }
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let next = (at.0 + dx, at.1 + dy);
            if next.0 < 0
                || next.1 < 0
                || next.0 >= n
                || next.1 >= n
                || Some(next) == prev
                || occupied(next)
            {
                continue;
            }
            walk(next, Some(at), left - 1, n, occupied, out);
        }
    }
    let mut found = HashSet::new();
    walk((c as i32, r as i32), None, k, n, &occupied, &mut found);
    for (x, y) in found {
        landings.insert(g.square(x as u8, y as u8).unwrap());
    }
    landings
}

/// Every step of the side to move, with the landings of `k` pieces lifted
/// from a square found by `walks`.
fn steps(position: &Position, walks: fn(&Position, Square, u8) -> HashSet<Square>) -> Vec<Move> {
    let g = position.geometry();
    let mut moves = Vec::new();
    for from in (0..g.squares()).map(|i| Square(i as u8)) {
        let Some(stack) = position.stack(from) else {
            continue;
        };
        if stack.owner != position.side_to_move() {
            continue;
        }
        for k in 1..stack.height {
            moves.extend(
                walks(position, from, k)
                    .into_iter()
                    .map(|to| Move::Step { from, k, to }),
            );
        }
    }
    moves
}

fn naive_moves(position: &Position) -> Vec<Move> {
    let g = position.geometry();
    let mut moves = steps(position, naive_walks);
    if moves.is_empty() {
        let other = position.passed();
        let other_can = (0..g.squares()).any(|i| {
            other.stack(Square(i as u8)).is_some_and(|s| {
                s.owner == other.side_to_move()
                    && s.height >= 2
                    && !naive_walks(&other, Square(i as u8), 1).is_empty()
            })
        });
        if other_can {
            moves.push(Move::Pass);
        }
    }
    moves
}

/// The same walks by memoised recursion over (square, previous square,
/// steps left): feasible for every stack height.
fn memo_walks(position: &Position, from: Square, k: u8) -> HashSet<Square> {
    use std::collections::HashMap;
    type Key = (u8, Option<u8>, u8);
    fn landings(
        position: &Position,
        at: u8,
        prev: Option<u8>,
        left: u8,
        memo: &mut HashMap<Key, HashSet<u8>>,
    ) -> HashSet<u8> {
        if left == 0 {
            return HashSet::from([at]);
        }
        if let Some(hit) = memo.get(&(at, prev, left)) {
            return hit.clone();
        }
        let g = position.geometry();
        let (c, r) = g.coordinates(Square(at));
        let mut out = HashSet::new();
        for (dc, dr) in [(1i8, 0i8), (-1, 0), (0, 1), (0, -1)] {
            let (nc, nr) = (c as i8 + dc, r as i8 + dr);
            let Some(next) = (nc >= 0 && nr >= 0)
                .then(|| g.square(nc as u8, nr as u8))
                .flatten()
            else {
                continue;
            };
            if Some(next.0) == prev || position.stack(next).is_some() {
                continue;
            }
            out.extend(landings(position, next.0, Some(at), left - 1, memo));
        }
        memo.insert((at, prev, left), out.clone());
        out
    }
    landings(position, from.0, None, k, &mut HashMap::new())
        .into_iter()
        .map(Square)
        .collect()
}

fn memo_moves(position: &Position) -> Vec<Move> {
    let mut moves = steps(position, memo_walks);
    if moves.is_empty() && position.passed().can_move() {
        moves.push(Move::Pass);
    }
    moves
}

fn naive_perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = naive_moves(position);
    if moves.is_empty() {
        return 1;
    }
    moves
        .iter()
        .map(|&m| naive_perft(&position.play_unchecked(m), depth - 1))
        .sum()
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| match m {
        Move::Step { from, k, to } => (from.0, *k, to.0),
        Move::Pass => (255, 0, 0),
    });
    moves
}

/// Start-position move counts for N = 3…9 (computed here; the naive
/// generator confirms N = 3 and 4, where walking every path is feasible,
/// and its memoised twin confirms every size).
const START_MOVES: [(u8, usize); 7] = [
    (3, 26),
    (4, 95),
    (5, 247),
    (6, 536),
    (7, 1022),
    (8, 1783),
    (9, 2903),
];

#[test]
fn move_counts_at_the_start() {
    for (n, expected) in START_MOVES {
        let start = Position::start(Geometry::new(n).unwrap());
        let moves = start.moves();
        assert_eq!(moves.len(), expected, "{n}×{n}");
        assert_eq!(
            moves.iter().collect::<HashSet<_>>().len(),
            moves.len(),
            "distinct"
        );
        if n <= 4 {
            assert_eq!(
                sorted(moves.clone()),
                sorted(naive_moves(&start)),
                "{n}×{n} naive"
            );
        }
        assert_eq!(
            sorted(moves),
            sorted(memo_moves(&start)),
            "{n}×{n} memoised"
        );
    }
}

#[test]
fn every_landing_has_the_parity_of_k() {
    for n in 3..=9 {
        let g = Geometry::new(n).unwrap();
        for mv in Position::start(g).moves() {
            let Move::Step { from, k, to } = mv else {
                continue;
            };
            let (a, b) = (g.coordinates(from), g.coordinates(to));
            let distance = (a.0 as i32 - b.0 as i32).abs() + (a.1 as i32 - b.1 as i32).abs();
            assert_eq!(distance % 2, i32::from(k) % 2);
            assert!(distance <= i32::from(k));
        }
    }
}

/// perft counts: (size, depth, leaves). A forced pass is one ply and a
/// finished game is a leaf.
fn perft_table() -> Vec<(u8, u32, u64)> {
    include_str!("../data/opok-perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<u64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (f[0] as u8, f[1] as u32, f[2])
        })
        .collect()
}

#[test]
fn perft_matches_the_table() {
    for (n, depth, leaves) in perft_table() {
        let start = Position::start(Geometry::new(n).unwrap());
        assert_eq!(perft(&start, depth), leaves, "{n}×{n} depth {depth}");
    }
}

#[test]
fn perft_agrees_with_the_naive_generator_on_small_trees() {
    for (n, depth, leaves) in perft_table()
        .into_iter()
        .filter(|&(n, d, _)| (n == 3 && d <= 4) || (n == 4 && d == 1))
    {
        let start = Position::start(Geometry::new(n).unwrap());
        assert_eq!(naive_perft(&start, depth), leaves, "{n}×{n} depth {depth}");
    }
}

#[test]
fn random_positions_have_the_naive_moves() {
    let mut rng = Rng::new(99);
    for n in [3u8, 4, 5] {
        for _ in 0..60 {
            let mut p = Position::start(Geometry::new(n).unwrap());
            for _ in 0..rng.below(12) {
                let moves = p.moves();
                match rng.choose(&moves) {
                    Some(&m) => p = p.play(m),
                    None => break,
                }
            }
            assert_eq!(sorted(p.moves()), sorted(memo_moves(&p)), "{p:?}");
            // Walking every path is only feasible for short walks.
            if p.cells().iter().all(|h| h.unsigned_abs() <= 10) {
                assert_eq!(sorted(p.moves()), sorted(naive_moves(&p)), "{p:?}");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Random games

#[test]
fn random_games_end_in_time_and_keep_the_invariants() {
    let mut rng = Rng::new(7);
    for n in 3..=9u8 {
        let g = Geometry::new(n).unwrap();
        for _ in 0..if n <= 5 { 60 } else { 12 } {
            let mut p = Position::start(g);
            let mut plies = 0;
            let mut steps = 0;
            while !p.is_over() {
                let moves = p.moves();
                let mv = *rng.choose(&moves).expect("not over, so a move or a pass");
                let before = (
                    p.pieces(Side::Circles),
                    p.pieces(Side::Squares),
                    p.moves_left_bound(),
                );
                let captured = p.captures(mv);
                let captured_heights: u32 = Geometry::iter(captured)
                    .map(|s| u32::from(p.stack(s).unwrap().height))
                    .sum();
                let mover = p.side_to_move();
                let next = p.play(mv);
                // Pieces are only ever lost to captures, and only by the other side.
                let after = (next.pieces(Side::Circles), next.pieces(Side::Squares));
                let lost = match mover {
                    Side::Circles => (0, captured_heights),
                    Side::Squares => (captured_heights, 0),
                };
                assert_eq!(
                    after,
                    (before.0 - lost.0, before.1 - lost.1),
                    "{p:?} {mv:?}"
                );
                // Every move lowers Σ(h − 1) by exactly one, plus what was captured.
                if let Move::Step { .. } = mv {
                    let captured_spare: u32 = Geometry::iter(captured)
                        .map(|s| u32::from(p.stack(s).unwrap().height) - 1)
                        .sum();
                    assert_eq!(next.moves_left_bound(), before.2 - 1 - captured_spare);
                    steps += 1;
                } else {
                    assert_eq!(next.moves_left_bound(), before.2);
                }
                // Homes stay with their owners; no square holds two stacks
                // by construction; heights are at least 1 where occupied.
                assert_eq!(
                    next.stack(g.circles_home()).map(|s| s.owner),
                    Some(Side::Circles)
                );
                assert_eq!(
                    next.stack(g.squares_home()).map(|s| s.owner),
                    Some(Side::Squares)
                );
                assert!(next.pieces(Side::Circles) <= g.squares() as u32);
                p = next;
                plies += 1;
                assert!(plies <= 4 * g.squares(), "runaway game");
            }
            assert!(steps <= 2 * (g.squares() - 1), "{steps} moves on {n}×{n}");
            let outcome = p.outcome().unwrap();
            assert_eq!(outcome.circles, p.score(Side::Circles));
            assert!(
                p.final_score()
                    == 100
                        * (p.score(p.side_to_move()) as i32
                            - p.score(p.side_to_move().opponent()) as i32)
            );
            // The position text survives a round trip at the end.
            assert_eq!(parse_position(&position_text(&p)).unwrap(), p);
        }
    }
}
