//! The embedded frame's game (issue 16, `#/embed/<game>`): a
//! [`GameSession`] made from the frame's checked [`EmbedParams`], and what
//! the frame tells its page about it (`move`, `position`, `gameOver`).
//! Pure and written once for every game; each game gives only its settings
//! and how its result reads ([`EmbedGame`]).

use crate::embed::messages::{FrameMessage, PositionInfo};
use crate::embed::params::{EmbedParams, Mode, Side, Start};
use crate::engine::othello;

use super::core::{GameSession, Move};
use super::formats::Formats;
use super::nim::{Mover, Nim, NimOutcome};
use super::opok::Opok;
use super::othello::Othello;
use super::player::Player;
use super::record::Record;

/// What a game gives the embedded frame.
pub trait EmbedGame: Formats {
    /// The settings and the start of a frame's game (its rules; both sides
    /// people: [`session`] seats the computer).
    fn setup(start: &Start) -> Option<(Self::Settings, Self::Position)>;
    /// Seats `players` (first side, second side).
    fn seat(settings: &mut Self::Settings, players: [Player; 2]);
    /// The winner of a finished game (`None`: a draw).
    fn winner(outcome: &Self::Outcome) -> Option<Self::Side>;
    /// The final score where the game has one (`33-31`).
    fn score(_outcome: &Self::Outcome) -> Option<String> {
        None
    }
    /// The frame's start of a game with `settings` from `first` (the
    /// reverse of [`EmbedGame::setup`]).
    fn start_of(settings: &Self::Settings, first: &Self::Position) -> Start;
}

/// A frame's parameters showing the game of a game page (its settings and
/// record, as its share link holds them): the start, the moves and the
/// position shown (`ply`), in `view`; the snippet builder's "embed this
/// position".
pub fn params_of<G: EmbedGame>(
    settings: &G::Settings,
    record: &Record<G::Position>,
) -> EmbedParams {
    let start = G::start_of(settings, &record.start());
    let mut params = EmbedParams::new(start.game());
    params.start = start;
    params.moves = G::moves_text(settings, record.line());
    params.ply = (record.cursor() != record.line().len()).then_some(record.cursor() as u32);
    params
}

impl EmbedGame for Othello {
    fn setup(start: &Start) -> Option<(Self::Settings, Self::Position)> {
        let Start::Othello {
            size,
            variant,
            board,
        } = start
        else {
            return None;
        };
        let first =
            board.unwrap_or_else(|| othello::Position::start(othello::Rules::new(*size, *variant)));
        let settings = super::othello::Settings {
            rules: first.rules(),
            ..Default::default()
        };
        Some((settings, first))
    }

    fn seat(settings: &mut Self::Settings, [black, white]: [Player; 2]) {
        settings.black = black;
        settings.white = white;
    }

    fn winner(outcome: &Self::Outcome) -> Option<Self::Side> {
        outcome.winner
    }

    fn score(outcome: &Self::Outcome) -> Option<String> {
        Some(format!("{}-{}", outcome.black, outcome.white))
    }

    fn start_of(settings: &Self::Settings, first: &Self::Position) -> Start {
        let rules = settings.rules;
        Start::Othello {
            size: rules.size,
            variant: rules.variant,
            board: (*first != othello::Position::start(rules)).then_some(*first),
        }
    }
}

impl EmbedGame for Opok {
    fn setup(start: &Start) -> Option<(Self::Settings, Self::Position)> {
        let Start::Opok { size, position } = start else {
            return None;
        };
        let first = position.unwrap_or_else(|| crate::engine::opok::Position::start(*size));
        let settings = super::opok::Settings {
            geometry: first.geometry(),
            ..Default::default()
        };
        Some((settings, first))
    }

    fn seat(settings: &mut Self::Settings, [circles, squares]: [Player; 2]) {
        settings.circles = circles;
        settings.squares = squares;
    }

    fn winner(outcome: &Self::Outcome) -> Option<Self::Side> {
        outcome.winner
    }

    fn score(outcome: &Self::Outcome) -> Option<String> {
        Some(format!("{}-{}", outcome.circles, outcome.squares))
    }

    fn start_of(_settings: &Self::Settings, first: &Self::Position) -> Start {
        let size = first.geometry();
        let usual = crate::engine::opok::Position::start(size);
        Start::Opok {
            size,
            position: (*first != usual).then_some(*first),
        }
    }
}

impl EmbedGame for Nim {
    fn setup(start: &Start) -> Option<(Self::Settings, Self::Position)> {
        let Start::Nim { heaps, misere, .. } = start else {
            return None;
        };
        let settings = super::nim::Settings {
            start: heaps.clone(),
            misere: *misere,
            ..Default::default()
        };
        Some((settings, heaps.clone()))
    }

    fn seat(settings: &mut Self::Settings, [first, second]: [Player; 2]) {
        settings.first = first;
        settings.second = second;
    }

    fn winner(outcome: &NimOutcome) -> Option<Mover> {
        Some(outcome.winner)
    }

    fn start_of(settings: &Self::Settings, first: &Self::Position) -> Start {
        // Bare sizes in `heaps` are Nim heaps; heaps of other rules name
        // their rule.
        Start::Nim {
            variant: crate::engine::nim::Rule::Nim,
            heaps: first.clone(),
            misere: settings.misere,
        }
    }
}

/// The players of a frame: people on both sides, except in `play`, where
/// the computer at `level` plays the side that is not the visitor's.
pub fn players(params: &EmbedParams) -> [Player; 2] {
    let computer = Player::Computer(params.level);
    match (params.mode, params.side) {
        (Mode::Play, Side::First) => [Player::Human, computer],
        (Mode::Play, Side::Second) => [computer, Player::Human],
        _ => [Player::Human, Player::Human],
    }
}

/// The game of a frame with `params` (checked: the start, the moves and
/// `ply` replay; `None` only for parameters of another game).
pub fn session<G: EmbedGame>(params: &EmbedParams) -> Option<GameSession<G>> {
    let (mut settings, start) = G::setup(&params.start)?;
    G::seat(&mut settings, players(params));
    let line = G::read_moves(&settings, &start, &params.moves).unwrap_or_default();
    let cursor = params
        .ply
        .map_or(line.len(), |p| (p as usize).min(line.len()));
    let record =
        Record::from_moves(start.clone(), &line, cursor).unwrap_or_else(|| Record::new(start));
    let mut session = GameSession::with_record(settings, record);
    session.auto_pass = true;
    Some(session)
}

/// The name of `side` in the messages (`black`, `circles`, `first`…).
pub fn side_name<G: EmbedGame>(params: &EmbedParams, side: G::Side) -> &'static str {
    let index = G::sides().iter().position(|&s| s == side).unwrap_or(0);
    params.game().side_names()[index]
}

/// Where the game shown stands: the fields of `move` and `position`.
pub fn position_info<G: EmbedGame>(params: &EmbedParams, session: &GameSession<G>) -> PositionInfo {
    let ply = session.record.cursor();
    let played = &session.record.line()[..ply];
    let to_move = (!G::is_over(&session.position()))
        .then(|| side_name::<G>(params, session.side_to_move()).to_string());
    PositionInfo {
        ply: ply as u32,
        mv: played
            .last()
            .map(|m| G::moves_text(&session.settings, std::slice::from_ref(m))),
        moves: G::moves_text(&session.settings, played),
        to_move,
    }
}

/// The `gameOver` message once the game shown is over.
pub fn game_over<G: EmbedGame>(
    params: &EmbedParams,
    session: &GameSession<G>,
) -> Option<FrameMessage> {
    let outcome = session.outcome()?;
    Some(FrameMessage::GameOver {
        result: G::winner(&outcome)
            .map_or("draw", |side| side_name::<G>(params, side))
            .to_string(),
        score: G::score(&outcome),
    })
}

/// One move in the notation of `moves` (`f5`, `a1:3:b3`, `0:3`), read in
/// the position shown; the reader's reason when it is not a legal move
/// there.
pub fn read_move<G: EmbedGame>(session: &GameSession<G>, text: &str) -> Result<Move<G>, String> {
    let moves = G::read_moves(&session.settings, &session.position(), text)
        .map_err(|e| format!("{e:?}"))?;
    match moves.as_slice() {
        [one] => Ok(one.clone()),
        _ => Err(format!("{text:?} is not one move")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::params::{parse, Game};

    fn othello(query: &str) -> (EmbedParams, GameSession<Othello>) {
        let params = parse(Game::Othello, query).params;
        let session = session::<Othello>(&params).expect("an Othello frame");
        (params, session)
    }

    /// A game page's game, as its share link `query` holds it, shown by a
    /// frame: the frame's game is the same (start, moves, position shown).
    fn same_in_frame<G: EmbedGame>(game: Game, query: &str) {
        let (settings, record) = super::super::formats::decode::<G>(query).expect("a link");
        let params = params_of::<G>(&settings, &record);
        let again = parse(game, &params.to_query());
        assert!(again.errors.is_empty(), "{query}: {:?}", again.errors);
        assert_eq!(again.params, params, "{query}");
        let frame = session::<G>(&again.params).expect("the game");
        assert_eq!(frame.record.start(), record.start(), "{query}");
        assert_eq!(frame.record.line(), record.line(), "{query}");
        assert_eq!(frame.record.cursor(), record.cursor(), "{query}");
    }

    #[test]
    fn a_game_page_position_is_embedded_as_it_is() {
        same_in_frame::<Othello>(Game::Othello, "moves=f5d6c3d3c4&at=3");
        same_in_frame::<Othello>(Game::Othello, "size=6&variant=anti&moves=b3b2");
        same_in_frame::<Othello>(
            Game::Othello,
            "start=---------------------------XO------OX---------------------------X&moves=f4",
        );
        same_in_frame::<Opok>(Game::Opok, "size=4&moves=a1:3:b3");
        same_in_frame::<Nim>(Game::Nim, "start=nim:7+sub{1,2}:5&misere=1&moves=0:2");
        same_in_frame::<Nim>(Game::Nim, "");
    }

    #[test]
    fn a_viewer_starts_at_ply_with_people_on_both_sides() {
        let (params, s) = othello("moves=f5d6c3d3c4&ply=3");
        assert_eq!(s.record.cursor(), 3);
        assert_eq!(s.record.line().len(), 5);
        assert_eq!(players(&params), [Player::Human, Player::Human]);
        let info = position_info(&params, &s);
        assert_eq!(info.ply, 3);
        assert_eq!(info.mv.as_deref(), Some("c3"));
        assert_eq!(info.moves, "f5d6c3");
        assert_eq!(info.to_move.as_deref(), Some("white"));
    }

    #[test]
    fn play_seats_the_computer_on_the_other_side() {
        let (params, s) = othello("mode=play&side=white&level=2");
        assert!(s.settings.black.is_computer());
        assert_eq!(s.settings.white, Player::Human);
        assert_eq!(params.level.number(), 2);
        let start = position_info(&params, &s);
        assert_eq!(
            (start.ply, start.mv, start.to_move.as_deref()),
            (0, None, Some("black"))
        );
    }

    #[test]
    fn moves_are_read_in_the_position_shown() {
        let (_, s) = othello("moves=f5");
        assert!(read_move(&s, "d6").is_ok());
        assert!(read_move(&s, "a1").is_err());
        assert!(read_move(&s, "d6c3").is_err());
    }

    #[test]
    fn other_games_and_their_results() {
        let params = parse(Game::Nim, "heaps=1&moves=1:1").params;
        let s = session::<Nim>(&params).expect("a take-away frame");
        let info = position_info(&params, &s);
        assert_eq!((info.moves.as_str(), info.to_move), ("1:1", None));
        assert_eq!(
            game_over(&params, &s),
            Some(FrameMessage::GameOver {
                result: "first".into(),
                score: None
            })
        );
        let params = parse(Game::Opok, "size=4").params;
        let s = session::<Opok>(&params).expect("an Opok frame");
        assert_eq!(
            position_info(&params, &s).to_move.as_deref(),
            Some("circles")
        );
        assert!(session::<Othello>(&params).is_none());
    }

    #[test]
    fn a_finished_othello_game_has_a_score() {
        let (params, s) = othello("size=4&moves=c4b4a4a3a2b2c2d2d1c1b1a1");
        if s.outcome().is_some() {
            let Some(FrameMessage::GameOver { score, .. }) = game_over(&params, &s) else {
                panic!("over");
            };
            assert!(score.is_some_and(|s| s.contains('-')));
        }
    }
}
