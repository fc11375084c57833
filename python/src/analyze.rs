//! `analyze`: the position analysis of `gamelab analyze` (value, margin, remoteness, every move
//! with its value, Grundy value) for a built-in game's instance, after an optional line of
//! moves. A game defined in Python is analysed on its explored table (`ExploredGame.analyze`).

use crate::errors::input_error;
use crate::options::Options;
use crate::play::to_dict;
use gamelab::analysis::DEFAULT_MAX_STATES;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The analysis of one instance's position after `moves` (named as in `solve`'s JSON), as the
/// fields of `gamelab analyze --format json`, plus `json`: that line.
#[pyfunction]
pub fn analyze<'py>(
    name: &str,
    options: Bound<'py, PyDict>,
    moves: Vec<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let (entry, options) = Options::for_game(name, options)?;
    let py = options.py();
    let instance = entry.build(&options.instance()?).map_err(input_error)?;
    let max_states = options
        .u64("max_states")?
        .map_or(DEFAULT_MAX_STATES, u128::from);
    let analysis = py
        .detach(|| -> Result<_, String> {
            instance
                .solve_space(max_states)
                .map_err(|error| error.to_string())?
                .analyze(&moves)
                .map_err(|error| error.to_string())
        })
        .map_err(input_error)?;
    to_dict(py, &analysis)
}
