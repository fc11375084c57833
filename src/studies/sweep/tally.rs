//! The numbers of a sweep: integer tallies per size (which merge exactly, in any order), and the
//! rows derived from them with rates, Wilson intervals, means and the settings that made them.

use crate::studies::generate::{Distribution, GeneratorSpec, Parity, SizeRange};
use crate::util::stats::wilson_interval;
use serde::{Deserialize, Serialize};

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

    /// Counts instances whose first players' margins are `margins` and whose totals are
    /// `totals` (16-bit, as the sweep's hot loop has them): [`Shares::add`] of
    /// `((total + margin) / 2, total)` on each pair in turn, with the same result. The sums are
    /// kept in 64 bits, and an instance takes the exact comparison only when a cross product
    /// says it may lower the lowest share so far: a sweep's lowest share is found early and
    /// rarely moves, so almost every instance costs two multiplies and no branch taken.
    pub fn add_all_16(&mut self, margins: &[i16], totals: &[i16]) {
        let (mut first_sum, mut total_sum) = (0i64, 0i64);
        for (&margin, &total) in margins.iter().zip(totals) {
            let (first, total) = ((total as i64 + margin as i64) / 2, total as i64);
            first_sum += first;
            total_sum += total;
            // |first|, total <= 2^15 and the lowest's parts below 2^47: both products fit.
            let may_lower = match self.lowest {
                Some((lowest_first, lowest_total))
                    if lowest_first.unsigned_abs() < 1 << 47 && lowest_total < 1 << 47 =>
                {
                    first * lowest_total <= lowest_first * total
                }
                _ => true,
            };
            if total > 0 && may_lower {
                self.lowest = Some(lower_share(self.lowest, (first, total)));
            }
        }
        self.first_sum += first_sum as i128;
        self.total_sum += total_sum as i128;
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
        // Without branches: a sweep's signs are random, and mispredicted branches cost more
        // than three additions.
        self.first_wins += (margin > 0) as u64;
        self.second_wins += (margin < 0) as u64;
        self.ties += (margin == 0) as u64;
    }

    /// Counts instances with the first player's margins `margins`: [`Tally::add`] on each,
    /// summed in 64 bits first (16-bit margins cannot overflow them), for the sweep's hot loop.
    pub fn add_all_16(&mut self, margins: &[i16]) {
        let (mut first_wins, mut second_wins, mut sum) = (0u64, 0u64, 0i64);
        for &margin in margins {
            first_wins += (margin > 0) as u64;
            second_wins += (margin < 0) as u64;
            sum += margin as i64;
        }
        let count = margins.len() as u64;
        self.trials += count;
        self.first_wins += first_wins;
        self.second_wins += second_wins;
        self.ties += count - first_wins - second_wins;
        self.margin_sum += sum as i128;
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

/// The version of the sweep table's columns, written in every row's `format` column. Tables of
/// another version are refused rather than misread (version 1 had no size, shard or subtraction
/// set columns, so shards of different sweeps could not be told apart).
pub const SWEEP_FORMAT: u32 = 2;

/// One row of a sweep: the tally of one size and what follows from it, plus every setting that
/// changes the numbers (so a CSV is self-describing: charts are titled from it, and merges prove
/// that their inputs are the shards of one sweep).
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
    /// nim's subtraction set, space-separated (`1 3 4`); empty for other games.
    pub subtract: Option<String>,
    /// The swept sizes: `n_min..=n_max`, of one parity and residue if given.
    pub n_min: u64,
    pub n_max: u64,
    pub n_parity: Option<Parity>,
    pub n_mod: Option<u64>,
    pub n_residue: Option<u64>,
    /// Instances per size in the whole sweep (a shard's rows hold a part of them).
    pub trials_per_n: u64,
    /// Which shard of the sweep made the row, `K/N` (`1/1`: the whole sweep).
    pub shard: String,
    /// [`SWEEP_FORMAT`].
    pub format: u32,
}

/// The settings columns of a row, which every row of one sweep shares (the shard aside).
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSettings {
    pub game: String,
    pub distribution: Option<Distribution>,
    pub min_value: Option<i64>,
    pub max_value: Option<i64>,
    pub total_parity: Option<Parity>,
    pub seed: u64,
    pub subtract: Option<String>,
    pub sizes: SizeRange,
    pub trials_per_n: u64,
    /// `(K, N)`: shard K of N.
    pub shard: (u64, u64),
}

impl SweepSettings {
    pub(crate) fn of(
        spec: &GeneratorSpec,
        game: &str,
        trials_per_n: u64,
        shard: (u64, u64),
    ) -> SweepSettings {
        SweepSettings {
            game: game.to_string(),
            distribution: spec.values.map(|v| v.distribution),
            min_value: spec.values.map(|v| v.min),
            max_value: spec.values.map(|v| v.max),
            total_parity: spec.values.and_then(|v| v.total_parity),
            seed: spec.seed,
            subtract: spec
                .extras
                .subtract
                .as_ref()
                .map(|set| set.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")),
            sizes: spec.sizes,
            trials_per_n,
            shard,
        }
    }

    /// The same settings for the whole sweep (shard 1/1).
    pub fn whole(&self) -> SweepSettings {
        SweepSettings {
            shard: (1, 1),
            ..self.clone()
        }
    }

    /// A readable form for titles: `uniform values 1..100, seed 1`, `S = {1, 3, 4}`. A number
    /// game's instances are not drawn, so its seed changes nothing and is left out.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(set) = &self.subtract {
            parts.push(format!(
                "S = {{{}}}",
                set.split(' ').collect::<Vec<_>>().join(", ")
            ));
        }
        if let (Some(distribution), Some(min), Some(max)) =
            (self.distribution, self.min_value, self.max_value)
        {
            parts.push(format!("{} values {min}..{max}", distribution.name()));
        }
        if let Some(parity) = self.total_parity {
            parts.push(format!("{} total", parity.name()));
        }
        if self.distribution.is_some() {
            parts.push(format!("seed {}", self.seed));
        }
        if self.shard != (1, 1) {
            parts.push(format!("shard {}/{}", self.shard.0, self.shard.1));
        }
        parts.join(", ")
    }

    /// The instances and settings of a sweep for a title: `1000 instances per n, uniform values
    /// 1..100, seed 1`, `1 instance per N`. `count` may be a range (`500-1000`) when rows differ.
    pub fn describe_instances(
        settings: Option<&SweepSettings>,
        count: &str,
        size_name: &str,
    ) -> String {
        let noun = if count == "1" {
            "instance"
        } else {
            "instances"
        };
        let mut text = format!("{count} {noun} per {size_name}");
        let described = settings.map_or(String::new(), SweepSettings::describe);
        if !described.is_empty() {
            text.push_str(", ");
            text.push_str(&described);
        }
        text
    }

    /// Every setting, for messages that must say how two sweeps differ.
    pub fn describe_all(&self) -> String {
        let mut parts = vec![
            self.game.clone(),
            self.sizes.describe("n"),
            format!("{} per n", self.trials_per_n),
        ];
        // A plain nim or divisor-game sweep has no settings beyond these.
        let settings = self.describe();
        if !settings.is_empty() {
            parts.push(settings);
        }
        // `describe` leaves a number game's seed out, which changes nothing there, but two
        // tables that differ only in it are still of different runs.
        if self.distribution.is_none() {
            parts.push(format!("seed {}", self.seed));
        }
        parts.join(", ")
    }
}

impl SweepRow {
    /// The row for size `n` with tally `tally` (`tally.trials > 0`, except for the one row an
    /// empty shard writes so that its table still names its sweep).
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
            subtract: settings.subtract.clone(),
            n_min: settings.sizes.min,
            n_max: settings.sizes.max,
            n_parity: settings.sizes.parity,
            n_mod: settings.sizes.residue.map(|(modulus, _)| modulus),
            n_residue: settings.sizes.residue.map(|(_, remainder)| remainder),
            trials_per_n: settings.trials_per_n,
            shard: format!("{}/{}", settings.shard.0, settings.shard.1),
            format: SWEEP_FORMAT,
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

    /// The settings columns; `None` for a shard column that is not `K/N` with 1 <= K <= N.
    pub fn settings(&self) -> Option<SweepSettings> {
        let (index, count) = self.shard.split_once('/')?;
        let shard: (u64, u64) = (index.parse().ok()?, count.parse().ok()?);
        if shard.0 == 0 || shard.0 > shard.1 {
            return None;
        }
        Some(SweepSettings {
            game: self.game.clone(),
            distribution: self.distribution,
            min_value: self.min_value,
            max_value: self.max_value,
            total_parity: self.total_parity,
            seed: self.seed,
            subtract: self.subtract.clone(),
            sizes: SizeRange {
                min: self.n_min,
                max: self.n_max,
                parity: self.n_parity,
                residue: self.n_mod.zip(self.n_residue),
            },
            trials_per_n: self.trials_per_n,
            shard,
        })
    }

    /// Why this row cannot be a row of the sweep its settings describe, if it cannot: counts
    /// that do not add up, a size outside the sweep, more trials than the sweep has per size,
    /// rates or a mean that do not follow from the counts.
    pub fn inconsistency(&self) -> Option<String> {
        let Some(settings) = self.settings() else {
            return Some(format!(
                "its shard '{}' is not K/N with 1 <= K <= N",
                self.shard
            ));
        };
        let outcomes = self.first_wins as u128 + self.ties as u128 + self.second_wins as u128;
        if outcomes != self.trials as u128 {
            return Some(format!(
                "first_wins {} + ties {} + second_wins {} is not trials {}",
                self.first_wins, self.ties, self.second_wins, self.trials
            ));
        }
        if self.trials > self.trials_per_n {
            return Some(format!(
                "trials {} is more than trials_per_n {}",
                self.trials, self.trials_per_n
            ));
        }
        if settings
            .sizes
            .residue
            .is_some_and(|(m, r)| m == 0 || r >= m)
            || !settings.sizes.contains(self.n)
        {
            return Some(format!(
                "n = {} is not one of the sweep's sizes ({})",
                self.n,
                settings.sizes.describe("n")
            ));
        }
        let recomputed = SweepRow::new(self.n, self.tally(), &settings);
        if recomputed != *self {
            return Some(
                "its rates, interval, mean or shares do not follow from its counts".to_string(),
            );
        }
        None
    }
}

/// Rounds to 6 decimals, so CSVs stay readable; the exact counts sit beside every rate.
fn round6(value: f64) -> f64 {
    (value * 1e6).round() / 1e6
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
    use proptest::prelude::*;

    proptest! {
        /// `add_all_16` is `add` on each instance in turn, whatever lowest share it starts
        /// from: none, a small one, or one too large for its cross products (the exact path).
        #[test]
        fn shares_add_all_16_is_add_on_each(
            pairs in proptest::collection::vec((0i16..=200, -200i16..=200), 0..80),
            start in prop_oneof![
                Just(None),
                (0i64..=50, 1i64..=100).prop_map(Some),
                Just(Some((1i64 << 50, 3i64 << 50))),
            ],
        ) {
            // A margin has the parity of its total and at most its size: clamped, rounded
            // down to even, then given the total's parity (which keeps it within the total).
            let pairs: Vec<(i16, i16)> = pairs
                .into_iter()
                .map(|(total, margin)| (total, (margin.clamp(-total, total) & !1) | (total & 1)))
                .collect();
            let start = Shares { lowest: start, ..Shares::default() };
            let mut one_by_one = start;
            for &(total, margin) in &pairs {
                one_by_one.add((total as i64 + margin as i64) / 2, total as i64);
            }
            let mut together = start;
            let (totals, margins): (Vec<i16>, Vec<i16>) = pairs.into_iter().unzip();
            together.add_all_16(&margins, &totals);
            prop_assert_eq!(together, one_by_one);
        }
    }
}
