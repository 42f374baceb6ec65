//! The options several commands share, declared once: Othello's rules,
//! Opok's board, a search's limits, threads, seeds, progress and the
//! evaluation.

use clap::Args;

use crate::engine::opok::Geometry;
use crate::engine::othello::{BoardSize, Rules, Variant};
use crate::engine::search::Limits;

use super::numbers::whole;
use super::usage::ArgsError;

/// An Othello board size: 4, 6 or 8.
pub fn board_size(text: &str) -> Result<BoardSize, String> {
    crate::engine::text::parse_number(text)
        .and_then(BoardSize::from_side)
        .ok_or_else(|| "a board size (4, 6 or 8)".into())
}

/// An Othello variant by name.
pub fn variant(text: &str) -> Result<Variant, String> {
    text.parse()
        .map_err(|_| "a variant (standard, anti or reversi)".into())
}

/// An Opok board size: 3 to 9.
pub fn opok_size(text: &str) -> Result<Geometry, String> {
    crate::engine::text::parse_number(text)
        .and_then(Geometry::new)
        .ok_or_else(|| "a board size from 3 to 9".into())
}

/// `--size` and `--variant` of Othello.
#[derive(Args, Debug, Clone, Default)]
pub struct OthelloRules {
    /// The board: 4, 6 or 8 squares a side (8 unless given)
    #[arg(long, value_name = "N", value_parser = board_size)]
    pub size: Option<BoardSize>,
    /// standard, anti (the fewest discs win) or reversi (the historical
    /// opening)
    #[arg(long, value_name = "V", value_parser = variant)]
    pub variant: Option<Variant>,
}

impl OthelloRules {
    /// The rules asked for.
    pub fn rules(&self) -> Rules {
        Rules::new(
            self.size.unwrap_or_default(),
            self.variant.unwrap_or_default(),
        )
    }
}

/// `--size` of Opok.
#[derive(Args, Debug, Clone, Default)]
pub struct OpokBoard {
    /// The board: 3 to 9 squares a side (5 unless given)
    #[arg(long, value_name = "N", value_parser = opok_size)]
    pub size: Option<Geometry>,
}

impl OpokBoard {
    /// The board asked for.
    pub fn geometry(&self) -> Geometry {
        self.size
            .unwrap_or_else(|| Geometry::new(5).expect("5 is a size"))
    }
}

/// How long `engine search` may take unless `--time-ms` says otherwise.
pub const DEFAULT_SEARCH_MS: f64 = 60_000.0;

/// `--time-ms`: milliseconds, 1 to 10^9.
pub fn time_ms(text: &str) -> Result<u64, String> {
    whole(1u64, 1_000_000_000, "a time in milliseconds")(text)
}

/// A search's limits: `--depth`, `--time-ms`, `--nodes` (at least one).
#[derive(Args, Debug, Clone, Default)]
pub struct SearchLimits {
    /// Search to this depth (1 to 200)
    #[arg(long, value_name = "D", value_parser = whole(1u32, 200, "a depth"))]
    pub depth: Option<u32>,
    /// Stop after this many milliseconds (a minute at most unless given)
    #[arg(long = "time-ms", value_name = "T", value_parser = time_ms)]
    pub time_ms: Option<u64>,
    /// Stop after this many nodes
    #[arg(long, value_name = "N", value_parser = whole(1u64, u64::MAX, "a node count"))]
    pub nodes: Option<u64>,
}

impl SearchLimits {
    /// The limits; a depth or node count without a time still stops after
    /// a minute, with the deepest result reached.
    pub fn limits(&self) -> Result<Limits, ArgsError> {
        if self.depth.is_none() && self.time_ms.is_none() && self.nodes.is_none() {
            return Err(ArgsError::Conflict(
                "give a limit: --depth D or --time-ms T".into(),
            ));
        }
        Ok(Limits {
            depth: self.depth,
            nodes: self.nodes,
            time_ms: Some(self.time_ms.map_or(DEFAULT_SEARCH_MS, |t| t as f64)),
        })
    }
}

/// `--threads`.
#[derive(Args, Debug, Clone, Default)]
pub struct Threads {
    /// Threads to use (1 to 64)
    #[arg(long, value_name = "N", value_parser = whole(1usize, 64, "a number of threads"))]
    pub threads: Option<usize>,
}

/// `--seed`: every seeded command starts from 1 unless given.
#[derive(Args, Debug, Clone, Default)]
pub struct Seed {
    /// The random seed (1 unless given): the same seed, the same result
    #[arg(long, value_name = "S", value_parser = whole(0u64, u64::MAX, "a whole number"))]
    pub seed: Option<u64>,
}

impl Seed {
    /// The seed asked for, or 1.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or(1)
    }
}

/// `--progress`.
#[derive(Args, Debug, Clone, Default)]
pub struct Progress {
    /// Show progress on stderr (also when it is not a terminal)
    #[arg(long)]
    pub progress: bool,
}

impl Progress {
    /// What to count on stderr, if anything.
    pub fn of(&self, what: &'static str) -> Option<&'static str> {
        super::parallel::wants_progress(self.progress).then_some(what)
    }
}
