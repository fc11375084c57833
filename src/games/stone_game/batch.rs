//! Many small stone-game instances of the same size at once, one instance per SIMD lane: the
//! sweep's hot loop.
//!
//! A group of instances is transposed so that position `i` of all of them is one vector; the
//! one-row DP then runs on vectors exactly as on numbers. Lanes are as narrow as the numbers
//! allow: every margin and intermediate of an instance is bounded by the sum of its absolute pile
//! values (the proof is in [`crate::games::stone_game::lanes`]). Each group is first transposed into `i16` lanes
//! (32 instances, one AVX-512 register), summing each instance's absolute values on the way; if
//! one sum is beyond `i16::MAX`, the group is transposed again into `i32` (16 instances), then
//! `i64` (8), and beyond 64 bits (never, for validated inputs) checked `i128`. So every group
//! runs in the narrowest exact width, with no separate pass over the piles to pick it. The widest SIMD level is chosen at run time, as in `stone_game_fast`
//! (AVX-512 with BW for the 16-bit max).

use crate::games::stone_game::lanes::{Lane, Width, absolute_sum, cell_block};
use crate::util::simd::{Level, level};

/// The one-row DP on a group: `piles[i]` holds position `i` of every instance; returns the
/// first player's margin of each.
///
/// Two lengths per pass over the row: at position `i` the pass computes `d_L[i + 1]` from
/// `d_{L-1}` and then `d_{L+1}[i]` from `d_L[i + 1]` and the `d_L[i]` kept from the previous
/// position (both use the right pile `p[i + L]`), so each pass loads three vectors and stores
/// one for two cell updates, where one length per pass loads four for one.
#[inline(always)]
fn group_margins<T: Lane, const W: usize>(piles: &[[T; W]], row: &mut Vec<[T; W]>) -> [T; W] {
    row.clear();
    row.extend_from_slice(piles);
    finish_two_lengths_per_pass(piles, row, 2)
}

/// The two-length passes of [`group_margins`] from `row` holding `d_{length - 1}` to the
/// margins `d_n[0]`.
#[inline(always)]
fn finish_two_lengths_per_pass<T: Lane, const W: usize>(
    piles: &[[T; W]],
    row: &mut [[T; W]],
    mut length: usize,
) -> [T; W] {
    let n = piles.len();
    // In place: `row[i + 1]` and `row[i + 2]` (length L - 1) are read before the pass overwrites
    // `row[i]` (length L + 1). Plain indexing, on purpose: re-slicing to drop the bounds checks,
    // or zipping the slices, gives slower code here (the performance chapter has the figures).
    while length < n {
        let mut previous = cell_block(&piles[0], &row[1], &piles[length - 1], &row[0]);
        for i in 0..n - length {
            let next = cell_block(&piles[i + 1], &row[i + 2], &piles[i + length], &row[i + 1]);
            row[i] = cell_block(&piles[i], &next, &piles[i + length], &previous);
            previous = next;
        }
        length += 2;
    }
    if length == n {
        row[0] = cell_block(&piles[0], &row[1], &piles[n - 1], &row[0]);
    }
    row[0]
}

/// [`group_margins`] that first runs four lengths per pass over the row while at least four
/// remain, for groups that fit in registers four times over (one 256-bit register of lanes on
/// AVX2, one 512-bit register on AVX-512).
///
/// Four lengths per pass, as a wavefront: with the row holding `d_c`, step `i` computes
/// `d_{c+1}[i+3]`, `d_{c+2}[i+2]`, `d_{c+3}[i+1]` and `d_{c+4}[i]`, which all take the same right
/// pile `p[i+c+3]`, from the cells of the step before (kept in registers) and one new load of
/// `d_c[i+4]`. So a step loads three vectors (that pile, a left pile, a row cell) and stores one
/// for four cell updates, where the two-length pass loads three and stores one for two: the
/// loads, not the arithmetic, bound the two-length pass on AVX2 (two loads per cycle).
#[inline(always)]
fn group_margins_wavefront<T: Lane, const W: usize>(
    piles: &[[T; W]],
    row: &mut Vec<[T; W]>,
) -> [T; W] {
    let n = piles.len();
    row.clear();
    row.extend_from_slice(piles);
    let p = piles;
    // The row holds d_c for intervals of length `c`.
    let mut c = 1;
    while c + 4 <= n {
        // The triangle the first step needs: d_{c+1}[0..3], d_{c+2}[0..2], d_{c+3}[0].
        let c1_0 = cell_block(&p[0], &row[1], &p[c], &row[0]);
        let c1_1 = cell_block(&p[1], &row[2], &p[c + 1], &row[1]);
        let c1 = cell_block(&p[2], &row[3], &p[c + 2], &row[2]); // d_{c+1}[i+2]
        let c2_0 = cell_block(&p[0], &c1_1, &p[c + 1], &c1_0);
        let c2 = cell_block(&p[1], &c1, &p[c + 2], &c1_1); // d_{c+2}[i+1]
        let c3 = cell_block(&p[0], &c2, &p[c + 2], &c2_0); // d_{c+3}[i]
        let mut wavefront = Wavefront {
            cells: [row[3], c1, c2, c3],
            left: [p[0], p[1], p[2]],
        };
        let (piles_at, row_at) = (p.as_ptr(), row.as_mut_ptr());
        let steps = n - c - 3;
        let mut i = 0;
        while i + WAVEFRONT_UNROLL <= steps {
            for k in 0..WAVEFRONT_UNROLL {
                // SAFETY: `i + k < steps = n - c - 3`, as `Wavefront::step` requires.
                unsafe { wavefront.step(piles_at, row_at, c, i + k) };
            }
            i += WAVEFRONT_UNROLL;
        }
        while i < steps {
            // SAFETY: `i < steps`, as above.
            unsafe { wavefront.step(piles_at, row_at, c, i) };
            i += 1;
        }
        c += 4;
    }
    finish_two_lengths_per_pass(piles, row, c + 1)
}

/// Steps of the wavefront per loop iteration: a multiple of both rotations (four cells, three
/// left piles), so that inside an iteration every value stays in the register it was made in.
const WAVEFRONT_UNROLL: usize = 12;

/// The wavefront's registers before step `i`: `cells[k]` is `d_{c+k}[i+3-k]` and `left[k]` is
/// pile `i + k`.
struct Wavefront<T, const W: usize> {
    cells: [[T; W]; 4],
    left: [[T; W]; 3],
}

impl<T: Lane, const W: usize> Wavefront<T, W> {
    /// Step `i` of the pass over `d_c` (module docs of `group_margins_wavefront`).
    ///
    /// # Safety
    /// `i < n - c - 3`, where `piles_at` and `row_at` hold `n` positions: then `i + c + 3` and
    /// `i + 4` are inside both.
    #[inline(always)]
    unsafe fn step(&mut self, piles_at: *const [T; W], row_at: *mut [T; W], c: usize, i: usize) {
        // SAFETY: the caller keeps the three positions inside both arrays. Raw pointers: bounds
        // checks on the five accesses cost as much as the cells.
        let (left3, right, next_c0) = unsafe {
            (
                *piles_at.add(i + 3),
                *piles_at.add(i + c + 3),
                *row_at.add(i + 4),
            )
        };
        let [c0, c1, c2, c3] = self.cells;
        let [left0, left1, left2] = self.left;
        let next_c1 = cell_block(&left3, &next_c0, &right, &c0);
        let next_c2 = cell_block(&left2, &next_c1, &right, &c1);
        let next_c3 = cell_block(&left1, &next_c2, &right, &c2);
        // SAFETY: `i < i + 4`, inside `row` as above.
        unsafe { *row_at.add(i) = cell_block(&left0, &next_c3, &right, &c3) };
        self.cells = [next_c0, next_c1, next_c2, next_c3];
        self.left = [left1, left2, left3];
    }
}

/// Solves every group of `flat` (instances of `n` piles, one after another) into `out`, each in
/// the narrowest width from the given one up that holds it; returns the widest width used.
type BatchRunner = fn(&[i64], usize, Width, &mut Vec<i64>) -> Width;

/// Working memory for groups of every width: the transposed piles and the row.
#[derive(Default)]
struct Scratch {
    i16: GroupBuffers<i16, 32>,
    i32: GroupBuffers<i32, 16>,
    i64: GroupBuffers<i64, 8>,
    i128: GroupBuffers<i128, 4>,
}

struct GroupBuffers<T, const W: usize> {
    transposed: Vec<[T; W]>,
    row: Vec<[T; W]>,
}

impl<T, const W: usize> Default for GroupBuffers<T, W> {
    fn default() -> Self {
        GroupBuffers {
            transposed: Vec::new(),
            row: Vec::new(),
        }
    }
}

#[inline(always)]
fn batch_body(flat: &[i64], n: usize, narrowest: Width, out: &mut Vec<i64>) -> Width {
    let count = flat.len() / n;
    let mut scratch = Scratch::default();
    let mut widest = narrowest;
    let mut start = 0;
    while start < count {
        let mut width = narrowest;
        // A group that does not fit a width is retried in the next wider one; i128 always fits.
        let solved = loop {
            let solved = match width {
                Width::I16 => solve_group(flat, n, start, &mut scratch.i16, out),
                Width::I32 => solve_group(flat, n, start, &mut scratch.i32, out),
                Width::I64 => solve_group(flat, n, start, &mut scratch.i64, out),
                Width::I128 => solve_group(flat, n, start, &mut scratch.i128, out),
            };
            match (solved, width) {
                (Some(solved), _) => break solved,
                (None, Width::I16) => width = Width::I32,
                (None, Width::I32) => width = Width::I64,
                (None, _) => width = Width::I128,
            }
        };
        widest = widest.max(width);
        start += solved;
    }
    widest
}

/// Solves the (up to) `W` instances from instance `start` in lanes of `T` and returns how many,
/// or returns `None`, appending nothing, if one of them has an absolute sum beyond `T` (then its
/// margins might not fit: module docs). The sums are taken while transposing, so checking the
/// bound costs no extra pass over the piles.
#[inline(always)]
fn solve_group<T: Lane, const W: usize>(
    flat: &[i64],
    n: usize,
    start: usize,
    buffers: &mut GroupBuffers<T, W>,
    out: &mut Vec<i64>,
) -> Option<usize> {
    const { assert!(W * size_of::<T>() == 64, "a group is one 64-byte vector") };
    let members = W.min(flat.len() / n - start);
    let transposed = &mut buffers.transposed;
    transposed.clear();
    transposed.resize(n, [T::default(); W]);
    for lane in 0..members {
        let instance = &flat[(start + lane) * n..(start + lane + 1) * n];
        let mut sum = 0u64;
        for (position, &value) in transposed.iter_mut().zip(instance) {
            sum = sum.saturating_add(value.unsigned_abs());
            position[lane] = T::narrow(value);
        }
        // A saturated sum is at least 2^64 - 1, beyond every width but i128, which holds the
        // margins of any instance of i64 piles (fewer than 2^63 of them).
        if sum as u128 > T::MAX_BOUND {
            return None;
        }
    }
    let margins = group_margins(transposed, &mut buffers.row);
    for &margin in &margins[..members] {
        out.push(margin.widen().expect(
            "a stone-game margin beyond 64 bits: the piles' absolute sums were not validated",
        ));
    }
    Some(members)
}

fn batch_portable(flat: &[i64], n: usize, width: Width, out: &mut Vec<i64>) -> Width {
    batch_body(flat, n, width, out)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn batch_avx2_unchecked(flat: &[i64], n: usize, width: Width, out: &mut Vec<i64>) -> Width {
    batch_body(flat, n, width, out)
}

#[cfg(target_arch = "x86_64")]
fn batch_avx2(flat: &[i64], n: usize, width: Width, out: &mut Vec<i64>) -> Width {
    // SAFETY: selected only after `is_x86_feature_detected!("avx2")` (see `runner`).
    unsafe { batch_avx2_unchecked(flat, n, width, out) }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
fn batch_avx512_unchecked(flat: &[i64], n: usize, width: Width, out: &mut Vec<i64>) -> Width {
    batch_body(flat, n, width, out)
}

#[cfg(target_arch = "x86_64")]
fn batch_avx512(flat: &[i64], n: usize, width: Width, out: &mut Vec<i64>) -> Width {
    // SAFETY: selected only after `is_x86_feature_detected!` saw avx512f and avx512bw (see
    // `runner`).
    unsafe { batch_avx512_unchecked(flat, n, width, out) }
}

/// The batch runner of this CPU's level.
fn runner() -> BatchRunner {
    match level() {
        Level::Portable => batch_portable,
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => batch_avx2,
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => batch_avx512,
    }
}

/// Working memory of [`group_margins_16`], reused from group to group.
#[derive(Default)]
pub struct Scratch16 {
    /// The group's two halves of 16 lanes (AVX2 and the portable path run one at a time).
    halves: [Vec<[i16; 16]>; 2],
    half_row: Vec<[i16; 16]>,
    row: Vec<[i16; 32]>,
}

/// One group of 32 instances already in 16-bit lanes (`piles[i][lane]` is pile `i` of the
/// instance in `lane`): the first player's margin in each lane.
///
/// The caller proves the bound of [`crate::games::stone_game::lanes`]: every lane's absolute pile sum is at most
/// `i16::MAX` (a sweep knows it from its value range and size: the generator then draws straight
/// into this layout, with no `i64` copy and no transposition). A lane beyond the bound gives a
/// wrong (wrapped) margin, never undefined behaviour. `piles` must not be empty.
///
/// Runs four lengths per pass over one register of lanes at a time: the 32 lanes at once with
/// AVX-512, each half of 16 in turn otherwise (32 lanes are two AVX2 registers, and the pass
/// keeps ten blocks in registers: AVX2 has sixteen).
///
/// ```
/// use gamelab::games::stone_game::batch::group_margins_16;
/// let mut piles = vec![[0i16; 32]; 3];
/// piles[0][0] = 1; piles[1][0] = 100; piles[2][0] = 3;
/// piles[0][1] = 4; piles[1][1] = 6; piles[2][1] = 2;
/// let margins = group_margins_16(&piles, &mut Default::default());
/// assert_eq!(&margins[..2], &[-96, 0]);
/// ```
pub fn group_margins_16(piles: &[[i16; 32]], scratch: &mut Scratch16) -> [i16; 32] {
    assert!(
        !piles.is_empty(),
        "a stone-game instance has at least one pile"
    );
    match level() {
        Level::Portable => by_halves(piles, scratch, |half, row| {
            group_margins_wavefront(half, row)
        }),
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => {
            // SAFETY: the level is AVX2 only after `is_x86_feature_detected!("avx2")`.
            by_halves(piles, scratch, |half, row| unsafe {
                half_16_avx2(half, row)
            })
        }
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => {
            // SAFETY: the level is AVX-512 only after avx512f and avx512bw were detected.
            unsafe { group_16_avx512(piles, &mut scratch.row) }
        }
    }
}

/// Solves the two halves of 16 lanes of `piles` one after the other with `solve`.
#[inline(always)]
fn by_halves(
    piles: &[[i16; 32]],
    scratch: &mut Scratch16,
    solve: impl Fn(&[[i16; 16]], &mut Vec<[i16; 16]>) -> [i16; 16],
) -> [i16; 32] {
    let [low, high] = &mut scratch.halves;
    low.clear();
    high.clear();
    // One pass per half, each a run of 32-byte copies: pushing both halves position by
    // position (a capacity check per push) took 4% of the sweep's instructions.
    low.extend(
        piles
            .iter()
            .map(|position| std::array::from_fn(|lane| position[lane])),
    );
    high.extend(
        piles
            .iter()
            .map(|position| std::array::from_fn(|lane| position[16 + lane])),
    );
    let mut margins = [0; 32];
    margins[..16].copy_from_slice(&solve(low, &mut scratch.half_row));
    margins[16..].copy_from_slice(&solve(high, &mut scratch.half_row));
    margins
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn half_16_avx2(piles: &[[i16; 16]], row: &mut Vec<[i16; 16]>) -> [i16; 16] {
    group_margins_wavefront(piles, row)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
fn group_16_avx512(piles: &[[i16; 32]], row: &mut Vec<[i16; 32]>) -> [i16; 32] {
    group_margins_wavefront(piles, row)
}

/// The first player's margin of every instance in `flat` (instances of `n >= 1` piles each,
/// one after another), appended to `out` in order, in the narrowest exact lanes (module docs).
///
/// # Panics
/// If a margin does not fit in `i64`, which needs an instance's absolute sum beyond `i64::MAX`
/// (validated inputs never are; see `input::fields::check_score_range`).
///
/// Time O(count · n²), memory O(n) vectors per group.
///
/// ```
/// use gamelab::games::stone_game::batch::batch_margins;
/// let mut out = Vec::new();
/// batch_margins(&[1, 100, 3, 4, 6, 2], 3, &mut out);
/// assert_eq!(out, vec![-96, 0]);
/// ```
pub fn batch_margins(flat: &[i64], n: usize, out: &mut Vec<i64>) {
    if n == 0 || flat.is_empty() {
        return;
    }
    runner()(flat, n, Width::I16, out);
}

/// The widest lane width [`batch_margins`] runs a group of `flat` (instances of `n >= 1` piles)
/// in: the narrowest that holds the largest absolute sum of an instance.
pub fn lane_width(flat: &[i64], n: usize) -> Width {
    let largest = flat.chunks(n.max(1)).map(absolute_sum).max().unwrap_or(0);
    Width::for_sum(largest, true)
}

/// [`batch_margins`] with lanes of at least `width` (for tests and benchmarks comparing widths):
/// a group whose instances do not all fit `width` still runs wider. Returns the widest width a
/// group ran in (`width` itself if every group fit).
pub fn batch_margins_in(flat: &[i64], n: usize, width: Width, out: &mut Vec<i64>) -> Width {
    if n == 0 || flat.is_empty() {
        return width;
    }
    runner()(flat, n, width, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stone_game::dp::rolling_margin;

    fn check(n: usize, count: usize, scale: i64) {
        let flat: Vec<i64> = (0..(n * count) as i64)
            .map(|x| ((x * 7919 + 17) % 201 - 100) * scale)
            .collect();
        let mut out = Vec::new();
        batch_margins(&flat, n, &mut out);
        let expected: Vec<i64> = flat.chunks(n).map(rolling_margin).collect();
        assert_eq!(out, expected, "n = {n}, count = {count}, scale = {scale}");
    }

    #[test]
    fn groups_in_16_bit_lanes_agree_with_the_plain_row() {
        // Every size up to 64: the four-length wavefront's unrolled steps and the rest, and the
        // two-length passes that finish, meet at every remainder.
        for n in 1..=64 {
            // Absolute sums up to i16::MAX: 64 piles of 511 sum to 32,704.
            let flat: Vec<i64> = (0..(n * 32) as i64)
                .map(|x| (x * 7919 + 17) % 1023 - 511)
                .collect();
            let mut piles = vec![[0i16; 32]; n];
            for (lane, instance) in flat.chunks(n).enumerate() {
                for (position, &value) in instance.iter().enumerate() {
                    piles[position][lane] = value as i16;
                }
            }
            let margins = group_margins_16(&piles, &mut Scratch16::default());
            let expected: Vec<i64> = flat.chunks(n).map(rolling_margin).collect();
            let got: Vec<i64> = margins.iter().map(|&margin| margin as i64).collect();
            assert_eq!(got, expected, "n = {n}");
        }
    }

    #[test]
    fn narrow_and_wide_lanes_agree_with_the_plain_row() {
        for n in [1, 2, 3, 7, 16, 33, 64] {
            // Counts around the group sizes; values that fit 16, 32 and only 64 bits.
            for count in [1, 5, 8, 15, 16, 17, 31, 32, 33, 70] {
                check(n, count, 1);
                check(n, count, 1 << 10);
                check(n, count, 1 << 40);
            }
        }
    }
}
