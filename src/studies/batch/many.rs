//! Many instances of one game solved in one call, in parallel: the first player's margin and
//! both players' scores under optimal play, in input order (the engine of Python's
//! `solve_many`). A caller may stop a long batch from another thread with a flag.

use crate::base::error::{InputError, SolveError};
use crate::base::input::{InstanceInput, InstanceRef};
use crate::games::GameEntry;
use crate::solve::SolverKind;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most instances per parallel unit: enough to amortise scheduling and fill the SIMD lanes
/// of the stone-game batch kernel.
const CHUNK: usize = 1024;

/// The estimated time of one parallel unit, so that a stop request is seen within milliseconds
/// however long one instance takes (a unit of large instances holds fewer of them).
const UNIT_NANOS: f64 = 5e6;

/// The instances of a batch, all of one game.
#[derive(Clone, Copy, Debug)]
pub enum Instances<'a> {
    /// `rows` pile instances of `n` piles each, laid out one after another (row-major) in
    /// `flat`, which holds `rows * n` values.
    Piles {
        rows: usize,
        n: usize,
        flat: &'a [i64],
    },
    /// Number instances, one N each, all with the same extra fields (nim's subtraction set).
    Numbers {
        values: &'a [u64],
        subtract: Option<&'a [u64]>,
    },
}

impl Instances<'_> {
    /// How many instances there are.
    pub fn len(&self) -> usize {
        match self {
            Instances::Piles { rows, .. } => *rows,
            Instances::Numbers { values, .. } => values.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The results of a batch, one entry per instance, in input order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BatchResults {
    /// First player's score minus second player's.
    pub margins: Vec<i64>,
    pub first_scores: Vec<i64>,
    pub second_scores: Vec<i64>,
}

/// Why a batch failed.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    // `error`, not `source`: error chains would print a `source` a second time.
    #[error("instance {index}: {error}")]
    Solve {
        /// The instance's position in the batch (0-based).
        index: usize,
        error: Box<SolveError>,
    },
    #[error("stopped before the end")]
    Stopped,
}

/// Solves every instance with the fastest exact solver. Pile games of constant sum take the
/// game's batch kernel (scores follow from the total and the margin); the others are solved one
/// by one, in parallel. `stop` is read between units: once it is set the call returns
/// [`BatchError::Stopped`] within one unit's time.
pub fn solve_batch(
    entry: &dyn GameEntry,
    instances: Instances<'_>,
    stop: &AtomicBool,
) -> Result<BatchResults, BatchError> {
    if let Instances::Piles { rows, n, flat } = instances {
        if rows.checked_mul(n) != Some(flat.len()) {
            return Err(failed(0)(
                InputError::out_of_range(
                    "the pile values",
                    format!("{rows} rows of {n} piles"),
                    format!("{} values", flat.len()),
                )
                .into(),
            ));
        }
        if n == 0 && rows > 0 {
            return Err(failed(0)(InputError::NoPiles { game: entry.name() }.into()));
        }
    }
    let count = instances.len();
    let chunk = chunk_size(entry, instances);
    let starts: Vec<usize> = (0..count).step_by(chunk).collect();
    let parts = starts
        .par_iter()
        .map(|&start| {
            if stop.load(Ordering::Relaxed) {
                return Err(BatchError::Stopped);
            }
            solve_chunk(entry, instances, start, (start + chunk).min(count))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut results = BatchResults::default();
    for part in parts {
        results.margins.extend(part.margins);
        results.first_scores.extend(part.first_scores);
        results.second_scores.extend(part.second_scores);
    }
    Ok(results)
}

/// Instances per parallel unit: [`CHUNK`], or fewer when one instance's estimated time times
/// [`CHUNK`] would pass [`UNIT_NANOS`] (pile instances; number instances are costed by their
/// largest N).
fn chunk_size(entry: &dyn GameEntry, instances: Instances<'_>) -> usize {
    let size = match instances {
        Instances::Piles { n, .. } => n as u64,
        Instances::Numbers { values, .. } => values.iter().copied().max().unwrap_or(0),
    };
    let nanos = entry.batch_margin_cost(size).work.cpu_nanos();
    if nanos <= 0.0 || !nanos.is_finite() {
        return CHUNK;
    }
    ((UNIT_NANOS / nanos) as usize).clamp(1, CHUNK)
}

fn failed(index: usize) -> impl Fn(SolveError) -> BatchError {
    move |error| BatchError::Solve {
        index,
        error: Box::new(error),
    }
}

/// Instances `start..end` of the batch.
fn solve_chunk(
    entry: &dyn GameEntry,
    instances: Instances<'_>,
    start: usize,
    end: usize,
) -> Result<BatchResults, BatchError> {
    let mut results = BatchResults::default();
    match instances {
        Instances::Piles { n, flat, .. } if entry.constant_sum() => {
            let rows = &flat[start * n..end * n];
            let mut scratch = Vec::new();
            if let Err(error) = entry.first_margins(n, rows, &mut results.margins, &mut scratch) {
                // Name the first instance at fault, as a one-by-one solve would.
                let index = (start..end)
                    .find(|&index| {
                        let piles = &flat[index * n..(index + 1) * n];
                        entry
                            .first_margin(InstanceRef::Piles(piles), &mut scratch)
                            .is_err()
                    })
                    .unwrap_or(start);
                return Err(failed(index)(error));
            }
            for (piles, &margin) in rows.chunks(n).zip(&results.margins) {
                // Checked by the game: the total and each score fit in 64 bits (their sum
                // need not, hence i128).
                let total: i64 = piles.iter().sum();
                let first = ((i128::from(total) + i128::from(margin)) / 2) as i64;
                results.first_scores.push(first);
                results.second_scores.push(total - first);
            }
        }
        _ => {
            for index in start..end {
                let input = match instances {
                    Instances::Piles { n, flat, .. } => {
                        InstanceInput::piles(flat[index * n..(index + 1) * n].to_vec())
                    }
                    Instances::Numbers { values, subtract } => InstanceInput {
                        subtract: subtract.map(<[u64]>::to_vec),
                        ..InstanceInput::number(values[index])
                    },
                };
                let solution = entry
                    .build(&input)
                    .map_err(SolveError::from)
                    .and_then(|game| game.solve_value(SolverKind::AUTO))
                    .map_err(failed(index))?;
                results.margins.push(solution.margin);
                results.first_scores.push(solution.first_score);
                results.second_scores.push(solution.second_score);
            }
        }
    }
    Ok(results)
}
