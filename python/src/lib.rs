//! The Python extension module `gamelab._gamelab`: thin bindings over the gamelab library, one
//! file per area (solve, generate, sweep, check, play, graph, grundy, plot, explorer). The
//! Python package (`python/gamelab/`) wraps these functions into its public API (DataFrames,
//! classes, docstrings); everything computed here is the library's own code. `gamelab/_gamelab.pyi`
//! types what the module below exports, and the tests hold the two equal (`mypy.stubtest`).

mod analyze;
mod budget;
mod check;
mod custom;
mod errors;
mod explorer;
mod generate;
mod graph;
mod grundy;
mod options;
mod play;
mod plot;
mod solve;
mod stoppable;
mod sweep;

use pyo3::prelude::*;

/// The gamelab engine's bindings, which the gamelab package calls (typed in _gamelab.pyi).
// Every class and function in one list, the module's whole surface, as the stub lists it.
#[pymodule]
mod _gamelab {
    #[pymodule_export]
    use crate::analyze::analyze;
    #[pymodule_export]
    use crate::budget::{current_budget, set_budget};
    #[pymodule_export]
    use crate::check::check;
    #[pymodule_export]
    use crate::custom::{
        ExploredGame, claim_sentence, expectation_holds, explore_builtin, explore_game,
    };
    #[pymodule_export]
    use crate::explorer::{explorer_page, explorer_page_explored};
    #[pymodule_export]
    use crate::generate::generate;
    #[pymodule_export]
    use crate::graph::{Graph, explored_tree, tree};
    #[pymodule_export]
    use crate::grundy::grundy;
    #[pymodule_export]
    use crate::play::{play, tournament};
    #[pymodule_export]
    use crate::plot::{plot_divisor, plot_heatmap, plot_margins, plot_table};
    #[pymodule_export]
    use crate::solve::{Solution, games, solve, solve_many};
    #[pymodule_export]
    use crate::sweep::{merge_csv, rewrite_csv, sweep};

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(module: &Bound<'_, PyModule>) -> PyResult<()> {
        gamelab::base::error::name_settings(crate::errors::keyword_name);
        crate::stoppable::load_numpy_api(module.py())?;
        module.add(
            "InputError",
            module.py().get_type::<crate::errors::InputError>(),
        )?;
        module.add("__version__", env!("CARGO_PKG_VERSION"))?;
        Ok(())
    }
}
