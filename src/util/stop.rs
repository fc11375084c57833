//! A stop request for the long loops that run on the calling thread and take no stop flag of
//! their own (an octal game's nim-sequence): a front end that can be interrupted while the
//! library works (the Python package's Ctrl-C) runs the work under [`on_request`], and those
//! loops ask [`requested`] between their units. The command line needs none: Ctrl-C ends its
//! process.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

thread_local! {
    static REQUEST: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Runs `work` on this thread with `flag` as its stop request: once the flag is set, the loops
/// that ask [`requested`] stop at their next unit, with an error of their own.
pub fn on_request<R>(flag: Arc<AtomicBool>, work: impl FnOnce() -> R) -> R {
    /// Takes the request off the thread again, also when `work` panics.
    struct Clear;
    impl Drop for Clear {
        fn drop(&mut self) {
            REQUEST.with(|request| request.borrow_mut().take());
        }
    }
    REQUEST.with(|request| *request.borrow_mut() = Some(flag));
    let _clear = Clear;
    work()
}

/// Whether the work on this thread was asked to stop (see [`on_request`]).
pub fn requested() -> bool {
    REQUEST.with(|request| {
        request
            .borrow()
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_holds_on_its_thread_while_the_work_runs() {
        let flag = Arc::new(AtomicBool::new(false));
        assert!(!requested());
        on_request(flag.clone(), || {
            assert!(!requested());
            flag.store(true, Ordering::Relaxed);
            assert!(requested());
            assert!(!std::thread::spawn(requested).join().unwrap());
        });
        assert!(!requested());
    }
}
