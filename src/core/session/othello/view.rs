//! The Othello board as plain data for the page (tested natively): what
//! each square shows, and a move typed into the move box.

use crate::engine::othello::{Color, Move, Position, Square};

use super::{OthelloProgress, OthelloState};
use crate::session::core::SearchJob;
use crate::session::turn::Turn;

/// What one square shows (and tells a screen reader).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct SquareView {
    /// The square.
    pub square: Square,
    /// The disc on it.
    pub disc: Option<Color>,
    /// A move here is legal (and clicking plays it).
    pub legal: bool,
    /// Show the legal-move marker.
    pub marked: bool,
    /// The last move.
    pub last: bool,
    /// Flipped by the last move (animated).
    pub flipped: bool,
    /// Hint: score (hundredths of a disc), exact, best.
    pub hint: Option<(i32, bool, bool)>,
    /// Picked out by a lesson (a hint's region, the discs a move flips).
    pub shown: bool,
}

impl SquareView {
    /// `square` with its `disc` and nothing else to show: not playable,
    /// unmarked (a still board, as a lesson's diagram draws it).
    pub fn plain(square: Square, disc: Option<Color>) -> SquareView {
        SquareView {
            square,
            disc,
            legal: false,
            marked: false,
            last: false,
            flipped: false,
            hint: None,
            shown: false,
        }
    }
}

/// Every square of the position shown, in reading order (a1, b1, …).
pub fn squares(state: &OthelloState) -> Vec<SquareView> {
    let position = state.position();
    let human_turn = matches!(state.turn(), Turn::HumanMove(_));
    let legal = if human_turn {
        position.legal_squares()
    } else {
        0
    };
    let last = match state.record.last_move() {
        Some(Move::Place(s)) => s.bit(),
        _ => 0,
    };
    let flipped = state.last_effect.unwrap_or(0);
    let hints = state
        .extra
        .hints
        .as_ref()
        .filter(|(p, _, _)| state.extra.hint_mode && *p == position && human_turn)
        .map(|(_, scores, _)| scores);
    let best = hints.and_then(|h| h.best()).map(|(_, s)| s);
    position
        .rules()
        .size
        .squares_in_order()
        .map(|square| SquareView {
            square,
            disc: position.at(square),
            legal: legal & square.bit() != 0,
            marked: state.extra.show_legal && legal & square.bit() != 0,
            last: last & square.bit() != 0,
            flipped: flipped & square.bit() != 0,
            hint: hints.and_then(|h| {
                h.scores
                    .iter()
                    .find(|(m, _)| *m == Move::Place(square))
                    .map(|&(_, s)| s)
                    .map(|s| (s, h.exact, Some(s) == best))
            }),
            shown: false,
        })
        .collect()
}

/// The engine's current view of a position.
#[derive(Clone, PartialEq, Debug)]
pub struct Thinking {
    /// The side the score is for.
    pub side: Color,
    /// The depth completed.
    pub depth: u32,
    /// The score in hundredths of a disc.
    pub score: i32,
    /// Whether the score is exact.
    pub exact: bool,
    /// How sure a selective endgame solve is, in percent (see
    /// `Progress::confidence`).
    pub confidence: Option<u8>,
    /// The principal variation (or the best move for hints).
    pub line: Vec<Move>,
    /// Positions searched per second (all the workers' together).
    pub nodes_per_second: f64,
    /// For hints, how many moves were scored (the page's search workers
    /// share them; the computer's move has one worker).
    pub scored_moves: Option<usize>,
}

/// `nodes` in `elapsed_ms` as positions per second (0 before any time).
fn rate(nodes: u64, elapsed_ms: f64) -> f64 {
    if elapsed_ms > 0.0 {
        nodes as f64 * 1000.0 / elapsed_ms
    } else {
        0.0
    }
}

impl Thinking {
    /// The running search of the computer's move, or else the hints of the
    /// current position.
    pub fn of(state: &OthelloState) -> Option<Thinking> {
        let play = state.search.as_ref().filter(|s| s.job == SearchJob::Play);
        let line = play.and_then(|s| match &s.progress {
            Some(OthelloProgress::Line(p)) => Some((s, p)),
            _ => None,
        });
        if let Some((search, p)) = line {
            return Some(Thinking {
                side: search.position.side_to_move(),
                depth: p.depth,
                score: p.score,
                exact: p.exact,
                confidence: p.confidence,
                line: p.pv.clone(),
                nodes_per_second: rate(p.nodes, p.elapsed_ms),
                scored_moves: None,
            });
        }
        let (position, scores, _) = state
            .extra
            .hints
            .as_ref()
            .filter(|(p, _, _)| state.extra.hint_mode && *p == state.position())?;
        let (best, score) = scores.best()?;
        Some(Thinking {
            side: position.side_to_move(),
            depth: scores.depth,
            score,
            exact: scores.exact,
            confidence: None,
            line: vec![best],
            nodes_per_second: rate(scores.nodes, scores.elapsed_ms),
            scored_moves: Some(scores.scores.len()),
        })
    }
}

/// A move typed into the move box (`d3`, `D3`, full-width `ｄ３`, `pass`),
/// if it names a square of this board or a pass; legality is the game's
/// to judge.
pub fn parse_typed(text: &str, position: &Position) -> Option<Move> {
    let text = crate::engine::text::fold(text.trim()).to_ascii_lowercase();
    if matches!(text.as_str(), "pass" | "pa" | "ps" | "--") {
        return Some(Move::Pass);
    }
    let n = position.rules().size.side();
    match *text.as_bytes() {
        [column @ b'a'..=b'z', row @ b'1'..=b'9'] if column - b'a' < n && row - b'1' < n => {
            Square::new(column - b'a', row - b'1').map(Move::Place)
        }
        _ => None,
    }
}

/// The next legal square after `from` in reading order, wrapping around.
pub fn next_legal(position: &Position, from: Square) -> Option<Square> {
    let legal: Vec<Square> = Square::iter(position.legal_squares()).collect();
    legal
        .iter()
        .find(|s| s.index() > from.index())
        .or(legal.first())
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::othello::{BoardSize, Rules, Variant};
    use crate::session::othello::{Action, OthelloAction, Settings};

    #[test]
    fn typed_moves_are_squares_of_the_board_or_passes() {
        let p = Position::start(Rules::default());
        let d3 = Move::Place(Square::new(3, 2).unwrap());
        for text in ["d3", "D3", " d3 ", "ｄ３"] {
            assert_eq!(parse_typed(text, &p), Some(d3), "{text:?}");
        }
        assert_eq!(parse_typed("PASS", &p), Some(Move::Pass));
        for bad in ["i1", "a9", "d", "d33", "", "é3", "d٣"] {
            assert_eq!(parse_typed(bad, &p), None, "{bad:?}");
        }
        let small = Position::start(Rules::new(BoardSize::Four, Variant::Standard));
        assert_eq!(parse_typed("e1", &small), None);
    }

    #[test]
    fn the_next_legal_square_follows_reading_order_and_wraps() {
        let p = Position::start(Rules::default());
        let at = |name: &str| {
            Square::iter(u64::MAX)
                .find(|s| s.to_string() == name)
                .unwrap()
        };
        // From the start the legal squares are d3, c4, f5, e6.
        assert_eq!(next_legal(&p, at("a1")), Some(at("d3")));
        assert_eq!(next_legal(&p, at("d3")), Some(at("c4")));
        assert_eq!(next_legal(&p, at("e6")), Some(at("d3")));
    }

    #[test]
    fn squares_show_legal_moves_markers_and_the_last_move() {
        let mut state = OthelloState::new(Settings {
            white: Player::Human,
            ..Settings::default()
        });
        state.apply(Action::Game(OthelloAction::SetShowLegal(true)));
        let views = squares(&state);
        assert_eq!(views.len(), 64);
        assert_eq!(views.iter().filter(|v| v.legal && v.marked).count(), 4);
        state.apply(Action::Play(parse_typed("f5", &state.position()).unwrap()));
        let views = squares(&state);
        let f5 = views.iter().find(|v| v.square.to_string() == "f5").unwrap();
        assert!(f5.last && f5.disc == Some(Color::Black));
        assert_eq!(views.iter().filter(|v| v.flipped).count(), 1);
    }

    use crate::session::othello::Player;
}
