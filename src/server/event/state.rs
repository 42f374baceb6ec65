//! An event as the fold of its changes ([`State::apply`]), and what each
//! request would change ([`State`]'s `decide_…`: changes, or a
//! [`Refusal`]). Pure: the service stores the changes, then applies them.
//!
//! The event's tournament ([`State::tournament`]) is the file it started
//! from (its players, with entries and withdrawals, and any games it
//! brought) followed by the rounds published here, each board with a
//! result as a game in board order, then the bye: exactly what the club
//! manager saves, so that `engine standings` and `engine pair` read it.

use mind_sports_core::club::pairing::{self, Pairings};
use mind_sports_core::club::setup::{late_entry, withdraw};
use mind_sports_core::club::tournament::{
    check, parse, Entry, Format, Player, Tournament, MAX_PLAYERS,
};
use std::collections::HashMap;

use mind_sports_core::online::event::{
    BoardScore, BoardView, Change, How, NameProblem, Pairing, Refusal, RoundView, Seed, Stage,
    MAX_RATING,
};
use mind_sports_core::online::rules::Score;
use mind_sports_core::online::setup::{display_name, NameError, Setup};

/// A board of a published round.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The players and the online game.
    pub pairing: Pairing,
    /// The result, once there is one.
    pub score: Option<[f64; 2]>,
    /// How it came.
    pub how: Option<How>,
    /// Results entered by each player, not yet confirmed.
    pub reported: [Option<[f64; 2]>; 2],
    /// The organiser took its result back: it waits for the organiser's
    /// entry (or the players' two), and the game's own ending is not
    /// recorded again.
    pub held: bool,
    /// Played at the table: no online game counts; the players report.
    pub at_table: bool,
}

/// A round published here.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// Its number.
    pub round: u32,
    /// Its games.
    pub boards: Vec<Board>,
    /// Who has the bye.
    pub bye: Option<String>,
    /// When a player who has not started forfeits (service time).
    pub start_by: u64,
    /// Whether the start limit was applied.
    pub start_checked: bool,
    /// When it was published (wall time, milliseconds since 1970): when
    /// it was played, for the club's rating periods.
    pub published_ms: u64,
}

/// A result before a change, for undo.
#[derive(Clone, Debug, PartialEq)]
struct Before {
    round: u32,
    board: usize,
    score: Option<[f64; 2]>,
    how: Option<How>,
}

/// An event.
#[derive(Clone, Debug)]
pub struct State {
    base: Tournament,
    setup: Setup,
    start_limit_ms: u64,
    rounds: Vec<Round>,
    undo: Vec<Before>,
    changes: u64,
    registration: bool,
    club: Option<String>,
    club_name: Option<String>,
    at_tables: bool,
    /// When the event was created (wall time): when the games its file
    /// brought count as played.
    created_ms: u64,
}

/// A player's name as events take it: an online display name (at most 32
/// characters, no control or direction characters), without markup, then
/// made alike as the club manager does (`club::text::name`).
pub fn player_name(raw: &str) -> Result<String, NameProblem> {
    let name = display_name(raw).map_err(|e| match e {
        NameError::Empty => NameProblem::Empty,
        NameError::TooLong => NameProblem::TooLong,
        NameError::Control => NameProblem::Control,
    })?;
    if name.contains(['<', '>']) {
        return Err(NameProblem::Markup);
    }
    mind_sports_core::club::text::name(&name).map_err(|e| match e {
        mind_sports_core::club::text::NameError::Empty => NameProblem::Empty,
        mind_sports_core::club::text::NameError::TooLong => NameProblem::TooLong,
        _ => NameProblem::Control,
    })
}

/// A club's or an event's name: a label of the club manager
/// (`club::text::name`, at most 100 characters), without markup (the
/// names end up on clubs' websites, as players' names do).
pub fn label_name(raw: &str) -> Result<String, NameProblem> {
    use mind_sports_core::club::text::{name, NameError};
    if raw.contains(['<', '>']) {
        return Err(NameProblem::Markup);
    }
    name(raw).map_err(|e| match e {
        NameError::Empty => NameProblem::Empty,
        NameError::TooLong => NameProblem::TooLong,
        _ => NameProblem::Control,
    })
}

/// A game's result as the tournament records it: Othello's discs, else
/// 1–0, ½–½ or 0–1.
pub fn tournament_score(othello: bool, score: &Score) -> [f64; 2] {
    match (othello, score.points, score.winner) {
        (true, Some([a, b]), _) => [f64::from(a), f64::from(b)],
        (_, _, Some(0)) => [1.0, 0.0],
        (_, _, Some(_)) => [0.0, 1.0],
        _ => [0.5, 0.5],
    }
}

impl State {
    /// The event of its first change.
    pub fn new(created: &Change) -> Result<State, String> {
        let Change::Created {
            file,
            setup,
            start_limit_ms,
            at_tables,
        } = created
        else {
            return Err("an event starts with Created".into());
        };
        Ok(State {
            base: parse(file).map_err(|e| e.to_string())?,
            setup: setup.clone(),
            start_limit_ms: *start_limit_ms,
            rounds: Vec::new(),
            undo: Vec::new(),
            changes: 1,
            registration: true,
            club: None,
            club_name: None,
            at_tables: *at_tables,
            created_ms: 0,
        })
    }

    /// The event, created at `at_ms` (wall time).
    pub fn created_at(mut self, at_ms: u64) -> State {
        self.created_ms = at_ms;
        self
    }

    /// When the event was created (wall time).
    pub fn created_ms(&self) -> u64 {
        self.created_ms
    }

    /// Applies a stored change made at `at_ms` (wall time): a round keeps
    /// when it was published.
    pub fn apply_at(&mut self, change: &Change, at_ms: u64) -> Result<(), String> {
        self.apply(change)?;
        if let (Change::Published { .. }, Some(round)) = (change, self.rounds.last_mut()) {
            round.published_ms = at_ms;
        }
        Ok(())
    }

    /// The changes folded.
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// The setup of its games.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Milliseconds a player has to start.
    pub fn start_limit_ms(&self) -> u64 {
        self.start_limit_ms
    }

    /// The rounds published here.
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// The players.
    pub fn players(&self) -> &[Player] {
        &self.base.players
    }

    /// The file it started from, as changed (name, format, rounds).
    pub fn base(&self) -> &Tournament {
        &self.base
    }

    /// The event as the club manager's tournament file.
    pub fn tournament(&self) -> Tournament {
        let mut t = self.base.clone();
        for r in &self.rounds {
            for b in &r.boards {
                // A double forfeit gives neither player a point: no game.
                if b.how == Some(How::DoubleForfeit) {
                    continue;
                }
                if let Some(score) = b.score {
                    t.games.push(Entry::Game {
                        round: r.round,
                        black: b.pairing.black.clone(),
                        white: b.pairing.white.clone(),
                        score,
                    });
                }
            }
            if let Some(bye) = &r.bye {
                t.games.push(Entry::Bye {
                    round: r.round,
                    bye: bye.clone(),
                });
            }
        }
        t
    }

    /// Whether the event is played at the tables (no online games).
    pub fn at_tables(&self) -> bool {
        self.at_tables
    }

    /// The club the event belongs to, if any.
    pub fn club(&self) -> Option<&str> {
        self.club.as_deref()
    }

    /// The club's name, if the event belongs to one and its log names it.
    pub fn club_name(&self) -> Option<&str> {
        self.club_name.as_deref()
    }

    /// Whether players may register through the public link now: until
    /// the first round is published (the organiser may open it again for
    /// a Swiss), never after the end or into a round robin's table.
    pub fn registration_open(&self) -> bool {
        self.registration && self.stage() != Stage::Finished && !self.table_fixed()
    }

    /// Whether the event is a round robin whose table is drawn: its first
    /// round is published (or played in the file).
    fn table_fixed(&self) -> bool {
        self.base.format != Format::Swiss && self.last_round() > 0
    }

    /// The organiser opens or closes registration.
    pub fn decide_registration(&self, open: bool) -> Result<Change, Refusal> {
        match self.stage() {
            Stage::Finished if open => Err(Refusal::Over),
            _ if open && self.table_fixed() => Err(Refusal::TableFixed),
            _ => Ok(Change::Registration { open }),
        }
    }

    /// The last round published here, if any.
    pub fn current(&self) -> Option<&Round> {
        self.rounds.last()
    }

    /// The last round with games: published here, or in the file.
    pub fn last_round(&self) -> u32 {
        self.current()
            .map_or(self.base.rounds_played(), |r| r.round)
    }

    /// Where it stands.
    pub fn stage(&self) -> Stage {
        let complete = self
            .current()
            .is_none_or(|r| r.boards.iter().all(|b| b.score.is_some()));
        match self.current() {
            _ if complete && self.last_round() >= self.base.rounds => Stage::Finished,
            None if self.base.rounds_played() == 0 => Stage::Registering,
            _ if complete => Stage::BetweenRounds,
            _ => Stage::Playing,
        }
    }

    /// When the start limit of the current round falls due (service time).
    pub fn next_due(&self) -> Option<u64> {
        self.current()
            .filter(|r| {
                !r.start_checked && r.boards.iter().any(|b| b.score.is_none() && !b.at_table)
            })
            .map(|r| r.start_by)
    }

    /// A round as the pages show it (the online games' states added by
    /// the service).
    pub fn round_view(&self, round: &Round) -> RoundView {
        RoundView {
            round: round.round,
            boards: round
                .boards
                .iter()
                .enumerate()
                .map(|(i, b)| BoardView {
                    board: i + 1,
                    black: b.pairing.black.clone(),
                    white: b.pairing.white.clone(),
                    game: Some(b.pairing.game.clone()).filter(|_| !b.at_table),
                    state: None,
                    score: b.score,
                    how: b.how,
                    // The two reports are the players' own business.
                    reported: [None; 2],
                    disputed: b.score.is_none()
                        && matches!(b.reported, [Some(x), Some(y)] if x != y),
                    at_table: b.at_table,
                })
                .collect(),
            bye: round.bye.clone(),
        }
    }

    /// The board `board` (from 1) of round `round` published here.
    pub fn board(&self, round: u32, board: usize) -> Option<&Board> {
        let r = self.rounds.iter().find(|r| r.round == round)?;
        r.boards.get(board.checked_sub(1)?)
    }

    fn board_mut(&mut self, round: u32, board: usize) -> Option<&mut Board> {
        let r = self.rounds.iter_mut().find(|r| r.round == round)?;
        r.boards.get_mut(board.checked_sub(1)?)
    }

    /// The result of a board: published here, or a game the file brought.
    fn result_of(&self, round: u32, board: usize) -> Option<Option<[f64; 2]>> {
        if self.rounds.iter().any(|r| r.round == round) {
            return self.board(round, board).map(|b| b.score);
        }
        let found = self.base.boards(round).nth(board.checked_sub(1)?);
        found.map(|b| Some(b.score))
    }

    /// Whether `score` is one of the game's results (the file's check).
    fn valid_score(&self, score: [f64; 2]) -> bool {
        let mut probe = Tournament::new(&self.base.game, Format::Swiss, self.base.size, 1);
        probe.players = vec![Player::named("a"), Player::named("b")];
        probe.games = vec![Entry::Game {
            round: 1,
            black: "a".into(),
            white: "b".into(),
            score,
        }];
        score.iter().all(|x| x.is_finite()) && check(probe).is_ok()
    }

    /// A player entering with the rating they give, if any (from 0 to
    /// `MAX_RATING`; anything else, NaN too, is refused).
    pub fn decide_enter_rated(&self, raw: &str, rating: Option<f64>) -> Result<Change, EnterError> {
        if rating.is_some_and(|r| !(0.0..=MAX_RATING).contains(&r)) {
            return Err(EnterError::Refused(Refusal::Rating));
        }
        match self.decide_enter(raw)? {
            Change::Entered { name, .. } => Ok(Change::Entered {
                name,
                rating: rating.map(|r| r + 0.0),
            }),
            other => Ok(other),
        }
    }

    /// Round 1's seeding from the club's rating list `club` (name keys and
    /// ratings): the players on it whose rating it changes; `None` once a
    /// round is played, or when it changes nothing.
    pub fn decide_seeds(&self, club: &HashMap<String, f64>) -> Option<Change> {
        if self.last_round() > 0 {
            return None;
        }
        let seeds: Vec<Seed> = self
            .base
            .players
            .iter()
            .filter_map(|p| {
                let rating = *club.get(&mind_sports_core::club::text::key(&p.name))?;
                (p.rating != Some(rating)).then(|| Seed {
                    name: p.name.clone(),
                    rating,
                })
            })
            .collect();
        (!seeds.is_empty()).then_some(Change::Seeded { seeds })
    }

    /// A player entering (registration or the organiser's addition).
    pub fn decide_enter(&self, raw: &str) -> Result<Change, EnterError> {
        let name = player_name(raw).map_err(EnterError::Name)?;
        if self.stage() == Stage::Finished {
            return Err(EnterError::Refused(Refusal::Over));
        }
        if self.table_fixed() {
            return Err(EnterError::Refused(Refusal::TableFixed));
        }
        let key = mind_sports_core::club::text::key(&name);
        if self
            .base
            .players
            .iter()
            .any(|p| mind_sports_core::club::text::key(&p.name) == key)
        {
            return Err(EnterError::Refused(Refusal::NameTaken));
        }
        if self.base.players.len() >= MAX_PLAYERS {
            return Err(EnterError::Refused(Refusal::Full));
        }
        Ok(Change::Entered { name, rating: None })
    }

    /// A withdrawal after the round last published (they play or forfeit
    /// it), as the club manager withdraws after the last round played.
    pub fn decide_withdraw(&self, raw: &str) -> Result<Change, Refusal> {
        let name = player_name(raw).map_err(|_| Refusal::UnknownPlayer)?;
        let player = self.base.players.iter().find(|p| p.name == name);
        match player {
            _ if self.stage() == Stage::Finished => Err(Refusal::Over),
            None => Err(Refusal::UnknownPlayer),
            Some(p) if p.withdrawn_after.is_some() => Err(Refusal::AlreadyWithdrawn),
            Some(_) => Ok(Change::Withdrawn {
                name,
                after: self.last_round(),
            }),
        }
    }

    /// The online games of player `name`, every round's.
    pub fn games_of(&self, name: &str) -> Vec<String> {
        self.rounds
            .iter()
            .flat_map(|r| r.boards.iter())
            .map(|b| &b.pairing)
            .filter(|p| (p.black == name || p.white == name) && !p.game.is_empty())
            .map(|p| p.game.clone())
            .collect()
    }

    /// A new private link for player `raw` (any player, withdrawn or not,
    /// at any stage: a player may need their link to see their results).
    pub fn decide_reissue(&self, raw: &str) -> Result<Change, Refusal> {
        let name = player_name(raw).map_err(|_| Refusal::UnknownPlayer)?;
        if !self.base.players.iter().any(|p| p.name == name) {
            return Err(Refusal::UnknownPlayer);
        }
        Ok(Change::Reissued { name })
    }

    /// The next round's pairings by the club's pairing code, and the
    /// rounds planned (a round robin's table fixes them at its first).
    pub fn decide_pairings(&self) -> Result<(Pairings, u32), Refusal> {
        if self.stage() == Stage::Playing {
            return Err(Refusal::RoundNotFinished);
        }
        let mut t = self.tournament();
        if t.format != Format::Swiss && t.games.is_empty() {
            let n = t.players.len() as u32;
            let single = if n % 2 == 0 { n.saturating_sub(1) } else { n };
            t.rounds = match t.format {
                Format::DoubleRoundRobin => 2 * single,
                _ => single,
            }
            .max(1);
        }
        match pairing::next_round(&t) {
            Ok(p) => Ok((p, t.rounds)),
            Err(pairing::PairError::Finished { .. }) => Err(Refusal::Finished),
            Err(e) => Err(Refusal::Pairing {
                detail: e.to_string(),
            }),
        }
    }

    /// The organiser enters a result.
    pub fn decide_result(&self, entered: BoardScore) -> Result<Change, Refusal> {
        match self.board(entered.round, entered.board) {
            None => Err(Refusal::NoSuchBoard),
            Some(b) if b.score.is_some() => Err(Refusal::HasResult),
            Some(_) if !self.valid_score(entered.score) => Err(Refusal::Score),
            Some(_) => Ok(Change::Result {
                round: entered.round,
                board: entered.board,
                score: entered.score.map(|x| x + 0.0),
                how: How::Organiser,
            }),
        }
    }

    /// The organiser corrects a result (a round of the file's too).
    pub fn decide_correct(&self, entered: BoardScore) -> Result<Change, Refusal> {
        match self.result_of(entered.round, entered.board) {
            None => Err(Refusal::NoSuchBoard),
            Some(None) => Err(Refusal::NoResult),
            Some(_) if !self.valid_score(entered.score) => Err(Refusal::Score),
            Some(_) => Ok(Change::Corrected {
                round: entered.round,
                board: entered.board,
                score: entered.score.map(|x| x + 0.0),
            }),
        }
    }

    /// The organiser moves a board without a result to the table.
    pub fn decide_at_table(&self, round: u32, board: usize) -> Result<Change, Refusal> {
        match self.board(round, board) {
            None => Err(Refusal::NoSuchBoard),
            Some(b) if b.score.is_some() => Err(Refusal::HasResult),
            Some(b) if b.at_table => Err(Refusal::AtTable),
            Some(_) => Ok(Change::AtTable { round, board }),
        }
    }

    /// The organiser takes back the last result of the round published
    /// last, or the last correction: never a result of an earlier round,
    /// which the later rounds were paired from (its board would be left
    /// without one).
    pub fn decide_undo(&self) -> Result<Change, Refusal> {
        let current = self.current().map(|r| r.round);
        let last = self
            .undo
            .last()
            .filter(|b| Some(b.round) == current || b.score.is_some());
        let last = last.ok_or(Refusal::NothingToUndo)?;
        Ok(Change::Undone {
            round: last.round,
            board: last.board,
        })
    }

    /// A player enters their board's result: it counts once the opponent
    /// has entered the same.
    pub fn decide_report(
        &self,
        name: &str,
        round: u32,
        board: usize,
        score: [f64; 2],
    ) -> Result<Vec<Change>, Refusal> {
        let b = self.board(round, board).ok_or(Refusal::NoSuchBoard)?;
        let seat = if b.pairing.black == name {
            0
        } else if b.pairing.white == name {
            1
        } else {
            return Err(Refusal::NotYourBoard);
        };
        if b.score.is_some() {
            return Err(Refusal::HasResult);
        }
        if !self.valid_score(score) {
            return Err(Refusal::Score);
        }
        let score = score.map(|x| x + 0.0);
        let mut changes = vec![Change::Reported {
            round,
            board,
            seat,
            score,
        }];
        if b.reported[usize::from(1 - seat)] == Some(score) {
            changes.push(Change::Result {
                round,
                board,
                score,
                how: How::Players,
            });
        }
        Ok(changes)
    }

    /// The board of online game `game` in the current round, if it has no
    /// result yet.
    pub fn open_board_of_game(&self, game: &str) -> Option<(u32, usize)> {
        self.rounds.iter().rev().find_map(|r| {
            let i = r.boards.iter().position(|b| {
                b.pairing.game == game && b.score.is_none() && !b.held && !b.at_table
            })?;
            Some((r.round, i + 1))
        })
    }

    /// Applies a stored change.
    pub fn apply(&mut self, change: &Change) -> Result<(), String> {
        let wrong = |what: &str| format!("{what} does not fit the event");
        match change {
            Change::Created { .. } => return Err(wrong("a second Created")),
            Change::Entered { name, rating } => {
                self.base = late_entry(&self.base, name).map_err(|_| wrong("Entered"))?;
                if let Some(player) = self.base.players.last_mut() {
                    player.rating = *rating;
                }
            }
            Change::Seeded { seeds } => {
                for seed in seeds {
                    let player = self.base.players.iter_mut().find(|p| p.name == seed.name);
                    player.ok_or_else(|| wrong("Seeded"))?.rating = Some(seed.rating);
                }
            }
            Change::Withdrawn { name, after } => {
                let index = self.base.players.iter().position(|p| &p.name == name);
                let next = index.and_then(|i| withdraw(&self.base, i));
                let mut next = next.ok_or_else(|| wrong("Withdrawn"))?;
                next.players[index.unwrap_or(0)].withdrawn_after = Some(*after);
                self.base = next;
            }
            Change::Published {
                round,
                rounds,
                boards,
                bye,
                start_by,
            } => {
                self.base.rounds = *rounds;
                // Registration closes when play starts here; the
                // organiser may open it again (a Swiss).
                if self.rounds.is_empty() {
                    self.registration = false;
                }
                self.rounds.push(Round {
                    round: *round,
                    boards: boards
                        .iter()
                        .map(|pairing| Board {
                            pairing: pairing.clone(),
                            score: None,
                            how: None,
                            reported: [None; 2],
                            held: false,
                            at_table: pairing.game.is_empty(),
                        })
                        .collect(),
                    bye: bye.clone(),
                    start_by: *start_by,
                    start_checked: false,
                    published_ms: 0,
                });
            }
            Change::Reported {
                round,
                board,
                seat,
                score,
            } => {
                let b = self
                    .board_mut(*round, *board)
                    .ok_or_else(|| wrong("Reported"))?;
                b.reported[usize::from(seat & 1)] = Some(*score);
            }
            Change::Result {
                round,
                board,
                score,
                how,
            } => self.set_result(*round, *board, *score, Some(*how))?,
            Change::Corrected {
                round,
                board,
                score,
            } => {
                // A corrected double forfeit is the organiser's result.
                let how = self.board(*round, *board).and_then(|b| b.how);
                let how = how.filter(|how| *how != How::DoubleForfeit);
                self.set_result(*round, *board, *score, how.or(Some(How::Organiser)))?
            }
            Change::StartLimit { round, .. } => {
                let r = self.rounds.iter_mut().find(|r| r.round == *round);
                r.ok_or_else(|| wrong("StartLimit"))?.start_checked = true;
            }
            Change::Registration { open } => self.registration = *open,
            Change::Undone { .. } => self.apply_undo()?,
            Change::Club { club, name } => {
                self.club = Some(club.clone());
                self.club_name = Some(name.clone()).filter(|n| !n.is_empty());
            }
            // The tokens are the service's; the event only logs it.
            Change::Reissued { name } => {
                if !self.base.players.iter().any(|p| &p.name == name) {
                    return Err(wrong("Reissued"));
                }
            }
            Change::AtTable { round, board } => {
                let b = self.board_mut(*round, *board);
                b.ok_or_else(|| wrong("AtTable"))?.at_table = true;
            }
        }
        self.changes += 1;
        Ok(())
    }

    /// Sets a board's result, remembering the one before for undo.
    fn set_result(
        &mut self,
        round: u32,
        board: usize,
        score: [f64; 2],
        how: Option<How>,
    ) -> Result<(), String> {
        let before = self
            .result_of(round, board)
            .ok_or_else(|| format!("round {round} board {board} does not exist"))?;
        let before_how = self.board(round, board).and_then(|b| b.how);
        self.undo.push(Before {
            round,
            board,
            score: before,
            how: before_how,
        });
        self.put(round, board, Some(score), how)
    }

    /// Writes a board's result (`None`: none).
    fn put(
        &mut self,
        round: u32,
        board: usize,
        score: Option<[f64; 2]>,
        how: Option<How>,
    ) -> Result<(), String> {
        if let Some(b) = self.board_mut(round, board) {
            b.score = score;
            b.how = score.and(how);
            if score.is_none() {
                b.reported = [None; 2];
            }
            return Ok(());
        }
        let score = score.ok_or("a game of the file keeps a result")?;
        self.base
            .correct(round, board, score)
            .map_err(|e| format!("{e:?}"))
    }

    fn apply_undo(&mut self) -> Result<(), String> {
        let before = self.undo.pop().ok_or("nothing to undo")?;
        self.put(before.round, before.board, before.score, before.how)?;
        if let Some(b) = self.board_mut(before.round, before.board) {
            b.held = before.score.is_none();
        }
        Ok(())
    }
}

/// Why a player may not enter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnterError {
    /// The name.
    Name(NameProblem),
    /// The event.
    Refused(Refusal),
}

#[cfg(test)]
mod tests {
    use super::*;
    use mind_sports_core::online::setup::{GameKind, Timing};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn any_name_is_taken_alike_or_refused(raw in "\\PC{0,40}|(?s:.{0,40})") {
            if let Ok(name) = player_name(&raw) {
                prop_assert_eq!(player_name(&name), Ok(name.clone()));
                prop_assert!(!name.contains(['<', '>']) && name.chars().count() <= 32);
            }
        }
    }

    fn event(players: &[&str]) -> State {
        let mut t = Tournament::new("othello", Format::Swiss, 4, 3);
        t.players = players.iter().map(|p| Player::named(*p)).collect();
        let created = Change::Created {
            file: t.to_text(),
            setup: Setup {
                game: GameKind::Othello,
                rules: "size=4".into(),
                timing: Timing::Live {
                    control: "1+0".into(),
                    completes: false,
                },
            },
            start_limit_ms: 60_000,
            at_tables: false,
        };
        State::new(&created).unwrap()
    }

    fn publish(state: &mut State) {
        let (p, rounds) = state.decide_pairings().unwrap();
        let boards = p
            .pairs
            .iter()
            .enumerate()
            .map(|(i, g)| Pairing {
                black: g.black.clone(),
                white: g.white.clone(),
                game: format!("game{i}"),
            })
            .collect();
        let change = Change::Published {
            round: p.round,
            rounds,
            boards,
            bye: p.bye,
            start_by: 1,
        };
        state.apply(&change).unwrap();
    }

    #[test]
    fn a_round_robin_takes_its_table_and_the_start_limit_falls_due_once() {
        let mut s = event(&["A", "B", "C", "D"]);
        s.base.format = Format::RoundRobin;
        assert_eq!(s.stage(), Stage::Registering);
        assert_eq!(s.next_due(), None);
        publish(&mut s);
        assert_eq!(s.base().rounds, 3, "the Berger table of 4 players");
        assert_eq!(s.rounds()[0].boards.len(), 2);
        assert_eq!(s.next_due(), Some(1));
        let limit = Change::StartLimit {
            round: 1,
            forfeits: vec![],
        };
        s.apply(&limit).unwrap();
        assert_eq!(s.next_due(), None);
        // A late entry cannot join a round robin's table, nor can
        // registration open again.
        assert_eq!(
            s.decide_enter("E"),
            Err(EnterError::Refused(Refusal::TableFixed))
        );
        assert_eq!(s.decide_registration(true), Err(Refusal::TableFixed));
        assert!(!s.registration_open());
        for board in 1..=2 {
            s.apply(
                &s.decide_result(BoardScore {
                    round: 1,
                    board,
                    score: [16.0, 0.0],
                    ends_game: false,
                })
                .unwrap(),
            )
            .unwrap();
        }
        // Round 2 pairs (a late entry once made every later round refuse).
        publish(&mut s);
        assert_eq!(s.rounds().len(), 2);
    }

    #[test]
    fn names_follow_the_online_rules_and_refuse_markup() {
        assert_eq!(player_name("  Eva\u{200b} "), Ok("Eva".into()));
        assert_eq!(player_name("<b>Eva</b>"), Err(NameProblem::Markup));
        assert_eq!(player_name(&"x".repeat(33)), Err(NameProblem::TooLong));
        assert_eq!(player_name("a\u{202e}b"), Err(NameProblem::Control));
        assert_eq!(player_name("\u{200b}"), Err(NameProblem::Empty));
    }

    #[test]
    fn results_reports_corrections_and_undo() {
        let mut s = event(&["A", "B", "C"]);
        assert_eq!(
            s.decide_enter("A"),
            Err(EnterError::Refused(Refusal::NameTaken))
        );
        publish(&mut s);
        assert_eq!(s.stage(), Stage::Playing);
        assert_eq!(s.decide_pairings(), Err(Refusal::RoundNotFinished));
        let b = s.rounds()[0].boards[0].pairing.clone();
        // One player's entry waits for the other's.
        let first = s.decide_report(&b.black, 1, 1, [10.0, 6.0]).unwrap();
        assert_eq!(first.len(), 1);
        s.apply(&first[0]).unwrap();
        assert_eq!(
            s.decide_report("C", 1, 1, [10.0, 6.0]),
            Err(Refusal::NotYourBoard)
        );
        assert_eq!(
            s.decide_report(&b.white, 1, 1, [10.0, 9.0]),
            Err(Refusal::Score)
        );
        let both = s.decide_report(&b.white, 1, 1, [10.0, 6.0]).unwrap();
        assert_eq!(both.len(), 2);
        for c in &both {
            s.apply(c).unwrap();
        }
        assert_eq!(s.stage(), Stage::BetweenRounds);
        assert_eq!(s.tournament().games.len(), 2, "the game and the bye");
        s.apply(
            &s.decide_correct(BoardScore {
                round: 1,
                board: 1,
                score: [2.0, 14.0],
                ends_game: false,
            })
            .unwrap(),
        )
        .unwrap();
        assert_eq!(s.rounds()[0].boards[0].score, Some([2.0, 14.0]));
        s.apply(&s.decide_undo().unwrap()).unwrap();
        assert_eq!(s.rounds()[0].boards[0].score, Some([10.0, 6.0]));
        s.apply(&s.decide_undo().unwrap()).unwrap();
        assert_eq!(s.rounds()[0].boards[0].score, None);
        assert_eq!(s.decide_undo(), Err(Refusal::NothingToUndo));
        // A withdrawal after round 1; the check of the file still passes.
        s.apply(&s.decide_withdraw("C").unwrap()).unwrap();
        assert_eq!(s.players()[2].withdrawn_after, Some(1));
        assert!(check(s.tournament()).is_ok());
    }

    fn result(s: &mut State, round: u32, board: usize, score: [f64; 2]) {
        let entered = BoardScore {
            round,
            board,
            score,
            ends_game: false,
        };
        s.apply(&s.decide_result(entered).unwrap()).unwrap();
    }

    #[test]
    fn a_finished_event_takes_no_player_withdrawal_or_round() {
        let mut s = event(&["A", "B"]);
        s.base.rounds = 1;
        publish(&mut s);
        result(&mut s, 1, 1, [10.0, 6.0]);
        assert_eq!(s.stage(), Stage::Finished);
        assert_eq!(s.decide_enter("C"), Err(EnterError::Refused(Refusal::Over)));
        assert_eq!(s.decide_withdraw("A"), Err(Refusal::Over));
        assert_eq!(s.decide_registration(true), Err(Refusal::Over));
        assert_eq!(s.decide_pairings().map(|_| ()), Err(Refusal::Finished));
        assert!(!s.registration_open());
    }

    #[test]
    fn registration_closes_at_the_first_round_and_a_swiss_may_open_it_again() {
        let mut s = event(&["A", "B", "C", "D"]);
        assert!(s.registration_open());
        publish(&mut s);
        assert!(!s.registration_open(), "closed when play starts");
        s.apply(&s.decide_registration(true).unwrap()).unwrap();
        assert!(s.registration_open(), "the organiser keeps a Swiss open");
        // Names written alike are one name.
        for alike in ["a", " A ", "Ａ"] {
            assert_eq!(
                s.decide_enter(alike),
                Err(EnterError::Refused(Refusal::NameTaken))
            );
        }
        assert!(s.decide_enter("E").is_ok());
    }

    #[test]
    fn undo_takes_back_only_the_current_round_and_holds_the_board() {
        let mut s = event(&["A", "B", "C", "D"]);
        publish(&mut s);
        result(&mut s, 1, 1, [10.0, 6.0]);
        result(&mut s, 1, 2, [6.0, 10.0]);
        publish(&mut s);
        assert_eq!(
            s.decide_undo(),
            Err(Refusal::NothingToUndo),
            "round 1 was paired from"
        );
        let game = s.rounds()[1].boards[0].pairing.game.clone();
        assert_eq!(s.open_board_of_game(&game), Some((2, 1)));
        // A game's own ending, taken back by the organiser, is not recorded again.
        s.apply(&Change::Result {
            round: 2,
            board: 1,
            score: [9.0, 7.0],
            how: How::Players,
        })
        .unwrap();
        s.apply(&s.decide_undo().unwrap()).unwrap();
        assert_eq!(s.rounds()[1].boards[0].score, None);
        assert!(s.rounds()[1].boards[0].held);
        assert_eq!(s.open_board_of_game(&game), None);
        result(&mut s, 2, 1, [7.0, 9.0]);
        assert_eq!(s.rounds()[1].boards[0].score, Some([7.0, 9.0]));
    }
}
