//! The stone-game margin in O(n) time by merging peaks, not by a table: the `peaks` solver.
//!
//! Notation as in [`crate::games::stone_game::dp`]: `d(piles)` is the margin (own minus opponent's stones)
//! the player to move secures when both play optimally.
//!
//! **Peaks.** Three neighbouring piles `x, y, z` with `x <= y >= z` (a peak `y`) may be replaced
//! by the one pile `x - y + z` without changing `d`. The intuition: whoever takes `x` or `z`
//! first uncovers `y`, which is at least as large, for the opponent, so the three piles tend to
//! go as one worth `x - y + z` to whoever starts them. Not always move by move (with `[5, 1,
//! 100]` after the `x`, the `100` is worth more than the `5` first), so the proof
//! (`docs/src/internals/peaks-proof.md`) is about values: by induction on the row's length, together with a
//! lemma M (when taking the left pile is strictly best on a row, it stays best, perhaps tied, as
//! a pile at least as large as it is put in front). The count of piles drops by two, so the turn
//! order of everything else is kept. Being proved, `peaks` is `auto`'s pick for the value of a row
//! of more than 256 piles (`games::stone_game::auto_value_solver_for`).
//! It is also checked: exhaustively against the DP on 1.09 billion rows
//! (`examples/peaks_exhaustive.rs`: every row of up to 10 piles from -3..=3, 14 from 0..=3, 8
//! from -5..=5 and from 0..=9, 24 from 0..=1, 15 from -1..=1), and on every test run in
//! `tests/solvers/peaks.rs` (every row of up to 10 piles from 0..=3 and 8 from -2..=2, lemma M on every
//! row of up to 7 piles from -2..=2, and property tests against the DPs on rows of up to 2,000
//! piles, negative values and ties included) and `tests/solvers/conformance.rs` (against `brute`).
//!
//! **Valleys.** Merging peaks left to right with a stack leaves a row with no peak inside it:
//! it falls, then rises (a valley). The largest pile of a valley is at one of its ends, and
//! taking a pile from a valley leaves a valley. So both players can take the largest pile left
//! at every turn, and neither can do better: in the game where any pile may be taken, taking
//! the largest is optimal for both, and a valley lets each player do that while it limits the
//! other. The margin is the alternating sum of the valley's piles from the largest down, which
//! a walk inward from both ends (the larger end first) lists in order, with no sort.
//!
//! Time O(n) (each pile is pushed once and merged away at most once), memory O(n) for the stack.
//! Only the value: optimal play (`solve --solver peaks` without `--value-only`) re-solves both
//! children of each position on the line, O(n) each, so O(n^2) for the line
//! ([`crate::games::stone_game`] limits that to [`crate::solve::PRINCIPAL_VARIATION_LIMIT`]).
//!
//! Like every stone-game DP it assumes a validated instance (absolute sum within 64 bits): a
//! merged pile's absolute value is at most the absolute sum of the piles it replaced, and the
//! margin's at most the whole row's, so nothing overflows.

/// The margin of the player to move on `piles` (see the module docs).
///
/// ```
/// use gamelab::games::stone_game::peaks::peaks_margin;
/// assert_eq!(peaks_margin(&[5, 3, 4, 5]), 1); // LeetCode 877, example 1: 9 to 8
/// assert_eq!(peaks_margin(&[1, 5, 233, 7]), 222); // LeetCode 486, example 2
/// assert_eq!(peaks_margin(&[1, 5, 2]), -2); // LeetCode 486, example 1
/// assert_eq!(peaks_margin(&[]), 0);
/// ```
pub fn peaks_margin(piles: &[i64]) -> i64 {
    peaks_margin_in(piles, &mut Vec::new())
}

/// [`peaks_margin`] with `stack` as its working memory, so that repeated calls (the optimal
/// line, which solves many sub-rows) do not allocate once it has grown.
pub fn peaks_margin_in(piles: &[i64], stack: &mut Vec<i64>) -> i64 {
    // The stack as a slice and a height, not pushes and truncations: the merge test is then
    // the one branch left per pile.
    stack.clear();
    stack.resize(piles.len(), 0);
    let mut height = 0;
    for &pile in piles {
        stack[height] = pile;
        height += 1;
        // Only the newest three can form a peak: every older triple was merged when it formed.
        while height >= 3 {
            let (x, y, z) = (stack[height - 3], stack[height - 2], stack[height - 1]);
            if x > y || y < z {
                break;
            }
            // `x`'s place takes the merged pile.
            stack[height - 3] = x - y + z;
            height -= 2;
        }
    }
    valley_margin(&stack[..height])
}

/// The margin on a valley (no pile inside is at least both its neighbours): the players take
/// the larger end in turn, the first player's piles counting plus and the other's minus.
fn valley_margin(valley: &[i64]) -> i64 {
    let (mut low, mut high) = (0, valley.len());
    let mut margin = 0;
    let mut sign = 1;
    while low < high {
        let (left, right) = (valley[low], valley[high - 1]);
        // Written as selects rather than two branches: which end is larger is unpredictable.
        let takes_left = left >= right;
        margin += sign * if takes_left { left } else { right };
        low += usize::from(takes_left);
        high -= usize::from(!takes_left);
        sign = -sign;
    }
    margin
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stone_game::dp::rolling_margin;

    #[test]
    fn a_peak_merges_into_one_pile() {
        // [2, 9, 4] is one peak: 2 - 9 + 4 = -3, and the DP agrees.
        assert_eq!(peaks_margin(&[2, 9, 4]), -3);
        assert_eq!(rolling_margin(&[2, 9, 4]), -3);
    }

    #[test]
    fn a_valley_is_taken_largest_first() {
        // No peak inside: 9, 8, 7, 3, 1 in that order.
        let valley = [9, 3, 1, 7, 8];
        assert_eq!(peaks_margin(&valley), 9 - 8 + 7 - 3 + 1);
        assert_eq!(rolling_margin(&valley), 9 - 8 + 7 - 3 + 1);
    }

    #[test]
    fn every_row_of_up_to_six_piles_from_a_small_alphabet_agrees_with_the_dp() {
        let values = [-2, 0, 1, 3];
        for n in 0..=6 {
            for code in 0..values.len().pow(n as u32) {
                let row: Vec<i64> = (0..n)
                    .map(|k| values[code / values.len().pow(k as u32) % values.len()])
                    .collect();
                assert_eq!(peaks_margin(&row), rolling_margin(&row), "{row:?}");
            }
        }
    }
}
