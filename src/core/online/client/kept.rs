//! The seats this browser holds ("My online games"), kept in local
//! storage as text: each with when it was first kept and, once this
//! browser saw the game end, the game itself (its setup, players, moves
//! and ending), so that a finished game is listed with its result and
//! downloaded as a transcript (and GGF for Othello) without the server.

use crate::json::Decode;
use serde::{Deserialize, Serialize};

use crate::engine::othello::ggf::{self, GgfGame};
use crate::online::room::{Ending, Seat};
use crate::online::setup::{GameKind, Setup};

use super::{is_word, session_of, OnlineLink};
use crate::session::formats::Formats;
use crate::session::othello::Othello;

/// The most seats a browser keeps (the oldest are forgotten).
pub const MAX_KEPT: usize = 50;

/// The most moves a kept game holds (a longer one is kept without them).
const MAX_MOVES: usize = 400;

/// A finished game as this browser keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct KeptGame {
    /// Its setup.
    pub setup: Setup,
    /// The players' names by seat.
    pub names: [String; 2],
    /// The moves, as the server writes them.
    pub moves: Vec<String>,
    /// How it ended.
    pub ending: Ending,
}

impl KeptGame {
    /// Whether it reads as a game that could have been played: a setup the
    /// server takes, names of a display name's length, moves of moves'.
    fn is_sound(&self) -> bool {
        self.setup.checked().is_ok()
            && self.names.iter().all(|n| n.chars().count() <= 32)
            && self.moves.len() <= MAX_MOVES
            && self.moves.iter().all(|m| m.len() <= 24)
    }
}

/// A seat this browser holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
pub struct KeptSeat {
    /// Which game.
    pub kind: GameKind,
    /// The game's id.
    pub game: String,
    /// The seat.
    pub seat: Seat,
    /// Its token.
    pub token: String,
    /// The invitation's secret (the creator of a private game sends it).
    #[serde(default)]
    pub invite: Option<String>,
    /// When this browser first kept it (milliseconds since 1970; 0 when
    /// not known).
    #[serde(default)]
    pub since_ms: u64,
    /// The game, once this browser saw it end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished: Option<KeptGame>,
}

impl KeptSeat {
    /// Seat 0 of game "" of `kind` with `token`, the rest unknown (to be
    /// filled in).
    pub fn new(kind: GameKind, token: String) -> KeptSeat {
        KeptSeat {
            kind,
            game: String::new(),
            seat: 0,
            token,
            invite: None,
            since_ms: 0,
            finished: None,
        }
    }

    /// The player's own link (the token in it).
    pub fn link(&self) -> OnlineLink {
        OnlineLink {
            kind: self.kind,
            game: self.game.clone(),
            seat: Some(self.token.clone()),
            invite: None,
        }
    }

    /// The link that only watches the game.
    pub fn watch_link(&self) -> OnlineLink {
        OnlineLink {
            seat: None,
            ..self.link()
        }
    }
}

/// The seats kept in `text` (what [`write_kept`] wrote); text that does
/// not read, and entries that are not seats, are left out (a kept game
/// that does not read is forgotten, its seat kept).
pub fn read_kept(text: &str) -> Vec<KeptSeat> {
    let entries: Vec<crate::json::Value> = crate::json::from_str(text).unwrap_or_default();
    entries
        .iter()
        .filter_map(|entry| <KeptSeat as crate::json::Decode>::decode(entry).ok())
        .filter(|kept| {
            is_word(&kept.game, 32)
                && is_word(&kept.token, 64)
                && kept.seat < 2
                && kept.invite.as_deref().is_none_or(|i| is_word(i, 64))
        })
        .map(|mut kept| {
            if kept.finished.as_ref().is_some_and(|g| !g.is_sound()) {
                kept.finished = None;
            }
            kept
        })
        .take(MAX_KEPT)
        .collect()
}

/// The seats as text, to keep.
pub fn write_kept(kept: &[KeptSeat]) -> String {
    serde_json::to_string(kept).unwrap_or_else(|_| "[]".into())
}

/// `kept` with `seat` first (replacing the same game's, whose invitation,
/// first date and finished game stay unless `seat` has its own), at most
/// [`MAX_KEPT`].
pub fn keep_seat(kept: &[KeptSeat], mut seat: KeptSeat) -> Vec<KeptSeat> {
    if let Some(before) = kept.iter().find(|k| k.game == seat.game) {
        seat.invite = seat.invite.or_else(|| before.invite.clone());
        if seat.since_ms == 0 {
            seat.since_ms = before.since_ms;
        }
        seat.finished = seat.finished.or_else(|| before.finished.clone());
    }
    let game = seat.game.clone();
    let others = kept.iter().filter(|k| k.game != game).cloned();
    std::iter::once(seat).chain(others).take(MAX_KEPT).collect()
}

/// The file a finished game downloads as: its name and text. A transcript
/// for every game (a header of `[Key "value"]` lines, then the moves as the
/// game's page writes them), GGF for Othello when `ggf`.
pub fn game_file(kept: &KeptSeat, date: &str, ggf: bool) -> Option<(String, String)> {
    let game = kept.finished.as_ref()?;
    let result = result_text(game);
    if ggf {
        if game.setup.game != GameKind::Othello {
            return None;
        }
        let session = session_of::<Othello>(&game.setup.rules, &game.moves)?;
        let mut record = GgfGame::new(session.record.start(), session.record.line().to_vec());
        record.black = game.names[0].clone();
        record.white = game.names[1].clone();
        record.result = ggf_result(game);
        return Some((format!("{}.ggf", kept.game), ggf::write(&record)));
    }
    let moves = match game.setup.game {
        GameKind::Othello => moves_text::<Othello>(game),
        GameKind::Opok => moves_text::<crate::session::opok::Opok>(game),
        GameKind::Nim => moves_text::<crate::session::nim::Nim>(game),
    }?;
    let timing = match &game.setup.timing {
        crate::online::setup::Timing::Live { control, .. } => control.clone(),
        crate::online::setup::Timing::Correspondence { days } => format!("{days}d/move"),
    };
    let header = [
        ("Game", game.setup.game.name().to_string()),
        ("Rules", game.setup.rules.clone()),
        ("Date", date.to_string()),
        ("First", game.names[0].clone()),
        ("Second", game.names[1].clone()),
        ("TimeControl", timing),
        ("Result", result),
        ("Ending", format!("{:?}", game.ending.reason).to_lowercase()),
        (
            "Site",
            format!("#/online/{}/{}", game.setup.game.name(), kept.game),
        ),
    ];
    let mut text: String = header
        .iter()
        .map(|(key, value)| format!("[{key} \"{}\"]\n", value.replace(['"', '\n'], "'")))
        .collect();
    text.push('\n');
    text.push_str(&moves);
    text.push('\n');
    Some((format!("{}.txt", kept.game), text))
}

/// The result as a record writes it: `40-24` (first side's points first),
/// `1-0`, `0-1`, `½-½`, or `*` for no result.
fn result_text(game: &KeptGame) -> String {
    match (game.ending.score.points, game.ending.score.winner) {
        (Some([a, b]), _) => format!("{a}-{b}"),
        (None, Some(0)) => "1-0".into(),
        (None, Some(_)) => "0-1".into(),
        (None, None)
            if matches!(
                game.ending.reason,
                crate::online::room::Reason::Aborted | crate::online::room::Reason::DoubleForfeit
            ) =>
        {
            "*".into()
        }
        (None, None) => "½-½".into(),
    }
}

/// The result as GGF records it: Black's discs less White's, signed
/// (`+16`, `-60:t` on time, `+64:r` by resignation), `?` for no result.
fn ggf_result(game: &KeptGame) -> String {
    use crate::online::room::Reason;
    let Some([black, white]) = game.ending.score.points else {
        return "?".into();
    };
    let how = match game.ending.reason {
        Reason::Time | Reason::Completed => ":t",
        Reason::Resigned | Reason::Abandoned => ":r",
        _ => "",
    };
    format!("{:+}{how}", i64::from(black) - i64::from(white))
}

/// A finished game's moves as its page writes them.
fn moves_text<G: Formats>(game: &KeptGame) -> Option<String> {
    let session = session_of::<G>(&game.setup.rules, &game.moves)?;
    Some(G::record_text(&session.settings, session.record.line()))
}
