//! What an online game is before it starts: which game, its rules, its
//! timing, and how the players are named.
//!
//! The rules are written as the game's share link writes them (the keys of
//! `session::formats`), limited to the keys that are rules rather than
//! players: `size=6&variant=anti` (Othello; also `start=<board>`),
//! `size=5` (Opok; also `start=<position>`), `misere=1&start=nim:3+half:9`
//! (take-away games). [`Setup::checked`] reads them with the same code as
//! a share link and writes them back in one canonical form.

use crate::json::Decode;
use serde::{Deserialize, Serialize};

use crate::session::clock::TimeControl;
use crate::session::core::SessionGame;
use crate::session::formats::{decode, encode, Formats};
use crate::session::nim::Nim;
use crate::session::opok::Opok;
use crate::session::othello::Othello;
use crate::session::record::Record;

/// The longest rules text read (a 10×10 Othello start board and its keys,
/// or 64 take-away heaps, fit well within it).
pub const MAX_RULES_BYTES: usize = 1024;

/// The days a correspondence move may take.
pub const CORRESPONDENCE_DAYS: [u8; 5] = [1, 2, 3, 5, 7];

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// The three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Decode)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Othello and its variants.
    Othello,
    /// Opok.
    Opok,
    /// Nim and the other take-away games.
    Nim,
}

impl GameKind {
    /// The name used in the protocol and in routes.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Othello => "othello",
            GameKind::Opok => "opok",
            GameKind::Nim => "nim",
        }
    }

    /// The game of `name`, as [`GameKind::name`] writes it.
    pub fn from_name(name: &str) -> Option<GameKind> {
        [GameKind::Othello, GameKind::Opok, GameKind::Nim]
            .into_iter()
            .find(|kind| kind.name() == name)
    }

    /// The keys of the share link that are rules (not players).
    pub fn rule_keys(self) -> &'static [&'static str] {
        match self {
            GameKind::Othello => &["size", "variant", "start"],
            GameKind::Opok => &["size", "start"],
            GameKind::Nim => &["misere", "start"],
        }
    }
}

/// How time is kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Timing {
    /// A clock for each side, run by the server.
    Live {
        /// The time control as the app writes it: `5+3` (Fischer; `+0`
        /// sudden death), `5d3` (simple delay), `5b3` (Bronstein),
        /// `10/5+0` (a handicap: the first side's minutes, then the other's).
        control: String,
        /// After a flag the winner completes the game playing both sides
        /// (seed 004; Othello only, not anti-Othello).
        #[serde(default)]
        completes: bool,
    },
    /// A number of days for every move ([`CORRESPONDENCE_DAYS`]).
    Correspondence {
        /// Days a move.
        days: u8,
    },
}

impl Timing {
    /// The live time control, if the game has one.
    pub fn control(&self) -> Option<TimeControl> {
        match self {
            Timing::Live { control, .. } => TimeControl::parse(control).ok(),
            Timing::Correspondence { .. } => None,
        }
    }

    /// Whether the game is played live (claims and completion exist only
    /// there).
    pub fn is_live(&self) -> bool {
        matches!(self, Timing::Live { .. })
    }
}

/// A game as its creator sets it up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Which game.
    pub game: GameKind,
    /// The rules, as a share link writes them (see the module's doc); empty
    /// for the game's usual start.
    #[serde(default)]
    pub rules: String,
    /// Live clocks or correspondence.
    pub timing: Timing,
}

/// Why a setup was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(tag = "problem", content = "detail", rename_all = "snake_case")]
pub enum SetupError {
    /// The rules text is longer than [`MAX_RULES_BYTES`].
    RulesTooLong,
    /// A key that is not one of the game's rules (players, moves, …).
    Key(String),
    /// The rules do not read (the reason, as the link reader gives it).
    Rules(String),
    /// The start position is already over.
    StartOver,
    /// The time control does not read or is out of range.
    Control(String),
    /// Correspondence days not among [`CORRESPONDENCE_DAYS`].
    Days(u8),
    /// Completion after a flag asked for a game that does not offer it.
    Completion,
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::RulesTooLong => write!(f, "the rules are too long"),
            SetupError::Key(key) => write!(f, "{key:?} is not one of the game's rules"),
            SetupError::Rules(why) => write!(f, "the rules do not read: {why}"),
            SetupError::StartOver => write!(f, "the start position is already over"),
            SetupError::Control(why) => write!(f, "{why}"),
            SetupError::Days(days) => write!(f, "{days} days a move is not offered"),
            SetupError::Completion => write!(f, "this game does not offer completion"),
        }
    }
}

/// The rules of game `G` in their canonical form, if `rules` reads with
/// only the keys in `keys`; whether the game offers completion.
fn canonical_rules<G: Formats>(rules: &str, keys: &[&str]) -> Result<(String, bool), SetupError> {
    for pair in rules.split('&').filter(|p| !p.is_empty()) {
        let key = pair.split_once('=').map_or(pair, |(k, _)| k);
        if !keys.contains(&key) {
            return Err(SetupError::Key(key.chars().take(40).collect()));
        }
    }
    let (settings, record) = decode::<G>(rules).map_err(|e| SetupError::Rules(format!("{e:?}")))?;
    if G::is_over(&record.start()) {
        return Err(SetupError::StartOver);
    }
    let written = encode::<G>(&settings, &Record::new(record.start()));
    Ok((only_keys(&written, keys), G::offers_completion(&settings)))
}

/// The pairs of a link's query `written` whose keys are among `keys`, in
/// their order (the browser writes a page's settings as rules with it).
pub fn only_keys(written: &str, keys: &[&str]) -> String {
    written
        .split('&')
        .filter(|pair| keys.contains(&pair.split_once('=').map_or(*pair, |(k, _)| k)))
        .collect::<Vec<_>>()
        .join("&")
}

impl Setup {
    /// The setup checked and written in canonical form (rules re-written
    /// as the link writer writes them, the time control as the app writes
    /// it), or why it is refused.
    pub fn checked(&self) -> Result<Setup, SetupError> {
        if self.rules.len() > MAX_RULES_BYTES {
            return Err(SetupError::RulesTooLong);
        }
        let keys = self.game.rule_keys();
        let (rules, offers_completion) = match self.game {
            GameKind::Othello => canonical_rules::<Othello>(&self.rules, keys)?,
            GameKind::Opok => canonical_rules::<Opok>(&self.rules, keys)?,
            GameKind::Nim => canonical_rules::<Nim>(&self.rules, keys)?,
        };
        let timing = match &self.timing {
            Timing::Live { control, completes } => {
                let parsed =
                    TimeControl::parse(control).map_err(|e| SetupError::Control(e.to_string()))?;
                if *completes && !offers_completion {
                    return Err(SetupError::Completion);
                }
                Timing::Live {
                    control: parsed.to_string(),
                    completes: *completes,
                }
            }
            Timing::Correspondence { days } if CORRESPONDENCE_DAYS.contains(days) => {
                Timing::Correspondence { days: *days }
            }
            Timing::Correspondence { days } => return Err(SetupError::Days(*days)),
        };
        Ok(Setup {
            game: self.game,
            rules,
            timing,
        })
    }
}

/// Why a display name was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Decode)]
#[serde(rename_all = "snake_case")]
pub enum NameError {
    /// Nothing but spaces.
    Empty,
    /// More than [`MAX_NAME_CHARS`] characters.
    TooLong,
    /// A control character or a text-direction override.
    Control,
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::Empty => write!(f, "a name is needed"),
            NameError::TooLong => write!(f, "a name has at most {MAX_NAME_CHARS} characters"),
            NameError::Control => write!(f, "a name may not hold control characters"),
        }
    }
}

/// A display name checked: spaces at the ends trimmed, 1 to
/// [`MAX_NAME_CHARS`] characters, no control characters and no
/// text-direction controls (which could make a name look like another).
/// Names are text everywhere, never HTML.
pub fn display_name(name: &str) -> Result<String, NameError> {
    let name = name.trim();
    let direction = |c: char| matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if name.chars().any(|c| c.is_control() || direction(c)) {
        return Err(NameError::Control);
    }
    match name.chars().count() {
        0 => Err(NameError::Empty),
        n if n > MAX_NAME_CHARS => Err(NameError::TooLong),
        _ => Ok(name.to_string()),
    }
}

/// The first side's index is 0 (black, Circles, the first player); `G`'s
/// side as that index.
pub fn seat_of<G: SessionGame>(side: G::Side) -> u8 {
    u8::from(G::sides()[1] == side)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn setup(game: GameKind, rules: &str, timing: Timing) -> Setup {
        Setup {
            game,
            rules: rules.into(),
            timing,
        }
    }

    fn live(control: &str) -> Timing {
        Timing::Live {
            control: control.into(),
            completes: false,
        }
    }

    #[test]
    fn rules_are_read_as_links_and_written_canonically() {
        let checked = setup(GameKind::Othello, "variant=anti&size=6", live(" 5 + 3"))
            .checked()
            .unwrap();
        assert_eq!(checked.rules, "size=6&variant=anti");
        assert_eq!(checked.timing, live("5+3"));
        let usual = setup(GameKind::Othello, "", live("1d2")).checked().unwrap();
        assert_eq!(usual.rules, "size=8&variant=standard");
        let opok = setup(GameKind::Opok, "size=7", live("10/5+0")).checked();
        assert_eq!(opok.unwrap().rules, "size=7");
        let nim = setup(
            GameKind::Nim,
            "start=nim:3+half:9&misere=1",
            Timing::Correspondence { days: 3 },
        );
        assert_eq!(nim.checked().unwrap().rules, "misere=1&start=nim:3+half:9");
    }

    #[test]
    fn setups_outside_the_rules_are_refused() {
        let refused = |game, rules: &str, timing| setup(game, rules, timing).checked().unwrap_err();
        assert_eq!(
            refused(GameKind::Othello, "black=c3", live("5+0")),
            SetupError::Key("black".into())
        );
        assert_eq!(
            refused(GameKind::Othello, "moves=f5", live("5+0")),
            SetupError::Key("moves".into())
        );
        assert!(matches!(
            refused(GameKind::Othello, "size=9", live("5+0")),
            SetupError::Rules(_)
        ));
        assert!(matches!(
            refused(GameKind::Nim, "start=nim:0", live("5+0")),
            SetupError::StartOver
        ));
        assert!(matches!(
            refused(GameKind::Opok, "", live("0+0")),
            SetupError::Control(_)
        ));
        assert_eq!(
            refused(GameKind::Opok, "", Timing::Correspondence { days: 4 }),
            SetupError::Days(4)
        );
        let completing = Timing::Live {
            control: "5+0".into(),
            completes: true,
        };
        assert_eq!(
            refused(GameKind::Othello, "variant=anti", completing.clone()),
            SetupError::Completion
        );
        assert_eq!(
            refused(GameKind::Nim, "", completing.clone()),
            SetupError::Completion
        );
        assert!(setup(GameKind::Othello, "", completing).checked().is_ok());
        let long = "size=8&".repeat(200);
        assert_eq!(
            refused(GameKind::Othello, &long, live("5+0")),
            SetupError::RulesTooLong
        );
    }

    #[test]
    fn names_are_text_of_bounded_length() {
        assert_eq!(display_name("  Eva Nováková "), Ok("Eva Nováková".into()));
        assert_eq!(display_name("<b>Иван</b>"), Ok("<b>Иван</b>".into()));
        assert_eq!(display_name("   "), Err(NameError::Empty));
        assert_eq!(display_name("a\u{7}b"), Err(NameError::Control));
        assert_eq!(display_name("evil\u{202e}gnp"), Err(NameError::Control));
        assert_eq!(display_name(&"x".repeat(33)), Err(NameError::TooLong));
        assert_eq!(display_name(&"ж".repeat(32)).unwrap().chars().count(), 32);
    }

    proptest! {
        #[test]
        fn any_setup_text_is_read_or_refused(rules in "\\PC{0,80}", control in "\\PC{0,12}", game in 0usize..3) {
            let game = [GameKind::Othello, GameKind::Opok, GameKind::Nim][game];
            if let Ok(checked) = setup(game, &rules, live(&control)).checked() {
                prop_assert_eq!(checked.checked(), Ok(checked.clone()));
            }
            let _ = display_name(&rules);
        }
    }
}
