//! How many threads the parallel paths use: looked up once per process. The lookup
//! (`std::thread::available_parallelism`) reads cgroup files and asks the kernel for the CPU
//! affinity, several system calls each time, so no hot loop may call it per instance.

use std::sync::OnceLock;

/// The number of threads this process may run at once (at least 1), cached after the first call.
///
/// ```
/// assert!(gamelab::parallel::available_threads() >= 1);
/// ```
pub fn available_threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}
