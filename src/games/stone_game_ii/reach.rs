//! Stone Game II (LeetCode 1140) in O(n^2) over the reachable positions only, computed in
//! bands of rows column by column so that every hot loop reads memory in short runs, on every
//! available thread: the kernel of the `window` solver.
//!
//! Notation as in [`crate::games::stone_game_ii::dp`]: `v(i, m)` is the margin of the player to move with
//! `piles[i..]` left and M = m, `S` the prefix sums, r = n - i, and M is capped at ⌈r/2⌉ (any
//! larger M already allows taking everything, now and on every later turn):
//!
//! `v(i, m) = max over 1 <= x <= min(2m, r) of (S[i+x] - S[i]) - v(i+x, max(m, x))`, `v(n, .) = 0`.
//!
//! # Which positions are stored
//!
//! Let `R(0) = 1` and, for t >= 1, `R(t) = max(R(t-1), t - lo(t))` with `lo(t)` the smallest i
//! with `i + 2 R(i) >= t`. The set `P = {(i, m) : 1 <= m <= R(i)}` holds the start (0, 1) and is
//! closed under moves: from (i, m) in P a move takes x <= 2m <= 2R(i) piles, so `lo(i+x) <= i`
//! and `R(i+x) >= (i+x) - lo(i+x) >= x`; R never decreases, so `R(i+x) >= R(i) >= m`; hence
//! `max(m, x) <= R(i+x)`. Every position of a game from the start is in P, and the recurrence on P
//! reads only P (capped), so row i stores m = 1..=K(i) with `K(i) = min(R(i), ⌈(n-i)/2⌉)`. R(i)
//! grows like i/2 (R = t - lo with lo + 2R(lo) = t gives R = t/2) and meets ⌈(n-i)/2⌉ near
//! i = n/2, so there are about n²/8 cells instead of the n²/4 of the full table. A read of
//! (j, m) with m > K(j) is a capped read (m > ⌈(n-j)/2⌉, never m > R(j), by the closure above)
//! and returns `v(j, K(j))`, kept in `tops`.
//!
//! # The recurrence, in O(1) amortised per cell
//!
//! As in [`crate::games::stone_game_ii::dp`], split the moves at X = M: `v(i, m) = max(A, B) - S[i]` with
//! - `A = max over j in [i+1, i+m] of f_m(j)`, `f_m(j) = S[j] - v(j, m)` (X <= M keeps M),
//! - `B = max over x in (m, min(2m, r)] of g_i(x)`, `g_i(x) = S[i+x] - v(i+x, x)` (X > M).
//!
//! A is a sliding maximum of fixed width m down column m; it is computed without deques
//! (van Herk / Gil-Werman): cut column m into blocks `[s, s+m)` with s a multiple of m. The
//! window `[i+1, i+m]` is the part `[i+1, s+m-1]` of the block holding i+1 (s <= i+1), plus the
//! part `[s+m, i+m]` of the block above (empty when i+1 = s). The first part's maximum is a
//! running maximum kept per column while i falls, restarted at each block's top. The second is
//! a prefix maximum of the block above, which is complete by then: when row i pushes the block's
//! lowest cell (i+1 = s), its prefix maxima `PM(t) = max f_m over [s, t]` are computed in one
//! upward pass over column m (stored contiguously, see below), and `PM(t)` is stored in
//! column m's ring of m slots, at slot t mod m, where row `t - m` reads it (slot i mod m for
//! row i; the next block's pass overwrites a slot only after its row has read it). Every cell
//! enters one running maximum and one prefix pass, so A costs O(1) amortised.
//! A block may reach above the cells ever pushed (a column starts at row n - m): the running
//! maximum and the pass then cover only pushed cells, which suffices because rows that query
//! column m (i <= n - 2m + 1) have windows ending at n - m + 1 or below.
//!
//! B's window `(m, 2m]` moves right as m grows (both ends non-decreasing). For the narrow
//! columns (m < BAND) it is one monotone deque per row over `g_i`, O(1) amortised per x. For
//! the wide ones it is split without branches on the data (`BandMoves`): for m in a level
//! `[L, 2L)`, L a power of two, `(m, 2m] = (m, 2L] ∪ (2L, 2m]`; the first part is a suffix
//! maximum of `g_i` made for the whole level in one backward pass, the second a prefix maximum
//! that takes in two x per column. Each x is read once per level pass and once per prefix, so
//! O(1) amortised too, and the deque's pops, which mispredicted about once per cell, are gone.
//!
//! # Order of work and memory layout
//!
//! Cell (i, m) reads column m in rows i+1..=i+m and columns m+1..=2m only in rows i+m+1 and
//! up. So for a band of rows `[low, low + BAND)` the columns m >= BAND read nothing of the
//! band's other columns (but for capped reads, see `stone_game_ii_band`): they are
//! computed first, column by column, each column's rows in falling order, B from the band's
//! `BandMoves`, the columns split among threads. Then the narrow columns m < BAND row by row,
//! on one thread while the next band's wide columns are made. The last 2·BAND + 2 rows, where
//! a capped read may land on a narrow column of the same band, are computed row by row first.
//! Cells are stored column by column (column m holds the rows with m <= K(i), a range), so a
//! column's step through a band, its prefix pass and B's reads of columns 2m - 1 and 2m are
//! all short runs of consecutive memory: far fewer first-level cache misses than a row-by-row
//! order over diagonal-tiled tables, and no
//! table of prefix maxima as large as the cells (the rings hold about n²/32 slots). The runs
//! are too short for the processor's own prefetcher, so the kernel asks for each column's runs
//! a few columns before it reads them.
//!
//! Values are `i32` when the sum of |piles| fits (every margin, and every stored prefix maximum
//! taken relative to `S[i]`, is bounded by it), else `i64`: the same answers either way.
//! Memory: about n²/8 cells and n²/32 ring slots, so 5n²/8 bytes as `i32` (62 MB at
//! n = 10,000), 5n²/4 as `i64` ([`peak_bytes`]); the rings are freed before the table is
//! returned.

use std::sync::atomic::{AtomicI32, AtomicI64};

use crate::games::stone_game_ii::band::BandWorkers;
use crate::games::stone_game_ii::board::{
    BAND, Board, ColumnState, Columns, RowDeque, Width, narrow_row,
};
use crate::games::stone_game_ii::dp::{fits_narrow, m_cap};
use crate::util::parallel::available_threads;

/// The largest instance the `window` solver accepts: at most 250 MB of cells and rings as
/// `i32`, 500 MB as `i64` (within the default 1 GiB budget), and a few seconds of work.
pub const REACH_PILE_LIMIT: usize = 20_000;

/// `R(i)` for i in 0..=n: the largest M any position with i piles taken can have (see the
/// module docs).
pub fn reachable_m(n: usize) -> Vec<usize> {
    let mut reach = vec![1usize; n + 1];
    // The smallest i with i + 2 R(i) >= t; non-decreasing in t because R is.
    let mut lowest = 0usize;
    for t in 1..=n {
        while lowest + 2 * reach[lowest] < t {
            lowest += 1;
        }
        reach[t] = reach[t - 1].max(t - lowest);
    }
    reach
}

/// The cells a table for `n` piles stores, `sum of K(i)`: what the memory estimate counts.
pub fn cell_count(n: usize) -> usize {
    let reach = reachable_m(n);
    (0..n).map(|i| reach[i].min(m_cap(n - i))).sum()
}

/// The most memory the kernel holds for `n` piles with `i64` values (half of it is `i32`
/// values): the cells, the rings of prefix maxima (one slot per row of every column any row
/// reads, m <= max K), each thread's suffix maxima for one level (L <= max K slots per band
/// row) and, at worst, two entries per x in the narrow columns' deque.
pub fn peak_bytes(n: usize) -> usize {
    let reach = reachable_m(n);
    let widest = (0..n)
        .map(|i| reach[i].min(m_cap(n - i)))
        .max()
        .unwrap_or(0);
    let rings = widest * (widest + 1) / 2;
    let suffixes = available_threads() * BAND * widest * std::mem::size_of::<i64>();
    let deque = (2 * widest + 2) * std::mem::size_of::<(usize, i64)>();
    (cell_count(n) + rings) * std::mem::size_of::<i64>() + suffixes + deque
}

/// The most memory [`reach_table`] holds for these piles: [`peak_bytes`], halved when the
/// values fit in `i32`.
pub fn table_bytes(piles: &[i64]) -> usize {
    let bytes = peak_bytes(piles.len());
    if fits_narrow(piles) { bytes / 2 } else { bytes }
}

/// `v(i, m)` for every stored position (see the module docs).
pub struct ReachTable {
    n: usize,
    /// `K(i)`: row i holds m = 1..=K(i).
    widths: Vec<usize>,
    /// `v(i, K(i))`, the value of every M above the stored ones when the cap binds; 0 at n.
    tops: Vec<i64>,
    values: Values,
}

/// The values by column, as narrow as [`fits_narrow`] proved exact.
enum Values {
    Narrow(Columns<AtomicI32>),
    Wide(Columns<AtomicI64>),
}

impl ReachTable {
    /// `v(i, m)` for every m <= R(i), and for every m when R(i) reaches the cap ⌈r/2⌉; `None`
    /// for the other m, which no game from the start reaches.
    pub fn get(&self, i: usize, m: usize) -> Option<i64> {
        if i >= self.n {
            return Some(0);
        }
        let width = self.widths[i];
        if m == 0 {
            None
        } else if m <= width {
            Some(match &self.values {
                Values::Narrow(cells) => cells.get(i, m),
                Values::Wide(cells) => cells.get(i, m),
            })
        } else if width == m_cap(self.n - i) {
            Some(self.tops[i])
        } else {
            None
        }
    }

    /// `K(i)`: the largest M stored for row i.
    pub fn widest(&self, i: usize) -> usize {
        self.widths[i]
    }

    /// Bytes held by the value table (the rings of prefix maxima are freed before it is
    /// returned).
    pub fn bytes(&self) -> usize {
        match &self.values {
            Values::Narrow(cells) => cells.bytes(),
            Values::Wide(cells) => cells.bytes(),
        }
    }
}

/// The table of every reachable position (see the module docs) on every available thread;
/// the same values as [`crate::games::stone_game_ii::dp::windowed`] wherever both are defined.
///
/// Time O(n^2), memory about n²/8 cells plus n²/32 ring slots.
///
/// ```
/// use gamelab::games::stone_game_ii::reach::reach_table;
/// // LeetCode 1140, example 1: Alice gets 10 of 26 stones, so her margin is 10 - 16.
/// assert_eq!(reach_table(&[2, 7, 9, 4, 4]).get(0, 1), Some(-6));
/// ```
pub fn reach_table(piles: &[i64]) -> ReachTable {
    reach_table_on(piles, available_threads())
}

/// [`reach_table`] on at most `threads` threads (0 counts as 1): the same table whatever the
/// count, since every cell is computed by the same steps from the same values.
pub fn reach_table_on(piles: &[i64], threads: usize) -> ReachTable {
    let n = piles.len();
    let mut sums = Vec::with_capacity(n + 1);
    sums.push(0i64);
    for (k, &pile) in piles.iter().enumerate() {
        sums.push(sums[k] + pile);
    }
    let reach = reachable_m(n);
    let mut widths: Vec<usize> = (0..n).map(|i| reach[i].min(m_cap(n - i))).collect();
    widths.push(0);
    let threads = threads.max(1);
    let (values, tops) = if fits_narrow(piles) {
        let (cells, tops) = Filler::<i32>::new(&sums, &reach, &widths).fill(threads);
        (Values::Narrow(cells), tops)
    } else {
        let (cells, tops) = Filler::<i64>::new(&sums, &reach, &widths).fill(threads);
        (Values::Wide(cells), tops)
    };
    ReachTable {
        n,
        widths,
        tops,
        values,
    }
}

/// The kernel's state while it fills the table (see the module docs).
struct Filler<'a, T: Width> {
    board: Board<'a, T::Cell>,
    state: ColumnState<T>,
}

impl<'a, T: Width> Filler<'a, T> {
    fn new(sums: &'a [i64], reach: &'a [usize], widths: &'a [usize]) -> Filler<'a, T> {
        let board = Board::new(sums, reach, widths);
        let state = ColumnState::new(board.n(), board.columns());
        Filler { board, state }
    }

    /// Fills every cell and `tops` and returns them.
    fn fill(mut self, threads: usize) -> (Columns<T::Cell>, Vec<i64>) {
        let n = self.board.n();
        let mut deque = RowDeque::default();
        // The last rows one at a time, all columns: there a cell's capped neighbour may be a
        // narrow column of the same band.
        let split = n.saturating_sub(2 * BAND + 2);
        for i in (split..n).rev() {
            narrow_row(
                &self.board,
                &mut self.state.whole(),
                &mut deque,
                i,
                usize::MAX,
            );
        }
        // A band's wide columns, then its narrow ones row by row, reading the wide ones just
        // made, alongside the next band's wide columns.
        let mut workers = BandWorkers::new(threads);
        let mut narrow = split..split;
        let mut high = split;
        while high > 0 {
            let low = high.saturating_sub(BAND);
            let board = &self.board;
            workers.run(board, &mut self.state, (low, high), narrow, &mut deque);
            narrow = low..high;
            high = low;
        }
        let mut whole = self.state.whole();
        for i in narrow.rev() {
            narrow_row(&self.board, &mut whole, &mut deque, i, BAND - 1);
        }
        self.board.into_cells_and_tops()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stone_game_ii::dp::windowed;

    #[test]
    fn reachable_m_bounds_every_played_position() {
        // Every M a game from the start can have, by search over positions.
        for n in 1..=40usize {
            let reach = reachable_m(n);
            let mut seen = vec![vec![false; n + 2]; n + 1];
            seen[0][1] = true;
            for i in 0..n {
                for m in 1..=n {
                    if !seen[i][m] {
                        continue;
                    }
                    assert!(m <= reach[i], "n={n} i={i} m={m}");
                    for x in 1..=(2 * m).min(n - i) {
                        seen[i + x][m.max(x).min(n + 1)] = true;
                    }
                }
            }
            // The bound is tight: R(i) itself is reached.
            for i in 0..n {
                assert!(seen[i][reach[i]], "n={n} i={i}");
            }
        }
    }

    #[test]
    fn every_stored_cell_matches_the_full_table() {
        for n in 1..=130usize {
            for (scale, offset) in [(1i64, 0i64), (1, -9), (1 << 40, 0)] {
                let piles: Vec<i64> = (0..n as i64)
                    .map(|x| ((x * 37 + n as i64 * 11) % 23 - 9 + offset) * scale)
                    .collect();
                let (full, reach) = (windowed(&piles), reach_table(&piles));
                let bound = reachable_m(n);
                for (i, &reachable) in bound.iter().enumerate().take(n) {
                    for m in 1..=m_cap(n - i) {
                        match reach.get(i, m) {
                            Some(value) => assert_eq!(value, full.get(i, m), "n={n} i={i} m={m}"),
                            None => assert!(m > reachable, "n={n} i={i} m={m}"),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn banded_rows_match_the_full_table() {
        // Above 2 * BAND + 2 piles the bands run: sizes around band edges, one or several
        // bands, and (2,100 piles, K up to 525) the levels of B from 64 to 512.
        let sizes = [
            2 * BAND + 3,
            2 * BAND + 2 + BAND,
            3 * BAND + 5,
            517,
            700,
            2100,
        ];
        for n in sizes {
            for (scale, offset) in [(1i64, 0i64), (1, -9), (1 << 40, 0)] {
                let piles: Vec<i64> = (0..n as i64)
                    .map(|x| ((x * 37 + n as i64 * 11) % 23 - 9 + offset) * scale)
                    .collect();
                let (full, reach) = (windowed(&piles), reach_table(&piles));
                for i in 0..n {
                    for m in 1..=reach.widest(i) {
                        assert_eq!(reach.get(i, m), Some(full.get(i, m)), "n={n} i={i} m={m}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_thread_count_gives_the_full_table() {
        // 4,000 piles: up to 1,000 wide columns, so up to 3 threads split a band's columns,
        // and past the middle the third range would start above the capped reads' floor
        // without the bound on the cuts.
        let n = 4000;
        for (scale, offset) in [(1i64, 0i64), (1 << 40, -5)] {
            let piles: Vec<i64> = (0..n as i64)
                .map(|x| ((x * 7919 + 13) % 101 - 50 + offset) * scale)
                .collect();
            let full = windowed(&piles);
            for threads in 1..=4 {
                let reach = reach_table_on(&piles, threads);
                for i in 0..n {
                    for m in 1..=reach.widest(i) {
                        assert_eq!(
                            reach.get(i, m),
                            Some(full.get(i, m)),
                            "threads={threads} i={i} m={m}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn peak_bytes_counts_what_the_table_holds() {
        let piles = vec![1i64 << 40; 900];
        let table = reach_table(&piles);
        assert!(table.bytes() <= peak_bytes(900));
        assert_eq!(table.bytes(), cell_count(900) * 8);
    }

    #[test]
    fn about_an_eighth_of_n_squared_cells() {
        let n = 7000;
        let cells = cell_count(n) as f64 / (n * n) as f64;
        assert!((0.12..0.13).contains(&cells), "{cells}");
    }
}
