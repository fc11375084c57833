//! Stone Game II (LeetCode 1140) in O(n^2) over the reachable positions only, with every hot
//! loop reading memory in order: the kernel of the `window` solver.
//!
//! Notation as in [`super::stone_game_ii`]: `v(i, m)` is the margin of the player to move with
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
//! As in [`super::stone_game_ii`], split the moves at X = M: `v(i, m) = max(A, B) - S[i]` with
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
//! upward pass, and `PM(t)` is stored where row `t - m` will read it. Every cell enters one
//! running maximum and one prefix pass, so A costs O(1) amortised, with two scalars per column.
//! A block may reach above the cells ever pushed (a column starts at row n - m): the running
//! maximum then covers only pushed cells, which suffices because rows that query column m
//! (i <= n - 2m + 1) have windows ending at n - m + 1 or below.
//!
//! B's window `(m, 2m]` moves right as m grows (both ends non-decreasing): one monotone deque
//! per row over `g_i`, O(1) amortised per x.
//!
//! Rows are filled from i = n - 1 down, so every value read is final. Total O(n^2) time.
//!
//! # Memory layout
//!
//! Cell (j, m) is stored on diagonal `d = j - m + 1` at column m: g_i(x) is cell (i+x, x), so
//! B reads diagonal i + 1 in order. The prefix maxima are stored by the row that reads them
//! (`PM(i+m)` of column m at (i, m)), so A reads one row in order too. The row below (i + 1),
//! which the running maxima need, is kept from the previous step. What remains scattered is
//! writing a row into the diagonals and the prefix passes down a column; both tables are
//! therefore tiled — 64 rows by 64 bytes per 4 KiB tile, each 64-byte line one row's run of
//! columns — so a column crosses one page per 64 cells, a diagonal one per line's worth of
//! columns (16 or 8) and a row one per line, and a later row finds the lines its neighbour
//! touched still in cache. A prefix pass writes only rows that read column m (m <= K(d)).
//!
//! Values are `i32` when the sum of |piles| fits (every margin, and every stored prefix maximum
//! taken relative to `S[i]`, is bounded by it), else `i64`: the same answers either way.
//! Memory: two tables of about n²/8 cells each, so n² bytes as `i32` (100 MB at n = 10,000), 2n²
//! as `i64`; the prefix maxima are freed before the table is returned.

use super::stone_game_ii::{Stored, fits_narrow, m_cap};

/// The largest instance the `window` solver accepts: at most 400 MB of tables as `i32`, 800 MB
/// as `i64` (within the default 1 GiB budget), and a few seconds of work.
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

/// Rows per tile (a power of two).
const TILE_ROWS_SHIFT: usize = 6;
const TILE_ROWS: usize = 1 << TILE_ROWS_SHIFT;
/// Bytes per tile row: one cache line.
const LINE_BYTES: usize = 64;

/// A table of rows of different widths, tiled: tiles of [`TILE_ROWS`] rows by one cache line
/// of columns, the tiles of a band of rows side by side.
struct Tiled<T> {
    cells: Vec<T>,
    /// Where each band of [`TILE_ROWS`] rows starts in `cells`.
    bands: Vec<usize>,
    /// log2 of the columns per line.
    line_shift: usize,
}

impl<T: Stored> Tiled<T> {
    /// Room for row `r` to hold columns `0..widths[r]`.
    fn new(widths: &[usize]) -> Tiled<T> {
        let per_line = LINE_BYTES / std::mem::size_of::<T>();
        let mut bands = Vec::with_capacity(widths.len() / TILE_ROWS + 1);
        let mut next = 0;
        for band in widths.chunks(TILE_ROWS) {
            bands.push(next);
            let widest = band.iter().copied().max().unwrap_or(0);
            next += widest.div_ceil(per_line) * per_line * TILE_ROWS;
        }
        Tiled {
            cells: vec![T::default(); next],
            bands,
            line_shift: per_line.trailing_zeros() as usize,
        }
    }

    #[inline]
    fn index(&self, row: usize, column: usize) -> usize {
        let shift = self.line_shift;
        self.bands[row >> TILE_ROWS_SHIFT]
            + ((column >> shift) << (TILE_ROWS_SHIFT + shift))
            + ((row & (TILE_ROWS - 1)) << shift)
            + (column & ((1 << shift) - 1))
    }

    #[inline]
    fn get(&self, row: usize, column: usize) -> i64 {
        self.cells[self.index(row, column)].load()
    }

    #[inline]
    fn set(&mut self, row: usize, column: usize, value: i64) {
        let at = self.index(row, column);
        self.cells[at] = T::store(value);
    }

    fn bytes(&self) -> usize {
        self.cells.len() * std::mem::size_of::<T>()
    }
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

/// The values by diagonal, as narrow as [`fits_narrow`] proved exact.
enum Values {
    Narrow(Tiled<i32>),
    Wide(Tiled<i64>),
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
                Values::Narrow(cells) => cells.get(i + 1 - m, m - 1),
                Values::Wide(cells) => cells.get(i + 1 - m, m - 1),
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

    /// Bytes held by the value table (the prefix maxima are freed before it is returned).
    pub fn bytes(&self) -> usize {
        match &self.values {
            Values::Narrow(cells) => cells.bytes(),
            Values::Wide(cells) => cells.bytes(),
        }
    }
}

/// The table of every reachable position (see the module docs); the same values as
/// [`super::stone_game_ii::windowed`] wherever both are defined.
///
/// Time O(n^2), memory two tables of about n²/8 cells (one once it is returned).
///
/// ```
/// use gamelab::solve::dp::stone_game_ii_reach::reach_table;
/// // LeetCode 1140, example 1: Alice gets 10 of 26 stones, so her margin is 10 - 16.
/// assert_eq!(reach_table(&[2, 7, 9, 4, 4]).get(0, 1), Some(-6));
/// ```
pub fn reach_table(piles: &[i64]) -> ReachTable {
    let n = piles.len();
    let mut sums = Vec::with_capacity(n + 1);
    sums.push(0i64);
    for (k, &pile) in piles.iter().enumerate() {
        sums.push(sums[k] + pile);
    }
    let reach = reachable_m(n);
    let mut widths: Vec<usize> = (0..n).map(|i| reach[i].min(m_cap(n - i))).collect();
    widths.push(0);
    let mut tops = vec![0i64; n + 1];
    let values = if fits_narrow(piles) {
        Values::Narrow(fill::<i32>(&sums, &reach, &widths, &mut tops))
    } else {
        Values::Wide(fill::<i64>(&sums, &reach, &widths, &mut tops))
    };
    ReachTable {
        n,
        widths,
        tops,
        values,
    }
}

/// Diagonal widths: diagonal d holds cells (d - 1 + m, m) for m = 1..=W(d). The m with
/// m <= K(d - 1 + m) form a prefix of 1, 2, ... (R rises by at most 1 per row and the cap
/// falls), so W(d) is found by bisection.
fn diagonal_widths(widths: &[usize], n: usize) -> Vec<usize> {
    let widest = widths.iter().copied().max().unwrap_or(0);
    (0..=n)
        .map(|d| {
            let stored = |m: usize| d + m >= 1 && d + m - 1 < n && m <= widths[d + m - 1];
            let (mut low, mut high) = (0usize, widest);
            while low < high {
                let middle = (low + high).div_ceil(2);
                if stored(middle) {
                    low = middle;
                } else {
                    high = middle - 1;
                }
            }
            low
        })
        .collect()
}

/// Fills the value table by diagonal (see the module docs) and `tops`.
fn fill<T: Stored>(sums: &[i64], reach: &[usize], widths: &[usize], tops: &mut [i64]) -> Tiled<T> {
    let n = sums.len() - 1;
    let columns = widths.iter().copied().max().unwrap_or(0);
    let diagonal_widths = diagonal_widths(widths, n);
    let mut values = Tiled::<T>::new(&diagonal_widths);
    // upper.get(i, m - 1): the prefix maximum of column m's block above row i's block, read at
    // (i + m, m), minus S[i].
    let mut upper = Tiled::<T>::new(&widths[..n]);
    // Per column m (index m): the running maximum over [i+1, top of its block], and
    // (i + 1) mod m, counted down.
    let mut running = vec![i64::MIN; columns + 1];
    let mut phase = vec![0usize; columns + 1];
    let mut completed: Vec<usize> = Vec::new();
    // Row i + 1's values, and row i's as they are made.
    let mut below: Vec<i64> = Vec::with_capacity(columns);
    let mut row: Vec<i64> = Vec::with_capacity(columns);
    // The row's deque: x values, g_i(x) decreasing from front to back.
    let mut deque: Vec<(usize, i64)> = Vec::with_capacity(2 * columns + 1);
    for i in (0..n).rev() {
        let remaining = n - i;
        let width = widths[i];
        let pushed = i + 1;
        // Column m is pushed while m <= R(i) (later rows read no larger M) and m <= n - i (a cell
        // above n - m + 1 is in no window that is read); it starts at row n - m.
        let live = columns.min(reach[i]).min(remaining);
        if remaining <= live {
            running[remaining] = i64::MIN;
            phase[remaining] = pushed % remaining;
        }
        // Running maxima: cell i + 1 enters every live column.
        let below_width = widths[pushed].min(live);
        let capped = sums[pushed] - tops[pushed];
        completed.clear();
        for m in 1..=live {
            let f = if m <= below_width {
                sums[pushed] - below[m - 1]
            } else {
                capped
            };
            let at = phase[m];
            running[m] = if at == m - 1 { f } else { running[m].max(f) };
            if at == 0 {
                completed.push(m);
                phase[m] = m - 1;
            } else {
                phase[m] = at - 1;
            }
        }
        // Prefix maxima of the blocks [i + 1, i + m] just completed, for rows i + 1 - m ..= i.
        for &m in &completed {
            let mut prefix = i64::MIN;
            for t in pushed..=(pushed + m - 1).min(n) {
                // Row i + 1 is already on its diagonals.
                let f = if m <= widths[t] {
                    sums[t] - values.get(t + 1 - m, m - 1)
                } else {
                    sums[t] - tops[t]
                };
                prefix = prefix.max(f);
                if t >= m && m <= widths[t - m] {
                    upper.set(t - m, m - 1, prefix - sums[t - m]);
                }
            }
        }
        // Row i: A from the running and prefix maxima, B from the row's deque over diagonal i+1.
        let si = sums[i];
        let diagonal = pushed;
        let on_diagonal = diagonal_widths[diagonal];
        deque.clear();
        let mut front = 0;
        let mut next_x = 1;
        row.clear();
        for (m, &run) in (1..=width).zip(&running[1..]) {
            let right = (2 * m).min(remaining);
            while next_x <= right {
                let t = i + next_x;
                let g = if next_x <= on_diagonal {
                    sums[t] - values.get(diagonal, next_x - 1)
                } else {
                    sums[t] - tops[t]
                };
                while deque.len() > front && deque[deque.len() - 1].1 <= g {
                    deque.pop();
                }
                deque.push((next_x, g));
                next_x += 1;
            }
            while deque.len() > front && deque[front].0 <= m {
                front += 1;
            }
            let raise = deque.get(front).map_or(i64::MIN, |&(_, g)| g - si);
            let keep = (run - si).max(upper.get(i, m - 1));
            row.push(keep.max(raise));
        }
        for (m, &value) in (1..=width).zip(&row) {
            values.set(i + 1 - m, m - 1, value);
        }
        tops[i] = row[width - 1];
        std::mem::swap(&mut row, &mut below);
    }
    values
}

#[cfg(test)]
mod tests {
    use super::super::stone_game_ii::windowed;
    use super::*;

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
    fn about_an_eighth_of_n_squared_cells() {
        let n = 7000;
        let cells = cell_count(n) as f64 / (n * n) as f64;
        assert!((0.12..0.13).contains(&cells), "{cells}");
    }
}
