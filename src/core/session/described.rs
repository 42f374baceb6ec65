//! A game described by its rules and first position (a [`Start`]): what an
//! embedded frame's or a lesson's parameters give, and what each game makes
//! of it through [`Described`] (its settings and first position, its
//! result), so that the features that describe games name none of them.

use std::fmt;

use crate::json::Decode;
use serde::{Deserialize, Serialize};

use super::core::{Action, GameRefusals};
use super::formats::Formats;
use super::nim::Nim;
use super::opok::Opok;
use super::othello::Othello;
use super::player::Player;
use crate::engine::nim::{self, Rule};
use crate::engine::opok::{self, Geometry};
use crate::engine::othello::{self, BoardSize, Variant};
use crate::engine::strength::Level;

/// One of the app's games, named as its routes name it (`#/othello`,
/// `#/embed/othello`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, Decode)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    /// Othello (`#/embed/othello`).
    Othello,
    /// Opok (`#/embed/opok`).
    Opok,
    /// The take-away games (`#/embed/nim`).
    Nim,
}

impl Game {
    /// Every game.
    pub const ALL: [Game; 3] = [Game::Othello, Game::Opok, Game::Nim];

    /// The name in the route: `othello`, `opok`, `nim`.
    pub fn name(self) -> &'static str {
        match self {
            Game::Othello => "othello",
            Game::Opok => "opok",
            Game::Nim => "nim",
        }
    }

    /// The game named `name` in a route.
    pub fn from_name(name: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The names of the first and the second side (`side`, `toMove`).
    pub fn side_names(self) -> [&'static str; 2] {
        match self {
            Game::Othello => ["black", "white"],
            Game::Opok => ["circles", "squares"],
            Game::Nim => ["first", "second"],
        }
    }

    /// The computer's level on the game's own page unless chosen.
    pub fn default_level(self) -> Level {
        match self {
            Game::Othello | Game::Opok => Level::new(3).expect("level 3 exists"),
            Game::Nim => Level::MAX,
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rules and the start of the game: what the frame's board begins
/// with before `moves`.
#[derive(Clone, PartialEq, Debug)]
pub enum Start {
    /// Othello.
    Othello {
        /// The board size (the board's, when a board is given).
        size: BoardSize,
        /// The variant.
        variant: Variant,
        /// A start other than the usual one (`board`).
        board: Option<othello::Position>,
    },
    /// Opok.
    Opok {
        /// The board (the position's, when a position is given).
        size: Geometry,
        /// A start other than the usual one (`position`).
        position: Option<opok::Position>,
    },
    /// A take-away game.
    Nim {
        /// The rule of heaps written as bare numbers (`variant`).
        variant: Rule,
        /// The heaps (`heaps`; three heaps 3, 4, 5 unless given).
        heaps: nim::Position,
        /// Whoever takes the last token loses (`misere=1`).
        misere: bool,
    },
}

impl Start {
    /// The usual start of `game`.
    pub fn new(game: Game) -> Start {
        match game {
            Game::Othello => Start::Othello {
                size: BoardSize::Eight,
                variant: Variant::Standard,
                board: None,
            },
            Game::Opok => Start::Opok {
                size: Geometry::new(5).expect("5×5 is a board"),
                position: None,
            },
            Game::Nim => Start::Nim {
                variant: Rule::Nim,
                heaps: default_heaps(&Rule::Nim),
                misere: false,
            },
        }
    }

    /// The game.
    pub fn game(&self) -> Game {
        match self {
            Start::Othello { .. } => Game::Othello,
            Start::Opok { .. } => Game::Opok,
            Start::Nim { .. } => Game::Nim,
        }
    }

    /// The board's side length (none for take-away games).
    pub fn size(&self) -> Option<u8> {
        match self {
            Start::Othello { size, .. } => Some(size.side()),
            Start::Opok { size, .. } => Some(size.size()),
            Start::Nim { .. } => None,
        }
    }

    /// The variant's name: Othello's `standard`, `anti` or `reversi`;
    /// `standard` for Opok; the rule of bare heaps for take-away games.
    pub fn variant_name(&self) -> String {
        match self {
            Start::Othello { variant, .. } => variant.name().into(),
            Start::Opok { .. } => "standard".into(),
            Start::Nim { variant, .. } => variant.code(),
        }
    }
}

/// Three heaps of 3, 4 and 5 under `rule`: the take-away games' usual start.
pub fn default_heaps(rule: &Rule) -> nim::Position {
    let heap = |size| nim::Heap {
        rule: rule.clone(),
        size,
    };
    nim::Position::new(vec![heap(3), heap(4), heap(5)]).expect("three heaps")
}

/// What a game gives those who describe it by its [`Start`] (an embedded
/// frame, a lesson's board): how it is set up from one and described back,
/// who sits where, how its result reads, and how moves are replayed.
pub trait Described: Formats {
    /// The settings and the start of a frame's game (its rules; both sides
    /// people: the frame seats the computer).
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
    /// reverse of [`Described::setup`]).
    fn start_of(settings: &Self::Settings, first: &Self::Position) -> Start;
    /// The actions that switch the engine's view of the position shown (an
    /// `analyse` frame) on or off; none where the game needs no state for
    /// it.
    fn analysis(_on: bool) -> Vec<Action<Self>> {
        Vec::new()
    }
    /// Why moves were refused, as one value for every game.
    fn moves_refused(error: Self::RecordError) -> MovesRefused;
}

/// Moves that do not replay from a start, whichever game's: the typed
/// reason of each game's reader (the texts say it in words).
#[derive(Clone, PartialEq, Debug)]
pub enum MovesRefused {
    /// Othello's.
    Othello(<Othello as GameRefusals>::RecordError),
    /// Opok's.
    Opok(<Opok as GameRefusals>::RecordError),
    /// A take-away game's.
    Nim(<Nim as GameRefusals>::RecordError),
}

/// `text`'s moves from `start`, written in the notation of `version`: the
/// moves in this version's notation and how many they are.
pub fn replay_moves(
    start: &Start,
    text: &str,
    version: u32,
) -> Result<(String, usize), MovesRefused> {
    match start.game() {
        Game::Othello => replay::<Othello>(start, text, version),
        Game::Opok => replay::<Opok>(start, text, version),
        Game::Nim => replay::<Nim>(start, text, version),
    }
}

/// [`replay_moves`] in the game `G` of `start`.
fn replay<G: Described>(
    start: &Start,
    text: &str,
    version: u32,
) -> Result<(String, usize), MovesRefused> {
    let (settings, first) = G::setup(start).expect("the start is the game's");
    let line = G::read_moves_of(&settings, &first, text, version).map_err(G::moves_refused)?;
    Ok((G::moves_text(&settings, &line), line.len()))
}
