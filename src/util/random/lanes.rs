//! Many keyed streams drawn side by side, one per SIMD lane, straight into the transposed
//! 16-bit layout the stone-game batch kernel solves (`rows[k][lane]` = value k of stream
//! `lane`): the sweep's generator, which would otherwise cost more than solving.
//!
//! Exactness. Each lane runs its own Xoshiro256++ state, taking both 32-bit halves of every
//! output (lower first) through Lemire's multiply, exactly as [`crate::util::random::Draws::extend_below_u32`]
//! does, so a lane holds the very values the scalar stream gives, as long as no draw of it was
//! rejected. Lanes advance in lockstep, so a rejection would shift that lane's later values: the
//! lane is reported in the returned mask instead, and the caller redraws that instance with the
//! scalar stream. (A rejection happens with probability `(2^32 mod bound) / 2^32` per draw:
//! below 2^-25 for a bound of 100.)
//!
//! AVX2 has no 64-bit multiply but Xoshiro needs none (adds, xors, shifts; a rotation is two
//! shifts and an or), and Lemire's 32 × 32 → 64 product is `_mm256_mul_epu32`. Chosen at run
//! time as the batch kernels are; the portable path is the reference the tests compare with.

use crate::util::random::{KEY_HASH_START, chain_hash, keyed_state, state_of_hash, xoshiro_next};
use std::sync::OnceLock;

/// Lanes per group: one 64-byte block of `i16`, as the batch kernel's 16-bit groups.
pub(crate) const LANES_16: usize = 32;

/// Draws `rows.len()` uniform values in `min + (0..bound)` (`bound >= 1`) from the stream keyed
/// by `shared ++ tail` for each of `tails` (at most [`LANES_16`]; the shared words are hashed
/// once) into `rows[k][lane]`, each truncated to 16 bits (exact when the range lies in `i16`).
/// Lanes past `tails.len()` get the values of the stream keyed by zeros (deterministic
/// padding). Returns the mask of lanes (bit `lane`) whose draws met a rejection: their columns
/// are unspecified and must be drawn again with the scalar stream (module docs).
pub(crate) fn uniform_lanes_16(
    shared: [u64; 2],
    tails: &[[u64; 2]],
    bound: u32,
    min: i16,
    rows: &mut [[i16; LANES_16]],
) -> u32 {
    assert!(tails.len() <= LANES_16 && bound >= 1);
    let prefix = chain_hash(KEY_HASH_START, &shared);
    let mut states = [keyed_state([0; 4]); LANES_16];
    for (state, tail) in states.iter_mut().zip(tails) {
        *state = state_of_hash(chain_hash(prefix, tail));
    }
    let threshold = bound.wrapping_neg() % bound;
    let rejected = filler()(&mut states, bound, threshold, min, rows);
    // Padding lanes' rejections do not matter.
    rejected & lane_mask(tails.len())
}

/// The mask of the first `count` lanes.
fn lane_mask(count: usize) -> u32 {
    if count >= 32 {
        u32::MAX
    } else {
        (1u32 << count) - 1
    }
}

/// Fills every lane of `rows` from `states` (see [`uniform_lanes_16`]); returns the rejection
/// mask over all lanes.
type Filler = fn(&mut [[u64; 4]; LANES_16], u32, u32, i16, &mut [[i16; LANES_16]]) -> u32;

fn filler() -> Filler {
    static CHOSEN: OnceLock<Filler> = OnceLock::new();
    *CHOSEN.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        {
            // Under the `GAMELAB_SIMD` cap ([`crate::util::simd`]); there is no AVX-512 copy.
            if crate::util::simd::Cap::from_env().allows_avx2()
                && std::is_x86_feature_detected!("avx2")
            {
                return fill_avx2 as Filler;
            }
        }
        fill_portable as Filler
    })
}

/// The reference: each lane's stream in turn, both halves of every output, lower first.
fn fill_portable(
    states: &mut [[u64; 4]; LANES_16],
    bound: u32,
    threshold: u32,
    min: i16,
    rows: &mut [[i16; LANES_16]],
) -> u32 {
    let mut rejected = 0;
    for (lane, state) in states.iter_mut().enumerate() {
        let mut spare = None;
        for row in rows.iter_mut() {
            let half = spare.take().unwrap_or_else(|| {
                let word = xoshiro_next(state);
                spare = Some((word >> 32) as u32);
                word as u32
            });
            let product = half as u64 * bound as u64;
            if (product as u32) < threshold {
                rejected |= 1 << lane;
            }
            row[lane] = min.wrapping_add((product >> 32) as u16 as i16);
        }
    }
    rejected
}

#[cfg(target_arch = "x86_64")]
fn fill_avx2(
    states: &mut [[u64; 4]; LANES_16],
    bound: u32,
    threshold: u32,
    min: i16,
    rows: &mut [[i16; LANES_16]],
) -> u32 {
    // SAFETY: selected only after `is_x86_feature_detected!("avx2")` (see `filler`).
    unsafe { avx2::fill(states, bound, threshold, min, rows) }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::LANES_16;
    use std::arch::x86_64::*;

    /// Four Xoshiro256++ states, one per 64-bit lane.
    struct Streams([__m256i; 4]);

    impl Streams {
        /// The states of `lanes` (four lane numbers) from `states`.
        #[target_feature(enable = "avx2")]
        fn load(states: &[[u64; 4]; LANES_16], lanes: [usize; 4]) -> Streams {
            let word = |k: usize| {
                _mm256_set_epi64x(
                    states[lanes[3]][k] as i64,
                    states[lanes[2]][k] as i64,
                    states[lanes[1]][k] as i64,
                    states[lanes[0]][k] as i64,
                )
            };
            Streams([word(0), word(1), word(2), word(3)])
        }

        /// The next output of each stream (Xoshiro256++, as `super::super::xoshiro_next`).
        #[target_feature(enable = "avx2")]
        #[inline]
        fn next(&mut self) -> __m256i {
            let [s0, s1, s2, s3] = &mut self.0;
            let sum = _mm256_add_epi64(*s0, *s3);
            let rotated = _mm256_or_si256(_mm256_slli_epi64(sum, 23), _mm256_srli_epi64(sum, 41));
            let result = _mm256_add_epi64(rotated, *s0);
            let t = _mm256_slli_epi64(*s1, 17);
            *s2 = _mm256_xor_si256(*s2, *s0);
            *s3 = _mm256_xor_si256(*s3, *s1);
            *s1 = _mm256_xor_si256(*s1, *s2);
            *s0 = _mm256_xor_si256(*s0, *s3);
            *s2 = _mm256_xor_si256(*s2, t);
            *s3 = _mm256_or_si256(_mm256_slli_epi64(*s3, 45), _mm256_srli_epi64(*s3, 19));
            result
        }
    }

    /// Lemire's products of the lower 32 bits of each 64-bit lane of `halves` by `bound`, and
    /// the running minimum of their lower halves (in the even 32-bit elements of `lowest`): a
    /// draw is rejected when its product's lower half is below the threshold, so one test of
    /// the minimum at the end finds every lane that rejected any (one instruction per product
    /// instead of three).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn lemire(halves: __m256i, bound: __m256i, lowest: &mut __m256i) -> __m256i {
        let product = _mm256_mul_epu32(halves, bound);
        *lowest = _mm256_min_epu32(*lowest, product);
        product
    }

    /// Eight 16-bit values in lane order from the products of the even lanes (`even`, lane
    /// 2i in 64-bit lane i) and the odd ones (`odd`): the upper halves, truncated to 16 bits,
    /// plus `min`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn pack(even: __m256i, odd: __m256i, min: __m128i) -> __m128i {
        // 32-bit elements [e0, o0, e1, o1 | e2, o2, e3, o3], each cut to 16 bits so that the
        // saturating pack below is exact.
        let both = _mm256_or_si256(
            _mm256_srli_epi64(even, 32),
            _mm256_and_si256(odd, _mm256_set1_epi64x(-1 << 32)),
        );
        let both = _mm256_and_si256(both, _mm256_set1_epi32(0xffff));
        let packed = _mm_packus_epi32(
            _mm256_castsi256_si128(both),
            _mm256_extracti128_si256(both, 1),
        );
        _mm_add_epi16(packed, min)
    }

    /// The AVX2 filler: eight lanes at a time (two registers of streams: even and odd lanes),
    /// each output giving a value for two consecutive rows.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn fill(
        states: &mut [[u64; 4]; LANES_16],
        bound: u32,
        threshold: u32,
        min: i16,
        rows: &mut [[i16; LANES_16]],
    ) -> u32 {
        let n = rows.len();
        let bound_v = _mm256_set1_epi64x(bound as i64);
        let threshold_v = _mm256_set1_epi64x(threshold as i64);
        let min_v = _mm_set1_epi16(min);
        let mut rejected = 0u32;
        for eighth in 0..LANES_16 / 8 {
            let base = eighth * 8;
            let mut even = Streams::load(states, [base, base + 2, base + 4, base + 6]);
            let mut odd = Streams::load(states, [base + 1, base + 3, base + 5, base + 7]);
            let mut even_lowest = _mm256_set1_epi32(-1);
            let mut odd_lowest = _mm256_set1_epi32(-1);
            let mut k = 0;
            while k < n {
                let even_word = even.next();
                let odd_word = odd.next();
                let even_low = lemire(even_word, bound_v, &mut even_lowest);
                let odd_low = lemire(odd_word, bound_v, &mut odd_lowest);
                let values = pack(even_low, odd_low, min_v);
                // SAFETY: `k < n` and `base + 8 <= LANES_16`: inside row k.
                unsafe { _mm_storeu_si128(rows[k].as_mut_ptr().add(base).cast(), values) };
                if k + 1 < n {
                    let even_high =
                        lemire(_mm256_srli_epi64(even_word, 32), bound_v, &mut even_lowest);
                    let odd_high =
                        lemire(_mm256_srli_epi64(odd_word, 32), bound_v, &mut odd_lowest);
                    let values = pack(even_high, odd_high, min_v);
                    // SAFETY: `k + 1 < n`, as above.
                    unsafe { _mm_storeu_si128(rows[k + 1].as_mut_ptr().add(base).cast(), values) };
                }
                k += 2;
            }
            let rejected_in = |lowest: __m256i| {
                let low = _mm256_and_si256(lowest, _mm256_set1_epi64x(0xffff_ffff));
                let below = _mm256_cmpgt_epi64(threshold_v, low);
                _mm256_movemask_pd(_mm256_castsi256_pd(below)) as u32
            };
            let (even_mask, odd_mask) = (rejected_in(even_lowest), rejected_in(odd_lowest));
            for i in 0..4 {
                rejected |= ((even_mask >> i) & 1) << (base + 2 * i);
                rejected |= ((odd_mask >> i) & 1) << (base + 2 * i + 1);
            }
        }
        rejected
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::random::keyed_stream;

    /// The values the scalar stream keyed by `key` draws, truncated as the lanes are, and
    /// whether any of the first `n` draws was rejected (the scalar sampler skips those).
    fn scalar(key: [u64; 4], bound: u32, min: i16, n: usize) -> (Vec<i16>, bool) {
        let mut state = keyed_state(key);
        let threshold = bound.wrapping_neg() % bound;
        let mut halves = Vec::new();
        while halves.len() < n {
            let word = xoshiro_next(&mut state);
            halves.extend([word as u32, (word >> 32) as u32]);
        }
        let rejected = halves[..n]
            .iter()
            .any(|&half| ((half as u64 * bound as u64) as u32) < threshold);
        let mut values = Vec::new();
        keyed_stream(key).extend_below_u32(bound, n as u64, min as i64, &mut values);
        (values.iter().map(|&value| value as i16).collect(), rejected)
    }

    fn check(fill: Filler, keys: &[[u64; 4]], bound: u32, min: i16, n: usize) {
        let mut states = [keyed_state([0; 4]); LANES_16];
        for (state, &key) in states.iter_mut().zip(keys) {
            *state = keyed_state(key);
        }
        let mut rows = vec![[0i16; LANES_16]; n];
        let threshold = bound.wrapping_neg() % bound;
        let rejected = fill(&mut states, bound, threshold, min, &mut rows) & lane_mask(keys.len());
        for (lane, &key) in keys.iter().enumerate() {
            let (values, scalar_rejected) = scalar(key, bound, min, n);
            assert_eq!(
                (rejected >> lane) & 1 == 1,
                scalar_rejected,
                "lane {lane}, bound {bound}, n {n}"
            );
            if !scalar_rejected {
                let column: Vec<i16> = rows.iter().map(|row| row[lane]).collect();
                assert_eq!(column, values, "lane {lane}, bound {bound}, n {n}");
            }
        }
    }

    #[test]
    fn lanes_draw_the_scalar_streams_and_flag_every_rejection() {
        let fillers: Vec<Filler> = vec![fill_portable, filler()];
        for (seed, bound, min) in [
            (1, 100, 1),
            (2, 1, 5),
            (3, 2, -1),
            (4, 65_535, -32_767),
            (5, 3, 0),
            // Rejections in almost half the draws, and in a third of them.
            (6, (1 << 31) + 1, 0),
            (7, 3 << 30, -7),
            (8, u32::MAX, 0),
        ] {
            for n in [1, 2, 3, 16, 33, 64] {
                for count in [1, 7, 32] {
                    let keys: Vec<[u64; 4]> =
                        (0..count).map(|index| [seed, n as u64, index, 0]).collect();
                    for &fill in &fillers {
                        check(fill, &keys, bound, min, n);
                    }
                }
            }
        }
    }

    #[test]
    fn rejections_are_flagged_only_for_real_lanes() {
        let tails: Vec<[u64; 2]> = (0..5).map(|index| [index, 0]).collect();
        let mut rows = vec![[0i16; LANES_16]; 40];
        let rejected = uniform_lanes_16([9, 40], &tails, (1 << 31) + 1, 0, &mut rows);
        assert_eq!(rejected & !0b11111, 0);
        assert_ne!(rejected, 0, "40 draws at odds of one half each");
    }
}
