//! stone-game's optimal line from the fast kernel: the checkpoint rows the kernel's threads copy
//! as they go are the full table's rows, and the line recovered from them is the full table's
//! line, in every lane width (`i32`, `i64`, checked `i128`), at every thread count, and with the
//! AVX2 and the portable copies of the kernel.

use gamelab::games::stone_game::dp::{MarginTable, margin_and_line_in};
use gamelab::games::stone_game::fast::{fast_margin_with_checkpoints, lane_width};
use gamelab::games::stone_game::line::margin_and_line;
use proptest::prelude::*;

/// The full table's margin and line: the reference.
fn reference(piles: &[i64]) -> (i64, Vec<bool>) {
    let (mut table, mut line) = (Vec::new(), Vec::new());
    let margin = margin_and_line_in(piles, &mut table, &mut line);
    (margin, line)
}

fn values() -> impl Strategy<Value = i64> {
    // Small values make many ties (which go left); large ones need 64-bit lanes.
    prop_oneof![
        -2i64..=2,
        -10_000i64..=10_000,
        Just(3_000_000_000),
        -1i64 << 40..=1i64 << 40
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_line_is_the_full_tables_line(
        piles in prop::collection::vec(values(), 1..=400),
        threads in 1usize..=3,
    ) {
        prop_assert_eq!(margin_and_line(&piles, threads), reference(&piles), "{:?}", lane_width(&piles));
    }

    #[test]
    fn every_checkpoint_row_is_the_full_tables_row(
        piles in prop::collection::vec(values(), 1..=300),
        threads in 1usize..=4,
        every in 1usize..=3,
    ) {
        let table = MarginTable::build(&piles).unwrap();
        let (margin, rows) = fast_margin_with_checkpoints(&piles, threads, every);
        prop_assert_eq!(margin, table.get(0, piles.len() - 1));
        let n = piles.len();
        prop_assert_eq!(rows.lengths.len(), 1 + (n - 1) / 16 / every);
        for (k, &length) in rows.lengths.iter().enumerate() {
            let expected: Vec<i64> = (0..=n - length).map(|i| table.get(i, i + length - 1)).collect();
            prop_assert_eq!(rows.row(k), &expected[..], "length {}", length);
        }
    }
}

/// Sizes around band (16 lengths) and block (32 or 64 lanes, four phase vectors) edges, in both
/// widths.
#[test]
fn every_size_across_band_and_block_edges_gives_the_same_line() {
    for n in 1..=140 {
        for scale in [1i64, 1 << 33] {
            let piles: Vec<i64> = (0..n as i64)
                .map(|x| ((x * 7919 + 13) % 41 - 20) * scale)
                .collect();
            let expected = reference(&piles);
            for threads in 1..=3 {
                assert_eq!(
                    margin_and_line(&piles, threads),
                    expected,
                    "n = {n}, scale {scale}, {threads} threads"
                );
            }
        }
    }
}

/// Beyond 64 bits of absolute sum the kernel runs checked `i128` lanes.
#[test]
fn the_i128_lanes_give_the_line_too() {
    // d([MAX, 5]) = MAX - 5 and d([MAX, MAX]) = 0, so at the start both ends give 5: a tie,
    // which goes left; then [MAX, 5]: the left pile (MAX - 5 against 5 - MAX); then the last.
    let piles = [i64::MAX, i64::MAX, 5];
    assert_eq!(margin_and_line(&piles, 1), (5, vec![false, false, false]));
    // [5, MAX, MAX]: the mirror image; the right end gives 5, the left 5 - 0 = 5: a tie again.
    let piles = [5, i64::MAX, i64::MAX, 1];
    // d = max(5 - d([MAX, MAX, 1]), 1 - d([5, MAX, MAX])); d([MAX, MAX, 1]) = max(MAX - (MAX - 1),
    // 1 - 0) = 1 (tie: left); d([5, MAX, MAX]) = 5 (tie: left). So 4 against -4: left.
    let (margin, line) = margin_and_line(&piles, 2);
    assert_eq!(margin, 4);
    assert!(!line[0], "ties go left");
}
