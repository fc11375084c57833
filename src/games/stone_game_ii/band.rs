//! The wide columns (m >= BAND) of one band of rows of the Stone Game II kernel
//! ([`crate::games::stone_game_ii::reach`]): B without deques, memory asked for ahead of use, and the
//! columns split among threads.
//!
//! Within a band, column m reads its own cells below and columns m + 1..=2m only in rows of
//! earlier bands, so the band's wide columns are independent of each other but for one thing:
//! a capped read `v(j, m) = v(j, K(j))` of a row j of the band (where the cap binds) lands on
//! column K(j) < m of the same band. The columns are cut into increasing ranges of about equal
//! work, one per thread, with every cut at or below the smallest such K(j) (`balanced_cuts`):
//! then only the last range reads capped values of the band, and it makes them itself, in its
//! own increasing order, before it reads them. No thread waits for another within a band;
//! the band's end joins them all (a rayon scope). Beside them, the first thread fills the
//! narrow columns of the band before. Every cell is computed by the same steps from the same
//! values whatever the number of threads, so the table is too.

use std::ops::Range;
use std::sync::atomic::Ordering::Relaxed;

use crate::games::stone_game_ii::board::{
    BAND, Board, ColumnState, ColumnsPart, RowDeque, SharedCell, Width, narrow_row,
};

/// How many columns ahead a thread asks for the memory it will read (see [`crate::games::stone_game_ii::board::prefetch`]).
const AHEAD: usize = 8;

/// The fewest columns worth a thread of their own: below this a band's wide part is a few
/// microseconds of work, not worth handing to another thread.
const COLUMNS_PER_THREAD: usize = 256;

/// The threads' scratch, kept from band to band.
pub(super) struct BandWorkers {
    threads: usize,
    moves: Vec<BandMoves>,
}

impl BandWorkers {
    pub(super) fn new(threads: usize) -> BandWorkers {
        BandWorkers {
            threads: threads.max(1),
            moves: (0..threads.max(1)).map(|_| BandMoves::default()).collect(),
        }
    }

    /// Columns m >= BAND of rows `low..high`, each thread a range of columns, each column's
    /// rows in falling order; meanwhile, on this thread, the narrow columns (m < BAND) of the
    /// rows `narrow` (the band before, whose wide columns are done). Neither reads what the
    /// other writes: the narrow columns of a row read rows above it only, and the wide ones
    /// read no narrow column (a capped read lands on a column K(j) >= BAND).
    pub(super) fn run<T: Width>(
        &mut self,
        board: &Board<T::Cell>,
        state: &mut ColumnState<T>,
        (low, high): (usize, usize),
        narrow: Range<usize>,
        deque: &mut RowDeque,
    ) {
        let live: Vec<usize> = (low..high).map(|i| board.live(i)).collect();
        let stored = &board.widths[low..high];
        // The narrow rows' pushes and cells, each about twice a wide one's work (a deque).
        let narrow_work = 2 * narrow
            .clone()
            .map(|i| board.live(i).min(BAND - 1) + board.widths[i].min(BAND - 1))
            .sum::<usize>();
        let floor = board.capped_floor(low, high);
        let cuts = balanced_cuts(&live, stored, floor, self.threads, narrow_work);
        board.mark_unmade(low, high);
        let mut bounds = vec![0, BAND.min(state.columns_end())];
        bounds.extend(cuts.iter().skip(1));
        let mut parts = state.parts(&bounds).into_iter();
        let Some(mut narrow_part) = parts.next() else {
            return;
        };
        let mut jobs = parts
            .zip(self.moves.iter_mut())
            .zip(cuts.windows(2).map(|pair| pair[0]..pair[1]));
        let lowest = jobs.next();
        let live = &live;
        // Rayon's pool: its threads live for the whole process, where a thread started per
        // band cost more than the band's work at a few thousand piles.
        rayon::scope(|scope| {
            for ((mut part, moves), columns) in jobs {
                scope.spawn(move |_| wide_columns(board, &mut part, moves, live, low, columns));
            }
            for i in narrow.rev() {
                narrow_row(board, &mut narrow_part, deque, i, BAND - 1);
            }
            // The lowest range, which never waits, on this thread.
            if let Some(((mut part, moves), columns)) = lowest {
                wide_columns(board, &mut part, moves, live, low, columns);
            }
        });
    }
}

/// Cuts the wide columns of a band, `BAND..=max(live)`, into at most `threads` increasing
/// ranges of about equal work (a push for every row with `live >= m`, a cell for every row
/// with `stored >= m`), the first range also doing `first_extra` of other work: the cuts,
/// first `BAND` and last one past the widest column; empty when there is no wide column. No
/// cut but the last is above `floor`, the smallest column a capped read of the band lands on
/// (see the module docs).
fn balanced_cuts(
    live: &[usize],
    stored: &[usize],
    floor: usize,
    threads: usize,
    first_extra: usize,
) -> Vec<usize> {
    let widest = live.iter().copied().max().unwrap_or(0);
    if widest < BAND {
        return Vec::new();
    }
    let parts = threads.min((widest + 1 - BAND) / COLUMNS_PER_THREAD).max(1);
    // work[m]: the rows that push column m plus those that store it.
    let mut work = vec![0usize; widest + 2];
    for (&pushes, &stores) in live.iter().zip(stored) {
        work[pushes] += 1;
        work[stores.min(widest)] += 1;
    }
    for m in (BAND..=widest).rev() {
        work[m] += work[m + 1];
    }
    let total = work[BAND..=widest].iter().sum::<usize>() + first_extra;
    let mut cuts = vec![BAND];
    let mut done = first_extra;
    for (m, &cost) in work.iter().enumerate().take(widest).skip(BAND) {
        done += cost;
        if cuts.len() == parts || done * parts < total * cuts.len() {
            continue;
        }
        // Past the floor, the last range takes the rest.
        let cut = (m + 1).min(floor);
        if cut > cuts[cuts.len() - 1] {
            cuts.push(cut);
        }
        if cut == floor {
            break;
        }
    }
    cuts.push(widest + 1);
    cuts
}

/// One thread's columns of the band from row `low`.
fn wide_columns<T: Width>(
    board: &Board<T::Cell>,
    part: &mut ColumnsPart<T>,
    moves: &mut BandMoves,
    live: &[usize],
    low: usize,
    columns: Range<usize>,
) {
    let (n, sums) = (board.n(), board.sums);
    let rows = live.len();
    let high = low + rows;
    // B's reads of column x: rows i + x of the band's rows.
    let fetch = |x: usize| board.values.prefetch_rows(x, low + x, high - 1 + x);
    // B's reads of column x for every row at once: `into[row] = max(into[row], g(i, x))`,
    // i = low + row, j = i + x, without a test per row. Where cell (j, x) is stored it is
    // read; above the column's stored rows the cap binds, so v(j, x) = v(j, K(j)) (0 at
    // j = n); rows j beyond n and below the stored rows are left alone: no row that uses the
    // result reads there (the closure of the module docs). A row that will not use it (K(i)
    // below the column at hand) takes sound values in vain, and nothing reads them.
    let fold = |x: usize, into: &mut [i64]| {
        let (cells, first) = board.values.stored(x);
        let base = low + x;
        let from = first.saturating_sub(base).min(rows);
        let to = (first + cells.len()).saturating_sub(base).clamp(from, rows);
        if from < to {
            let cells = &cells[base + from - first..];
            for ((into, sum), cell) in into[from..to]
                .iter_mut()
                .zip(&sums[base + from..])
                .zip(cells)
            {
                *into = (*into).max(sum - cell.get());
            }
        }
        let end = (n + 1).saturating_sub(base).clamp(to, rows);
        if to < end {
            let tops = board.tops(base + to..base + end);
            for ((into, sum), top) in into[to..end].iter_mut().zip(&sums[base + to..]).zip(tops) {
                *into = (*into).max(sum - top.load(Relaxed));
            }
        }
    };
    moves.start_band(rows);
    for m in columns.clone() {
        let ahead = m + AHEAD;
        if ahead < columns.end {
            board.values.prefetch_rows(ahead, low, high);
            fetch(2 * ahead - 1);
            fetch(2 * ahead);
            part.prefetch_ring(ahead, low, rows);
        }
        if m == columns.start || m.is_power_of_two() {
            moves.start_level(m, fetch, fold);
        }
        moves.step(m, fold);
        part.band_column(board, m, low, live, &moves.best);
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

    /// The level holding column `from` (a power of two, or the first column of a thread's
    /// range): the suffix maxima for its columns from `from` on, and the prefix maxima over
    /// (2L, 2·from - 2], the x that the level's columns before `from` took in; `fold` as in
    /// [`wide_columns`], `fetch(x)` starts loading what `fold(x, ..)` reads.
    fn start_level(
        &mut self,
        from: usize,
        fetch: impl Fn(usize),
        fold: impl Fn(usize, &mut [i64]),
    ) {
        let level = 1usize << from.ilog2();
        self.level = level;
        let rows = self.rows;
        self.suffix.clear();
        self.suffix.resize(level * rows, i64::MIN);
        let running = &mut self.prefix;
        running.fill(i64::MIN);
        for x in (from + 1..=2 * level).rev() {
            if x > from + AHEAD {
                fetch(x - AHEAD);
            }
            let at = (x - 1 - level) * rows;
            fold(x, running);
            self.suffix[at..at + rows].copy_from_slice(running);
        }
        running.fill(i64::MIN);
        for x in 2 * level + 1..=2 * from - 2 {
            fold(x, running);
        }
    }

    /// Moves every band row that stores column m to the window (m, min(2m, r)] and sets
    /// `best`; `fold` as in [`wide_columns`].
    fn step(&mut self, m: usize, fold: impl Fn(usize, &mut [i64])) {
        for x in [2 * m - 1, 2 * m] {
            if x > 2 * self.level {
                fold(x, &mut self.prefix);
            }
        }
        let at = (m - self.level) * self.rows;
        let suffix = &self.suffix[at..at + self.rows];
        for ((best, &prefix), &suffix) in self.best.iter_mut().zip(&self.prefix).zip(suffix) {
            *best = suffix.max(prefix);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_cover_the_wide_columns_in_balanced_ranges() {
        // No wide column, then one thread's worth, then enough for three.
        let none = usize::MAX;
        assert!(balanced_cuts(&[10, 63], &[10, 63], none, 2, 0).is_empty());
        assert_eq!(
            balanced_cuts(&[BAND + 5; 8], &[BAND + 5; 8], none, 4, 0),
            vec![BAND, BAND + 6]
        );
        let live = vec![BAND + 3 * COLUMNS_PER_THREAD; 16];
        let cuts = balanced_cuts(&live, &live, none, 3, 0);
        assert_eq!(cuts.len(), 4);
        assert_eq!(
            (cuts[0], cuts[3]),
            (BAND, BAND + 3 * COLUMNS_PER_THREAD + 1)
        );
        // Equal rows per column: equal ranges, within one column.
        let widths: Vec<usize> = cuts.windows(2).map(|pair| pair[1] - pair[0]).collect();
        assert!(
            widths.iter().all(|&w| w.abs_diff(COLUMNS_PER_THREAD) <= 1),
            "{widths:?}"
        );
        // A capped read at column BAND + 100: every cut but the last at or below it.
        let cuts = balanced_cuts(&live, &live, BAND + 100, 3, 0);
        assert_eq!(cuts.len(), 3, "{cuts:?}");
        assert!(cuts[1] <= BAND + 100, "{cuts:?}");
    }
}
