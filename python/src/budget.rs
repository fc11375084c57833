//! `set_budget` and `budget`: the process-wide budget every later call is costed against
//! (`gamelab::budget`), the Python side of the command line's `--max-memory` and `--max-work`.

use crate::errors::input_error;
use gamelab::budget::{Budget, budget, parse_bytes, set_budget as set_library_budget};
use pyo3::prelude::*;
use pyo3::types::PyDict;

pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(set_budget, module)?)?;
    module.add_function(wrap_pyfunction!(current_budget, module)?)?;
    Ok(())
}

/// Sets the memory budget (bytes, or a size such as "8G") and the work budget (steps), each
/// only if given; returns the budget now in force as `budget()` does.
#[pyfunction]
#[pyo3(signature = (max_memory=None, max_work=None))]
fn set_budget<'py>(
    py: Python<'py>,
    max_memory: Option<Bound<'py, PyAny>>,
    max_work: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut new = budget();
    if let Some(memory) = max_memory {
        new.memory = if let Ok(text) = memory.extract::<String>() {
            parse_bytes(&text).map_err(|message| input_error(format!("max_memory: {message}")))?
        } else {
            match memory.extract::<u64>() {
                Ok(bytes) if bytes > 0 => bytes,
                _ => {
                    return Err(input_error(format!(
                        "max_memory must be a positive number of bytes or a size such as '8G', not {}",
                        memory.repr()?
                    )));
                }
            }
        };
    }
    if let Some(work) = max_work {
        new.work = match work.extract::<u128>() {
            Ok(steps) if steps > 0 => steps,
            _ => {
                // 1e13 arrives as a float: accept whole numbers written that way.
                match work.extract::<f64>() {
                    Ok(steps) if steps >= 1.0 && steps.fract() == 0.0 && steps < 3.4e38 => {
                        steps as u128
                    }
                    _ => {
                        return Err(input_error(format!(
                            "max_work must be a positive whole number of steps (e.g. 10**13), not {}",
                            work.repr()?
                        )));
                    }
                }
            }
        };
    }
    set_library_budget(new);
    describe(py, new)
}

/// The budget in force: `{"max_memory": bytes, "max_work": steps}`.
#[pyfunction(name = "budget")]
fn current_budget(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    describe(py, budget())
}

fn describe(py: Python<'_>, budget: Budget) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("max_memory", budget.memory)?;
    dict.set_item("max_work", budget.work)?;
    Ok(dict)
}
