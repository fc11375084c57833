//! `gamelab bench`: measure every performance target on this machine and print one line each.

pub(crate) mod calibrate;
mod measure;
mod targets;

use super::open_output;
use anyhow::Context;
use clap::Args;
use measure::{Measurement, measure};
use std::collections::HashMap;
use std::io::Write;
use std::process::ExitCode;
use targets::{Target, targets, write_inputs};

#[derive(Args)]
pub struct BenchArgs {
    /// Runs per target, 1 to 1000 (the median is reported)
    #[arg(long, default_value_t = 5, value_parser = runs_per_target)]
    runs: u64,
    /// Only targets whose name contains this text
    #[arg(long, value_name = "TEXT")]
    only: Option<String>,
    /// Internal: write the inputs into this directory and exit (run as a child process)
    #[arg(long, value_name = "DIR", hide = true)]
    prepare: Option<std::path::PathBuf>,
    /// Measure every costed operation and print the rates table the time estimates use (the
    /// per-operation costs, in nanoseconds); the median of --runs runs each, in CPU time
    #[arg(long, conflicts_with_all = ["only", "prepare"])]
    calibrate: bool,
    /// Check every time estimate against a measurement at small sizes; exit status 1 if one is
    /// off by more than a factor of 3
    #[arg(long, conflicts_with_all = ["only", "prepare", "calibrate"])]
    check_estimates: bool,
    /// With --check-estimates, also check at the calibration's sizes (seconds each)
    #[arg(long, requires = "check_estimates")]
    all_sizes: bool,
    /// Measure this machine's speed against the reference machine again (the factor every time
    /// estimate is scaled by, measured at first use and cached) and cache it
    #[arg(long, conflicts_with_all = ["only", "prepare", "calibrate", "check_estimates"])]
    calibrate_machine: bool,
}

/// The most runs per target: each is a whole command or a probe of up to seconds.
const MOST_RUNS: u64 = 1000;

/// Parses `--runs`: a median needs at least one run, and past [`MOST_RUNS`] a bench would run
/// for days.
fn runs_per_target(text: &str) -> Result<u64, String> {
    match crate::values::whole_number(text)? {
        0 => Err("a median needs at least 1 run".to_string()),
        runs if runs > MOST_RUNS => Err(format!(
            "at most {MOST_RUNS} runs per target (each is a whole command), got {runs}"
        )),
        runs => Ok(runs),
    }
}

impl BenchArgs {
    /// Runs per target.
    fn runs(&self) -> usize {
        usize::try_from(self.runs).unwrap_or(usize::MAX)
    }
}

pub fn run(args: BenchArgs) -> anyhow::Result<ExitCode> {
    // The probes of --calibrate, --check-estimates and --calibrate-machine are fixed
    // workloads, sized for the measurement: a budget could only stop one part way, after the
    // others' work.
    if args.calibrate || args.check_estimates || args.calibrate_machine {
        gamelab::cost::set_budget(gamelab::cost::Budget {
            memory: u64::MAX,
            time: None,
        });
    }
    if args.calibrate_machine {
        let mut out = open_output(None)?;
        calibrate::calibrate_machine(&mut out)?;
        out.finish()?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.calibrate {
        let mut out = open_output(None)?;
        calibrate::calibrate(args.runs(), &mut out)?;
        out.finish()?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.check_estimates {
        let mut out = open_output(None)?;
        let within = calibrate::check_estimates(args.runs(), args.all_sizes, &mut out)?;
        out.finish()?;
        return Ok(if within {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(super::EXIT_FINDING)
        });
    }
    if let Some(dir) = &args.prepare {
        write_inputs(dir).context("cannot write the bench inputs")?;
        return Ok(ExitCode::SUCCESS);
    }
    let exe = std::env::current_exe().context("cannot find the gamelab executable")?;
    let dir = std::env::temp_dir().join(format!("gamelab-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create '{}'", dir.display()))?;
    let result = run_in(&exe, &dir, &args);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn run_in(
    exe: &std::path::Path,
    dir: &std::path::Path,
    args: &BenchArgs,
) -> anyhow::Result<ExitCode> {
    let targets = targets(dir);
    if let Some(only) = &args.only
        && !targets
            .iter()
            .any(|target| target.name.contains(only.as_str()))
    {
        let names: Vec<&str> = targets.iter().map(|target| target.name).collect();
        anyhow::bail!(
            "--only '{only}' is in no target's name (the targets: {})",
            names.join("; ")
        );
    }
    let mut out = open_output(None)?;
    // The name column fits the longest name, so the table stays aligned.
    let width = targets.iter().map(|t| t.name.len()).max().unwrap_or(0);
    write_header(&mut out, args.runs(), width)?;
    prepare_inputs(exe, dir)?;
    // Medians measured so far, by target name: a relative goal reads its reference here (and
    // measures it first when the reference was not selected or comes later).
    let mut medians: HashMap<&'static str, f64> = HashMap::new();
    for target in targets.iter().filter(|t| {
        args.only
            .as_deref()
            .is_none_or(|only| t.name.contains(only))
    }) {
        let goal_seconds = time_goal(target, &targets, &mut medians, exe, args.runs())?;
        let measured = measure(exe, target, args.runs())?;
        medians.insert(target.name, measured.median());
        writeln!(out, "{}", table_row(target, &measured, goal_seconds, width))?;
        out.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The machine's line and the table's header, shown before the inputs are prepared.
fn write_header(out: &mut impl Write, runs: usize, width: usize) -> anyhow::Result<()> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    writeln!(
        out,
        "gamelab {} bench: {} runs per target, median wall time of the whole command; SIMD {}, {threads} threads",
        env!("CARGO_PKG_VERSION"),
        runs,
        gamelab::games::stone_game::fast::simd_level()
    )?;
    writeln!(
        out,
        "{:<width$} {:>9} {:>7} {:>22} {:>12}  verdict",
        "target", "median", "goal", "throughput", "peak memory"
    )?;
    out.flush()?;
    Ok(())
}

/// Writes the targets' inputs into `dir` in a child process (see [`write_inputs`]).
fn prepare_inputs(exe: &std::path::Path, dir: &std::path::Path) -> anyhow::Result<()> {
    let prepared = std::process::Command::new(exe)
        .args(["bench", "--prepare"])
        .arg(dir)
        .status()
        .context("cannot run the input preparation")?;
    if !prepared.success() {
        anyhow::bail!("preparing the bench inputs failed");
    }
    Ok(())
}

/// The time goal of `target` in seconds: its own, or a multiple of its reference's median,
/// which is measured now if it has not been (and kept in `medians`).
fn time_goal(
    target: &Target,
    targets: &[Target],
    medians: &mut HashMap<&'static str, f64>,
    exe: &std::path::Path,
    runs: usize,
) -> anyhow::Result<f64> {
    let Some(relative) = target.goal_relative else {
        return Ok(target.goal_seconds);
    };
    let reference = match medians.get(relative.of) {
        Some(&median) => median,
        None => {
            let Some(reference) = targets.iter().find(|t| t.name == relative.of) else {
                anyhow::bail!("bench target '{}' has no reference", target.name);
            };
            measure(exe, reference, runs)?.median()
        }
    };
    medians.insert(relative.of, reference);
    Ok(relative.times * reference)
}

/// One target's line of the table: median, goal, throughput, peak memory and the verdict.
fn table_row(target: &Target, measured: &Measurement, goal_seconds: f64, width: usize) -> String {
    let median = measured.median();
    let megabytes = measured.peak_kilobytes.map(|kb| kb as f64 / 1024.0);
    let time_ok = median <= goal_seconds;
    let memory_ok = match (target.goal_megabytes, megabytes) {
        (Some(goal), Some(mb)) => mb <= goal,
        _ => true,
    };
    let goal = if goal_seconds.is_finite() {
        format!("{goal_seconds:.2} s")
    } else {
        "-".to_string()
    };
    let memory = match (megabytes, target.goal_megabytes) {
        (Some(mb), Some(goal)) => format!("{mb:.1} MB (<= {goal:.0})"),
        (Some(mb), None) => format!("{mb:.1} MB"),
        (None, _) => "n/a".to_string(),
    };
    let verdict = if !goal_seconds.is_finite() {
        "(reference)"
    } else if time_ok && memory_ok {
        "meets the goal"
    } else {
        "MISSES the goal"
    };
    format!(
        "{:<width$} {:>7.3} s {:>7} {:>13.3e} {:<8} {:>12}  {verdict}",
        target.name,
        median,
        goal,
        target.work / median,
        format!("{}/s", target.unit),
        memory
    )
}
