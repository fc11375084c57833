//! How many threads the parallel paths use: looked up once per process. The lookup
//! (`std::thread::available_parallelism`) reads cgroup files and asks the kernel for the CPU
//! affinity, several system calls each time, so no hot loop may call it per instance.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The most threads the parallel paths may use, set by [`limit_threads`] (0: no limit).
static THREAD_LIMIT: AtomicUsize = AtomicUsize::new(0);

/// The number of threads this process may run at once (at least 1), cached after the first call,
/// and no more than [`limit_threads`] allows.
///
/// ```
/// assert!(gamelab::util::parallel::available_threads() >= 1);
/// ```
pub fn available_threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    let threads =
        *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    match THREAD_LIMIT.load(Ordering::Relaxed) {
        0 => threads,
        limit => threads.min(limit),
    }
}

/// Makes the parallel paths that start threads of their own (the stone-game kernel, the DAG
/// export, `solve --input`) use at most `limit` (0: as many as the machine has) from now on:
/// for measuring work on one core (`gamelab bench --calibrate`). Rayon's loops follow the pool
/// they run in.
pub fn limit_threads(limit: usize) {
    THREAD_LIMIT.store(limit, Ordering::Relaxed);
}

/// The stack of each thread of the pool [`start_pool`] builds: a main thread's (the command
/// runs on one of them).
const POOL_STACK_BYTES: usize = 8 << 20;

/// Builds the thread pool a front end runs its work in (`pool.install(...)`): as many threads
/// as `RAYON_NUM_THREADS` asks (else one per core, and a note when it is not a number), but no
/// more than [`OVERSUBSCRIPTION`] per core (a thousand threads on two cores only cost memory),
/// and when even that many cannot start (a process or address-space limit: `ulimit -u`,
/// `ulimit -v`) as many as can: one per core, then one. Rayon's own global pool panics in those
/// cases. Returns the pool and a note for the user when the count was lowered, or the reason no
/// thread at all could start.
pub fn start_pool() -> Result<(rayon::ThreadPool, Option<String>), String> {
    let cores = available_threads();
    let setting = std::env::var("RAYON_NUM_THREADS").ok();
    let named = |text: &str| match &setting {
        Some(value) => format!("RAYON_NUM_THREADS={value}: {text}"),
        None => text.to_string(),
    };
    let mut note = None;
    let per_core = if cores == 1 { "" } else { "s" };
    // Empty or 0 is the default, as for rayon itself.
    let asked = match setting.as_deref().map(str::trim) {
        None | Some("" | "0") => None,
        // Past usize (a typo of many digits) is more than the cap below, not "not a number".
        Some(value) => match value.parse::<u128>() {
            Ok(threads) => Some(usize::try_from(threads).unwrap_or(usize::MAX)),
            Err(_) => {
                note = Some(named(&format!(
                    "not a whole number of threads, so the work runs on {cores} (one per \
                     core)"
                )));
                None
            }
        },
    };
    let mut threads = asked.unwrap_or(cores);
    let most = OVERSUBSCRIPTION * cores;
    if threads > most {
        note = Some(named(&format!(
            "at most {most} threads start on {cores} core{per_core} ({OVERSUBSCRIPTION} per \
             core), so the work runs on {most}"
        )));
        threads = most;
    }
    let build = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(POOL_STACK_BYTES)
            .build()
    };
    let first = match build(threads) {
        Ok(pool) => return Ok((pool, note)),
        Err(error) => error,
    };
    for fewer in [cores.min(threads - 1), 1] {
        if fewer == 0 || fewer >= threads {
            continue;
        }
        // The threads of the failed attempt are still ending: give them a moment.
        std::thread::sleep(std::time::Duration::from_millis(20));
        if let Ok(pool) = build(fewer) {
            let plural = if fewer == 1 { "" } else { "s" };
            let lowered = named(&format!(
                "only {fewer} thread{plural} could start ({first}), so the work runs on {fewer}"
            ));
            return Ok((pool, Some(lowered)));
        }
    }
    Err(named(&format!(
        "no thread can start ({first}): a limit on processes or on address space (ulimit -u, \
         ulimit -v) is too low for even one"
    )))
}

/// The most threads per core [`start_pool`] starts, whatever `RAYON_NUM_THREADS` asks.
pub const OVERSUBSCRIPTION: usize = 4;

/// How many threads rayon's pool really runs at once: its threads, but no more than the
/// machine's (`RAYON_NUM_THREADS=1000` on two cores runs on two). Estimates of parallel work
/// divide by this.
pub fn pool_threads() -> usize {
    rayon::current_num_threads().clamp(1, available_threads())
}

/// How many of the pool's threads `pieces` pieces of work that each run on one thread keep
/// busy (one instance's games, one instance's solve): fewer pieces leave threads idle.
pub fn threads_for(pieces: u64) -> usize {
    pool_threads().min(usize::try_from(pieces).unwrap_or(usize::MAX))
}

/// Runs `body(j)` for every `j` in `0..threads` at once, each on a thread started for it (one
/// part alone runs on the calling thread). For work whose threads wait on one another it starts
/// all of them or none: the threads wait at a gate until every one has started, and if one
/// cannot be started (a process or address-space limit: `ulimit -u`, `ulimit -v`), the gate
/// releases those already started without running anything and this returns `false`, having
/// run nothing, so the caller can do the work on fewer threads. Starting them one by one
/// instead would leave the started ones waiting forever for a partner that never came.
///
/// Part 0 runs on a started thread too, not on the caller: the stone-game kernel ran slower
/// with its first slice on the calling thread.
pub fn run_all_or_none(threads: usize, body: impl Fn(usize) + Sync) -> bool {
    if threads <= 1 {
        body(0);
        return true;
    }
    std::thread::scope(|scope| {
        let mut gates = Vec::with_capacity(threads);
        for j in 0..threads {
            let (open, gate) = std::sync::mpsc::channel::<()>();
            let body = &body;
            let started = start_scoped(scope, move || {
                // A closed gate (the sender dropped unopened) means: do not run.
                if gate.recv().is_ok() {
                    body(j);
                }
            });
            match started {
                Ok(_) => gates.push(open),
                // Dropping the gates releases the helpers started so far.
                Err(_) => return false,
            }
        }
        for open in gates {
            let _ = open.send(());
        }
        true
    })
}

/// Starts `body` on a new thread of `scope`, or says why not (a process or address-space limit:
/// `ulimit -u`, `ulimit -v`), where `scope.spawn` would panic. Every thread gamelab starts for
/// its work goes through here, so that tests can refuse one (`SPAWNS_ALLOWED`, under `cfg(test)`).
pub fn start_scoped<'scope, 'env, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, 'env>,
    body: impl FnOnce() -> T + Send + 'scope,
) -> std::io::Result<std::thread::ScopedJoinHandle<'scope, T>> {
    #[cfg(test)]
    if let Some(left) = SPAWNS_ALLOWED.get() {
        if left == 0 {
            return Err(std::io::Error::other("refused by a test"));
        }
        SPAWNS_ALLOWED.set(Some(left - 1));
    }
    std::thread::Builder::new().spawn_scoped(scope, body)
}

#[cfg(test)]
thread_local! {
    /// Set by a test: how many more threads [`start_scoped`] may start from this thread before
    /// it refuses (`None`: no limit).
    pub(crate) static SPAWNS_ALLOWED: std::cell::Cell<Option<usize>> =
        const { std::cell::Cell::new(None) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_thread_that_cannot_start_runs_nothing_at_all() {
        // Of the threads for three parts, the first two start and the third is refused.
        SPAWNS_ALLOWED.set(Some(2));
        let ran = AtomicUsize::new(0);
        let started = run_all_or_none(3, |_| {
            ran.fetch_add(1, Ordering::Relaxed);
        });
        SPAWNS_ALLOWED.set(None);
        assert!(!started);
        assert_eq!(ran.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn every_part_runs_once_at_once() {
        for threads in [0, 1, 2, 5] {
            let ran = AtomicUsize::new(0);
            let present = AtomicUsize::new(0);
            let started = run_all_or_none(threads, |j| {
                assert!(j < threads.max(1));
                ran.fetch_add(1 << (4 * j), Ordering::Relaxed);
                // Every part waits for all the others: only parts running at once finish.
                present.fetch_add(1, Ordering::AcqRel);
                while present.load(Ordering::Acquire) < threads.max(1) {
                    std::hint::spin_loop();
                }
            });
            assert!(started);
            let expected: usize = (0..threads.max(1)).map(|j| 1 << (4 * j)).sum();
            assert_eq!(ran.load(Ordering::Relaxed), expected, "{threads} threads");
        }
    }
}
