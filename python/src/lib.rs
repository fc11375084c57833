//! The Python extension module `gamelab._gamelab`: thin bindings over the gamelab library, one
//! file per area (solve, generate, sweep, check, play, graph, plot, explorer). The Python package
//! (`python/gamelab/`) wraps these functions into its public API (DataFrames, classes,
//! docstrings); everything computed here is the library's own code.

mod analyze;
mod budget;
mod check;
mod custom;
mod errors;
mod explorer;
mod generate;
mod graph;
mod options;
mod play;
mod plot;
mod solve;
mod stoppable;
mod sweep;

use pyo3::prelude::*;

#[pymodule]
fn _gamelab(module: &Bound<'_, PyModule>) -> PyResult<()> {
    gamelab::base::error::name_settings(errors::keyword_name);
    module.add("InputError", module.py().get_type::<errors::InputError>())?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    budget::register(module)?;
    solve::register(module)?;
    generate::register(module)?;
    sweep::register(module)?;
    analyze::register(module)?;
    check::register(module)?;
    custom::register(module)?;
    explorer::register(module)?;
    play::register(module)?;
    graph::register(module)?;
    plot::register(module)?;
    Ok(())
}
