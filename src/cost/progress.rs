//! How far the running request has got, in the units of its time estimate: every accepted
//! budget check announces the work it admitted ([`plan`], called by `budget::Cost::check`), and
//! the long loops report the work they finish ([`advance`], through `budget::Work::done`) in
//! the same estimated nanoseconds.
//! A front end reads both ([`snapshot`]) to draw a progress bar with an estimated time left;
//! the library draws nothing itself.
//!
//! Process-wide and lock-free (atomic counters), like the budget: loops report per row, per unit
//! of instances or per block of cells — never per cell — so the counters cost nothing
//! measurable. A request that runs in several parts (a stream of instances, a claim and then its
//! shrinking) plans each part as it is admitted, so the planned total can grow while it runs.
//!
//! Nesting. A study that costs its whole run at once (a sweep, a tournament) holds an
//! [`Admitted`] while it runs and reports its progress through it; the parts it runs (a solve
//! per instance, a strategy per game) are costed again on their own, but while an admission is
//! held neither their checks ([`plan`]) nor their loops ([`advance`]) count, so nothing is
//! counted twice. A whole made of admitted wholes (a strategy curve: one study per budget) is
//! planned at once by the outer admission and reported by the inner ones.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Work admitted so far, in estimated nanoseconds on one core.
static PLANNED_CPU: AtomicU64 = AtomicU64::new(0);
/// Work admitted so far, in estimated wall nanoseconds.
static PLANNED_WALL: AtomicU64 = AtomicU64::new(0);
/// Work finished so far, in estimated nanoseconds on one core.
static DONE: AtomicU64 = AtomicU64::new(0);
/// How many admissions are held.
static DEPTH: AtomicUsize = AtomicUsize::new(0);

/// The state of the running request.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Work admitted, in estimated nanoseconds on one core.
    pub planned: u64,
    /// Estimated wall time of the work admitted, in nanoseconds.
    pub planned_wall: u64,
    /// Work finished, in estimated nanoseconds on one core (at most `planned` in a display).
    pub done: u64,
}

impl Progress {
    /// The share done, between 0 and 1.
    pub fn fraction(&self) -> f64 {
        if self.planned == 0 {
            0.0
        } else {
            (self.done as f64 / self.planned as f64).min(1.0)
        }
    }
}

#[inline]
fn saturating_nanos(nanos: f64) -> u64 {
    if nanos.is_finite() && nanos > 0.0 {
        nanos.min(u64::MAX as f64) as u64
    } else if nanos > 0.0 {
        u64::MAX
    } else {
        0
    }
}

#[inline]
fn add(counter: &AtomicU64, amount: u64) {
    // fetch_update never fails with a closure that always returns Some.
    let _ = counter.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |value| {
        Some(value.saturating_add(amount))
    });
}

/// Announces work the request is about to do (called when a budget check accepts it): its
/// estimated nanoseconds on one core and of wall time, unless it is part of an admitted whole.
pub fn plan(cpu_nanos: f64, wall_nanos: f64) {
    if DEPTH.load(Ordering::Relaxed) == 0 {
        add_planned(cpu_nanos, wall_nanos);
    }
}

fn add_planned(cpu_nanos: f64, wall_nanos: f64) {
    add(&PLANNED_CPU, saturating_nanos(cpu_nanos));
    add(&PLANNED_WALL, saturating_nanos(wall_nanos));
}

#[inline]
fn add_done(cpu_nanos: f64) {
    let nanos = saturating_nanos(cpu_nanos);
    if nanos > 0 {
        add(&DONE, nanos);
    }
}

/// Reports work finished (its estimated nanoseconds on one core), unless it is part of an
/// admitted whole (whose holder reports it).
#[inline]
pub fn advance(cpu_nanos: f64) {
    if DEPTH.load(Ordering::Relaxed) == 0 {
        add_done(cpu_nanos);
    }
}

/// Reports what is left of a part's estimated work (`planned`, nanoseconds on one core) as
/// finished once the part is done: its loops may report some of it as they go (a long row's
/// kernel), the rest (a small solve, a line of play) is reported here. `done_before` is the
/// [`snapshot`]'s `done` taken when the part started. Like [`advance`], nothing counts inside an
/// admitted whole.
pub fn settle(planned: f64, done_before: u64) {
    let reported = DONE.load(Ordering::Relaxed).saturating_sub(done_before) as f64;
    if planned > reported {
        advance(planned - reported);
    }
}

/// A whole request admitted at once (see the module docs): while it is held, the checks and
/// loops of its parts do not count, and its holder reports the work done through it.
#[derive(Debug)]
pub struct Admitted {
    _held: (),
}

/// Admits work (its estimated nanoseconds on one core and of wall time) as one whole: plans it
/// (unless inside another admission, which planned it already) and holds the parts' counting
/// off until the returned value is dropped.
pub fn admit(cpu_nanos: f64, wall_nanos: f64) -> Admitted {
    if DEPTH.fetch_add(1, Ordering::Relaxed) == 0 {
        add_planned(cpu_nanos, wall_nanos);
    }
    Admitted { _held: () }
}

impl Admitted {
    /// Reports work of the admitted whole finished (its estimated nanoseconds on one core).
    #[inline]
    pub fn advance(&self, cpu_nanos: f64) {
        add_done(cpu_nanos);
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        DEPTH.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The state of the running request.
pub fn snapshot() -> Progress {
    Progress {
        planned: PLANNED_CPU.load(Ordering::Relaxed),
        planned_wall: PLANNED_WALL.load(Ordering::Relaxed),
        done: DONE.load(Ordering::Relaxed),
    }
}

/// Puts the counters back to `saved`, a [`snapshot`] taken before work that must not count (a
/// calibration run before a request).
pub fn restore(saved: Progress) {
    PLANNED_CPU.store(saved.planned, Ordering::Relaxed);
    PLANNED_WALL.store(saved.planned_wall, Ordering::Relaxed);
    DONE.store(saved.done, Ordering::Relaxed);
}

/// Forgets the work planned and done (a front end starting a new request in the same process).
pub fn reset() {
    PLANNED_CPU.store(0, Ordering::Relaxed);
    PLANNED_WALL.store(0, Ordering::Relaxed);
    DONE.store(0, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fraction_done_stays_between_zero_and_one() {
        let empty = Progress::default();
        assert_eq!(empty.fraction(), 0.0);
        let half = Progress {
            planned: 10,
            planned_wall: 5,
            done: 5,
        };
        assert_eq!(half.fraction(), 0.5);
        let over = Progress { done: 20, ..half };
        assert_eq!(over.fraction(), 1.0);
        // Saturation rather than overflow.
        assert_eq!(saturating_nanos(f64::INFINITY), u64::MAX);
        assert_eq!(saturating_nanos(f64::NAN), 0);
    }
}
