//! `analyze`: the position analysis of `gamelab analyze` (value, margin, remoteness, every move
//! with its value, Grundy value) for a built-in game's instance or a game defined in Python,
//! after an optional line of moves.

use crate::custom::ExploredGame;
use crate::errors::input_error;
use crate::options::{Options, game};
use crate::play::to_dict;
use gamelab::analysis::DEFAULT_MAX_STATES;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(analyze, module)?)?;
    module.add_function(wrap_pyfunction!(analyze_explored, module)?)?;
    Ok(())
}

/// The analysis of one instance's position after `moves` (named as in `solve`'s JSON), as the
/// fields of `gamelab analyze --format json`, plus `json`: that line.
#[pyfunction]
fn analyze<'py>(
    py: Python<'py>,
    name: &str,
    options: Bound<'py, PyDict>,
    moves: Vec<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let entry = game(name)?;
    let options = Options::new(options);
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

/// [`analyze`] for a game defined in Python, on its explored table (moves named by the game's
/// `describe_move`).
#[pyfunction]
fn analyze_explored<'py>(
    py: Python<'py>,
    explored: &ExploredGame,
    moves: Vec<String>,
) -> PyResult<Bound<'py, PyDict>> {
    explored.analyze_line(py, moves)
}
