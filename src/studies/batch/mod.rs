//! Solving many instances at once: the streaming pipeline behind `solve --input` (JSON lines in,
//! JSON lines or text out, in order, in parallel, in bounded memory: [`solve_stream`]) and the
//! entry point for callers holding their instances in memory, such as the Python package's
//! `solve_many` ([`solve_batch`]: a flat slice of piles and a row length in, margins and scores
//! out).

mod many;
mod stream;

pub use many::{BatchError, BatchResults, Instances, solve_batch};

pub use crate::util::digits::push_integer;

use crate::base::error::{InputError, SolveError};
use crate::games::GameEntry;
use crate::solve::SolverKind;
use crate::util::parallel::available_threads;
use std::io::{BufRead, Write};
use thiserror::Error;

/// How answers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// One JSON object per line (a serialised [`crate::solve::Solution`]).
    Json,
    /// The readable text of [`crate::solve::Solution::to_text`], answers separated by a blank
    /// line.
    Text,
}

/// How [`solve_stream`] solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StreamOptions {
    pub solver: SolverKind,
    /// Leave out the move lists (`"moves": null`): the fastest path.
    pub value_only: bool,
    pub format: OutputFormat,
    /// Worker threads (and threads for one large instance).
    pub threads: usize,
}

impl StreamOptions {
    /// JSON out, `solver`, moves listed, every available thread.
    pub fn new(solver: SolverKind) -> StreamOptions {
        StreamOptions {
            solver,
            value_only: false,
            format: OutputFormat::Json,
            threads: available_threads(),
        }
    }
}

/// Why one instance has no answer.
#[derive(Debug, Error)]
pub enum InstanceError {
    #[error(transparent)]
    Input(InputError),
    #[error(transparent)]
    Solve(SolveError),
}

/// Why a stream of instances stopped.
#[derive(Debug, Error)]
pub enum StreamError {
    /// A line could not be read or parsed (the message names the line).
    #[error(transparent)]
    Read(Box<InputError>),
    /// The instance on `line` (1-based) is invalid or cannot be solved.
    #[error("line {line}: {error}")]
    Instance {
        line: usize,
        error: Box<InstanceError>,
    },
    /// Writing the answers failed.
    #[error("cannot write: {0}")]
    Write(std::io::Error),
}

/// Solves every instance in `reader` (JSON lines: `{"piles": [...]}`, `{"n": N}`, ... as
/// `gamelab generate` writes them; blank lines skipped) as `game`, writing one answer per
/// instance to `writer` in input order. On the first bad line or instance, the answers before it
/// are written and its error returned.
///
/// Reading, parsing, solving and writing overlap; memory stays bounded (a few chunks of about
/// 256 KiB of lines in flight) whatever the input's length, and a line longer than
/// [`crate::base::input::json_line::MAX_LINE_BYTES`] is refused.
///
/// ```
/// use gamelab::studies::batch::{StreamOptions, solve_stream};
/// use gamelab::games::find_game;
/// use gamelab::solve::SolverKind;
/// let input = "{\"piles\": [4, 6, 2, 3]}\n{\"piles\": [1, 100, 3]}\n";
/// let mut out = Vec::new();
/// let mut options = StreamOptions::new(SolverKind::AUTO);
/// options.value_only = true;
/// solve_stream(find_game("stone-game")?, input.as_bytes(), &mut out, &options)?;
/// let text = String::from_utf8(out)?;
/// assert!(text.lines().next().unwrap().contains("\"margin\":3"));
/// assert!(text.lines().nth(1).unwrap().contains("\"margin\":-96"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_stream<R: BufRead, W: Write>(
    game: &dyn GameEntry,
    reader: R,
    writer: W,
    options: &StreamOptions,
) -> Result<(), StreamError> {
    stream::run(game, reader, writer, options)
}
