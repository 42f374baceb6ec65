//! The embedded frame's game (issue 16, `#/embed/<game>`): a
//! [`GameSession`] made from the frame's checked [`EmbedParams`], what the
//! frame tells its page about it (`move`, `position`, `gameOver`), and
//! what it does with the page's messages ([`reply`]: each is answered by
//! exactly one `position`, `move` or `error`). Pure and written once for
//! every game; each game gives only its settings, how its result reads and
//! how its analysis is switched ([`Described`]), and its words. It speaks
//! English, the frame API's language, so it sits above the texts.

use crate::embed::messages::{FrameMessage, HostMessage, PositionInfo};
use crate::embed::params::{EmbedParams, Mode, ParamError, Side};
use crate::i18n::session::GameTexts;
use crate::lang::Lang;
use crate::session::core::{Action, GameSession, Move};
use crate::session::described::Described;
use crate::session::player::Player;
use crate::session::record::Record;

/// What a game gives the embedded frame: its described start
/// ([`Described`]) and its words ([`GameTexts`]); every game has both.
pub trait EmbedGame: Described + GameTexts {}

impl<G: Described + GameTexts> EmbedGame for G {}

/// Why moves in the notation of `moves` were refused, as an English
/// sentence (the frame's `error`s are in English): the words a game page
/// shows for a pasted record, without the full stop.
pub fn moves_error<G: EmbedGame>(error: &G::RecordError) -> String {
    G::moves_refused(error.clone()).to_string()
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
/// `ply` replay; `None` only for parameters of another game), analysed in
/// `analyse`.
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
    for action in G::analysis(params.mode == Mode::Analyse) {
        session.apply(action);
    }
    Some(session)
}

/// The actions that make `game` the game of a frame with `params` (a new
/// game or position asked for by the page, or the frame's "new game"): the
/// new game, then its analysis switched on or off.
pub fn restart<G: EmbedGame>(params: &EmbedParams) -> Option<Vec<Action<G>>> {
    let fresh = session::<G>(params)?;
    let mut actions = vec![Action::Load(fresh.settings, fresh.record)];
    actions.extend(G::analysis(params.mode == Mode::Analyse));
    Some(actions)
}

/// What a frame does with a page's message: the actions on its game, its
/// parameters after it, whether the board turns around, and the one
/// message that answers it.
#[derive(Clone, PartialEq, Debug)]
pub struct Reply<G: EmbedGame> {
    /// The actions on the frame's game, in order (none when the message
    /// changes no game).
    pub actions: Vec<Action<G>>,
    /// The game after them.
    pub game: GameSession<G>,
    /// The frame's parameters after the message, when they change.
    pub params: Option<EmbedParams>,
    /// The board is turned around (`flip`).
    pub flip: bool,
    /// The answer: `move` for a `play`, `position` for any other message
    /// followed, `error` (an English sentence) for one refused.
    pub answer: FrameMessage,
    /// The address the frame opens instead (a lesson, a puzzle, or a board
    /// from one: another module may draw it, and says `ready` again).
    pub open: Option<String>,
}

impl<G: EmbedGame> Reply<G> {
    /// A refused message: nothing changes.
    fn refused(game: &GameSession<G>, message: String) -> Reply<G> {
        Reply {
            actions: Vec::new(),
            game: game.clone(),
            params: None,
            flip: false,
            answer: FrameMessage::Error { message },
            open: None,
        }
    }
}

/// What a frame with `params` showing `game` does with the page's
/// `message`. Every message is answered by exactly one message, sent at
/// once: `move` for a `play`, `position` for the others (the position
/// after the message), `error` when the message is refused, which changes
/// nothing. The moves the computer then makes are `move`s of their own.
/// A lesson or puzzle frame answers as [`learning_reply`] says.
pub fn reply<G: EmbedGame>(
    message: &HostMessage,
    params: &EmbedParams,
    game: &GameSession<G>,
) -> Reply<G> {
    if !params.has_own_position() {
        let LearningReply {
            params,
            answer,
            open,
        } = learning_reply(message, params);
        return Reply {
            actions: Vec::new(),
            game: game.clone(),
            params,
            flip: false,
            answer,
            open,
        };
    }
    let kind = message.kind();
    let changed = match message {
        HostMessage::Play { mv } => play(game, mv).map(|action| (vec![action], None)),
        HostMessage::GoToPly { ply } => go_to(game, *ply).map(|action| (vec![action], None)),
        HostMessage::SetPosition(set) => new_game::<G>(kind, params, &set.fields()),
        HostMessage::NewGame(fields) => new_game::<G>(kind, params, &field_pairs(fields)),
        HostMessage::SetLang { .. } | HostMessage::SetTheme { .. } => {
            Ok((Vec::new(), look_changed(message, params)))
        }
        HostMessage::Flip => Ok((Vec::new(), None)),
    };
    let (actions, new_params) = match changed {
        Ok(change) => change,
        Err(message) => return Reply::refused(game, message),
    };
    let mut next = game.clone();
    for action in &actions {
        next.apply(action.clone());
    }
    let shown = new_params.as_ref().unwrap_or(params);
    let info = match shown.has_own_position() {
        true => position_info(shown, &next),
        false => PositionInfo::none(),
    };
    let answer = match message {
        HostMessage::Play { .. } => FrameMessage::Move(info),
        _ => FrameMessage::Position(info),
    };
    let open = new_params
        .as_ref()
        .filter(|new| learning_changed(params, new))
        .map(EmbedParams::fragment);
    Reply {
        actions,
        game: next,
        params: new_params,
        flip: *message == HostMessage::Flip,
        answer,
        open,
    }
}

/// What a lesson or puzzle frame does with a page's message: its
/// parameters after it or the address it opens, and the one message that
/// answers it.
#[derive(Clone, PartialEq, Debug)]
pub struct LearningReply {
    /// The frame's parameters after the message, when they change and the
    /// frame stays.
    pub params: Option<EmbedParams>,
    /// The answer: `position` with no game, or `error`.
    pub answer: FrameMessage,
    /// The address the frame opens instead: another lesson, a puzzle, or
    /// a board, whose frame reads its position (and tells its errors).
    pub open: Option<String>,
}

/// What a lesson or puzzle frame with `params` does with the page's
/// `message`. Its board is the lesson's and it has no game of its own:
/// `play`, `setPosition`, `goToPly` and `flip` are refused, and every
/// other message is answered by a `position` with no game (ply 0, nothing
/// to move), `newGame` included: one that shows another lesson, a puzzle
/// or a board opens the frame at its new address, which says `ready`
/// again. Needs no game's rules ([`EmbedParams::changed_unread`]), so that
/// the learning modules, which draw these frames, do not carry them: a
/// board's position is read by the board's frame, which tells its errors.
pub fn learning_reply(message: &HostMessage, params: &EmbedParams) -> LearningReply {
    let kind = message.kind();
    let changed = match message {
        HostMessage::Play { .. }
        | HostMessage::SetPosition(_)
        | HostMessage::GoToPly { .. }
        | HostMessage::Flip => Err(format!(
            "{kind}: the board of a {} frame is its own; send newGame to show another board",
            params.mode
        )),
        HostMessage::NewGame(fields) => params
            .changed_unread(&field_pairs(fields))
            .map(|(new, address)| match learning_changed(params, &new) {
                true if new.has_own_position() => (None, Some(address)),
                true => (None, Some(new.fragment())),
                false => (Some(new), None),
            })
            .map_err(|errors| format!("{kind}: {}", joined(&errors))),
        HostMessage::SetLang { .. } | HostMessage::SetTheme { .. } => {
            Ok((look_changed(message, params), None))
        }
    };
    match changed {
        Ok((params, open)) => LearningReply {
            params,
            answer: FrameMessage::Position(PositionInfo::none()),
            open,
        },
        Err(message) => LearningReply {
            params: None,
            answer: FrameMessage::Error { message },
            open: None,
        },
    }
}

/// Whether a frame whose parameters change from `before` to `after` shows
/// another lesson or puzzle, or goes to or from one: the frame then opens
/// the new address (another module may draw it).
fn learning_changed(before: &EmbedParams, after: &EmbedParams) -> bool {
    (!before.has_own_position() || !after.has_own_position())
        && (before.mode, &before.lesson, &before.puzzle)
            != (after.mode, &after.lesson, &after.puzzle)
}

/// The parameters after `setLang` or `setTheme` (none for another message).
fn look_changed(message: &HostMessage, params: &EmbedParams) -> Option<EmbedParams> {
    match message {
        HostMessage::SetLang { lang } => Some(EmbedParams {
            lang: Some(*lang),
            ..params.clone()
        }),
        HostMessage::SetTheme { theme } => Some(EmbedParams {
            theme: *theme,
            ..params.clone()
        }),
        _ => None,
    }
}

/// A `newGame`'s fields as the parameters read them.
fn field_pairs(fields: &std::collections::BTreeMap<String, String>) -> Vec<(&str, &str)> {
    fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

/// The page's `play`: the move, on a person's turn.
fn play<G: EmbedGame>(game: &GameSession<G>, text: &str) -> Result<Action<G>, String> {
    if let crate::session::turn::Turn::Computer(side) = game.turn() {
        let name = G::side_lower(Lang::En.texts(), side);
        return Err(format!(
            "play: it is the computer's move (it plays {name}); wait for its move"
        ));
    }
    read_move(game, text)
        .map(Action::Play)
        .map_err(|why| format!("play {:?}: {why}", crate::engine::text::excerpt(text, 40)))
}

/// The page's `goToPly`: a position of the game's moves.
fn go_to<G: EmbedGame>(game: &GameSession<G>, ply: u32) -> Result<Action<G>, String> {
    let moves = game.record.line().len();
    match usize::try_from(ply) {
        Ok(ply) if ply <= moves => Ok(Action::GoTo(ply)),
        _ => Err(format!(
            "goToPly: ply {ply} is past the end of the game; it is 0 to {moves}, the number of moves played"
        )),
    }
}

/// The page's `setPosition` or `newGame`: the new game of the changed
/// parameters, or every reason they were refused.
fn new_game<G: EmbedGame>(
    kind: &str,
    params: &EmbedParams,
    fields: &[(&str, &str)],
) -> Result<(Vec<Action<G>>, Option<EmbedParams>), String> {
    let new = params
        .changed(fields)
        .map_err(|errors| format!("{kind}: {}", joined(&errors)))?;
    let actions = restart::<G>(&new).ok_or_else(|| format!("{kind}: not this frame's game"))?;
    Ok((actions, Some(new)))
}

/// Parameter errors, one after the other.
fn joined(errors: &[ParamError]) -> String {
    errors
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
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
/// the position shown; the reason, a sentence, when it is not one legal
/// move there.
pub fn read_move<G: EmbedGame>(session: &GameSession<G>, text: &str) -> Result<Move<G>, String> {
    let moves = G::read_moves(&session.settings, &session.position(), text)
        .map_err(|e| moves_error::<G>(&e))?;
    match moves.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err("no move is given".into()),
        _ => Err(format!("{} moves are given; play takes one", moves.len())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::params::{learning_of, parse, parse_fragment, Game, LearningRef};
    use crate::session::nim::Nim;
    use crate::session::opok::Opok;
    use crate::session::othello::Othello;

    fn othello(query: &str) -> (EmbedParams, GameSession<Othello>) {
        let params = parse(Game::Othello, query).params;
        let session = session::<Othello>(&params).expect("an Othello frame");
        (params, session)
    }

    /// A game page's game, as its share link `query` holds it, shown by a
    /// frame: the frame's game is the same (start, moves, position shown).
    fn same_in_frame<G: EmbedGame>(game: Game, query: &str) {
        let (settings, record) = crate::session::formats::decode::<G>(query).expect("a link");
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
        let params = parse(Game::Nim, "v=2&heaps=1&moves=1:1").params;
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

    use crate::embed::messages::SetPosition;
    use std::collections::BTreeMap;

    /// The game of a frame of `game` with `query`.
    fn frame<G: EmbedGame>(game: Game, query: &str) -> (EmbedParams, GameSession<G>) {
        let read = parse(game, query);
        assert!(read.errors.is_empty(), "{query}: {:?}", read.errors);
        let session = session::<G>(&read.params).expect("the game");
        (read.params, session)
    }

    /// The answer to `message`, and the game after the reply's actions.
    fn answer<G: EmbedGame>(
        message: HostMessage,
        params: &EmbedParams,
        game: &GameSession<G>,
    ) -> (FrameMessage, GameSession<G>) {
        let reply = reply(&message, params, game);
        // The actions make the game the reply says.
        let mut next = game.clone();
        for action in reply.actions {
            next.apply(action);
        }
        assert_eq!(next, reply.game);
        (reply.answer, next)
    }

    fn set_moves(moves: &str) -> HostMessage {
        HostMessage::SetPosition(SetPosition {
            moves: Some(moves.into()),
            ..Default::default()
        })
    }

    fn new_game(fields: &[(&str, &str)]) -> HostMessage {
        HostMessage::NewGame(
            fields
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect::<BTreeMap<_, _>>(),
        )
    }

    /// Each message a page may send a frame of `game` showing one move
    /// (`first`) and able to take `second`, and the answer's kind.
    fn every_message_answered<G: EmbedGame>(game: Game, first: &str, second: &str) {
        // In play the visitor has the second side, whose move it is.
        for mode in ["view", "play&side=second", "analyse"] {
            let (params, shown) = frame::<G>(game, &format!("moves={first}&mode={mode}"));
            let kinds = [
                (HostMessage::Play { mv: second.into() }, "move"),
                // A new position one move longer is still a position, not
                // a move (issue 27, item 7).
                (set_moves(&format!("{first},{second}")), "position"),
                (set_moves(""), "position"),
                (new_game(&[("mode", "view")]), "position"),
                (
                    new_game(&[("moves", first), ("mode", "analyse")]),
                    "position",
                ),
                (HostMessage::GoToPly { ply: 0 }, "position"),
                (HostMessage::GoToPly { ply: 1 }, "position"),
                (HostMessage::SetLang { lang: Lang::Cs }, "position"),
                (
                    HostMessage::SetTheme {
                        theme: crate::embed::params::Theme::Dark,
                    },
                    "position",
                ),
                (HostMessage::Flip, "position"),
            ];
            for (message, expected) in kinds {
                let (answer, next) = answer(message.clone(), &params, &shown);
                let (kind, info) = match &answer {
                    FrameMessage::Move(info) => ("move", info),
                    FrameMessage::Position(info) => ("position", info),
                    other => panic!("{game} {mode}: {message:?} → {other:?}"),
                };
                assert_eq!(kind, expected, "{game} {mode}: {message:?}");
                // The answer tells the game as it is after the message.
                let after = reply(&message, &params, &shown)
                    .params
                    .unwrap_or_else(|| params.clone());
                assert_eq!(
                    *info,
                    position_info(&after, &next),
                    "{game} {mode}: {message:?}"
                );
            }
        }
    }

    #[test]
    fn every_page_message_is_answered_by_one_position_move_or_error() {
        every_message_answered::<Othello>(Game::Othello, "f5", "d6");
        every_message_answered::<Opok>(Game::Opok, "a1:3:b3", "e5:1:e4");
        every_message_answered::<Nim>(Game::Nim, "1:1", "2:1");
    }

    #[test]
    fn a_new_game_switches_the_analysis_with_the_mode() {
        let (params, shown) = frame::<Othello>(Game::Othello, "moves=f5&mode=analyse");
        assert!(shown.extra.hint_mode);
        let (_, viewed) = answer(new_game(&[("mode", "view")]), &params, &shown);
        assert!(!viewed.extra.hint_mode, "no hints (and no worker) in view");
        let (params, shown) = frame::<Opok>(Game::Opok, "mode=view");
        assert!(!shown.extra.analyse);
        let (_, analysed) = answer(new_game(&[("mode", "analyse")]), &params, &shown);
        assert!(analysed.extra.analyse);
        assert!(analysed.wanted_search().is_some());
    }

    #[test]
    fn a_lesson_frame_s_board_is_the_lesson_s() {
        let (params, shown) = frame::<Nim>(Game::Nim, "lesson=nim-1-1");
        for message in [
            HostMessage::Play { mv: "0:1".into() },
            set_moves("0:1"),
            HostMessage::GoToPly { ply: 0 },
            HostMessage::Flip,
        ] {
            let reply = reply(&message, &params, &shown);
            let FrameMessage::Error { message: text } = &reply.answer else {
                panic!("{message:?} → {:?}", reply.answer)
            };
            assert!(
                text.starts_with(message.kind()) && text.contains("newGame"),
                "{text}"
            );
            assert!(reply.actions.is_empty() && reply.params.is_none() && !reply.flip);
        }
        let (answer, _) = answer(HostMessage::SetLang { lang: Lang::Ru }, &params, &shown);
        assert_eq!(answer, FrameMessage::Position(PositionInfo::none()));
        // A new game leaves the lesson: the frame opens its address, where
        // the board's frame reads the position as the page gave it.
        let reply = reply(
            &new_game(&[("mode", "play"), ("heaps", "2,2"), ("moves", "1:1")]),
            &params,
            &shown,
        );
        assert_eq!(reply.answer, FrameMessage::Position(PositionInfo::none()));
        assert!(reply.params.is_none() && reply.actions.is_empty());
        let address = reply.open.expect("the board's address");
        let board = parse_fragment(&address).expect("a frame");
        assert!(board.errors.is_empty(), "{:?}", board.errors);
        assert_eq!(board.params.mode, Mode::Play);
        assert_eq!(board.params.moves, "1:1");
        // Mistakes in other fields are refused, and the lesson stays.
        let refused = learning_reply(&new_game(&[("mode", "plays")]), &params);
        assert!(
            matches!(&refused.answer, FrameMessage::Error { message } if message.starts_with("newGame: mode")),
            "{refused:?}"
        );
        assert_eq!((refused.params, refused.open), (None, None));
        // Another lesson is another address; the language and the theme
        // are the frame's own.
        let other = learning_reply(&new_game(&[("lesson", "nim-1-2")]), &params);
        assert!(other.params.is_none());
        assert_eq!(
            learning_of(other.open.unwrap().trim_start_matches("#/embed/")).map(|l| l.what),
            Some(LearningRef::Lesson("nim-1-2".into()))
        );
        let russian = learning_reply(&new_game(&[("lang", "ru")]), &params);
        assert_eq!(russian.open, None);
        assert_eq!(russian.params.unwrap().lang, Some(Lang::Ru));
    }

    /// Whether `text` shows Rust's debug form: a `CamelCase` name
    /// (`PassNotAllowed`, `NotInSet`), a struct's fields, a set's
    /// fingerprint.
    fn debug_text(text: &str) -> bool {
        let camel = text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|word| {
                word.starts_with(|c: char| c.is_ascii_uppercase())
                    && word.chars().skip(1).any(|c| c.is_ascii_uppercase())
            });
        camel || text.contains("fingerprint") || text.contains(": [") || text.contains("{ ")
    }

    #[test]
    fn refusals_are_sentences_not_debug_text() {
        let mut refused = Vec::new();
        let mut ask =
            |message: HostMessage, params: &EmbedParams, answer: FrameMessage| match answer {
                FrameMessage::Error { message: text } => refused.push((message, text)),
                other => panic!("{message:?} was not refused: {other:?} ({params:?})"),
            };
        let (params, game) = frame::<Othello>(Game::Othello, "moves=f5");
        for mv in ["pass", "a1", "zz", "d6c3", "", "f5"] {
            let message = HostMessage::Play { mv: mv.into() };
            ask(
                message.clone(),
                &params,
                reply(&message, &params, &game).answer,
            );
        }
        for message in [
            HostMessage::GoToPly { ply: 9 },
            set_moves("f5f5"),
            new_game(&[("level", "9"), ("size", "5")]),
        ] {
            ask(
                message.clone(),
                &params,
                reply(&message, &params, &game).answer,
            );
        }
        let (params, game) = frame::<Othello>(Game::Othello, "mode=play&side=white");
        let message = HostMessage::Play { mv: "f5".into() };
        ask(
            message.clone(),
            &params,
            reply(&message, &params, &game).answer,
        );
        let (params, game) = frame::<Opok>(Game::Opok, "size=4");
        for mv in ["a1:1:a1", "d4:1:a1", "x", "pass"] {
            let message = HostMessage::Play { mv: mv.into() };
            ask(
                message.clone(),
                &params,
                reply(&message, &params, &game).answer,
            );
        }
        let (params, game) = frame::<Nim>(Game::Nim, "heaps=sub%7B1%2C3%7D:5,half:9");
        for mv in ["0:2", "1:7", "9:1", "x", "0:0"] {
            let message = HostMessage::Play { mv: mv.into() };
            ask(
                message.clone(),
                &params,
                reply(&message, &params, &game).answer,
            );
        }
        for (message, text) in &refused {
            assert!(!debug_text(text), "{message:?}: {text}");
            assert!(text.starts_with(message.kind()), "{message:?}: {text}");
            assert!(!text.ends_with('.') && !text.contains(".;"), "{text}");
        }
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
