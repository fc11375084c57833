//! How library errors reach Python: every bad input becomes `gamelab.InputError`, a subclass of
//! `ValueError`, carrying the library's one-line message with settings named by their Python
//! keywords (`n_min` where the command line says `--n-min`).

use gamelab::base::error::Setting;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    gamelab,
    InputError,
    PyValueError,
    "Bad input: an unknown game, a malformed instance, settings that cannot be met. The message \
     is the command line's one-line message, naming settings by their Python keywords."
);

/// The library's error as `InputError`.
pub fn input_error(error: impl std::fmt::Display) -> PyErr {
    InputError::new_err(gamelab::util::shown::for_one_line(&error.to_string()))
}

/// The Python keyword (or words) of each library setting, registered once at import with
/// `gamelab::base::error::name_settings`.
pub fn keyword_name(setting: Setting) -> &'static str {
    match setting {
        Setting::Piles => "piles",
        Setting::Number => "n",
        Setting::Subtract => "subtract",
        Setting::Heaps => "heaps",
        Setting::Code => "code",
        Setting::MinSize => "n_min",
        Setting::MaxSize => "n_max",
        Setting::SizeModulus => "n_mod",
        Setting::SizeResidue => "n_residue",
        Setting::MinValue => "min_value",
        Setting::MaxValue => "max_value",
        Setting::ValueSettings => "pile values (min_value, max_value, distribution, total_parity)",
        Setting::TotalParity => "total_parity",
        Setting::Trials => "trials",
        Setting::Samples => "samples",
        Setting::Shard => "shard",
        Setting::MaxNodes => "max_nodes",
        Setting::MaxStates => "max_states",
        Setting::StateDag => "the state DAG (dag=True)",
        Setting::Solver => "solver",
        Setting::MaxMemory => "max_memory in gamelab.set_budget",
        Setting::MaxTime => "max_time in gamelab.set_budget",
        Setting::MaxRenderNodes => "the picture's node limit",
    }
}
