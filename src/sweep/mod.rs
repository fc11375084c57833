//! Parallel sweeps: for every size n in a range, solve many random instances and tally who wins.
//!
//! Work is split into units (one size, a block of trials) solved in parallel with rayon; each
//! unit only adds integers to its size's tally, so the result is the same whatever the thread
//! count or scheduling. Rates, Wilson intervals and means are derived from the integer tallies
//! by one function, so a sharded run merged back gives the very bytes of an unsharded run.
//!
//! Sharding: instance number `ordinal(n, t) = position(n) * trials + t` (sizes in ascending
//! order) belongs to shard `ordinal mod count + 1`. Interleaving spreads the expensive large n
//! evenly over the shards.

mod table;
mod tally;

pub use table::{merge_rows, read_csv, write_csv};
pub use tally::{ParitySummary, Shares, SweepRow, SweepSettings, Tally, summarize_by_parity};

use crate::error::{InputError, Setting, SolveError};
use crate::generate::{Generator, GeneratorSpec};
use crate::input::InstanceRef;
use crate::registry::GameEntry;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// How many instances one parallel unit solves (small enough to balance two cores on short
/// sweeps, large enough that scheduling costs nothing).
const UNIT_TRIALS: u64 = 256;

/// Which slice of a sweep to run: shard `index` of `count` (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole sweep.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count` (1-based), or an error unless 1 <= index <= count.
    pub fn new(index: u64, count: u64) -> Result<Shard, InputError> {
        if count == 0 {
            return Err(InputError::at_least_one(Setting::Shard, count));
        }
        if index == 0 || index > count {
            return Err(InputError::out_of_range(
                format!("the shard number of {}", Setting::Shard),
                format!("between 1 and the shard count {count}"),
                index,
            ));
        }
        Ok(Shard { index, count })
    }
}

/// A sweep: generator settings (whose size range is the swept range), trials per size, shard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepSpec {
    pub generator: GeneratorSpec,
    /// Instances per size; must be 1 for number games (one deterministic instance per N).
    pub trials: u64,
    pub shard: Shard,
}

/// Why a sweep failed.
#[derive(Debug, thiserror::Error)]
pub enum SweepError {
    #[error(transparent)]
    Input(#[from] InputError),
    // `error`, not `source`: error chains would print a `source` a second time.
    #[error("instance {index} of n = {n}: {error}")]
    Solve {
        n: u64,
        index: u64,
        /// Boxed: a sweep's `Result`s are passed around per unit, and should stay small.
        error: Box<SolveError>,
    },
    #[error("the sweep was stopped before the end")]
    Stopped,
}

/// A block of trials of one size: trials `first, first + step, ...` below `end`.
#[derive(Clone, Copy, Debug)]
struct Unit {
    position: usize,
    n: u64,
    first: u64,
    step: u64,
    end: u64,
}

impl Unit {
    fn trials(&self) -> impl Iterator<Item = u64> {
        (self.first..self.end).step_by(self.step as usize)
    }
}

/// Runs the sweep. `progress` is called with the number of instances each finished unit
/// solved (from several threads).
pub fn run_sweep(
    entry: &GameEntry,
    spec: &SweepSpec,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<SweepRow>, SweepError> {
    run_sweep_until(entry, spec, progress, &AtomicBool::new(false))
}

/// [`run_sweep`] that another thread can stop: `stop` is read before every unit, and once it
/// is set the sweep returns [`SweepError::Stopped`] as soon as the running units finish (an
/// interactive front end sets it on Ctrl-C).
pub fn run_sweep_until(
    entry: &GameEntry,
    spec: &SweepSpec,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Vec<SweepRow>, SweepError> {
    let generator = Generator::new(entry, spec.generator.clone())?;
    let sizes = generator.spec().sizes;
    if spec.trials == 0 {
        return Err(InputError::at_least_one(Setting::Trials, spec.trials).into());
    }
    if !entry.takes_piles() && spec.trials != 1 {
        return Err(InputError::DoesNotApply {
            game: entry.name,
            setting: Setting::Trials,
            reason: "has one deterministic instance per N",
        }
        .into());
    }
    let units = plan_units(sizes.iter().collect(), spec.trials, spec.shard);
    let tallies: Vec<(usize, Tally)> = units
        .par_iter()
        .map(|unit| {
            if stop.load(Ordering::Relaxed) {
                return Err(SweepError::Stopped);
            }
            solve_unit(entry, &generator, unit, progress).map(|t| (unit.position, t))
        })
        .collect::<Result<_, _>>()?;
    let mut per_size = vec![Tally::default(); sizes.count() as usize];
    for (position, tally) in tallies {
        per_size[position] = per_size[position].merged(tally);
    }
    let settings = SweepSettings::of(generator.spec(), entry.name);
    Ok(sizes
        .iter()
        .zip(per_size)
        .filter(|(_, tally)| tally.trials > 0)
        .map(|(n, tally)| SweepRow::new(n, tally, &settings))
        .collect())
}

/// The units of this shard, in size order.
fn plan_units(sizes: Vec<u64>, trials: u64, shard: Shard) -> Vec<Unit> {
    let mut units = Vec::new();
    for (position, &n) in sizes.iter().enumerate() {
        let offset = (position as u64 % shard.count) * (trials % shard.count) % shard.count;
        // First trial t with (offset + t) mod count == index - 1.
        let first = (shard.index - 1 + shard.count - offset) % shard.count;
        let block = UNIT_TRIALS * shard.count;
        let mut start = first;
        while start < trials {
            units.push(Unit {
                position,
                n,
                first: start,
                step: shard.count,
                end: (start + block).min(trials),
            });
            start += block;
        }
    }
    units
}

fn solve_unit(
    entry: &GameEntry,
    generator: &Generator,
    unit: &Unit,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, SweepError> {
    let mut tally = Tally::default();
    let mut scratch = Vec::new();
    let mut margins = Vec::new();
    let failed = |error| SweepError::Solve {
        n: unit.n,
        index: unit.first,
        error: Box::new(error),
    };
    if entry.takes_piles() {
        // Generate the unit's instances side by side and solve them in one batch.
        let mut flat = Vec::with_capacity(UNIT_TRIALS as usize * unit.n as usize);
        for index in unit.trials() {
            generator.append_piles(unit.n, index, &mut flat);
        }
        entry
            .first_margins(unit.n as usize, &flat, &mut margins, &mut scratch)
            .map_err(failed)?;
        if records_shares(entry, generator) {
            // Constant-sum: first + second = total and first - second = margin.
            let mut shares = Shares::default();
            for (instance, &margin) in flat.chunks(unit.n as usize).zip(&margins) {
                let total: i64 = instance.iter().sum();
                shares.add((total + margin) / 2, total);
            }
            tally.shares = Some(shares);
        }
    } else {
        let input = generator.number(unit.n);
        for _ in unit.trials() {
            margins.push(
                entry
                    .first_margin(InstanceRef::Input(&input), &mut scratch)
                    .map_err(failed)?,
            );
        }
    }
    for margin in margins {
        tally.add(margin);
    }
    progress(tally.trials);
    Ok(tally)
}

/// Whether a sweep records the first player's share of the total: for constant-sum pile games
/// with non-negative values, where the share is a fraction of a whole.
fn records_shares(entry: &GameEntry, generator: &Generator) -> bool {
    let spec = generator.spec();
    entry.takes_piles() && entry.constant_sum && spec.values.is_some_and(|v| v.min >= 0)
}

/// The first player's margin in each of `trials` instances of size `generator.sizes.min` (a
/// single size), in trial order; solved in parallel, identical on any thread count.
pub fn margins_at(
    entry: &GameEntry,
    generator: GeneratorSpec,
    trials: u64,
) -> Result<Vec<i64>, SweepError> {
    let generator = Generator::new(entry, generator)?;
    let n = generator.spec().sizes.nth(0);
    let number = generator.number(n);
    (0..trials)
        .into_par_iter()
        .map_init(
            || (Vec::new(), Vec::new()),
            |(piles, scratch), index| {
                let instance = if entry.takes_piles() {
                    generator.piles_into(n, index, piles);
                    InstanceRef::Piles(piles)
                } else {
                    InstanceRef::Input(&number)
                };
                entry
                    .first_margin(instance, scratch)
                    .map_err(|error| SweepError::Solve {
                        n,
                        index,
                        error: Box::new(error),
                    })
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_every_instance_exactly_once() {
        let sizes: Vec<u64> = (1..=7).collect();
        for count in 1..=5 {
            let mut seen = std::collections::BTreeSet::new();
            for index in 1..=count {
                for unit in plan_units(sizes.clone(), 601, Shard { index, count }) {
                    for trial in unit.trials() {
                        let ordinal = unit.position as u64 * 601 + trial;
                        assert_eq!(ordinal % count, index - 1);
                        assert!(seen.insert((unit.n, trial)));
                    }
                }
            }
            assert_eq!(seen.len(), 7 * 601);
        }
    }

    #[test]
    fn a_set_stop_flag_stops_the_sweep() {
        let entry = crate::registry::find_game("stone-game").unwrap();
        let spec = SweepSpec {
            generator: GeneratorSpec::new(
                crate::generate::SizeRange::new(1, 4),
                Some(crate::generate::ValueSpec::uniform(1, 9)),
                1,
            ),
            trials: 10,
            shard: Shard::ALL,
        };
        let stopped = run_sweep_until(entry, &spec, &|_| {}, &AtomicBool::new(true));
        assert!(matches!(stopped, Err(SweepError::Stopped)));
        assert_eq!(
            run_sweep_until(entry, &spec, &|_| {}, &AtomicBool::new(false))
                .unwrap()
                .len(),
            4
        );
    }

    #[test]
    fn shards_are_numbered_from_one_to_their_count() {
        assert_eq!(Shard::new(2, 8).unwrap(), Shard { index: 2, count: 8 });
        for (index, count) in [(0, 3), (4, 3), (1, 0)] {
            assert!(Shard::new(index, count).is_err(), "{index}/{count}");
        }
    }
}
