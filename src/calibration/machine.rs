//! The machine factors (`crate::cost::machine_factor`): this machine's time for the reference
//! machine's work, one factor per kind of work (`crate::cost::Kind`), each measured by timing
//! one probe of that kind (long SIMD rows, a scalar DP, random draws, JSON lines, a graph, a
//! strategy) against the estimate the reference rates give it: about a second of work at most.
//!
//! A front end calls [`apply`] once at start-up: the factors come from the environment
//! ([`FACTOR_VARIABLE`], one factor for every kind, for tests and for pinning it), else from the
//! user's cache folder (`$XDG_CACHE_HOME/gamelab/`, else `~/.cache/gamelab/`), where the first
//! run on a machine writes them, keyed by the gamelab version, the program's path (builds in
//! different profiles run at different speeds), the processor, the SIMD level and the rates
//! table; a cache that cannot be read is measured again, one that cannot be written is not
//! written. [`recalibrate`] measures them again and rewrites the cache (`gamelab bench
//! --calibrate-machine`).

use crate::calibration::{Prepared, clock, paths};
use crate::cost::{Budget, Kind, MachineFactors, Operation};
use crate::solve::SolverKind;
use crate::strategy::StrategySpec;
use std::path::PathBuf;

/// The environment variable that sets the factor, skipping the calibration and the cache.
pub const FACTOR_VARIABLE: &str = "GAMELAB_MACHINE_FACTOR";

/// Machine factors and where they came from.
#[derive(Clone, Debug, PartialEq)]
pub struct MachineFactor {
    /// This machine's time for the reference machine's work, per kind (2: twice as long).
    pub factors: MachineFactors,
    pub source: Source,
}

/// Where a machine factor came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// [`FACTOR_VARIABLE`].
    Variable,
    /// The cache file, written by an earlier run on this machine.
    Cached(PathBuf),
    /// Measured now, and written to this cache file if one could be written.
    Measured(Option<PathBuf>),
}

/// One probe's measurement: its estimate on the reference machine and its CPU time here.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    pub operation: Operation,
    /// Seconds on the reference machine, by the rates table.
    pub estimate: f64,
    /// CPU seconds here (the fastest of the runs).
    pub measured: f64,
}

/// Runs each probe is timed: the fastest counts, since interruptions only ever add time.
const RUNS: usize = 2;

/// Prepares a probe's path at a size.
type Prepare = fn(u64) -> Result<Prepared, String>;

/// The probes, one per kind in the order of [`Kind::ALL`]: an operation of the kind whose probe
/// (`paths`) runs at the given size for about 25 ms on the reference machine.
fn probes() -> [(Operation, u64, Prepare); 6] {
    [
        (Operation::StoneGameRollingRow, 30_000, |n| {
            paths::solve_row(n, SolverKind::named("rolling"), true)
        }),
        (Operation::StoneGameVIIDp, 6_000, |n| {
            paths::solve_piles("stone-game-vii", n, SolverKind::named("dp"), true)
        }),
        (Operation::DrawPile, 25_000_000, paths::draw_piles),
        (
            Operation::WriteInstance,
            300_000,
            paths::generate_single_piles,
        ),
        (Operation::GraphNode, 600, paths::graph),
        (Operation::StrategyMove, 60_000, |n| {
            paths::play_row(n, StrategySpec::Greedy, StrategySpec::Random)
        }),
    ]
}

/// Times every probe on one thread and returns the machine factors (each kind's probe's
/// measured over estimated time) with each probe's timing. The probes run under no time budget
/// and count for no progress, whatever the caller's request holds.
pub fn measure() -> Result<(MachineFactors, Vec<Timing>), String> {
    let budget = crate::cost::budget();
    let progress = crate::cost::progress::snapshot();
    crate::cost::set_budget(Budget {
        time: None,
        ..Budget::DEFAULT
    });
    let timings = clock::on_one_thread(|| {
        probes()
            .into_iter()
            .map(|(operation, size, prepare)| time_probe(operation, size, prepare))
            .collect::<Result<Vec<Timing>, String>>()
    });
    crate::cost::set_budget(budget);
    crate::cost::progress::restore(progress);
    let timings = timings??;
    let (least, most) = crate::cost::FACTOR_RANGE;
    let factors = MachineFactors {
        factors: std::array::from_fn(|index| {
            let timing = &timings[index];
            debug_assert_eq!(timing.operation.kind(), Kind::ALL[index]);
            (timing.measured / timing.estimate).clamp(least, most)
        }),
    };
    Ok((factors, timings))
}

/// The fastest of [`RUNS`] runs of one probe, beside its estimate at the reference rates.
fn time_probe(operation: Operation, size: u64, prepare: Prepare) -> Result<Timing, String> {
    let mut prepared = prepare(size)?;
    let estimate = prepared
        .estimate
        .cpu_nanos_at(Operation::reference_nanos_per_unit)
        / 1e9;
    let mut measured = f64::INFINITY;
    for _ in 0..RUNS {
        let start = clock::thread_cpu_seconds();
        (prepared.run)()?;
        measured = measured.min(clock::thread_cpu_seconds() - start);
    }
    // A clock too coarse to see the run says nothing about the machine.
    Ok(Timing {
        operation,
        estimate,
        measured: measured.max(estimate * crate::cost::FACTOR_RANGE.0),
    })
}

/// Sets the machine factor for this process: from [`FACTOR_VARIABLE`] if set, else from the
/// cache, else measured now (and cached where possible). An unusable value of the variable is
/// an error naming it.
pub fn apply() -> Result<MachineFactor, String> {
    let found = match std::env::var(FACTOR_VARIABLE) {
        Ok(text) if !text.trim().is_empty() => MachineFactor {
            factors: MachineFactors::uniform(parse_factor(&text)?),
            source: Source::Variable,
        },
        Ok(_) | Err(std::env::VarError::NotPresent) => cached_or_measured()?,
        Err(std::env::VarError::NotUnicode(text)) => {
            return Err(parse_factor(&text.to_string_lossy())
                .err()
                .unwrap_or_else(|| format!("{FACTOR_VARIABLE} is not valid text")));
        }
    };
    crate::cost::set_machine_factors(found.factors);
    Ok(found)
}

/// Measures the factors again, rewrites the cache (where it can) and sets the factors; with
/// the probes' timings.
pub fn recalibrate() -> Result<(MachineFactor, Vec<Timing>), String> {
    let (factors, timings) = measure()?;
    let found = MachineFactor {
        factors,
        source: Source::Measured(write_cache(&factors)),
    };
    crate::cost::set_machine_factors(factors);
    Ok((found, timings))
}

/// The factor [`FACTOR_VARIABLE`] gives.
fn parse_factor(text: &str) -> Result<f64, String> {
    let (least, most) = crate::cost::FACTOR_RANGE;
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|factor| (least..=most).contains(factor))
        .ok_or_else(|| {
            format!(
                "{FACTOR_VARIABLE} is '{text}', not a number from {least} to {most} (this \
                 machine's time for the reference machine's work, e.g. 2 for a machine half as \
                 fast); unset it to measure it"
            )
        })
}

/// The cached factor, or one measured now and cached.
fn cached_or_measured() -> Result<MachineFactor, String> {
    if let Some((factors, path)) = read_cache() {
        return Ok(MachineFactor {
            factors,
            source: Source::Cached(path),
        });
    }
    let (factors, _) = measure()?;
    Ok(MachineFactor {
        factors,
        source: Source::Measured(write_cache(&factors)),
    })
}

/// What cached factors are valid for: the version, the program, the processor, the SIMD level,
/// the build and the rates table (a new table, program or build measures again).
pub fn cache_key() -> String {
    let rates = Operation::ALL
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |hash, operation| {
            fnv(
                hash,
                &operation.reference_nanos_per_unit().to_bits().to_le_bytes(),
            )
        });
    let program = std::env::current_exe()
        .map(|path| path.display().to_string())
        .unwrap_or_default();
    format!(
        "gamelab {}; {program}; {}; SIMD {}; {}; rates {rates:016x}",
        env!("CARGO_PKG_VERSION"),
        processor(),
        simd_features(),
        if cfg!(debug_assertions) {
            "debug build"
        } else {
            "optimised build"
        }
    )
}

/// The SIMD instructions the kernels may use here: the CPU's widest and the `GAMELAB_SIMD` cap.
fn simd_features() -> String {
    let cap = std::env::var("GAMELAB_SIMD").unwrap_or_default();
    #[cfg(target_arch = "x86_64")]
    let widest = if std::is_x86_feature_detected!("avx512f") {
        "avx512"
    } else if std::is_x86_feature_detected!("avx2") {
        "avx2"
    } else {
        "portable"
    };
    #[cfg(not(target_arch = "x86_64"))]
    let widest = "portable";
    format!("{widest} (cap '{cap}')")
}

/// FNV-1a of `bytes`, continuing from `hash`.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The processor's model name (Linux), else the architecture.
fn processor() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|line| line.strip_prefix("model name"))
                .and_then(|rest| rest.split_once(':'))
                .map(|(_, model)| model.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

/// The cache file of this machine's key: `$XDG_CACHE_HOME/gamelab/` (an absolute path), else
/// `~/.cache/gamelab/`, one file a key.
pub fn cache_path() -> Option<PathBuf> {
    let folder = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|path| path.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME")
                .map(PathBuf::from)
                .filter(|path| path.is_absolute())
                .map(|home| home.join(".cache"))
        })?;
    let hash = fnv(0xcbf2_9ce4_8422_2325, cache_key().as_bytes());
    Some(
        folder
            .join("gamelab")
            .join(format!("machine-factor-{hash:016x}.txt")),
    )
}

/// The cached factors and their file, if the file is there, is for this key and holds a factor
/// for every kind.
fn read_cache() -> Option<(MachineFactors, PathBuf)> {
    let path = cache_path()?;
    let text = std::fs::read_to_string(&path).ok()?;
    let key = cache_key();
    let mut lines = text.lines().filter(|line| !line.starts_with('#'));
    if lines.next()?.strip_prefix("key: ")? != key {
        return None;
    }
    let (least, most) = crate::cost::FACTOR_RANGE;
    let mut factors = MachineFactors::uniform(1.0);
    for (slot, kind) in factors.factors.iter_mut().zip(Kind::ALL) {
        let (name, value) = lines.next()?.strip_prefix("factor ")?.split_once(": ")?;
        let factor: f64 = value.trim().parse().ok()?;
        if name != kind.name() || !(least..=most).contains(&factor) {
            return None;
        }
        *slot = factor;
    }
    Some((factors, path))
}

/// Writes `factors` to the cache file; its path, or `None` where it cannot be written.
fn write_cache(factors: &MachineFactors) -> Option<PathBuf> {
    let path = cache_path()?;
    std::fs::create_dir_all(path.parent()?).ok()?;
    let lines: String = Kind::ALL
        .iter()
        .map(|&kind| format!("factor {}: {:.4}\n", kind.name(), factors.of(kind)))
        .collect();
    let text = format!(
        "# gamelab's machine factors: this machine's time for the reference machine's work, per \
         kind of work, by which every time estimate is scaled; `gamelab bench \
         --calibrate-machine` measures them again\nkey: {}\n{lines}",
        cache_key()
    );
    crate::util::output::write_file(&path, text).ok()?;
    Some(path)
}
