//! Nim-sequences: the Grundy value of every heap size of an impartial game on heaps, and where
//! the sequence settles into a cycle. A value depends only on values of smaller heaps, so once a
//! long enough run of the sequence repeats, it repeats forever: for a subtraction game whose
//! largest move takes `w` stones, a run of `w` values repeating `p` places later proves the
//! period `p` from the run's start on.

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
