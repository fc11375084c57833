//! Subtract-a-square's losing positions (OEIS A030193) up to N by a forward sieve in windows that
//! fit the L2 cache, streamed in increasing order: the kernel behind counting them at research
//! scale (N = 2^30 and beyond) and behind the value of one large N.
//!
//! The recurrence. A position k is losing iff no k - j² (j >= 1) is losing; 0 is losing. Read
//! forwards: every losing p knocks out p + 1, p + 4, p + 9, ..., and a position no earlier losing
//! position knocked out is losing (D. Eppstein, "Faster Evaluation of Subtraction Games", FUN
//! 2018). The knock-outs of p are p + j² for j = 1, 2, ...: from one to the next the step grows
//! by 2 (d = 2j + 1), so each losing position carries its state, the next knock-out q and its
//! step d, and resumes where it stopped.
//!
//! The windows. A byte or bit per position over all of 0..=N would make every knock-out a cache
//! miss once N outgrows the cache, since the knock-outs of one p land √N apart. Instead the
//! positions are taken in windows of a few million bits ([`DEFAULT_WINDOW`]), and for each
//! window:
//!
//! 1. every losing position found before it marks its knock-outs inside the window (q += d,
//!    d += 2 while q is below the window's end) — the bulk of the work, split over threads: each
//!    takes an interleaved share of the states (chunks `t`, `t + T`, ...: the recent states,
//!    with small steps, mark the most) and marks into its own copy of the window, and the copies
//!    are ORed together, so the result is the same bits whatever the thread count;
//! 2. one sequential scan finds the window's unmarked positions a word at a time: each is losing,
//!    marks its own knock-outs inside the window at once (they are all after it), and joins the
//!    states.
//!
//! Time: one step per knock-out, Σ over losing p <= N of ⌊√(N − p)⌋ of them (about 0.64·N^1.2,
//! [`knockouts_estimate`]), plus one visit of every state per window. Memory: 12 bytes per losing
//! position (about 0.87·N^0.7 of them, [`losing_estimate`]) and one window of bits per thread; the
//! positions themselves are handed to a sink window by window and not kept.

use crate::base::error::InputError;
use crate::cost::{Cost, Operation, Work, reserve, try_filled};
use crate::util::parallel::pool_threads;

/// The largest N the sieve accepts: every step (at most 2√N + 3) then fits the 32 bits a state
/// keeps for it, and no position overflows; far beyond any N whose states fit a machine.
pub const SIEVE_LIMIT: u64 = 1 << 56;

/// Positions per window unless asked otherwise: a window of bits per thread sits in its core's
/// L2 cache with room for the states streaming past it.
pub const DEFAULT_WINDOW: u64 = 1 << 20;

/// States per chunk of the interleaved shares: long enough to stream, short enough that the
/// shares come out even.
const CHUNK: usize = 1024;

/// The bytes one losing position's state takes: its next knock-out (8) and step (4).
pub const STATE_BYTES: u64 = 12;

/// How the sieve runs. Neither setting changes its output, only its speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SieveOptions {
    /// Positions per window (rounded up to a multiple of 64, and no more than N + 1 needs).
    pub window: u64,
    /// Threads marking the earlier losing positions' knock-outs, each into its own copy of the
    /// window (at least 1; more than the pool's threads take turns).
    pub threads: usize,
}

impl Default for SieveOptions {
    /// [`DEFAULT_WINDOW`] and a thread per thread of the pool this runs in.
    fn default() -> SieveOptions {
        SieveOptions {
            window: DEFAULT_WINDOW,
            threads: pool_threads(),
        }
    }
}

/// Streams the losing positions of subtract-a-square in `0..=limit` to `sink` in increasing
/// order, a window's worth at a time (a chunk may be empty), and returns how many there were.
///
/// The sink may stop the sieve by returning an error, which is returned as it is: a caller
/// writing the positions to a file passes its I/O error on, and one that wants to stop early
/// (an interrupt) returns one of its own. Progress is reported window by window in units of
/// [`Operation::SubtractASquareSieve`] (see [`crate::cost::progress`]). An N above
/// [`SIEVE_LIMIT`], or memory the system refuses, is an [`InputError`].
///
/// ```
/// use gamelab::games::stone_game_iv::sieve::{SieveOptions, losing_positions};
/// let mut losing = Vec::new();
/// let count = losing_positions(40, SieveOptions::default(), |chunk| {
///     losing.extend_from_slice(chunk);
///     Ok::<(), gamelab::base::error::InputError>(())
/// })?;
/// assert_eq!(losing, [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39]);
/// assert_eq!(count, 12);
/// # Ok::<(), gamelab::base::error::InputError>(())
/// ```
pub fn losing_positions<E: From<InputError>>(
    limit: u64,
    options: SieveOptions,
    mut sink: impl FnMut(&[u64]) -> Result<(), E>,
) -> Result<u64, E> {
    check_limit(limit)?;
    let window = options.window.min(limit + 1).max(64).next_multiple_of(64);
    let mut copies = (0..options.threads.max(1))
        .map(|_| try_filled((window / 64) as usize, 0u64, "the sieve's window"))
        .collect::<Result<Vec<_>, _>>()?;
    let mut known = States::for_limit(limit)?;
    let (mut found, mut fresh) = (Vec::new(), Vec::new());
    let mut total = 0;
    let mut low = 0;
    loop {
        // The window is low..high, high at most limit + 1.
        let high = limit.min(low + (window - 1)) + 1;
        known.mark(&mut copies, low, high);
        merge(&mut copies);
        found.clear();
        fresh.clear();
        scan(&mut copies[0], low, high, &mut found, &mut fresh);
        copies[0].fill(0);
        known.add(&fresh, limit)?;
        total += found.len() as u64;
        report(low, high);
        sink(&found)?;
        if high > limit {
            return Ok(total);
        }
        low = high;
    }
}

/// Whether `n` stones are a losing position of subtract-a-square (the player to move loses
/// with best play): the sieve run to `n`, whose last losing position is `n` or not.
///
/// ```
/// use gamelab::games::stone_game_iv::sieve::{SieveOptions, is_losing};
/// assert!(is_losing(34, SieveOptions::default())?);
/// assert!(!is_losing(35, SieveOptions::default())?);
/// # Ok::<(), gamelab::base::error::InputError>(())
/// ```
pub fn is_losing(n: u64, options: SieveOptions) -> Result<bool, InputError> {
    let mut last = 0;
    losing_positions(n, options, |chunk| {
        if let Some(&position) = chunk.last() {
            last = position;
        }
        Ok::<(), InputError>(())
    })?;
    Ok(last == n)
}

/// Refuses an N above [`SIEVE_LIMIT`].
fn check_limit(limit: u64) -> Result<(), InputError> {
    if limit > SIEVE_LIMIT {
        return Err(InputError::OutOfRange {
            what: "the sieve's N".to_string(),
            requirement: format!("at most 2^{}", SIEVE_LIMIT.trailing_zeros()),
            value: limit.to_string(),
        });
    }
    Ok(())
}

/// The state of every losing position found so far, in the order found: its next knock-out and
/// the step from there to the one after (two arrays, so a chunk of either is a plain slice).
struct States {
    next: Vec<u64>,
    step: Vec<u32>,
}

impl States {
    /// Room for the losing positions a sieve to `limit` finds (an over-estimate, reserved but
    /// not touched), or the error that the system refused it.
    fn for_limit(limit: u64) -> Result<States, InputError> {
        let room = usize::try_from(losing_estimate(limit)).unwrap_or(usize::MAX);
        let (mut next, mut step) = (Vec::new(), Vec::new());
        reserve(&mut next, room, "the sieve's losing positions")?;
        reserve(&mut step, room, "the sieve's losing positions")?;
        Ok(States { next, step })
    }

    /// Marks every state's knock-outs in `low..high`, into `copies[0]` alone on one thread, else
    /// a share of the states into each copy on a thread of its own.
    fn mark(&mut self, copies: &mut [Vec<u64>], low: u64, high: u64) {
        let threads = copies.len();
        let chunks = self.next.chunks_mut(CHUNK).zip(self.step.chunks_mut(CHUNK));
        if threads == 1 {
            for (next, step) in chunks {
                mark_chunk(next, step, &mut copies[0], low, high);
            }
            return;
        }
        let mut shares: Vec<Vec<(&mut [u64], &mut [u32])>> = Vec::with_capacity(threads);
        shares.resize_with(threads, Vec::new);
        for (index, chunk) in chunks.enumerate() {
            shares[index % threads].push(chunk);
        }
        rayon::scope(|scope| {
            for (share, bits) in shares.into_iter().zip(copies.iter_mut()) {
                scope.spawn(move |_| {
                    for (next, step) in share {
                        mark_chunk(next, step, bits, low, high);
                    }
                });
            }
        });
    }

    /// Adds the states of a window's losing positions, leaving out those whose next knock-out is
    /// past `limit` (they mark nothing more).
    fn add(&mut self, fresh: &[(u64, u32)], limit: u64) -> Result<(), InputError> {
        // The room reserved up front is an over-estimate; this only grows it if it was not.
        reserve(&mut self.next, fresh.len(), "the sieve's losing positions")?;
        reserve(&mut self.step, fresh.len(), "the sieve's losing positions")?;
        for &(next, step) in fresh.iter().filter(|(next, _)| *next <= limit) {
            self.next.push(next);
            self.step.push(step);
        }
        Ok(())
    }
}

/// Marks the knock-outs in `low..high` of a chunk of states into `bits` (bit i: position
/// low + i), leaving each state at its first knock-out from `high` on.
fn mark_chunk(next: &mut [u64], step: &mut [u32], bits: &mut [u64], low: u64, high: u64) {
    let length = (high - low) as usize;
    for (next, step) in next.iter_mut().zip(step.iter_mut()) {
        if *next >= high {
            continue;
        }
        let (at, stepped) = knock_out(bits, (*next - low) as usize, *step as usize, length);
        *next = low + at as u64;
        *step = stepped as u32;
    }
}

/// Sets the bits `at`, `at + step`, `at + 2·step + 2`, ... below `length` (the squares' gaps
/// from `at`) and returns where it stopped: the next position and step.
#[inline(always)]
fn knock_out(bits: &mut [u64], mut at: usize, mut step: usize, length: usize) -> (usize, usize) {
    while at < length {
        bits[at / 64] |= 1 << (at % 64);
        at += step;
        step += 2;
    }
    (at, step)
}

/// ORs every other copy of the window into the first and clears it for the next window.
fn merge(copies: &mut [Vec<u64>]) {
    if let Some((first, others)) = copies.split_first_mut() {
        for other in others {
            for (word, theirs) in first.iter_mut().zip(other.iter_mut()) {
                *word |= *theirs;
                *theirs = 0;
            }
        }
    }
}

/// Finds the unmarked positions of the window `low..high` in increasing order (into `found`):
/// each is losing and marks its own knock-outs in the window before the scan goes on, and its
/// state from `high` on goes to `fresh`.
fn scan(bits: &mut [u64], low: u64, high: u64, found: &mut Vec<u64>, fresh: &mut Vec<(u64, u32)>) {
    let length = (high - low) as usize;
    let words = length.div_ceil(64);
    let bits = &mut bits[..words];
    if !length.is_multiple_of(64) {
        // The positions past the window's end read as marked.
        bits[words - 1] |= u64::MAX << (length % 64);
    }
    for word in 0..words {
        while bits[word] != u64::MAX {
            let bit = (!bits[word]).trailing_zeros() as usize;
            bits[word] |= 1 << bit;
            let offset = word * 64 + bit;
            found.push(low + offset as u64);
            let (at, step) = knock_out(bits, offset + 1, 3, length);
            fresh.push((low + at as u64, step as u32));
        }
    }
}

/// Reports the knock-outs of the window `low..high` as done, by the estimate (the knock-outs
/// landing in 0..=x are those of a sieve to x, so a window's are the difference of two).
fn report(low: u64, high: u64) {
    let before = low.checked_sub(1).map_or(0, knockouts_estimate);
    let through = knockouts_estimate(high - 1);
    Work::of(
        Operation::SubtractASquareSieve,
        through.saturating_sub(before),
    )
    .done();
}

/// An over-estimate of the losing positions in 0..=n: 0.95·n^0.7 + 10.
///
/// An empirical fit, not a proof: the exact counts c(n) at the powers of two from 2^10 to 2^32
/// follow 0.92·n^0.697 (least squares on log c against log n; c(2^32) = 4,768,367), and over
/// every n from 10^3 to 2^32 c(n)/n^0.7 stays below 0.937 (measured at each losing position,
/// where the ratio peaks); the 10 covers the small n, where c(n) − 0.9·n^0.7 reaches 8.1.
pub fn losing_estimate(n: u64) -> u64 {
    (0.95 * (n as f64).powf(0.7)).ceil() as u64 + 10
}

/// An over-estimate of the knock-outs of a sieve to n, Σ over losing p <= n of ⌊√(n − p)⌋:
/// ⌈0.7·n^1.2⌉.
///
/// An empirical fit, not a proof. With c(n) ≈ a·n^b losing positions the sum is about
/// a·b·B(b, 3/2)·n^(b + 1/2), which is 0.64·n^1.2 at a = 0.87, b = 0.7 (the counts' ratio to
/// n^0.7 from 2^20 on). The exact sums, computed from the sieve's positions at 16 points per
/// octave from 10^3 to 2^32 and at every n from 10^3 to 20,000, give K(n)/n^1.2 between 0.630
/// and 0.663, so this is above them by 6% to 11%.
pub fn knockouts_estimate(n: u64) -> u128 {
    (0.7 * (n as f64).powf(1.2)).ceil() as u128
}

/// The cost of a sieve to `limit` with the default options: the states of its losing positions
/// and a window per thread, and its knock-outs spread over the pool's threads.
pub fn sieve_cost(limit: u64) -> Cost {
    let threads = pool_threads();
    let states = losing_estimate(limit) as u128 * STATE_BYTES as u128;
    let windows = threads as u128 * (DEFAULT_WINDOW.min(limit + 64) / 8) as u128;
    let work = Work::of(Operation::SubtractASquareSieve, knockouts_estimate(limit));
    Cost::new(states + windows, work.spread_over(threads))
}
