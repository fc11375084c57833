//! The `peaks` solver (stone-game's value in O(n) by merging peaks, `solve::dp::stone_game_peaks`)
//! against the DPs: random rows of every kind of value (ties, negatives, values near the 64-bit
//! bound), rows shaped to merge a lot or nothing, its optimal line against `rolling`'s move for
//! move, and the command line's refusal of a line too long for it. (`brute` checks it on small
//! instances in `tests/solvers/conformance.rs`, and the official examples in `tests/solvers/official_examples.rs`,
//! as every solver of the game.)

use gamelab::base::input::{InstanceInput, InstanceRef};
use gamelab::cost::{Operation, Work};
use gamelab::games::find_game;
use gamelab::games::stone_game::dp::{rolling_margin, rolling_margin_in};
use gamelab::games::stone_game::fast::fast_margin;
use gamelab::games::stone_game::peaks::peaks_margin;
use proptest::prelude::*;

fn values() -> impl Strategy<Value = i64> {
    prop_oneof![
        0i64..=3,
        -3i64..=3,
        -1_000_000i64..=1_000_000,
        Just(i64::MAX / 4_000),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn peaks_agree_with_the_one_row_dp(piles in prop::collection::vec(values(), 0..=300)) {
        prop_assert_eq!(peaks_margin(&piles), rolling_margin(&piles));
    }

    #[test]
    fn peaks_agree_with_the_simd_dp_on_long_rows(
        piles in prop::collection::vec(prop_oneof![1i64..=10_000, -1_000_000_000i64..=1_000_000_000], 1..=2_000),
    ) {
        prop_assert_eq!(peaks_margin(&piles), fast_margin(&piles, 2));
    }
}

/// Every row of up to `longest` piles drawn from `values`, in odometer order.
fn every_row(values: &[i64], longest: usize, mut check: impl FnMut(&[i64])) {
    for n in 0..=longest {
        let mut digits = vec![0usize; n];
        let mut row = vec![values[0]; n];
        loop {
            check(&row);
            // Advance the odometer; stop when it wraps around.
            let Some(k) = digits.iter().position(|&d| d + 1 < values.len()) else {
                break;
            };
            digits[k] += 1;
            row[k] = values[digits[k]];
            for j in 0..k {
                digits[j] = 0;
                row[j] = values[0];
            }
        }
    }
}

/// The merge lemma is proved (`docs/src/internals/peaks-proof.md`); checked here as well on every small row:
/// 1.9 million rows of up to 10 piles from 0..=3 and 8 from -2..=2 (ties and negatives).
#[test]
fn every_small_row_agrees_with_the_dp() {
    let mut scratch = Vec::new();
    let mut rows = 0u64;
    for (values, longest) in [(&[0, 1, 2, 3][..], 10), (&[-2, -1, 0, 1, 2][..], 8)] {
        every_row(values, longest, |row| {
            rows += 1;
            assert_eq!(
                peaks_margin(row),
                rolling_margin_in(row, &mut scratch),
                "{row:?}"
            );
        });
    }
    assert_eq!(rows, (4u64.pow(11) - 1) / 3 + (5u64.pow(9) - 1) / 4);
}

/// How much better taking the left pile is than taking the right one, for the player to move
/// on `row` (two or more piles): the proof's `D(row)`.
fn left_advantage(row: &[i64], scratch: &mut Vec<i64>) -> i64 {
    let last = row.len() - 1;
    let left = row[0] - rolling_margin_in(&row[1..], scratch);
    let right = row[last] - rolling_margin_in(&row[..last], scratch);
    left - right
}

/// The proof's lemma M, on which the merge lemma rests: when taking the left pile is strictly
/// best on a row, putting a pile at least as large in front of it makes taking that pile best
/// (not always strictly: a tie is allowed). Every row of up to 7 piles from -2..=2, and every
/// new pile from -3..=3.
#[test]
fn a_larger_pile_in_front_of_a_left_move_is_taken_first() {
    let mut scratch = Vec::new();
    let (mut applies, mut ties) = (0u64, 0u64);
    every_row(&[-2, -1, 0, 1, 2], 7, |row| {
        if row.len() < 2 || left_advantage(row, &mut scratch) <= 0 {
            return;
        }
        for front in row[0]..=3 {
            let longer = [&[front][..], row].concat();
            let advantage = left_advantage(&longer, &mut scratch);
            assert!(advantage >= 0, "{front} before {row:?}: {advantage}");
            applies += 1;
            ties += u64::from(advantage == 0);
        }
    });
    // The lemma is not vacuous here, and its `>= 0` cannot be sharpened to `> 0`.
    assert!(applies > 10_000 && ties > 100, "{applies} {ties}");
}

/// Rows that merge everything (zigzags), nothing (valleys, monotone rows) or only ties.
#[test]
fn shaped_rows_agree_with_the_dp() {
    let rows: Vec<Vec<i64>> = vec![
        (0..501).collect(),
        (0..500).rev().collect(),
        (0..501).map(|i: i64| (i - 250).abs()).collect(),
        (0..500).map(|i: i64| 250 - (i - 250).abs()).collect(),
        (0..501).map(|i| if i % 2 == 0 { 1 } else { 100 }).collect(),
        (0..500).map(|i| if i % 2 == 0 { 100 } else { 1 }).collect(),
        (0..500).map(|i| (i % 7) * (i % 3) - 4).collect(),
        vec![7; 499],
        vec![i64::MAX / 1_000; 1_000],
    ];
    for row in rows {
        assert_eq!(peaks_margin(&row), rolling_margin(&row), "{row:?}");
    }
}

/// Sweeps and claims take values through `first_margin(s)`, which pick as `auto` does: the
/// same margins as the DP on both sides of 256 piles, one at a time and in groups; and the work
/// estimate they are costed by never falls as the size grows (a range of sizes is costed by
/// its largest), while staying far below the DP's n^2/2 for long rows.
#[test]
fn sweeps_and_claims_take_long_rows_values_by_peaks_and_cost_them_so() {
    let game = find_game("stone-game").unwrap();
    let mut scratch = Vec::new();
    for n in [1, 2, 255, 256, 257, 300, 1_000] {
        let flat: Vec<i64> = (0..3 * n)
            .map(|i| ((i * 7919 + n) % 601) as i64 - 200)
            .collect();
        let expected: Vec<i64> = flat.chunks(n).map(rolling_margin).collect();
        let mut grouped = Vec::new();
        game.first_margins(n, &flat, &mut grouped, &mut scratch)
            .unwrap();
        assert_eq!(grouped, expected, "{n} piles in a group");
        for (row, &margin) in flat.chunks(n).zip(&expected) {
            let one = game
                .first_margin(InstanceRef::Piles(row), &mut scratch)
                .unwrap();
            assert_eq!(one, margin, "{n} piles alone");
        }
    }
    let costs: Vec<_> = (1..=5_000).map(|n| game.margin_cost(n)).collect();
    for (n, pair) in (2..).zip(costs.windows(2)) {
        assert!(
            pair[1].work.seconds() >= pair[0].work.seconds(),
            "time falls at {n}"
        );
        assert!(pair[1].memory >= pair[0].memory, "memory falls at {n}");
    }
    let rolling = |cells: u128| Work::of(Operation::StoneGameRollingScalar, cells);
    assert_eq!(costs[255].work, rolling(256 * 256 / 2));
    // Past 256 piles, peaks: linear, far below the quadratic row.
    let long = game.margin_cost(1_000_000).work.seconds();
    assert!(long < rolling(1_000_000 * 1_000).seconds(), "{long}");
}

/// With moves, `peaks` values every position on the line itself and breaks ties as every solver
/// does, so its line is `rolling`'s move for move.
#[test]
fn the_peaks_line_is_the_rolling_line() {
    let game = find_game("stone-game").unwrap();
    for seed in 0..40u64 {
        let piles: Vec<i64> = (0..(seed * 7 % 90 + 1))
            .map(|k| ((seed * 31 + k * 17) % 23) as i64 - 5)
            .collect();
        let instance = game.build(&InstanceInput::piles(piles.clone())).unwrap();
        let peaks = instance.solve(gamelab::games::stone_game::PEAKS).unwrap();
        let rolling = instance.solve(gamelab::games::stone_game::ROLLING).unwrap();
        assert_eq!(peaks.moves, rolling.moves, "{piles:?}");
        assert_eq!(peaks.scores(), rolling.scores(), "{piles:?}");
    }
}
