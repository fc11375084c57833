//! `grundy`: the nim-sequence of a heap game (`gamelab grundy`), the Grundy value of every heap
//! from 0 to N as a numpy array beside the command's summary (period, pre-period, proved,
//! largest value, losing heaps, checksum).

use crate::errors::input_error;
use crate::options::Options;
use crate::play::to_dict;
use crate::stoppable::run_stoppable;
use gamelab::cost::Cost;
use gamelab::studies::grundy::{SequenceSummary, nim_sequence};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Bytes of the returned array per heap (int64, the package's integer type).
const BYTES_PER_HEAP: u128 = 8;

/// The values of heaps 0 to `n_max` (int64, indexed by the heap) and the summary as the
/// fields of `gamelab grundy --format json`, plus `json`: that line.
#[pyfunction]
pub fn grundy<'py>(
    name: &str,
    options: Bound<'py, PyDict>,
) -> PyResult<(Bound<'py, PyArray1<i64>>, Bound<'py, PyDict>)> {
    let (entry, options) = Options::for_game(name, options)?;
    let py = options.py();
    let n_max = options
        .u64("n_max")?
        .ok_or_else(|| input_error("grundy needs n_max, the largest heap, e.g. n_max=100"))?;
    let input = options.rule()?;
    // The array holds every heap, also those a proved period spared the computation.
    Cost::memory(u128::from(n_max).saturating_add(1) * BYTES_PER_HEAP)
        .check(
            format_args!("the array of {} Grundy values", u128::from(n_max) + 1),
            "use a smaller n_max",
        )
        .map_err(input_error)?;
    let values = run_stoppable(py, |_| nim_sequence(entry, &input, n_max))?.map_err(input_error)?;
    let summary = SequenceSummary::of(entry, &input, &values, n_max);
    let array = (0..=n_max)
        .map(|n| {
            values.value(n).map(i64::from).ok_or_else(|| {
                input_error(format!("the Grundy value of heap {n} was not computed"))
            })
        })
        .collect::<PyResult<Vec<i64>>>()?;
    Ok((PyArray1::from_vec(py, array), to_dict(py, &summary)?))
}
