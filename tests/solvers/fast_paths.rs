//! The fast paths against the plain ones, on inputs long enough to reach every code path: the
//! banded SIMD DP (sizes that are not multiples of the vector width or the band, one to four
//! threads, below and above the threading threshold), the lane-batched sweep kernel (16-, 32-
//! and 64-bit lanes, partial groups), Stone Game II's sliding windows (the full table and the
//! reachable one, whose solutions must equal memo's and brute's move for move), and the value-only
//! solve.

use gamelab::base::input::{InstanceInput, InstanceRef};
use gamelab::games::find_game;
use gamelab::games::stone_game::batch::batch_margins;
use gamelab::games::stone_game::dp::rolling_margin;
use gamelab::games::stone_game::fast::{THREADING_THRESHOLD, fast_margin, fast_margin_threads};
use gamelab::games::stone_game_ii::StoneGameII;
use gamelab::games::stone_game_ii::dp::{m_cap, textbook, windowed};
use gamelab::games::stone_game_ii::reach::{reach_table, reachable_m};
use gamelab::games::stone_game_ii::{DEFINITION as STONE_GAME_II, WINDOW};
use gamelab::solve::SolverKind;
use gamelab::studies::generate::{Distribution, GeneratorSpec, SizeRange, ValueSpec};
use gamelab::studies::sweep::{Shard, SweepSpec, run_sweep};
use proptest::prelude::*;

fn values() -> impl Strategy<Value = i64> {
    prop_oneof![
        -3i64..=3,
        -1_000_000i64..=1_000_000,
        Just(i64::MAX / 1_000_000)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn banded_simd_dp_agrees_with_the_plain_row(piles in prop::collection::vec(values(), 1..=700), threads in 1usize..=4) {
        prop_assert_eq!(fast_margin_threads(&piles, threads), rolling_margin(&piles));
    }

    #[test]
    fn lane_batches_agree_with_one_instance_at_a_time(
        n in 1usize..=80,
        count in 1usize..=70,
        scale in prop_oneof![Just(1i64), Just(1000), Just(1 << 40)],
        seed in any::<u64>(),
    ) {
        let flat: Vec<i64> = (0..n * count)
            .map(|k| ((seed.wrapping_mul(k as u64 + 1) >> 33) as i64 % 101 - 50) * scale)
            .collect();
        let mut out = Vec::new();
        batch_margins(&flat, n, &mut out);
        let expected: Vec<i64> = flat.chunks(n).map(rolling_margin).collect();
        prop_assert_eq!(out, expected);
    }

    #[test]
    fn stone_game_ii_windows_agree_with_the_textbook(piles in prop::collection::vec(-50i64..=50, 1..=120)) {
        let (slow, fast) = (textbook(&piles), windowed(&piles));
        let n = piles.len();
        for i in 0..n {
            for m in 1..=m_cap(n - i) {
                prop_assert_eq!(fast.get(i, m), slow.get(i, m));
            }
        }
    }

    #[test]
    fn stone_game_ii_reachable_table_agrees_with_both_full_tables(
        piles in prop::collection::vec(values(), 1..=150),
    ) {
        let (textbook, full, reach) = (textbook(&piles), windowed(&piles), reach_table(&piles));
        let n = piles.len();
        let bound = reachable_m(n);
        for (i, &reachable) in bound.iter().enumerate().take(n) {
            for m in 1..=m_cap(n - i) {
                prop_assert_eq!(full.get(i, m), textbook.get(i, m));
                match reach.get(i, m) {
                    Some(value) => prop_assert_eq!(value, full.get(i, m), "i={} m={}", i, m),
                    // Only M above every reachable one are left out.
                    None => prop_assert!(m > reachable, "i={} m={}", i, m),
                }
            }
        }
    }

    #[test]
    fn stone_game_ii_banded_rows_agree_with_the_full_table(
        // Beyond 130 piles the reachable kernel computes bands of rows column by column.
        piles in prop::collection::vec(values(), 131..=420),
    ) {
        let (full, reach) = (windowed(&piles), reach_table(&piles));
        for i in 0..piles.len() {
            for m in 1..=reach.widest(i) {
                prop_assert_eq!(reach.get(i, m), Some(full.get(i, m)), "i={} m={}", i, m);
            }
        }
    }

    #[test]
    fn stone_game_ii_window_plays_the_same_line_as_memo_and_brute(
        piles in prop::collection::vec(prop_oneof![-3i64..=3, -100i64..=100], 1..=13),
    ) {
        // Small values make ties common, so the tie-break (first best move) is exercised.
        let game = StoneGameII::new(piles).unwrap();
        let window = STONE_GAME_II.solve(&game, WINDOW).unwrap();
        for other in [SolverKind::MEMO, SolverKind::BRUTE, gamelab::games::stone_game_ii::DP] {
            let reference = STONE_GAME_II.solve(&game, other).unwrap();
            prop_assert_eq!(window.margin, reference.margin);
            prop_assert_eq!(&window.moves, &reference.moves, "{:?}", other);
        }
    }
}

#[test]
fn stone_game_ii_window_plays_long_lines_like_the_full_table() {
    // Long enough for many tiles and blocks; the full-table window DP gives the reference line.
    for (n, modulus, offset) in [(700, 29, 7), (1500, 10_007, 5000), (2100, 3, 1)] {
        let piles: Vec<i64> = (0..n as i64)
            .map(|x| (x * 7919) % modulus - offset)
            .collect();
        let game = StoneGameII::new(piles.clone()).unwrap();
        let window = STONE_GAME_II.solve(&game, WINDOW).unwrap();
        let full = windowed(&piles);
        let reference = gamelab::solve::solution_from_values(&game, WINDOW, |state| {
            full.get(state.next as usize, state.limit as usize)
        });
        assert_eq!(window, reference, "n = {n}");
    }
}

#[test]
fn large_instances_take_the_threaded_path() {
    for n in [
        THREADING_THRESHOLD - 3,
        THREADING_THRESHOLD + 5,
        3 * THREADING_THRESHOLD + 11,
    ] {
        let piles: Vec<i64> = (0..n as i64)
            .map(|x| (x * 2_654_435_761) % 1_000_003 - 500_000)
            .collect();
        assert_eq!(fast_margin(&piles, 2), rolling_margin(&piles), "n = {n}");
    }
}

#[test]
fn value_only_solutions_match_the_full_ones() {
    for (game, piles) in [
        (
            "stone-game",
            (0..3000).map(|x| (x * 37) % 101 - 20).collect::<Vec<i64>>(),
        ),
        (
            "stone-game-ii",
            (0..400).map(|x| (x * 13) % 29 - 7).collect(),
        ),
        (
            "stone-game-iii",
            (0..5000).map(|x| (x * 17) % 31 - 15).collect(),
        ),
    ] {
        let instance = find_game(game)
            .unwrap()
            .build(&InstanceInput::piles(piles))
            .unwrap();
        let full = instance.solve(SolverKind::AUTO).unwrap();
        let value = instance.solve_value(SolverKind::AUTO).unwrap();
        assert_eq!(value.scores(), full.scores(), "{game}");
        assert!(value.moves.is_none());
    }
    // Above the move-list limit, against the plain row.
    let piles: Vec<i64> = (0..20_000).map(|x| (x * 7919) % 1_000_003).collect();
    let instance = find_game("stone-game")
        .unwrap()
        .build(&InstanceInput::piles(piles.clone()))
        .unwrap();
    assert_eq!(
        instance.solve(SolverKind::AUTO).unwrap().margin,
        rolling_margin(&piles)
    );
}

#[test]
fn the_batched_sweep_equals_one_instance_at_a_time() {
    let entry = find_game("stone-game").unwrap();
    for values in [
        ValueSpec::uniform(1, 100),
        ValueSpec::uniform(-1_000_000_000, 1_000_000_000),
        ValueSpec {
            distribution: Distribution::Geometric,
            ..ValueSpec::uniform(0, 1 << 40)
        },
    ] {
        let spec = SweepSpec {
            generator: GeneratorSpec {
                sizes: SizeRange::new(1, 40),
                values: Some(values),
                seed: 3,
                extras: Default::default(),
            },
            trials: 300,
            shard: Shard::ALL,
        };
        let rows = run_sweep(entry, &spec, &|_| {}).unwrap();
        let generator = gamelab::studies::generate::Generator::new(entry, spec.generator).unwrap();
        let mut piles = Vec::new();
        let mut scratch = Vec::new();
        for row in rows {
            let mut first_wins = 0;
            for trial in 0..300 {
                generator.piles_into(row.n, trial, &mut piles);
                if entry
                    .first_margin(InstanceRef::Piles(&piles), &mut scratch)
                    .unwrap()
                    > 0
                {
                    first_wins += 1;
                }
            }
            assert_eq!(row.first_wins, first_wins, "n = {} {values:?}", row.n);
        }
    }
}
