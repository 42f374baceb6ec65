//! The Othello page's state and the actions that change it: a pure reducer,
//! tested natively; the UI only renders it and runs the searches it asks for.

use std::collections::BTreeMap;

use crate::engine::othello::levels::Choice;
use crate::engine::othello::notation::{self, BoardTextError, TranscriptError};
use crate::engine::othello::{Color, Move, Outcome, PlayError, Position, Square};
use crate::engine::search::{MoveScores, Progress};

use super::link::LinkError;
use super::saved::SavedError;
use super::settings::Settings;
use super::Record;

/// What the side to move must do next.
pub type Turn = crate::session::turn::Turn<Color>;

/// What a search is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SearchKind {
    /// The computer's move.
    Play,
    /// Scores of every move for the hint display.
    Hint,
    /// The evaluation of the position after `ply` moves, for the graph.
    Evaluate {
        /// The ply evaluated.
        ply: usize,
    },
}

/// A search running in the worker.
#[derive(Clone, PartialEq, Debug)]
pub struct Search {
    /// The request id.
    pub id: u64,
    /// What it is for.
    pub kind: SearchKind,
    /// The position searched.
    pub position: Position,
    /// The last completed depth, once there is one.
    pub progress: Option<Progress<Move>>,
}

/// An engine evaluation of a position, from black's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Evaluation {
    /// Hundredths of a disc; positive is good for black.
    pub black_score: i32,
    /// True when it is the exact game result.
    pub exact: bool,
}

/// Something to say to a screen-reader user (and show).
#[derive(Clone, PartialEq, Debug)]
pub enum Announcement {
    /// A disc was placed.
    Moved {
        /// Who moved.
        color: Color,
        /// Where.
        square: Square,
        /// The discs flipped.
        flipped: Vec<Square>,
        /// True for the computer's move.
        by_computer: bool,
    },
    /// A side passed.
    Passed {
        /// Who passed.
        color: Color,
        /// True for the computer.
        by_computer: bool,
    },
    /// The side to move must pass.
    MustPass(Color),
    /// The game ended.
    GameOver(Outcome),
    /// The disc counts, on request.
    Score {
        /// Black's discs.
        black: u32,
        /// White's discs.
        white: u32,
        /// Whose turn it is.
        to_move: Option<Color>,
    },
    /// The last move, on request (`None` at the start).
    LastMove(Option<(Color, Move)>),
    /// Moves were taken back; the position now has this many moves played.
    Undone(usize),
    /// Moves were replayed.
    Redone(usize),
    /// A new game started.
    NewGame,
    /// A game was loaded.
    Loaded,
}

/// A message shown to the user until the next action.
#[derive(Clone, PartialEq, Debug)]
pub enum Notice {
    /// A move was refused.
    Illegal(PlayError),
    /// A pasted transcript was refused; the game was kept.
    Transcript(TranscriptError),
    /// A board string was refused; the game was kept.
    Board(BoardTextError),
    /// The opened link was refused; the game in progress (or a new one) was kept.
    Link(LinkError),
    /// The autosaved game could not be restored; it was set aside.
    Saved(SavedError),
    /// The transcript was copied.
    Copied,
    /// The share link was copied.
    LinkCopied,
    /// The engine kept failing on this position and the computer stopped
    /// (the game is kept; "continue" asks again).
    EngineFailed,
}

/// Everything the Othello page shows.
#[derive(Clone, PartialEq, Debug)]
pub struct OthelloState {
    /// How the game is set up.
    pub settings: Settings,
    /// The moves.
    pub record: Record,
    /// The search running in the worker, if any.
    pub search: Option<Search>,
    /// Scores of every move of the current position (hint mode).
    pub hints: Option<(Position, MoveScores<Move>, bool)>,
    /// Whether hints are wanted.
    pub hint_mode: bool,
    /// Whether legal moves are marked.
    pub show_legal: bool,
    /// The computer waits for "continue" (after going back in the record).
    pub paused: bool,
    /// Evaluations by ply, for the graph.
    pub evaluations: BTreeMap<usize, Evaluation>,
    /// Whether every position of the game should be evaluated.
    pub analyse_game: bool,
    /// A message until the next action.
    pub notice: Option<Notice>,
    /// The latest announcements (spoken together), numbered so that a
    /// repeated message is still spoken.
    pub announcement: Option<(u32, Vec<Announcement>)>,
    /// Discs flipped by the move just played (for the animation).
    pub flipped: u64,
}

/// Everything that can happen on the page.
#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    /// A person plays a move (a square, or a confirmed pass).
    Play(Move),
    /// Back to the person's previous turn.
    Undo,
    /// Forward to the person's next turn in the recorded line.
    Redo,
    /// To the position after `ply` moves.
    GoTo(usize),
    /// The computer may move again after going back.
    Resume,
    /// A new game.
    NewGame(Settings, Option<Position>),
    /// Replace the game by a loaded one.
    Load(Settings, Record),
    /// Load a transcript from the standard start (keeps the game on error).
    LoadTranscript(String),
    /// Start a game from a board string (keeps the game on error).
    LoadBoard(String),
    /// A search was sent to the worker.
    SearchStarted(u64, SearchKind, Position),
    /// The running search was abandoned.
    SearchCancelled,
    /// The worker kept failing on that request; the computer stops.
    SearchFailed(u64),
    /// A search completed a depth.
    Progress(u64, Progress<Move>),
    /// A hint search completed a depth.
    Scores(u64, MoveScores<Move>),
    /// A search finished.
    Finished(u64, Choice),
    /// Play the computer's best move so far now.
    MoveNow,
    /// Switch hints on or off.
    SetHintMode(bool),
    /// Switch legal-move markers on or off.
    SetShowLegal(bool),
    /// Evaluate every position of the game for the graph.
    AnalyseGame,
    /// Say something (score, last move).
    Announce(Announcement),
    /// Show or clear a notice.
    SetNotice(Option<Notice>),
}

impl OthelloState {
    /// A fresh game with `settings`.
    pub fn new(settings: Settings) -> OthelloState {
        OthelloState::with_record(settings, Record::new(Position::start(settings.rules)))
    }

    /// A game with `settings` and an existing record.
    pub fn with_record(settings: Settings, record: Record) -> OthelloState {
        OthelloState {
            settings,
            record,
            search: None,
            hints: None,
            hint_mode: false,
            show_legal: settings.suggests_markers(),
            paused: false,
            evaluations: BTreeMap::new(),
            analyse_game: false,
            notice: None,
            announcement: None,
            flipped: 0,
        }
    }

    /// The current position.
    pub fn position(&self) -> Position {
        self.record.current()
    }

    /// What happens next in `position` under these settings.
    fn turn_at(&self, position: &Position) -> Turn {
        let side = position.side_to_move();
        Turn::of(
            position.is_over(),
            side,
            position.must_pass(),
            self.settings.player(side).is_computer(),
        )
    }

    /// What happens next.
    pub fn turn(&self) -> Turn {
        self.turn_at(&self.position())
    }

    /// The search the worker should be running now, if any: the computer's
    /// move first, then hints, then the game analysis.
    pub fn wanted_search(&self) -> Option<(SearchKind, Position)> {
        let position = self.position();
        match self.turn() {
            Turn::Computer(_) if !self.paused => return Some((SearchKind::Play, position)),
            Turn::HumanMove(_) if self.hint_mode => {
                let done = matches!(&self.hints, Some((p, _, true)) if *p == position);
                if !done {
                    return Some((SearchKind::Hint, position));
                }
            }
            _ => {}
        }
        if self.analyse_game {
            let missing = (0..=self.record.line().len()).find(|ply| {
                !self.evaluations.contains_key(ply) && !self.record.position_at(*ply).is_over()
            });
            if let Some(ply) = missing {
                return Some((SearchKind::Evaluate { ply }, self.record.position_at(ply)));
            }
        }
        None
    }

    /// Starts a new announcement.
    fn announce(&mut self, announcement: Announcement) {
        let seq = self.announcement.as_ref().map_or(0, |(n, _)| n + 1);
        self.announcement = Some((seq, vec![announcement]));
    }

    /// Adds to the announcement just started (spoken together).
    fn announce_also(&mut self, announcement: Announcement) {
        match &mut self.announcement {
            Some((_, list)) => list.push(announcement),
            None => self.announce(announcement),
        }
    }

    fn record_evaluation(&mut self, ply: usize, position: &Position, score: i32, exact: bool) {
        let black_score = if position.side_to_move() == Color::Black {
            score
        } else {
            -score
        };
        self.evaluations
            .insert(ply, Evaluation { black_score, exact });
    }

    /// Plays `mv` on the record and announces it.
    fn play_move(&mut self, mv: Move, by_computer: bool) -> Result<(), PlayError> {
        let before = self.position();
        let color = before.side_to_move();
        let flipped = match mv {
            Move::Place(square) => before.flips(square),
            Move::Pass => 0,
        };
        let extends_line = self.record.line().get(self.record.cursor()) != Some(&mv);
        self.record.play(mv)?;
        if extends_line {
            let cursor = self.record.cursor();
            self.evaluations.retain(|&ply, _| ply < cursor);
        }
        self.flipped = flipped;
        self.paused = false;
        self.announce(match mv {
            Move::Place(square) => Announcement::Moved {
                color,
                square,
                flipped: Square::iter(flipped).collect(),
                by_computer,
            },
            Move::Pass => Announcement::Passed { color, by_computer },
        });
        self.announce_consequences();
        Ok(())
    }

    /// After a move: the end of the game, or a pass the person must make.
    fn announce_consequences(&mut self) {
        let after = self.position();
        if let Some(outcome) = after.outcome() {
            self.announce_also(Announcement::GameOver(outcome));
        } else if matches!(self.turn(), Turn::HumanPass(_)) {
            self.announce_also(Announcement::MustPass(after.side_to_move()));
        }
    }

    /// True when a person has a real move at `ply` (undo and redo stop there).
    fn is_human_move_at(&self, ply: usize) -> bool {
        matches!(
            self.turn_at(&self.record.position_at(ply)),
            Turn::HumanMove(_)
        )
    }

    fn no_human(&self) -> bool {
        self.settings.computer_only()
    }

    /// Where undo goes: the person's previous turn (their move and the
    /// computer's reply are taken back together).
    pub fn undo_target(&self) -> Option<usize> {
        self.record
            .undo_target(|ply| self.no_human() || self.is_human_move_at(ply))
    }

    /// Where redo goes: the person's next turn in the recorded line, or its end.
    pub fn redo_target(&self) -> Option<usize> {
        self.record
            .redo_target(|ply| self.no_human() || self.is_human_move_at(ply))
    }

    fn go_to(&mut self, ply: usize) -> bool {
        if !self.record.go_to(ply) {
            return false;
        }
        self.flipped = 0;
        // Reviewing the game: the computer does not move by itself until
        // asked to continue.
        self.paused = matches!(self.turn(), Turn::Computer(_));
        true
    }

    fn replace_game(&mut self, settings: Settings, record: Record) {
        let keep = (
            self.hint_mode,
            self.show_legal && settings.rules == self.settings.rules,
        );
        *self = OthelloState::with_record(settings, record);
        self.hint_mode = keep.0;
        self.show_legal = self.show_legal || keep.1;
        self.paused = false;
    }

    /// Applies `action`.
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Play(mv) => {
                self.notice = match self.turn() {
                    Turn::HumanMove(_) | Turn::HumanPass(_) => {
                        self.play_move(mv, false).err().map(Notice::Illegal)
                    }
                    Turn::Over => Some(Notice::Illegal(PlayError::GameOver)),
                    // Not the person's turn: the click is ignored.
                    Turn::Computer(_) => self.notice.take(),
                };
            }
            Action::Undo => {
                if let Some(ply) = self.undo_target() {
                    self.go_to(ply);
                    self.notice = None;
                    self.announce(Announcement::Undone(ply));
                }
            }
            Action::Redo => {
                if let Some(ply) = self.redo_target() {
                    self.go_to(ply);
                    self.notice = None;
                    self.announce(Announcement::Redone(ply));
                }
            }
            Action::GoTo(ply) => {
                if self.go_to(ply) {
                    self.notice = None;
                }
            }
            Action::Resume => self.paused = false,
            Action::NewGame(settings, start) => {
                let start = start.unwrap_or_else(|| Position::start(settings.rules));
                self.replace_game(settings, Record::new(start));
                self.show_legal = settings.suggests_markers();
                self.announce(Announcement::NewGame);
            }
            Action::Load(settings, record) => {
                self.replace_game(settings, record);
                self.announce(Announcement::Loaded);
            }
            Action::LoadTranscript(text) => {
                match notation::replay_from_start(self.settings.rules, &text) {
                    Ok(game) => {
                        let record = Record::from_moves(game.start, &game.moves, game.moves.len())
                            .expect("replayed moves are legal");
                        self.replace_game(self.settings, record);
                        self.announce(Announcement::Loaded);
                    }
                    Err(e) => self.notice = Some(Notice::Transcript(e)),
                }
            }
            Action::LoadBoard(text) => {
                match notation::parse_board(&text, self.settings.rules.variant) {
                    Ok(start) => {
                        let settings = Settings {
                            rules: start.rules(),
                            ..self.settings
                        };
                        self.replace_game(settings, Record::new(start));
                        self.announce(Announcement::Loaded);
                    }
                    Err(e) => self.notice = Some(Notice::Board(e)),
                }
            }
            Action::SearchStarted(id, kind, position) => {
                self.search = Some(Search {
                    id,
                    kind,
                    position,
                    progress: None,
                });
            }
            Action::SearchCancelled => self.search = None,
            Action::SearchFailed(id) => {
                if let Some(search) = self.search.take_if(|s| s.id == id) {
                    match search.kind {
                        SearchKind::Play => self.paused = true,
                        SearchKind::Hint => self.hint_mode = false,
                        SearchKind::Evaluate { .. } => self.analyse_game = false,
                    }
                    self.notice = Some(Notice::EngineFailed);
                }
            }
            Action::Progress(id, progress) => {
                if let Some(search) = self.search.as_mut().filter(|s| s.id == id) {
                    search.progress = Some(progress);
                }
            }
            Action::Scores(id, scores) => {
                let Some(search) = self
                    .search
                    .as_ref()
                    .filter(|s| s.id == id && s.kind == SearchKind::Hint)
                else {
                    return;
                };
                let position = search.position;
                if let Some((_, best)) = scores.best() {
                    if position == self.position() {
                        let ply = self.record.cursor();
                        self.record_evaluation(ply, &position, best, scores.exact);
                    }
                }
                self.hints = Some((position, scores, false));
            }
            Action::Finished(id, choice) => self.finish_search(id, choice),
            Action::MoveNow => {
                let Some(search) = self.search.clone().filter(|s| s.kind == SearchKind::Play)
                else {
                    return;
                };
                let best = search
                    .progress
                    .as_ref()
                    .map(|p| p.best)
                    .or_else(|| search.position.moves().first().copied());
                if let Some(mv) = best {
                    self.finish_search(
                        search.id,
                        Choice {
                            best: Some(mv),
                            score: search.progress.as_ref().map(|p| p.score),
                            exact: search.progress.as_ref().is_some_and(|p| p.exact),
                        },
                    );
                }
            }
            Action::SetHintMode(on) => self.hint_mode = on,
            Action::SetShowLegal(on) => self.show_legal = on,
            Action::AnalyseGame => self.analyse_game = true,
            Action::Announce(announcement) => self.announce(announcement),
            Action::SetNotice(notice) => self.notice = notice,
        }
    }

    fn finish_search(&mut self, id: u64, choice: Choice) {
        let Some(search) = self.search.take_if(|s| s.id == id) else {
            return;
        };
        match search.kind {
            SearchKind::Play => {
                let current = self.position();
                if search.position != current
                    || !matches!(self.turn(), Turn::Computer(_))
                    || self.paused
                {
                    return;
                }
                if let Some(score) = choice.score {
                    self.record_evaluation(self.record.cursor(), &current, score, choice.exact);
                }
                if let Some(mv) = choice.best {
                    if self.play_move(mv, true).is_ok() {
                        self.notice = None;
                    }
                }
            }
            SearchKind::Hint => {
                if let Some((position, _, done)) = self.hints.as_mut() {
                    if *position == search.position {
                        *done = true;
                    }
                }
                if self
                    .hints
                    .as_ref()
                    .is_none_or(|(p, _, _)| *p != search.position)
                {
                    // Finished without a completed depth: nothing to show, but
                    // do not ask again for this position.
                    self.hints = Some((
                        search.position,
                        MoveScores {
                            depth: 0,
                            scores: Vec::new(),
                            exact: false,
                            nodes: 0,
                            elapsed_ms: 0.0,
                        },
                        true,
                    ));
                }
            }
            SearchKind::Evaluate { ply } => {
                if self.record.position_at(ply) == search.position {
                    let score = choice.score.unwrap_or(0);
                    self.record_evaluation(ply, &search.position, score, choice.exact);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::othello::Rules;
    use crate::session::player::Player;

    fn sq(name: &str) -> Move {
        let b = name.as_bytes();
        Move::Place(Square::new(b[0] - b'a', b[1] - b'1').unwrap())
    }

    fn choice(mv: &str) -> Choice {
        Choice {
            best: Some(sq(mv)),
            score: Some(150),
            exact: false,
        }
    }

    /// Plays the computer's move `mv` through a search, as the UI would.
    fn computer_plays(state: &mut OthelloState, id: u64, mv: &str) {
        let (kind, position) = state.wanted_search().expect("the computer should be asked");
        assert_eq!(kind, SearchKind::Play);
        state.apply(Action::SearchStarted(id, kind, position));
        state.apply(Action::Finished(id, choice(mv)));
    }

    #[test]
    fn a_game_against_the_computer_alternates() {
        let mut state = OthelloState::new(Settings::default());
        assert_eq!(state.turn(), Turn::HumanMove(Color::Black));
        assert_eq!(state.wanted_search(), None);
        state.apply(Action::Play(sq("f5")));
        assert_eq!(state.turn(), Turn::Computer(Color::White));
        computer_plays(&mut state, 1, "d6");
        assert_eq!(state.turn(), Turn::HumanMove(Color::Black));
        assert_eq!(state.record.cursor(), 2);
        // The computer's evaluation was kept for the graph (white's +1.5 is
        // black's -1.5).
        assert_eq!(state.evaluations[&1].black_score, -150);
        let (_, said) = state.announcement.clone().unwrap();
        assert_eq!(
            said,
            vec![Announcement::Moved {
                color: Color::White,
                square: Square::new(3, 5).unwrap(),
                flipped: vec![Square::new(3, 4).unwrap()],
                by_computer: true
            }]
        );
    }

    #[test]
    fn stale_and_foreign_answers_are_ignored() {
        let mut state = OthelloState::new(Settings::default());
        state.apply(Action::Play(sq("f5")));
        let (kind, position) = state.wanted_search().unwrap();
        state.apply(Action::SearchStarted(7, kind, position));
        state.apply(Action::Finished(6, choice("d6")));
        assert_eq!(state.record.cursor(), 1, "answer to an old request");
        // Undo while the computer thinks: its answer must not be played.
        state.apply(Action::Undo);
        state.apply(Action::Finished(7, choice("d6")));
        assert_eq!(state.record.cursor(), 0);
        assert_eq!(state.turn(), Turn::HumanMove(Color::Black));
    }

    #[test]
    fn undo_and_redo_step_over_the_computers_replies() {
        let mut state = OthelloState::new(Settings::default());
        state.apply(Action::Play(sq("f5")));
        computer_plays(&mut state, 1, "d6");
        state.apply(Action::Play(sq("c3")));
        computer_plays(&mut state, 2, "d3");
        assert_eq!(state.record.cursor(), 4);
        state.apply(Action::Undo);
        assert_eq!(state.record.cursor(), 2);
        state.apply(Action::Undo);
        assert_eq!(state.record.cursor(), 0);
        state.apply(Action::Undo);
        assert_eq!(state.record.cursor(), 0);
        state.apply(Action::Redo);
        assert_eq!(state.record.cursor(), 2);
        state.apply(Action::Redo);
        assert_eq!(state.record.cursor(), 4);
        assert_eq!(state.wanted_search(), None);
    }

    #[test]
    fn going_back_to_the_computers_turn_pauses_it() {
        let mut state = OthelloState::new(Settings::default());
        state.apply(Action::Play(sq("f5")));
        computer_plays(&mut state, 1, "d6");
        state.apply(Action::GoTo(1));
        assert_eq!(state.turn(), Turn::Computer(Color::White));
        assert!(state.paused);
        assert_eq!(state.wanted_search(), None);
        state.apply(Action::Resume);
        assert_eq!(state.wanted_search().map(|w| w.0), Some(SearchKind::Play));
    }

    #[test]
    fn move_now_plays_the_best_move_so_far() {
        let mut state = OthelloState::new(Settings::default());
        state.apply(Action::Play(sq("f5")));
        let (kind, position) = state.wanted_search().unwrap();
        state.apply(Action::SearchStarted(3, kind, position));
        state.apply(Action::Progress(
            3,
            Progress {
                depth: 4,
                score: -20,
                best: sq("f4"),
                pv: vec![sq("f4")],
                nodes: 100,
                elapsed_ms: 5.0,
                exact: false,
            },
        ));
        state.apply(Action::MoveNow);
        assert_eq!(state.record.last_move(), Some(sq("f4")));
        assert_eq!(state.search, None);
    }

    #[test]
    fn a_bad_transcript_keeps_the_game() {
        let mut state = OthelloState::new(Settings::default());
        state.apply(Action::Play(sq("f5")));
        let before = state.record.clone();
        state.apply(Action::LoadTranscript("f5 d6 c9".into()));
        assert_eq!(state.record, before);
        assert_eq!(
            state.notice.as_ref().map(|n| matches!(
                n,
                Notice::Transcript(TranscriptError::NotASquare { number: 3, .. })
            )),
            Some(true)
        );
        state.apply(Action::LoadTranscript("F5 d6 C3".into()));
        assert_eq!(state.record.cursor(), 3);
        assert_eq!(state.notice, None);
    }

    #[test]
    fn a_person_who_must_pass_is_told_and_confirms() {
        // Two people on 4×4: find a random game with a pass.
        let settings = Settings {
            rules: Rules::new(
                crate::engine::othello::BoardSize::Four,
                crate::engine::othello::Variant::Standard,
            ),
            black: Player::Human,
            white: Player::Human,
            think_ms: 1000,
        };
        let mut rng = crate::engine::rng::Rng::new(4);
        for _ in 0..500 {
            let mut state = OthelloState::new(settings);
            while state.turn() != Turn::Over {
                if let Turn::HumanPass(color) = state.turn() {
                    let said = &state.announcement.as_ref().unwrap().1;
                    assert_eq!(said.last(), Some(&Announcement::MustPass(color)));
                    state.apply(Action::Play(sq("a1")));
                    assert!(matches!(
                        state.notice,
                        Some(Notice::Illegal(PlayError::MustPass(_)))
                    ));
                    state.apply(Action::Play(Move::Pass));
                    assert_eq!(state.notice, None);
                    return;
                }
                let moves = state.position().moves();
                state.apply(Action::Play(*rng.choose(&moves).unwrap()));
            }
        }
        panic!("no pass in 500 random 4×4 games");
    }

    #[test]
    fn hints_are_asked_for_on_the_persons_turn_and_kept() {
        let mut state = OthelloState::new(Settings::default());
        state.apply(Action::SetHintMode(true));
        let (kind, position) = state.wanted_search().unwrap();
        assert_eq!(kind, SearchKind::Hint);
        state.apply(Action::SearchStarted(1, kind, position));
        let scores = MoveScores {
            depth: 3,
            scores: vec![
                (sq("d3"), 50),
                (sq("c4"), 50),
                (sq("f5"), 50),
                (sq("e6"), 50),
            ],
            exact: false,
            nodes: 10,
            elapsed_ms: 1.0,
        };
        state.apply(Action::Scores(1, scores));
        state.apply(Action::Finished(1, choice("d3")));
        assert_eq!(state.wanted_search(), None);
        assert_eq!(state.hints.as_ref().unwrap().1.scores.len(), 4);
        assert_eq!(state.evaluations[&0].black_score, 50);
    }

    #[test]
    fn analysing_the_game_evaluates_each_position_once() {
        let mut state = OthelloState::new(Settings {
            white: Player::Human,
            ..Settings::default()
        });
        for m in ["f5", "d6", "c3"] {
            state.apply(Action::Play(sq(m)));
        }
        state.apply(Action::AnalyseGame);
        let mut id = 0;
        while let Some((kind, position)) = state.wanted_search() {
            id += 1;
            assert!(matches!(kind, SearchKind::Evaluate { .. }));
            state.apply(Action::SearchStarted(id, kind, position));
            state.apply(Action::Finished(id, choice("a1")));
            assert!(id < 10);
        }
        assert_eq!(state.evaluations.len(), 4);
    }
}
