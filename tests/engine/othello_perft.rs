//! Perft: the fast bitboard counter, the generic one through the `Game`
//! trait, and an independent array-based generator must all agree with the
//! counts in `tests/data/othello-perft.txt`.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use mind_sports_engine::othello::perft::perft;
use mind_sports_engine::othello::{BoardSize, Position, Rules, Variant};
use mind_sports_engine::search::reference;

struct Case {
    rules: Rules,
    depth: u32,
    leaves: u64,
}

fn cases() -> Vec<Case> {
    include_str!("../data/othello-perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            Case {
                rules: Rules::new(
                    BoardSize::from_side(f[0].parse().unwrap()).unwrap(),
                    f[1].parse::<Variant>().unwrap(),
                ),
                depth: f[2].parse().unwrap(),
                leaves: f[3].parse().unwrap(),
            }
        })
        .collect()
}

#[test]
fn bitboard_perft_matches_the_table() {
    for case in cases() {
        let got = perft(&Position::start(case.rules), case.depth);
        assert_eq!(got, case.leaves, "{:?} depth {}", case.rules, case.depth);
    }
}

#[test]
fn generic_perft_matches_the_table() {
    for case in cases().into_iter().filter(|c| c.leaves < 5_000_000) {
        let got = reference::perft(&Position::start(case.rules), case.depth);
        assert_eq!(got, case.leaves, "{:?} depth {}", case.rules, case.depth);
    }
}

/// An Othello move generator that shares no code with the engine: a plain
/// array, square-by-square walks, explicit passes.
mod naive {
    #[derive(Clone)]
    pub struct Board {
        pub n: i32,
        pub cells: Vec<i8>, // 0 empty, 1 side to move, -1 opponent
        pub reversi_opening: bool,
    }

    impl Board {
        pub fn start(n: i32, reversi: bool) -> Board {
            let mut cells = vec![0; (n * n) as usize];
            let h = n / 2;
            if !reversi {
                // Black (to move) on the anti-diagonal of the centre.
                cells[((h - 1) * n + h) as usize] = 1;
                cells[(h * n + h - 1) as usize] = 1;
                cells[((h - 1) * n + h - 1) as usize] = -1;
                cells[(h * n + h) as usize] = -1;
            }
            Board {
                n,
                cells,
                reversi_opening: reversi,
            }
        }

        fn flips(&self, x: i32, y: i32) -> Vec<usize> {
            let mut all = Vec::new();
            if self.cells[(y * self.n + x) as usize] != 0 {
                return all;
            }
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if dx == 0 && dy == 0 {
                        continue;
                    }
                    let mut line = Vec::new();
                    let (mut cx, mut cy) = (x + dx, y + dy);
                    while cx >= 0 && cy >= 0 && cx < self.n && cy < self.n {
                        let c = self.cells[(cy * self.n + cx) as usize];
                        if c == -1 {
                            line.push((cy * self.n + cx) as usize);
                        } else {
                            if c == 1 {
                                all.extend(line);
                            }
                            break;
                        }
                        cx += dx;
                        cy += dy;
                    }
                }
            }
            all
        }

        /// Legal placements with their flips.
        pub fn moves(&self) -> Vec<(usize, Vec<usize>)> {
            let discs = self.cells.iter().filter(|&&c| c != 0).count();
            let h = self.n / 2;
            let mut out = Vec::new();
            for y in 0..self.n {
                for x in 0..self.n {
                    let i = (y * self.n + x) as usize;
                    if self.reversi_opening && discs < 4 {
                        let centre = (x == h - 1 || x == h) && (y == h - 1 || y == h);
                        if centre && self.cells[i] == 0 {
                            out.push((i, Vec::new()));
                        }
                    } else {
                        let f = self.flips(x, y);
                        if !f.is_empty() {
                            out.push((i, f));
                        }
                    }
                }
            }
            out
        }

        pub fn swapped(&self) -> Board {
            Board {
                cells: self.cells.iter().map(|c| -c).collect(),
                ..self.clone()
            }
        }

        pub fn play(&self, square: usize, flips: &[usize]) -> Board {
            let mut next = self.clone();
            next.cells[square] = 1;
            for &f in flips {
                next.cells[f] = 1;
            }
            next.swapped()
        }
    }

    pub fn perft(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = board.moves();
        if moves.is_empty() {
            let other = board.swapped();
            return if other.moves().is_empty() {
                1
            } else {
                perft(&other, depth - 1)
            };
        }
        moves
            .iter()
            .map(|(s, f)| perft(&board.play(*s, f), depth - 1))
            .sum()
    }
}

#[test]
fn an_independent_generator_agrees() {
    for case in cases().into_iter().filter(|c| c.leaves < 400_000) {
        let reversi = case.rules.variant == Variant::Reversi;
        let board = naive::Board::start(case.rules.size.side() as i32, reversi);
        assert_eq!(
            naive::perft(&board, case.depth),
            case.leaves,
            "{:?} depth {}",
            case.rules,
            case.depth
        );
    }
}

#[test]
fn the_independent_generator_agrees_on_random_positions() {
    // Random games on every size: the engine's legal moves and flips equal
    // the naive generator's at every step.
    let mut seed = 0x1234_5678_u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for size in BoardSize::ALL {
        for _ in 0..200 {
            let rules = Rules::new(size, Variant::Standard);
            let mut position = Position::start(rules);
            let mut board = naive::Board::start(size.side() as i32, false);
            while !position.is_over() {
                let mut moves = board.moves();
                if moves.is_empty() {
                    assert!(position.must_pass(), "{position:?}");
                    position = position.passed();
                    board = board.swapped();
                    moves = board.moves();
                }
                let engine_squares: Vec<usize> =
                    mind_sports_engine::othello::Square::iter(position.legal_squares())
                        .map(|s| s.row() as usize * size.side() as usize + s.column() as usize)
                        .collect();
                let mut naive_squares: Vec<usize> = moves.iter().map(|(s, _)| *s).collect();
                naive_squares.sort();
                let mut sorted_engine = engine_squares.clone();
                sorted_engine.sort();
                assert_eq!(sorted_engine, naive_squares, "{position:?}");
                let (square, flips) = &moves[(next() % moves.len() as u64) as usize];
                let n = size.side() as usize;
                let sq = mind_sports_engine::othello::Square::new(
                    (square % n) as u8,
                    (square / n) as u8,
                )
                .unwrap();
                assert_eq!(position.flips(sq).count_ones() as usize, flips.len());
                position = position.play(mind_sports_engine::othello::Move::Place(sq));
                board = board.play(*square, flips);
            }
            assert!(board.moves().is_empty() && board.swapped().moves().is_empty());
        }
    }
}
