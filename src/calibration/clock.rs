//! Timing probes: the CPU time of the calling thread, and running work on one thread, so that a
//! probe measures the work of one core and a busy machine disturbs it as little as possible.

/// The CPU time of the calling thread, in seconds.
#[cfg(unix)]
pub fn thread_cpu_seconds() -> f64 {
    // SAFETY: an all-zero timespec is a valid value for clock_gettime to overwrite.
    let mut time: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: `time` is valid for writes; the clock id is a constant of the platform.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
    if status != 0 {
        return wall_seconds();
    }
    time.tv_sec as f64 + time.tv_nsec as f64 / 1e9
}

/// Without a CPU clock, wall time.
#[cfg(not(unix))]
pub fn thread_cpu_seconds() -> f64 {
    wall_seconds()
}

/// Seconds since the first call.
fn wall_seconds() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}

/// Runs `work` on one thread: the parallel paths limited to one thread, inside a rayon pool of
/// one. It is handed over from a plain thread, which waits asleep (a worker of a pool the caller
/// runs in would look for work meanwhile). The paths' thread limit is lifted again afterwards.
pub fn on_one_thread<T: Send>(work: impl FnOnce() -> T + Send) -> Result<T, String> {
    crate::util::parallel::limit_threads(1);
    let result = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .spawn_scoped(scope, || {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(1)
                    .stack_size(8 << 20)
                    .build()
                    .map(|pool| pool.install(work))
                    .map_err(|error| error.to_string())
            })
            .map_err(|error| error.to_string())?
            .join()
            .map_err(|_| "a probe panicked".to_string())?
    });
    crate::util::parallel::limit_threads(0);
    result
}
