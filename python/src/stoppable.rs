//! Long calls run without the GIL on a worker thread while the calling thread checks for
//! signals every 20 ms: Ctrl-C (KeyboardInterrupt) sets the stop flag the library's long loops
//! read between units (given to them, or as the worker thread's stop request for the loops
//! that take none, `gamelab::util::stop`), and the call raises as soon as the worker has
//! stopped.
//!
//! NumPy's C API is loaded once, when the module is imported: the numpy crate loads it on the
//! first array otherwise, running Python code that a pending Ctrl-C interrupts, and it panics
//! (`PanicException`, which `except Exception` misses) when that load fails.

use numpy::PyArray1;
use pyo3::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// How often the waiting thread looks for a pending signal: short beside the quarter of a
/// second a Ctrl-C may take to stop a call, and still a negligible cost (one GIL acquisition).
const SIGNAL_CHECK_INTERVAL: Duration = Duration::from_millis(20);

/// Loads NumPy's C API (see the module docs): the modules the numpy crate reads are imported
/// here first, so that a failure (an interrupt during the import) is an exception, not a panic.
pub fn load_numpy_api(py: Python<'_>) -> PyResult<()> {
    let numpy = py.import("numpy")?;
    let version = numpy.getattr("__version__")?;
    py.import("numpy.lib")?
        .getattr("NumpyVersion")?
        .call1((version,))?;
    // Signals run their handlers in the imports above; none is left for the crate's own load.
    py.check_signals()?;
    let _ = PyArray1::<i64>::zeros(py, 0, false);
    Ok(())
}

/// Runs `work` with the GIL released, stopping it (through the flag it receives) when a signal
/// handler raises, e.g. KeyboardInterrupt. A panic in `work` is a bug and is re-raised as is.
pub fn run_stoppable<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> R + Send,
) -> PyResult<R> {
    let stop = Arc::new(AtomicBool::new(false));
    let (outcome, interrupted) = py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = channel::<()>();
            let stop = &stop;
            let worker = scope.spawn(move || {
                let result = gamelab::util::stop::on_request(stop.clone(), || work(stop));
                let _ = done.send(());
                result
            });
            let mut interrupted = None;
            loop {
                match finished.recv_timeout(SIGNAL_CHECK_INTERVAL) {
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                    Err(RecvTimeoutError::Timeout) if interrupted.is_none() => {
                        if let Err(error) = Python::attach(|py| py.check_signals()) {
                            interrupted = Some(error);
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                }
            }
            (worker.join(), interrupted)
        })
    });
    if let Some(error) = interrupted {
        return Err(error);
    }
    match outcome {
        Ok(result) => Ok(result),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}
