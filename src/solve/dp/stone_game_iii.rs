//! The dynamic program for stone-game-iii (LeetCode 1406): take the first 1, 2 or 3 piles.
//!
//! `v(i)` is the margin the player to move secures with `piles[i..]` left:
//! `v(i) = max over 1 <= x <= min(3, n-i) of (piles[i] + .. + piles[i+x-1]) - v(i+x)`, `v(n) = 0`.

/// The most piles one turn may take.
pub const MAX_TAKE: usize = 3;

/// `v(i)` for every `i` in `0..=n` (the last entry is the empty row, worth 0).
///
/// Time O(n), memory O(n).
///
/// ```
/// use gamelab::solve::dp::stone_game_iii::suffix_values;
/// // The seed's worked example: [1, 2, 3, 7] gives v(0) = -1, so Bob wins.
/// assert_eq!(suffix_values(&[1, 2, 3, 7]), vec![-1, 12, 10, 7, 0]);
/// ```
pub fn suffix_values(piles: &[i64]) -> Vec<i64> {
    let mut values = Vec::new();
    suffix_values_in(piles, &mut values);
    values
}

/// [`suffix_values`] into `values` (reused working memory); returns `v(0)`, the first player's
/// margin.
pub fn suffix_values_in(piles: &[i64], values: &mut Vec<i64>) -> i64 {
    let n = piles.len();
    values.clear();
    values.resize(n + 1, 0);
    for i in (0..n).rev() {
        let mut taken = 0;
        let mut best = i64::MIN;
        for x in 1..=MAX_TAKE.min(n - i) {
            taken += piles[i + x - 1];
            best = best.max(taken - values[i + x]);
        }
        values[i] = best;
    }
    values[0]
}
