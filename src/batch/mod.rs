//! Solving many instances at once: the streaming pipeline behind `solve --input` (JSON lines in,
//! JSON lines or text out, in order, in parallel, in bounded memory: [`solve_stream`]) and the
//! array entry point for callers holding their instances in memory, such as the Python package
//! ([`margins_many`]: a flat slice of piles and a row length in, one margin per row out).

mod stone_game_json;
mod stream;

pub use stone_game_json::push_integer;

use crate::error::{InputError, SolveError};
use crate::parallel::available_threads;
use crate::registry::GameEntry;
use crate::solve::SolverKind;
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

/// Why a batch stopped.
#[derive(Debug, Error)]
pub enum BatchError {
    /// A line could not be read or parsed (the message names the line).
    #[error(transparent)]
    Read(Box<InputError>),
    /// The instance on `line` (1-based) is invalid or cannot be solved.
    #[error("line {line}: {error}")]
    Instance {
        line: usize,
        error: Box<InstanceError>,
    },
    /// Row `row` (0-based) of an array of instances is invalid or cannot be solved.
    #[error("row {row}: {error}")]
    Row { row: usize, error: Box<SolveError> },
    /// The instances are not piles, or the array is not a whole number of rows.
    #[error("{0}")]
    Shape(String),
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
/// [`crate::input::json_line::MAX_LINE_BYTES`] is refused.
///
/// ```
/// use gamelab::batch::{StreamOptions, solve_stream};
/// use gamelab::registry::find_game;
/// use gamelab::solve::SolverKind;
/// let input = "{\"piles\": [4, 6, 2, 3]}\n{\"piles\": [1, 100, 3]}\n";
/// let mut out = Vec::new();
/// let mut options = StreamOptions::new(SolverKind::Auto);
/// options.value_only = true;
/// solve_stream(find_game("stone-game")?, input.as_bytes(), &mut out, &options)?;
/// let text = String::from_utf8(out)?;
/// assert!(text.lines().next().unwrap().contains("\"margin\":3"));
/// assert!(text.lines().nth(1).unwrap().contains("\"margin\":-96"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_stream<R: BufRead, W: Write>(
    game: &GameEntry,
    reader: R,
    writer: W,
    options: &StreamOptions,
) -> Result<(), BatchError> {
    stream::run(game, reader, writer, options)
}

/// Below this many pile cells (rows × row length²) one thread does it all.
const PARALLEL_WORK: usize = 1 << 18;

/// The first player's margin under optimal play for every row of `flat`, a row-major array of
/// instances of `row_length` piles each (a 2-D array of piles, flattened): the entry point for
/// solving arrays of instances, such as the Python package's `solve_many`. Rows are split across
/// the available threads; stone-game solves them one per SIMD lane. Both scores follow for the
/// games whose piles all end with one player or the other (stone-game, II, III):
/// [`crate::game::Scores::from_total_and_margin`].
///
/// ```
/// use gamelab::batch::margins_many;
/// use gamelab::registry::find_game;
/// let margins = margins_many(find_game("stone-game")?, &[4, 6, 2, 3, 1, 100, 3, 0], 4)?;
/// assert_eq!(margins, vec![3, 96]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn margins_many(
    game: &GameEntry,
    flat: &[i64],
    row_length: usize,
) -> Result<Vec<i64>, BatchError> {
    if !game.takes_piles() {
        return Err(BatchError::Shape(format!(
            "{} takes N, not rows of piles",
            game.name
        )));
    }
    if row_length == 0 || !flat.len().is_multiple_of(row_length) {
        return Err(BatchError::Shape(format!(
            "{} values do not make rows of {row_length} piles",
            flat.len()
        )));
    }
    let rows = flat.len() / row_length;
    let threads = if rows.saturating_mul(row_length * row_length) < PARALLEL_WORK {
        1
    } else {
        available_threads().min(rows)
    };
    let rows_per_part = rows.div_ceil(threads.max(1)).max(1);
    let parts: Vec<&[i64]> = flat.chunks(rows_per_part * row_length).collect();
    let solve_part = |part_index: usize, part: &[i64]| -> Result<Vec<i64>, BatchError> {
        let (mut out, mut scratch) = (Vec::with_capacity(part.len() / row_length), Vec::new());
        game.first_margins(row_length, part, &mut out, &mut scratch)
            .map_err(|error| {
                // Find the row to name, one at a time (the error path only).
                let first_row = part_index * rows_per_part;
                for (offset, row) in part.chunks(row_length).enumerate() {
                    if let Err(error) =
                        game.first_margins(row_length, row, &mut Vec::new(), &mut scratch)
                    {
                        return BatchError::Row {
                            row: first_row + offset,
                            error: Box::new(error),
                        };
                    }
                }
                BatchError::Row {
                    row: first_row,
                    error: Box::new(error),
                }
            })?;
        Ok(out)
    };
    let results: Vec<Result<Vec<i64>, BatchError>> = if parts.len() <= 1 {
        parts
            .iter()
            .enumerate()
            .map(|(i, part)| solve_part(i, part))
            .collect()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = parts
                .iter()
                .enumerate()
                .map(|(i, part)| {
                    let solve_part = &solve_part;
                    scope.spawn(move || solve_part(i, part))
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| {
                    handle
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        })
    };
    let mut margins = Vec::with_capacity(rows);
    for result in results {
        margins.extend(result?);
    }
    Ok(margins)
}
