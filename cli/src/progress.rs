//! Progress on standard error for long commands: a bar with the estimated time left when stderr
//! is a terminal, plain lines with `--progress` (for logs), nothing with `--quiet` or when
//! stderr is a file or pipe.
//!
//! The library counts (`gamelab::cost::progress`): every admitted request announces its estimated
//! work, and its loops report the work done, in the same estimated nanoseconds. A thread started
//! here reads those counters ten times a second and shows the share done once the work planned
//! is predicted to take more than a second — so a command that finishes in a moment never
//! flashes a bar. The estimated time left comes from the rate observed so far, not from the
//! estimate alone, so a machine slower than the calibration still gets a true figure.

use super::Command;
use gamelab::cost::duration;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A bar redrawn in place (stderr is a terminal).
    Bar,
    /// A plain line every few seconds (`--progress`).
    Lines,
    /// Nothing.
    Off,
}

/// The mode for these flags: `--quiet` silences, `--progress` forces lines, and otherwise a bar
/// when stderr is a terminal. The server and the benchmarks report in their own way.
pub fn mode(lines: bool, quiet: bool, command: &Command) -> Mode {
    if quiet || matches!(command, Command::Serve(_) | Command::Bench(_)) {
        Mode::Off
    } else if lines {
        Mode::Lines
    } else if std::io::stderr().is_terminal() {
        Mode::Bar
    } else {
        Mode::Off
    }
}

/// Work predicted to take less than this shows no progress.
const SHOW_ABOVE: Duration = Duration::from_secs(1);
/// How often the counters are read.
const TICK: Duration = Duration::from_millis(100);
/// How often `--progress` writes a line.
const LINE_EVERY: Duration = Duration::from_secs(5);
/// The bar's length: it counts tenths of a percent.
const STEPS: u64 = 1000;

/// The bar being drawn, if any: output on the terminal is written around it ([`suspend`]).
static BAR: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Runs `write` with the bar (if one is drawn) cleared, and redraws it after.
pub fn suspend<R>(write: impl FnOnce() -> R) -> R {
    let bar = BAR
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone();
    match bar {
        Some(bar) => bar.suspend(write),
        None => write(),
    }
}

/// The thread drawing progress; [`Display::finish`] stops it and clears the bar.
pub struct Display {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// Starts showing progress in `mode` (no thread at all for [`Mode::Off`], or if none can start:
/// progress is a courtesy, never a reason to fail).
pub fn start(mode: Mode) -> Display {
    let stop = Arc::new(AtomicBool::new(false));
    let thread = match mode {
        Mode::Off => None,
        _ => {
            let stop = Arc::clone(&stop);
            std::thread::Builder::new()
                .name("progress".into())
                .spawn(move || watch(mode, &stop))
                .ok()
        }
    };
    Display { stop, thread }
}

impl Display {
    /// Stops the display and clears the bar (before the command's last words on stderr).
    pub fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread {
            let _ = thread.join();
        }
        if let Some(bar) = BAR
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take()
        {
            bar.finish_and_clear();
        }
    }
}

/// Reads the counters until told to stop, drawing in `mode`.
fn watch(mode: Mode, stop: &AtomicBool) {
    let started = Instant::now();
    let mut shown_since: Option<Instant> = None;
    let mut last_line = Instant::now();
    let mut first_line = true;
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(TICK);
        let now = gamelab::cost::progress::snapshot();
        if now.planned == 0 {
            continue;
        }
        // Shown when predicted to take more than a second, or once it has taken that long.
        if shown_since.is_none()
            && (Duration::from_nanos(now.planned_wall) > SHOW_ABOVE
                || started.elapsed() > SHOW_ABOVE)
        {
            shown_since = Some(Instant::now());
            if mode == Mode::Bar {
                show_bar(now.planned_wall);
            }
        }
        if shown_since.is_none() {
            continue;
        }
        let fraction = now.fraction();
        match mode {
            Mode::Bar => {
                if let Some(bar) = BAR
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .as_ref()
                {
                    bar.set_position((fraction * STEPS as f64) as u64);
                }
            }
            Mode::Lines if first_line || last_line.elapsed() >= LINE_EVERY => {
                first_line = false;
                last_line = Instant::now();
                // The rate so far, over the whole command (the work started with it).
                let elapsed = started.elapsed().as_secs_f64();
                let left = if fraction >= 0.995 {
                    // The estimated work is done; what is left (writing the output, work the
                    // estimate did not see) has no estimate.
                    ", finishing".to_string()
                } else if fraction >= 0.05 {
                    format!(
                        ", about {} left",
                        duration(elapsed * (1.0 - fraction) / fraction)
                    )
                } else {
                    format!(
                        ", about {} estimated",
                        duration(now.planned_wall as f64 / 1e9)
                    )
                };
                let mut stderr = std::io::stderr().lock();
                let _ = writeln!(
                    stderr,
                    "progress: {:.0}% after {}{left}",
                    fraction * 100.0,
                    duration(started.elapsed().as_secs_f64())
                );
            }
            _ => {}
        }
    }
}

/// Starts drawing the bar for work estimated at `planned_wall` nanoseconds.
fn show_bar(planned_wall: u64) {
    let bar = ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:30} {percent:>3}% · {elapsed} · about {eta} left (estimated {msg})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message(duration(planned_wall as f64 / 1e9));
    *BAR.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(bar);
}
