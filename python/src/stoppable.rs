//! Long calls run without the GIL on a worker thread while the calling thread checks for
//! signals every 100 ms: Ctrl-C (KeyboardInterrupt) sets the stop flag the library's long loops
//! read between units, and the call raises as soon as the worker has stopped.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

/// How often the waiting thread looks for a pending signal.
const SIGNAL_CHECK_INTERVAL: Duration = Duration::from_millis(100);

/// Runs `work` with the GIL released, stopping it (through the flag it receives) when a signal
/// handler raises, e.g. KeyboardInterrupt. A panic in `work` is a bug and is re-raised as is.
pub fn run_stoppable<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> R + Send,
) -> PyResult<R> {
    let stop = AtomicBool::new(false);
    let (outcome, interrupted) = py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = channel::<()>();
            let stop = &stop;
            let worker = scope.spawn(move || {
                let result = work(stop);
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
