//! Stone Game II (LeetCode 1140) in O(n^2) over the reachable positions only, computed in
//! bands of rows column by column so that every hot loop reads memory in short runs: the
//! kernel of the `window` solver.
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
//! band's other columns: they are computed first, column by column (each column's rows in
//! falling order, B from the band's `BandMoves`), then the narrow columns
//! m < BAND row by row. The last 2·BAND + 2 rows, where a capped read may land on a narrow
//! column of the same band, are computed row by row. Cells are stored column by column
//! (column m holds the rows with m <= K(i), a range), so a column's step through a band, its
//! prefix pass and B's reads of columns 2m - 1 and 2m are all short runs of consecutive
//! memory: about a quarter of the first-level cache misses of the earlier row-by-row order
//! over diagonal-tiled tables (cachegrind, n = 3,000), and no table of prefix maxima as large
//! as the cells (the rings hold about n²/32 slots). The runs are too short for the
//! processor's own prefetcher, so the kernel asks for each column's runs `AHEAD` columns
//! before it reads them: 2.95 s -> 1.8-2.0 s at n = 20,000.
//!
//! Values are `i32` when the sum of |piles| fits (every margin, and every stored prefix maximum
//! taken relative to `S[i]`, is bounded by it), else `i64`: the same answers either way.
//! Memory: about n²/8 cells and n²/32 ring slots, so 5n²/8 bytes as `i32` (62 MB at
//! n = 10,000), 5n²/4 as `i64` ([`peak_bytes`]); the rings are freed before the table is
//! returned.

use super::stone_game_ii::{Stored, fits_narrow, m_cap};

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

/// Rows per band: columns m >= BAND are computed a band at a time, column by column.
const BAND: usize = 64;
/// How many columns ahead the band kernel asks for the memory it will read (see [`prefetch`]).
const AHEAD: usize = 8;
const _: () = assert!(BAND.is_power_of_two(), "the wide columns start at a level");

/// The most memory the kernel holds for `n` piles with `i64` values (half of it is `i32`
/// values): the cells, the rings of prefix maxima (one slot per row of every column any row
/// reads, m <= max K), a band's suffix maxima for one level (L <= max K slots per band row)
/// and, at worst, two entries per x in the narrow columns' deque.
pub fn peak_bytes(n: usize) -> usize {
    let reach = reachable_m(n);
    let widest = (0..n)
        .map(|i| reach[i].min(m_cap(n - i)))
        .max()
        .unwrap_or(0);
    let rings = widest * (widest + 1) / 2;
    let suffixes = BAND * widest * std::mem::size_of::<i64>();
    let deque = (2 * widest + 2) * std::mem::size_of::<(usize, i64)>();
    (cell_count(n) + rings) * std::mem::size_of::<i64>() + suffixes + deque
}

/// The stored cells, column by column: column m holds rows `first[m]..=last[m]`, the rows i
/// with m <= K(i) (a range: R rises with i and the cap falls).
struct Columns<T> {
    cells: Vec<T>,
    /// Where column m's row `first[m]` is in `cells` (index m; 0 unused).
    starts: Vec<usize>,
    first: Vec<usize>,
}

impl<T: Stored> Columns<T> {
    fn new(widths: &[usize]) -> Columns<T> {
        let n = widths.len() - 1;
        let columns = widths.iter().copied().max().unwrap_or(0);
        // first[m]: the lowest row with K >= m; end[m]: one past the highest.
        let (mut first, mut end) = (vec![0usize; columns + 1], vec![0usize; columns + 1]);
        let mut reached = 0;
        for (i, &width) in widths[..n].iter().enumerate() {
            for slot in first.iter_mut().take(width + 1).skip(reached + 1) {
                *slot = i;
            }
            reached = reached.max(width);
        }
        reached = 0;
        for (i, &width) in widths[..n].iter().enumerate().rev() {
            for slot in end.iter_mut().take(width + 1).skip(reached + 1) {
                *slot = i + 1;
            }
            reached = reached.max(width);
        }
        let mut starts = vec![0usize; columns + 1];
        let mut next = 0;
        for m in 1..=columns {
            starts[m] = next;
            next += end[m] - first[m];
        }
        Columns {
            cells: vec![T::default(); next],
            starts,
            first,
        }
    }

    /// `v(i, m)` for a stored cell (m <= K(i)).
    #[inline]
    fn get(&self, i: usize, m: usize) -> i64 {
        self.cells[self.starts[m] + i - self.first[m]].load()
    }

    #[inline]
    fn set(&mut self, i: usize, m: usize, value: i64) {
        let at = self.starts[m] + i - self.first[m];
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

/// The values by column, as narrow as [`fits_narrow`] proved exact.
enum Values {
    Narrow(Columns<i32>),
    Wide(Columns<i64>),
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

/// The table of every reachable position (see the module docs); the same values as
/// [`super::stone_game_ii::windowed`] wherever both are defined.
///
/// Time O(n^2), memory about n²/8 cells plus n²/32 ring slots.
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
        Values::Narrow(Filler::<i32>::new(&sums, &reach, &widths).fill(&mut tops))
    } else {
        Values::Wide(Filler::<i64>::new(&sums, &reach, &widths).fill(&mut tops))
    };
    ReachTable {
        n,
        widths,
        tops,
        values,
    }
}

/// A row's monotone deque for B: the x pushed so far, `g_i(x)` decreasing from front to back.
#[derive(Default)]
struct RowDeque {
    items: Vec<(usize, i64)>,
    front: usize,
    /// The next x to enter.
    next_x: usize,
}

impl RowDeque {
    fn reset(&mut self, next_x: usize) {
        self.items.clear();
        self.front = 0;
        self.next_x = next_x;
    }
}

/// Asks the processor to start loading `values[from..from + len]` (clamped to `values`) into
/// its caches. A hint only: it changes no value, so no answer depends on it. The band kernel
/// reads each column in runs of a band's height, too short for the hardware's own prefetcher
/// to learn, and without it most of its time went in waiting for those runs.
#[inline(always)]
fn prefetch<T>(values: &[T], from: usize, len: usize) {
    let end = from.saturating_add(len).min(values.len());
    if from >= end {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let step = (64 / std::mem::size_of::<T>()).max(1);
        let line = |at: usize| {
            // SAFETY: `_mm_prefetch` needs only SSE, which every x86_64 processor has; it never
            // faults nor writes, and `at < values.len()` keeps the pointer inside `values`.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(values.as_ptr().add(at).cast()) }
        };
        let mut at = from;
        while at < end {
            line(at);
            at += step;
        }
        // The last element's line, when the run does not start on a line's boundary.
        line(end - 1);
    }
}

/// B for the rows of a band, column by column, without deques. For m in a level [L, 2L)
/// (L a power of two, L >= BAND) the window (m, min(2m, r)] splits at 2L: (m, 2L] is a suffix
/// maximum of g_i, made for the whole level in one backward pass, and (2L, 2m] a prefix
/// maximum that takes in x = 2m - 1 and 2m at each column. Both read columns x at rows
/// i + x of the band's rows side by side, so in short runs, and neither branches on the data
/// (a deque's pops did, and mispredicted about once per cell).
#[derive(Default)]
struct BandMoves {
    rows: usize,
    /// The level's L.
    level: usize,
    /// `suffix[(m - L) * rows + row]`: the maximum of g_i over (m, min(2L, r)].
    suffix: Vec<i64>,
    /// Per row: the maximum of g_i over (2L, min(2m, r)] (`i64::MIN` when empty).
    prefix: Vec<i64>,
    /// Per row: `B(i, m) + S[i]` for the column of the last [`BandMoves::step`].
    best: Vec<i64>,
}

impl BandMoves {
    fn start_band(&mut self, rows: usize) {
        self.rows = rows;
        self.best.clear();
        self.best.resize(rows, i64::MIN);
        self.prefix.clear();
        self.prefix.resize(rows, i64::MIN);
    }

    /// The suffix maxima of level L = `level` for the band rows (from `low`) that store
    /// column L; `g(i, x) = S[i+x] - v(i+x, x)`, read only for x <= 2L <= 2K(i) (inside the
    /// closure of the module docs) and x <= r.
    fn start_level(
        &mut self,
        level: usize,
        low: usize,
        n: usize,
        widths: &[usize],
        g: impl Fn(usize, usize) -> i64,
        fetch: impl Fn(usize),
    ) {
        self.level = level;
        let rows = self.rows;
        self.suffix.clear();
        self.suffix.resize(level * rows, i64::MIN);
        let running = &mut self.prefix;
        running.fill(i64::MIN);
        for x in (level + 1..=2 * level).rev() {
            if x > level + AHEAD {
                fetch(x - AHEAD);
            }
            let at = (x - 1 - level) * rows;
            for (row, running) in running.iter_mut().enumerate() {
                let i = low + row;
                if widths[i] >= level && x <= n - i {
                    *running = (*running).max(g(i, x));
                }
                self.suffix[at + row] = *running;
            }
        }
        running.fill(i64::MIN);
    }

    /// Moves every band row that stores column m to the window (m, min(2m, r)] and sets
    /// `best`.
    fn step(
        &mut self,
        m: usize,
        low: usize,
        n: usize,
        widths: &[usize],
        g: impl Fn(usize, usize) -> i64,
    ) {
        let at = (m - self.level) * self.rows;
        let split = 2 * self.level;
        for row in 0..self.rows {
            let i = low + row;
            if widths[i] < m {
                continue;
            }
            let mut prefix = self.prefix[row];
            for x in [2 * m - 1, 2 * m] {
                if x > split && x <= n - i {
                    prefix = prefix.max(g(i, x));
                }
            }
            self.prefix[row] = prefix;
            self.best[row] = self.suffix[at + row].max(prefix);
        }
    }
}

/// The kernel's state while it fills the table (see the module docs).
struct Filler<'a, T> {
    sums: &'a [i64],
    reach: &'a [usize],
    widths: &'a [usize],
    /// The largest K: columns above it are never read, so never pushed.
    columns: usize,
    values: Columns<T>,
    /// Per column m (index m): the maximum of f_m over [i + 1, top of its block].
    running: Vec<i64>,
    /// Per column: (i + 1) mod m, counted down as rows are pushed.
    phase: Vec<usize>,
    /// Column m's prefix maxima, `rings[ring_starts[m] + t mod m] = PM(t) - S[t - m]` for the
    /// row t - m that reads it.
    rings: Vec<T>,
    ring_starts: Vec<usize>,
}

impl<'a, T: Stored> Filler<'a, T> {
    fn new(sums: &'a [i64], reach: &'a [usize], widths: &'a [usize]) -> Filler<'a, T> {
        let n = sums.len() - 1;
        let columns = widths.iter().copied().max().unwrap_or(0);
        let mut ring_starts = vec![0usize; columns + 1];
        let mut next = 0;
        for (m, start) in ring_starts.iter_mut().enumerate() {
            *start = next;
            next += m;
        }
        Filler {
            sums,
            reach,
            widths,
            columns,
            values: Columns::new(widths),
            running: vec![i64::MIN; columns + 1],
            // Column m's first push is cell n - m + 1 (see `live`).
            phase: (0..=columns)
                .map(|m| (n + 1).saturating_sub(m) % m.max(1))
                .collect(),
            rings: vec![T::default(); next],
            ring_starts,
        }
    }

    fn n(&self) -> usize {
        self.sums.len() - 1
    }

    /// The columns row i pushes cell i + 1 into: m <= R(i) (later rows read no larger M) and
    /// m <= n - i (a cell above n - m + 1 is in no window that is read; column m starts at
    /// row n - m).
    fn live(&self, i: usize) -> usize {
        self.columns.min(self.reach[i]).min(self.n() - i)
    }

    /// `f_m(j) = S[j] - v(j, m)`, capped at K(j).
    #[inline(always)]
    fn f(&self, tops: &[i64], m: usize, j: usize) -> i64 {
        let v = if m <= self.widths[j] {
            self.values.get(j, m)
        } else {
            tops[j]
        };
        self.sums[j] - v
    }

    /// Pushes cell i + 1 into column m; returns `A(i, m) + S[i]` (meaningful when row i reads
    /// column m).
    #[inline(always)]
    fn push(&mut self, tops: &[i64], m: usize, i: usize) -> i64 {
        let pushed = i + 1;
        let f = self.f(tops, m, pushed);
        let at = self.phase[m];
        self.running[m] = if at == m - 1 {
            f
        } else {
            self.running[m].max(f)
        };
        let start = self.ring_starts[m];
        let next = if at == 0 {
            // The block [i + 1, i + m] is complete: its prefix maxima for rows i + 1 - m ..= i,
            // over the cells pushed (up to n - m + 1).
            let last = (pushed + m - 1).min(self.n() + 1 - m);
            let mut prefix = i64::MIN;
            for t in pushed..=last {
                prefix = prefix.max(self.f(tops, m, t));
                self.rings[start + t - pushed] = T::store(prefix - self.sums[t - m]);
            }
            m - 1
        } else {
            at - 1
        };
        self.phase[m] = next;
        // Row i reads PM(i + m), in slot i mod m = next (when i + 1 starts a block, PM(i + m)
        // is the whole block's maximum, the running maximum again).
        let upper = self.rings[start + next].load() + self.sums[i];
        self.running[m].max(upper)
    }

    /// B's deque for row i, moved to the window (m, min(2m, n - i)]; returns its maximum
    /// `B(i, m) + S[i]` (`i64::MIN` when the window is empty).
    #[inline(always)]
    fn raise(&self, tops: &[i64], deque: &mut RowDeque, i: usize, m: usize) -> i64 {
        let right = (2 * m).min(self.n() - i);
        while deque.next_x <= right {
            let x = deque.next_x;
            let g = self.f(tops, x, i + x);
            if deque.front == deque.items.len() {
                // Empty: start again at the beginning, so a row's deque stays in a few lines.
                deque.items.clear();
                deque.front = 0;
            }
            while deque.items.len() > deque.front && deque.items[deque.items.len() - 1].1 <= g {
                deque.items.pop();
            }
            deque.items.push((x, g));
            deque.next_x += 1;
        }
        while deque.items.len() > deque.front && deque.items[deque.front].0 <= m {
            deque.front += 1;
        }
        deque.items.get(deque.front).map_or(i64::MIN, |&(_, g)| g)
    }

    /// Row i's columns 1..=limit (and their pushes), in order: every value read is final
    /// when every column of the rows below is, and row i's columns above `limit` are.
    fn row(&mut self, tops: &mut [i64], deque: &mut RowDeque, i: usize, limit: usize) {
        let width = self.widths[i];
        deque.reset(1);
        for m in 1..=self.live(i).min(limit) {
            let keep = self.push(tops, m, i);
            if m <= width {
                let best = keep.max(self.raise(tops, deque, i, m));
                self.store(tops, i, m, best - self.sums[i]);
            }
        }
    }

    #[inline]
    fn store(&mut self, tops: &mut [i64], i: usize, m: usize, value: i64) {
        self.values.set(i, m, value);
        if m == self.widths[i] {
            tops[i] = value;
        }
    }

    /// Columns m >= BAND of rows `low..high`, column by column: cell (i, m) reads column m
    /// below it and columns above m only in rows i + m + 1 and up, all in earlier bands. The
    /// same steps as [`Filler::push`], over local slices so that the inner loop keeps its
    /// bases in registers; B comes from [`BandMoves`] instead of a deque per row, so the
    /// chain down a column has no data-dependent branch.
    fn wide_band(&mut self, tops: &mut [i64], moves: &mut BandMoves, low: usize, high: usize) {
        let n = self.n();
        let (sums, widths) = (self.sums, self.widths);
        let live: Vec<usize> = (low..high).map(|i| self.live(i)).collect();
        let widest = live.iter().copied().max().unwrap_or(0);
        let Columns {
            cells,
            starts,
            first,
            ..
        } = &mut self.values;
        let (running, phase) = (&mut self.running, &mut self.phase);
        let (rings, ring_starts) = (&mut self.rings, &self.ring_starts);
        // v(j, m), capped at K(j).
        macro_rules! value {
            ($m:expr, $j:expr) => {{
                let (m, j) = ($m, $j);
                if m <= widths[j] {
                    cells[starts[m] + j - first[m]].load()
                } else {
                    tops[j]
                }
            }};
        }
        // Starts loading column x's rows `from..=to` (see [`prefetch`]).
        macro_rules! fetch_column {
            ($x:expr, $from:expr, $to:expr) => {{
                let (x, from, to) = ($x, $from, $to);
                if x < starts.len() && to >= first[x] {
                    let from = from.max(first[x]);
                    prefetch(cells, starts[x] + from - first[x], to + 1 - from);
                }
            }};
        }
        let rows = high - low;
        moves.start_band(rows);
        for m in BAND..=widest {
            // What column m + AHEAD will read: its own cells, B's columns and its ring.
            let ahead = m + AHEAD;
            if ahead <= widest {
                fetch_column!(ahead, low, high);
                for x in [2 * ahead - 1, 2 * ahead] {
                    fetch_column!(x, low + x, high - 1 + x);
                }
                let ring = &rings[ring_starts[ahead]..ring_starts[ahead] + ahead];
                let slot = low % ahead;
                prefetch(ring, slot, rows);
                prefetch(ring, 0, (slot + rows).saturating_sub(ahead));
            }
            // B for every band row that stores column m: the rows' moves x > m read rows i + x
            // of earlier bands only.
            if m.is_power_of_two() {
                moves.start_level(
                    m,
                    low,
                    n,
                    widths,
                    |i, x| sums[i + x] - value!(x, i + x),
                    |x| fetch_column!(x, low + x, high - 1 + x),
                );
            }
            moves.step(m, low, n, widths, |i, x| sums[i + x] - value!(x, i + x));
            let ring = &mut rings[ring_starts[m]..ring_starts[m] + m];
            let cut = n + 1 - m;
            for i in (low..high).rev() {
                if m > live[i - low] {
                    continue;
                }
                let pushed = i + 1;
                let si = sums[i];
                let f = sums[pushed] - value!(m, pushed);
                let at = phase[m];
                running[m] = if at == m - 1 { f } else { running[m].max(f) };
                let next = if at == 0 {
                    let mut prefix = i64::MIN;
                    for t in pushed..=(pushed + m - 1).min(cut) {
                        prefix = prefix.max(sums[t] - value!(m, t));
                        ring[t - pushed] = T::store(prefix - sums[t - m]);
                    }
                    m - 1
                } else {
                    at - 1
                };
                phase[m] = next;
                if m > widths[i] {
                    continue;
                }
                let keep = running[m].max(ring[next].load() + si);
                let v = keep.max(moves.best[i - low]) - si;
                cells[starts[m] + i - first[m]] = T::store(v);
                if m == widths[i] {
                    tops[i] = v;
                }
            }
        }
    }

    /// Fills every cell and `tops`, and returns the cells.
    fn fill(mut self, tops: &mut [i64]) -> Columns<T> {
        let n = self.n();
        let mut deque = RowDeque::default();
        // The last rows one at a time, all columns: there a cell's capped neighbour may be a
        // narrow column of the same band.
        let split = n.saturating_sub(2 * BAND + 2);
        for i in (split..n).rev() {
            self.row(tops, &mut deque, i, usize::MAX);
        }
        let mut moves = BandMoves::default();
        let mut high = split;
        while high > 0 {
            let low = high.saturating_sub(BAND);
            self.wide_band(tops, &mut moves, low, high);
            // Then the narrow columns row by row, reading the wide ones just made.
            for i in (low..high).rev() {
                self.row(tops, &mut deque, i, BAND - 1);
            }
            high = low;
        }
        self.values
    }
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
