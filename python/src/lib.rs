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
        // Time estimates scaled to this machine: measured at the first import on a machine and
        // cached (see gamelab::calibration::machine), the probes timed in this thread's CPU time.
        gamelab::calibration::clock::set_cpu_clock(crate::thread_cpu_seconds);
        gamelab::calibration::machine::apply().map_err(pyo3::exceptions::PyValueError::new_err)?;
        crate::stoppable::load_numpy_api(module.py())?;
        module.add(
            "InputError",
            module.py().get_type::<crate::errors::InputError>(),
        )?;
        module.add("__version__", env!("CARGO_PKG_VERSION"))?;
        Ok(())
    }
}

/// The CPU time of the calling thread, in seconds (see `gamelab::calibration::clock`).
#[cfg(unix)]
fn thread_cpu_seconds() -> f64 {
    // SAFETY: writes into a zeroed timespec owned by this frame; the clock id is a constant of
    // the platform.
    let mut time: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
    time.tv_sec as f64 + time.tv_nsec as f64 / 1e9
}

/// Without a CPU clock, the wall time since the first call.
#[cfg(not(unix))]
fn thread_cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}
