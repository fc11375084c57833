//! The octal periodicity theorem's test, run on values that keep growing.
//!
//! Guy and Smith (1956): for an octal game whose moves take at most `t` tokens, if
//! `g(n + p) = g(n)` for all `n0 <= n < 2·n0 + p + t`, then for all `n >= n0`; without breaking
//! moves a value depends only on the `t` before it, and `n0 <= n < n0 + t` is enough. So `len`
//! values prove the period `p` from `n0` when `len >= 2·(n0 + p) + t` (`n0 + p + t` without
//! breaking moves), which is ogsolve's convention. The proof needs `n0 >= 1` (a pair of heaps
//! `(p, p)` has no counterpart `(0, p)`, and a heap of `t` may be taken whole where `t + p` may
//! not), so a period from 0 is proved as one from 1: one more value or two.
//!
//! For a shift `p`, the run is the longest stretch `start <= m < len - p` at the end with
//! `g(m) = g(m + p)`; `p` with pre-period `start` is proved once `len` reaches
//! [`Theorem::needs`] of them, and since a run only ever starts later as values are added, no
//! shift is proved before the least of these lengths. The tracker checks there (or a 32nd
//! later, so that checks cost a bounded share of the work), rescanning only the new end of the
//! runs it remembers.

use crate::analysis::grundy::Periodicity;

/// Runs at least this long are remembered between checks; a shorter one is rescanned.
const REMEMBERED_RUN: usize = 16;

/// The theorem's constants for one code.
#[derive(Clone, Copy, Debug)]
pub(super) struct Theorem {
    /// The most tokens a move takes.
    pub(super) take: usize,
    /// 2 with breaking moves, 1 without.
    pub(super) factor: usize,
}

impl Theorem {
    /// How many values prove the period `period` from `start`.
    #[inline]
    pub(super) fn needs(self, start: usize, period: usize) -> usize {
        self.factor * (start.max(1) + period) + self.take
    }
}

/// What a check found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Found {
    /// The period and its pre-period.
    pub(super) periodicity: Periodicity,
    /// How many values the theorem needs to prove it.
    pub(super) needs: usize,
}

/// The periodicity test, repeated as the values grow.
pub(super) struct Tracker {
    theorem: Theorem,
    /// The length of the values at the last check.
    checked: usize,
    /// The length at which to check next.
    pub(super) next: usize,
    /// `(p, start)` of the runs of at least [`REMEMBERED_RUN`] at the last check, by `p`.
    long: Vec<(usize, usize)>,
}

/// The start of the run of shift `p` at the end of `values`: scanned down from the end, to the
/// first mismatch or to `floor`, below which `known` (the run's start at an earlier check) holds.
#[inline]
fn run_start<V: Copy + Eq>(values: &[V], p: usize, floor: usize, known: Option<usize>) -> usize {
    let mut m = values.len() - p;
    while m > floor && values[m - 1] == values[m - 1 + p] {
        m -= 1;
    }
    match known {
        Some(start) if m == floor => start,
        _ => m,
    }
}

impl Tracker {
    /// A tracker that checks first at one value.
    pub(super) fn new(theorem: Theorem) -> Tracker {
        Tracker {
            theorem,
            checked: 0,
            next: 1,
            long: Vec::new(),
        }
    }

    /// Checks `values`: the least shift proved, or else the shift the theorem would prove first
    /// among those whose run covers a whole period and a quarter of the values (`proved:
    /// false`); schedules the next check.
    pub(super) fn check<V: Copy + Eq>(&mut self, values: &[V]) -> (Option<Found>, bool) {
        let len = values.len();
        let mut long = Vec::new();
        let mut remembered = self.long.iter().peekable();
        let mut soonest = self.theorem.factor * len + self.theorem.take;
        let mut best: Option<Found> = None;
        for p in 1..len {
            let known = remembered
                .next_if(|&&(q, _)| q == p)
                .map(|&(_, start)| start);
            let floor = if known.is_some() { self.checked - p } else { 0 };
            let start = run_start(values, p, floor, known);
            let run = len - p - start;
            if run >= REMEMBERED_RUN {
                long.push((p, start));
            }
            let needs = self.theorem.needs(start, p);
            let found = Found {
                periodicity: Periodicity {
                    preperiod: start,
                    period: p,
                },
                needs,
            };
            if needs <= len {
                return (Some(found), true);
            }
            soonest = soonest.min(needs);
            if run >= p && 4 * run >= len && best.is_none_or(|best| needs < best.needs) {
                best = Some(found);
            }
        }
        self.long = long;
        self.checked = len;
        self.next = soonest.max(len + (len / 32).max(1));
        (best, false)
    }
}

/// The least period of `values` the theorem proves (ogsolve's convention) when `values` are
/// known to repeat with `found`'s period from its pre-period on: only multiples of the least
/// period can be proved, and each one's run ends where that period's does, give or take a few
/// values below it. Values past the slice follow the period.
pub(super) fn least_proved<V: Copy + Eq>(values: &[V], found: Found, theorem: Theorem) -> Found {
    let Periodicity { preperiod, period } = found.periodicity;
    let len = values.len();
    let at = |m: usize| {
        if m < len {
            values[m]
        } else {
            values[preperiod + (m - preperiod) % period]
        }
    };
    let least = (1..=period)
        .filter(|d| period.is_multiple_of(*d))
        .find(|&d| (preperiod..preperiod + period).all(|m| at(m) == at(m + d)))
        .unwrap_or(period);
    let extend = |mut start: usize, shift: usize| {
        while start > 0 && at(start - 1) == at(start - 1 + shift) {
            start -= 1;
        }
        start
    };
    let base = extend(preperiod, least);
    let mut shift = least;
    while theorem.factor * shift + theorem.take <= len {
        let start = extend(base, shift);
        let needs = theorem.needs(start, shift);
        if needs <= len {
            return Found {
                periodicity: Periodicity {
                    preperiod: start,
                    period: shift,
                },
                needs,
            };
        }
        shift += least;
    }
    found
}
