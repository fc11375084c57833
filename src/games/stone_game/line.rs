//! stone-game's optimal line (principal variation) at any size, without the n²/2 table: the
//! fast kernel ([`crate::games::stone_game::fast`]) keeps a checkpoint row every `S` lengths, and the
//! line is then walked down from the whole row, recomputing between two checkpoints only the
//! triangle of cells the line can still reach (Hirschberg-style).
//!
//! Why a triangle suffices: from the interval `(i, L)` (first pile `i`, `L` piles), the line
//! reaches at length `l < L` only starts in `[i, i + L - l]`, and those cells depend, down to the
//! checkpoint length `C`, on starts in `[i, i + L - C]` alone. So one segment costs `S²/2` cell
//! updates and the walk `n·S/2` in all, next to the kernel's `n²/2`.
//!
//! Memory: the checkpoint rows hold about `n²/(2S)` margins and one segment's triangle `S²/2`.
//! `S` is the smallest multiple of the kernel's band that keeps the rows within
//! [`CHECKPOINT_BYTES`], so with moves stone-game stays within tens of megabytes at n = 100,000;
//! but past about 155,000 piles that `S` makes the triangle the larger part (at a million piles
//! it would be 57 GB), so there `S` is the one that balances the two, `(n²/2)^(1/3)`, and both
//! grow as `n^(4/3)` (about 750 MB at a million piles). [`line_memory`] is the total, which the
//! work budget's memory check is given.

use crate::games::stone_game::fast::{STEPS, fast_margin_with_checkpoints};
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
/// use gamelab::games::stone_game::line::margin_and_line;
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
/// [`CHECKPOINT_BYTES`], unless that distance makes one segment's triangle larger than the
/// rows, where the distance that balances the two is taken instead (module docs, Memory).
fn bands_per_checkpoint(n: usize) -> usize {
    (checkpoint_distance(n).ceil() as usize)
        .div_ceil(STEPS)
        .max(MIN_BANDS_PER_CHECKPOINT)
}

/// The distance between checkpoints, in lengths, before it is rounded up to whole bands: the
/// one that keeps the rows (about n²/2 margins over the distance, 8 bytes each) within
/// [`CHECKPOINT_BYTES`], or the one that balances them with a triangle, whichever is smaller.
fn checkpoint_distance(n: usize) -> f64 {
    let margins = (n as u128 * n as u128 / 2) as f64;
    let within_rows = margins * 8.0 / CHECKPOINT_BYTES as f64;
    within_rows.min(margins.cbrt())
}

/// At most the bytes [`margin_and_line`] keeps beside the kernel's row, for `n` piles: the
/// checkpoint rows, one segment's triangle (and its row offsets), and the line. A bound rather
/// than the exact count, so that it never falls as `n` grows (callers search for the longest
/// row within a budget): the rounding of the distance to whole bands only shrinks the rows and
/// grows the triangle by at most one band.
pub fn line_memory(n: usize) -> u128 {
    let shortest = (MIN_BANDS_PER_CHECKPOINT * STEPS) as f64;
    let distance = checkpoint_distance(n).max(shortest);
    let margins = (n as u128 * n as u128 / 2) as f64;
    let rows = margins / distance + n as f64;
    let widest = distance + STEPS as f64;
    let triangle = widest * (widest + 1.0) / 2.0 + widest;
    (8.0 * (rows + triangle)).ceil() as u128 + n as u128
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stone_game::dp::margin_and_line_in;

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
        for n in [1000usize, 10_000, 100_000] {
            let every = bands_per_checkpoint(n) * STEPS;
            let stored = (n as f64) * (n as f64) / 2.0 / every as f64 * 8.0;
            assert!(stored <= CHECKPOINT_BYTES as f64 * 1.01, "n = {n}");
            assert!(line_memory(n) <= 48 << 20, "n = {n}: {}", line_memory(n));
        }
        // Past the crossover rows and triangle are balanced: a million piles in under 1 GB
        // (rather than a 57 GB triangle), and the total only grows with n.
        assert!(
            line_memory(1_000_000) < 900 << 20,
            "{}",
            line_memory(1_000_000)
        );
        let mut previous = 0;
        for n in (1..=2_000_000).step_by(9_973) {
            assert!(line_memory(n) >= previous, "n = {n}");
            previous = line_memory(n);
        }
    }
}
