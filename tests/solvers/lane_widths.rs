//! The narrow lanes are exact: the one-instance kernel in `i32` (in vectors of eight lanes and
//! of sixteen, whatever this CPU's level), `i64` and `i128` lanes and the batch kernel in `i16`, `i32`, `i64` and `i128` lanes agree with each other and with the plain
//! `i64` row on random instances, including instances whose absolute sum is exactly the narrow
//! type's maximum (which must run narrow) and one above it (which must take the wider path: the
//! one-instance kernel refuses a narrower width, the batch kernel runs that group wider).

use gamelab::games::stone_game::batch::{self, batch_margins, batch_margins_in};
use gamelab::games::stone_game::dp::rolling_margin;
use gamelab::games::stone_game::fast::{
    self, STEPS, fast_margin, fast_margin_in, fast_margin_in_vectors, fast_margin_threads,
};
use gamelab::games::stone_game::lanes::Width;
use proptest::prelude::*;

const WIDTHS: [Width; 4] = [Width::I16, Width::I32, Width::I64, Width::I128];
/// The one-instance kernel's `i32` vector shapes: eight lanes (AVX2, portable), sixteen
/// (AVX-512).
const I32_LANES: [usize; 2] = [8, 16];

/// `shape` (signs and relative weights) scaled so that the absolute values sum to exactly
/// `target`: every weight gets its share rounded down, the last pile the rest.
fn with_absolute_sum(shape: &[(bool, u32)], target: u64) -> Vec<i64> {
    let total: u64 = shape.iter().map(|&(_, w)| w as u64).sum::<u64>().max(1);
    let mut magnitudes: Vec<u64> = shape
        .iter()
        .map(|&(_, w)| ((w as u128 * target as u128) / total as u128) as u64)
        .collect();
    let given: u64 = magnitudes.iter().sum();
    if let Some(last) = magnitudes.last_mut() {
        *last += target - given;
    }
    shape
        .iter()
        .zip(magnitudes)
        .map(|(&(negative, _), m)| if negative { -(m as i64) } else { m as i64 })
        .collect()
}

fn shape(max_len: usize) -> impl Strategy<Value = Vec<(bool, u32)>> {
    prop::collection::vec((any::<bool>(), 0u32..=1000), 1..=max_len)
}

/// The bounds that switch widths, and one above each.
fn bound_and_delta(bound: u64) -> impl Strategy<Value = u64> {
    prop_oneof![Just(bound), Just(bound + 1)]
}

/// Checks the one-instance kernel at every width it accepts on `piles`, with `threads`.
fn check_one_instance(piles: &[i64], threads: usize) -> Result<(), TestCaseError> {
    let expected = rolling_margin(piles);
    prop_assert_eq!(fast_margin_threads(piles, threads), expected);
    let needed = fast::lane_width(piles);
    for width in WIDTHS {
        let got = fast_margin_in(piles, threads, width);
        if width.max(Width::I32) < needed {
            prop_assert_eq!(got, None, "{:?} is too narrow and must be refused", width);
        } else {
            prop_assert_eq!(got, Some(expected), "{:?}", width);
        }
        for lanes in I32_LANES {
            prop_assert_eq!(
                fast_margin_in_vectors(piles, threads, width, lanes),
                got,
                "{:?} in vectors of {} i32 lanes",
                width,
                lanes
            );
        }
    }
    Ok(())
}

/// Checks the batch kernel at every width it accepts on `flat`.
fn check_batch(flat: &[i64], n: usize) -> Result<(), TestCaseError> {
    let expected: Vec<i64> = flat.chunks(n).map(rolling_margin).collect();
    let mut out = Vec::new();
    batch_margins(flat, n, &mut out);
    prop_assert_eq!(&out, &expected);
    let needed = batch::lane_width(flat, n);
    for width in WIDTHS {
        let mut out = Vec::new();
        // A group too wide for `width` runs wider: exactly when the widest instance needs it.
        let widest = batch_margins_in(flat, n, width, &mut out);
        prop_assert_eq!(
            widest,
            width.max(needed),
            "{:?} against {:?}",
            width,
            needed
        );
        prop_assert_eq!(&out, &expected, "{:?}", width);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn one_instance_widths_agree_on_random_instances(
        piles in prop::collection::vec(
            prop_oneof![-3i64..=3, -10_000i64..=10_000, -3_000_000i64..=3_000_000],
            1..=700,
        ),
        threads in 1usize..=4,
    ) {
        check_one_instance(&piles, threads)?;
    }

    #[test]
    fn one_instance_widths_agree_at_the_i32_bound(
        shape in shape(700),
        target in bound_and_delta(i32::MAX as u64),
        threads in 1usize..=4,
    ) {
        let piles = with_absolute_sum(&shape, target);
        let width = fast::lane_width(&piles);
        prop_assert_eq!(width, if target <= i32::MAX as u64 { Width::I32 } else { Width::I64 });
        check_one_instance(&piles, threads)?;
    }

    #[test]
    fn batch_widths_agree_on_random_instances(
        n in 1usize..=80,
        count in 1usize..=70,
        scale in prop_oneof![Just(1i64), Just(300), Just(1 << 20), Just(1 << 40)],
        seed in any::<u64>(),
    ) {
        let flat: Vec<i64> = (0..n * count)
            .map(|k| ((seed.wrapping_mul(k as u64 + 1) >> 33) as i64 % 101 - 50) * scale)
            .collect();
        check_batch(&flat, n)?;
    }

    #[test]
    fn batch_widths_agree_at_the_i16_and_i32_bounds(
        count in 1usize..=70,
        n in 1usize..=64,
        bound in prop_oneof![Just(i16::MAX as u64), Just(i32::MAX as u64)],
        above in any::<bool>(),
        at in any::<prop::sample::Index>(),
        shape_seed in any::<u64>(),
    ) {
        // Every instance of size n; one of them has the absolute sum at the bound (or one
        // above), the others at most the bound.
        let chosen = at.index(count);
        let mut flat = Vec::with_capacity(n * count);
        for instance in 0..count {
            let shape: Vec<(bool, u32)> = (0..n)
                .map(|k| {
                    let mixed = shape_seed
                        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                        .wrapping_add(((instance * n + k) as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
                    ((mixed >> 7) & 1 == 1, ((mixed >> 20) % 1001) as u32)
                })
                .collect();
            let target = if instance == chosen {
                bound + above as u64
            } else {
                (shape_seed.rotate_left(instance as u32) % (bound + 1)).max(1)
            };
            flat.extend(with_absolute_sum(&shape, target));
        }
        let width = batch::lane_width(&flat, n);
        let narrow = if bound == i16::MAX as u64 { Width::I16 } else { Width::I32 };
        let wider = if bound == i16::MAX as u64 { Width::I32 } else { Width::I64 };
        prop_assert_eq!(width, if above { wider } else { narrow });
        check_batch(&flat, n)?;
    }
}

/// Extreme margins: an intermediate reaches minus the whole absolute sum (a large negative pile
/// taken before a positive one), at exactly the i32 and i16 bounds and one above.
#[test]
fn margins_at_minus_the_bound_are_exact() {
    for bound in [i16::MAX as i64, i32::MAX as i64] {
        for sum in [bound, bound + 1] {
            for piles in [
                vec![-(sum - 1), 1],
                vec![1, -(sum - 1)],
                vec![sum],
                vec![-sum],
                vec![-(sum - 2), 1, 1],
            ] {
                assert_eq!(fast_margin(&piles, 1), rolling_margin(&piles), "{piles:?}");
                let mut out = Vec::new();
                batch_margins(&piles, piles.len(), &mut out);
                assert_eq!(out, vec![rolling_margin(&piles)], "{piles:?}");
            }
        }
    }
}

/// Every size across the first bands and block edges (blocks of 32 and 64 columns), at every
/// thread count, in every width and both `i32` vector shapes.
#[test]
fn every_size_across_band_and_block_edges_agrees() {
    for n in 1..=3 * STEPS + 2 * 64 + 3 {
        let piles: Vec<i64> = (0..n as i64)
            .map(|x| (x * 7919 + 13) % 2001 - 1000)
            .collect();
        for threads in 1..=4 {
            for width in [Width::I32, Width::I64, Width::I128] {
                for lanes in I32_LANES {
                    assert_eq!(
                        fast_margin_in_vectors(&piles, threads, width, lanes),
                        Some(rolling_margin(&piles)),
                        "n = {n}, {threads} threads, {width:?}, {lanes} i32 lanes"
                    );
                }
            }
        }
    }
}

/// Only the two `i32` vector shapes exist: another lane count is refused, never run.
#[test]
fn other_i32_vector_shapes_are_refused() {
    let piles = [3, 9, 4];
    assert_eq!(fast_margin_in_vectors(&piles, 1, Width::I32, 16), Some(-2));
    for lanes in [0, 4, 12, 32] {
        assert_eq!(fast_margin_in_vectors(&piles, 1, Width::I32, lanes), None);
    }
}

/// Sums beyond 64 bits take the checked `i128` path: exact whenever the margin fits `i64`.
#[test]
fn sums_beyond_64_bits_run_checked_in_128_bits() {
    let piles = [i64::MAX, i64::MAX, 5];
    assert_eq!(fast::lane_width(&piles), Width::I128);
    // The plain i64 row would overflow on the sum, so the margin is worked out by hand:
    // d([MAX, 5]) = MAX - 5, d([MAX, MAX]) = 0, so the whole row's is
    // max(MAX - (MAX - 5), 5 - 0) = 5.
    assert_eq!(fast_margin(&piles, 1), 5);
    assert_eq!(fast_margin_in(&piles, 1, Width::I64), None);
    let mut out = Vec::new();
    batch_margins(&piles, 3, &mut out);
    assert_eq!(out, vec![5]);
}
