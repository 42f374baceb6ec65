//! What every game page says, in words: the announcements and notices of
//! the session core, written once; each game supplies its own words for
//! its sides, moves, results and errors through [`GameTexts`].

use crate::query::QueryError;
use crate::session::core::{Announcement, Move, Notice, PassedBy, PlayError};
use crate::session::described::MovesRefused;
use crate::session::formats::{Formats, LinkError};
use crate::session::nim::Nim;
use crate::session::opok::Opok;
use crate::session::othello::Othello;
use crate::session::saved::SavedError;

use super::{SideName, Texts};

/// A game's own words, for the shared announcements and notices.
pub trait GameTexts: Formats {
    /// What the words need to know beyond the announcement (Opok: the
    /// board's size, to name squares).
    type Context: Copy;

    /// "Black", "Circles", "First player": the side as a label (a seat in
    /// the new-game dialog).
    fn side_name(t: &Texts, side: Self::Side) -> &'static str;
    /// The side's name in the forms sentences need.
    fn side_forms(t: &Texts, side: Self::Side) -> SideName;
    /// The name inside a sentence or in brackets ("Computer (White) is
    /// thinking…", "Počítač (bílý) přemýšlí…").
    fn side_lower(t: &Texts, side: Self::Side) -> &'static str {
        Self::side_forms(t, side).nom
    }
    /// A move played: "Black f5, flips e5." / "Computer (White) plays d6, …".
    fn moved_text(
        t: &Texts,
        context: Self::Context,
        side: Self::Side,
        mv: &Move<Self>,
        effect: &Self::Effect,
        by_computer: bool,
    ) -> String;
    /// A move as the move list shows it (`f5`, `a1:3:b3`, a translated
    /// "pass").
    fn move_label(t: &Texts, context: Self::Context, mv: &Move<Self>) -> String;
    /// The last move, on request: "Last move: White d6."
    fn last_move_text(
        t: &Texts,
        context: Self::Context,
        side: Self::Side,
        mv: &Move<Self>,
    ) -> String;
    /// The result: "Black wins 40–24."
    fn outcome_text(t: &Texts, outcome: &Self::Outcome) -> String;
    /// "Black has no legal move and must pass."
    fn must_pass_text(t: &Texts, side: Self::Side) -> String;
    /// "Your move (Black)."
    fn your_move_text(t: &Texts, side: Self::Side) -> String;
    /// A pass: "Black passes.", "Circles pass." (the verb agrees with the
    /// side, so each game has its own words).
    fn passed_text(t: &Texts, side: Self::Side, by: PassedBy) -> String;
    /// The note that the app passed for the person: "Black has no legal
    /// move and passes."
    fn auto_passed_text(t: &Texts, side: Self::Side) -> String {
        Self::passed_text(t, side, PassedBy::Automatically)
    }
    /// A note after the result (anti-Othello explains its scoring).
    fn result_note(_t: &Texts, _settings: &Self::Settings) -> Option<&'static str> {
        None
    }
    /// A refused move; `side` is the side to move.
    fn play_error_text(t: &Texts, error: &PlayError<Self>, side: Self::Side) -> String;
    /// A refused record.
    fn record_error_text(t: &Texts, error: &Self::RecordError) -> String;
    /// Why a link's start was refused (without a full stop).
    fn start_error_text(t: &Texts, error: &Self::StartError) -> String;
    /// The game's own announcements.
    fn game_announcement_text(
        t: &Texts,
        context: Self::Context,
        announcement: &Self::GameAnnouncement,
    ) -> String;
    /// The game's own notices.
    fn game_notice_text(t: &Texts, notice: &Self::GameNotice) -> String;
}

/// What the live region says for `said` (spoken together).
pub fn announcement_text<G: GameTexts>(
    t: &Texts,
    context: G::Context,
    said: &[Announcement<G>],
) -> String {
    said.iter()
        .map(|a| match a {
            Announcement::Moved {
                side,
                mv,
                effect,
                by_computer,
            } => G::moved_text(t, context, *side, mv, effect, *by_computer),
            Announcement::Passed { side, by } => G::passed_text(t, *side, *by),
            Announcement::MustPass(side) => G::must_pass_text(t, *side),
            Announcement::Flag(side) => t.common.flag_fell(G::side_name(t, *side)),
            Announcement::LowTime(side) => t.common.low_time(G::side_name(t, *side)),
            Announcement::Pressed { side, next } => t
                .clock()
                .pressed(G::side_name(t, *side), G::side_name(t, *next)),
            Announcement::PressNotRunning(side) => {
                t.clock().press_not_running(G::side_name(t, *side))
            }
            Announcement::PressEarly(side) => t.clock().press_early(G::side_name(t, *side)),
            Announcement::GameOver(outcome) => {
                format!("{} {}.", t.common.game_over(), G::outcome_text(t, outcome))
            }
            Announcement::Undone(n) => format!("{} {}", t.common.said_undone(), shown_text(t, *n)),
            Announcement::Redone(n) => format!("{} {}", t.common.said_redone(), shown_text(t, *n)),
            Announcement::Shown(n) => shown_text(t, *n),
            Announcement::LastMove(None) => t.common.said_no_moves_yet().to_string(),
            Announcement::LastMove(Some((side, mv))) => G::last_move_text(t, context, *side, mv),
            Announcement::NewGame => t.common.said_new_game().to_string(),
            Announcement::Loaded => t.common.said_loaded().to_string(),
            Announcement::Refused(error, side) => G::play_error_text(t, error, *side),
            Announcement::Game(own) => G::game_announcement_text(t, context, own),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// "Position after move 5." or "Start position."
fn shown_text(t: &Texts, ply: usize) -> String {
    if ply == 0 {
        t.common.said_shown_start().to_string()
    } else {
        t.common.said_shown(ply)
    }
}

/// Why a saved game could not be restored, in words.
fn saved_error_reason(t: &Texts, error: &SavedError) -> &'static str {
    match error {
        SavedError::Corrupt(_) | SavedError::Invalid(_) => t.common.saved_corrupt(),
        SavedError::Version(_) => t.common.saved_version(),
    }
}

/// A saved game that could not be restored, in words.
pub fn saved_error_text(t: &Texts, error: &SavedError) -> String {
    t.common.saved_error(saved_error_reason(t, error))
}

/// A notice in words; `side` is the side to move.
pub fn notice_text<G: GameTexts>(t: &Texts, notice: &Notice<G>, side: G::Side) -> String {
    match notice {
        Notice::Illegal(e) => G::play_error_text(t, e, side),
        Notice::GameOver => t.common.err_game_over().to_string(),
        Notice::Record(e) => G::record_error_text(t, e),
        Notice::Link(e) => t.common.link_error(link_error_reason::<G>(t, e)),
        Notice::Saved(e) => saved_error_text(t, e),
        Notice::SavedKept(e) => t.saving().saved_kept(saved_error_reason(t, e)),
        Notice::PutAside => t.saving().put_aside_done().to_string(),
        Notice::NotPutAside => t.saving().put_aside_failed().to_string(),
        Notice::EngineFailed => t.common.engine_failed().to_string(),
        Notice::Game(own) => G::game_notice_text(t, own),
    }
}

/// Why a link was refused, in words (without a full stop).
fn link_error_reason<G: GameTexts>(
    t: &Texts,
    error: &LinkError<G::StartError, G::RecordError>,
) -> String {
    match error {
        LinkError::Query(QueryError::UnknownKey(key) | QueryError::RepeatedKey(key)) => {
            t.common.err_link_key(key)
        }
        LinkError::BadValue { key, value } => t
            .common
            .err_link_value(crate::engine::text::excerpt(value, 40), key),
        LinkError::Start(e) => G::start_error_text(t, e),
        LinkError::Moves(e) => G::record_error_text(t, e).trim_end_matches('.').to_string(),
    }
}

/// Refused moves in English, as `Display` gives them (an embedded frame's
/// errors): the words a game page shows for a pasted record, without the
/// full stop.
impl std::fmt::Display for MovesRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = super::Lang::En.texts();
        let words = match self {
            MovesRefused::Othello(e) => Othello::record_error_text(t, e),
            MovesRefused::Opok(e) => Opok::record_error_text(t, e),
            MovesRefused::Nim(e) => Nim::record_error_text(t, e),
        };
        f.write_str(words.trim_end_matches('.'))
    }
}
