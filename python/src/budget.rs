//! `set_budget` and `budget`: the process-wide budget every later call is costed against
//! (`gamelab::cost`), the Python side of the command line's `--max-memory` and `--max-time`.

use crate::errors::input_error;
use gamelab::cost::{
    Budget, budget, parse_bytes, parse_time, seconds_budget, set_budget as set_library_budget,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Sets the memory budget (bytes, or a size such as "8G") and the time budget (seconds, or a
/// time such as "10m", or "none"), each only if given; returns the budget now in force as
/// `budget()` does.
#[pyfunction]
#[pyo3(signature = (max_memory=None, max_time=None))]
pub fn set_budget<'py>(
    py: Python<'py>,
    max_memory: Option<Bound<'py, PyAny>>,
    max_time: Option<Bound<'py, PyAny>>,
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
    if let Some(time) = max_time {
        new.time = if let Ok(text) = time.extract::<String>() {
            parse_time(&text).map_err(|message| input_error(format!("max_time: {message}")))?
        } else {
            match time.extract::<f64>() {
                Ok(seconds) if seconds > 0.0 && !time.is_instance_of::<pyo3::types::PyBool>() => {
                    let text = time.repr()?.to_string();
                    let duration = seconds_budget(seconds, &text)
                        .map_err(|message| input_error(format!("max_time: {message}")))?;
                    Some(duration)
                }
                _ => {
                    return Err(input_error(format!(
                        "max_time must be a positive number of seconds, a time such as '10m', or 'none', not {}",
                        time.repr()?
                    )));
                }
            }
        };
    }
    set_library_budget(new);
    describe(py, new)
}

/// The budget in force: `{"max_memory": bytes, "max_time": seconds or None}`.
#[pyfunction(name = "budget")]
pub fn current_budget(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    describe(py, budget())
}

fn describe(py: Python<'_>, budget: Budget) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("max_memory", budget.memory)?;
    dict.set_item("max_time", budget.time.map(|time| time.as_secs_f64()))?;
    Ok(dict)
}
