//! The URL parameters of an embedded frame (`#/embed/othello?moves=f5d6&mode=view`):
//! read with a default for everything missing and a [`ParamError`] for
//! every value that is not valid, which then falls back to its default (a
//! frame shows a small error and a board, never a blank frame); written
//! back by [`EmbedParams::to_query`] for the snippet builder.
//!
//! Positions are checked with the game's own readers (the share links'
//! formats of [`crate::session`] and the engine's boards and positions),
//! so a frame accepts exactly what a game page's link accepts; the errors
//! are this module's own.
//!
//! ```
//! use mind_sports_core::embed::params::{parse, Game, Mode};
//!
//! let read = parse(Game::Othello, "moves=f5d6&mode=view&level=9");
//! assert_eq!(read.params.moves, "f5d6");
//! assert_eq!(read.params.mode, Mode::View);
//! assert_eq!(read.errors.len(), 1); // level 9: level 3 is used
//! assert_eq!(read.errors[0].key, "level");
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use super::origin::{Origin, OriginError};
use crate::engine::nim::{self, Rule};
use crate::engine::opok::{self, Geometry};
use crate::engine::othello::{self, BoardSize, Variant};
use crate::engine::strength::Level;
use crate::engine::text::{excerpt, parse_number};
use crate::lang::Lang;
use crate::query::percent_decode;
use crate::session::described::{default_heaps, replay_moves};
pub use crate::session::described::{Game, Start};

/// The longest value read, in bytes after decoding; a longer one is an
/// error.
pub const MAX_VALUE_LEN: usize = 8192;
/// The most parameters read; the rest are ignored (with one error).
pub const MAX_PAIRS: usize = 40;
/// How much of a bad value an error quotes, in characters.
const QUOTED: usize = 40;

/// The version of the parameters this app writes (`v=2`): take-away
/// moves count heaps from 1. An address without `v` is of version 1, from
/// before 2026-11-27, whose take-away moves counted heaps from 0, and is
/// read so (old club pages show the game they showed); a page's messages
/// are always of this version.
pub const VERSION: u32 = 2;

/// Every parameter, in the order [`EmbedParams::to_query`] writes them.
pub const KEYS: [&str; 19] = [
    "v", "variant", "size", "board", "position", "heaps", "misere", "moves", "ply", "mode",
    "lesson", "puzzle", "side", "level", "lang", "theme", "coords", "controls", "parent",
];

/// The parameters that make the position: a new game or position replaces
/// them all ([`EmbedParams::changed`]).
pub const POSITION_KEYS: [&str; 5] = ["board", "position", "heaps", "moves", "ply"];

/// The parameters that choose what the frame does: given one, the others
/// are given too (their defaults unless named).
const MODE_KEYS: [&str; 3] = ["mode", "lesson", "puzzle"];

/// What a game is to the frames: its route and its parameters.
impl Game {
    /// The frame's route without parameters: `#/embed/othello`.
    pub fn fragment(self) -> String {
        format!("#/embed/{}", self.name())
    }

    /// Whether `key` is a parameter of this game's frames.
    pub fn has_key(self, key: &str) -> bool {
        match key {
            "board" | "puzzle" => self == Game::Othello,
            "position" => self == Game::Opok,
            "heaps" | "misere" => self == Game::Nim,
            "size" => self != Game::Nim,
            "variant" => self != Game::Opok,
            _ => KEYS.contains(&key),
        }
    }
}

/// Generates a small enum of named values with `ALL`, `name` and
/// `from_name`, serialised by name.
macro_rules! named {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
        pub enum $name {
            $($(#[$vdoc])* #[serde(rename = $text)] $variant),+
        }

        impl $name {
            /// Every value.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value's name in a URL or a message.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// The value named `name`.
            pub fn from_name(name: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|v| v.name() == name)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named! {
    /// What the frame is for (`mode`).
    Mode {
        /// Play against the computer from the position.
        Play = "play",
        /// Step through a game (no computer, no search worker).
        View = "view",
        /// The position with the engine's evaluation of every move.
        Analyse = "analyse",
        /// One lesson (`lesson=<id>`).
        Lesson = "lesson",
        /// One Othello puzzle (`puzzle=<id>` or `daily`).
        Puzzle = "puzzle",
    }
}

named! {
    /// The colours of the frame (`theme`).
    Theme {
        /// Light colours.
        Light = "light",
        /// Dark colours.
        Dark = "dark",
        /// High contrast.
        Contrast = "contrast",
        /// Light or dark as the visitor's system prefers.
        Auto = "auto",
    }
}

named! {
    /// Which controls the frame shows under the board (`controls`).
    Controls {
        /// The board only.
        None = "none",
        /// Buttons to step through the moves.
        Nav = "nav",
        /// Everything the mode offers (new game, undo, hints…).
        Full = "full",
    }
}

/// A side of a game, named by the game (`black`/`white`,
/// `circles`/`squares`, `first`/`second`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Side {
    /// The side that moves first (Black, Circles, the first player).
    #[default]
    First,
    /// The other side.
    Second,
}

impl Side {
    /// The side's name in `game`.
    pub fn name(self, game: Game) -> &'static str {
        game.side_names()[self as usize]
    }

    /// The side named `name` in `game`; `first` and `second` are read in
    /// every game.
    pub fn from_name(game: Game, name: &str) -> Option<Side> {
        let [first, second] = game.side_names();
        match name {
            _ if name == first || name == "first" => Some(Side::First),
            _ if name == second || name == "second" => Some(Side::Second),
            _ => None,
        }
    }
}

/// Which puzzle a puzzle frame shows.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum PuzzleRef {
    /// The puzzle of the day (the same for every visitor on a day).
    Daily,
    /// A puzzle by id (`corner-0a1b2c3d`).
    Id(String),
}

impl PuzzleRef {
    /// The value of the `puzzle` parameter.
    pub fn text(&self) -> &str {
        match self {
            PuzzleRef::Daily => "daily",
            PuzzleRef::Id(id) => id,
        }
    }
}

/// Everything an embedded frame is asked for, checked: each value is valid
/// for the game and the mode (see [`parse`] for the rules).
#[derive(Clone, PartialEq, Debug)]
pub struct EmbedParams {
    /// The game, its rules and its start.
    pub start: Start,
    /// The moves from the start, in the share links' notation (Othello
    /// `f5d6`, Opok `a1:3:b3,d4:1:d3`, take-away `heap:taken` with heaps
    /// numbered from 1: `1:3,3:1`); checked to replay.
    pub moves: String,
    /// How many of the moves a viewer starts after (all when `None`).
    pub ply: Option<u32>,
    /// What the frame is for.
    pub mode: Mode,
    /// The lesson of [`Mode::Lesson`] (an id of the game's lessons, e.g.
    /// `othello-1-2`); `None` in every other mode.
    pub lesson: Option<String>,
    /// The puzzle of [`Mode::Puzzle`]; `None` in every other mode.
    pub puzzle: Option<PuzzleRef>,
    /// The visitor's side: the one they play and the one at the bottom.
    pub side: Side,
    /// The computer's level in [`Mode::Play`].
    pub level: Level,
    /// The language; the visitor's browser's when `None`.
    pub lang: Option<Lang>,
    /// The colours.
    pub theme: Theme,
    /// Coordinates around the board.
    pub coords: bool,
    /// The controls under the board.
    pub controls: Controls,
    /// The only page the frame talks to; without it the frame neither sends
    /// nor accepts messages.
    pub parent: Option<Origin>,
}

impl EmbedParams {
    /// The defaults of `game`: its usual start, no moves, [`Mode::View`].
    pub fn new(game: Game) -> EmbedParams {
        EmbedParams {
            start: Start::new(game),
            moves: String::new(),
            ply: None,
            mode: Mode::View,
            lesson: None,
            puzzle: None,
            side: Side::First,
            level: game.default_level(),
            lang: None,
            theme: Theme::Auto,
            coords: true,
            controls: default_controls(Mode::View),
            parent: None,
        }
    }

    /// The game.
    pub fn game(&self) -> Game {
        self.start.game()
    }

    /// Whether the frame shows a position of its own parameters (not one
    /// of a lesson or a puzzle): `moves`, the start, `ply`, `side` and
    /// `level` are used.
    pub fn has_own_position(&self) -> bool {
        !matches!(self.mode, Mode::Lesson | Mode::Puzzle)
    }

    /// The parameters as `(key, value)` pairs, decoded, in [`KEYS`] order:
    /// only those that differ from their defaults and matter in the mode.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        let game = self.game();
        if self.has_own_position() {
            match &self.start {
                Start::Othello {
                    size,
                    variant,
                    board,
                } => {
                    if *variant != Variant::Standard {
                        out.push(("variant", variant.name().to_string()));
                    }
                    if *size != BoardSize::Eight {
                        out.push(("size", size.side().to_string()));
                    }
                    if let Some(board) = board {
                        out.push(("board", othello::notation::board_text(board)));
                    }
                }
                Start::Opok { size, position } => {
                    if size.size() != 5 {
                        out.push(("size", size.size().to_string()));
                    }
                    if let Some(position) = position {
                        out.push(("position", opok::notation::position_text(position)));
                    }
                }
                Start::Nim {
                    variant,
                    heaps,
                    misere,
                } => {
                    // Take-away moves need the marker: without it they
                    // are read as version 1's (heaps from 0).
                    if !self.moves.is_empty() {
                        out.push(("v", VERSION.to_string()));
                    }
                    if *variant != Rule::Nim {
                        out.push(("variant", variant.code()));
                    }
                    if *heaps != default_heaps(variant) {
                        out.push(("heaps", heaps_text(heaps, variant)));
                    }
                    if *misere {
                        out.push(("misere", "1".into()));
                    }
                }
            }
            if !self.moves.is_empty() {
                out.push(("moves", self.moves.clone()));
            }
            if let Some(ply) = self.ply {
                out.push(("ply", ply.to_string()));
            }
        }
        if self.mode != default_mode(self.lesson.is_some(), self.puzzle.is_some()) {
            out.push(("mode", self.mode.name().into()));
        }
        if let Some(lesson) = &self.lesson {
            out.push(("lesson", lesson.clone()));
        }
        if let Some(puzzle) = &self.puzzle {
            out.push(("puzzle", puzzle.text().into()));
        }
        if self.has_own_position() {
            if self.side != Side::First {
                out.push(("side", self.side.name(game).into()));
            }
            if self.level != game.default_level() {
                out.push(("level", self.level.number().to_string()));
            }
        }
        if let Some(lang) = self.lang {
            out.push(("lang", lang.code().into()));
        }
        if self.theme != Theme::Auto {
            out.push(("theme", self.theme.name().into()));
        }
        if !self.coords {
            out.push(("coords", "0".into()));
        }
        if self.controls != default_controls(self.mode) {
            out.push(("controls", self.controls.name().into()));
        }
        if let Some(parent) = &self.parent {
            out.push(("parent", parent.to_string()));
        }
        out
    }

    /// The query of [`EmbedParams::pairs`], encoded: `moves=f5d6&mode=play`.
    /// [`parse`] reads it back to the same parameters.
    pub fn to_query(&self) -> String {
        self.pairs()
            .iter()
            .map(|(key, value)| format!("{key}={}", encode(value)))
            .collect::<Vec<_>>()
            .join("&")
    }

    /// The frame's route with its parameters: `#/embed/othello?moves=f5d6`.
    pub fn fragment(&self) -> String {
        let query = self.to_query();
        match query.as_str() {
            "" => self.game().fragment(),
            _ => format!("{}?{query}", self.game().fragment()),
        }
    }

    /// A new game or position asked for by the page (`newGame`,
    /// `setPosition`): `fields` are URL parameters (decoded). The position
    /// ([`POSITION_KEYS`]) is that of `fields` or the usual start; `mode`,
    /// `lesson` and `puzzle` are replaced together when one is given;
    /// every other parameter is that of `fields`, else this frame's own.
    /// `parent` cannot be changed. Any error refuses the whole change (the
    /// frame keeps its game and answers with the errors).
    pub fn changed(&self, fields: &[(&str, &str)]) -> Result<EmbedParams, Vec<ParamError>> {
        self.changed_by(fields, read_game).map(|(params, _)| params)
    }

    /// [`EmbedParams::changed`] for a lesson's or a puzzle's frame, which
    /// has no game's readers (the learning modules draw it): the new
    /// parameters without their position, and the new address with the
    /// position as given. When the new parameters show a board of their
    /// own, the frame opens that address, and the board's frame reads the
    /// position there (and tells its errors after `ready`).
    pub fn changed_unread(
        &self,
        fields: &[(&str, &str)],
    ) -> Result<(EmbedParams, String), Vec<ParamError>> {
        let (params, pairs) = self.changed_by(fields, leave_game)?;
        // A message's moves are of this version; an address without `v`
        // is read as version 1.
        let versioned = pairs.iter().any(|(key, _)| key == "v");
        let version = ("v".to_string(), VERSION.to_string());
        let query: Vec<String> = std::iter::once(version)
            .filter(|_| !versioned)
            .chain(pairs)
            .map(|(key, value)| format!("{key}={}", encode(&value)))
            .collect();
        let address = format!("{}?{}", self.game().fragment(), query.join("&"));
        Ok((params, address))
    }

    /// [`EmbedParams::changed`] with the position read by `read_game`: the
    /// new parameters, and the pairs they were read from.
    fn changed_by(
        &self,
        fields: &[(&str, &str)],
        read_game: GameReader,
    ) -> Result<(EmbedParams, Vec<Pair>), Vec<ParamError>> {
        let given = |key: &str| fields.iter().any(|(k, _)| *k == key);
        let mode_given = MODE_KEYS.iter().any(|k| given(k));
        let replaced = |key: &str| {
            POSITION_KEYS.contains(&key) || given(key) || (mode_given && MODE_KEYS.contains(&key))
        };
        let mut kept: Vec<(&'static str, String)> = self
            .pairs()
            .into_iter()
            .filter(|(key, _)| !replaced(key))
            .collect();
        let fixed: Vec<ParamError> = fields
            .iter()
            .filter(|(key, _)| *key == "parent")
            .map(|(key, value)| ParamError::new(key, value, Reason::Fixed))
            .collect();
        let asked = fields.iter().filter(|(key, _)| *key != "parent");
        // A kept value is valid for this frame, but may not be for the new
        // game (`level` in a lesson, `size` against a new board): the new
        // game's values win, the kept one is dropped.
        loop {
            let pairs: Vec<Pair> = kept
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .chain(asked.clone().map(|(k, v)| (k.to_string(), v.to_string())))
                .collect();
            let read = read_pairs(self.game(), pairs.iter().cloned(), false, read_game);
            let before = kept.len();
            kept.retain(|(key, _)| !read.errors.iter().any(|e| e.key == *key));
            if kept.len() == before {
                let mut errors = fixed;
                errors.extend(read.errors);
                return match errors.is_empty() {
                    true => Ok((read.params, pairs)),
                    false => Err(errors),
                };
            }
        }
    }
}

/// What a lesson or puzzle frame asks of the learning module, which draws
/// it: the game, the lesson's or the puzzle's id (`daily` for the puzzle
/// of the day) and the page to tell. It reads the address as [`parse`]
/// does (the same game names, pairs, limits, `mode`, `lesson`, `puzzle`
/// and `parent`), only without the game's position; `None` unless the
/// address names a lesson or a puzzle of its game.
pub fn learning_of(frame: &str) -> Option<LearningFrame> {
    let (game, query) = frame_route(frame)?;
    let mut r = gather(game, query_pairs(query), true);
    let what = learning_what(&mut r, game)?;
    let parent = read_parent(&mut r);
    Some(LearningFrame { game, what, parent })
}

/// The lesson or the puzzle a frame's address names, as [`learning_of`]
/// reads it (the same game names, pairs, limits and rules of `mode`,
/// `lesson` and `puzzle`), without its `parent` and without noting the
/// errors: which module draws the frame (`Route::module`, in every module,
/// and `index.html`'s boot step by step), so it is kept small.
pub fn learning_ref(frame: &str) -> Option<LearningRef> {
    let (game, query) = frame_route(frame)?;
    let (mut mode, mut lesson, mut puzzle) = (None, None, None);
    for (key, value) in query_pairs(query).take(MAX_PAIRS) {
        let first = match key.as_str() {
            "mode" => &mut mode,
            "lesson" => &mut lesson,
            "puzzle" if game == Game::Othello => &mut puzzle,
            _ => continue,
        };
        if first.is_none() && value.len() <= MAX_VALUE_LEN {
            *first = Some(value);
        }
    }
    let lesson = lesson.filter(|v| is_lesson_of(game, v));
    let puzzle = puzzle.filter(|v| v == "daily" || is_id(v));
    let mode = mode
        .as_deref()
        .and_then(Mode::from_name)
        .filter(|mode| match mode {
            Mode::Puzzle => game == Game::Othello,
            Mode::Lesson => lesson.is_some(),
            _ => true,
        })
        .unwrap_or(default_mode(lesson.is_some(), puzzle.is_some()));
    match mode {
        Mode::Lesson => lesson.map(LearningRef::Lesson),
        Mode::Puzzle => Some(LearningRef::Puzzle(puzzle.unwrap_or("daily".into()))),
        _ => None,
    }
}

/// The lesson or the puzzle of the pairs gathered in `r`.
fn learning_what(r: &mut Reader, game: Game) -> Option<LearningRef> {
    let purpose = read_mode(r, game);
    match (purpose.mode, purpose.lesson, purpose.puzzle) {
        (Mode::Lesson, Some(id), _) => Some(LearningRef::Lesson(id)),
        (Mode::Puzzle, _, Some(puzzle)) => Some(LearningRef::Puzzle(puzzle.text().to_string())),
        _ => None,
    }
}

/// A lesson or a puzzle of a frame ([`learning_of`]).
#[derive(Clone, PartialEq, Debug)]
pub struct LearningFrame {
    /// The game.
    pub game: Game,
    /// The lesson or the puzzle.
    pub what: LearningRef,
    /// The only page the frame talks to.
    pub parent: Option<Origin>,
}

/// A lesson's or a puzzle's id.
#[derive(Clone, PartialEq, Debug)]
pub enum LearningRef {
    /// A lesson (`othello-1-2`).
    Lesson(String),
    /// A puzzle, or `daily`.
    Puzzle(String),
}

/// The mode when `mode` is not given.
fn default_mode(lesson: bool, puzzle: bool) -> Mode {
    match (lesson, puzzle) {
        (true, _) => Mode::Lesson,
        (_, true) => Mode::Puzzle,
        _ => Mode::View,
    }
}

/// The controls when `controls` is not given: step buttons for a viewer,
/// everything otherwise.
pub fn default_controls(mode: Mode) -> Controls {
    match mode {
        Mode::View => Controls::Nav,
        _ => Controls::Full,
    }
}

/// A parameter that was not used as given.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParamError {
    /// The parameter's name as given (at most 40 characters quoted).
    pub key: String,
    /// Its value as given (at most 40 characters quoted).
    pub value: String,
    /// What is wrong with it.
    pub reason: Reason,
}

impl ParamError {
    fn new(key: &str, value: &str, reason: Reason) -> ParamError {
        ParamError {
            key: excerpt(key, QUOTED),
            value: excerpt(value, QUOTED),
            reason,
        }
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={:?}: {}", self.key, self.value, self.reason)
    }
}

impl std::error::Error for ParamError {}

/// Why a parameter was not used.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reason {
    /// Not a parameter of embedded frames.
    Unknown,
    /// Given before (the first is used).
    Repeated,
    /// Beyond the first [`MAX_PAIRS`] parameters (it and the rest are
    /// ignored).
    TooMany,
    /// Longer than [`MAX_VALUE_LEN`] bytes.
    TooLong,
    /// Not a parameter of this game's frames.
    NotForGame(Game),
    /// Not used in this mode.
    NotForMode(Mode),
    /// Not one of the values the parameter takes (what it takes).
    Expected(String),
    /// The game's reader refused it (its reason).
    Invalid(String),
    /// Not a lesson of this game's (the game).
    NotALesson(Game),
    /// Not an origin (why).
    Origin(OriginError),
    /// It contradicts another parameter (which, and how).
    Conflict(String),
    /// The mode needs another parameter (its name).
    Needs(&'static str),
    /// A message may not change it.
    Fixed,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::Unknown => f.write_str("not a parameter of embedded boards"),
            Reason::Repeated => f.write_str("given twice; the first is used"),
            Reason::TooMany => write!(
                f,
                "more than {MAX_PAIRS} parameters; this one and the rest are ignored"
            ),
            Reason::TooLong => write!(f, "longer than {MAX_VALUE_LEN} characters"),
            Reason::NotForGame(game) => write!(f, "not a parameter of {game} boards"),
            Reason::NotForMode(mode) => write!(f, "not used with mode={mode}"),
            Reason::Expected(what) => write!(f, "expected {what}"),
            Reason::Invalid(why) => f.write_str(why),
            Reason::NotALesson(game) => write!(f, "expected a lesson of {game}, e.g. {game}-1-1"),
            Reason::Origin(why) => why.fmt(f),
            Reason::Conflict(why) => f.write_str(why),
            Reason::Needs(key) => write!(f, "needs {key}=…"),
            Reason::Fixed => f.write_str("cannot be changed by a message"),
        }
    }
}

/// Parameters read from a query: every value valid, and what was wrong.
#[derive(Clone, PartialEq, Debug)]
pub struct Parsed {
    /// The parameters, a default for every one missing or refused.
    pub params: EmbedParams,
    /// The refused parameters, in the query's order.
    pub errors: Vec<ParamError>,
}

/// The game and the query of an embed route (`#/embed/nim?heaps=3,4,5`,
/// with or without the `#`); `None` for any other route.
pub fn route(fragment: &str) -> Option<(Game, &str)> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    frame_route(fragment.strip_prefix("/embed/")?)
}

/// The game and the query of what follows `#/embed/` (`nim/?heaps=3`), if
/// it names a game: [`route`] without its prefix.
pub fn frame_route(frame: &str) -> Option<(Game, &str)> {
    let (name, query) = frame.split_once('?').unwrap_or((frame, ""));
    Game::from_name(name.strip_suffix('/').unwrap_or(name)).map(|game| (game, query))
}

/// Reads an embed route's parameters ([`route`], then [`parse`]).
pub fn parse_fragment(fragment: &str) -> Option<Parsed> {
    route(fragment).map(|(game, query)| parse(game, query))
}

/// Reads the parameters of a frame of `game` from a URL query
/// (`key=value&…`, `%XX` and `+` decoded). Never fails: a missing value is
/// its default and a bad one is an error and its default.
///
/// The rules, beyond each value's own form: a start (`board`, `position`,
/// `heaps`) decides the board size, and a `size` that differs is an
/// error; `moves` must replay from the start and `ply` may not exceed
/// them; `mode=lesson` needs `lesson=<id>` (and `lesson` alone means
/// `mode=lesson`), `mode=puzzle` takes `puzzle` (`daily` unless given,
/// Othello only); in those two modes the position parameters, `side` and
/// `level` are errors (the lesson or puzzle has its own).
pub fn parse(game: Game, query: &str) -> Parsed {
    read_pairs(game, query_pairs(query), true, read_game)
}

/// Reads a lesson's or a puzzle's frame's route as [`parse_fragment`]
/// does, without the games' readers, which the learning modules that draw
/// these frames do not carry: the same parameters for a lesson's or a
/// puzzle's address; any other's position is left unread.
pub fn parse_learning_fragment(fragment: &str) -> Option<Parsed> {
    route(fragment).map(|(game, query)| read_pairs(game, query_pairs(query), true, leave_game))
}

/// The pairs of a query (`key=value&…`), `%XX` and `+` decoded in keys and
/// values.
fn query_pairs(query: &str) -> impl Iterator<Item = (String, String)> + Clone + '_ {
    query.split('&').filter(|p| !p.is_empty()).map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (percent_decode(key), percent_decode(value))
    })
}

/// A parameter kept to be read, with its place in the query.
struct Given {
    key: &'static str,
    value: String,
    index: usize,
}

/// The pairs of a query being read, and the errors so far (with the place
/// of the pair they name, to report them in the query's order).
struct Reader {
    given: Vec<Given>,
    errors: Vec<(usize, ParamError)>,
}

impl Reader {
    fn value(&self, key: &str) -> Option<&str> {
        self.given
            .iter()
            .find(|g| g.key == key)
            .map(|g| g.value.as_str())
    }

    fn fail(&mut self, key: &str, reason: Reason) {
        if let Some(g) = self.given.iter().find(|g| g.key == key) {
            self.errors
                .push((g.index, ParamError::new(key, &g.value, reason)));
        }
    }

    /// The value of `key` read by `read`; an error with `expected` (and
    /// `None`) when it does not read.
    fn read<T>(
        &mut self,
        key: &str,
        expected: &str,
        read: impl FnOnce(&str) -> Option<T>,
    ) -> Option<T> {
        let value = self.value(key)?;
        let read = read(value);
        if read.is_none() {
            self.fail(key, Reason::Expected(expected.into()));
        }
        read
    }

    /// Errors for `keys` given in a mode that does not use them; they are
    /// then forgotten.
    fn refuse_in_mode(&mut self, keys: &[&str], mode: Mode) {
        for key in keys {
            self.fail(key, Reason::NotForMode(mode));
        }
        self.given.retain(|g| !keys.contains(&g.key));
    }
}

/// Reads decoded pairs; only the first [`MAX_PAIRS`] when `limited` (a
/// query's; a message's are bounded by its size).
/// An address's moves are read in the version its `v` names (1 without
/// it); a message's, which are not limited, in [`VERSION`] unless it says
/// otherwise.
fn read_pairs(
    game: Game,
    pairs: impl Iterator<Item = (String, String)>,
    limited: bool,
    read_game: GameReader,
) -> Parsed {
    let mut r = gather(game, pairs, limited);
    let version = r
        .read("v", &format!("a version from 1 to {VERSION}"), |v| {
            parse_number::<u32>(v).filter(|v| (1..=VERSION).contains(v))
        })
        .unwrap_or(if limited { 1 } else { VERSION });
    let purpose = read_mode(&mut r, game);
    let mut params = EmbedParams {
        mode: purpose.mode,
        lesson: purpose.lesson,
        puzzle: purpose.puzzle,
        ..EmbedParams::new(game)
    };
    if params.has_own_position() {
        read_game(&mut r, game, version, &mut params);
    } else {
        let mut keys = POSITION_KEYS.to_vec();
        keys.extend(["size", "variant", "misere", "side", "level"]);
        r.refuse_in_mode(&keys, params.mode);
    }
    params.lang = r.read("lang", "en, cs or ru", Lang::from_code);
    if let Some(theme) = r.read("theme", "light, dark, contrast or auto", Theme::from_name) {
        params.theme = theme;
    }
    if let Some(coords) = r.read("coords", "0 or 1", zero_or_one) {
        params.coords = coords;
    }
    params.controls = r
        .read("controls", "none, nav or full", Controls::from_name)
        .unwrap_or(default_controls(params.mode));
    params.parent = read_parent(&mut r);

    let mut errors = r.errors;
    crate::engine::stable_sort::sort_by(&mut errors, |a, b| a.0.cmp(&b.0));
    Parsed {
        params,
        errors: errors.into_iter().map(|(_, e)| e).collect(),
    }
}

/// The pairs kept to be read: known keys of `game`, the first of each,
/// values not too long, only the first [`MAX_PAIRS`] pairs when `limited`;
/// an error for each of the others.
fn gather(game: Game, pairs: impl Iterator<Item = (String, String)>, limited: bool) -> Reader {
    let mut r = Reader {
        given: Vec::new(),
        errors: Vec::new(),
    };
    for (index, (key, value)) in pairs.enumerate() {
        let mut fail = |reason| {
            r.errors
                .push((index, ParamError::new(&key, &value, reason)))
        };
        if limited && index >= MAX_PAIRS {
            fail(Reason::TooMany);
            break;
        }
        match KEYS.iter().find(|k| **k == key) {
            None => fail(Reason::Unknown),
            Some(_) if value.len() > MAX_VALUE_LEN => fail(Reason::TooLong),
            Some(k) if r.given.iter().any(|g| g.key == *k) => fail(Reason::Repeated),
            Some(k) if !game.has_key(k) => fail(Reason::NotForGame(game)),
            Some(k) => r.given.push(Given {
                key: k,
                value,
                index,
            }),
        }
    }
    r
}

/// A parameter as given: its key and its value (decoded).
type Pair = (String, String);

/// Reads the game of a frame that shows its own ([`read_game`]), or
/// leaves it to the frame that will ([`leave_game`]).
type GameReader = fn(&mut Reader, Game, u32, &mut EmbedParams);

/// Leaves a frame's game unread: its keys are read where a board's frame
/// reads them (a lesson's or a puzzle's frame has no game of its own).
fn leave_game(_: &mut Reader, _: Game, _: u32, _: &mut EmbedParams) {}

/// The game of a frame that shows its own: the start, the moves, `ply`,
/// `side` and `level`.
fn read_game(r: &mut Reader, game: Game, version: u32, params: &mut EmbedParams) {
    let (start, plies) = read_position(r, game, version, &mut params.moves);
    params.start = start;
    params.ply = r.read(
        "ply",
        &format!("a number of moves from 0 to {plies}"),
        |v| parse_number::<u32>(v).filter(|&n| n as usize <= plies),
    );
    if let Some(side) = r.read("side", &sides(game), |v| Side::from_name(game, v)) {
        params.side = side;
    }
    if let Some(level) = r.read("level", "a level from 1 to 7", |v| {
        parse_number::<u8>(v).and_then(Level::new)
    }) {
        params.level = level;
    }
}

/// `parent`: the only page the frame talks to.
fn read_parent(r: &mut Reader) -> Option<Origin> {
    let text = r.value("parent")?;
    match Origin::parse(text) {
        Ok(origin) => Some(origin),
        Err(e) => {
            r.fail("parent", Reason::Origin(e));
            None
        }
    }
}

/// `mode`, `lesson` and `puzzle`.
fn read_mode(r: &mut Reader, game: Game) -> Purpose {
    let lesson = r
        .value("lesson")
        .map(|v| is_lesson_of(game, v).then(|| v.to_string()));
    let lesson = match lesson {
        Some(None) => {
            r.fail("lesson", Reason::NotALesson(game));
            None
        }
        read => read.flatten(),
    };
    let puzzle = r.read("puzzle", "daily or a puzzle's id", |v| match v {
        "daily" => Some(PuzzleRef::Daily),
        _ if is_id(v) => Some(PuzzleRef::Id(v.to_string())),
        _ => None,
    });
    let mut mode = r.read(
        "mode",
        "play, view, analyse, lesson or puzzle",
        Mode::from_name,
    );
    if mode == Some(Mode::Puzzle) && game != Game::Othello {
        r.fail(
            "mode",
            Reason::Conflict("puzzles are Othello's only".into()),
        );
        mode = None;
    }
    if mode == Some(Mode::Lesson) && lesson.is_none() {
        // A lesson given but refused has its own error.
        if r.value("lesson").is_none() {
            r.fail("mode", Reason::Needs("lesson"));
        }
        mode = None;
    }
    let mode = mode.unwrap_or(default_mode(lesson.is_some(), puzzle.is_some()));
    let mut purpose = Purpose {
        mode,
        lesson: None,
        puzzle: None,
    };
    match (mode, lesson) {
        (Mode::Lesson, lesson) => purpose.lesson = lesson,
        (_, Some(_)) => r.fail("lesson", Reason::NotForMode(mode)),
        _ => {}
    }
    match (mode, puzzle) {
        (Mode::Puzzle, puzzle) => purpose.puzzle = Some(puzzle.unwrap_or(PuzzleRef::Daily)),
        (_, Some(_)) => r.fail("puzzle", Reason::NotForMode(mode)),
        _ => {}
    }
    purpose
}

/// What a frame is for: `mode`, and its lesson or puzzle.
struct Purpose {
    mode: Mode,
    lesson: Option<String>,
    puzzle: Option<PuzzleRef>,
}

/// The start and the moves (written in `version`'s notation); also the
/// number of moves (`ply`'s limit).
fn read_position(r: &mut Reader, game: Game, version: u32, moves: &mut String) -> (Start, usize) {
    let mut start = Start::new(game);
    match &mut start {
        Start::Othello {
            size,
            variant,
            board,
        } => read_othello_start(r, size, variant, board),
        Start::Opok { size, position } => read_opok_start(r, size, position),
        Start::Nim {
            variant,
            heaps,
            misere,
        } => read_nim_start(r, variant, heaps, misere),
    }
    let plies = match r
        .value("moves")
        .map(|text| replay_moves(&start, text, version))
    {
        None => 0,
        Some(Ok((text, count))) => {
            *moves = text;
            count
        }
        Some(Err(refused)) => refuse_moves(r, refused.to_string()),
    };
    (start, plies)
}

/// Othello's `variant`, `size` and `board`.
fn read_othello_start(
    r: &mut Reader,
    size: &mut BoardSize,
    variant: &mut Variant,
    board: &mut Option<othello::Position>,
) {
    if let Some(v) = r.read("variant", "standard, anti or reversi", |v| {
        v.parse::<Variant>().ok()
    }) {
        *variant = v;
    }
    let given_size = r.read("size", "4, 6 or 8", |v| {
        parse_number(v).and_then(BoardSize::from_side)
    });
    *size = given_size.unwrap_or_default();
    if let Some(text) = r.value("board") {
        match othello::notation::parse_board(text, *variant) {
            Ok(position) => *board = Some(position),
            Err(e) => r.fail("board", Reason::Invalid(e.to_string())),
        }
    }
    if let Some(b) = board {
        let side = b.rules().size;
        if given_size.is_some_and(|s| s != side) {
            r.fail(
                "size",
                Reason::Conflict(format!("the board is {side}×{side}")),
            );
        }
        *size = side;
    }
}

/// Opok's `size` and `position`.
fn read_opok_start(r: &mut Reader, size: &mut Geometry, position: &mut Option<opok::Position>) {
    let given_size = r.read("size", "3 to 9", |v| {
        parse_number(v).and_then(Geometry::new)
    });
    *size = given_size.unwrap_or(*size);
    if let Some(text) = r.value("position") {
        match opok::notation::parse_position(text) {
            Ok(p) => *position = Some(p),
            Err(e) => r.fail("position", Reason::Invalid(e.to_string())),
        }
    }
    if let Some(p) = position {
        let n = p.geometry().size();
        if given_size.is_some_and(|s| s.size() != n) {
            r.fail("size", Reason::Conflict(format!("the position is {n}×{n}")));
        }
        *size = p.geometry();
    }
}

/// A take-away game's `variant`, `heaps` and `misere`.
fn read_nim_start(
    r: &mut Reader,
    variant: &mut Rule,
    heaps: &mut nim::Position,
    misere: &mut bool,
) {
    if let Some(text) = r.value("variant") {
        match text.parse::<Rule>() {
            Ok(rule) => *variant = rule,
            Err(e) => r.fail("variant", Reason::Invalid(e.to_string())),
        }
    }
    *heaps = default_heaps(variant);
    if let Some(text) = r.value("heaps") {
        match nim::parse_position(&engine_heaps(text, variant)) {
            Ok(p) => *heaps = p,
            Err(e) => r.fail("heaps", Reason::Invalid(e.to_string())),
        }
    }
    if let Some(m) = r.read("misere", "0 or 1", zero_or_one) {
        *misere = m;
    }
}

/// Refuses the moves; no moves are kept.
fn refuse_moves(r: &mut Reader, why: String) -> usize {
    r.fail("moves", Reason::Invalid(why));
    0
}

/// `0` or `1` as a switch.
fn zero_or_one(value: &str) -> Option<bool> {
    match value {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    }
}

/// What `side` takes in `game`.
fn sides(game: Game) -> String {
    let [first, second] = game.side_names();
    format!("{first} or {second}")
}

/// Whether `id` is a lesson's id of `game` (`nim-2-3`).
fn is_lesson_of(game: Game, id: &str) -> bool {
    is_id(id)
        && id
            .strip_prefix(game.name())
            .is_some_and(|rest| rest.starts_with('-'))
}

/// A lesson's or a puzzle's id: 1 to 40 lower-case letters, digits and
/// dashes (as the app's routes take them).
fn is_id(text: &str) -> bool {
    (1..=40).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// The heaps of a `heaps` value in the engine's format: heaps separated by
/// spaces or by commas outside a set's braces; a bare size is a heap of
/// `variant`'s rule (`3,sub{1,2}:4` → `nim:3 sub{1,2}:4`).
fn engine_heaps(text: &str, variant: &Rule) -> String {
    let mut tokens = vec![String::new()];
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if c.is_whitespace() || (c == ',' && depth == 0) {
            tokens.push(String::new());
        } else if let Some(last) = tokens.last_mut() {
            last.push(c);
        }
    }
    tokens
        .iter()
        .filter(|t| !t.is_empty())
        .map(|t| match t.contains(':') {
            true => t.clone(),
            false => format!("{variant}:{t}"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `heaps` value of a position: a bare size for a heap of `variant`'s
/// rule, `rule:size` for the others, separated by commas.
fn heaps_text(heaps: &nim::Position, variant: &Rule) -> String {
    heaps
        .heaps()
        .iter()
        .map(|h| match h.rule == *variant {
            true => h.size.to_string(),
            false => h.to_string(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// A value for a query: letters, digits and `-._~:/,` as they are, a space
/// as `+`, every other byte as `%XX`.
pub fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        match b {
            b'a'..=b'z'
            | b'A'..=b'Z'
            | b'0'..=b'9'
            | b'-'
            | b'.'
            | b'_'
            | b'~'
            | b':'
            | b'/'
            | b',' => out.push(char::from(b)),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_learning_module_reads_the_lesson_and_puzzle_frames_the_parser_reads() {
        for frame in [
            "nim?lesson=nim-1-2&parent=https%3A%2F%2Fclub.example",
            "othello?mode=lesson&lesson=othello-1-1",
            "othello?puzzle=corner-0a1b2c3d",
            "othello?mode=puzzle",
            "othello?mode=puzzle&puzzle=daily&theme=dark",
            "othello/?lesson=othello-1-1",
        ] {
            let parsed = parse_fragment(&format!("#/embed/{frame}"))
                .expect("a frame")
                .params;
            let light = learning_of(frame).expect(frame);
            assert_eq!(light.game, parsed.game(), "{frame}");
            assert_eq!(light.parent, parsed.parent, "{frame}");
            match (&light.what, parsed.mode) {
                (LearningRef::Lesson(id), Mode::Lesson) => {
                    assert_eq!(Some(id), parsed.lesson.as_ref())
                }
                (LearningRef::Puzzle(id), Mode::Puzzle) => {
                    assert_eq!(
                        Some(id.as_str()),
                        parsed.puzzle.as_ref().map(PuzzleRef::text)
                    )
                }
                other => panic!("{frame}: {other:?}"),
            }
        }
        for frame in [
            "othello",
            "othello?mode=view&lesson=othello-1-1",
            "opok?mode=puzzle",
            "nim?lesson=othello-1-1",
            "chess?lesson=x",
            "othello?%6Dode=view&lesson=othello-1-1",
        ] {
            assert_eq!(learning_of(frame), None, "{frame}");
        }
        // The page is the one the frame reads: an escaped key is read, a
        // parent past the fortieth pair or given twice is not.
        let escaped = learning_of("nim?lesson=nim-1-1&%70arent=https://club.example").unwrap();
        assert_eq!(escaped.parent.unwrap().to_string(), "https://club.example");
        let late = format!(
            "nim?lesson=nim-1-1&{}parent=https://evil.example",
            "coords=1&".repeat(45)
        );
        assert_eq!(learning_of(&late).unwrap().parent, None);
        assert_eq!(
            parse_fragment(&format!("#/embed/{late}"))
                .unwrap()
                .params
                .parent,
            None
        );
        let twice = "nim?lesson=nim-1-1&parent=https://club.example&parent=https://evil.example";
        assert_eq!(
            learning_of(twice).unwrap().parent.unwrap().to_string(),
            "https://club.example"
        );
    }

    fn errors(game: Game, query: &str) -> Vec<(String, Reason)> {
        parse(game, query)
            .errors
            .into_iter()
            .map(|e| (e.key, e.reason))
            .collect()
    }

    fn expected(what: &str) -> Reason {
        Reason::Expected(what.into())
    }

    #[test]
    fn take_away_moves_without_the_marker_count_heaps_from_zero() {
        // A snippet of before 2026-11-27: 3 from the first heap (0), then
        // 1 from the third (2), of 3, 4, 5.
        let old = parse(Game::Nim, "heaps=3,4,5&moves=0:3,2:1");
        assert_eq!(old.errors, vec![]);
        assert_eq!(old.params.moves, "1:3,3:1");
        // The same game written today carries the marker, and reads the same.
        assert_eq!(old.params.to_query(), "v=2&moves=1:3,3:1");
        let new = parse(Game::Nim, "v=2&heaps=3,4,5&moves=1:3,3:1");
        assert_eq!((new.errors, &new.params), (vec![], &old.params));
        // `v=1` says the old reading outright; a move past the heaps in the
        // old numbering is refused as before.
        assert_eq!(parse(Game::Nim, "v=1&moves=0:3,2:1").params, old.params);
        assert!(
            matches!(&errors(Game::Nim, "moves=3:1")[0], (k, Reason::Invalid(_)) if k == "moves")
        );
        assert_eq!(parse(Game::Nim, "v=2&moves=3:1").params.moves, "3:1");
        // An unknown version is a note; the address is read as version 1.
        let bad = parse(Game::Nim, "v=3&moves=0:3");
        assert_eq!(bad.errors.len(), 1);
        assert_eq!(bad.errors[0].key, "v");
        assert_eq!(bad.params.moves, "1:3");
        // Othello's and Opok's moves never changed: `v` changes nothing.
        assert_eq!(
            parse(Game::Othello, "moves=f5d6").params,
            parse(Game::Othello, "v=2&moves=f5d6").params
        );
        // A page's messages are of the current version.
        let frame = parse(Game::Nim, "").params;
        let next = frame.changed(&[("moves", "1:3")]).expect("a new position");
        assert_eq!(next.moves, "1:3");
        assert_eq!(next.to_query(), "v=2&moves=1:3");
    }

    #[test]
    fn an_empty_query_is_every_default() {
        for game in Game::ALL {
            let read = parse(game, "");
            assert_eq!(read.params, EmbedParams::new(game));
            assert!(read.errors.is_empty());
            assert_eq!(read.params.to_query(), "");
            assert_eq!(read.params.fragment(), format!("#/embed/{game}"));
        }
        let p = EmbedParams::new(Game::Othello);
        assert_eq!(
            (p.mode, p.controls, p.theme),
            (Mode::View, Controls::Nav, Theme::Auto)
        );
        assert_eq!((p.side, p.level.number(), p.coords), (Side::First, 3, true));
        assert_eq!(EmbedParams::new(Game::Nim).level, Level::MAX);
    }

    #[test]
    fn every_parameter_is_read() {
        let read = parse(
            Game::Othello,
            "size=6&variant=anti&moves=c2+b4&ply=1&mode=play&side=white&level=5&lang=cs\
             &theme=dark&coords=0&controls=none&parent=https%3A%2F%2Fclub.example",
        );
        assert_eq!(read.errors, vec![]);
        let p = read.params;
        assert_eq!(
            p.start,
            Start::Othello {
                size: BoardSize::Six,
                variant: Variant::Anti,
                board: None
            }
        );
        assert_eq!((p.moves.as_str(), p.ply), ("c2b4", Some(1)));
        assert_eq!(
            (p.mode, p.side, p.level.number()),
            (Mode::Play, Side::Second, 5)
        );
        assert_eq!(
            (p.lang, p.theme, p.coords),
            (Some(Lang::Cs), Theme::Dark, false)
        );
        assert_eq!(p.controls, Controls::None);
        assert_eq!(p.parent.unwrap().to_string(), "https://club.example");
    }

    #[test]
    fn bad_values_fall_back_with_an_error_each() {
        let read = parse(
            Game::Othello,
            "size=7&mode=fly&side=red&level=0&lang=de&theme=pink&coords=yes&controls=all&parent=club.example&ply=x",
        );
        assert_eq!(read.params, EmbedParams::new(Game::Othello));
        let keys: Vec<&str> = read.errors.iter().map(|e| e.key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "size", "mode", "side", "level", "lang", "theme", "coords", "controls", "parent",
                "ply"
            ]
        );
        assert_eq!(read.errors[0].reason, expected("4, 6 or 8"));
        assert_eq!(read.errors[2].reason, expected("black or white"));
        assert_eq!(read.errors[0].to_string(), "size=\"7\": expected 4, 6 or 8");
    }

    #[test]
    fn keys_are_checked() {
        assert_eq!(
            errors(
                Game::Opok,
                "colour=red&size=4&size=5&board=x&heaps=3&puzzle=daily"
            ),
            vec![
                ("colour".into(), Reason::Unknown),
                ("size".into(), Reason::Repeated),
                ("board".into(), Reason::NotForGame(Game::Opok)),
                ("heaps".into(), Reason::NotForGame(Game::Opok)),
                ("puzzle".into(), Reason::NotForGame(Game::Opok)),
            ]
        );
        assert_eq!(
            parse(Game::Opok, "size=4&size=5").params.start.size(),
            Some(4)
        );
        let many: Vec<String> = (0..50).map(|i| format!("k{i}=1")).collect();
        let read = parse(Game::Nim, &many.join("&"));
        assert_eq!(read.errors.len(), MAX_PAIRS + 1);
        assert_eq!(read.errors[MAX_PAIRS].reason, Reason::TooMany);
        let long = format!("moves={}", "f5".repeat(MAX_VALUE_LEN));
        assert_eq!(
            errors(Game::Othello, &long),
            vec![("moves".into(), Reason::TooLong)]
        );
    }

    #[test]
    fn positions_are_checked_by_the_games_readers() {
        // Othello: a board decides the size; moves replay from it.
        let board = format!("{}OX----XO{} X", "-".repeat(14), "-".repeat(14));
        let read = parse(
            Game::Othello,
            &format!("board={}&size=8&moves=a3", encode(&board)),
        );
        assert_eq!(
            errors(Game::Othello, &format!("board={}&size=8", encode(&board))),
            vec![("size".into(), Reason::Conflict("the board is 6×6".into()))]
        );
        assert_eq!(read.params.start.size(), Some(6));
        assert!(
            matches!(
                &read.errors[1].reason,
                Reason::Invalid(why) if why.contains("a3")
            ),
            "{:?}",
            read.errors
        );
        assert!(
            matches!(&errors(Game::Othello, "board=XX")[0], (k, Reason::Invalid(_)) if k == "board")
        );
        assert!(
            matches!(&errors(Game::Othello, "moves=f5f5")[0], (k, Reason::Invalid(_)) if k == "moves")
        );
        // Lenient transcripts are written back in the links' form.
        assert_eq!(parse(Game::Othello, "moves=1.+F5+D6").params.moves, "f5d6");
        // Opok.
        let read = parse(Game::Opok, "size=4&moves=a1:3:b3+d4:1:d3");
        assert_eq!(
            (read.params.moves.as_str(), read.errors.len()),
            ("a1:3:b3,d4:1:d3", 0),
            "{:?}",
            read.errors
        );
        let position = "c9,.,./.,.,./.,.,s9 c";
        let read = parse(Game::Opok, &format!("position={}&size=4", encode(position)));
        assert_eq!(read.params.start.size(), Some(3));
        assert_eq!(read.errors[0].key, "size");
        assert!(
            matches!(&errors(Game::Opok, "position=c9")[0], (k, Reason::Invalid(_)) if k == "position")
        );
        assert_eq!(
            errors(Game::Opok, "size=10"),
            vec![("size".into(), expected("3 to 9"))]
        );
        // Take-away games: bare sizes take the variant's rule.
        let read = parse(
            Game::Nim,
            "v=2&variant=dim&heaps=5,sub{1,2}:4+6&misere=1&moves=1:1",
        );
        assert_eq!(read.errors, vec![]);
        let Start::Nim {
            heaps,
            variant,
            misere,
        } = &read.params.start
        else {
            panic!("a take-away start")
        };
        assert_eq!(heaps.to_string(), "dim:5 sub{1,2}:4 dim:6");
        assert_eq!((variant, *misere), (&Rule::Dim, true));
        assert_eq!(
            read.params.to_query(),
            "v=2&variant=dim&heaps=5,sub%7B1,2%7D:4,6&misere=1&moves=1:1"
        );
        assert!(
            matches!(&errors(Game::Nim, "heaps=3,x")[0], (k, Reason::Invalid(_)) if k == "heaps")
        );
        assert!(
            matches!(&errors(Game::Nim, "variant=chess")[0], (k, Reason::Invalid(_)) if k == "variant")
        );
        assert!(
            matches!(&errors(Game::Nim, "moves=1:9")[0], (k, Reason::Invalid(_)) if k == "moves")
        );
        assert_eq!(
            errors(Game::Nim, "misere=yes"),
            vec![("misere".into(), expected("0 or 1"))]
        );
        // ply counts the moves given.
        assert_eq!(parse(Game::Nim, "moves=1:1,2:1&ply=2").params.ply, Some(2));
        assert_eq!(errors(Game::Nim, "moves=1:1,2:1&ply=3")[0].0, "ply");
        assert_eq!(errors(Game::Nim, "ply=1")[0].0, "ply");
    }

    #[test]
    fn modes_take_their_parameters() {
        let p = parse(Game::Nim, "lesson=nim-1-2").params;
        assert_eq!(
            (p.mode, p.lesson.as_deref()),
            (Mode::Lesson, Some("nim-1-2"))
        );
        assert_eq!(p.controls, Controls::Full);
        assert_eq!(p.to_query(), "lesson=nim-1-2");
        let p = parse(Game::Othello, "mode=puzzle").params;
        assert_eq!(p.puzzle, Some(PuzzleRef::Daily));
        assert_eq!(p.to_query(), "puzzle=daily");
        let p = parse(Game::Othello, "puzzle=corner-0a1b2c3d").params;
        assert_eq!(
            (p.mode, p.puzzle),
            (Mode::Puzzle, Some(PuzzleRef::Id("corner-0a1b2c3d".into())))
        );
        assert_eq!(
            errors(Game::Opok, "mode=lesson"),
            vec![("mode".into(), Reason::Needs("lesson"))]
        );
        assert_eq!(
            errors(Game::Opok, "mode=lesson&lesson=nim-1-1"),
            vec![("lesson".into(), Reason::NotALesson(Game::Opok))]
        );
        assert_eq!(
            parse(Game::Opok, "mode=lesson&lesson=nim-1-1").params.mode,
            Mode::View
        );
        assert_eq!(
            errors(Game::Opok, "mode=puzzle"),
            vec![(
                "mode".into(),
                Reason::Conflict("puzzles are Othello's only".into())
            )]
        );
        assert_eq!(
            errors(Game::Othello, "mode=play&lesson=othello-1-1&puzzle=daily"),
            vec![
                ("lesson".into(), Reason::NotForMode(Mode::Play)),
                ("puzzle".into(), Reason::NotForMode(Mode::Play)),
            ]
        );
        let read = parse(
            Game::Othello,
            "lesson=othello-2-1&moves=f5&size=6&side=white&level=2&theme=dark",
        );
        assert_eq!(
            read.errors
                .iter()
                .map(|e| e.key.as_str())
                .collect::<Vec<_>>(),
            ["moves", "size", "side", "level"]
        );
        assert_eq!(read.params.theme, Theme::Dark);
        assert_eq!(read.params.to_query(), "lesson=othello-2-1&theme=dark");
    }

    #[test]
    fn routes_name_the_game() {
        assert_eq!(
            route("#/embed/othello?moves=f5"),
            Some((Game::Othello, "moves=f5"))
        );
        assert_eq!(route("/embed/nim"), Some((Game::Nim, "")));
        assert_eq!(route("#/embed/opok/"), Some((Game::Opok, "")));
        assert_eq!(route("#/embed/chess"), None);
        assert_eq!(route("#/othello?moves=f5"), None);
        assert_eq!(route("#/embed"), None);
        let read = parse_fragment("#/embed/opok?size=4").unwrap();
        assert_eq!(read.params.fragment(), "#/embed/opok?size=4");
    }

    #[test]
    fn queries_are_written_back() {
        let query = "variant=reversi&size=6&moves=c3d3c4d4&ply=2&mode=analyse&side=white\
                     &level=7&lang=ru&theme=contrast&coords=0&controls=nav&parent=http://127.0.0.1:8080";
        let read = parse(Game::Othello, query);
        assert_eq!(read.errors, vec![]);
        assert_eq!(read.params.to_query(), query);
        assert_eq!(
            parse(Game::Othello, &read.params.to_query()).params,
            read.params
        );
        assert_eq!(encode("a b+c%&é"), "a+b%2Bc%25%26%C3%A9");
    }

    #[test]
    fn a_message_changes_a_game_or_refuses() {
        let p = parse(
            Game::Othello,
            "moves=f5d6&ply=1&mode=play&level=5&theme=dark&parent=https://club.example",
        )
        .params;
        let next = p.changed(&[("moves", "c4"), ("level", "2")]).unwrap();
        assert_eq!(
            next.to_query(),
            "moves=c4&mode=play&level=2&theme=dark&parent=https://club.example"
        );
        // The position is replaced as a whole.
        let next = p.changed(&[("size", "6")]).unwrap();
        assert_eq!((next.moves.as_str(), next.start.size()), ("", Some(6)));
        // A mode replaces the lesson.
        let lesson = p.changed(&[("lesson", "othello-1-1")]).unwrap();
        assert_eq!(lesson.mode, Mode::Lesson);
        assert_eq!(lesson.changed(&[("mode", "view")]).unwrap().lesson, None);
        assert_eq!(
            lesson.to_query(),
            "lesson=othello-1-1&theme=dark&parent=https://club.example"
        );
        // A new board decides the size.
        let six = parse(Game::Othello, "size=6").params;
        let board =
            othello::notation::board_text(&othello::Position::start(othello::Rules::default()));
        assert_eq!(
            six.changed(&[("board", &board)]).unwrap().start.size(),
            Some(8)
        );
        // Errors refuse the change.
        let refused = p
            .changed(&[("moves", "a1"), ("parent", "https://evil.example")])
            .unwrap_err();
        assert_eq!(refused.len(), 2);
        assert_eq!(refused[0].reason, Reason::Fixed);
        assert_eq!(refused[1].key, "moves");
        assert!(p.changed(&[("colour", "red")]).is_err());
    }
}
