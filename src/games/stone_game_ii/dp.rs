//! Dynamic programs for stone-game-ii (LeetCode 1140): take the first X remaining piles,
//! 1 <= X <= 2M, then M = max(M, X).
//!
//! Notation: `v(i, m)` is the margin (own minus opponent's stones) the player to move secures
//! when `piles[i..]` remain and M = m; `S` are prefix sums, so taking X piles gains
//! `S[i+X] - S[i]`:
//!
//! `v(i, m) = max over 1 <= x <= min(2m, n-i) of (S[i+x] - S[i]) - v(i+x, max(m, x))`,
//! `v(n, m) = 0`.
//!
//! With r = n - i piles left, every M >= ⌈r/2⌉ already allows taking all r piles, now and on
//! every later turn, so M is stored capped at ⌈r/2⌉: about n²/4 values instead of n².
//!
//! O(n^2) with monotone sliding windows ([`windowed`]). Split the moves at X = M:
//! - X <= M keeps M: `A(i, m) = -S[i] + max over j in [i+1, i+min(m, r)] of f_m(j)`, with
//!   `f_m(j) = S[j] - v(j, m)`. For fixed m the window `[i+1, i+m]` (cut at n) slides one step
//!   left as i decreases, over values that do not depend on i: a monotone deque per m, carried
//!   from row to row, gives each maximum in amortised O(1).
//! - X > M makes M = X: `B(i, m) = -S[i] + max over x in (m, min(2m, r)] of g_i(x)`, with
//!   `g_i(x) = S[i+x] - v(i+x, x)`. For fixed i the window `(m, min(2m, r)]` slides right as m
//!   grows (both ends non-decreasing), over values that do not depend on m: one monotone deque
//!   per row.
//!
//! `v(i, m) = max(A, B)`. Rows are filled from i = n - 1 down, so every `v(j, .)` with j > i is
//! final when read. Each (i, m) pair costs O(1) amortised, and every row pushes one entry into
//! each column's deque: O(n^2) time in all, O(n^2) memory for the table.

/// ⌈r/2⌉: with `remaining` piles left, any M at least this lets the mover take everything.
pub fn m_cap(remaining: usize) -> usize {
    remaining.div_ceil(2)
}

/// The largest instance the textbook O(n^3) DP accepts (a few seconds of work).
pub const TEXTBOOK_PILE_LIMIT: usize = 5_000;

/// `v(i, m)` for every position, M capped at ⌈(n-i)/2⌉.
pub struct ValueTable {
    n: usize,
    /// Where row `i` (positions with `piles[i..]` left) starts in `values`; `offsets[n]` is the
    /// number of values.
    offsets: Vec<usize>,
    values: Values,
}

/// The table's values, as narrow as [`windowed`] could prove exact.
enum Values {
    Narrow(Vec<i32>),
    Wide(Vec<i64>),
}

/// Row starts of the flat table: row `i` holds ⌈(n-i)/2⌉ values.
fn row_offsets(n: usize) -> Vec<usize> {
    let mut offsets = Vec::with_capacity(n + 1);
    let mut next = 0;
    for i in 0..=n {
        offsets.push(next);
        next += m_cap(n - i);
    }
    offsets
}

impl ValueTable {
    /// `v(i, m)`: the mover's margin with `piles[i..]` left and M = m (any m >= 1).
    pub fn get(&self, i: usize, m: usize) -> i64 {
        match &self.values {
            Values::Narrow(values) => load(values, &self.offsets, self.n, i, m),
            Values::Wide(values) => load(values, &self.offsets, self.n, i, m),
        }
    }
}

/// Prefix sums: `S[k]` is the sum of `piles[..k]`.
fn prefix_sums(piles: &[i64]) -> Vec<i64> {
    let mut sums = Vec::with_capacity(piles.len() + 1);
    let mut running = 0;
    sums.push(0);
    for &pile in piles {
        running += pile;
        sums.push(running);
    }
    sums
}

/// The textbook bottom-up DP: every position, every allowed X.
///
/// Time O(n^3), memory O(n^2) (n²/4 values).
///
/// ```
/// use gamelab::games::stone_game_ii::dp::textbook;
/// // LeetCode 1140, example 1: Alice gets 10 of 26 stones, so her margin is 10 - 16.
/// assert_eq!(textbook(&[2, 7, 9, 4, 4]).get(0, 1), -6);
/// ```
pub fn textbook(piles: &[i64]) -> ValueTable {
    let n = piles.len();
    let sums = prefix_sums(piles);
    let offsets = row_offsets(n);
    let mut values = vec![0i64; offsets[n]];
    for i in (0..n).rev() {
        let remaining = n - i;
        for m in 1..=m_cap(remaining) {
            let mut best = i64::MIN;
            for x in 1..=(2 * m).min(remaining) {
                let taken = sums[i + x] - sums[i];
                best = best.max(taken - load(&values, &offsets, n, i + x, m.max(x)));
            }
            values[offsets[i] + m - 1] = best;
        }
    }
    ValueTable {
        n,
        offsets,
        values: Values::Wide(values),
    }
}

/// The largest instance [`windowed`] is run on (its table: n²/4 values, 144 MB here as `i32`,
/// 288 MB when the piles need `i64`): the `table` view of every cell, reachable or not. The
/// `window` solver itself runs [`crate::games::stone_game_ii::reach`], which stores only the reachable
/// positions, up to [`crate::games::stone_game_ii::reach::REACH_PILE_LIMIT`] piles.
pub const FULL_TABLE_PILE_LIMIT: usize = 12_000;

/// The O(n^2) DP with monotone sliding windows (see the module docs); the same table as
/// [`textbook`].
///
/// Values are stored as `i32` when the sum of absolute pile values fits (every margin is bounded
/// by it), else as `i64`: half the memory for ordinary inputs, the same answers always.
///
/// Time O(n^2), memory O(n^2) (n²/4 values, plus the deques' entries).
///
/// ```
/// use gamelab::games::stone_game_ii::dp::windowed;
/// // LeetCode 1140, example 2: Alice gets 104 of 115 stones.
/// assert_eq!(windowed(&[1, 2, 3, 4, 5, 100]).get(0, 1), 104 - 11);
/// ```
pub fn windowed(piles: &[i64]) -> ValueTable {
    let n = piles.len();
    let sums = prefix_sums(piles);
    let offsets = row_offsets(n);
    let values = if fits_narrow(piles) {
        Values::Narrow(windowed_in::<i32>(&sums, &offsets))
    } else {
        Values::Wide(windowed_in::<i64>(&sums, &offsets))
    };
    ValueTable { n, offsets, values }
}

/// Whether every margin fits in `i32`: |v(i, m)| never exceeds the sum of |piles| (the same
/// bound holds for the reachable-positions kernel's stored values).
pub(super) fn fits_narrow(piles: &[i64]) -> bool {
    piles
        .iter()
        .try_fold(0i64, |total, pile| total.checked_add(pile.checked_abs()?))
        .is_some_and(|total| total <= i64::from(i32::MAX))
}

/// A table entry's storage type (both Stone Game II kernels store `i32` or `i64`).
pub(super) trait Stored: Copy + Default {
    /// Stores `value`; the caller guarantees it fits (see [`fits_narrow`]).
    fn store(value: i64) -> Self;
    fn load(self) -> i64;
}

impl Stored for i32 {
    #[inline]
    fn store(value: i64) -> i32 {
        value as i32
    }
    #[inline]
    fn load(self) -> i64 {
        i64::from(self)
    }
}

impl Stored for i64 {
    #[inline]
    fn store(value: i64) -> i64 {
        value
    }
    #[inline]
    fn load(self) -> i64 {
        self
    }
}

/// `v(j, m)` from a flat table laid out by [`row_offsets`] (0 once no pile is left).
#[inline]
fn load<T: Stored>(values: &[T], offsets: &[usize], n: usize, j: usize, m: usize) -> i64 {
    if j >= n {
        return 0;
    }
    values[offsets[j] + m.min(m_cap(n - j)) - 1].load()
}

/// The windowed DP's kernel over one storage type. The row's deque carries its values; the
/// columns' deques hold indices only (see below).
fn windowed_in<T: Stored>(sums: &[i64], offsets: &[usize]) -> Vec<T> {
    use std::collections::VecDeque;
    let n = sums.len() - 1;
    let mut values = vec![T::default(); offsets[n]];
    let widest = m_cap(n);
    // columns[m - 1]: indices j of f_m, values decreasing from front to back. With rising
    // prefix sums a column often holds its whole window of m entries, so it keeps indices
    // only (n²/8 of them at most, reserved once) and rereads f_m from the table.
    let mut columns: Vec<VecDeque<u32>> = (1..=widest)
        .map(|m| VecDeque::with_capacity(m + 1))
        .collect();
    let mut row_window: VecDeque<(u32, i64)> = VecDeque::new();
    let mut row_values: Vec<i64> = Vec::with_capacity(widest);
    for i in (0..n).rev() {
        let remaining = n - i;
        // Position j = i + 1 enters every column's window. Column m is read by rows up to
        // i = n - 2m + 1 over j <= i + m, so once j > n - m + 1 its entry would leave every
        // window before it is read: only columns m <= n - i need it.
        let j = i + 1;
        let live = widest.min(n - i);
        for (column, deque) in columns[..live].iter_mut().enumerate() {
            let m = column + 1;
            let f = |j: u32| sums[j as usize] - load(&values, offsets, n, j as usize, m);
            let entering = f(j as u32);
            while deque.back().is_some_and(|&back| f(back) <= entering) {
                deque.pop_back();
            }
            deque.push_back(j as u32);
            while deque.front().is_some_and(|&front| front as usize > i + m) {
                deque.pop_front();
            }
        }
        row_window.clear();
        row_values.clear();
        // Row i reads only rows below it, so it is computed first and stored after.
        let mut next_x = 1; // the next x to enter the row's window
        for m in 1..=m_cap(remaining) {
            let best_keep = columns[m - 1].front().map_or(i64::MIN, |&j| {
                sums[j as usize] - load(&values, offsets, n, j as usize, m)
            });
            // The row's window is (m, min(2m, r)].
            let right = (2 * m).min(remaining);
            while next_x <= right {
                let entering = sums[i + next_x] - load(&values, offsets, n, i + next_x, next_x);
                while row_window.back().is_some_and(|&(_, back)| back <= entering) {
                    row_window.pop_back();
                }
                row_window.push_back((next_x as u32, entering));
                next_x += 1;
            }
            while row_window
                .front()
                .is_some_and(|&(front, _)| front as usize <= m)
            {
                row_window.pop_front();
            }
            let best_raise = row_window.front().map_or(i64::MIN, |&(_, g)| g);
            row_values.push(best_keep.max(best_raise) - sums[i]);
        }
        let start = offsets[i];
        for (slot, &value) in values[start..start + row_values.len()]
            .iter_mut()
            .zip(&row_values)
        {
            *slot = T::store(value);
        }
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capped_m_matches_uncapped_recursion() {
        fn plain(piles: &[i64], i: usize, m: usize) -> i64 {
            if i == piles.len() {
                return 0;
            }
            (1..=(2 * m).min(piles.len() - i))
                .map(|x| piles[i..i + x].iter().sum::<i64>() - plain(piles, i + x, m.max(x)))
                .max()
                .unwrap_or(0)
        }
        let piles = [3, -1, 4, 1, -5, 9, 2, 6, 5];
        let table = textbook(&piles);
        for i in 0..piles.len() {
            for m in 1..=piles.len() {
                assert_eq!(table.get(i, m), plain(&piles, i, m), "i={i} m={m}");
            }
        }
    }

    #[test]
    fn windows_fill_the_same_table_as_the_textbook() {
        for n in 1..=60usize {
            let piles: Vec<i64> = (0..n as i64)
                .map(|x| (x * 37 + n as i64 * 11) % 23 - 9)
                .collect();
            let (slow, fast) = (textbook(&piles), windowed(&piles));
            for i in 0..n {
                for m in 1..=m_cap(n - i) {
                    assert_eq!(fast.get(i, m), slow.get(i, m), "n={n} i={i} m={m}");
                }
            }
        }
    }
}
