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

/// ⌈r/2⌉: with `remaining` piles left, any M at least this lets the mover take everything.
pub fn m_cap(remaining: usize) -> usize {
    remaining.div_ceil(2)
}

/// The largest instance the textbook O(n^3) DP accepts (a few seconds of work).
pub const TEXTBOOK_PILE_LIMIT: usize = 5_000;

/// `v(i, m)` for every position, M capped at ⌈(n-i)/2⌉.
pub struct ValueTable {
    n: usize,
    /// Where row `i` (positions with `piles[i..]` left) starts in `values`.
    offsets: Vec<usize>,
    values: Vec<i64>,
}

impl ValueTable {
    fn zeroed(n: usize) -> ValueTable {
        let mut offsets = Vec::with_capacity(n + 1);
        let mut next = 0;
        for i in 0..=n {
            offsets.push(next);
            next += m_cap(n - i);
        }
        ValueTable {
            n,
            offsets,
            values: vec![0; next],
        }
    }

    /// `v(i, m)`: the mover's margin with `piles[i..]` left and M = m (any m >= 1).
    pub fn get(&self, i: usize, m: usize) -> i64 {
        if i >= self.n {
            return 0;
        }
        self.values[self.slot(i, m)]
    }

    fn slot(&self, i: usize, m: usize) -> usize {
        self.offsets[i] + m.min(m_cap(self.n - i)) - 1
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
/// use gamelab::solve::dp::stone_game_ii::textbook;
/// // LeetCode 1140, example 1: Alice gets 10 of 26 stones, so her margin is 10 - 16.
/// assert_eq!(textbook(&[2, 7, 9, 4, 4]).get(0, 1), -6);
/// ```
pub fn textbook(piles: &[i64]) -> ValueTable {
    let n = piles.len();
    let sums = prefix_sums(piles);
    let mut table = ValueTable::zeroed(n);
    for i in (0..n).rev() {
        let remaining = n - i;
        for m in 1..=m_cap(remaining) {
            let mut best = i64::MIN;
            for x in 1..=(2 * m).min(remaining) {
                let taken = sums[i + x] - sums[i];
                best = best.max(taken - table.get(i + x, m.max(x)));
            }
            let slot = table.slot(i, m);
            table.values[slot] = best;
        }
    }
    table
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
}
