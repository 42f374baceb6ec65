//! The texts of a game in the app: share links, the autosave, and the
//! record that "copy moves" copies, behind one trait so that the page shell
//! handles every game's texts the same way.

use super::core::SessionGame;
use super::record::Record;
use super::saved::SavedError;

/// A game as a link or a save holds it: its settings and its record.
pub type Game<G> = (
    <G as SessionGame>::Settings,
    Record<<G as SessionGame>::Position>,
);

/// A game's texts.
pub trait Formats: SessionGame {
    /// The share-link query of a game (`size=8&moves=f5d6`).
    fn encode_link(settings: &Self::Settings, record: &Record<Self::Position>) -> String;
    /// Reads a share-link query, checking everything.
    fn decode_link(query: &str) -> Result<Game<Self>, Self::LinkError>;
    /// The autosave text of a game.
    fn save(settings: &Self::Settings, record: &Record<Self::Position>) -> String;
    /// Restores a game from its autosave text, checking everything.
    fn load(text: &str) -> Result<Game<Self>, SavedError>;
    /// The moves as the game's record text.
    fn record_text(settings: &Self::Settings, moves: &[Self::Move]) -> String;
}
