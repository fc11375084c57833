//! Measuring one target: run it as a child process several times, keep every wall time and the
//! child's peak resident memory (through `wait4`, which std does not offer).

use super::targets::Target;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// One target's measurement.
#[derive(Clone, Debug)]
pub struct Measurement {
    pub seconds: Vec<f64>,
    /// Peak resident set of the largest run, in kilobytes (Unix only).
    pub peak_kilobytes: Option<u64>,
}

impl Measurement {
    /// The median run time.
    pub fn median(&self) -> f64 {
        let mut sorted = self.seconds.clone();
        sorted.sort_by(f64::total_cmp);
        sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN)
    }
}

/// Runs `exe` with the target's arguments `runs` times.
pub fn measure(exe: &Path, target: &Target, runs: usize) -> std::io::Result<Measurement> {
    let mut seconds = Vec::new();
    let mut peak: Option<u64> = None;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let child = Command::new(exe)
            .args(&target.args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?;
        let (success, kilobytes) = wait_with_peak(child)?;
        seconds.push(start.elapsed().as_secs_f64());
        if !success {
            return Err(std::io::Error::other(format!("'{}' failed", target.name)));
        }
        peak = match (peak, kilobytes) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
    }
    Ok(Measurement {
        seconds,
        peak_kilobytes: peak,
    })
}

/// Waits for `child`; returns whether it succeeded and its peak resident memory in kilobytes.
#[cfg(unix)]
fn wait_with_peak(child: std::process::Child) -> std::io::Result<(bool, Option<u64>)> {
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: an all-zero rusage is a valid value to be overwritten by wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not yet waited for (`child` is dropped without waiting),
    // and both out-pointers are valid for writes.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    if waited < 0 {
        return Err(std::io::Error::last_os_error());
    }
    let success = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    // ru_maxrss is in kilobytes on Linux.
    Ok((success, Some(usage.ru_maxrss.max(0) as u64)))
}

/// Waits for `child`; peak memory is not available on this platform.
#[cfg(not(unix))]
fn wait_with_peak(mut child: std::process::Child) -> std::io::Result<(bool, Option<u64>)> {
    Ok((child.wait()?.success(), None))
}
