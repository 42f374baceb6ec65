//! Games put aside on a game page: a link opened while another game was in
//! progress never costs that game. The game in progress (its autosave and
//! its clock) goes into a short list, newest first, from which the page
//! can bring it back; bringing one back puts the game shown aside in turn.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::formats::{self, Formats, Game};

/// How many games the list keeps; the oldest goes when a newer one comes.
pub const MAX_GAMES: usize = 12;

/// The longest list text read (a dozen long games with their clocks fit
/// many times over).
const MAX_TEXT: usize = 4 << 20;

/// The format version written now.
const VERSION: u32 = 1;

/// A game put aside.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PutAside {
    /// The game as its autosave holds it (`formats::save`).
    pub game: String,
    /// Its clock as kept beside the autosave, if it had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
    /// When it was put aside, in milliseconds since 1970.
    pub at: u64,
}

/// The games put aside on one page, newest first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Recent {
    version: u32,
    games: Vec<PutAside>,
}

impl Default for Recent {
    fn default() -> Recent {
        Recent {
            version: VERSION,
            games: Vec::new(),
        }
    }
}

/// Why a kept list does not read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecentError {
    /// Longer than any list this app writes.
    TooLong(usize),
    /// Not the JSON this app writes.
    Corrupt(String),
    /// Written by a version of the app that writes another format.
    Version(u32),
}

impl fmt::Display for RecentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecentError::TooLong(n) => {
                write!(f, "the list of games put aside is too long ({n} bytes)")
            }
            RecentError::Corrupt(e) => write!(f, "the list of games put aside is damaged ({e})"),
            RecentError::Version(v) => {
                write!(
                    f,
                    "the list of games put aside is from another version ({v})"
                )
            }
        }
    }
}

impl std::error::Error for RecentError {}

impl Recent {
    /// Reads a list as [`Recent::to_text`] writes it.
    pub fn parse(text: &str) -> Result<Recent, RecentError> {
        if text.len() > MAX_TEXT {
            return Err(RecentError::TooLong(text.len()));
        }
        let recent: Recent =
            serde_json::from_str(text).map_err(|e| RecentError::Corrupt(e.to_string()))?;
        if recent.version != VERSION {
            return Err(RecentError::Version(recent.version));
        }
        if recent.games.len() > MAX_GAMES {
            return Err(RecentError::Corrupt(format!(
                "{} games, at most {MAX_GAMES} are kept",
                recent.games.len()
            )));
        }
        Ok(recent)
    }

    /// The list as text.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("plain data serialises")
    }

    /// The games, newest first.
    pub fn games(&self) -> &[PutAside] {
        &self.games
    }

    /// Puts `game` aside at the head of the list (an equal game already in
    /// the list moves up instead of being kept twice); the oldest beyond
    /// [`MAX_GAMES`] goes.
    pub fn put_aside(&mut self, game: PutAside) {
        self.games.retain(|g| g.game != game.game);
        self.games.insert(0, game);
        self.games.truncate(MAX_GAMES);
    }

    /// Takes out the game whose autosave text is `game` (it is shown again).
    pub fn take_out(&mut self, game: &str) {
        self.games.retain(|g| g.game != game);
    }
}

/// Whether opening `opened` should put the game `in_progress` aside: a game
/// with moves (or a start of its own) that is not the one being opened.
pub fn worth_keeping<G: Formats>(in_progress: &Game<G>, opened: &Game<G>) -> bool {
    let (settings, record) = in_progress;
    let own_start = G::start_text(settings, &record.start()).is_some();
    (own_start || !record.line().is_empty())
        && formats::save::<G>(settings, record) != formats::save::<G>(&opened.0, &opened.1)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn game(text: &str, at: u64) -> PutAside {
        PutAside {
            game: text.into(),
            clock: None,
            at,
        }
    }

    #[test]
    fn newest_first_without_twins_and_at_most_a_dozen() {
        let mut recent = Recent::default();
        for i in 0..15 {
            recent.put_aside(game(&format!("g{i}"), i));
        }
        assert_eq!(recent.games().len(), MAX_GAMES);
        assert_eq!(recent.games()[0].game, "g14");
        assert_eq!(recent.games()[MAX_GAMES - 1].game, "g3");
        recent.put_aside(game("g10", 99));
        assert_eq!(recent.games().len(), MAX_GAMES, "an equal game moves up");
        assert_eq!(
            (recent.games()[0].game.as_str(), recent.games()[0].at),
            ("g10", 99)
        );
        recent.take_out("g10");
        assert!(recent.games().iter().all(|g| g.game != "g10"));
    }

    #[test]
    fn only_a_game_of_its_own_is_worth_keeping() {
        use crate::session::othello::Othello;
        let game = |query: &str| formats::decode::<Othello>(query).unwrap();
        let played = game("moves=f5d6c3");
        let other = game("moves=f5f6");
        let fresh = game("size=8");
        assert!(worth_keeping::<Othello>(&played, &other));
        assert!(!worth_keeping::<Othello>(&played, &played), "the same game");
        assert!(!worth_keeping::<Othello>(&fresh, &other), "nothing played");
        let board = format!("{}OX{}XX{}", "-".repeat(27), "-".repeat(6), "-".repeat(27));
        let set_up = game(&format!("start={board}X"));
        assert!(
            worth_keeping::<Othello>(&set_up, &other),
            "a position of its own"
        );
    }

    #[test]
    fn a_game_put_aside_comes_back_through_its_link_unchanged() {
        use crate::session::nim::Nim;
        use crate::session::opok::Opok;
        use crate::session::othello::Othello;
        fn round_trip<G: Formats>(query: &str) {
            let (settings, record) = formats::decode::<G>(query).unwrap();
            let saved = formats::save::<G>(&settings, &record);
            let (settings, record) = formats::load::<G>(&saved).unwrap();
            let link = formats::encode::<G>(&settings, &record);
            let (settings, record) = formats::decode::<G>(&link).unwrap();
            assert_eq!(formats::save::<G>(&settings, &record), saved, "{query}");
        }
        round_trip::<Othello>("size=8&variant=anti&white=c3&moves=f5f6&at=1");
        round_trip::<Opok>("size=5&squares=c2&moves=a1:3:b3");
        round_trip::<Nim>("start=nim:3+half:9&misere=1&moves=1:2");
    }

    #[test]
    fn bad_lists_are_refused_with_the_reason() {
        assert!(matches!(Recent::parse("{"), Err(RecentError::Corrupt(_))));
        assert_eq!(
            Recent::parse(r#"{"version":2,"games":[]}"#),
            Err(RecentError::Version(2))
        );
        let many: Vec<String> = (0..13)
            .map(|i| format!(r#"{{"game":"g{i}","at":0}}"#))
            .collect();
        let text = format!(r#"{{"version":1,"games":[{}]}}"#, many.join(","));
        assert!(matches!(Recent::parse(&text), Err(RecentError::Corrupt(_))));
        let long = " ".repeat(MAX_TEXT + 1);
        assert_eq!(
            Recent::parse(&long),
            Err(RecentError::TooLong(MAX_TEXT + 1))
        );
    }

    proptest! {
        #[test]
        fn any_text_is_read_or_refused(text in "\\PC{0,200}") {
            let _ = Recent::parse(&text);
        }

        #[test]
        fn written_lists_read_back(
            games in proptest::collection::vec(("\\PC{0,40}", proptest::option::of("\\PC{0,20}"), any::<u64>()), 0..MAX_GAMES),
        ) {
            let mut recent = Recent::default();
            for (text, clock, at) in games.into_iter().rev() {
                recent.put_aside(PutAside { game: text, clock, at });
            }
            prop_assert_eq!(Recent::parse(&recent.to_text()), Ok(recent));
        }
    }
}
