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

use crate::error::{InputError, SolveError};
use crate::games::GameEntry;
use crate::generate::{Distribution, Generator, GeneratorSpec, Parity};
use crate::input::InstanceRef;
use crate::stats::wilson_interval;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::str::FromStr;

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
}

impl FromStr for Shard {
    type Err = InputError;

    /// Parses `K/N` with 1 <= K <= N.
    fn from_str(text: &str) -> Result<Shard, InputError> {
        let bad = || {
            InputError::Constraint(format!(
                "--shard '{text}' is not of the form K/N with 1 <= K <= N (e.g. 2/8)"
            ))
        };
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = index.trim().parse().map_err(|_| bad())?;
        let count: u64 = count.trim().parse().map_err(|_| bad())?;
        if index == 0 || count == 0 || index > count {
            return Err(bad());
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

/// Outcome counts of a set of instances.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub trials: u64,
    pub first_wins: u64,
    pub ties: u64,
    pub second_wins: u64,
    /// Sum of the first player's margins.
    pub margin_sum: i128,
    /// The first player's share of the totals, where the sweep records it.
    pub shares: Option<Shares>,
}

/// The first player's share of the total over a set of instances, kept exactly (integers), so
/// merging in any order gives the same numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shares {
    /// Sum of the first player's scores.
    pub first_sum: i128,
    /// Sum of the instances' totals.
    pub total_sum: i128,
    /// The instance with the smallest share, as (first score, total) with total > 0.
    pub lowest: Option<(i64, i64)>,
}

impl Shares {
    /// Counts one instance where the first player scores `first` of `total`.
    pub fn add(&mut self, first: i64, total: i64) {
        self.first_sum += first as i128;
        self.total_sum += total as i128;
        if total > 0 {
            self.lowest = Some(lower_share(self.lowest, (first, total)));
        }
    }

    fn merged(self, other: Shares) -> Shares {
        Shares {
            first_sum: self.first_sum + other.first_sum,
            total_sum: self.total_sum + other.total_sum,
            lowest: match other.lowest {
                Some(share) => Some(lower_share(self.lowest, share)),
                None => self.lowest,
            },
        }
    }
}

/// The smaller of two shares (first, total); equal ratios keep the smaller total, so the
/// result does not depend on the order of comparisons.
fn lower_share(current: Option<(i64, i64)>, candidate: (i64, i64)) -> (i64, i64) {
    let Some(current) = current else {
        return candidate;
    };
    let left = current.0 as i128 * candidate.1 as i128;
    let right = candidate.0 as i128 * current.1 as i128;
    match left.cmp(&right) {
        std::cmp::Ordering::Less => current,
        std::cmp::Ordering::Greater => candidate,
        std::cmp::Ordering::Equal if current.1 <= candidate.1 => current,
        std::cmp::Ordering::Equal => candidate,
    }
}

impl Tally {
    /// Counts one instance with the first player's margin `margin`.
    pub fn add(&mut self, margin: i64) {
        self.trials += 1;
        self.margin_sum += margin as i128;
        match margin.signum() {
            1 => self.first_wins += 1,
            -1 => self.second_wins += 1,
            _ => self.ties += 1,
        }
    }

    /// Both tallies together.
    pub fn merged(self, other: Tally) -> Tally {
        Tally {
            trials: self.trials + other.trials,
            first_wins: self.first_wins + other.first_wins,
            ties: self.ties + other.ties,
            second_wins: self.second_wins + other.second_wins,
            margin_sum: self.margin_sum + other.margin_sum,
            shares: match (self.shares, other.shares) {
                (Some(a), Some(b)) => Some(a.merged(b)),
                (a, b) => a.or(b),
            },
        }
    }
}

/// One row of a sweep: the tally of one size and what follows from it, plus the settings that
/// produced it (so a CSV is self-describing: charts are titled from it and merges check it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepRow {
    pub n: u64,
    pub trials: u64,
    pub first_wins: u64,
    pub ties: u64,
    pub second_wins: u64,
    pub first_win_rate: f64,
    /// 95% Wilson interval of `first_win_rate`.
    pub first_win_low: f64,
    pub first_win_high: f64,
    pub tie_rate: f64,
    pub second_win_rate: f64,
    pub mean_margin: f64,
    pub margin_sum: i128,
    /// Sum of the first player's scores (share columns: constant-sum pile games with
    /// non-negative values only; empty otherwise).
    #[serde(default)]
    pub first_score_sum: Option<i128>,
    /// Sum of the instances' totals.
    #[serde(default)]
    pub total_sum: Option<i128>,
    /// `first_score_sum / total_sum`: the first player's share of all stones.
    #[serde(default)]
    pub first_share: Option<f64>,
    /// The smallest share of one instance: `lowest_first / lowest_total`.
    #[serde(default)]
    pub lowest_first: Option<i64>,
    #[serde(default)]
    pub lowest_total: Option<i64>,
    #[serde(default)]
    pub lowest_first_share: Option<f64>,
    pub game: String,
    pub distribution: Option<Distribution>,
    pub min_value: Option<i64>,
    pub max_value: Option<i64>,
    pub total_parity: Option<Parity>,
    pub seed: u64,
}

/// The settings columns of a row, which every row of one sweep shares.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSettings {
    pub game: String,
    pub distribution: Option<Distribution>,
    pub min_value: Option<i64>,
    pub max_value: Option<i64>,
    pub total_parity: Option<Parity>,
    pub seed: u64,
}

impl SweepSettings {
    fn of(spec: &GeneratorSpec, game: &str) -> SweepSettings {
        SweepSettings {
            game: game.to_string(),
            distribution: spec.values.map(|v| v.distribution),
            min_value: spec.values.map(|v| v.min),
            max_value: spec.values.map(|v| v.max),
            total_parity: spec.values.and_then(|v| v.total_parity),
            seed: spec.seed,
        }
    }

    /// A readable form for titles: `uniform values 1..100, seed 1`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let (Some(distribution), Some(min), Some(max)) =
            (self.distribution, self.min_value, self.max_value)
        {
            parts.push(format!("{} values {min}..{max}", distribution.name()));
        }
        if let Some(parity) = self.total_parity {
            parts.push(format!("{} total", parity.name()));
        }
        parts.push(format!("seed {}", self.seed));
        parts.join(", ")
    }
}

impl SweepRow {
    /// The row for size `n` with tally `tally` (`tally.trials > 0`).
    pub fn new(n: u64, tally: Tally, settings: &SweepSettings) -> SweepRow {
        let trials = tally.trials.max(1) as f64;
        let (low, high) = wilson_interval(tally.first_wins, tally.trials);
        SweepRow {
            n,
            trials: tally.trials,
            first_wins: tally.first_wins,
            ties: tally.ties,
            second_wins: tally.second_wins,
            first_win_rate: round6(tally.first_wins as f64 / trials),
            first_win_low: round6(low),
            first_win_high: round6(high),
            tie_rate: round6(tally.ties as f64 / trials),
            second_win_rate: round6(tally.second_wins as f64 / trials),
            mean_margin: round6(tally.margin_sum as f64 / trials),
            margin_sum: tally.margin_sum,
            first_score_sum: tally.shares.map(|s| s.first_sum),
            total_sum: tally.shares.map(|s| s.total_sum),
            first_share: tally
                .shares
                .filter(|s| s.total_sum > 0)
                .map(|s| round6(s.first_sum as f64 / s.total_sum as f64)),
            lowest_first: tally.shares.and_then(|s| s.lowest).map(|(first, _)| first),
            lowest_total: tally.shares.and_then(|s| s.lowest).map(|(_, total)| total),
            lowest_first_share: tally
                .shares
                .and_then(|s| s.lowest)
                .map(|(first, total)| round6(first as f64 / total as f64)),
            game: settings.game.clone(),
            distribution: settings.distribution,
            min_value: settings.min_value,
            max_value: settings.max_value,
            total_parity: settings.total_parity,
            seed: settings.seed,
        }
    }

    /// The integer tally this row was made from.
    pub fn tally(&self) -> Tally {
        Tally {
            trials: self.trials,
            first_wins: self.first_wins,
            ties: self.ties,
            second_wins: self.second_wins,
            margin_sum: self.margin_sum,
            shares: match (self.first_score_sum, self.total_sum) {
                (Some(first_sum), Some(total_sum)) => Some(Shares {
                    first_sum,
                    total_sum,
                    lowest: self.lowest_first.zip(self.lowest_total),
                }),
                _ => None,
            },
        }
    }

    /// The settings columns.
    pub fn settings(&self) -> SweepSettings {
        SweepSettings {
            game: self.game.clone(),
            distribution: self.distribution,
            min_value: self.min_value,
            max_value: self.max_value,
            total_parity: self.total_parity,
            seed: self.seed,
        }
    }
}

/// Rounds to 6 decimals, so CSVs stay readable; the exact counts sit beside every rate.
fn round6(value: f64) -> f64 {
    (value * 1e6).round() / 1e6
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
        error: SolveError,
    },
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
    let generator = Generator::new(entry, spec.generator.clone())?;
    let sizes = generator.spec().sizes;
    if spec.trials == 0 {
        return Err(InputError::out_of_range("--trials", "at least 1", 0).into());
    }
    if !entry.takes_piles() && spec.trials != 1 {
        return Err(InputError::Constraint(format!(
            "{} has one deterministic instance per N: --trials does not apply",
            entry.name
        ))
        .into());
    }
    let units = plan_units(sizes.iter().collect(), spec.trials, spec.shard);
    let tallies: Vec<(usize, Tally)> = units
        .par_iter()
        .map(|unit| solve_unit(entry, &generator, unit, progress).map(|t| (unit.position, t)))
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
        error,
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
                    .map_err(|error| SweepError::Solve { n, index, error })
            },
        )
        .collect()
}

/// Combines the rows of several shards of one sweep into the rows one unsharded run gives.
/// Every row must carry the same settings; rows of equal n are summed.
pub fn merge_rows(shards: &[Vec<SweepRow>]) -> Result<Vec<SweepRow>, InputError> {
    let mut rows: Vec<&SweepRow> = shards.iter().flatten().collect();
    let Some(first) = rows.first() else {
        return Err(InputError::Constraint(
            "nothing to merge: the files hold no rows".into(),
        ));
    };
    let settings = first.settings();
    if let Some(other) = rows.iter().find(|row| row.settings() != settings) {
        return Err(InputError::Constraint(format!(
            "cannot merge rows of different sweeps: {} ({}) and {} ({})",
            settings.game,
            settings.describe(),
            other.game,
            other.settings().describe()
        )));
    }
    rows.sort_by_key(|row| row.n);
    let mut merged: Vec<SweepRow> = Vec::new();
    for row in rows {
        match merged.last_mut() {
            Some(last) if last.n == row.n => {
                *last = SweepRow::new(row.n, last.tally().merged(row.tally()), &settings);
            }
            _ => merged.push(SweepRow::new(row.n, row.tally(), &settings)),
        }
    }
    Ok(merged)
}

/// Writes rows as CSV with a header row.
pub fn write_csv(rows: &[SweepRow], writer: impl Write) -> Result<(), csv::Error> {
    let mut csv = csv::Writer::from_writer(writer);
    for row in rows {
        csv.serialize(row)?;
    }
    csv.flush()?;
    Ok(())
}

/// Reads the rows of a sweep CSV; `name` (the file's name) prefixes error messages, which give
/// the line and the column at fault.
pub fn read_csv(reader: impl Read, name: &str) -> Result<Vec<SweepRow>, InputError> {
    let mut csv = csv::Reader::from_reader(reader);
    let headers = csv
        .headers()
        .map_err(|error| InputError::Constraint(format!("{name}: {error}")))?
        .clone();
    let required = [
        "n",
        "trials",
        "first_wins",
        "ties",
        "second_wins",
        "margin_sum",
        "game",
        "seed",
    ];
    if let Some(missing) = required
        .iter()
        .find(|column| !headers.iter().any(|h| h == **column))
    {
        return Err(InputError::Constraint(format!(
            "{name}: line 1: the header has no '{missing}' column (is this a `gamelab sweep` CSV?)"
        )));
    }
    let mut rows = Vec::new();
    for (index, record) in csv.records().enumerate() {
        let line = index + 2;
        let record = record.map_err(|error| InputError::Constraint(format!("{name}: {error}")))?;
        let row: SweepRow = record
            .deserialize(Some(&headers))
            .map_err(|error| describe_csv_error(name, line, &headers, &error))?;
        rows.push(row);
    }
    Ok(rows)
}

fn describe_csv_error(
    name: &str,
    line: usize,
    headers: &csv::StringRecord,
    error: &csv::Error,
) -> InputError {
    if let csv::ErrorKind::Deserialize { err, .. } = error.kind()
        && let Some(field) = err.field()
    {
        let column = headers.get(field as usize).unwrap_or("?");
        return InputError::Constraint(format!(
            "{name}: line {line}: column '{column}': {}",
            err.kind()
        ));
    }
    InputError::Constraint(format!("{name}: line {line}: {error}"))
}

/// Totals over the rows of one parity of n.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParitySummary {
    pub parity: Parity,
    pub sizes: usize,
    pub tally: Tally,
}

/// Totals for odd n and for even n.
pub fn summarize_by_parity(rows: &[SweepRow]) -> Vec<ParitySummary> {
    [Parity::Odd, Parity::Even]
        .into_iter()
        .map(|parity| {
            let matching: Vec<&SweepRow> = rows
                .iter()
                .filter(|row| Parity::of(row.n as i128) == parity)
                .collect();
            ParitySummary {
                parity,
                sizes: matching.len(),
                tally: matching
                    .iter()
                    .fold(Tally::default(), |sum, row| sum.merged(row.tally())),
            }
        })
        .filter(|summary| summary.sizes > 0)
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
    fn shard_syntax_is_checked() {
        assert_eq!(
            "2/8".parse::<Shard>().unwrap(),
            Shard { index: 2, count: 8 }
        );
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }
}
