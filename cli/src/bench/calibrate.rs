//! `gamelab bench --calibrate`: times every probe of `gamelab::calibration` at its calibration
//! size and prints the rates table (`src/cost/rates.rs`) that makes each estimate match its
//! measurement; a table of estimate against measurement goes to stderr as it runs.
//! `gamelab bench --check-estimates` times them at their small sizes instead and says whether
//! every estimate is within a factor of [`TOLERANCE`] of its measurement (exit status 1 if not):
//! what the test suite runs.
//!
//! The probes run on one thread (`parallel::limit_threads(1)`, a rayon pool of one thread) and
//! are timed in the process's CPU time (the calibration takes the median of several runs, the
//! check the fastest, measuring again with more runs a probe that came out too slow), so that a
//! busy machine disturbs the figures as little as possible; calibrate on an idle one all the
//! same. Probes are measured in order and each operation's rate is solved from its probe's time
//! less the time its other operations take at the rates found so far.

use crate::say;
use gamelab::calibration::{Probe, machine, probes};
use gamelab::cost::{Kind, MachineFactors, Operation};
use std::collections::HashMap;
use std::io::Write;

/// How far an estimate may be from its measurement, as a factor either way.
pub const TOLERANCE: f64 = 3.0;

/// The CPU time of the process, in seconds.
#[cfg(unix)]
fn cpu_seconds() -> f64 {
    // SAFETY: writes into a zeroed timespec owned by this frame.
    let mut time: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: as above; the clock id is a constant of the platform.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut time) };
    time.tv_sec as f64 + time.tv_nsec as f64 / 1e9
}

/// The CPU time of the calling thread, in seconds: the clock the library's machine calibration
/// times its probes by (`gamelab::calibration::clock::set_cpu_clock`).
#[cfg(unix)]
pub fn thread_cpu_seconds() -> f64 {
    // SAFETY: writes into a zeroed timespec owned by this frame.
    let mut time: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: as above; the clock id is a constant of the platform.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
    time.tv_sec as f64 + time.tv_nsec as f64 / 1e9
}

/// Without a CPU clock, wall time.
#[cfg(not(unix))]
pub fn thread_cpu_seconds() -> f64 {
    cpu_seconds()
}

/// Without a CPU clock, wall time.
#[cfg(not(unix))]
fn cpu_seconds() -> f64 {
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}

/// Runs `work` on one thread (see `gamelab::calibration::clock::on_one_thread`).
fn on_one_thread<T: Send>(work: impl FnOnce() -> anyhow::Result<T> + Send) -> anyhow::Result<T> {
    gamelab::calibration::clock::on_one_thread(work).map_err(anyhow::Error::msg)?
}

/// The CPU seconds of `runs` runs of `run`, sorted.
fn sorted_seconds(
    run: &mut dyn FnMut() -> Result<(), String>,
    runs: usize,
) -> anyhow::Result<Vec<f64>> {
    let mut times = Vec::new();
    for _ in 0..runs.max(1) {
        let start = cpu_seconds();
        run().map_err(anyhow::Error::msg)?;
        times.push(cpu_seconds() - start);
    }
    times.sort_by(f64::total_cmp);
    Ok(times)
}

/// The median CPU seconds of `runs` runs of `run`: the rates' calibration.
fn median_seconds(run: &mut dyn FnMut() -> Result<(), String>, runs: usize) -> anyhow::Result<f64> {
    let times = sorted_seconds(run, runs)?;
    Ok(times[times.len() / 2])
}

/// The fastest CPU seconds of `runs` runs of `run`: the check of the estimates, whose sizes
/// take milliseconds. Interruptions, page faults and a busy neighbour only ever add time, and
/// at that scale one of them can double a run; the fastest run is the work itself.
fn fastest_seconds(
    run: &mut dyn FnMut() -> Result<(), String>,
    runs: usize,
) -> anyhow::Result<f64> {
    Ok(sorted_seconds(run, runs)?[0])
}

/// Measures every probe and writes the rates table to `out`.
pub fn calibrate(runs: usize, out: &mut dyn Write) -> anyhow::Result<()> {
    let rates = on_one_thread(|| measure_all(runs))?;
    write_table(out, &rates, runs)
}

/// Measures this machine's factors again, caches them, and writes each probe's timing and the
/// factors to `out`: `gamelab bench --calibrate-machine`.
pub fn calibrate_machine(out: &mut dyn Write) -> anyhow::Result<()> {
    let (found, timings) = machine::recalibrate().map_err(anyhow::Error::msg)?;
    writeln!(
        out,
        "{:<10} {:<28} {:>12} {:>12} {:>8}",
        "kind", "probe", "reference", "measured", "factor"
    )?;
    for timing in &timings {
        writeln!(
            out,
            "{:<10} {:<28} {:>10.4} s {:>10.4} s {:>8.2}",
            timing.operation.kind().name(),
            timing.operation.name(),
            timing.estimate,
            timing.measured,
            found.factors.of(timing.operation.kind())
        )?;
    }
    writeln!(
        out,
        "machine factors from {}: this machine takes {:.2} times the reference machine's time \
         (the geometric mean), and every time estimate is scaled by its kind's factor",
        describe(&found.factors),
        found.factors.mean()
    )?;
    match &found.source {
        machine::Source::Measured(Some(path)) => writeln!(out, "cached in {}", path.display())?,
        _ => writeln!(out, "not cached: the cache folder cannot be written")?,
    }
    Ok(())
}

/// The factors in one phrase: `0.9 (dp) to 2.1 (rows)`, or the one factor.
fn describe(factors: &MachineFactors) -> String {
    let mut kinds = Kind::ALL.to_vec();
    kinds.sort_by(|a, b| factors.of(*a).total_cmp(&factors.of(*b)));
    let (least, most) = (kinds[0], kinds[kinds.len() - 1]);
    if factors.of(least) == factors.of(most) {
        format!("{:.2} for every kind", factors.of(least))
    } else {
        format!(
            "{:.2} ({}) to {:.2} ({})",
            factors.of(least),
            least.name(),
            factors.of(most),
            most.name()
        )
    }
}

/// The machine factors the check uses: GAMELAB_MACHINE_FACTOR's if set, else measured now (not
/// the cached ones: the check is of this build on this machine now). Said on `out`.
fn check_factor(out: &mut dyn Write) -> anyhow::Result<MachineFactors> {
    let pinned = std::env::var(machine::FACTOR_VARIABLE).is_ok_and(|text| !text.trim().is_empty());
    let (factors, how) = if pinned {
        let found = machine::apply().map_err(anyhow::Error::msg)?;
        (found.factors, format!("from {}", machine::FACTOR_VARIABLE))
    } else {
        let (factors, _) = machine::measure().map_err(anyhow::Error::msg)?;
        gamelab::cost::set_machine_factors(factors);
        (factors, "measured now".to_string())
    };
    writeln!(
        out,
        "machine factors {} ({how}): the reference rates times its kind's factor are this \
         machine's",
        describe(&factors)
    )?;
    Ok(factors)
}

/// Times every probe at its small sizes and writes each estimate beside its measurement to
/// `out`, then a summary line; `false` if any is off by more than [`TOLERANCE`]. With
/// `all_sizes`, the calibration size too (a few seconds a probe).
pub fn check_estimates(runs: usize, all_sizes: bool, out: &mut dyn Write) -> anyhow::Result<bool> {
    let started = std::time::Instant::now();
    let factor = check_factor(out)?;
    writeln!(
        out,
        "{:<28} {:>10} {:>12} {:>12} {:>8}",
        "operation", "size", "estimate", "measured", "ratio"
    )?;
    let mut ratios = Vec::new();
    for probe in probes() {
        let mut sizes = probe.quick.to_vec();
        if all_sizes {
            sizes.push(probe.calibrate);
        }
        for size in sizes {
            let (estimate, measured) = on_one_thread(|| time_at(&probe, size, runs))?;
            let ratio = measured / estimate;
            let fine = (1.0 / TOLERANCE..=TOLERANCE).contains(&ratio);
            ratios.push(ratio);
            let name = if probe.calibrates {
                probe.operation.name()
            } else {
                probe.path
            };
            writeln!(
                out,
                "{:<28} {:>10} {:>10.4} s {:>10.4} s {:>8.2}{}",
                name,
                size,
                estimate,
                measured,
                ratio,
                if fine { "" } else { "  OFF" }
            )?;
            out.flush()?;
        }
    }
    let off = write_summary(out, &ratios, &factor, started.elapsed().as_secs_f64())?;
    Ok(off == 0)
}

/// One probe at one size: its estimate on this machine and the fastest of `runs` runs, in CPU
/// seconds. A busy machine only ever makes a run slower, so a measurement too slow for its
/// estimate gets a second chance with more runs; one too fast is a real fault of the rate and
/// stands.
fn time_at(probe: &Probe, size: u64, runs: usize) -> anyhow::Result<(f64, f64)> {
    let mut prepared = (probe.prepare)(size).map_err(anyhow::Error::msg)?;
    let estimate = prepared.estimate.cpu_nanos() / 1e9;
    let mut measured = fastest_seconds(&mut prepared.run, runs)?;
    if measured > estimate * TOLERANCE {
        measured = measured.min(fastest_seconds(&mut prepared.run, 3 * runs)?);
    }
    Ok((estimate, measured))
}

/// The check's last line: how many estimates were within [`TOLERANCE`], the spread of the
/// ratios, the factor and the time the check took; returns how many were off.
fn write_summary(
    out: &mut dyn Write,
    ratios: &[f64],
    factors: &MachineFactors,
    seconds: f64,
) -> anyhow::Result<usize> {
    let mut sorted = ratios.to_vec();
    sorted.sort_by(f64::total_cmp);
    let off = sorted
        .iter()
        .filter(|ratio| !(1.0 / TOLERANCE..=TOLERANCE).contains(*ratio))
        .count();
    let (least, median, most) = match sorted.as_slice() {
        [] => (f64::NAN, f64::NAN, f64::NAN),
        all => (all[0], all[all.len() / 2], all[all.len() - 1]),
    };
    writeln!(
        out,
        "summary: {} of {} estimates within {TOLERANCE}x of their measurements ({off} off); \
         measured/estimated from {least:.2} to {most:.2}, median {median:.2}; machine factors \
         {}; {seconds:.0} s",
        sorted.len() - off,
        sorted.len(),
        describe(factors)
    )?;
    Ok(off)
}

/// The rate of every operation, measured by its probe.
fn measure_all(runs: usize) -> anyhow::Result<HashMap<Operation, f64>> {
    let mut rates: HashMap<Operation, f64> = Operation::ALL
        .iter()
        .map(|&operation| (operation, operation.reference_nanos_per_unit()))
        .collect();
    let probes = probes();
    if let Some(missing) = Operation::ALL.iter().find(|operation| {
        !probes
            .iter()
            .any(|probe| probe.calibrates && probe.operation == **operation)
    }) {
        anyhow::bail!("no probe measures {}", missing.name());
    }
    say!(
        "{:<28} {:>12} {:>12} {:>14} {:>14}",
        "operation",
        "estimate",
        "measured",
        "old ns/unit",
        "new ns/unit"
    );
    for probe in probes.iter().filter(|probe| probe.calibrates) {
        let mut prepared = (probe.prepare)(probe.calibrate).map_err(anyhow::Error::msg)?;
        let measured = median_seconds(&mut prepared.run, runs)? * 1e9;
        let estimate = &prepared.estimate;
        let units = estimate.units(probe.operation);
        if units <= 0.0 {
            anyhow::bail!(
                "the probe of {} does no {}",
                probe.path,
                probe.operation.name()
            );
        }
        let others = estimate.cpu_nanos_at(|operation| {
            if operation == probe.operation {
                0.0
            } else {
                rates[&operation]
            }
        });
        // The probe is chosen so that its operation dominates; never let the others' share
        // (at rates measured elsewhere) push the rate below a tenth of the plain ratio.
        let rate = ((measured - others) / units).max(measured / units / 10.0);
        let old = rates[&probe.operation];
        rates.insert(probe.operation, rate);
        say!(
            "{:<28} {:>10.4} s {:>10.4} s {:>14.4} {:>14.4}",
            probe.operation.name(),
            estimate.cpu_nanos() / 1e9,
            measured / 1e9,
            old,
            rate
        );
    }
    Ok(rates)
}

/// The rates table as the Rust source of `src/cost/rates.rs`.
fn write_table(
    out: &mut dyn Write,
    rates: &HashMap<Operation, f64>,
    runs: usize,
) -> anyhow::Result<()> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    writeln!(
        out,
        "//! The calibrated cost of each operation, in nanoseconds per unit on one core: written by
//! `gamelab bench --calibrate` (which times every operation's probe, `gamelab::calibration`,
//! and prints this file) and checked in, so that estimates are measured, not guessed. Regenerate
//! it on an idle machine after a change that moves a path's speed:
//! `cargo run --release -- bench --calibrate > src/cost/rates.rs`, then check every estimate
//! against a measurement with `gamelab bench --check-estimates`.
//!
//! Measured: gamelab {}, SIMD {}, {threads} threads, the median of {runs} runs each.

use super::Operation;

/// Nanoseconds per unit of `operation` on one core.
pub(super) fn nanos_per_unit(operation: Operation) -> f64 {{
    match operation {{",
        env!("CARGO_PKG_VERSION"),
        gamelab::games::stone_game::fast::simd_level(),
    )?;
    for operation in Operation::ALL {
        let name = format!("{operation:?}");
        writeln!(
            out,
            "        Operation::{name} => {},",
            significant(rates[operation])
        )?;
    }
    writeln!(out, "    }}\n}}")?;
    Ok(())
}

/// `value` with three significant digits, as a Rust float literal.
fn significant(value: f64) -> String {
    let digits = (2 - value.abs().log10().floor() as i32).max(0) as usize;
    let text = format!("{value:.digits$}");
    if text.contains('.') {
        text
    } else {
        format!("{text}.0")
    }
}
