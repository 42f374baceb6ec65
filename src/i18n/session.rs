//! What every game page says, in words: the announcements and notices of
//! the session core, written once; each game supplies its own words for
//! its sides, moves, results and errors through [`GameTexts`].

use crate::session::core::{Announcement, Move, Notice, PassedBy, PlayError};
use crate::session::formats::{Formats, LinkError};
use crate::session::query::QueryError;
use crate::session::saved::SavedError;

use super::{fill, Texts};

/// A game's own words, for the shared announcements and notices.
pub trait GameTexts: Formats {
    /// What the words need to know beyond the announcement (Opok: the
    /// board's size, to name squares).
    type Context: Copy;

    /// "Black", "Circles", "First player".
    fn side_name(t: &Texts, side: Self::Side) -> &'static str;
    /// The same inside a sentence.
    fn side_lower(t: &Texts, side: Self::Side) -> &'static str;
    /// A move played: "Black f5, flips e5." / "Computer (white) d6, …".
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
    /// The last move, on request: "Last move: white d6."
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
    /// "Your move (black)."
    fn your_move_text(t: &Texts, side: Self::Side) -> String;
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
            Announcement::Passed { side, by } => {
                let (template, name) = match by {
                    PassedBy::Person => (t.said_passed, G::side_name(t, *side)),
                    PassedBy::Computer => (t.said_computer_passed, G::side_lower(t, *side)),
                    PassedBy::Automatically => (t.said_auto_passed, G::side_name(t, *side)),
                };
                fill(template, &[("color", name)])
            }
            Announcement::MustPass(side) => G::must_pass_text(t, *side),
            Announcement::GameOver(outcome) => {
                format!("{} {}.", t.game_over, G::outcome_text(t, outcome))
            }
            Announcement::Undone(n) => fill(t.said_undone, &[("n", &n.to_string())]),
            Announcement::Redone(n) => fill(t.said_redone, &[("n", &n.to_string())]),
            Announcement::Shown(0) => t.said_shown_start.to_string(),
            Announcement::Shown(n) => fill(t.said_shown, &[("n", &n.to_string())]),
            Announcement::LastMove(None) => t.said_no_moves_yet.to_string(),
            Announcement::LastMove(Some((side, mv))) => G::last_move_text(t, context, *side, mv),
            Announcement::NewGame => t.said_new_game.to_string(),
            Announcement::Loaded => t.said_loaded.to_string(),
            Announcement::Game(own) => G::game_announcement_text(t, context, own),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A saved game that could not be restored, in words.
pub fn saved_error_text(t: &Texts, error: &SavedError) -> String {
    let reason = match error {
        SavedError::Corrupt(_) | SavedError::Invalid(_) => t.saved_corrupt,
        SavedError::Version(_) => t.saved_version,
    };
    fill(t.saved_error, &[("reason", reason)])
}

/// A notice in words; `side` is the side to move.
pub fn notice_text<G: GameTexts>(t: &Texts, notice: &Notice<G>, side: G::Side) -> String {
    match notice {
        Notice::Illegal(e) => G::play_error_text(t, e, side),
        Notice::GameOver => t.err_game_over.to_string(),
        Notice::Record(e) => G::record_error_text(t, e),
        Notice::Link(e) => fill(t.link_error, &[("reason", &link_error_reason::<G>(t, e))]),
        Notice::Saved(e) => saved_error_text(t, e),
        Notice::Copied => t.moves_copied.to_string(),
        Notice::LinkCopied => t.link_copied.to_string(),
        Notice::EngineFailed => t.engine_failed.to_string(),
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
            fill(t.err_link_key, &[("key", key)])
        }
        LinkError::BadValue { key, value } => fill(
            t.err_link_value,
            &[
                ("key", key),
                ("value", &crate::engine::text::excerpt(value, 40)),
            ],
        ),
        LinkError::Start(e) => G::start_error_text(t, e),
        LinkError::Moves(e) => G::record_error_text(t, e).trim_end_matches('.').to_string(),
    }
}
