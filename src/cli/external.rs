//! A player in another process that speaks a line protocol (`engine player
//! othello`, an older build of it, or a peer's driver): the other side of
//! `engine match --opponent-command`. It is sent `new` before each game and
//! a move request (by default `play BOARD SIDE MS`) for each move, and
//! answers `= MOVE …`; an answer that is not a legal move counts as a fault
//! and the first legal move is played instead, so one bad answer does not
//! end a match of hundreds of games.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

use crate::engine::othello::notation::board_squares;
use crate::engine::othello::{Move, Position};

use super::usage::ArgsError;
use super::CliError;

/// The move request unless the command line gives another.
pub const DEFAULT_REQUEST: &str = "play {board} {side} {ms}";

/// A running external player.
pub struct External {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    request: String,
    think_ms: f64,
}

impl External {
    /// Starts `command` (words separated by spaces, no shell) and reads its
    /// first line (`= ready`). `request` is the move request with `{board}`
    /// (64 characters `X O -` from a1), `{side}` (`X` or `O`) and `{ms}`.
    pub fn start(command: &str, request: &str, think_ms: f64) -> Result<External, CliError> {
        let bad = |why: String| -> CliError {
            ArgsError::BadValue {
                name: "--opponent-command".into(),
                value: command.to_string(),
                expected: why,
            }
            .into()
        };
        let mut words = command.split_whitespace();
        let program = words.next().ok_or_else(|| bad("a command".into()))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| bad(format!("a command that starts ({e})")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(bad("a command with standard input and output".into()));
        };
        let mut player = External {
            child,
            input,
            output: BufReader::new(output),
            request: request.to_string(),
            think_ms,
        };
        match player.read_line() {
            Some(line) if line.starts_with('=') => Ok(player),
            other => Err(bad(format!(
                "a line-protocol player that starts with \"= ready\" (it said {other:?})"
            ))),
        }
    }

    fn read_line(&mut self) -> Option<String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(n) if n > 0 => Some(line.trim_end().to_string()),
            _ => None,
        }
    }

    fn ask(&mut self, request: &str) -> Option<String> {
        writeln!(self.input, "{request}").ok()?;
        self.input.flush().ok()?;
        self.read_line()
    }

    /// A new game: the player may clear its tables.
    pub fn new_game(&mut self) {
        let _ = self.ask("new");
    }

    /// The player's move in `position` (which must have a legal move);
    /// a fault is counted in `faults` when the answer is not one.
    pub fn choose(&mut self, position: &Position, faults: &AtomicU32) -> Move {
        let request = self
            .request
            .replace("{board}", &board_squares(position))
            .replace("{side}", &position.side_to_move().letter().to_string())
            .replace("{ms}", &format!("{}", self.think_ms));
        let moves = position.moves();
        let answer = self.ask(&request);
        let chosen = answer.as_deref().and_then(|line| {
            let word = line.strip_prefix('=')?.split_whitespace().next()?;
            let word = word.to_ascii_lowercase();
            moves.iter().copied().find(|m| m.to_string() == word)
        });
        chosen.unwrap_or_else(|| {
            faults.fetch_add(1, Ordering::Relaxed);
            moves[0]
        })
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
