//! Who answers the learner in a played lesson (a corner to take, an endgame
//! to play out, a take-away game to win): the lesson's script while it
//! fits, the app's computer at the lesson's level, or the best defence. As
//! plain data, tested natively; the page only draws it.

use crate::engine::nim;
use crate::engine::othello::levels::endgame_noise;
use crate::engine::othello::puzzle::{forces_corner, is_corner};
use crate::engine::othello::{Color, Move, Position};
use crate::engine::rng::Rng;
use crate::engine::strength::{pick_with_noise, Level};

use super::lesson::{parse_take, Opponent};

/// The opponent of one try at a lesson: where its script has got to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replier {
    opponent: Opponent,
    /// Replies made so far (the script's place).
    made: usize,
    /// A scripted reply was not legal when its turn came.
    left_script: bool,
    /// Seeds the level's misjudgements (one stream per reply).
    seed: u64,
}

impl Replier {
    /// `opponent` from its first reply; `seed` varies a level's mistakes
    /// from try to try.
    pub fn new(opponent: Opponent, seed: u64) -> Replier {
        Replier {
            opponent,
            made: 0,
            left_script: false,
            seed,
        }
    }

    /// Whether a scripted reply was not legal when its turn came (the game
    /// left the line the script was written for).
    pub fn left_script(&self) -> bool {
        self.left_script
    }

    /// Scripted replies not played yet.
    pub fn script_left(&self) -> usize {
        match &self.opponent {
            Opponent::Replies(replies) => replies.len().saturating_sub(self.made),
            _ => 0,
        }
    }

    /// The script's next reply, read by `legal` (`None`: not legal here);
    /// counts the reply as made.
    fn scripted<M>(&mut self, legal: impl FnOnce(&str) -> Option<M>) -> Option<M> {
        let text = match &self.opponent {
            Opponent::Replies(replies) => replies.get(self.made).cloned(),
            _ => None,
        };
        self.made += 1;
        let text = text?;
        let reply = legal(text.trim());
        self.left_script |= reply.is_none();
        reply
    }

    /// The level's random numbers for this reply.
    fn rng(&self) -> Rng {
        Rng::new(self.seed ^ (self.made as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// The lesson's level, if it names one.
    fn level(&self) -> Option<Level> {
        match self.opponent {
            Opponent::Level(n) => Level::new(n),
            _ => None,
        }
    }

    /// The reply in an Othello `position`: a forced pass; else the
    /// script's next move if legal; else at a level, the exactly scored
    /// moves misjudged by the level's noise; else `best`.
    pub fn othello(
        &mut self,
        position: &Position,
        best: impl FnOnce(&Position) -> Option<Move>,
    ) -> Option<Move> {
        if position.must_pass() {
            return Some(Move::Pass);
        }
        let moves = position.moves();
        if let Some(mv) =
            self.scripted(|text| moves.iter().copied().find(|m| m.to_string() == text))
        {
            return Some(mv);
        }
        let noise = self.level().map_or(0.0, |level| {
            endgame_noise(level, position.empties().count_ones())
        });
        if noise > 0.0 {
            let scores: Vec<(Move, i32)> = moves
                .iter()
                .map(|&mv| (mv, -negamax(&position.play(mv), -65, 65)))
                .collect();
            return pick_with_noise(&scores, noise, &mut self.rng());
        }
        best(position)
    }

    /// The reply in a take-away `position`: the script's next take if
    /// legal; else at a level, the game page's computer at that level;
    /// else the perfect take.
    pub fn take(&mut self, position: &nim::Position, misere: bool) -> Option<nim::Move> {
        if position.is_over() {
            return None;
        }
        if let Some(mv) = self.scripted(|text| parse_take(position, text)) {
            return Some(mv);
        }
        match self.level() {
            Some(level) => nim::levels::choose_move(position, misere, level, &mut self.rng()).best,
            None => perfect_take(position, misere),
        }
    }
}

/// The best move of an Othello endgame and its exact final disc difference
/// for the side to move (world scoring), by a plain alpha-beta search: for
/// the lessons' endgames (`PLAY_OUT_EMPTIES` at most), where it answers at
/// once. `None` when the game is over.
pub fn perfect_move(position: &Position) -> Option<(Move, i32)> {
    let mut best: Option<(Move, i32)> = None;
    for mv in position.moves() {
        let alpha = best.map_or(-65, |b| b.1);
        let score = -negamax(&position.play(mv), -65, -alpha);
        if best.is_none_or(|b| score > b.1) {
            best = Some((mv, score));
        }
    }
    best
}

fn negamax(position: &Position, mut alpha: i32, beta: i32) -> i32 {
    let moves = position.moves();
    if moves.is_empty() {
        return position.final_disc_score();
    }
    for mv in moves {
        let score = -negamax(&position.play(mv), -beta, -alpha);
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

/// The learner's move `mv` in a play-out (it must be legal), then the
/// opponent's replies, and the learner's forced passes, until the learner
/// can place a disc or the game is over: the position then and the moves
/// after the learner's, in order.
pub fn play_out_turn(
    position: &Position,
    learner: Color,
    mv: Move,
    replier: &mut Replier,
) -> (Position, Vec<Move>) {
    let mut now = position.play(mv);
    let mut after = Vec::new();
    while !now.is_over() && (now.side_to_move() != learner || now.must_pass()) {
        let reply = if now.side_to_move() == learner {
            Move::Pass
        } else {
            replier
                .othello(&now, |p| perfect_move(p).map(|(m, _)| m))
                .unwrap_or(Move::Pass)
        };
        after.push(reply);
        now = now.play(reply);
    }
    (now, after)
}

/// The final disc difference for `learner` once the game is over.
pub fn play_out_result(position: &Position, learner: Color) -> Option<i32> {
    let score = position.is_over().then(|| position.final_disc_score())?;
    Some(if position.side_to_move() == learner {
        score
    } else {
        -score
    })
}

/// The learner's take `mv` (it must be legal), then the opponent's reply:
/// the position after both, the reply, and the winner once the game is
/// over (`Some(true)`: the learner). Normal play: who takes last wins;
/// misère: who takes last loses.
pub fn win_turn(
    position: &nim::Position,
    misere: bool,
    mv: nim::Move,
    replier: &mut Replier,
) -> (nim::Position, Option<nim::Move>, Option<bool>) {
    let now = position.play_unchecked(mv);
    let Some(reply) = replier.take(&now, misere) else {
        return (now, None, Some(!misere));
    };
    let after = now.play_unchecked(reply);
    let over = after.is_over().then_some(misere);
    (after, Some(reply), over)
}

/// Whether `mv`, by the side to move, keeps a corner within `turns` of its
/// moves (this one included): it takes a corner, or forces one in the
/// turns left whatever the replies.
pub fn keeps_corner(position: &Position, mv: Move, turns: u32) -> bool {
    let corner = matches!(mv, Move::Place(s) if is_corner(s));
    let side = position.side_to_move();
    corner || (turns > 1 && forces_corner(&position.play(mv), side, turns - 1))
}

/// The learner's first move, with `turns` left, that keeps a corner (a
/// corner itself when one is there to take).
pub fn corner_keeping_move(position: &Position, turns: u32) -> Option<Move> {
    let moves = position.moves();
    let corner = moves
        .iter()
        .copied()
        .find(|&m| matches!(m, Move::Place(s) if is_corner(s)));
    corner.or_else(|| {
        moves
            .into_iter()
            .find(|&m| keeps_corner(position, m, turns))
    })
}

/// The reply that holds `learner` off the corners longest: after it the
/// learner needs the most moves to force one (a reply after which no corner
/// can be forced in `turns` comes first). `None` when the game is over.
pub fn corner_reply(position: &Position, learner: Color, turns: u32) -> Option<Move> {
    let needed = |mv: Move| {
        let after = position.play(mv);
        (1..=turns)
            .find(|&t| forces_corner(&after, learner, t))
            .unwrap_or(u32::MAX)
    };
    let moves = position.moves();
    let most = moves.iter().map(|&mv| needed(mv)).max()?;
    moves.into_iter().find(|&mv| needed(mv) == most)
}

/// The learner's move `mv` in a corner lesson with `turns` of the
/// learner's moves left (`mv` one of them): the opponent's replies and the
/// learner's forced passes after it, the position then and the turns left;
/// `None` when `mv` gives the corner up.
pub fn corner_turn(
    position: &Position,
    mv: Move,
    turns: u32,
    replier: &mut Replier,
) -> Option<(Position, Vec<Move>, u32)> {
    if !keeps_corner(position, mv, turns) {
        return None;
    }
    let learner = position.side_to_move();
    let mut now = position.play(mv);
    let mut left = turns - 1;
    let mut after = Vec::new();
    while !now.is_over() && (now.side_to_move() != learner || now.must_pass()) {
        let reply = if now.side_to_move() == learner {
            left = left.saturating_sub(1);
            Move::Pass
        } else {
            replier.othello(&now, |p| corner_reply(p, learner, left))?
        };
        after.push(reply);
        now = now.play(reply);
    }
    Some((now, after, left))
}

/// The perfect player's take in a take-away game: a move to a P-position
/// when there is one, else the smallest take from the first heap that has
/// a move (to make the game last). `None` when the game is over.
pub fn perfect_take(position: &nim::Position, misere: bool) -> Option<nim::Move> {
    let winning = nim::analyse(position, misere, 1_000_000)
        .ok()
        .and_then(|a| a.winning_moves.first().copied());
    winning.or_else(|| position.moves().min_by_key(|m| (m.take, m.heap)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::check::othello_start;
    use crate::learn::lesson::{Goal, Start};
    use crate::learn::shipped_lesson;

    fn best() -> Replier {
        Replier::new(Opponent::Best, 1)
    }

    #[test]
    fn perfect_play_finds_the_exact_result() {
        // A one-square endgame: the move and its score are forced.
        let full = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO- X";
        let position = othello_start(&Start::Board {
            board: full.into(),
            variant: None,
        })
        .unwrap();
        let (mv, score) = perfect_move(&position).unwrap();
        assert_eq!(mv.to_string(), "h8");
        assert_eq!(score, 64);
        // Nim 1, 2, 3 is a P-position: no winning move, the smallest take.
        let nim = crate::engine::nim::parse_position("nim:1 nim:2 nim:3").unwrap();
        let take = perfect_take(&nim, false).unwrap();
        assert_eq!((take.heap, take.take), (0, 1));
        let nim = crate::engine::nim::parse_position("nim:1 nim:2").unwrap();
        let take = perfect_take(&nim, false).unwrap();
        assert_eq!((take.heap, take.take), (1, 1));
    }

    #[test]
    fn a_play_out_answers_with_perfect_replies_until_the_end() {
        // Black plays h8 on a board with two empties: the game ends.
        let board = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO- X";
        let position = othello_start(&Start::Board {
            board: board.into(),
            variant: None,
        })
        .unwrap();
        let h8 = position.moves()[0];
        let (end, after) = play_out_turn(&position, Color::Black, h8, &mut best());
        assert!(after.is_empty());
        assert_eq!(play_out_result(&end, Color::Black), Some(64));
        assert_eq!(play_out_result(&position, Color::Black), None);
        // Nim 1, 2: the learner takes 1 from the 2 (a P-position for the
        // computer), the computer takes one, the learner takes the last.
        let nim = crate::engine::nim::parse_position("nim:1 nim:2").unwrap();
        let mv = crate::engine::nim::Move { heap: 1, take: 1 };
        let (now, reply, over) = win_turn(&nim, false, mv, &mut best());
        assert!(reply.is_some() && over.is_none());
        let last = now.moves().next().unwrap();
        assert_eq!(win_turn(&now, false, last, &mut best()).2, Some(true));
        assert_eq!(win_turn(&now, true, last, &mut best()).2, Some(false));
    }

    #[test]
    fn a_corner_lesson_is_played_against_the_best_defence() {
        let lesson = shipped_lesson("othello-4-2");
        let Goal::Corner { turns } = lesson.goal else {
            panic!("not a corner lesson")
        };
        let start = othello_start(&lesson.start).unwrap();
        // Every stated first move keeps the corner; every other loses it.
        for mv in start.moves() {
            let stated = lesson.answer.contains(&mv.to_string());
            assert_eq!(keeps_corner(&start, mv, turns), stated, "{mv}");
        }
        // Played out with the forcing moves, the corner comes in time.
        let mut now = start;
        let mut left = turns;
        let learner = start.side_to_move();
        loop {
            let mv = now
                .moves()
                .into_iter()
                .find(|&m| keeps_corner(&now, m, left))
                .expect("a forcing move");
            if matches!(mv, Move::Place(s) if is_corner(s)) {
                break;
            }
            let (after, _, turns_left) = corner_turn(&now, mv, left, &mut best()).unwrap();
            assert!(turns_left < left && after.side_to_move() == learner);
            now = after;
            left = turns_left;
        }
    }

    #[test]
    fn a_script_is_followed_while_legal_then_the_best_defence_answers() {
        let start = nim::parse_position("nim:3 nim:4 nim:6").unwrap();
        // Heaps counted from 1: take 1 from the first, 9 from the third.
        let script = Opponent::Replies(vec!["1:1".into(), "3:9".into()]);
        let mut replier = Replier::new(script, 7);
        assert_eq!(replier.script_left(), 2);
        let first = replier.take(&start, false).unwrap();
        assert_eq!((first.heap, first.take), (0, 1));
        assert!(!replier.left_script());
        // Nine cannot be taken from a heap of six: the perfect take instead.
        let now = start.play_unchecked(first);
        assert_eq!(replier.take(&now, false), perfect_take(&now, false));
        assert!(replier.left_script());
        assert_eq!(replier.script_left(), 0);
        // Past the script's end the best defence answers.
        assert_eq!(replier.take(&now, false), perfect_take(&now, false));
        // A forced pass is not a scripted reply.
        let passing = othello_start(&Start::Board {
            board: format!("{}O-- O", "X".repeat(61)),
            variant: None,
        })
        .unwrap();
        assert!(passing.must_pass());
        let mut replier = Replier::new(Opponent::Replies(vec!["g8".into()]), 1);
        assert_eq!(replier.othello(&passing, |_| None), Some(Move::Pass));
        assert_eq!(replier.script_left(), 1);
    }

    #[test]
    fn a_level_errs_as_the_game_page_does_and_the_top_level_never() {
        // Othello: an endgame of eight empties; level 2 plays perfectly
        // only from 4 empties, so it sometimes misses the best score.
        let lesson = shipped_lesson("othello-5-5");
        let position = othello_start(&lesson.start).unwrap();
        let (_, best) = perfect_move(&position).unwrap();
        let score = |mv: Move| -negamax(&position.play(mv), -65, 65);
        let picks = |level: u8| -> Vec<i32> {
            (0..400)
                .map(|seed| {
                    let mut replier = Replier::new(Opponent::Level(level), seed);
                    score(
                        replier
                            .othello(&position, |p| perfect_move(p).map(|b| b.0))
                            .unwrap(),
                    )
                })
                .collect()
        };
        // The moves score 10, 0, -36, -24 and -20: a noise of 4 discs
        // prefers the 0 to the 10 a few times in a hundred.
        assert!(picks(2).iter().any(|&s| s < best));
        assert!(picks(7).iter().all(|&s| s == best));
        // Take-away: level 1 often takes at random, level 7 never.
        let heaps = nim::parse_position("nim:5 nim:7 nim:9 nim:12").unwrap();
        let winning = nim::analyse(&heaps, false, 1_000_000)
            .unwrap()
            .winning_moves;
        let wins = |level: u8| {
            (0..40)
                .filter(|&seed| {
                    let mut replier = Replier::new(Opponent::Level(level), seed);
                    winning.contains(&replier.take(&heaps, false).unwrap())
                })
                .count()
        };
        assert!(wins(1) < 40);
        assert_eq!(wins(7), 40);
    }
}
