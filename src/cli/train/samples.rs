//! Training samples on disk: positions with their labels, 20 bytes each.
//!
//! ```text
//! "MSTS"           magic
//! records          u64 player, u64 opponent (the side to move's discs
//!                  first), i16 score in hundredths of a disc, u8 kind,
//!                  u8 search depth; all little-endian
//! ```
//!
//! Only the discs are kept: the evaluation looks at nothing else, and
//! every training position is standard 8×8 Othello.

use std::fs;
use std::io::{self, BufWriter, Write};

use crate::engine::othello::position::Setup;
use crate::engine::othello::{BoardSize, Color, Position, Variant};

use super::super::CliError;

const MAGIC: &[u8; 4] = b"MSTS";
const RECORD: usize = 20;

/// Where a sample's score comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Label {
    /// Not labelled yet (self-play output).
    None,
    /// The exact result with perfect play, from the endgame solver.
    Exact,
    /// A search of the recorded depth with some evaluation.
    Searched,
}

/// A training position and its label.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sample {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
    /// The label, in hundredths of a disc for the side to move.
    pub score: i16,
    /// What the score is.
    pub label: Label,
    /// The depth of the labelling search (0 for exact or no label).
    pub depth: u8,
}

impl Sample {
    /// An unlabelled sample of `position`.
    pub fn unlabelled(position: &Position) -> Sample {
        Sample {
            player: position.player(),
            opponent: position.opponent(),
            score: 0,
            label: Label::None,
            depth: 0,
        }
    }

    /// The number of empty squares.
    pub fn empties(&self) -> u32 {
        64 - (self.player | self.opponent).count_ones()
    }

    /// The position, with the side to move playing black (colours do not
    /// matter to the evaluation or the result).
    pub fn position(&self) -> Position {
        let setup = Setup {
            size: BoardSize::Eight,
            black: self.player,
            white: self.opponent,
            side_to_move: Color::Black,
        };
        Position::from_setup(setup, Variant::Standard).expect("training positions are legal")
    }
}

/// Writes `samples` to `path`.
pub fn write(path: &str, samples: &[Sample]) -> Result<(), CliError> {
    let file_error = |e| CliError::File(path.to_string(), e);
    crate::create_parent_dir(path)?;
    let mut out = BufWriter::new(fs::File::create(path).map_err(file_error)?);
    let mut write_all = || -> io::Result<()> {
        out.write_all(MAGIC)?;
        for s in samples {
            out.write_all(&s.player.to_le_bytes())?;
            out.write_all(&s.opponent.to_le_bytes())?;
            out.write_all(&s.score.to_le_bytes())?;
            let kind = match s.label {
                Label::None => 0u8,
                Label::Exact => 1,
                Label::Searched => 2,
            };
            out.write_all(&[kind, s.depth])?;
        }
        out.flush()
    };
    write_all().map_err(file_error)
}

/// Reads the samples of `path`.
pub fn read(path: &str) -> Result<Vec<Sample>, CliError> {
    // Training sets are large (800 000 positions: 30 MB), but not 1 GiB.
    let bytes = crate::read_file(path, 1 << 30)?;
    let bad = |why: &str| {
        CliError::File(
            path.to_string(),
            io::Error::new(io::ErrorKind::InvalidData, why.to_string()),
        )
    };
    let body = bytes
        .strip_prefix(MAGIC)
        .ok_or_else(|| bad("not a samples file"))?;
    if body.len() % RECORD != 0 {
        return Err(bad("truncated samples file"));
    }
    body.chunks_exact(RECORD)
        .map(|r| {
            let u64_at = |i: usize| u64::from_le_bytes(r[i..i + 8].try_into().expect("8 bytes"));
            let label = match r[18] {
                0 => Label::None,
                1 => Label::Exact,
                2 => Label::Searched,
                _ => return Err(bad("unknown label kind")),
            };
            let (player, opponent) = (u64_at(0), u64_at(8));
            if player & opponent != 0 {
                return Err(bad("a square holds two discs"));
            }
            Ok(Sample {
                player,
                opponent,
                score: i16::from_le_bytes([r[16], r[17]]),
                label,
                depth: r[19],
            })
        })
        .collect()
}

/// Reads and concatenates the samples of comma-separated paths.
pub fn read_all(paths: &str) -> Result<Vec<Sample>, CliError> {
    let mut all = Vec::new();
    for path in paths.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        all.extend(read(path)?);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_round_trip_through_a_file() {
        let path = std::env::temp_dir().join(format!("samples-{}.bin", std::process::id()));
        let path = path.to_str().unwrap();
        let start = Position::start(Default::default());
        let samples = vec![
            Sample::unlabelled(&start),
            Sample {
                score: -1234,
                label: Label::Searched,
                depth: 6,
                ..Sample::unlabelled(&start.passed())
            },
        ];
        write(path, &samples).unwrap();
        assert_eq!(read(path).unwrap(), samples);
        assert_eq!(read_all(&format!("{path},{path}")).unwrap().len(), 4);
        std::fs::remove_file(path).unwrap();
        assert_eq!(samples[1].position().player(), start.opponent());
    }
}
