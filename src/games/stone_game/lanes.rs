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
}

macro_rules! lane {
    ($t:ty) => {
        impl Lane for $t {
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
lane!(i32);
lane!(i64);
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
