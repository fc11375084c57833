//! Ctrl-C (SIGINT), SIGTERM and SIGHUP (the terminal closed): every command stops at once,
//! prints one line (`interrupted`, `terminated`, `hung up`) and exits with the conventional
//! status 128 + the signal (130 for Ctrl-C), leaving no partial output file behind.
//!
//! Why end the process rather than ask each computation to stop: every command, including one
//! long solve or a Graphviz layout, then stops within milliseconds, without polling a flag in
//! the library's hot loops. Nothing is lost by it: output files are written to temporary files
//! and renamed into place only when complete (`gamelab::util::output`), and the handler deletes the
//! unfinished ones before the process ends.
//!
//! How: the signals are blocked in the main thread before any other thread exists (threads
//! inherit the mask, so rayon's workers and the server's threads block them too), and one
//! thread waits for them with `sigwait` — ordinary code, not a signal handler, so it may take
//! locks and delete files. Child processes (Graphviz, `bench`'s runs) inherit the mask: a
//! `bench` run is gamelab, which waits for the signals as here; a Graphviz would not see the
//! Ctrl-C, so the Graphviz processes still running are killed before gamelab ends.

/// Starts the thread that ends the process on SIGINT, SIGTERM or SIGHUP. Call it first in `main`,
/// before any other thread starts.
#[cfg(unix)]
pub fn install() {
    // SAFETY: plain libc calls on a zeroed sigset_t owned by this frame.
    let signals = unsafe {
        let mut signals: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut signals);
        libc::sigaddset(&mut signals, libc::SIGINT);
        libc::sigaddset(&mut signals, libc::SIGTERM);
        libc::sigaddset(&mut signals, libc::SIGHUP);
        if libc::pthread_sigmask(libc::SIG_BLOCK, &signals, std::ptr::null_mut()) != 0 {
            // The default disposition stays: the process still ends, only less tidily.
            return;
        }
        signals
    };
    let spawned = std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            let mut signal: libc::c_int = 0;
            // SAFETY: `signals` is a valid set and `signal` a valid out-pointer.
            while unsafe { libc::sigwait(&signals, &mut signal) } != 0 {}
            stop(signal);
        });
    if spawned.is_err() {
        // Without the waiting thread nobody would see the signals: unblock them.
        // SAFETY: as above.
        unsafe { libc::pthread_sigmask(libc::SIG_UNBLOCK, &signals, std::ptr::null_mut()) };
    }
}

/// Without Unix signals the default Ctrl-C behaviour stays.
#[cfg(not(unix))]
pub fn install() {}

/// Deletes the unfinished output files, says why the command stopped, and exits.
#[cfg(unix)]
fn stop(signal: libc::c_int) -> ! {
    gamelab::util::output::abandon_unfinished();
    for id in gamelab::present::render::running_graphviz() {
        // SAFETY: a plain kill of a child still running (listed until it is waited for, so the
        // id is not another process's); SIGKILL, since it blocks the others.
        unsafe { libc::kill(id as libc::pid_t, libc::SIGKILL) };
    }
    let line: &[u8] = match signal {
        libc::SIGINT => b"\ninterrupted\n",
        libc::SIGHUP => b"\nhung up\n",
        _ => b"\nterminated\n",
    };
    // SAFETY: writes a static buffer to standard error. A raw write, because another thread
    // may hold the lock of Rust's stderr (a progress bar drawing); when stderr is not a
    // terminal, the leading newline (which ends a progress bar's line) is left out.
    unsafe {
        let line = if libc::isatty(2) == 1 {
            line
        } else {
            &line[1..]
        };
        libc::write(2, line.as_ptr().cast(), line.len());
        // _exit: the other threads are mid-computation; nothing of theirs needs to run.
        libc::_exit(128 + signal)
    }
}
