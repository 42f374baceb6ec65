//! A toy game added from outside the crates, through their public traits
//! only: this test follows README's "Adding a game", steps 2 and 4, to
//! show that they still work as written.
//!
//! The game: one heap of tokens; the side to move takes 1, 2 or 3 of
//! them, and whoever takes the last one wins. Its theory is known: a heap
//! that is a multiple of 4 is lost for the side to move, any other is won
//! by leaving a multiple of 4.
//!
//! * Step 2: [`Game`] and an [`Evaluator`] for the heap; the shared search
//!   ([`Searcher`]) then plays it perfectly, finding the theory by itself
//!   (the evaluator knows nothing of it).
//! * Step 4: [`SessionGame`] (with the traits it builds on) and [`Formats`]
//!   for the toy game; [`GameSession`] then gives it moves, undo and redo,
//!   refusals, the computer's turn, the end and its result, share links and
//!   autosaves.
// Native only (the wasm build runs the browser tests of web.rs).
#![cfg(not(target_arch = "wasm32"))]

use std::convert::Infallible;

use serde::{Deserialize, Serialize};

use mind_sports_core::engine::strength::Level;
use mind_sports_core::session::core::{
    Action, Announcement, GameOwn, GameRefusals, GameResults, GameSearch, GameSession, Notice,
    SearchJob, SessionGame,
};
use mind_sports_core::session::formats::{self, decode, encode, Formats, LinkError};
use mind_sports_core::session::player::{read_player, Player, Seats};
use mind_sports_core::session::record::{Playable, Record};
use mind_sports_core::session::turn::Turn;
use mind_sports_engine::clock::ManualClock;
use mind_sports_engine::game::{Evaluator, Game, Score, TableMove};
use mind_sports_engine::search::{reference, Budget, Limits, Progress, SearchResult, Searcher};

// ---------------------------------------------------------------------
// The rules (step 1, as much of it as steps 2 and 4 need).

/// The largest heap a game may start with.
const MAX_TOKENS: u32 = 99;

/// A heap of tokens, checked: a start is built by [`Heap::new`], a later
/// heap by [`Heap::try_play`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Heap {
    tokens: u32,
}

/// A move: how many tokens are taken.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Take(u32);

/// Why a move is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum PlayError {
    /// Only 1, 2 or 3 tokens may be taken.
    NotOneToThree(u32),
    /// More tokens than the heap has.
    MoreThanLeft { take: u32, left: u32 },
    /// The heap is empty: the game is over.
    GameOver,
}

/// Why a start is refused.
#[derive(Clone, PartialEq, Eq, Debug)]
enum StartError {
    /// Not a number of tokens.
    NotANumber(String),
    /// No tokens, or more than [`MAX_TOKENS`].
    OutOfRange(u32),
    /// A start that contradicts the link's `heap`.
    Contradicts { heap: u32, start: u32 },
}

/// Why a record (pasted, or a link's moves) is refused: the bad move,
/// counted from 1, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
enum RecordError {
    /// Not a number of tokens.
    NotANumber(usize, String),
    /// An illegal move.
    Illegal(usize, PlayError),
}

impl Heap {
    /// A start of `tokens` tokens (1 to [`MAX_TOKENS`]).
    fn new(tokens: u32) -> Result<Heap, StartError> {
        if (1..=MAX_TOKENS).contains(&tokens) {
            Ok(Heap { tokens })
        } else {
            Err(StartError::OutOfRange(tokens))
        }
    }

    /// Reads a start written as its number of tokens.
    fn parse(text: &str) -> Result<Heap, StartError> {
        let tokens = text
            .parse()
            .map_err(|_| StartError::NotANumber(text.into()))?;
        Heap::new(tokens)
    }

    /// The legal moves, the smallest first.
    fn moves(self) -> impl Iterator<Item = Take> {
        (1..=3.min(self.tokens)).map(Take)
    }

    /// The heap after `take`, or why it is illegal.
    fn try_play(self, take: Take) -> Result<Heap, PlayError> {
        match take.0 {
            _ if self.tokens == 0 => Err(PlayError::GameOver),
            n if !(1..=3).contains(&n) => Err(PlayError::NotOneToThree(n)),
            n if n > self.tokens => Err(PlayError::MoreThanLeft {
                take: n,
                left: self.tokens,
            }),
            n => Ok(Heap {
                tokens: self.tokens - n,
            }),
        }
    }
}

/// Reads moves written as numbers of tokens, separated by spaces, from
/// `start`.
fn read_takes(start: Heap, text: &str) -> Result<Vec<Take>, RecordError> {
    let mut heap = start;
    let mut takes = Vec::new();
    for (i, word) in text.split_whitespace().enumerate() {
        let take = Take(
            word.parse()
                .map_err(|_| RecordError::NotANumber(i + 1, word.into()))?,
        );
        heap = heap
            .try_play(take)
            .map_err(|e| RecordError::Illegal(i + 1, e))?;
        takes.push(take);
    }
    Ok(takes)
}

/// Writes moves as [`read_takes`] reads them.
fn write_takes(takes: &[Take]) -> String {
    let words: Vec<String> = takes.iter().map(|t| t.0.to_string()).collect();
    words.join(" ")
}

// ---------------------------------------------------------------------
// Step 2: the game for the shared search, and an evaluator.

/// A win, in score units.
const WIN: Score = 1000;

/// Table codes: the number taken.
impl TableMove for Take {
    fn code(self) -> Option<u32> {
        (self.0 < Self::CODES).then_some(self.0)
    }

    fn from_code(code: u32) -> Take {
        Take(code)
    }
}

impl Game for Heap {
    type Move = Take;
    /// A key per number taken (0 is never legal).
    const MOVE_KEYS: usize = 4;

    fn legal_moves(&self, moves: &mut Vec<Take>) {
        moves.extend(self.moves());
    }

    fn play(&self, mv: Take) -> Heap {
        Heap {
            tokens: self.tokens.saturating_sub(mv.0),
        }
    }

    /// No token left: the opponent took the last one and won.
    fn final_score(&self) -> Score {
        -WIN
    }

    fn hash(&self) -> u64 {
        (u64::from(self.tokens) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn move_key(&self, mv: Take) -> usize {
        mv.0 as usize % Self::MOVE_KEYS
    }

    /// Each move takes at least one token.
    fn moves_left_bound(&self) -> Option<u32> {
        Some(self.tokens)
    }
}

/// An evaluation that knows nothing of the theory: every unfinished heap
/// is even, and greed orders the moves (the most tokens first), so the
/// winning move is often tried last. Whatever the search finds, it finds
/// by searching.
#[derive(Clone, Copy, Debug)]
struct Greedy;

impl Evaluator<Heap> for Greedy {
    fn evaluate(&self, _position: &Heap) -> Score {
        0
    }

    fn move_order_hint(&self, _position: &Heap, mv: Take, _depth: i32) -> i32 {
        mv.0 as i32
    }
}

/// The result of a search of `heap` within `limits`.
fn search(heap: Heap, limits: Limits) -> SearchResult<Take> {
    let clock = ManualClock::new();
    let mut searcher = Searcher::new(10, Greedy);
    searcher.search(&heap, &Budget::new(limits, &clock), &mut |_| {})
}

#[test]
fn the_rules_give_one_to_three_tokens_and_end_on_an_empty_heap() {
    let mut moves = Vec::new();
    Heap { tokens: 2 }.legal_moves(&mut moves);
    assert_eq!(moves, [Take(1), Take(2)]);
    moves.clear();
    Heap { tokens: 7 }.legal_moves(&mut moves);
    assert_eq!(moves, [Take(1), Take(2), Take(3)]);
    assert!(!Heap { tokens: 1 }.is_over());
    assert!(Heap { tokens: 1 }.play(Take(1)).is_over());
    assert_ne!(Heap { tokens: 4 }.hash(), Heap { tokens: 5 }.hash());
    for code in 1..=3 {
        assert_eq!(Take::from_code(code).code(), Some(code));
    }
    assert_eq!(Heap::new(0), Err(StartError::OutOfRange(0)));
    assert_eq!(Heap::new(MAX_TOKENS + 1), Err(StartError::OutOfRange(100)));
}

#[test]
fn the_shared_search_plays_the_toy_game_perfectly() {
    for tokens in 1..=20 {
        let heap = Heap::new(tokens).unwrap();
        let result = search(heap, Limits::default());
        // The depth is capped by the moves left: the search is exact.
        assert!(result.exact, "heap {tokens}: {result:?}");
        assert_eq!(
            result.score,
            reference::minimax(&heap, &Greedy, tokens),
            "heap {tokens}"
        );
        let best = result.best.expect("an unfinished heap has a move");
        assert!(heap.moves().any(|m| m == best), "heap {tokens}: {best:?}");
        if tokens % 4 == 0 {
            assert_eq!(result.score, -WIN, "heap {tokens} is lost");
        } else {
            assert_eq!(result.score, WIN, "heap {tokens} is won");
            assert_eq!((tokens - best.0) % 4, 0, "heap {tokens}: took {best:?}");
        }
        // The principal variation is a legal game to the end that the
        // winner wins.
        let mut line = heap;
        for &mv in &result.pv {
            line = line.try_play(mv).unwrap();
        }
        assert!(line.is_over(), "heap {tokens}: {:?}", result.pv);
        assert_eq!(result.pv.len() % 2 == 1, tokens % 4 != 0);
    }
}

#[test]
fn a_shallow_search_does_not_know_and_an_empty_heap_is_lost() {
    // Two moves deep from 9 tokens no end is in sight: only the (blind)
    // evaluation, and the greedy first move.
    let result = search(Heap { tokens: 9 }, Limits::depth(2));
    assert!(!result.exact);
    assert_eq!((result.depth, result.score), (2, 0));
    assert_eq!(result.best, Some(Take(3)));
    let over = search(Heap { tokens: 0 }, Limits::default());
    assert_eq!((over.best, over.score, over.exact), (None, -WIN, true));
}

// ---------------------------------------------------------------------
// Step 4: the game in the session core.

/// A side, named by its turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    First,
    Second,
}

impl Side {
    /// Who moves after `ply` moves.
    fn at(ply: usize) -> Side {
        [Side::First, Side::Second][ply % 2]
    }

    fn other(self) -> Side {
        Side::at(usize::from(self == Side::First))
    }
}

/// How a game is set up: the heap and who plays.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
struct ToySettings {
    tokens: u32,
    first: Player,
    second: Player,
}

impl Default for ToySettings {
    fn default() -> Self {
        ToySettings {
            tokens: 21,
            first: Player::Human,
            second: Player::Computer(Level::MAX),
        }
    }
}

impl Seats for ToySettings {
    fn seats(&self) -> [Player; 2] {
        [self.first, self.second]
    }

    fn seat(&mut self, index: usize, player: Player) {
        *[&mut self.first, &mut self.second][index.min(1)] = player;
    }
}

/// The toy game in the session core.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Toy;

/// What a move left.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Took {
    left: u32,
}

/// Who won.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct ToyOutcome {
    winner: Side,
}

impl Playable for Heap {
    type Move = Take;
    type Error = PlayError;

    fn try_play(&self, mv: Take) -> Result<Heap, PlayError> {
        Heap::try_play(*self, mv)
    }
}

impl GameSearch for Toy {
    /// No analysis beside the computer's move.
    type Analysis = Infallible;
    /// The shared search's reports, as they are.
    type Progress = Progress<Take>;
    type Answer = SearchResult<Take>;
}

impl GameResults for Toy {
    type Effect = Took;
    type Outcome = ToyOutcome;
}

impl GameRefusals for Toy {
    type RecordError = RecordError;
    type StartError = StartError;
}

impl GameOwn for Toy {
    type Extra = ();
    type GameAction = Infallible;
    type GameNotice = Infallible;
    type GameAnnouncement = Infallible;
}

impl SessionGame for Toy {
    type Position = Heap;
    type Side = Side;
    type Settings = ToySettings;

    fn sides() -> [Side; 2] {
        [Side::First, Side::Second]
    }

    fn start(settings: &ToySettings) -> Heap {
        Heap::new(settings.tokens).unwrap_or(Heap { tokens: 21 })
    }

    fn side_to_move(_position: &Heap, ply: usize) -> Side {
        Side::at(ply)
    }

    fn is_over(position: &Heap) -> bool {
        Game::is_over(position)
    }

    fn must_pass(_position: &Heap) -> bool {
        false
    }

    fn pass() -> Option<Take> {
        None
    }

    /// Whoever took the last token: the side that moved last.
    fn outcome(_settings: &ToySettings, position: &Heap, ply: usize) -> Option<ToyOutcome> {
        Game::is_over(position).then(|| ToyOutcome {
            winner: Side::at(ply).other(),
        })
    }

    fn time_loss(_settings: &ToySettings, _position: &Heap, loser: Side) -> ToyOutcome {
        ToyOutcome {
            winner: loser.other(),
        }
    }

    fn effect(before: &Heap, mv: &Take) -> Took {
        Took {
            left: before.tokens.saturating_sub(mv.0),
        }
    }

    fn replay(settings: &ToySettings, text: &str) -> Result<Record<Heap>, RecordError> {
        let start = Self::start(settings);
        let takes = read_takes(start, text)?;
        Ok(Record::from_moves(start, &takes, takes.len()).expect("the moves were checked"))
    }

    fn answer_move(answer: &SearchResult<Take>) -> Option<Take> {
        answer.best
    }

    fn progress_move(progress: &Progress<Take>) -> Option<Take> {
        Some(progress.best)
    }
}

impl Formats for Toy {
    const SETTING_KEYS: &'static [&'static str] = &["heap", "first", "second"];

    fn setting_values(settings: &ToySettings) -> Vec<String> {
        vec![
            settings.tokens.to_string(),
            settings.first.code(),
            settings.second.code(),
        ]
    }

    fn read_setting(settings: &mut ToySettings, key: &str, value: &str) -> bool {
        match key {
            "heap" => Heap::parse(value)
                .map(|heap| settings.tokens = heap.tokens)
                .is_ok(),
            "first" => read_player(&mut settings.first, value),
            "second" => read_player(&mut settings.second, value),
            _ => false,
        }
    }

    fn start_text(settings: &ToySettings, start: &Heap) -> Option<String> {
        (start.tokens != settings.tokens).then(|| start.tokens.to_string())
    }

    fn read_start(
        settings: &mut ToySettings,
        text: &str,
        given: &[String],
    ) -> Result<Heap, StartError> {
        let start = Heap::parse(text)?;
        if given.iter().any(|key| key == "heap") && settings.tokens != start.tokens {
            return Err(StartError::Contradicts {
                heap: settings.tokens,
                start: start.tokens,
            });
        }
        settings.tokens = start.tokens;
        Ok(start)
    }

    fn moves_text(_settings: &ToySettings, moves: &[Take]) -> String {
        write_takes(moves)
    }

    fn read_moves(
        _settings: &ToySettings,
        start: &Heap,
        text: &str,
    ) -> Result<Vec<Take>, RecordError> {
        read_takes(*start, text)
    }

    fn record_text(_settings: &ToySettings, moves: &[Take]) -> String {
        write_takes(moves)
    }

    fn check_settings(settings: &ToySettings) -> Result<(), String> {
        Heap::new(settings.tokens)
            .map(|_| ())
            .map_err(|e| format!("{e:?}"))
    }
}

/// A game between two people on a heap of `tokens`.
fn two_people(tokens: u32) -> GameSession<Toy> {
    GameSession::new(ToySettings {
        tokens,
        first: Player::Human,
        second: Player::Human,
    })
}

/// What the session said last.
fn said(session: &GameSession<Toy>) -> &[Announcement<Toy>] {
    &session.announcement.as_ref().expect("something was said").1
}

#[test]
fn two_people_play_take_back_replay_and_finish() {
    let mut game = two_people(6);
    assert_eq!(game.turn(), Turn::HumanMove(Side::First));
    game.apply(Action::Play(Take(2)));
    assert_eq!(game.position(), Heap { tokens: 4 });
    assert_eq!(game.turn(), Turn::HumanMove(Side::Second));
    assert_eq!(
        said(&game),
        [Announcement::Moved {
            side: Side::First,
            mv: Take(2),
            effect: Took { left: 4 },
            by_computer: false,
        }]
    );
    game.apply(Action::Play(Take(3)));
    assert_eq!(game.position(), Heap { tokens: 1 });
    // Two people: undo and redo go one move at a time.
    game.apply(Action::Undo);
    assert_eq!((game.record.cursor(), game.position().tokens), (1, 4));
    assert_eq!(said(&game), [Announcement::Undone(1)]);
    game.apply(Action::Redo);
    assert_eq!((game.record.cursor(), game.position().tokens), (2, 1));
    assert_eq!(said(&game), [Announcement::Redone(2)]);
    assert_eq!(game.outcome(), None);
    assert!(game.in_progress());
    // The first takes the last token and wins.
    game.apply(Action::Play(Take(1)));
    let won = ToyOutcome {
        winner: Side::First,
    };
    assert_eq!(game.turn(), Turn::Over);
    assert_eq!(game.outcome(), Some(won));
    assert!(!game.in_progress());
    assert_eq!(said(&game).last(), Some(&Announcement::GameOver(won)));
    game.apply(Action::Play(Take(1)));
    assert_eq!(game.notice, Some(Notice::GameOver));
    assert_eq!(game.record.line(), [Take(2), Take(3), Take(1)]);
    // Going back and playing otherwise starts a new line.
    game.apply(Action::Undo);
    game.apply(Action::Undo);
    game.apply(Action::Play(Take(1)));
    assert_eq!(game.record.line(), [Take(2), Take(1)]);
    assert_eq!(game.outcome(), None);
}

#[test]
fn illegal_moves_are_refused_with_a_notice() {
    let mut game = two_people(2);
    game.apply(Action::Play(Take(3)));
    let too_many = PlayError::MoreThanLeft { take: 3, left: 2 };
    assert_eq!(game.notice, Some(Notice::Illegal(too_many)));
    assert_eq!(said(&game), [Announcement::Refused(too_many, Side::First)]);
    assert_eq!(game.record.cursor(), 0);
    game.apply(Action::Play(Take(0)));
    let none = PlayError::NotOneToThree(0);
    assert_eq!(game.notice, Some(Notice::Illegal(none)));
    // A legal move clears the notice, and ends this game: the second
    // side never moved.
    game.apply(Action::Play(Take(2)));
    assert_eq!(game.notice, None);
    assert_eq!(
        game.outcome(),
        Some(ToyOutcome {
            winner: Side::First
        })
    );
}

/// Runs the search the session wants, as the worker would, and hands the
/// answer back.
fn computer_moves(game: &mut GameSession<Toy>, id: u64) {
    let (job, position) = game.wanted_search().expect("the computer is to move");
    assert_eq!(job, SearchJob::Play);
    game.apply(Action::SearchStarted(id, job, position));
    assert!(game.thinking());
    let answer = search(position, Limits::default());
    game.apply(Action::Finished(id, answer));
}

#[test]
fn the_computer_answers_with_the_shared_search_and_undo_takes_both_back() {
    let mut game = GameSession::<Toy>::new(ToySettings::default());
    assert_eq!(game.wanted_search(), None, "the person moves first");
    // 21 tokens: taking 1 wins, taking 2 lets the computer win.
    game.apply(Action::Play(Take(2)));
    assert_eq!(game.turn(), Turn::Computer(Side::Second));
    computer_moves(&mut game, 1);
    assert_eq!(game.position(), Heap { tokens: 16 });
    assert_eq!(
        said(&game),
        [Announcement::Moved {
            side: Side::Second,
            mv: Take(3),
            effect: Took { left: 16 },
            by_computer: true,
        }]
    );
    assert_eq!(game.turn(), Turn::HumanMove(Side::First));
    // Undo takes back the person's move with the computer's reply, redo
    // replays both.
    game.apply(Action::Undo);
    assert_eq!(game.record.cursor(), 0);
    game.apply(Action::Redo);
    assert_eq!(game.record.cursor(), 2);
    // An answer about a position no longer shown is not played.
    game.apply(Action::Play(Take(1)));
    let (job, position) = game.wanted_search().unwrap();
    game.apply(Action::SearchStarted(2, job, position));
    game.apply(Action::Undo);
    game.apply(Action::Finished(2, search(position, Limits::default())));
    assert_eq!(game.record.cursor(), 2);
    // Played to the end, the computer wins from a lost start.
    let mut id = 3;
    while game.outcome().is_none() {
        match game.turn() {
            Turn::HumanMove(_) => game.apply(Action::Play(Take(1))),
            _ => computer_moves(&mut game, id),
        }
        id += 1;
    }
    assert_eq!(
        game.outcome(),
        Some(ToyOutcome {
            winner: Side::Second
        })
    );
}

#[test]
fn pasted_records_replay_or_name_the_bad_move() {
    let mut game = two_people(6);
    game.apply(Action::Paste("1 2 x".into()));
    assert_eq!(
        game.notice,
        Some(Notice::Record(RecordError::NotANumber(3, "x".into())))
    );
    game.apply(Action::Paste("3 3 1".into()));
    assert_eq!(
        game.notice,
        Some(Notice::Record(RecordError::Illegal(3, PlayError::GameOver)))
    );
    assert_eq!(game.record.cursor(), 0, "the game was kept");
    game.apply(Action::Paste("1 2".into()));
    assert_eq!(said(&game), [Announcement::Loaded]);
    assert_eq!(game.record.line(), [Take(1), Take(2)]);
    assert_eq!(game.position(), Heap { tokens: 3 });
    assert_eq!(Toy::record_text(&game.settings, game.record.line()), "1 2");
}

#[test]
fn share_links_and_autosaves_round_trip() {
    let settings = ToySettings::default();
    let mut record = Record::new(Toy::start(&settings));
    for take in [1, 3, 2] {
        record.play(Take(take)).unwrap();
    }
    record.go_to(2);
    let link = encode::<Toy>(&settings, &record);
    assert_eq!(link, "heap=21&first=human&second=c7&moves=1+3+2&at=2");
    assert_eq!(decode::<Toy>(&link), Ok((settings.clone(), record.clone())));
    let saved = formats::save::<Toy>(&settings, &record);
    assert_eq!(formats::load::<Toy>(&saved), Ok((settings, record)));
    // A start other than the settings' heap is written, and read back.
    let (read, from_nine) = decode::<Toy>("start=9&moves=1").unwrap();
    assert_eq!((read.tokens, from_nine.current()), (9, Heap { tokens: 8 }));
    // What does not read is refused, never half-loaded.
    let bad_value = |key: &str, value: &str| LinkError::BadValue {
        key: key.into(),
        value: value.into(),
    };
    assert_eq!(decode::<Toy>("heap=0"), Err(bad_value("heap", "0")));
    assert_eq!(
        decode::<Toy>("first=robot"),
        Err(bad_value("first", "robot"))
    );
    assert_eq!(
        decode::<Toy>("heap=5&moves=3+3"),
        Err(LinkError::Moves(RecordError::Illegal(
            2,
            PlayError::MoreThanLeft { take: 3, left: 2 }
        )))
    );
    assert_eq!(
        decode::<Toy>("heap=5&start=7"),
        Err(LinkError::Start(StartError::Contradicts {
            heap: 5,
            start: 7
        }))
    );
}
