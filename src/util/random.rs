//! Seeded random streams: a Xoshiro256++ generator keyed by a tuple of 64-bit words, and the
//! integer-only samplers every random part of gamelab draws through (instance generation, the
//! random strategy), so that outputs depend on nothing but the key.
//!
//! Keys. The words are hashed to 64 bits by chaining SplitMix64's finaliser over them, and the
//! generator is seeded from that hash with its documented `seed_from_u64` (SplitMix64
//! expansion). Every key word thus reaches every state word (raw Xoshiro states differing in one
//! word give the same first outputs); two keys share a stream only with probability about 2^-64.
//! Instance values use keys ending in 0; other users put a distinct tag in the last word, so no
//! two uses share a stream.
//!
//! Xoshiro rather than ChaCha8: a sweep draws tens of millions of values, and ChaCha8 cost 17
//! cycles per value here, the whole budget of a sweep; Xoshiro256++ takes about two. Values
//! below 2^32 take 32 bits each (two per 64-bit output). rand documents `Xoshiro256PlusPlus` as
//! a portable generator whose output does not change; `tests/studies/generate.rs` pins golden values.

mod lanes;

pub(crate) use lanes::{LANES_16, uniform_lanes_16};

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};

/// SplitMix64's finaliser: a bijection of 64-bit words that mixes every input bit into every
/// output bit.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The draws from the generator keyed by `words` (see the module docs). Instance values use a
/// last word of 0; other users (random strategies) put a distinct tag there, so no two uses
/// share a stream.
#[inline]
pub fn keyed_stream(words: [u64; 4]) -> Draws {
    let state = keyed_state(words);
    let mut seed = [0u8; 32];
    for (bytes, word) in seed.chunks_exact_mut(8).zip(state) {
        bytes.copy_from_slice(&word.to_le_bytes());
    }
    Draws {
        // `from_seed` reads the words little-endian; `keyed_state` is never all zero (below).
        rng: Xoshiro256PlusPlus::from_seed(seed),
        spare: None,
    }
}

/// The Xoshiro256++ state the stream keyed by `words` starts in: the key hash expanded by
/// SplitMix64 exactly as rand's documented `Xoshiro256PlusPlus::seed_from_u64` does (a test
/// checks the two agree). Spelled out here so that [`uniform_lanes_16`] can run many streams
/// side by side. Never all zero: the four words are `mix` (a bijection) of four distinct inputs.
#[inline]
pub(crate) fn keyed_state(words: [u64; 4]) -> [u64; 4] {
    state_of_hash(chain_hash(KEY_HASH_START, &words))
}

/// Where the key hash starts.
const KEY_HASH_START: u64 = 0x6a09_e667_f3bc_c908;

/// The key hash of `words` continued from `hash` (so keys sharing leading words can hash them
/// once: `chain_hash(chain_hash(start, a), b) == chain_hash(start, a ++ b)`).
#[inline]
fn chain_hash(hash: u64, words: &[u64]) -> u64 {
    // Chained, so (a, b) and (b, a) hash differently.
    words.iter().fold(hash, |hash, &word| mix(hash ^ word))
}

/// The generator state seeded from the key hash `key`.
#[inline]
fn state_of_hash(mut key: u64) -> [u64; 4] {
    let mut state = [0; 4];
    for word in &mut state {
        key = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
        *word = mix(key);
    }
    state
}

/// One Xoshiro256++ step on a raw state: the next output (the reference algorithm, as rand's
/// `Xoshiro256PlusPlus::next_u64`; the lanes' portable path and tests use it).
fn xoshiro_next(s: &mut [u64; 4]) -> u64 {
    let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
    let t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = s[3].rotate_left(45);
    result
}

/// A stream of random integers: 64-bit outputs, or 32-bit halves of them for small ranges.
pub struct Draws {
    rng: Xoshiro256PlusPlus,
    /// The unused upper half of the last 64-bit output.
    spare: Option<u32>,
}

impl Draws {
    /// 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// 32 random bits: the lower half of a fresh output, then its upper half.
    #[inline]
    fn next_u32(&mut self) -> u32 {
        match self.spare.take() {
            Some(half) => half,
            None => {
                let word = self.rng.next_u64();
                self.spare = Some((word >> 32) as u32);
                word as u32
            }
        }
    }

    /// A uniform integer in `0..bound` (`bound >= 1`): Lemire's multiply-and-reject method, on
    /// 32 bits when `bound` fits.
    ///
    /// `#[inline]` so that a caller drawing in a loop from another module or crate (the rating
    /// bootstrap) gets it inlined without link-time optimisation and its rejection threshold,
    /// a division, hoisted out of the loop: 2.2x faster in a build without LTO.
    #[inline]
    pub fn below(&mut self, bound: u64) -> u64 {
        if let Ok(bound) = u32::try_from(bound) {
            let threshold = bound.wrapping_neg() % bound;
            loop {
                let product = self.next_u32() as u64 * bound as u64;
                if product as u32 >= threshold {
                    return product >> 32;
                }
            }
        }
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let product = self.next_u64() as u128 * bound as u128;
            if product as u64 >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// Appends `count` uniform integers in `0..bound` (`1 <= bound <= 2^32`) to `out`, each
    /// offset by `min`: the sweep's hot loop, with the rejection threshold computed once. Draws
    /// the same numbers as `count` calls of [`Draws::below`].
    pub(crate) fn extend_below_u32(
        &mut self,
        bound: u32,
        count: u64,
        min: i64,
        out: &mut Vec<i64>,
    ) {
        let threshold = bound.wrapping_neg() % bound;
        let wanted = out.len() + count as usize;
        out.reserve(count as usize);
        let take = |half: u32, out: &mut Vec<i64>| {
            let product = half as u64 * bound as u64;
            if product as u32 >= threshold && out.len() < wanted {
                out.push(min.wrapping_add((product >> 32) as i64));
            }
        };
        if let Some(half) = self.spare.take() {
            take(half, out);
        }
        // Both halves of each output, lower first, as `next_u32` would hand them out.
        while out.len() < wanted {
            let word = self.rng.next_u64();
            take(word as u32, out);
            if out.len() < wanted {
                take((word >> 32) as u32, out);
            } else {
                self.spare = Some((word >> 32) as u32);
            }
        }
    }

    /// A uniform offset in `0..=span` (the full 64-bit range when `span` is `u64::MAX`).
    pub(crate) fn offset_up_to(&mut self, span: u64) -> u64 {
        match span.checked_add(1) {
            Some(bound) => self.below(bound),
            None => self.next_u64(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyed_states_are_rands_seed_from_u64_and_step_alike() {
        for words in [[0, 0, 0, 0], [7, 64, 12_345, 0], [u64::MAX, 1, 2, 3]] {
            let key = words
                .iter()
                .fold(0x6a09_e667_f3bc_c908, |hash, &word| mix(hash ^ word));
            assert_eq!(
                key,
                chain_hash(chain_hash(KEY_HASH_START, &words[..2]), &words[2..])
            );
            let mut reference = Xoshiro256PlusPlus::seed_from_u64(key);
            let mut state = keyed_state(words);
            let mut stream = keyed_stream(words);
            for _ in 0..100 {
                let expected = reference.next_u64();
                assert_eq!(xoshiro_next(&mut state), expected);
                assert_eq!(stream.next_u64(), expected);
            }
        }
    }

    #[test]
    fn lemire_sampling_stays_in_bounds() {
        let mut rng = keyed_stream([7, 0, 0, 0]);
        for bound in [1, 2, 3, 100, u32::MAX as u64, 1 << 32, u64::MAX] {
            for _ in 0..200 {
                assert!(rng.below(bound) < bound);
            }
        }
    }

    #[test]
    fn small_ranges_are_uniform() {
        let mut rng = keyed_stream([11, 0, 0, 0]);
        let mut counts = [0u32; 10];
        for _ in 0..100_000 {
            counts[rng.below(10) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn keys_differing_in_one_word_give_different_streams() {
        let first = |words| keyed_stream(words).next_u64();
        let base = first([1, 2, 3, 0]);
        for other in [
            [2, 2, 3, 0],
            [1, 3, 3, 0],
            [1, 2, 4, 0],
            [1, 2, 3, 1],
            [2, 1, 3, 0],
        ] {
            assert_ne!(first(other), base, "{other:?}");
        }
    }
}
