//! The integer types the SIMD stone-game kernels run on, and the proven bound that picks the
//! narrowest exact one for an instance.
//!
//! The bound. For the score-difference DP `d(i, i) = p_i`,
//! `d(i, j) = max(p_i - d(i+1, j), p_j - d(i, j-1))`, every margin and every intermediate is
//! bounded in absolute value by the sum of the absolute pile values `S(i, j) = Σ_{i<=k<=j} |p_k|`:
//! `|d(i, i)| = |p_i| = S(i, i)`, and if `|d(i+1, j)| <= S(i+1, j)` then
//! `|p_i - d(i+1, j)| <= |p_i| + S(i+1, j) = S(i, j)` (likewise `|p_j - d(i, j-1)| <= S(i, j)`),
//! and the max of two numbers in `[-S, S]` is in `[-S, S]`. Every pile is itself at most `S`. So
//! when the whole row's `S = S(0, n-1)` is at most `T::MAX` for a signed type `T` (whose minimum
//! is `-T::MAX - 1`), the DP computed in `T` never overflows on a valid cell and gives the same
//! numbers as in `i64`. Cells outside the valid triangle (the kernels' padding lanes) may hold
//! garbage that wraps; they use wrapping arithmetic, which compiles to the same instruction, and
//! no valid cell depends on them.
//!
//! Blocks. The kernels work on blocks of `W` lanes, one 64-byte cache line (one AVX-512
//! register, two AVX2 ones): `W = 64 / size_of::<T>()`, that is 32 lanes of `i16`, 16 of `i32`,
//! 8 of `i64`; `i128` (4 lanes, scalar code) is the checked fallback for sums beyond 64 bits.

/// An integer type the kernels run the DP in.
pub trait Lane: Copy + Default + Ord + Send + Sync + std::fmt::Debug + 'static {
    /// The largest value: an instance whose absolute sum is at most this runs exactly in `Self`.
    const MAX_BOUND: u128;
    /// `value` in this type; exact when `|value| <= MAX_BOUND` (the caller's proven bound).
    fn narrow(value: i64) -> Self;
    /// This value as `i64`, or `None` if it does not fit (only `i128` can fail).
    fn widen(self) -> Option<i64>;
    /// `self - other`, wrapping (exact on every valid cell, by the bound above).
    fn minus(self, other: Self) -> Self;
    /// Bit `lane` set where `a[lane] > b[lane]`, built the `BITS` way ([`BITS_AVX2`] or
    /// [`BITS_PORTABLE`]).
    #[inline(always)]
    fn greater_bits<const W: usize, const BITS: u8>(a: &[Self; W], b: &[Self; W]) -> u64 {
        greater_bits_portable(a, b)
    }
}

/// Comparisons to bits lane by lane: for kernel copies without AVX2.
pub const BITS_PORTABLE: u8 = 0;
/// Comparisons to bits with AVX2's compare and movemask, for the kernel copies compiled with
/// AVX2 (or AVX-512, which implies it). Left to itself LLVM builds such masks lane by lane
/// through packs and scalar shifts: measured on stone-game n = 10,000 with 64-bit lanes, that
/// made the kernel 2.3x slower than without the masks.
pub const BITS_AVX2: u8 = 1;

/// [`Lane::greater_bits`] lane by lane.
#[inline(always)]
fn greater_bits_portable<T: Lane, const W: usize>(a: &[T; W], b: &[T; W]) -> u64 {
    let mut bits = 0u64;
    for lane in 0..W {
        bits |= ((a[lane] > b[lane]) as u64) << lane;
    }
    bits
}

/// [`Lane::greater_bits`] with AVX2 for lanes of `LANE_BYTES` (4 or 8) bytes, `W` of them (a
/// multiple of a 32-byte register). `compare_to_bits` compares two registers and gives one bit
/// per lane.
///
/// # Safety
/// The CPU must have AVX2, and `compare_to_bits` must be sound on it.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn greater_bits_avx2<T, const W: usize, const LANE_BYTES: usize>(
    a: &[T; W],
    b: &[T; W],
    compare_to_bits: impl Fn(std::arch::x86_64::__m256i, std::arch::x86_64::__m256i) -> i32,
) -> u64 {
    use std::arch::x86_64::{__m256i, _mm256_loadu_si256};
    let per_register = 32 / LANE_BYTES;
    let mut bits = 0u64;
    for register in 0..W / per_register {
        // SAFETY: `register * per_register + per_register <= W` lanes of `LANE_BYTES` bytes.
        let (a, b) = unsafe {
            (
                _mm256_loadu_si256(a.as_ptr().add(register * per_register).cast::<__m256i>()),
                _mm256_loadu_si256(b.as_ptr().add(register * per_register).cast::<__m256i>()),
            )
        };
        bits |= (compare_to_bits(a, b) as u32 as u64) << (register * per_register);
    }
    bits
}

macro_rules! lane {
    ($t:ty) => {
        lane!($t, {});
    };
    ($t:ty, { $($greater_bits:tt)* }) => {
        impl Lane for $t {
            $($greater_bits)*
            const MAX_BOUND: u128 = <$t>::MAX as u128;
            #[inline(always)]
            fn narrow(value: i64) -> $t {
                value as $t
            }
            #[inline(always)]
            fn widen(self) -> Option<i64> {
                i64::try_from(self).ok()
            }
            #[inline(always)]
            fn minus(self, other: $t) -> $t {
                self.wrapping_sub(other)
            }
        }
    };
}

lane!(i16);
lane!(i32, {
    #[inline(always)]
    fn greater_bits<const W: usize, const BITS: u8>(a: &[i32; W], b: &[i32; W]) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if BITS == BITS_AVX2 && W.is_multiple_of(8) {
            use std::arch::x86_64::{_mm256_castsi256_ps, _mm256_cmpgt_epi32, _mm256_movemask_ps};
            // SAFETY: `BITS_AVX2` is used only by kernel copies compiled for AVX2 and run after
            // the CPU was checked for it.
            return unsafe {
                greater_bits_avx2::<i32, W, 4>(a, b, |a, b| {
                    _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(a, b)))
                })
            };
        }
        greater_bits_portable(a, b)
    }
});
lane!(i64, {
    #[inline(always)]
    fn greater_bits<const W: usize, const BITS: u8>(a: &[i64; W], b: &[i64; W]) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if BITS == BITS_AVX2 && W.is_multiple_of(4) {
            use std::arch::x86_64::{_mm256_castsi256_pd, _mm256_cmpgt_epi64, _mm256_movemask_pd};
            // SAFETY: as for i32.
            return unsafe {
                greater_bits_avx2::<i64, W, 8>(a, b, |a, b| {
                    _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpgt_epi64(a, b)))
                })
            };
        }
        greater_bits_portable(a, b)
    }
});
lane!(i128);

/// One DP cell update on a whole block: `max(left - next, right - here)` lane by lane.
#[inline(always)]
pub fn cell_block<T: Lane, const W: usize>(
    left: &[T; W],
    next: &[T; W],
    right: &[T; W],
    here: &[T; W],
) -> [T; W] {
    let mut out = [T::default(); W];
    for lane in 0..W {
        out[lane] = left[lane]
            .minus(next[lane])
            .max(right[lane].minus(here[lane]));
    }
    out
}

/// [`cell_block`] that also says, lane by lane, where taking the right pile is strictly better
/// than the left (bit `lane` of the result; ties go left, as [`crate::solve::replaces_best`]).
#[inline(always)]
pub fn cell_block_deciding<T: Lane, const W: usize, const BITS: u8>(
    left: &[T; W],
    next: &[T; W],
    right: &[T; W],
    here: &[T; W],
) -> ([T; W], u64) {
    let mut from_left = [T::default(); W];
    let mut from_right = [T::default(); W];
    let mut out = [T::default(); W];
    for lane in 0..W {
        from_left[lane] = left[lane].minus(next[lane]);
        from_right[lane] = right[lane].minus(here[lane]);
        // The max as the same comparison the bits make (right > left), so one compare serves
        // both (equal values give the same cell either way).
        out[lane] = if from_right[lane] > from_left[lane] {
            from_right[lane]
        } else {
            from_left[lane]
        };
    }
    (out, T::greater_bits::<W, BITS>(&from_right, &from_left))
}

/// Reads a block of `W` lanes at `at`.
///
/// # Safety
/// `at..at + W` must be inside the allocation `base` points into.
#[inline(always)]
pub unsafe fn load<T: Lane, const W: usize>(base: *const T, at: usize) -> [T; W] {
    // SAFETY: the caller keeps `at..at + W` in bounds.
    unsafe { base.add(at).cast::<[T; W]>().read_unaligned() }
}

/// Writes a block of `W` lanes at `at`.
///
/// # Safety
/// `at..at + W` must be inside the allocation `base` points into.
#[inline(always)]
pub unsafe fn store<T: Lane, const W: usize>(base: *mut T, at: usize, block: [T; W]) {
    // SAFETY: the caller keeps `at..at + W` in bounds.
    unsafe { base.add(at).cast::<[T; W]>().write_unaligned(block) }
}

/// The lane type an instance (or a group of instances) runs in; ordered narrowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Width {
    /// 16-bit lanes, 32 per block.
    I16,
    /// 32-bit lanes, 16 per block.
    I32,
    /// 64-bit lanes, 8 per block.
    I64,
    /// 128-bit lanes (scalar), for sums beyond 64 bits: exact, checked on the way out.
    I128,
}

impl Width {
    /// The narrowest width that holds every margin of an instance whose absolute pile values
    /// sum to `absolute_sum` (module docs), choosing `I16` only when `allow_16` (the one-instance
    /// kernel has no 16-bit copy: an instance that small is solved in microseconds anyway).
    pub fn for_sum(absolute_sum: u128, allow_16: bool) -> Width {
        if allow_16 && absolute_sum <= i16::MAX_BOUND {
            Width::I16
        } else if absolute_sum <= i32::MAX_BOUND {
            Width::I32
        } else if absolute_sum <= i64::MAX_BOUND {
            Width::I64
        } else {
            Width::I128
        }
    }
}

/// The sum of the absolute values of `piles`, without overflow.
pub fn absolute_sum(piles: &[i64]) -> u128 {
    // Two passes that vectorise even with SSE2 alone (an OR, which is at least the largest
    // value, then a sum in 64 bits that the OR proves cannot overflow) instead of one 128-bit
    // sum or a 64-bit max, which do not: this runs on every sweep instance.
    let bound = piles.iter().fold(0, |acc, pile| acc | pile.unsigned_abs());
    if bound as u128 * piles.len() as u128 <= u64::MAX as u128 {
        piles.iter().map(|pile| pile.unsigned_abs()).sum::<u64>() as u128
    } else {
        piles.iter().map(|&pile| pile.unsigned_abs() as u128).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_switch_exactly_at_the_bounds() {
        assert_eq!(Width::for_sum(0, true), Width::I16);
        assert_eq!(Width::for_sum(i16::MAX as u128, true), Width::I16);
        assert_eq!(Width::for_sum(i16::MAX as u128, false), Width::I32);
        assert_eq!(Width::for_sum(i16::MAX as u128 + 1, true), Width::I32);
        assert_eq!(Width::for_sum(i32::MAX as u128, true), Width::I32);
        assert_eq!(Width::for_sum(i32::MAX as u128 + 1, true), Width::I64);
        assert_eq!(Width::for_sum(i64::MAX as u128, true), Width::I64);
        assert_eq!(Width::for_sum(i64::MAX as u128 + 1, true), Width::I128);
    }

    #[test]
    fn absolute_sums_do_not_overflow() {
        assert_eq!(
            absolute_sum(&[i64::MIN, i64::MAX, -1]),
            2 * i64::MAX as u128 + 2
        );
        assert_eq!(absolute_sum(&[-3, 4, 0]), 7);
        assert_eq!(absolute_sum(&[]), 0);
    }
}
