//! One try at a lesson as the page holds it: the lesson as shown (turned,
//! mirrored or reordered on a retry), the try itself (answers, misses,
//! hints), the last feedback, the Opok lift being chosen and a game against
//! the computer under way; and the words the page says about them.

use std::marker::PhantomData;

use crate::engine::nim;
use crate::engine::opok;
use crate::engine::othello;
use crate::i18n::othello::color_name;
use crate::i18n::Texts;
use crate::learn::check::{opok_start, othello_start};
use crate::learn::lesson::{parse_take, Goal, Lesson, Start};
use crate::learn::opponent::Replier;
use crate::learn::play::{input, othello_why, Attempt, Hint, Input, SquareWhy, Verdict};
use crate::learn::played::{heaps_now, Loss, OthelloGame, TakeGame, Turn};
use crate::learn::transform::{shown, Shown, Transform};

use super::super::browser;
use crate::learn::games::LessonGames;

/// How a try sounded.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Tone {
    Right,
    Wrong,
    Note,
}

/// The feedback under the board.
#[derive(Clone, PartialEq)]
pub(super) struct Feedback {
    pub tone: Tone,
    pub text: String,
    /// Discs to pick out (the flips of a wrong Othello move).
    pub flips: u64,
}

/// An answer to judge: its text, what it did or what is wrong with it (said
/// before the verdict's explanation), discs to show.
pub(super) type AnswerTry = (String, Option<String>, u64);
/// A change to the try, giving an answer to judge (or none yet).
pub(super) type Change<G> = Box<dyn FnOnce(&mut Play<G>) -> Option<AnswerTry>>;
/// Makes a change to the try.
pub(super) type Act<G> = yew::Callback<Change<G>>;

/// One try at the lesson as shown.
#[derive(Clone, PartialEq)]
pub(super) struct Play<G: LessonGames> {
    pub shown: Shown,
    pub attempt: Attempt,
    pub feedback: Option<Feedback>,
    /// Opok: the stack picked and how many pieces to lift.
    pub lift: Option<(opok::Square, u8)>,
    /// An Othello endgame or corner lesson under way ([`Play::othello_game`]).
    othello: Option<OthelloGame>,
    /// A take-away game under way ([`Play::take_game`]).
    take: Option<TakeGame>,
    /// Who answers the learner's moves.
    pub replier: Replier,
    /// The games this module draws.
    games: PhantomData<G>,
}

impl<G: LessonGames> Play<G> {
    /// A fresh try at `lesson` shown under `transform`.
    pub fn new(lesson: &Lesson, transform: &Transform) -> Play<G> {
        let shown = shown::<G>(lesson, transform);
        let kind = input(&shown.goal);
        // A played lesson is won by reaching its end, not by a stated move.
        let answer = match shown.goal {
            Goal::Corner { .. } => vec!["corner".to_string()],
            _ => shown.answer.clone(),
        };
        let attempt = Attempt::new(lesson, &answer, kind.on_board());
        let othello = G::OTHELLO
            .then(|| othello_start(&shown.start).ok())
            .flatten()
            .and_then(|start| OthelloGame::new(start, &shown.goal));
        let take = match (&shown.start, &shown.goal) {
            (Start::Heaps { heaps, misere }, Goal::Win) if G::TAKE_AWAY => {
                nim::parse_position(heaps)
                    .ok()
                    .map(|start| TakeGame::new(start, *misere))
            }
            _ => None,
        };
        Play {
            replier: Replier::new(shown.opponent.clone(), browser::random_seed()),
            shown,
            attempt,
            feedback: None,
            lift: None,
            othello,
            take,
            games: PhantomData,
        }
    }

    /// How the learner answers.
    pub fn input(&self) -> Input {
        input(&self.shown.goal)
    }

    /// An Othello endgame or corner lesson under way (never in a module
    /// without Othello's lessons: `G` is asked here, not where it is used).
    pub fn othello_game(&self) -> Option<&OthelloGame> {
        self.othello.as_ref().filter(|_| G::OTHELLO)
    }

    /// A take-away game under way (never in a module without the take-away
    /// games' lessons).
    pub fn take_game(&self) -> Option<&TakeGame> {
        self.take.as_ref().filter(|_| G::TAKE_AWAY)
    }

    /// The Othello position on the board (a game's, or the start's).
    pub fn othello_now(&self) -> Option<othello::Position> {
        if !G::OTHELLO {
            return None;
        }
        match self.othello_game() {
            Some(game) => Some(game.now()),
            None => othello_start(&self.shown.start).ok(),
        }
    }

    /// The Opok position on the board.
    pub fn opok_now(&self) -> Option<opok::Position> {
        if !G::OPOK {
            return None;
        }
        opok_start(&self.shown.start).ok()
    }

    /// The heaps on the table (a game's, or the start's).
    pub fn heaps_now(&self) -> Option<nim::Position> {
        if !G::TAKE_AWAY {
            return None;
        }
        match (self.take_game(), &self.shown.start) {
            (Some(game), _) => Some(game.now().clone()),
            (None, Start::Heaps { heaps, .. }) => nim::parse_position(heaps).ok(),
            _ => None,
        }
    }

    /// Whether a game against the computer was lost: its end stays on the
    /// board until the learner plays again.
    pub fn lost(&self) -> bool {
        let othello = self.othello_game().and_then(OthelloGame::over);
        othello.or(self.take_game().and_then(TakeGame::over)) == Some(false)
    }

    /// Another game from the lesson's position (the try goes on: its
    /// misses and hints count).
    pub fn play_again(&mut self) {
        if let Some(game) = self.othello.as_mut().filter(|_| G::OTHELLO) {
            game.again();
        }
        if let Some(game) = self.take.as_mut().filter(|_| G::TAKE_AWAY) {
            game.again();
        }
        self.feedback = None;
    }
}

/// What a click on `square` would do, in words (taken; flips nothing;
/// flips n), and the discs it would flip (to show them).
pub(super) fn why_text(
    t: &Texts,
    position: &othello::Position,
    square: othello::Square,
) -> (String, u64) {
    let name = square.to_string();
    let (why, flips) = othello_why(position, square);
    let text = match why {
        SquareWhy::Occupied => t.learn().why_occupied(&name),
        SquareWhy::NoFlips => t.learn().why_no_flips(&name),
        SquareWhy::Flips(n) => t.learn().why_flips(&name, u64::from(n)),
    };
    (text, flips)
}

/// A note during a game (not a try): the moves just made.
pub(super) fn note<G: LessonGames>(play: &mut Play<G>, text: String) {
    play.feedback = Some(Feedback {
        tone: Tone::Note,
        text,
        flips: 0,
    });
}

/// An Othello move as said: its square, or "pass".
fn othello_move(t: &Texts, mv: othello::Move) -> String {
    match mv {
        othello::Move::Place(square) => square.to_string(),
        othello::Move::Pass => t.common.pass().to_string(),
    }
}

/// A take as said: "heap 1, take 2" (heaps counted from 1).
pub(super) fn take_said(t: &Texts, mv: nim::Move) -> String {
    t.learn().take_move(mv.heap + 1, mv.take)
}

/// An answer of the lesson as said: a take as "heap 1, take 2", an Opok
/// move as "c4, lift 3, to e3", yes or no in words, P or N in capitals,
/// anything else as written.
pub(super) fn answer_said<G: LessonGames>(t: &Texts, play: &Play<G>, answer: &str) -> String {
    match play.input() {
        Input::Take => play
            .heaps_now()
            .and_then(|heaps| parse_take(&heaps, answer))
            .map_or_else(|| answer.to_string(), |mv| take_said(t, mv)),
        Input::OpokMove => {
            let parts: Vec<&str> = answer.split(':').collect();
            match parts[..] {
                [from, k, to] => t.learn().opok_move(from, k, to),
                _ => answer.to_string(),
            }
        }
        Input::YesNo if answer == "yes" => t.learn().answer_yes().to_string(),
        Input::YesNo => t.learn().answer_no().to_string(),
        Input::Outcome => answer.to_ascii_uppercase(),
        _ => answer.to_string(),
    }
}

/// The learner's move and the computer's replies, as said.
fn turn_said(mine: String, replies: Vec<String>, t: &Texts) -> String {
    if replies.is_empty() {
        t.learn().game_move(mine)
    } else {
        t.learn().game_turn(mine, replies.join(", "))
    }
}

/// Why a game was lost, in words.
fn loss_said(t: &Texts, why: Loss, square: &str) -> String {
    match why {
        Loss::Score {
            mine,
            theirs,
            needed,
        } if mine > theirs => t.learn().lost_margin(mine, theirs, needed),
        Loss::Score { mine, theirs, .. } => t.learn().lost_game(mine, theirs),
        Loss::CornerGivenUp => t.learn().corner_lost(square),
        Loss::CannotMove => t.learn().lost_cannot_move().to_string(),
        Loss::MadeLastMove => t.learn().lost_last_token().to_string(),
    }
}

/// The learner's move `square` in a played Othello lesson: the computer
/// answers; at the end the result is judged.
pub(super) fn othello_turn<G: LessonGames>(
    t: &'static Texts,
    play: &mut Play<G>,
    square: othello::Square,
) -> Option<AnswerTry> {
    let won = match play.shown.goal {
        Goal::Corner { .. } => "corner",
        _ => "win",
    };
    let Play {
        othello, replier, ..
    } = play;
    let game = othello.as_mut()?;
    let before = game.now();
    let turn = game.play(square, replier);
    let said = |replies: Vec<othello::Move>| {
        let replies = replies.into_iter().map(|m| othello_move(t, m)).collect();
        turn_said(square.to_string(), replies, t)
    };
    match turn {
        Turn::Illegal => {
            note(play, why_text(t, &before, square).0);
            None
        }
        Turn::Goes { replies } => {
            note(play, said(replies));
            None
        }
        Turn::Won { replies } => Some((won.into(), Some(said(replies)), 0)),
        Turn::Lost { replies, why } => {
            let text = format!(
                "{} {}",
                said(replies),
                loss_said(t, why, &square.to_string())
            );
            Some(("lose".into(), Some(text), 0))
        }
    }
}

/// The learner's take `mv` in a take-away game: the computer answers; at
/// the end the result is judged.
pub(super) fn take_turn<G: LessonGames>(
    t: &'static Texts,
    play: &mut Play<G>,
    mv: nim::Move,
) -> Option<AnswerTry> {
    let Play { take, replier, .. } = play;
    let turn = take.as_mut()?.play(mv, replier);
    let said = |replies: Vec<nim::Move>| {
        let replies = replies.into_iter().map(|m| take_said(t, m)).collect();
        turn_said(take_said(t, mv), replies, t)
    };
    match turn {
        Turn::Illegal => None,
        Turn::Goes { replies } => {
            note(play, said(replies));
            None
        }
        Turn::Won { replies } => Some(("win".into(), Some(said(replies)), 0)),
        Turn::Lost { replies, why } => {
            let text = format!("{} {}", said(replies), loss_said(t, why, ""));
            Some(("lose".into(), Some(text), 0))
        }
    }
}

/// The text for a try that `verdict` judged; `said` is what was wrong with
/// the answer, or what the moves of a game did (a right answer on a board
/// needs no account of its flips).
pub(super) fn feedback<G: LessonGames>(
    t: &Texts,
    lesson: &Lesson,
    play: &Play<G>,
    verdict: &Verdict,
    said: Option<String>,
) -> Feedback {
    let lang = t.lang();
    let said = said.map(|w| format!("{w} ")).unwrap_or_default();
    let (tone, text) = match verdict {
        Verdict::Found { .. } => (
            Tone::Right,
            format!(
                "{} {}",
                t.learn().right(),
                t.learn()
                    .found(play.attempt.found().len(), play.attempt.to_find())
            ),
        ),
        Verdict::Again => (Tone::Note, t.learn().already().to_string()),
        Verdict::Wrong => (
            Tone::Wrong,
            format!(
                "{} {said}{}",
                t.learn().wrong(),
                play.shown.pick(&lesson.failure, lang)
            ),
        ),
        Verdict::Solved { stars } => (
            Tone::Right,
            format!(
                "{} {}{} {}",
                t.learn().right(),
                if play.input().played() {
                    said.as_str()
                } else {
                    ""
                },
                play.shown.pick(&lesson.success, lang),
                t.learn().stars(u64::from(*stars))
            ),
        ),
    };
    Feedback {
        tone,
        text,
        flips: 0,
    }
}

/// The heaps of a game under way as a hint describes them: their sizes,
/// values and nim-sum now (not at the start).
pub(super) fn heaps_said(t: &Texts, heaps: &nim::Position) -> String {
    let now = heaps_now(heaps);
    let list = |values: &[u64]| {
        values
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if now.all_nim {
        t.learn().heaps_now(list(&now.sizes), now.nimsum)
    } else {
        t.learn()
            .heaps_now_values(list(&now.sizes), list(&now.values), now.nimsum)
    }
}

/// Whose move it is on an Othello board, as said.
pub(super) fn to_move<G: LessonGames>(t: &Texts, play: &Play<G>) -> Option<&'static str> {
    play.othello_now()
        .map(|position| color_name(t, position.side_to_move()))
}

/// The take-away moves the last hint marks now: the perfect take of a
/// game under way, else every answer it revealed.
pub(super) fn takes_shown<G: LessonGames>(play: &Play<G>) -> Vec<nim::Move> {
    if !play.attempt.took(Hint::Show) {
        return Vec::new();
    }
    if let Some(game) = play.take_game() {
        return game.best().into_iter().collect();
    }
    let Some(heaps) = play.heaps_now() else {
        return Vec::new();
    };
    play.attempt
        .revealed()
        .iter()
        .filter_map(|answer| parse_take(&heaps, answer))
        .collect()
}
