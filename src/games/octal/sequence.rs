//! Octal games' nim-sequences: `g(0..=N)`, computed by the rare-and-common method and stopped
//! where the octal periodicity theorem proves a period, the rest filled in by the period.
//!
//! `g(n)` is the mex of the options of a heap of `n`: the XOR of the values of the heaps a move
//! leaves ([`OctalCode::options`]). Done plainly that is `O(N²)` for a code with breaking moves
//! ([`naive_sequence`]). [`nim_sequence`] looks at the few pairs with a rare heap instead, and
//! at every pair only when the candidate value is rare (Gangolli and Plambeck, "A note on
//! periodicity in some octal games", Int. J. Game Theory 18, 1989; Flammenkamp's sparse-space
//! programs; P. Beling's `ogs`), and checks the periodicity theorem as it goes (Guy and Smith,
//! "The G-values of various games", 1956). Memory: 6 bytes a heap, 8 with breaking moves.
//!
//! The result is the library's [`NimValues`]: the values computed (up to the proof when a period
//! is proved, every value asked for otherwise) and the period, proved or only observed.
//!
//! ```
//! use gamelab::games::octal::code::OctalCode;
//! use gamelab::games::octal::sequence::nim_sequence;
//! let kayles = nim_sequence(&OctalCode::KAYLES, 100_000)?;
//! assert_eq!(&kayles.values[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
//! let period = kayles.proved_period().expect("Kayles' period is proved");
//! assert_eq!((period.period, period.preperiod), (12, 71));
//! assert!(kayles.values.len() < 200);
//! // From heap 71 on, g(n) by n mod 12 is 4 1 2 8 1 4 7 2 1 8 2 7; 10^12 is 4 mod 12.
//! assert_eq!(kayles.value(1_000_000_000_000), Some(1));
//! # Ok::<(), gamelab::games::octal::sequence::SequenceError>(())
//! ```

use super::code::{Left, OctalCode};
use super::kernel::{Kernel, VALUE_LIMIT};
use super::period::{Theorem, Tracker, least_proved};
use crate::analysis::grundy::{FoundPeriod, NimValues, Periodicity};
use crate::base::error::InputError;
use crate::cost::{Cost, Operation, Work, reserve};
use std::time::{Duration, Instant};
use thiserror::Error;

/// The rare heaps the cost estimate allows for each breaking move: the known hard codes keep
/// fewer (0.6 has 1,583 up to 2^20), and a heap never has more pairs than half its size.
pub const RARE_ALLOWANCE: usize = 2048;

/// Heaps between two progress reports.
const PROGRESS_HEAPS: usize = 4096;

/// Why a nim-sequence could not be computed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SequenceError {
    /// A value beyond what 16 bits hold.
    #[error(
        "the nim-value of a heap of {heap} in the octal game {code} is above 65535, more than \
         this computation holds; ask for fewer heaps"
    )]
    ValueTooLarge {
        /// The code, in canonical notation.
        code: String,
        /// The heap whose value overflowed.
        heap: usize,
    },
    /// More heaps than positions of 32 bits number.
    #[error("heaps up to {limit} can be computed, not {n_max}")]
    TooManyHeaps {
        /// The largest heap asked for.
        n_max: usize,
        /// The largest heap allowed.
        limit: u64,
    },
    /// The computation ran past the time budget in force (its estimate was too low) and was
    /// stopped.
    #[error("the nim-sequence of {code} ran past the time budget of {limit:?} at heap {heap}")]
    PastTimeBudget {
        /// The code, in canonical notation.
        code: String,
        /// The heaps computed when it stopped.
        heap: usize,
        /// The budget.
        limit: Duration,
    },
    /// The computation was asked to stop ([`crate::util::stop`]).
    #[error("the nim-sequence of {code} was stopped at heap {heap}")]
    Stopped {
        /// The code, in canonical notation.
        code: String,
        /// The heaps computed when it stopped.
        heap: usize,
    },
    /// The memory could not be had.
    #[error(transparent)]
    Input(#[from] InputError),
}

/// The largest heap [`nim_sequence`] computes: heaps are numbered in 32 bits.
pub const HEAP_LIMIT: u64 = u32::MAX as u64 - 1;

/// The nim-values of `code`'s heaps of 0 to `n_max`, and their period (module docs): the
/// values up to the proof when a period is proved (the rest follow from it), else all of them.
/// The period is the least one the theorem proves (ogsolve's convention), or else the one it
/// would prove first if the values went on repeating it (not proved), among the shifts that
/// repeat over a whole period and a quarter of the values at their end.
///
/// Time: per heap, the pairs with a rare heap (a few thousand at most in the codes studied)
/// and, when the candidate value is rare, a vectorised search of all pairs; it stops where a
/// period is proved. Memory: 2 bytes a heap while computing (4 with breaking moves) and the
/// result's 4. Progress is reported in the units of [`sequence_cost`]. Past the time budget in
/// force ([`crate::cost::budget`]) it stops with [`SequenceError::PastTimeBudget`]: the
/// estimate of a code whose values are large and rare can be far too low.
pub fn nim_sequence(code: &OctalCode, n_max: usize) -> Result<NimValues, SequenceError> {
    if n_max as u64 > HEAP_LIMIT {
        return Err(SequenceError::TooManyHeaps {
            n_max,
            limit: HEAP_LIMIT,
        });
    }
    let len = n_max + 1;
    let mut values = Vec::new();
    reserve(&mut values, len, "the nim-sequence")?;
    let theorem = theorem(code);
    let mut kernel = Kernel::new(code, values, n_max);
    let mut tracker = Tracker::new(theorem);
    let mut reported = 0;
    let started = Instant::now();
    let limit = crate::cost::budget().time;
    let (found, proved) = loop {
        let computed = kernel.values.len();
        let target = (computed / PROGRESS_HEAPS + 1) * PROGRESS_HEAPS;
        if kernel.extend_to(target.min(tracker.next).min(len)).is_err() {
            return Err(SequenceError::ValueTooLarge {
                code: code.to_string(),
                heap: kernel.values.len(),
            });
        }
        let computed = kernel.values.len();
        if computed.is_multiple_of(PROGRESS_HEAPS) {
            report(code, reported, computed);
            reported = computed;
            if crate::util::stop::requested() {
                return Err(SequenceError::Stopped {
                    code: code.to_string(),
                    heap: computed,
                });
            }
            if let Some(limit) = limit.filter(|&limit| started.elapsed() > limit) {
                return Err(SequenceError::PastTimeBudget {
                    code: code.to_string(),
                    heap: computed,
                    limit,
                });
            }
        }
        if computed == tracker.next || computed == len {
            let (found, proved) = tracker.check(&kernel.values);
            if proved || computed == len {
                break (found, proved);
            }
        }
    };
    report(code, reported, len);
    let mut values = kernel.values;
    let period = match found {
        Some(found) if proved => {
            let least = least_proved(&values, found, theorem);
            // Checks are spaced (Tracker::check), so the proof may have been complete a few
            // heaps before the check that found it: the result ends where the proof does,
            // whatever the spacing.
            values.truncate(least.needs);
            Some(least)
        }
        other => other,
    };
    Ok(NimValues {
        values: values.into_iter().map(u32::from).collect(),
        period: period.map(|found| FoundPeriod {
            periodicity: found.periodicity,
            proved,
        }),
    })
}

/// The nim-values of `code`'s heaps of 0 to `n_max`, each the mex over every option as
/// [`OctalCode::options`] lists them: the reference [`nim_sequence`] is tested against.
/// Time `O(n_max²)` with breaking moves, memory 4 bytes a heap and a set of the options' values.
pub fn naive_sequence(code: &OctalCode, n_max: usize) -> Result<Vec<u32>, SequenceError> {
    let mut values: Vec<u32> = Vec::new();
    reserve(&mut values, n_max + 1, "the nim-sequence")?;
    let mut seen = Vec::new();
    for heap in 0..=n_max {
        seen.clear();
        for option in code.options(heap) {
            let value = match option.left {
                Left::Nothing => 0,
                Left::One(a) => values[a],
                Left::Two(a, b) => values[a] ^ values[b],
            };
            let value = value as usize;
            if value >= seen.len() {
                seen.resize(value + 1, false);
            }
            seen[value] = true;
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        if mex > VALUE_LIMIT {
            return Err(SequenceError::ValueTooLarge {
                code: code.to_string(),
                heap,
            });
        }
        values.push(mex as u32);
    }
    Ok(values)
}

/// The period the octal periodicity theorem proves from `values` (the least one, ogsolve's
/// convention), or else the one it would prove first if the values went on repeating it, as
/// [`nim_sequence`] finds it.
///
/// Time: the length of the repeating run of every shift, `O(len)` for most sequences and up to
/// `O(len² / p)` for one that repeats with a short period `p` but is not proved.
pub fn periodicity(code: &OctalCode, values: &[u32]) -> Option<FoundPeriod> {
    let (found, proved) = Tracker::new(theorem(code)).check(values);
    let found = match found {
        Some(found) if proved => least_proved(values, found, theorem(code)),
        other => other?,
    };
    Some(FoundPeriod {
        periodicity: found.periodicity,
        proved,
    })
}

/// How many values (heaps 0 to `len - 1`) the octal periodicity theorem needs to prove
/// `period` for `code`: `2·(n0 + p) + t` with breaking moves, `n0 + p + t` without, `t` the
/// most tokens a move takes and `n0` the pre-period (at least 1).
///
/// ```
/// use gamelab::analysis::grundy::Periodicity;
/// use gamelab::games::octal::code::OctalCode;
/// use gamelab::games::octal::sequence::proof_length;
/// let kayles = Periodicity { preperiod: 71, period: 12 };
/// assert_eq!(proof_length(&OctalCode::KAYLES, kayles), 168);
/// ```
pub fn proof_length(code: &OctalCode, period: Periodicity) -> usize {
    theorem(code).needs(period.preperiod, period.period)
}

/// The estimated cost of [`nim_sequence`] up to `n_max`: its memory, and its time in pairs
/// with a rare heap — for each heap and breaking move, the pairs the plain method looks at,
/// up to [`RARE_ALLOWANCE`] of them — plus one unit a heap for the rest of its work. An
/// upper estimate for the codes studied, as the rare heaps of most codes are fewer and the
/// computation stops where a period is proved; a code whose rare heaps grow without bound
/// takes longer.
pub fn sequence_cost(code: &OctalCode, n_max: usize) -> Cost {
    let len = n_max as u128 + 1;
    // The kernel's 2 bytes (4 with breaking moves' mirror) and the result's 4.
    let per_heap = if code.has_breaking_moves() { 8 } else { 6 };
    Cost::new(
        len.saturating_mul(per_heap),
        Work::of(Operation::OctalRarePairs, units(code, 0, len as usize)),
    )
}

/// The estimated units of heaps `from..to` ([`sequence_cost`]).
fn units(code: &OctalCode, from: usize, to: usize) -> u128 {
    let heaps = to.saturating_sub(from) as u128;
    let pairs: u128 = code
        .takes_with(4)
        .iter()
        .map(|&k| {
            // Heaps of up to k + 2·allowance have fewer pairs than the allowance: half their
            // size less k, summed as a triangle.
            let knee = k + 2 * RARE_ALLOWANCE;
            let below = |n: usize| -> u128 {
                let n = n.clamp(k, knee) - k;
                (n as u128) * (n as u128) / 4
            };
            let above = to.max(knee) - from.max(knee);
            below(to) - below(from) + above as u128 * RARE_ALLOWANCE as u128
        })
        .sum();
    pairs + heaps
}

/// Reports heaps `from..to` as done.
fn report(code: &OctalCode, from: usize, to: usize) {
    Work::of(Operation::OctalRarePairs, units(code, from, to)).done();
}

/// The theorem's constants for `code`.
fn theorem(code: &OctalCode) -> Theorem {
    Theorem {
        take: code.largest_take(),
        factor: if code.has_breaking_moves() { 2 } else { 1 },
    }
}
