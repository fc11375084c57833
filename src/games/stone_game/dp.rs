//! Dynamic programs for stone-game (take the leftmost or rightmost pile): labuladong's article's
//! (first, second) score table, the score-difference table, and the one-row version.
//!
//! Notation: `d(i, j)` is the margin (own minus opponent's stones) the player to move secures on
//! `piles[i..=j]`. Taking the left pile gains `piles[i]` and hands the opponent `piles[i+1..=j]`:
//! `d(i, j) = max(piles[i] - d(i+1, j), piles[j] - d(i, j-1))`, `d(i, i) = piles[i]`. Ties go to
//! the left pile, the first move in the game's order (see `crate::base::game`).
//!
//! All functions assume a validated instance (non-empty, absolute sum within 64 bits), so no
//! intermediate value can overflow: every margin is bounded by that sum.

use crate::base::error::InputError;
use crate::cost::try_filled;
use crate::solve::replaces_best;

/// The largest instance the two-dimensional tables accept: n × n cells, 1.6 GB for the (first,
/// second) table at this size.
pub const TABLE_PILE_LIMIT: usize = 10_000;

/// The table of labuladong's article: for every interval `piles[i..=j]` the best score of the player to
/// move (`first`) and of the other player (`second`), stored n × n as in the article.
///
/// Time O(n^2), memory O(n^2) (16 n^2 bytes).
pub struct ScoreTable {
    n: usize,
    cells: Vec<(i64, i64)>,
}

impl ScoreTable {
    /// Fills the table by increasing interval length.
    ///
    /// ```
    /// use gamelab::games::stone_game::dp::ScoreTable;
    /// let table = ScoreTable::build(&[2, 8, 3, 5])?;
    /// assert_eq!(table.get(0, 1), (8, 2));   // facing [2, 8]: the mover takes 8
    /// assert_eq!(table.get(1, 3).1, 5);      // facing [8, 3, 5]: the other player gets 5
    /// # Ok::<(), gamelab::InputError>(())
    /// ```
    ///
    /// An error (never an abort) when the system refuses the table's memory.
    pub fn build(piles: &[i64]) -> Result<ScoreTable, InputError> {
        let n = piles.len();
        let mut table = ScoreTable {
            n,
            cells: try_filled(n * n, (0, 0), "the table solver's table")?,
        };
        for (i, &pile) in piles.iter().enumerate() {
            table.cells[i * n + i] = (pile, 0);
        }
        for length in 2..=n {
            for i in 0..=n - length {
                let j = i + length - 1;
                let (after_left_first, after_left_second) = table.get(i + 1, j);
                let (after_right_first, after_right_second) = table.get(i, j - 1);
                // The mover becomes the second player of what remains.
                let left = piles[i] + after_left_second;
                let right = piles[j] + after_right_second;
                table.cells[i * n + j] = if left >= right {
                    (left, after_left_first)
                } else {
                    (right, after_right_first)
                };
            }
        }
        Ok(table)
    }

    /// (first, second) scores on `piles[i..=j]`.
    pub fn get(&self, i: usize, j: usize) -> (i64, i64) {
        self.cells[i * self.n + j]
    }

    /// The mover's margin on `piles[i..=j]`.
    pub fn margin(&self, i: usize, j: usize) -> i64 {
        let (first, second) = self.get(i, j);
        first - second
    }
}

/// The score-difference table `d(i, j)`, stored n × n.
///
/// Time O(n^2), memory O(n^2) (8 n^2 bytes).
pub struct MarginTable {
    n: usize,
    cells: Vec<i64>,
}

impl MarginTable {
    /// Fills the table by increasing interval length.
    ///
    /// ```
    /// use gamelab::games::stone_game::dp::MarginTable;
    /// assert_eq!(MarginTable::build(&[1, 100, 3])?.get(0, 2), -96);
    /// # Ok::<(), gamelab::InputError>(())
    /// ```
    ///
    /// An error (never an abort) when the system refuses the table's memory.
    pub fn build(piles: &[i64]) -> Result<MarginTable, InputError> {
        let n = piles.len();
        let mut table = MarginTable {
            n,
            cells: try_filled(n * n, 0, "the margin table")?,
        };
        for (i, &pile) in piles.iter().enumerate() {
            table.cells[i * n + i] = pile;
        }
        for length in 2..=n {
            for i in 0..=n - length {
                let j = i + length - 1;
                let left = piles[i] - table.get(i + 1, j);
                let right = piles[j] - table.get(i, j - 1);
                table.cells[i * n + j] = left.max(right);
            }
        }
        Ok(table)
    }

    /// The mover's margin on `piles[i..=j]`.
    pub fn get(&self, i: usize, j: usize) -> i64 {
        self.cells[i * self.n + j]
    }
}

/// The first player's margin with one row of memory: after round `length`, `row[i]` holds
/// `d(i, i + length - 1)`. Updating `i` in increasing order reads `row[i + 1]` before it is
/// overwritten, so one row suffices.
///
/// Time O(n^2), memory O(n).
///
/// ```
/// use gamelab::games::stone_game::dp::rolling_margin;
/// assert_eq!(rolling_margin(&[5, 3, 4, 5]), 1);
/// ```
pub fn rolling_margin(piles: &[i64]) -> i64 {
    rolling_margin_in(piles, &mut Vec::new())
}

/// [`rolling_margin`] using `row` as its working memory, so that repeated calls (sweeps) do not
/// allocate once the buffer has grown to the largest n.
pub fn rolling_margin_in(piles: &[i64], row: &mut Vec<i64>) -> i64 {
    let n = piles.len();
    row.clear();
    row.extend_from_slice(piles);
    for length in 2..=n {
        for i in 0..=n - length {
            row[i] = (piles[i] - row[i + 1]).max(piles[i + length - 1] - row[i]);
        }
    }
    row.first().copied().unwrap_or(0)
}

/// The first player's margin and the optimal line, for small instances solved many at a time
/// (batch solving): every interval's margin kept in `table` between calls, so that no call
/// allocates once the buffers have grown. `line` receives one entry per move, `true` when the
/// move takes the right pile; ties go left ([`replaces_best`]), and the last pile is taken from
/// the left.
///
/// The table holds one row per length, one after another (`n (n + 1) / 2` words): a row is
/// computed from the one before it with slices cut to the row's length, so the loop has no
/// bounds checks, and the line is read back from the rows.
///
/// Time O(n^2), memory n^2 / 2 words (meant for n up to a few hundred).
///
/// ```
/// use gamelab::games::stone_game::dp::margin_and_line_in;
/// let (mut table, mut line) = (Vec::new(), Vec::new());
/// assert_eq!(margin_and_line_in(&[4, 6, 2, 3], &mut table, &mut line), 3);
/// assert_eq!(line, vec![true, false, false, false]);
/// ```
pub fn margin_and_line_in(piles: &[i64], table: &mut Vec<i64>, line: &mut Vec<bool>) -> i64 {
    let n = piles.len();
    line.clear();
    if n == 0 {
        return 0;
    }
    table.clear();
    table.resize(n * (n + 1) / 2, 0);
    table[..n].copy_from_slice(piles);
    // Row `length` (margins of piles[i..i + length], i in 0..=n - length) starts at
    // `row_start(length)`; row 1 is the piles themselves.
    let row_start = |length: usize| (length - 1) * (n + 1) - (length - 1) * length / 2;
    for length in 2..=n {
        let cells = n - length + 1;
        let (done, rest) = table.split_at_mut(row_start(length));
        let shorter = &done[row_start(length - 1)..][..cells + 1];
        let pairs = shorter.windows(2).zip(piles).zip(&piles[length - 1..]);
        for (cell, ((pair, left), right)) in rest[..cells].iter_mut().zip(pairs) {
            *cell = (left - pair[1]).max(right - pair[0]);
        }
    }
    let (mut i, mut length) = (0, n);
    while length > 1 {
        let shorter = row_start(length - 1);
        let left = piles[i] - table[shorter + i + 1];
        let right = piles[i + length - 1] - table[shorter + i];
        let takes_right = replaces_best(right, left);
        line.push(takes_right);
        if !takes_right {
            i += 1;
        }
        length -= 1;
    }
    line.push(false);
    table[row_start(n)]
}

/// [`margin_and_line_in`] as it was first written, over a full n × n table: the reference the
/// row-by-row layout is tested against.
#[cfg(test)]
fn margin_and_line_square(piles: &[i64]) -> (i64, Vec<bool>) {
    let n = piles.len();
    let mut line = Vec::new();
    if n == 0 {
        return (0, line);
    }
    let mut table = vec![0; n * n];
    for (i, &pile) in piles.iter().enumerate() {
        table[i * n + i] = pile;
    }
    for length in 2..=n {
        for i in 0..=n - length {
            let j = i + length - 1;
            let left = piles[i] - table[(i + 1) * n + j];
            let right = piles[j] - table[i * n + j - 1];
            table[i * n + j] = left.max(right);
        }
    }
    let (mut i, mut j) = (0, n - 1);
    while i < j {
        let left = piles[i] - table[(i + 1) * n + j];
        let right = piles[j] - table[i * n + j - 1];
        let takes_right = replaces_best(right, left);
        line.push(takes_right);
        if takes_right {
            j -= 1;
        } else {
            i += 1;
        }
    }
    line.push(false);
    (table[n - 1], line)
}

/// One bit per interval: whether optimal play takes the right pile there.
pub struct Decisions {
    n: usize,
    bits: Vec<u64>,
}

impl Decisions {
    /// Bit index of interval `piles[i..i + length]`; lengths are laid out one after another.
    fn index(&self, i: usize, length: usize) -> usize {
        let before = length - 1;
        before * (self.n + 1) - before * length / 2 + i
    }

    /// Whether optimal play takes the right pile on `piles[i..i + length]` (`length >= 1`).
    pub fn takes_right(&self, i: usize, length: usize) -> bool {
        let index = self.index(i, length);
        self.bits[index / 64] >> (index % 64) & 1 == 1
    }

    fn set_right(&mut self, i: usize, length: usize) {
        let index = self.index(i, length);
        self.bits[index / 64] |= 1 << (index % 64);
    }
}

/// [`rolling_margin`] that also records every decision, one bit per interval, so the optimal
/// play can be read off without the margins.
///
/// Time O(n^2), memory O(n) words plus n(n+1)/2 bits.
pub fn rolling_with_decisions(piles: &[i64]) -> (i64, Decisions) {
    let n = piles.len();
    let mut decisions = Decisions {
        n,
        bits: vec![0; (n * (n + 1) / 2).div_ceil(64)],
    };
    let mut row = piles.to_vec();
    for length in 2..=n {
        for i in 0..=n - length {
            let left = piles[i] - row[i + 1];
            let right = piles[i + length - 1] - row[i];
            if replaces_best(right, left) {
                decisions.set_right(i, length);
            }
            row[i] = left.max(right);
        }
    }
    (row.first().copied().unwrap_or(0), decisions)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Small values make ties common, so the tie-break is exercised; the buffers are reused
        /// across sizes as the batch path reuses them.
        #[test]
        fn the_row_table_gives_the_square_tables_margin_and_line(
            instances in proptest::collection::vec(
                proptest::collection::vec(-3i64..4, 0..24), 1..6)
        ) {
            let (mut table, mut line) = (Vec::new(), Vec::new());
            for piles in &instances {
                let margin = margin_and_line_in(piles, &mut table, &mut line);
                proptest::prop_assert_eq!((margin, line.clone()), margin_and_line_square(piles));
            }
        }
    }

    #[test]
    fn all_tables_agree_on_the_seed_examples() {
        for (piles, margin) in [
            (vec![1, 100, 3], -96),
            (vec![4, 6, 2, 3], 3),
            (vec![3, 9, 1, 2], 7),
            (vec![5, 3, 4, 5], 1),
            (vec![7], 7),
        ] {
            let n = piles.len();
            assert_eq!(ScoreTable::build(&piles).unwrap().margin(0, n - 1), margin);
            assert_eq!(MarginTable::build(&piles).unwrap().get(0, n - 1), margin);
            assert_eq!(rolling_margin(&piles), margin);
            assert_eq!(rolling_with_decisions(&piles).0, margin);
        }
    }

    #[test]
    fn decisions_follow_the_gold_pots_article() {
        // [4, 6, 2, 3]: A takes 3 (right), B takes 4 (left), A takes 6 (left), B takes 2.
        let (_, decisions) = rolling_with_decisions(&[4, 6, 2, 3]);
        assert!(decisions.takes_right(0, 4));
        assert!(!decisions.takes_right(0, 3));
        assert!(!decisions.takes_right(1, 2));
    }
}
