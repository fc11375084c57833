//! What stone-game's solvers cost, from the number of piles alone, and the budget checks the
//! paths that solve many rows make once: the longest row each solver accepts under the budget.

use crate::base::error::SolveError;
use crate::cost::{Cost, Operation, Work};
use crate::games::stone_game::fast::THREADING_THRESHOLD;
use crate::games::stone_game::line::line_memory;
use crate::games::stone_game::{PEAKS, ROLLING};
use crate::solve::{SolverKind, line_cost_of};
use crate::util::parallel::available_threads;

/// What `rolling` costs on `n` piles (the value): n²/2 cells on every core for long rows, one
/// row of 8-byte values (and the piles, padded).
pub(crate) fn rolling_cost(n: u64) -> Cost {
    let n = n as u128;
    Cost::new(
        n.saturating_mul(32),
        on_threads(
            n,
            Work::of(Operation::StoneGameRollingRow, n.saturating_mul(n) / 2),
        ),
    )
}

/// What `rolling` costs on `n` piles with the moves: the cells again, with checkpoint rows and
/// one segment's triangle ([`line_memory`]), which past about 155,000 piles grows as n^(4/3)
/// (about 750 MB at a million piles).
pub(crate) fn rolling_line_cost(n: usize) -> Cost {
    let piles = n as u128;
    Cost::new(
        piles.saturating_mul(32).saturating_add(line_memory(n)),
        on_threads(
            piles,
            Work::of(
                Operation::StoneGameRollingLine,
                piles.saturating_mul(piles) / 2,
            ),
        ),
    )
}

/// The fast kernel's rows of at least [`THREADING_THRESHOLD`] piles run on every core.
fn on_threads(n: u128, work: Work) -> Work {
    if n >= THREADING_THRESHOLD as u128 {
        work.spread_over(available_threads())
    } else {
        work
    }
}

/// What `peaks` costs on `n` piles: its stack and the row, 8 bytes a pile each, and linear
/// time (each pile is pushed once and merged away at most once, then taken in the valley walk).
pub(crate) fn peaks_cost(n: u64) -> Cost {
    let n = n as u128;
    Cost::new(n.saturating_mul(16), Work::of(Operation::StoneGamePeaks, n))
}

/// What `peaks` costs with the moves: both children of every position on the line, about n of
/// its rows of n/2 piles on average.
pub(crate) fn peaks_line_cost(n: usize) -> Cost {
    let one = peaks_cost(n as u64);
    Cost::new(one.memory, one.work.times(n as u128 / 2 + 1))
}

/// What a two-dimensional table of `n` x `n` cells of `cell_bytes` costs (`table`, `diff`, the
/// position values of optimal play): n²/2 cells computed, n² allocated.
pub(crate) fn table_cost(n: usize, cell_bytes: u128, operation: Operation) -> Cost {
    let n = n as u128;
    let cells = n.saturating_mul(n);
    Cost::new(
        cells.saturating_mul(cell_bytes),
        Work::of(operation, cells / 2),
    )
}

/// `first_margin`'s cost for rows up to `size`: `operation` per cell of rows up to 256 piles,
/// `peaks` above (see [`auto_value_solver_for`]).
pub(crate) fn short_or_peaks(size: u64, operation: Operation) -> Cost {
    let limit = AUTO_ROLLING_VALUE_LIMIT as u128;
    let short = size.min(AUTO_ROLLING_VALUE_LIMIT as u64) as u128;
    let rolling = Cost::new(
        short.saturating_mul(32),
        Work::of(operation, short * short / 2),
    );
    if (size as u128) <= limit {
        return rolling;
    }
    let peaks = peaks_cost(size);
    if peaks.work.seconds() > rolling.work.seconds() {
        Cost::new(rolling.memory.max(peaks.memory), peaks.work)
    } else {
        Cost::new(rolling.memory.max(peaks.memory), rolling.work)
    }
}

/// The longest row whose value alone `auto` gives by `rolling` rather than `peaks`: up to here
/// the batch path's SIMD lanes solve many rows at once faster than `peaks` solves them one by
/// one, and one such row takes microseconds either way; above it `peaks`, O(n), wins by more
/// and more (the performance chapter has the figures).
pub const AUTO_ROLLING_VALUE_LIMIT: usize = 256;

/// The solver `auto` picks for the value alone of a row of `piles` piles (the batch path of
/// `solve --input` asks it too, so a row gets the same answer, solver's name included, on every
/// path): `rolling` up to [`AUTO_ROLLING_VALUE_LIMIT`], `peaks` (proved exact,
/// `docs/src/internals/peaks-proof.md`) above it.
pub fn auto_value_solver_for(piles: usize) -> SolverKind {
    if piles <= AUTO_ROLLING_VALUE_LIMIT {
        ROLLING
    } else {
        PEAKS
    }
}

/// Refuses `rolling` (the value) on `n` piles over the budget: the solver without a size limit
/// of its own, and O(n^2) — 10^7 piles would run for half an hour where `peaks` gives the value
/// in a second. For paths that solve many rows and look up the longest they accept.
pub fn check_rolling_budget(n: usize) -> Result<(), SolveError> {
    rolling_cost(n as u64).check_nested(
        format_args!("solving {n} piles with the solver rolling"),
        "the solver peaks gives the value alone in O(n)",
    )?;
    Ok(())
}

/// Refuses `rolling` with the moves on `n` piles over the budget.
pub fn check_rolling_line_budget(n: usize) -> Result<(), SolveError> {
    rolling_line_cost(n)
        .then(line_cost_of(n as u128, 2))
        .check_nested(
            format_args!("listing the moves on {n} piles with the solver rolling"),
            "add --value-only: the solver peaks gives the value alone in O(n)",
        )?;
    Ok(())
}

/// Refuses `peaks` (the value) on `n` piles over the budget: only a budget set very low does.
pub fn check_peaks_budget(n: usize) -> Result<(), SolveError> {
    peaks_cost(n as u64).check_nested(
        format_args!("solving {n} piles with the solver peaks"),
        "no solver gives the value for less: use fewer piles",
    )?;
    Ok(())
}

/// The time [`check_rolling_line_budget`] admits for `n` piles, for a stream to announce.
pub fn rolling_line_work(n: usize) -> Work {
    rolling_line_cost(n).then(line_cost_of(n as u128, 2)).work
}

/// The time [`check_rolling_budget`] admits for `n` piles, for a stream to announce.
pub fn rolling_value_work(n: usize) -> Work {
    rolling_cost(n as u64).work
}

/// The longest row `check` accepts under the budget in force (the costs grow with n, so a
/// binary search), for paths that check many rows against it.
fn longest_accepted(check: fn(usize) -> Result<(), SolveError>) -> usize {
    let (mut accepted, mut refused) = (0usize, 1usize << 40);
    while refused - accepted > 1 {
        let middle = accepted + (refused - accepted) / 2;
        if check(middle).is_ok() {
            accepted = middle;
        } else {
            refused = middle;
        }
    }
    accepted
}

/// The longest row [`check_rolling_budget`] accepts under the budget in force.
pub fn longest_rolling_row() -> usize {
    longest_accepted(check_rolling_budget)
}

/// The longest row [`check_rolling_line_budget`] accepts under the budget in force.
pub fn longest_rolling_line_row() -> usize {
    longest_accepted(check_rolling_line_budget)
}

/// The longest row [`check_peaks_budget`] accepts under the budget in force.
pub fn longest_peaks_row() -> usize {
    longest_accepted(check_peaks_budget)
}

/// What to do when `peaks` refuses a move list: its value has no size limit.
pub(crate) const PEAKS_ADVICE: &str =
    "add --value-only (peaks gives the value at any size), or use the solver rolling for the moves";
/// [`PEAKS_ADVICE`] for a row over rolling's budget as well.
pub(crate) const PEAKS_VALUE_ADVICE: &str = "add --value-only (peaks gives the value at any size), or raise \
    the time budget for the solver rolling's moves";
