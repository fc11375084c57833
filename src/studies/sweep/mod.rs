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

pub use table::{
    CsvRows, CsvSink, ShardFile, check_rows, merge_files, merge_rows, read_cost, read_csv,
    read_whole, write_csv, write_csv_row,
};
pub use tally::{
    ParitySummary, SWEEP_FORMAT, Shares, SweepRow, SweepSettings, Tally, summarize_by_parity,
};

use crate::base::error::{InputError, Setting, SolveError};
use crate::base::game::Scores;
use crate::base::input::InstanceRef;
use crate::cost::{Cost, Operation, Work, times};
use crate::games::GameEntry;
use crate::games::{LaneMargins, Scratch};
use crate::studies::generate::{Generator, GeneratorSpec, SizeRange};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// How many instances one parallel unit solves at most (small enough to balance two cores on
/// short sweeps, large enough that scheduling costs nothing).
const UNIT_TRIALS: u64 = 256;

/// How many pile values one unit generates at most, so that a unit of large instances stays a
/// few megabytes: units of n piles hold `max(1, min(UNIT_TRIALS, UNIT_VALUES / n))` instances.
const UNIT_VALUES: u64 = 1 << 16;

/// How many units are solved in parallel before their finished sizes are handed on: memory is
/// bounded by one such batch, whatever the number of sizes or trials.
const BATCH_UNITS: usize = 4096;

/// Bytes a sweep keeps per row handed on (the caller decides whether it keeps them).
pub const ROW_BYTES: u128 = 512;

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
    /// The rows could not be handed on (written).
    #[error(transparent)]
    Write(std::io::Error),
    #[error("the sweep was stopped before the end")]
    Stopped,
}

/// A block of trials of one size: trials `first, first + step, ...` below `end`.
#[derive(Clone, Copy, Debug)]
struct Unit {
    position: u64,
    n: u64,
    first: u64,
    step: u64,
    end: u64,
}

impl Unit {
    fn trials(&self) -> impl Iterator<Item = u64> {
        // `step` is at most the shard count; beyond usize every unit holds one trial anyway.
        (self.first..self.end).step_by(usize::try_from(self.step).unwrap_or(usize::MAX))
    }
}

/// Runs the sweep and returns its rows. `progress` is called with the number of instances each
/// finished unit solved (from several threads). Rows are kept in memory: for sweeps of very many
/// sizes use [`stream_sweep`].
pub fn run_sweep(
    entry: &dyn GameEntry,
    spec: &SweepSpec,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<SweepRow>, SweepError> {
    run_sweep_until(entry, spec, progress, &AtomicBool::new(false))
}

/// [`run_sweep`] that another thread can stop: `stop` is read before every unit, and once it
/// is set the sweep returns [`SweepError::Stopped`] as soon as the running units finish (an
/// interactive front end sets it on Ctrl-C).
pub fn run_sweep_until(
    entry: &dyn GameEntry,
    spec: &SweepSpec,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Vec<SweepRow>, SweepError> {
    let mut rows = Vec::new();
    stream_sweep(entry, spec, progress, stop, &mut |row| {
        rows.push(row);
        Ok(())
    })?;
    Ok(rows)
}

/// What a sweep will cost, from its settings alone: every instance of this shard solved at its
/// size (summed over the sizes, or over an even sample of them when there are many), drawn and
/// tallied, and its rows; the memory of the units solved at once (one per thread) with the
/// game's solver memory at the largest size. Rows are not kept: they stream.
pub fn sweep_cost(entry: &dyn GameEntry, spec: &SweepSpec) -> Result<(u128, Cost), SweepError> {
    let generator = Generator::new(entry, spec.generator.clone())?;
    let sizes = generator.spec().sizes;
    let instances = times(sizes.count() as u128, spec.trials as u128) / spec.shard.count as u128;
    let largest = sizes.nth(sizes.count().saturating_sub(1));
    let unit = unit_trials(entry, largest) as u128;
    let threads = crate::util::parallel::pool_threads();
    let values = if entry.takes_piles() {
        times(times(unit, largest as u128), 16)
    } else {
        0
    };
    let memory = times(
        threads as u128,
        values.saturating_add(entry.batch_margin_cost(largest).memory),
    );
    // The sizes' mean cost, from at most this many of them evenly spaced.
    const SAMPLED_SIZES: u64 = 4096;
    let count = sizes.count();
    let sampled = count.min(SAMPLED_SIZES);
    let per_size = (0..sampled)
        .map(|k| {
            let position = (k as u128 * count as u128 / sampled as u128) as u64;
            instance_work(entry, sizes.nth(position))
        })
        .fold(Work::NONE, Work::plus);
    // Instances per size (this shard's share of the trials) times the sizes the sample stands
    // for.
    let factor = instances as f64 / count.max(1) as f64 * (count as f64 / sampled.max(1) as f64);
    let solving = per_size.scaled(factor).spread_over(threads);
    let rows = Work::of(Operation::SweepRow, count as u128);
    Ok((instances, Cost::new(memory, solving.plus(rows))))
}

/// What one instance of size `n` of a sweep costs: drawn, solved in a batch, tallied.
fn instance_work(entry: &dyn GameEntry, n: u64) -> Work {
    let draw = if entry.takes_piles() {
        Work::of(Operation::DrawPile, n as u128)
    } else {
        Work::NONE
    };
    entry
        .batch_margin_cost(n)
        .work
        .plus(draw)
        .plus(Work::of(Operation::Instance, 1))
}

/// Checks [`sweep_cost`] against the budget and admits the sweep (see [`Cost::admit`]).
pub fn check_sweep_cost(
    entry: &dyn GameEntry,
    spec: &SweepSpec,
) -> Result<crate::cost::progress::Admitted, SweepError> {
    let (instances, cost) = sweep_cost(entry, spec)?;
    Ok(cost.admit(
        format_args!(
            "this sweep ({})",
            crate::util::plural::counted(crate::cost::count(instances), "instance")
        ),
        &format!(
            "use fewer sizes or trials, or run it in shards ({}, then merge)",
            Setting::Shard
        ),
    )?)
}

/// Instances per unit for size `n`.
fn unit_trials(entry: &dyn GameEntry, n: u64) -> u64 {
    if entry.takes_piles() {
        (UNIT_VALUES / n.max(1)).clamp(1, UNIT_TRIALS)
    } else {
        UNIT_TRIALS
    }
}

/// Runs the sweep, handing each size's row to `sink` in size order as soon as the size is done,
/// so memory does not grow with the number of sizes or trials. A shard that holds no instance
/// at all hands on one row of zero trials at the smallest size, so that its table still names
/// its sweep and shard (and `merge` can count it). `stop` works as in [`run_sweep_until`].
pub fn stream_sweep(
    entry: &dyn GameEntry,
    spec: &SweepSpec,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
    sink: &mut dyn FnMut(SweepRow) -> Result<(), std::io::Error>,
) -> Result<(), SweepError> {
    let generator = Generator::new(entry, spec.generator.clone())?;
    let sizes = generator.spec().sizes;
    if spec.trials == 0 {
        return Err(InputError::at_least_one(Setting::Trials, spec.trials).into());
    }
    if !entry.takes_piles() && spec.trials != 1 {
        return Err(InputError::DoesNotApply {
            game: entry.name(),
            setting: Setting::Trials,
            reason: "has one deterministic instance per N",
        }
        .into());
    }
    let admitted = check_sweep_cost(entry, spec)?;
    let settings = SweepSettings::of(
        generator.spec(),
        entry.name(),
        spec.trials,
        (spec.shard.index, spec.shard.count),
    );
    let mut units = UnitPlan::new(entry, sizes, spec.trials, spec.shard).peekable();
    let mut open: BTreeMap<u64, (u64, Tally)> = BTreeMap::new();
    let mut rows_handed = 0u64;
    loop {
        let batch: Vec<Unit> = units.by_ref().take(BATCH_UNITS).collect();
        if batch.is_empty() {
            break;
        }
        let tallies: Vec<Tally> = batch
            .par_iter()
            .map(|unit| {
                if stop.load(Ordering::Relaxed) {
                    return Err(SweepError::Stopped);
                }
                let tally = solve_unit(entry, &generator, unit, progress)?;
                admitted.advance(
                    instance_work(entry, unit.n)
                        .times(tally.trials as u128)
                        .cpu_nanos(),
                );
                Ok(tally)
            })
            .collect::<Result<_, _>>()?;
        for (unit, tally) in batch.iter().zip(tallies) {
            let (_, sum) = open
                .entry(unit.position)
                .or_insert((unit.n, Tally::default()));
            *sum = sum.merged(tally);
        }
        // Sizes before the next unit's are complete.
        let next = units.peek().map_or(u64::MAX, |unit| unit.position);
        while let Some(entry) = open.first_entry() {
            if *entry.key() >= next && next != u64::MAX {
                break;
            }
            let (n, tally) = entry.remove();
            if tally.trials > 0 {
                sink(SweepRow::new(n, tally, &settings)).map_err(SweepError::Write)?;
                admitted.advance(Work::of(Operation::SweepRow, 1).cpu_nanos());
                rows_handed += 1;
            }
        }
    }
    if rows_handed == 0 {
        sink(SweepRow::new(sizes.nth(0), Tally::default(), &settings))
            .map_err(SweepError::Write)?;
    }
    Ok(())
}

/// The units of one shard, in size order, made as they are needed.
struct UnitPlan<'a> {
    entry: &'a dyn GameEntry,
    sizes: SizeRange,
    trials: u64,
    shard: Shard,
    position: u64,
    /// The next unit's first trial at `position`, if that size has more.
    next_start: Option<u64>,
}

impl<'a> UnitPlan<'a> {
    fn new(entry: &'a dyn GameEntry, sizes: SizeRange, trials: u64, shard: Shard) -> UnitPlan<'a> {
        let mut plan = UnitPlan {
            entry,
            sizes,
            trials,
            shard,
            position: 0,
            next_start: None,
        };
        plan.next_start = plan.first_trial(0);
        plan
    }

    /// The first trial t of the size at `position` with (ordinal mod count) == index - 1, where
    /// ordinal = position * trials + t; `None` if it is not below `trials`.
    fn first_trial(&self, position: u64) -> Option<u64> {
        let count = self.shard.count as u128;
        let offset = (position as u128 % count) * (self.trials as u128 % count) % count;
        let first = (self.shard.index as u128 - 1 + count - offset) % count;
        (first < self.trials as u128).then_some(first as u64)
    }
}

impl Iterator for UnitPlan<'_> {
    type Item = Unit;

    fn next(&mut self) -> Option<Unit> {
        let sizes = self.sizes.count();
        while self.position < sizes {
            let n = self.sizes.nth(self.position);
            if let Some(start) = self.next_start {
                let block = unit_trials(self.entry, n).saturating_mul(self.shard.count);
                let end = start.saturating_add(block).min(self.trials);
                let unit = Unit {
                    position: self.position,
                    n,
                    first: start,
                    step: self.shard.count,
                    end,
                };
                self.next_start = (end < self.trials).then_some(end);
                return Some(unit);
            }
            self.position += 1;
            if self.position < sizes {
                self.next_start = self.first_trial(self.position);
            }
        }
        None
    }
}

fn solve_unit(
    entry: &dyn GameEntry,
    generator: &Generator,
    unit: &Unit,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, SweepError> {
    let failed = |error| SweepError::Solve {
        n: unit.n,
        index: unit.first,
        error: Box::new(error),
    };
    let tally = match entry.lanes_16() {
        Some(kernel) if generator.fits_lanes_16(unit.n) => {
            tally_in_lanes_16(kernel, generator, unit, records_shares(entry, generator))
        }
        _ if entry.takes_piles() => tally_piles(entry, generator, unit).map_err(failed)?,
        _ => {
            let input = generator.number(unit.n);
            let mut scratch = Vec::new();
            let mut tally = Tally::default();
            for _ in unit.trials() {
                tally.add(
                    entry
                        .first_margin(InstanceRef::Input(&input), &mut scratch)
                        .map_err(failed)?,
                );
            }
            tally
        }
    };
    progress(tally.trials);
    Ok(tally)
}

/// A unit of pile instances: generated side by side in `i64` and solved in one batch.
fn tally_piles(
    entry: &dyn GameEntry,
    generator: &Generator,
    unit: &Unit,
) -> Result<Tally, SolveError> {
    let mut flat = Vec::with_capacity(unit_trials(entry, unit.n) as usize * unit.n as usize);
    for index in unit.trials() {
        generator.append_piles(unit.n, index, &mut flat);
    }
    let mut margins = Vec::new();
    entry.first_margins(unit.n as usize, &flat, &mut margins, &mut Vec::new())?;
    let mut tally = Tally::default();
    if records_shares(entry, generator) {
        // Constant-sum: first + second = total and first - second = margin.
        let mut shares = Shares::default();
        for (instance, &margin) in flat.chunks(unit.n as usize).zip(&margins) {
            let total: i64 = instance.iter().sum();
            shares.add(Scores::from_total_and_margin(total, margin).first, total);
        }
        tally.shares = Some(shares);
    }
    for margin in margins {
        tally.add(margin);
    }
    Ok(tally)
}

/// A unit of small pile instances (`generator.fits_lanes_16(unit.n)`): drawn straight into
/// 16-bit lanes and solved there by the game's `kernel`, 32 at a time, with no `i64` copy and no
/// transposition. The tally is the one [`tally_piles`] makes (a test checks).
fn tally_in_lanes_16(
    kernel: LaneMargins,
    generator: &Generator,
    unit: &Unit,
    with_shares: bool,
) -> Tally {
    let mut tally = Tally::default();
    let mut shares = with_shares.then(Shares::default);
    let indices: Vec<u64> = unit.trials().collect();
    let (mut rows, mut row_scratch) = (Vec::new(), Scratch::default());
    for group in indices.chunks(32) {
        generator.lanes_16_into(unit.n, group, &mut rows);
        let margins = kernel(&rows, &mut row_scratch);
        let margins = &margins[..group.len()];
        tally.add_all_16(margins);
        if let Some(shares) = &mut shares {
            // Constant-sum: first + second = total and first - second = margin. Totals fit
            // i16, as every partial sum does: each lane's absolute sum is at most i16::MAX
            // (`fits_lanes_16`).
            let mut totals = [0i16; 32];
            for row in &rows {
                for (total, &pile) in totals.iter_mut().zip(row) {
                    *total += pile;
                }
            }
            shares.add_all_16(margins, &totals[..margins.len()]);
        }
    }
    tally.shares = shares;
    tally
}

/// Refuses a distribution of margins over random instances of a number game, which has one
/// instance per N (as its sweeps have one trial per N): the margins chart of the command line
/// and of Python.
pub fn margin_distribution_applies(entry: &dyn GameEntry) -> Result<(), InputError> {
    if entry.takes_piles() {
        return Ok(());
    }
    Err(InputError::NoRandomInstances {
        game: entry.name(),
        what: "distribution of margins",
        instead: "its winner at every N is a sweep's winner strip",
    })
}

/// Whether a sweep records the first player's share of the total: for constant-sum pile games
/// with non-negative values, where the share is a fraction of a whole.
fn records_shares(entry: &dyn GameEntry, generator: &Generator) -> bool {
    let spec = generator.spec();
    entry.takes_piles() && entry.constant_sum() && spec.values.is_some_and(|v| v.min >= 0)
}

/// The first player's margin in each of `trials` instances of size `generator.sizes.min` (a
/// single size), in trial order; solved in parallel, identical on any thread count. (A
/// number game's instances are all the one N: a chart of them is refused by
/// [`margin_distribution_applies`].)
pub fn margins_at(
    entry: &dyn GameEntry,
    generator: GeneratorSpec,
    trials: u64,
) -> Result<Vec<i64>, SweepError> {
    let generator = Generator::new(entry, generator)?;
    let n = generator.spec().sizes.nth(0);
    let one = entry.margin_cost(n);
    let threads = crate::util::parallel::pool_threads();
    let instance = if entry.takes_piles() {
        times(n as u128, 8)
    } else {
        0
    };
    let draw = if entry.takes_piles() {
        Work::of(Operation::DrawPile, n as u128)
    } else {
        Work::NONE
    };
    let per_instance = one.work.plus(draw).plus(Work::of(Operation::Instance, 1));
    let admitted = Cost::new(
        times(trials as u128, 8)
            .saturating_add(times(threads as u128, instance.saturating_add(one.memory))),
        per_instance
            .times(trials as u128)
            .spread_over(crate::util::parallel::threads_for(trials)),
    )
    .admit(
        format_args!(
            "{} of size {n}",
            crate::util::plural::counted(crate::cost::count(trials as u128), "instance")
        ),
        "use fewer trials",
    )?;
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
                let margin =
                    entry
                        .first_margin(instance, scratch)
                        .map_err(|error| SweepError::Solve {
                            n,
                            index,
                            error: Box::new(error),
                        });
                admitted.advance(per_instance.cpu_nanos());
                margin
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stone_game::DEFINITION as STONE_GAME;

    #[test]
    fn shards_partition_every_instance_exactly_once() {
        for count in 1..=5 {
            let mut seen = std::collections::BTreeSet::new();
            let entry = &STONE_GAME;
            for index in 1..=count {
                for unit in UnitPlan::new(entry, SizeRange::new(1, 7), 601, Shard { index, count })
                {
                    for trial in unit.trials() {
                        let ordinal = unit.position * 601 + trial;
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
        let entry = &STONE_GAME;
        let spec = SweepSpec {
            generator: GeneratorSpec::new(
                crate::studies::generate::SizeRange::new(1, 4),
                Some(crate::studies::generate::ValueSpec::uniform(1, 9)),
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
    fn units_in_16_bit_lanes_tally_as_the_i64_batch_does() {
        let entry = &STONE_GAME;
        let kernel = entry.lanes_16().expect("stone-game has a 16-bit kernel");
        for (min, max, seed) in [(1, 100, 5), (-300, 511, 6), (0, 0, 7)] {
            let generator = Generator::new(
                entry,
                GeneratorSpec::new(
                    SizeRange::new(1, 64),
                    Some(crate::studies::generate::ValueSpec::uniform(min, max)),
                    seed,
                ),
            )
            .unwrap();
            for n in [1, 2, 5, 31, 32, 63] {
                if !generator.fits_lanes_16(n) {
                    continue;
                }
                // A full unit, a strided one (as in a shard), and one of a partial group.
                for (first, step, end) in [(0, 1, 256), (2, 3, 300), (7, 1, 40)] {
                    let unit = Unit {
                        position: 0,
                        n,
                        first,
                        step,
                        end,
                    };
                    let wide = tally_piles(entry, &generator, &unit).unwrap();
                    let shares = records_shares(entry, &generator);
                    let narrow = tally_in_lanes_16(kernel, &generator, &unit, shares);
                    assert_eq!(narrow, wide, "values {min}..{max}, n = {n}");
                }
            }
        }
    }

    #[test]
    fn shards_are_numbered_from_one_to_their_count() {
        assert_eq!(Shard::new(2, 8).unwrap(), Shard { index: 2, count: 8 });
        for (index, count) in [(0, 3), (4, 3), (1, 0)] {
            assert!(Shard::new(index, count).is_err(), "{index}/{count}");
        }
    }
}
