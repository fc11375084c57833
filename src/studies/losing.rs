//! How the losing positions of a game on one number grow: from a stream of them in increasing
//! order, the count in 0..=n at every power of two up to N and at N ([`LosingCount`], one CSV
//! row `n,losing` each), and the power law c(n) ≈ a·n^b fitted to those counts ([`PowerLaw`]).
//! The positions come from a heap game's nim-sequence ([`losing_positions`]: a sieve for
//! subtract-a-square, the zeros of the Grundy values otherwise), streamed window by window, and
//! only the counts are kept.

use crate::analysis::grundy::NimValues;
use crate::base::error::SolveError;
use crate::base::input::InstanceInput;
use crate::games::{GameEntry, LosingSink};
use crate::studies::grundy::{check_n_max, rule_text, sequence_of, smaller_n_max};
use serde::{Deserialize, Serialize};

/// How many of the first losing positions a [`LosingStudy`] keeps to show.
pub const FIRST_SHOWN: usize = 20;

/// What `gamelab losing-positions` finds: the counts at every power of two and at N, the first
/// positions, and the fitted power law.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LosingStudy {
    pub game: &'static str,
    /// The rule in words, e.g. `S={1, 3, 4}` or `code 0.6`; empty for games of one rule.
    #[serde(default)]
    pub rule: String,
    pub n_max: u64,
    /// Losing positions in the game's smallest position..=N.
    pub losing: u64,
    /// The first [`FIRST_SHOWN`] of them.
    pub first: Vec<u64>,
    /// The counts at 1, 2, 4, ... and at N.
    pub counts: Vec<LosingCount>,
    /// c(n) ≈ a·n^b fitted to the counts at powers of two ([`fit_power_law`]), when there are
    /// enough of them.
    pub law: Option<PowerLaw>,
}

/// The losing positions (Grundy value 0) of the heap game `game` under the rule `input` gives
/// (a subtraction set, an octal code), in 0..=`n_max`: costed and checked against the budget
/// first, then streamed to `also` (to list them; `None` when only the counts are wanted) and
/// counted. Where the rule proves a period at a bounded cost (an octal game whose first stage
/// proves it, a subtraction game whose short search finds it), the counts come from the
/// period's first cycle in closed form, for any N up to `u64::MAX`, and only a listing walks
/// the positions.
pub fn losing_positions(
    game: &dyn GameEntry,
    input: &InstanceInput,
    n_max: u64,
    also: Option<LosingSink<'_>>,
) -> Result<LosingStudy, SolveError> {
    let sequence = sequence_of(game)?;
    if let Some(values) = sequence.proved_values(input, n_max)? {
        return from_period(
            game,
            input,
            &values,
            sequence.smallest_position(),
            n_max,
            also,
        );
    }
    check_n_max(game, sequence, n_max)?;
    sequence.losing_cost(input, n_max)?.check(
        format_args!("counting the losing positions in 0..={n_max}"),
        &smaller_n_max(),
    )?;
    let mut counter = LosingCounter::new(n_max);
    let mut first = Vec::with_capacity(FIRST_SHOWN);
    let mut also = also;
    let losing = sequence.losing_positions(input, n_max, &mut |chunk| {
        let room = FIRST_SHOWN - first.len();
        first.extend(chunk.iter().take(room));
        counter.add(chunk);
        match &mut also {
            Some(also) => also(chunk),
            None => Ok(()),
        }
    })?;
    let counts = counter.finish();
    Ok(LosingStudy {
        game: game.name(),
        rule: rule_text(game, input),
        n_max,
        losing,
        first,
        law: fit_power_law(&counts),
        counts,
    })
}

/// [`losing_positions`] from values that hold a proved period's first cycle: every count in
/// closed form ([`NimValues::zero_count`]), the first positions and a listing walked from one
/// losing heap to the next.
fn from_period(
    game: &dyn GameEntry,
    input: &InstanceInput,
    values: &NimValues,
    smallest: u64,
    n_max: u64,
    also: Option<LosingSink<'_>>,
) -> Result<LosingStudy, SolveError> {
    let counts = count_rows(n_max)
        .into_iter()
        .map(|n| {
            let losing = values
                .zero_count(smallest, n)
                .ok_or(SolveError::NotComputed { heap: n })?;
            Ok(LosingCount { n, losing })
        })
        .collect::<Result<Vec<_>, SolveError>>()?;
    let first = values
        .zero_heaps(smallest, n_max)?
        .take(FIRST_SHOWN)
        .collect();
    if let Some(also) = also {
        values.zeros(smallest, n_max, also)?;
    }
    Ok(LosingStudy {
        game: game.name(),
        rule: rule_text(game, input),
        n_max,
        // The last row is N's.
        losing: counts.last().map_or(0, |row| row.losing),
        first,
        law: fit_power_law(&counts),
        counts,
    })
}

/// Where [`LosingCounter`] counts up to `limit`: 1, 2, 4, ... up to `limit`, and `limit`.
fn count_rows(limit: u64) -> Vec<u64> {
    let mut rows = vec![1.min(limit)];
    while let Some(&last) = rows.last().filter(|&&last| last < limit) {
        rows.push(
            last.checked_mul(2)
                .filter(|&doubled| doubled <= limit)
                .unwrap_or(limit),
        );
    }
    rows
}

/// The number of losing positions in 0..=n.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LosingCount {
    /// The largest position counted.
    pub n: u64,
    /// How many positions in 0..=n are losing.
    pub losing: u64,
}

/// Counts a stream of losing positions at every power of two up to a limit N (1, 2, 4, ...) and
/// at N itself, holding only the counts: feed it the positions in increasing order, in chunks
/// of any size ([`LosingCounter::add`]), then take the rows ([`LosingCounter::finish`]).
///
/// ```
/// use gamelab::studies::losing::{LosingCount, LosingCounter};
/// let mut counter = LosingCounter::new(10);
/// counter.add(&[0, 2, 5]);
/// counter.add(&[7, 10]);
/// let rows = counter.finish();
/// let pairs: Vec<(u64, u64)> = rows.iter().map(|row| (row.n, row.losing)).collect();
/// assert_eq!(pairs, [(1, 1), (2, 2), (4, 2), (8, 4), (10, 5)]);
/// ```
#[derive(Clone, Debug)]
pub struct LosingCounter {
    limit: u64,
    /// Every row to fill ([`count_rows`]); those before `closed` hold their count.
    rows: Vec<LosingCount>,
    closed: usize,
    /// Positions seen so far.
    seen: u64,
}

impl LosingCounter {
    /// A counter of the positions in 0..=`limit` (positions past it are not counted).
    pub fn new(limit: u64) -> LosingCounter {
        LosingCounter {
            limit,
            rows: count_rows(limit)
                .into_iter()
                .map(|n| LosingCount { n, losing: 0 })
                .collect(),
            closed: 0,
            seen: 0,
        }
    }

    /// Counts the next positions of the stream, which must come in increasing order.
    pub fn add(&mut self, positions: &[u64]) {
        for &position in positions {
            if position > self.limit {
                return;
            }
            self.close_rows_below(position);
            self.seen += 1;
        }
    }

    /// Records the count so far in every open row whose n is below `position`.
    fn close_rows_below(&mut self, position: u64) {
        while let Some(row) = self
            .rows
            .get_mut(self.closed)
            .filter(|row| row.n < position)
        {
            row.losing = self.seen;
            self.closed += 1;
        }
    }

    /// The counts at every power of two up to the limit and at the limit, in increasing n.
    pub fn finish(mut self) -> Vec<LosingCount> {
        // The rows still open lie at or past every position seen.
        for row in &mut self.rows[self.closed..] {
            row.losing = self.seen;
        }
        self.rows
    }
}

/// The counts of [`LosingCounter`] for `positions` (in increasing order) up to `limit`.
pub fn losing_counts(limit: u64, positions: impl IntoIterator<Item = u64>) -> Vec<LosingCount> {
    let mut counter = LosingCounter::new(limit);
    for position in positions {
        counter.add(&[position]);
    }
    counter.finish()
}

/// Writes the counts as CSV, `n,losing` with a header, one row per count.
pub fn write_counts_csv(
    counts: &[LosingCount],
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    writeln!(out, "n,losing")?;
    for row in counts {
        writeln!(out, "{},{}", row.n, row.losing)?;
    }
    Ok(())
}

/// A power law c(n) = a·n^b.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PowerLaw {
    /// The factor.
    pub a: f64,
    /// The exponent.
    pub b: f64,
}

impl PowerLaw {
    /// The law's value at `n`.
    pub fn at(&self, n: f64) -> f64 {
        self.a * n.powf(self.b)
    }
}

impl std::fmt::Display for PowerLaw {
    /// `c(n) ≈ 0.87·n^0.70`: the factor to two significant digits, the exponent to two decimals.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "c(n) ≈ {}·n^{:.2}", significant(self.a, 2), self.b)
    }
}

/// `value` to `digits` significant digits, without an exponent (`0.87`, `12`, `0.0034`).
fn significant(value: f64, digits: i32) -> String {
    if !value.is_finite() || value == 0.0 {
        return format!("{value}");
    }
    let magnitude = value.abs().log10().floor() as i32;
    let decimals = (digits - 1 - magnitude).max(0) as usize;
    format!("{value:.decimals$}")
}

/// The smallest power of two a fit starts at, when the counts reach [`FIT_WHOLE_FROM`]: below
/// it the counts are too small and too irregular to say anything of the growth.
pub const FIT_FROM: u64 = 1 << 10;

/// The least N at which the fit leaves out the powers of two below [`FIT_FROM`]: with a smaller
/// N too few powers would remain.
pub const FIT_WHOLE_FROM: u64 = 1 << 12;

/// The rows a fit uses: those at a power of two (not the limit N, unless it is one) with a
/// count above zero, from n = 2^10 on — or all of them when N, the largest n of the rows, is
/// below 2^12.
pub fn fitted_rows(rows: &[LosingCount]) -> Vec<LosingCount> {
    let largest = rows.iter().map(|row| row.n).max().unwrap_or(0);
    let from = if largest < FIT_WHOLE_FROM {
        1
    } else {
        FIT_FROM
    };
    rows.iter()
        .copied()
        .filter(|row| row.n.is_power_of_two() && row.n >= from && row.losing > 0)
        .collect()
}

/// The least-squares fit of log c = log a + b·log n over [`fitted_rows`]: the power law whose
/// logarithm is nearest the counts' logarithms. `None` with fewer than two rows to fit.
///
/// ```
/// use gamelab::studies::losing::{LosingCount, fit_power_law};
/// let rows: Vec<LosingCount> = (10..=20)
///     .map(|k| LosingCount { n: 1 << k, losing: 3 << (k / 2) })
///     .filter(|row| row.n.trailing_zeros() % 2 == 0)
///     .collect();
/// let law = fit_power_law(&rows).unwrap();
/// assert!((law.a - 3.0).abs() < 1e-9 && (law.b - 0.5).abs() < 1e-12);
/// assert_eq!(law.to_string(), "c(n) ≈ 3.0·n^0.50");
/// ```
pub fn fit_power_law(rows: &[LosingCount]) -> Option<PowerLaw> {
    let points: Vec<(f64, f64)> = fitted_rows(rows)
        .iter()
        .map(|row| ((row.n as f64).ln(), (row.losing as f64).ln()))
        .collect();
    if points.len() < 2 {
        return None;
    }
    let count = points.len() as f64;
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / count;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / count;
    let spread: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let together: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    let b = together / spread;
    Some(PowerLaw {
        a: (mean_y - b * mean_x).exp(),
        b,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(rows: &[LosingCount]) -> Vec<(u64, u64)> {
        rows.iter().map(|row| (row.n, row.losing)).collect()
    }

    #[test]
    fn counts_fall_at_every_power_of_two_and_at_the_limit() {
        assert_eq!(pairs(&losing_counts(0, [0])), [(0, 1)]);
        assert_eq!(pairs(&losing_counts(1, [0])), [(1, 1)]);
        assert_eq!(
            pairs(&losing_counts(8, [0, 2, 5, 7])),
            [(1, 1), (2, 2), (4, 2), (8, 4)]
        );
        // Positions past the limit are left out, and an empty stream counts zeros.
        assert_eq!(
            pairs(&losing_counts(3, [0, 2, 5])),
            [(1, 1), (2, 2), (3, 2)]
        );
        assert_eq!(
            pairs(&losing_counts(5, [])),
            [(1, 0), (2, 0), (4, 0), (5, 0)]
        );
        let top = losing_counts(u64::MAX, [0, u64::MAX]);
        assert_eq!(top.len(), 65);
        assert_eq!(
            top[63],
            LosingCount {
                n: 1 << 63,
                losing: 1
            }
        );
        assert_eq!(
            top[64],
            LosingCount {
                n: u64::MAX,
                losing: 2
            }
        );
    }

    #[test]
    fn chunks_of_any_size_count_alike() {
        let positions: Vec<u64> = (0..5000).map(|k| k * k / 7).collect();
        let limit = 1 << 20;
        let whole = losing_counts(limit, positions.iter().copied());
        for size in [1, 3, 64, 4999] {
            let mut counter = LosingCounter::new(limit);
            for chunk in positions.chunks(size) {
                counter.add(chunk);
            }
            counter.add(&[]);
            assert_eq!(counter.finish(), whole, "chunks of {size}");
        }
    }

    #[test]
    fn the_fit_recovers_an_exact_power_law() {
        for (a, b) in [(0.87, 0.7), (2.5, 0.5), (0.01, 1.0)] {
            let law = PowerLaw { a, b };
            let rows: Vec<LosingCount> = (0..=40)
                .map(|k| {
                    let n = 1u64 << k;
                    // Off the law below 2^10, which the fit leaves out.
                    let noise = if k < 10 { 3.0 } else { 1.0 };
                    LosingCount {
                        n,
                        losing: (law.at(n as f64) * noise).round().max(1.0) as u64,
                    }
                })
                .collect();
            let fitted = fit_power_law(&rows).unwrap();
            assert!((fitted.b - b).abs() < 1e-3, "{fitted:?} for {law:?}");
            assert!((fitted.a / a - 1.0).abs() < 2e-2, "{fitted:?} for {law:?}");
        }
    }

    #[test]
    fn small_limits_fit_every_power_and_too_few_rows_fit_nothing() {
        // c(n) = n exactly: every power from 1 on lies on the law.
        let rows = losing_counts(1000, 1..=1000);
        assert_eq!(fitted_rows(&rows).first().map(|row| row.n), Some(1));
        let law = fit_power_law(&rows).unwrap();
        assert!(
            (law.a - 1.0).abs() < 1e-9 && (law.b - 1.0).abs() < 1e-9,
            "{law:?}"
        );
        assert_eq!(fit_power_law(&losing_counts(1, [0])), None);
        assert_eq!(fit_power_law(&[]), None);
        // From 2^12 on the rows below 2^10 are left out.
        let rows = losing_counts(1 << 12, 0..=1 << 12);
        assert_eq!(
            pairs(&fitted_rows(&rows)),
            [(1024, 1025), (2048, 2049), (4096, 4097)]
        );
    }

    #[test]
    fn the_law_reads_with_two_significant_digits() {
        let law = |a, b| PowerLaw { a, b }.to_string();
        assert_eq!(law(0.4213, 0.7012), "c(n) ≈ 0.42·n^0.70");
        assert_eq!(law(12.34, 0.5), "c(n) ≈ 12·n^0.50");
        assert_eq!(law(0.003456, 1.0), "c(n) ≈ 0.0035·n^1.00");
        assert_eq!(law(3.0, 0.5), "c(n) ≈ 3.0·n^0.50");
    }

    #[test]
    fn rows_write_as_csv_with_n_and_losing() {
        let mut writer = csv::Writer::from_writer(Vec::new());
        for row in losing_counts(4, [0, 2]) {
            writer.serialize(row).unwrap();
        }
        let text = String::from_utf8(writer.into_inner().unwrap()).unwrap();
        assert_eq!(text, "n,losing\n1,1\n2,2\n4,2\n");
    }
}
