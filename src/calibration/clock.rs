//! Timing probes: the CPU time of the calling thread (by a clock the front end sets), and running work on one thread, so that a
//! probe measures the work of one core and a busy machine disturbs it as little as possible.

/// The clock a front end gave ([`set_cpu_clock`]).
static CLOCK: std::sync::OnceLock<fn() -> f64> = std::sync::OnceLock::new();

/// Sets the clock the probes are timed by: the CPU time of the calling thread, in seconds. The
/// library has no such clock of its own (it would need the platform's C library, which it does
/// not depend on), so each front end passes one once at start-up (the command line and the
/// Python module use `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`); a later call is ignored.
pub fn set_cpu_clock(clock: fn() -> f64) {
    let _ = CLOCK.set(clock);
}

/// The CPU time of the calling thread, in seconds, by the clock a front end set; without one,
/// wall time, which a busy machine disturbs more.
pub fn thread_cpu_seconds() -> f64 {
    CLOCK.get().map_or_else(wall_seconds, |clock| clock())
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
