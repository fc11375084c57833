//! Subtract-a-square's windowed sieve (stone-game-iv) against the plain definitions: its losing
//! positions equal the win table's, OEIS A030193's first terms and a plain forward sieve's
//! counts at every power of two, they satisfy the backward recurrence at random points, windows
//! of a few hundred positions and any thread count give the same stream, and its estimates lie
//! above the exact counts.

use gamelab::base::error::InputError;
use gamelab::games::stone_game_iv::sieve::{
    SIEVE_LIMIT, SieveOptions, is_losing, knockouts_estimate, losing_estimate, losing_positions,
};
use gamelab::games::stone_game_iv::win_table;
use gamelab::studies::losing::{LosingCount, LosingCounter, fit_power_law};
use proptest::prelude::*;

/// The sieve's losing positions in 0..=limit, collected.
fn sieved(limit: u64, options: SieveOptions) -> Vec<u64> {
    let mut losing = Vec::new();
    let count = losing_positions(limit, options, |chunk| {
        assert!(chunk.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(
            losing
                .last()
                .is_none_or(|last| chunk.first().is_none_or(|first| last < first))
        );
        losing.extend_from_slice(chunk);
        Ok::<(), InputError>(())
    })
    .unwrap();
    assert_eq!(count, losing.len() as u64);
    losing
}

/// The losing positions of 0..=limit straight from the definition, backwards: k is losing iff
/// no k - j² (j >= 1) is.
fn by_definition(limit: usize) -> Vec<bool> {
    let mut losing = vec![false; limit + 1];
    for k in 0..=limit {
        losing[k] = (1..)
            .map(|j| j * j)
            .take_while(|&s| s <= k)
            .all(|s| !losing[k - s]);
    }
    losing
}

/// The plain forward sieve, a byte per position: every losing p knocks out every p + j².
fn plain_sieve(limit: usize) -> Vec<u64> {
    let mut won = vec![false; limit + 1];
    let mut losing = Vec::new();
    for p in 0..=limit {
        if !won[p] {
            losing.push(p as u64);
            for square in (1..).map(|j| j * j).take_while(|&s| p + s <= limit) {
                won[p + square] = true;
            }
        }
    }
    losing
}

fn counts(limit: u64, positions: &[u64]) -> Vec<LosingCount> {
    let mut counter = LosingCounter::new(limit);
    counter.add(positions);
    counter.finish()
}

#[test]
fn the_first_terms_are_oeis_a030193() {
    // OEIS A030193, "Losing positions in the game of taking a nonzero square number of stones".
    let a030193: [u64; 21] = [
        0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95,
    ];
    let definition = by_definition(95);
    let defined: Vec<u64> = (0..=95).filter(|&k| definition[k as usize]).collect();
    assert_eq!(
        defined, a030193,
        "the terms as written against the definition"
    );
    assert_eq!(sieved(95, SieveOptions::default()), a030193);
}

#[test]
fn the_losing_positions_are_the_win_tables_up_to_100_000() {
    let limit = 100_000;
    let wins = win_table(limit);
    let table: Vec<u64> = (0..=limit as u64).filter(|&k| !wins[k as usize]).collect();
    assert_eq!(sieved(limit as u64, SieveOptions::default()), table);
}

#[test]
fn the_counts_at_every_power_of_two_are_a_plain_sieves_up_to_2_22() {
    let limit = 1 << 22;
    let plain = plain_sieve(limit as usize);
    let windowed = sieved(limit, SieveOptions::default());
    assert_eq!(counts(limit, &windowed), counts(limit, &plain));
    assert_eq!(windowed, plain);
}

#[test]
fn small_windows_and_any_thread_count_give_the_same_stream() {
    for limit in [0, 1, 2, 63, 64, 65, 1_000, 12_345, 100_000] {
        let expected = plain_sieve(limit as usize);
        for window in [1, 64, 192, 320, 448] {
            for threads in [1, 2, 3, 5] {
                let options = SieveOptions { window, threads };
                assert_eq!(
                    sieved(limit, options),
                    expected,
                    "N = {limit}, window {window}, {threads} threads"
                );
            }
        }
    }
}

#[test]
fn a_sink_that_fails_stops_the_sieve_with_its_error() {
    let mut chunks = 0;
    let options = SieveOptions {
        window: 64,
        threads: 2,
    };
    let stopped = losing_positions(100_000, options, |_| {
        chunks += 1;
        if chunks == 3 {
            Err(InputError::Merge {
                reason: "enough".into(),
            })
        } else {
            Ok(())
        }
    });
    assert_eq!(stopped.unwrap_err().to_string(), "cannot merge enough");
    assert_eq!(chunks, 3);
    let too_large = is_losing(SIEVE_LIMIT + 1, SieveOptions::default()).unwrap_err();
    assert!(
        too_large.to_string().contains("at most 2^56"),
        "{too_large}"
    );
}

#[test]
fn is_losing_agrees_with_the_win_table() {
    for (n, wins) in win_table(3_000).into_iter().enumerate() {
        assert_eq!(
            is_losing(n as u64, SieveOptions::default()).unwrap(),
            !wins,
            "N = {n}"
        );
    }
}

#[test]
fn the_estimates_lie_above_the_exact_counts() {
    let limit = 1 << 22;
    let losing = sieved(limit, SieveOptions::default());
    // The count c(p) = index + 1 peaks against the estimate at each losing p.
    for (index, &p) in losing.iter().enumerate() {
        assert!(
            (index as u64) < losing_estimate(p),
            "c({p}) = {}",
            index + 1
        );
    }
    let knockouts = |n: u64| -> u128 {
        losing
            .iter()
            .take_while(|&&p| p <= n)
            .map(|&p| (n - p).isqrt() as u128)
            .sum()
    };
    let powers = (10..=22).map(|k| 1u64 << k);
    for n in (0..=20_000).chain(powers) {
        let (exact, estimate) = (knockouts(n), knockouts_estimate(n));
        assert!(
            exact <= estimate,
            "N = {n}: {exact} knock-outs, estimated {estimate}"
        );
        if n >= 1_000 {
            assert!(
                estimate * 5 <= exact * 6,
                "N = {n}: {exact}, estimated {estimate}"
            );
        }
    }
}

#[test]
fn the_counts_grow_as_n_to_the_0_7() {
    let limit = 1 << 24;
    let mut counter = LosingCounter::new(limit);
    losing_positions(limit, SieveOptions::default(), |chunk| {
        counter.add(chunk);
        Ok::<(), InputError>(())
    })
    .unwrap();
    let rows = counter.finish();
    assert_eq!(rows.len(), 25);
    assert_eq!(
        rows[20],
        LosingCount {
            n: 1 << 20,
            losing: 14_421
        }
    );
    let law = fit_power_law(&rows).unwrap();
    assert!((0.69..=0.71).contains(&law.b), "{law}");
}

/// The losing positions up to 2^22, sieved once for the random checks.
fn up_to_2_22() -> &'static [u64] {
    static LOSING: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    LOSING.get_or_init(|| {
        sieved(
            1 << 22,
            SieveOptions {
                window: 4096,
                threads: 2,
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// At random k, the sieve's verdict is the recurrence's over the sieve's own earlier ones.
    #[test]
    fn the_recurrence_holds_at_random_points(k in 0u64..=(1 << 22)) {
        let losing = up_to_2_22();
        let is = |m: u64| losing.binary_search(&m).is_ok();
        let by_recurrence = (1..).map(|j: u64| j * j).take_while(|&s| s <= k).all(|s| !is(k - s));
        prop_assert_eq!(is(k), by_recurrence);
    }
}
