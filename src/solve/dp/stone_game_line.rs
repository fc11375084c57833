//! stone-game's optimal line (principal variation) at any size, without the n²/2 table: the
//! fast kernel ([`super::stone_game_fast`]) keeps a checkpoint row every `S` lengths, and the
//! line is then walked down from the whole row, recomputing between two checkpoints only the
//! triangle of cells the line can still reach (Hirschberg-style).
//!
//! Why a triangle suffices: from the interval `(i, L)` (first pile `i`, `L` piles), the line
//! reaches at length `l < L` only starts in `[i, i + L - l]`, and those cells depend, down to the
//! checkpoint length `C`, on starts in `[i, i + L - C]` alone. So one segment costs `S²/2` cell
//! updates and the walk `n·S/2` in all, next to the kernel's `n²/2`.
//!
//! Memory: the checkpoint rows hold about `n²/(2S)` margins; `S` is the smallest multiple of the
//! kernel's band that keeps them within [`CHECKPOINT_BYTES`], so with moves stone-game stays
//! within tens of megabytes at n = 100,000.

use super::stone_game_fast::{STEPS, fast_margin_with_checkpoints};
use crate::solve::replaces_best;

/// The memory the checkpoint rows may take.
pub const CHECKPOINT_BYTES: usize = 32 << 20;
/// The shortest distance between checkpoints, in bands. Closer checkpoints make the walk's
/// triangles smaller (it recomputes `n·S/2` cells) but copy more rows (`n²/(2S)` margins): at
/// S = 128 lengths both are about a millisecond at n = 10,000.
const MIN_BANDS_PER_CHECKPOINT: usize = 8;

/// The first player's margin on `piles` and optimal play: one entry per move, `true` when the
/// move takes the right pile (ties go left, [`replaces_best`]; the last pile is taken from the
/// left). Uses up to `threads` threads.
///
/// Time O(n²) (the kernel's) plus O(n·S); memory O(n) plus [`CHECKPOINT_BYTES`].
///
/// ```
/// use gamelab::solve::dp::stone_game_line::margin_and_line;
/// let (margin, line) = margin_and_line(&[4, 6, 2, 3], 1);
/// assert_eq!((margin, line), (3, vec![true, false, false, false]));
/// ```
pub fn margin_and_line(piles: &[i64], threads: usize) -> (i64, Vec<bool>) {
    let n = piles.len();
    if n == 0 {
        return (0, Vec::new());
    }
    let (margin, rows) = fast_margin_with_checkpoints(piles, threads, bands_per_checkpoint(n));
    let lengths = &rows.lengths;
    let mut line = Vec::with_capacity(n);
    let mut triangle: Vec<i64> = Vec::new();
    let (mut i, mut length) = (0usize, n);
    let mut checkpoint = lengths.len() - 1;
    while length > 1 {
        while lengths[checkpoint] >= length {
            checkpoint -= 1;
        }
        let low = lengths[checkpoint];
        let base = &rows.row(checkpoint)[i..i + (length - low) + 1];
        // triangle rows: length low, low + 1, ..., length - 1; the row of length l holds the
        // starts i..=i + (length - l), stored at offset(l).
        let width = |l: usize| length - l + 1;
        triangle.clear();
        triangle.extend_from_slice(base);
        let mut offsets = Vec::with_capacity(length - low);
        offsets.push(0);
        for l in low + 1..length {
            let previous = offsets[offsets.len() - 1];
            offsets.push(triangle.len());
            for k in 0..width(l) {
                let left = piles[i + k] - triangle[previous + k + 1];
                let right = piles[i + k + l - 1] - triangle[previous + k];
                triangle.push(left.max(right));
            }
        }
        // Walk down to the checkpoint's length.
        let start = i;
        while length > low {
            let shorter = offsets[length - 1 - low];
            let k = i - start;
            let left = piles[i] - triangle[shorter + k + 1];
            let right = piles[i + length - 1] - triangle[shorter + k];
            let takes_right = replaces_best(right, left);
            line.push(takes_right);
            if !takes_right {
                i += 1;
            }
            length -= 1;
        }
    }
    line.push(false);
    (margin, line)
}

/// Bands between checkpoints for `n` piles: the fewest that keep the rows within
/// [`CHECKPOINT_BYTES`] (about n²/2 margins over the distance, 8 bytes each).
fn bands_per_checkpoint(n: usize) -> usize {
    let margins = (n as u128 * n as u128 / 2) as f64;
    let lengths = (margins * 8.0 / CHECKPOINT_BYTES as f64).ceil() as usize;
    lengths.div_ceil(STEPS).max(MIN_BANDS_PER_CHECKPOINT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::dp::stone_game::margin_and_line_in;

    #[test]
    fn the_line_is_the_full_tables_line_at_every_size_and_thread_count() {
        let (mut table, mut expected) = (Vec::new(), Vec::new());
        for n in (0..=200).chain([511, 777, 1500]) {
            let piles: Vec<i64> = (0..n as i64).map(|x| (x * 7919 + 13) % 61 - 20).collect();
            let expected_margin = margin_and_line_in(&piles, &mut table, &mut expected);
            for threads in [1, 2] {
                let (margin, line) = margin_and_line(&piles, threads);
                assert_eq!(margin, expected_margin, "n = {n}");
                assert_eq!(line, expected, "n = {n}, {threads} threads");
            }
        }
    }

    #[test]
    fn checkpoints_stay_within_their_memory() {
        for n in [1000usize, 10_000, 100_000, 1_000_000] {
            let every = bands_per_checkpoint(n) * STEPS;
            let stored = (n as f64) * (n as f64) / 2.0 / every as f64 * 8.0;
            assert!(stored <= CHECKPOINT_BYTES as f64 * 1.01, "n = {n}");
        }
    }
}
