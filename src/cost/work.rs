//! The estimated time of some work ([`Work`]): units of each costed operation, costed at their
//! calibrated rates, and reported to the progress counters as it is done.

use crate::cost::{Operation, count};

/// The estimated time of some work: how many units of each [`Operation`] it does, each costed
/// at the operation's calibrated rate, and the wall time once spread over the threads it runs
/// on. The largest term says what dominates it. Sums and products saturate at infinity: a
/// cost beyond every budget is simply refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Work {
    /// Units of each operation, indexed by [`Operation::index`].
    units: [f64; Operation::COUNT],
    /// The wall time, in nanoseconds (less than the work on one core where it runs on threads).
    pub(super) wall_nanos: f64,
}

impl Default for Work {
    fn default() -> Work {
        Work::NONE
    }
}

impl Work {
    /// No work at all.
    pub const NONE: Work = Work {
        units: [0.0; Operation::COUNT],
        wall_nanos: 0.0,
    };

    /// `units` units of `operation`, on one thread.
    pub fn of(operation: Operation, units: u128) -> Work {
        let mut work = Work::NONE;
        let units = units as f64;
        work.units[operation.index()] = units;
        work.wall_nanos = units * operation.nanos_per_unit();
        work
    }

    /// This work and then `other`.
    pub fn plus(mut self, other: Work) -> Work {
        for (mine, theirs) in self.units.iter_mut().zip(other.units) {
            *mine += theirs;
        }
        self.wall_nanos += other.wall_nanos;
        self
    }

    /// This work `count` times over.
    pub fn times(self, count: u128) -> Work {
        self.scaled(count as f64)
    }

    /// This work `factor` times over (a mean over a sample scaled up).
    pub fn scaled(mut self, factor: f64) -> Work {
        for units in &mut self.units {
            *units *= factor;
        }
        self.wall_nanos *= factor;
        self
    }

    /// This work shared evenly by `threads` threads (at least one).
    pub fn spread_over(self, threads: usize) -> Work {
        Work {
            wall_nanos: self.wall_nanos / threads.max(1) as f64,
            ..self
        }
    }

    /// The units of `operation` in this work.
    #[inline]
    pub fn units(&self, operation: Operation) -> f64 {
        self.units[operation.index()]
    }

    /// The estimated work on one core, in nanoseconds.
    #[inline]
    pub fn cpu_nanos(&self) -> f64 {
        self.cpu_nanos_at(Operation::nanos_per_unit)
    }

    /// [`Work::cpu_nanos`] at other rates (nanoseconds per unit of each operation): what a
    /// calibration compares candidate rates by.
    #[inline]
    pub fn cpu_nanos_at(&self, rate: impl Fn(Operation) -> f64) -> f64 {
        // A loop rather than `map(..).sum()`: it runs once per instance of a stream, and the
        // release build runs fewer instructions so.
        let mut nanos = 0.0;
        for &operation in Operation::ALL {
            nanos += self.units(operation) * rate(operation);
        }
        nanos
    }

    /// The estimated wall time, in seconds.
    pub fn seconds(&self) -> f64 {
        self.wall_nanos / 1e9
    }

    /// The operation with the largest share of the time, with its units; `None` without work.
    pub fn dominant_term(&self) -> Option<(Operation, f64)> {
        Operation::ALL
            .iter()
            .map(|&operation| (operation, self.units(operation)))
            .filter(|&(_, units)| units > 0.0)
            .max_by(|a, b| (a.1 * a.0.nanos_per_unit()).total_cmp(&(b.1 * b.0.nanos_per_unit())))
    }

    /// Announces this work to [`crate::cost::progress`] as about to be done (what an accepted check
    /// does), for a part of a stream that is costed where it is read.
    pub fn announce(self) {
        crate::cost::progress::plan(self.cpu_nanos(), self.wall_nanos);
    }

    /// Reports this work finished to [`crate::cost::progress`] (unless it is part of an admitted
    /// whole, whose holder reports it).
    pub fn done(self) {
        crate::cost::progress::advance(self.cpu_nanos());
    }

    /// What dominates the work, e.g. `mostly 4.5e11 DP cells of stone-game's rolling`; empty
    /// without work.
    pub fn dominant(&self) -> String {
        match self.dominant_term() {
            Some((operation, units)) => {
                format!(
                    "mostly {} {}",
                    count(units.min(u128::MAX as f64) as u128),
                    operation.unit()
                )
            }
            None => String::new(),
        }
    }
}

/// `a * b`, saturating.
pub fn times(a: u128, b: u128) -> u128 {
    a.saturating_mul(b)
}

/// Reports a row-by-row DP's progress every `PROGRESS_ROWS` rows, as that many rows of
/// `cells` units of `operation` each (the row just done stands for the others: close enough
/// between two reports).
pub fn report_rows(row: usize, cells: usize, operation: Operation) {
    if row.is_multiple_of(PROGRESS_ROWS) {
        Work::of(operation, (PROGRESS_ROWS * cells) as u128).done();
    }
}

/// Rows between two progress reports of the row-by-row DPs.
const PROGRESS_ROWS: usize = 256;
