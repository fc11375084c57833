//! The shared board of the Stone Game II kernel ([`crate::games::stone_game_ii::reach`]): the table's
//! cells stored column by column, the rows' deques for B, the columns' rings for A, and the
//! steps that fill one row's narrow columns. Both the kernel's driver and the threads of a band
//! ([`crate::games::stone_game_ii::band`]) work on it; it imports neither, so the three modules form a
//! line: reach (the driver) -> band (a band's wide columns) -> board.

use std::sync::atomic::{AtomicI32, AtomicI64, Ordering::Relaxed};

use crate::games::stone_game_ii::dp::{Stored, m_cap};

/// Asks the processor to start loading `values[from..from + len]` (clamped to `values`) into
/// its caches. A hint only: it changes no value, so no answer depends on it. The kernel reads
/// each column in runs of a band's height, too short for the hardware's own prefetcher to
/// learn; without the hint most of its time went in waiting for those runs.
#[inline(always)]
pub(super) fn prefetch<T>(values: &[T], from: usize, len: usize) {
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

/// Rows per band: columns m >= BAND are computed a band at a time, column by column.
pub(super) const BAND: usize = 64;
const _: () = assert!(BAND.is_power_of_two(), "the wide columns start at a level");

/// A table cell that the threads of a band share ([`crate::games::stone_game_ii::band`]). Relaxed
/// atomics compile to the plain loads and stores of `i32` and `i64`: within a band the threads
/// write disjoint columns and read the others' columns only in rows of earlier bands, finished
/// before the band's threads were started.
pub(super) trait SharedCell: Send + Sync {
    fn zero() -> Self;
    fn get(&self) -> i64;
    /// Stores `value`; the caller guarantees it fits (see [`crate::games::stone_game_ii::dp::fits_narrow`]).
    fn put(&self, value: i64);
}

impl SharedCell for AtomicI32 {
    #[inline(always)]
    fn zero() -> AtomicI32 {
        AtomicI32::new(0)
    }
    #[inline(always)]
    fn get(&self) -> i64 {
        i64::from(self.load(Relaxed))
    }
    #[inline(always)]
    fn put(&self, value: i64) {
        self.store(value as i32, Relaxed);
    }
}

impl SharedCell for AtomicI64 {
    #[inline(always)]
    fn zero() -> AtomicI64 {
        AtomicI64::new(0)
    }
    #[inline(always)]
    fn get(&self) -> i64 {
        self.load(Relaxed)
    }
    #[inline(always)]
    fn put(&self, value: i64) {
        self.store(value, Relaxed);
    }
}

/// A table's width: the plain values of the rings (each owned by one thread at a time) and
/// the shared ones of the cells.
pub(super) trait Width: Stored + Send {
    type Cell: SharedCell;
}

impl Width for i32 {
    type Cell = AtomicI32;
}

impl Width for i64 {
    type Cell = AtomicI64;
}

/// The stored cells, column by column: column m holds rows `first[m]..=last[m]`, the rows i
/// with m <= K(i) (a range: R rises with i and the cap falls).
pub(super) struct Columns<C> {
    cells: Vec<C>,
    /// Where column m's row `first[m]` is in `cells` (index m; 0 unused).
    starts: Vec<usize>,
    first: Vec<usize>,
}

impl<C: SharedCell> Columns<C> {
    pub(super) fn new(widths: &[usize]) -> Columns<C> {
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
            cells: std::iter::repeat_with(C::zero).take(next).collect(),
            starts,
            first,
        }
    }

    /// `v(i, m)` for a stored cell (m <= K(i)).
    #[inline(always)]
    pub(super) fn get(&self, i: usize, m: usize) -> i64 {
        self.cells[self.starts[m] + i - self.first[m]].get()
    }

    #[inline(always)]
    fn set(&self, i: usize, m: usize, value: i64) {
        self.cells[self.starts[m] + i - self.first[m]].put(value);
    }

    /// Column m's cells and the row the first of them holds.
    #[inline(always)]
    pub(super) fn column(&self, m: usize) -> (&[C], usize) {
        let end = self.starts.get(m + 1).copied().unwrap_or(self.cells.len());
        (&self.cells[self.starts[m]..end], self.first[m])
    }

    /// [`Columns::column`], or no cells for a column above the widest.
    #[inline(always)]
    pub(super) fn stored(&self, m: usize) -> (&[C], usize) {
        if m < self.starts.len() {
            self.column(m)
        } else {
            (&[], 0)
        }
    }

    /// Starts loading column m's stored rows among `from..=to` (see
    /// [`prefetch`]); nothing for a column that does not exist.
    #[inline(always)]
    pub(super) fn prefetch_rows(&self, m: usize, from: usize, to: usize) {
        if m < self.starts.len() && to >= self.first[m] {
            let from = from.max(self.first[m]);
            prefetch(
                &self.cells,
                self.starts[m] + from - self.first[m],
                to + 1 - from,
            );
        }
    }

    pub(super) fn bytes(&self) -> usize {
        self.cells.len() * std::mem::size_of::<C>()
    }
}

/// A row's monotone deque for B: the x pushed so far, `g_i(x)` decreasing from front to back.
#[derive(Default)]
pub(super) struct RowDeque {
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

/// A `tops` entry not made yet, in the tests: no margin is `i64::MIN`, since every margin is
/// at most the sum of |piles| in absolute value, and that sum fits in `i64`.
#[cfg(test)]
const UNMADE: i64 = i64::MIN;

/// What every thread of a band reads, and the shared table it writes.
pub(super) struct Board<'a, C> {
    pub(super) sums: &'a [i64],
    reach: &'a [usize],
    pub(super) widths: &'a [usize],
    /// The largest K: columns above it are never read, so never pushed.
    columns: usize,
    pub(super) values: Columns<C>,
    /// `v(i, K(i))`.
    tops: Vec<AtomicI64>,
}

impl<'a, C: SharedCell> Board<'a, C> {
    /// An empty board for the prefix sums `sums`, the reach R and the widths K of every row.
    pub(super) fn new(sums: &'a [i64], reach: &'a [usize], widths: &'a [usize]) -> Board<'a, C> {
        let n = sums.len() - 1;
        Board {
            sums,
            reach,
            widths,
            columns: widths.iter().copied().max().unwrap_or(0),
            values: Columns::new(widths),
            tops: std::iter::repeat_with(|| AtomicI64::new(0))
                .take(n + 1)
                .collect(),
        }
    }

    /// The largest K, the widest column.
    pub(super) fn columns(&self) -> usize {
        self.columns
    }

    /// The filled cells and `tops`.
    pub(super) fn into_cells_and_tops(self) -> (Columns<C>, Vec<i64>) {
        let tops = self.tops.into_iter().map(AtomicI64::into_inner).collect();
        (self.values, tops)
    }

    pub(super) fn n(&self) -> usize {
        self.sums.len() - 1
    }

    /// The columns row i pushes cell i + 1 into: m <= R(i) (later rows read no larger M) and
    /// m <= n - i (a cell above n - m + 1 is in no window that is read; column m starts at
    /// row n - m).
    pub(super) fn live(&self, i: usize) -> usize {
        self.columns.min(self.reach[i]).min(self.n() - i)
    }

    /// `v(j, m)`, capped at K(j).
    #[inline(always)]
    pub(super) fn value(&self, m: usize, j: usize) -> i64 {
        if m <= self.widths[j] {
            self.values.get(j, m)
        } else {
            self.top(j)
        }
    }

    /// `v(j, K(j))`.
    #[inline(always)]
    fn top(&self, j: usize) -> i64 {
        let top = self.tops[j].load(Relaxed);
        // The tests check the claim of `capped_floor` on every read.
        #[cfg(test)]
        assert_ne!(
            top, UNMADE,
            "row {j}'s capped value read before it was made"
        );
        top
    }

    /// `v(j, K(j))` for the rows j of `rows`, each read once (not a capped read of the band:
    /// the caller reads rows of earlier bands only).
    #[inline(always)]
    pub(super) fn tops(&self, rows: std::ops::Range<usize>) -> &[AtomicI64] {
        &self.tops[rows]
    }

    #[inline(always)]
    fn set_top(&self, i: usize, value: i64) {
        self.tops[i].store(value, Relaxed);
    }

    /// In the tests, marks `tops` of the rows `low..high` that a wide column will write as
    /// not made yet, so that a read before the write fails.
    pub(super) fn mark_unmade(&self, low: usize, high: usize) {
        #[cfg(test)]
        for i in low..high {
            if self.widths[i] >= BAND {
                self.tops[i].store(UNMADE, Relaxed);
            }
        }
        #[cfg(not(test))]
        let _ = (low, high);
    }

    #[inline(always)]
    pub(super) fn store(&self, i: usize, m: usize, value: i64) {
        self.values.set(i, m, value);
        if m == self.widths[i] {
            self.set_top(i, value);
        }
    }

    /// The smallest column a capped read by the wide columns of rows `low..high` can land
    /// on: K(j) for the rows j of `low + 1..high` where the cap binds (`usize::MAX` if none).
    /// Row high's value is from an earlier band, so it does not count.
    pub(super) fn capped_floor(&self, low: usize, high: usize) -> usize {
        (low + 1..high)
            .filter(|&j| self.widths[j] == m_cap(self.n() - j))
            .map(|j| self.widths[j])
            .min()
            .unwrap_or(usize::MAX)
    }
}

/// Per column: the running maximum, the block phase and the ring of prefix maxima (see the
/// module docs), handed out in column ranges to a band's threads.
pub(super) struct ColumnState<T> {
    /// Per column m (index m): the maximum of f_m over [i + 1, top of its block].
    running: Vec<i64>,
    /// Per column: (i + 1) mod m, counted down as rows are pushed.
    phase: Vec<usize>,
    /// Column m's prefix maxima, `rings[ring_starts[m] + t mod m] = PM(t) - S[t - m]` for the
    /// row t - m that reads it.
    rings: Vec<T>,
    /// Index m for m in 0..=columns + 1 (the last is the rings' length).
    ring_starts: Vec<usize>,
}

impl<T: Width> ColumnState<T> {
    pub(super) fn new(n: usize, columns: usize) -> ColumnState<T> {
        let ring_starts: Vec<usize> = (0..=columns + 1)
            .map(|m| m * m.saturating_sub(1) / 2)
            .collect();
        ColumnState {
            running: vec![i64::MIN; columns + 1],
            // Column m's first push is cell n - m + 1 (see `Board::live`).
            phase: (0..=columns)
                .map(|m| (n + 1).saturating_sub(m) % m.max(1))
                .collect(),
            rings: vec![T::default(); ring_starts[columns + 1]],
            ring_starts,
        }
    }

    /// The columns `cuts[k]..cuts[k + 1]`, one part each (`cuts` increasing, the last at most
    /// columns + 1).
    pub(super) fn parts(&mut self, cuts: &[usize]) -> Vec<ColumnsPart<'_, T>> {
        let Some(&first) = cuts.first() else {
            return Vec::new();
        };
        let ring_starts = &self.ring_starts;
        let mut running = &mut self.running[first..];
        let mut phase = &mut self.phase[first..];
        let mut rings = &mut self.rings[ring_starts[first]..];
        let mut parts = Vec::with_capacity(cuts.len());
        for pair in cuts.windows(2) {
            let (from, to) = (pair[0], pair[1]);
            let (part_running, rest) = std::mem::take(&mut running).split_at_mut(to - from);
            running = rest;
            let (part_phase, rest) = std::mem::take(&mut phase).split_at_mut(to - from);
            phase = rest;
            let (part_rings, rest) =
                std::mem::take(&mut rings).split_at_mut(ring_starts[to] - ring_starts[from]);
            rings = rest;
            parts.push(ColumnsPart {
                first: from,
                running: part_running,
                phase: part_phase,
                rings: part_rings,
                ring_base: ring_starts[from],
                ring_starts,
            });
        }
        parts
    }

    /// One past the widest column.
    pub(super) fn columns_end(&self) -> usize {
        self.running.len()
    }

    /// Every column as one part.
    pub(super) fn whole(&mut self) -> ColumnsPart<'_, T> {
        let end = self.running.len();
        self.parts(&[0, end])
            .pop()
            .expect("one cut pair gives one part")
    }
}

/// The state of the columns `first..first + running.len()`, owned by one thread of a band.
pub(super) struct ColumnsPart<'s, T> {
    first: usize,
    running: &'s mut [i64],
    phase: &'s mut [usize],
    rings: &'s mut [T],
    /// Where column `first`'s ring starts in the whole state.
    ring_base: usize,
    ring_starts: &'s [usize],
}

impl<T: Width> ColumnsPart<'_, T> {
    /// Pushes cell i + 1 into column m; returns `A(i, m) + S[i]` (meaningful when row i reads
    /// column m).
    #[inline(always)]
    pub(super) fn push(&mut self, board: &Board<T::Cell>, m: usize, i: usize) -> i64 {
        let column = m - self.first;
        let start = self.ring_starts[m] - self.ring_base;
        let mut state = ColumnStep {
            running: self.running[column],
            at: self.phase[column],
            ring: &mut self.rings[start..start + m],
        };
        let keep = state.push(board.sums, m, i, board.n() + 1 - m, |j| board.value(m, j));
        self.running[column] = state.running;
        self.phase[column] = state.at;
        keep
    }

    /// Column m of the band's rows `low..low + live.len()`, in falling order: pushes every
    /// row with m <= `live[row]` and stores `max(A, B) - S[i]` for those with m <= K(i), `B + S[i]`
    /// being `best[row]`. The same steps as [`ColumnsPart::push`] and [`Board::store`], with
    /// the column's state and cells held in locals for the whole run.
    #[inline(always)]
    pub(super) fn band_column(
        &mut self,
        board: &Board<T::Cell>,
        m: usize,
        low: usize,
        live: &[usize],
        best: &[i64],
    ) {
        let (sums, widths) = (board.sums, board.widths);
        let (cells, first) = board.values.column(m);
        let column = m - self.first;
        let start = self.ring_starts[m] - self.ring_base;
        let mut state = ColumnStep {
            running: self.running[column],
            at: self.phase[column],
            ring: &mut self.rings[start..start + m],
        };
        let cut = board.n() + 1 - m;
        // v(j, m), capped at K(j).
        let value = |j: usize| {
            if m <= widths[j] {
                cells[j - first].get()
            } else {
                board.top(j)
            }
        };
        for (row, &pushes) in live.iter().enumerate().rev() {
            if m > pushes {
                continue;
            }
            let i = low + row;
            let keep = state.push(sums, m, i, cut, value);
            if m > widths[i] {
                continue;
            }
            let v = keep.max(best[row]) - sums[i];
            cells[i - first].put(v);
            if m == widths[i] {
                board.set_top(i, v);
            }
        }
        self.running[column] = state.running;
        self.phase[column] = state.at;
    }

    /// Starts loading the ring slots of column m that rows `low..low + rows` read.
    #[inline(always)]
    pub(super) fn prefetch_ring(&self, m: usize, low: usize, rows: usize) {
        let start = self.ring_starts[m] - self.ring_base;
        let ring = &self.rings[start..start + m];
        let slot = low % m;
        prefetch(ring, slot, rows);
        prefetch(ring, 0, (slot + rows).saturating_sub(m));
    }
}

/// One column's state for A, taken out of [`ColumnState`] while the column is worked on.
struct ColumnStep<'r, T> {
    /// The maximum of f_m over [i + 1, top of its block].
    running: i64,
    /// (i + 1) mod m, counted down as rows are pushed.
    at: usize,
    /// The column's ring of prefix maxima.
    ring: &'r mut [T],
}

impl<T: Stored> ColumnStep<'_, T> {
    /// Pushes cell i + 1 into column m, whose cells above `cut` (n - m + 1) are never pushed;
    /// `value(j)` is v(j, m), capped. Returns `A(i, m) + S[i]` (meaningful when row i reads
    /// column m).
    #[inline(always)]
    fn push(
        &mut self,
        sums: &[i64],
        m: usize,
        i: usize,
        cut: usize,
        value: impl Fn(usize) -> i64,
    ) -> i64 {
        let pushed = i + 1;
        let f = sums[pushed] - value(pushed);
        self.running = if self.at == m - 1 {
            f
        } else {
            self.running.max(f)
        };
        self.at = if self.at == 0 {
            // The block [i + 1, i + m] is complete: its prefix maxima for rows i + 1 - m ..= i,
            // over the cells pushed (up to n - m + 1).
            let mut prefix = i64::MIN;
            for t in pushed..=(pushed + m - 1).min(cut) {
                prefix = prefix.max(sums[t] - value(t));
                self.ring[t - pushed] = T::store(prefix - sums[t - m]);
            }
            m - 1
        } else {
            self.at - 1
        };
        // Row i reads PM(i + m), in slot i mod m = at (when i + 1 starts a block, PM(i + m)
        // is the whole block's maximum, the running maximum again).
        self.running.max(self.ring[self.at].load() + sums[i])
    }
}

/// Row i's columns 1..=limit (and their pushes), in order: every value read is final when
/// every column of the rows below is, and row i's columns above `limit` are.
pub(super) fn narrow_row<T: Width>(
    board: &Board<T::Cell>,
    part: &mut ColumnsPart<T>,
    deque: &mut RowDeque,
    i: usize,
    limit: usize,
) {
    let width = board.widths[i];
    deque.reset(1);
    for m in 1..=board.live(i).min(limit) {
        let keep = part.push(board, m, i);
        if m <= width {
            let best = keep.max(raise(board, deque, i, m));
            board.store(i, m, best - board.sums[i]);
        }
    }
}

/// B's deque for row i, moved to the window (m, min(2m, n - i)]; returns its maximum
/// `B(i, m) + S[i]` (`i64::MIN` when the window is empty).
#[inline(always)]
fn raise<C: SharedCell>(board: &Board<C>, deque: &mut RowDeque, i: usize, m: usize) -> i64 {
    let right = (2 * m).min(board.n() - i);
    while deque.next_x <= right {
        let x = deque.next_x;
        let g = board.sums[i + x] - board.value(x, i + x);
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
