//! `generate`: seeded random instances, the very streams of `gamelab generate` for the same
//! arguments, as numpy arrays.

use crate::errors::input_error;
use crate::options::Options;
use crate::stoppable::run_stoppable;
use gamelab::studies::generate::Generator;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use std::sync::atomic::Ordering;

/// Sizes when none are given: 1..=10 piles, or N = 1..=100 (as `gamelab generate`).
fn default_sizes(takes_piles: bool) -> (u64, u64) {
    if takes_piles { (1, 10) } else { (1, 100) }
}

/// Rows one parallel task generates.
const ROWS_PER_TASK: usize = 4096;

/// Instances of several sizes made between two looks for a pending Ctrl-C.
const SIGNAL_CHECK_ROWS: u64 = 1024;

/// The most pile values one call returns (16 GB of int64): more is refused, not attempted.
const MAX_VALUES: u64 = 1 << 31;

/// `count` instances: a 2-D array (count x n) for pile games of one size, a list of 1-D arrays
/// for pile games of several sizes, a 1-D array of N for number games.
#[pyfunction]
pub fn generate<'py>(name: &str, options: Bound<'py, PyDict>) -> PyResult<Bound<'py, PyAny>> {
    let (entry, options) = Options::for_game(name, options)?;
    let py = options.py();
    let count = options.u64("count")?.unwrap_or(10);
    let spec = options.generator(entry, default_sizes(entry.takes_piles()))?;
    let generator = Generator::new(entry, spec).map_err(input_error)?;
    let sizes = generator.spec().sizes;
    if !entry.takes_piles() {
        let numbers: Vec<i64> = run_stoppable(py, |stop| {
            (0..count)
                .take_while(|_| !stop.load(Ordering::Relaxed))
                .map(|index| generator.instance(index).n.map_or(0, |n| n as i64))
                .collect()
        })?;
        return Ok(PyArray1::from_vec(py, numbers).into_any());
    }
    if sizes.count() == 1 {
        let n = sizes.nth(0);
        if count.saturating_mul(n) > MAX_VALUES {
            return Err(input_error(gamelab::InputError::out_of_range(
                "count times n",
                format!("at most {MAX_VALUES} pile values"),
                format!("{count} x {n}"),
            )));
        }
        // Rows are independent streams: fill them in parallel, in blocks.
        let flat = run_stoppable(py, |stop| {
            let width = n as usize;
            let mut flat = vec![0i64; count as usize * width];
            flat.par_chunks_mut((width * ROWS_PER_TASK).max(1))
                .enumerate()
                .for_each(|(block, rows)| {
                    let mut piles = Vec::with_capacity(width);
                    for (offset, row) in rows.chunks_mut(width.max(1)).enumerate() {
                        if stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let index = (block * ROWS_PER_TASK + offset) as u64;
                        generator.piles_into(n, index, &mut piles);
                        row.copy_from_slice(&piles);
                    }
                });
            flat
        })?;
        let rows = PyArray1::from_vec(py, flat);
        let array: Bound<'py, PyArray2<i64>> = rows.reshape([count as usize, n as usize])?;
        return Ok(array.into_any());
    }
    if count.saturating_mul(sizes.max) > MAX_VALUES {
        return Err(input_error(gamelab::InputError::out_of_range(
            "count times n_max",
            format!("at most {MAX_VALUES} pile values"),
            format!("{count} x {}", sizes.max),
        )));
    }
    let list = PyList::empty(py);
    for index in 0..count {
        // The GIL is held here, so Python runs no signal handler until asked.
        if index % SIGNAL_CHECK_ROWS == 0 {
            py.check_signals()?;
        }
        let piles = generator.instance(index).piles.unwrap_or_default();
        list.append(PyArray1::from_vec(py, piles))?;
    }
    Ok(list.into_any())
}
