//! The dynamic program for stone-game-iii (LeetCode 1406): take the first 1, 2 or 3 piles.
//!
//! `v(i)` is the margin the player to move secures with `piles[i..]` left:
//! `v(i) = max over 1 <= x <= min(3, n-i) of (piles[i] + .. + piles[i+x-1]) - v(i+x)`, `v(n) = 0`.

/// The most piles one turn may take.
pub const MAX_TAKE: usize = 3;

/// `v(0)`, the first player's margin, keeping only the three values a step reads: time O(n),
/// memory O(1) (the value of ten million piles needs no second vector of their size).
///
/// ```
/// use gamelab::games::stone_game_iii::dp::rolling_margin;
/// assert_eq!(rolling_margin(&[1, 2, 3, 7]), -1);
/// ```
pub fn rolling_margin(piles: &[i64]) -> i64 {
    // ahead[k] = v(i + 1 + k); entries past the end are never read (x <= n - i).
    let mut ahead = [0i64; MAX_TAKE];
    for i in (0..piles.len()).rev() {
        let mut taken = 0;
        let mut best = i64::MIN;
        for (x, &pile) in piles[i..].iter().take(MAX_TAKE).enumerate() {
            taken += pile;
            best = best.max(taken - ahead[x]);
        }
        ahead = [best, ahead[0], ahead[1]];
    }
    ahead[0]
}

/// `v(i)` for every `i` in `0..=n` (the last entry is the empty row, worth 0).
///
/// Time O(n), memory O(n).
///
/// ```
/// use gamelab::games::stone_game_iii::dp::suffix_values;
/// // LeetCode 1406's example 1: [1, 2, 3, 7] gives v(0) = -1, so Bob wins.
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_rolling_margin_is_the_tables_first_value(
            piles in proptest::collection::vec(-1000i64..1000, 0..40)
        ) {
            prop_assert_eq!(rolling_margin(&piles), suffix_values(&piles)[0]);
        }
    }
}
