//! Nim-sequences: the Grundy value of every heap size of an impartial game on heaps, and where
//! the sequence settles into a cycle. A value depends only on values of smaller heaps, so once a
//! long enough run of the sequence repeats, it repeats forever: for a subtraction game whose
//! largest move takes `w` stones, a run of `w` values repeating `p` places later proves the
//! period `p` from the run's start on.

use crate::base::error::SolveError;

/// Where a nim-sequence settles into a cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The first heap size from which the values repeat.
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
}

impl Periodicity {
    /// The place of heap size `n` in the sequence's first cycle: `n` itself before the
    /// preperiod, its place in the period after.
    pub fn index(self, n: u64) -> usize {
        if n < self.preperiod as u64 {
            n as usize
        } else {
            self.preperiod + ((n - self.preperiod as u64) % self.period as u64) as usize
        }
    }
}

/// A period of a nim-sequence and whether it is proved: by a theorem that makes the repetition
/// seen certain to go on forever (the subtraction-game argument above, Guy and Smith's octal
/// periodicity theorem), or only observed over the values computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoundPeriod {
    pub periodicity: Periodicity,
    pub proved: bool,
}

/// A nim-sequence as far as it was computed, and its period where one was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimValues {
    /// g(0), g(1), ...: every heap size asked for, or only up to the end of the first cycle when
    /// a proved period ended the computation early.
    pub values: Vec<u32>,
    /// The period found, proved or observed.
    pub period: Option<FoundPeriod>,
}

impl NimValues {
    /// Values with no period known.
    pub fn plain(values: Vec<u32>) -> NimValues {
        NimValues {
            values,
            period: None,
        }
    }

    /// The Grundy value of a heap of `n`: computed, or read off a proved period; `None` beyond
    /// both.
    pub fn value(&self, n: u64) -> Option<u32> {
        if let Some(&value) = usize::try_from(n).ok().and_then(|n| self.values.get(n)) {
            return Some(value);
        }
        let period = self.period.filter(|found| found.proved)?.periodicity;
        self.values.get(period.index(n)).copied()
    }

    /// The proved period, if any.
    pub fn proved_period(&self) -> Option<Periodicity> {
        self.period
            .filter(|found| found.proved)
            .map(|found| found.periodicity)
    }

    /// The largest value among heaps 0 to `n_max` (those computed, and with a proved period
    /// its first cycle, which holds every later value).
    pub fn largest(&self, n_max: u64) -> u32 {
        let known = usize::try_from(n_max.saturating_add(1)).unwrap_or(usize::MAX);
        self.values.iter().take(known).copied().max().unwrap_or(0)
    }

    /// The heaps from `first` to `n_max` whose value is 0 (the losing heaps), in increasing
    /// order; beyond the values computed, a proved period's repetitions are walked from one
    /// losing heap to the next, without looking at the heaps between. An error names the first
    /// heap whose value is not known, if the values do not reach `n_max`.
    pub fn zero_heaps(
        &self,
        first: u64,
        n_max: u64,
    ) -> Result<impl Iterator<Item = u64> + '_, SolveError> {
        let computed = self.values.len() as u64;
        let start = first.max(computed);
        let cycle = (start <= n_max)
            .then(|| {
                self.proved_cycle()
                    .ok_or(SolveError::NotComputed { heap: start })
            })
            .transpose()?;
        let known = (first..=n_max.min(computed.saturating_sub(1)))
            .filter(|&n| self.values[n as usize] == 0);
        let repeated = cycle
            .into_iter()
            .flat_map(move |cycle| cycle.zeros_from(start))
            .take_while(move |&n| n <= n_max);
        Ok(known.chain(repeated))
    }

    /// Streams [`NimValues::zero_heaps`] to `sink` in chunks and returns how many there were.
    pub fn zeros<E: From<SolveError>>(
        &self,
        first: u64,
        n_max: u64,
        sink: &mut dyn FnMut(&[u64]) -> Result<(), E>,
    ) -> Result<u64, E> {
        const CHUNK: usize = 4096;
        let mut chunk = Vec::with_capacity(CHUNK);
        let mut count = 0;
        for n in self.zero_heaps(first, n_max)? {
            chunk.push(n);
            if chunk.len() == CHUNK {
                count += chunk.len() as u64;
                sink(&chunk)?;
                chunk.clear();
            }
        }
        count += chunk.len() as u64;
        sink(&chunk)?;
        Ok(count)
    }

    /// How many heaps from `first` to `n_max` have value 0 (the losing heaps); `None` when a
    /// value there is not known. A proved period's repetitions are counted in closed form, so
    /// any `n_max` costs one period.
    pub fn zero_count(&self, first: u64, n_max: u64) -> Option<u64> {
        let computed = self.values.len() as u64;
        let known = self
            .values
            .iter()
            .take(usize::try_from(n_max.saturating_add(1).min(computed)).ok()?)
            .skip(usize::try_from(first).unwrap_or(usize::MAX))
            .filter(|&&value| value == 0)
            .count() as u64;
        let start = first.max(computed);
        if start > n_max {
            return Some(known);
        }
        Some(known + self.proved_cycle()?.zeros_between(start, n_max))
    }

    /// The first cycle of a proved period with the places of its zeros, when the values hold
    /// one whole.
    fn proved_cycle(&self) -> Option<Cycle> {
        let period = self.proved_period()?;
        let values = self
            .values
            .get(period.preperiod..period.preperiod + period.period)?;
        Some(Cycle {
            preperiod: period.preperiod as u64,
            period: period.period as u64,
            zeros: (0..values.len() as u64)
                .filter(|&place| values[place as usize] == 0)
                .collect(),
        })
    }

    /// The Fletcher checksum of the values of heaps 0 to `n_max` as 16-bit words, as P. Beling's
    /// `ogsolve` prints it, so that two tools' sequences can be compared at a glance; `None`
    /// when a value is not known. A proved period's repetitions are summed in closed form, so
    /// any `n_max` costs one period.
    pub fn checksum(&self, n_max: u64) -> Option<u32> {
        // u128: heaps 0 to u64::MAX are 2^64 values.
        let count = u128::from(n_max) + 1;
        let computed = (self.values.len() as u128).min(count);
        let mut sums = Fletcher::default();
        for &value in &self.values[..computed as usize] {
            sums.add(value);
        }
        if computed < count {
            let period = self.proved_period()?;
            let cycle = self
                .values
                .get(period.preperiod..period.preperiod + period.period)?;
            let start = computed - period.preperiod as u128;
            // The values from `computed` on run through the cycle from `start` (mod its length).
            let rotated: Vec<u32> = (0..period.period)
                .map(|k| cycle[(start as usize + k) % period.period])
                .collect();
            let rest = count - computed;
            let full = rest / period.period as u128;
            sums.add_repeated(&rotated, full);
            for &value in &rotated[..(rest % period.period as u128) as usize] {
                sums.add(value);
            }
        }
        Some(sums.value())
    }
}

/// A proved period's first cycle, as the places of its zeros: a heap n at or past `preperiod`
/// has value 0 exactly when (n - preperiod) mod `period` is one of `zeros`.
struct Cycle {
    preperiod: u64,
    period: u64,
    /// In increasing order; shared by the rounds of [`Cycle::zeros_from`].
    zeros: std::rc::Rc<[u64]>,
}

impl Cycle {
    /// The losing heaps from `start` (at least the preperiod) on, in increasing order, up to
    /// `u64::MAX`: none when the cycle has no zero.
    fn zeros_from(self, start: u64) -> impl Iterator<Item = u64> {
        let Cycle {
            preperiod,
            period,
            zeros,
        } = self;
        let has_zeros = !zeros.is_empty();
        ((start - preperiod) / period..=u64::MAX)
            // Without a zero, no round has any: none is walked.
            .take_while(move |_| has_zeros)
            .map_while(move |round| {
                round
                    .checked_mul(period)
                    .and_then(|offset| offset.checked_add(preperiod))
            })
            .flat_map(move |base| {
                let zeros = std::rc::Rc::clone(&zeros);
                (0..zeros.len()).map_while(move |place| base.checked_add(zeros[place]))
            })
            .skip_while(move |&n| n < start)
    }

    /// How many heaps from `start` (at least the preperiod) to `n_max` are losing.
    fn zeros_between(&self, start: u64, n_max: u64) -> u64 {
        // u128: up to 2^64 heaps.
        let period = u128::from(self.period);
        let per_cycle = self.zeros.len() as u128;
        // Zeros at the offsets 0..offset from the preperiod.
        let below = |offset: u128| {
            let partial = self
                .zeros
                .iter()
                .filter(|&&place| u128::from(place) < offset % period)
                .count() as u128;
            offset / period * per_cycle + partial
        };
        let from = u128::from(start - self.preperiod);
        let to = u128::from(n_max - self.preperiod) + 1;
        (below(to) - below(from)) as u64
    }
}

/// Fletcher's two running sums of 16-bit words.
#[derive(Default)]
struct Fletcher {
    first: u16,
    second: u16,
}

impl Fletcher {
    fn add(&mut self, value: u32) {
        self.first = self.first.wrapping_add(value as u16);
        self.second = self.second.wrapping_add(self.first);
    }

    /// Adds `block` `times` times over. Over one block the first sum grows by the block's sum B
    /// and the second by L·F + C, F the first sum before it, L its length and C the second sum
    /// the block alone adds; over k blocks: first + k·B and second + k·(L·F + C) + L·B·k(k-1)/2,
    /// all modulo 2^16.
    fn add_repeated(&mut self, block: &[u32], times: u128) {
        let mut alone = Fletcher::default();
        for &value in block {
            alone.add(value);
        }
        let wrap = |value: u128| (value % 65_536) as u16;
        let (length, block_sum, block_second) = (
            block.len() as u128,
            u128::from(alone.first),
            u128::from(alone.second),
        );
        let pairs = wrap(times * times.saturating_sub(1) / 2);
        let growth = wrap(length * u128::from(self.first) + block_second);
        self.second = self
            .second
            .wrapping_add(wrap(times * u128::from(growth)))
            .wrapping_add(wrap(length * block_sum % 65_536 * u128::from(pairs)));
        self.first = self.first.wrapping_add(wrap(times * block_sum));
    }

    fn value(&self) -> u32 {
        (u32::from(self.second) << 16) | u32::from(self.first)
    }
}

/// The least period of `values` (with its preperiod) whose repetition at the end of the values
/// runs over at least `window` values, if any: with `window` the reach of the game's longest
/// move, such a run proves the period (module docs).
///
/// ```
/// use gamelab::analysis::grundy::{Periodicity, repeating_run};
/// let values = [0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1];
/// assert_eq!(repeating_run(&values, 2), Some(Periodicity { preperiod: 1, period: 3 }));
/// ```
pub fn repeating_run(values: &[u32], window: usize) -> Option<Periodicity> {
    let limit = values.len().checked_sub(1)?;
    for period in 1..=limit / 2 {
        // The run of k (counting down from the end) with g[k] == g[k + period].
        let mut start = limit - period + 1;
        while start > 0 && values[start - 1] == values[start - 1 + period] {
            start -= 1;
        }
        if limit + 1 - period - start >= window {
            return Some(Periodicity {
                preperiod: start,
                period,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checksum word by word, as `ogsolve` computes it.
    fn plain_checksum(values: &[u32]) -> u32 {
        let mut sums = Fletcher::default();
        values.iter().for_each(|&value| sums.add(value));
        sums.value()
    }

    #[test]
    fn a_proved_period_gives_the_checksum_of_the_whole_sequence() {
        // Preperiod 3, period 5; values large enough to wrap the 16-bit sums.
        let cycle_start = [9u32, 60_000, 7];
        let cycle = [1u32, 65_535, 40_000, 0, 12_345];
        let value = |n: usize| {
            if n < 3 {
                cycle_start[n]
            } else {
                cycle[(n - 3) % 5]
            }
        };
        let full: Vec<u32> = (0..100_003).map(value).collect();
        for computed in [8, 9, 12] {
            let values = NimValues {
                values: full[..computed].to_vec(),
                period: Some(FoundPeriod {
                    periodicity: Periodicity {
                        preperiod: 3,
                        period: 5,
                    },
                    proved: true,
                }),
            };
            for n_max in [7u64, 8, 11, 12, 13, 999, 100_002] {
                assert_eq!(
                    values.checksum(n_max),
                    Some(plain_checksum(&full[..=n_max as usize])),
                    "computed {computed}, n_max {n_max}"
                );
                assert_eq!(values.value(n_max), Some(full[n_max as usize]));
            }
        }
    }

    #[test]
    fn the_checksum_reaches_the_largest_heap() {
        // Heaps 0 to u64::MAX are 2^64 values, one more than a u64 counts.
        assert_eq!(proved(vec![0], 0, 1).checksum(u64::MAX), Some(0));
        let kayles_like = proved(vec![0, 1, 2, 3, 1, 4, 3, 2], 2, 6);
        assert!(kayles_like.checksum(u64::MAX).is_some());
        assert!(kayles_like.checksum(u64::MAX - 1).is_some());
    }

    fn proved(values: Vec<u32>, preperiod: usize, period: usize) -> NimValues {
        NimValues {
            values,
            period: Some(FoundPeriod {
                periodicity: Periodicity { preperiod, period },
                proved: true,
            }),
        }
    }

    #[test]
    fn zeros_beyond_the_computed_values_follow_the_period() {
        // 0 1 2 | 0 1 0 (period 3 from heap 3, proved); the first cycle is computed once or
        // with part of a second.
        let whole = [0, 1, 2, 0, 1, 0, 0, 1, 0];
        for computed in [6, 7, 9] {
            let values = proved(whole[..computed].to_vec(), 3, 3);
            let plain = |first: u64, n_max: u64| -> Vec<u64> {
                (first..=n_max)
                    .filter(|&n| values.value(n) == Some(0))
                    .collect()
            };
            for first in [0, 1, 4, 6, 7, 50] {
                for n_max in [0, 3, 5, 6, 7, 8, 100, 1001] {
                    let listed: Vec<u64> = values.zero_heaps(first, n_max).unwrap().collect();
                    assert_eq!(listed, plain(first, n_max), "{computed}: {first}..={n_max}");
                    assert_eq!(
                        values.zero_count(first, n_max),
                        Some(listed.len() as u64),
                        "{computed}: {first}..={n_max}"
                    );
                }
            }
            // Two zeros in every three heaps from heap 3 on, and heap 0.
            assert_eq!(
                values.zero_count(0, 3_000_000_000_002),
                Some(2_000_000_000_001)
            );
        }
    }

    #[test]
    fn zeros_reach_the_largest_heap() {
        // Heap 0, then every heap from 1: 2^64 zeros in 0..=u64::MAX would not fit, so from 1.
        let all = proved(vec![0, 0], 1, 1);
        assert_eq!(all.zero_count(1, u64::MAX), Some(u64::MAX));
        let last: Vec<u64> = all.zero_heaps(u64::MAX - 2, u64::MAX).unwrap().collect();
        assert_eq!(last, [u64::MAX - 2, u64::MAX - 1, u64::MAX]);
        // A cycle without a zero: nothing past the computed values, at once.
        let none = proved(vec![0, 1, 2, 1, 2], 1, 2);
        assert_eq!(none.zero_count(0, u64::MAX), Some(1));
        assert_eq!(none.zero_heaps(1, u64::MAX).unwrap().count(), 0);
    }

    #[test]
    fn zeros_past_unknown_values_name_the_first_unknown_heap() {
        let values = NimValues::plain(vec![0, 1, 0]);
        assert_eq!(values.zero_count(0, 2), Some(2));
        assert_eq!(values.zero_count(0, 3), None);
        assert!(matches!(
            values.zero_heaps(1, 5).err(),
            Some(SolveError::NotComputed { heap: 3 })
        ));
    }

    #[test]
    fn values_beyond_an_unproved_period_are_unknown() {
        let values = NimValues {
            values: vec![0, 1, 0, 1],
            period: Some(FoundPeriod {
                periodicity: Periodicity {
                    preperiod: 0,
                    period: 2,
                },
                proved: false,
            }),
        };
        assert_eq!(values.value(3), Some(1));
        assert_eq!(values.value(4), None);
        assert_eq!(values.checksum(4), None);
    }
}
