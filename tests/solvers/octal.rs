//! Octal games' nim-sequences: the rare-and-common kernel against the plain mex over every
//! option, the facts of Winning Ways and of Gangolli and Plambeck, ogsolve's checksums, and the
//! code's parser.

use gamelab::analysis::grundy::{FoundPeriod, NimValues, Periodicity};
use gamelab::games::octal::code::{OctalCode, OctalCodeError};
use gamelab::games::octal::sequence::{
    naive_sequence, nim_sequence, periodicity, proof_length, sequence_cost,
};
use proptest::prelude::*;

fn code(text: &str) -> OctalCode {
    text.parse().expect("a valid code")
}

/// The period a sequence reports, as (period, pre-period) if proved.
fn proved(period: Option<FoundPeriod>) -> Option<(usize, usize)> {
    period
        .filter(|period| period.proved)
        .map(|period| (period.periodicity.period, period.periodicity.preperiod))
}

/// Every value of heaps 0 to `n_max`: those computed, the rest by the proved period.
fn every_value(values: &NimValues, n_max: usize) -> Vec<u32> {
    (0..=n_max as u64)
        .map(|n| values.value(n).expect("a value computed or proved"))
        .collect()
}

/// A code of one to four digits after the point, with a leading 0 or 4, not all zero.
fn codes() -> impl Strategy<Value = OctalCode> {
    (prop::bool::ANY, prop::collection::vec(0u8..8, 1..=4)).prop_filter_map(
        "a code allows some move",
        |(split, digits)| {
            let text: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
            let lead = if split { "4" } else { "0" };
            OctalCode::parse(&format!("{lead}.{text}")).ok()
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_kernel_agrees_with_the_plain_mex(code in codes(), n in 0usize..=400) {
        let fast = nim_sequence(&code, n).unwrap();
        let plain = naive_sequence(&code, n).unwrap();
        prop_assert_eq!(&every_value(&fast, n), &plain, "{}", code);
        // The period found while computing is the one the values show.
        prop_assert_eq!(fast.period, periodicity(&code, &plain), "{}", code);
        if let Some(FoundPeriod { periodicity: found @ Periodicity { preperiod, period }, proved: true }) = fast.period {
            // Computing stopped where the theorem proved it.
            prop_assert_eq!(fast.values.len(), proof_length(&code, found).min(n + 1));
            for heap in preperiod + period..=n {
                prop_assert_eq!(plain[heap], plain[heap - period]);
            }
        } else {
            prop_assert_eq!(fast.values.len(), n + 1);
        }
    }
}

/// Checks are spaced as the values grow; code 0.3572 proves its period at 118 values, between
/// two checks, and the result ends there (found by the property above).
#[test]
fn a_period_proved_between_two_checks_ends_the_values_where_the_proof_does() {
    let code = code("0.3572");
    let fast = nim_sequence(&code, 118).unwrap();
    let found = fast.period.expect("a period").periodicity;
    assert!(fast.period.is_some_and(|period| period.proved));
    assert_eq!(fast.values.len(), proof_length(&code, found));
    assert_eq!(fast.values.len(), 118);
    assert_eq!(every_value(&fast, 118), naive_sequence(&code, 118).unwrap());
}

#[test]
fn the_named_games_agree_with_the_plain_mex_to_a_few_thousand() {
    for code in [
        OctalCode::KAYLES,
        OctalCode::DAWSONS_KAYLES,
        OctalCode::DAWSONS_CHESS,
        code("0.6"),
        code("0.16"),
        code("4.7"),
        code("0.44"),
    ] {
        let plain = naive_sequence(&code, 3_000).unwrap();
        let fast = nim_sequence(&code, 3_000).unwrap();
        assert_eq!(every_value(&fast, 3_000), plain, "{code}");
        assert_eq!(fast.period, periodicity(&code, &plain), "{code}");
    }
}

#[test]
fn kayles_has_period_12_from_71() {
    // Winning Ways, chapter 4: Kayles' nim-values repeat with period 12 after the last
    // exceptional value, at 70 (so from 71 on, in ogsolve's convention).
    let kayles = nim_sequence(&OctalCode::KAYLES, 100_000).unwrap();
    assert_eq!(proved(kayles.period), Some((12, 71)));
    assert_eq!(
        &kayles.values[..24],
        [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7
        ]
    );
    // 70 is exceptional: its value is not the one 12 heaps later.
    assert_ne!(kayles.values[70], kayles.values[82]);
    assert_eq!(
        kayles.values.len(),
        168,
        "stopped at the proof: 2·(71 + 12) + 2 values"
    );
}

#[test]
fn dawsons_kayles_has_period_34_and_dawsons_chess_is_it_shifted_by_one() {
    // Winning Ways: Dawson's Kayles (0.07) has period 34; Dawson's chess (0.137) on a heap of n
    // is Dawson's Kayles on n + 1.
    let kayles = nim_sequence(&OctalCode::DAWSONS_KAYLES, 10_001).unwrap();
    let chess = nim_sequence(&OctalCode::DAWSONS_CHESS, 10_000).unwrap();
    assert_eq!(proved(kayles.period), Some((34, 53)));
    assert_eq!(proved(chess.period), Some((34, 52)));
    assert_eq!(
        every_value(&chess, 10_000)[..],
        every_value(&kayles, 10_001)[1..]
    );
}

#[test]
fn a_period_from_zero_is_proved_only_once_the_theorem_allows_it() {
    // 0.1: a heap of 1 may be taken, nothing else: values 0 1 0 0 0 ... With three values,
    // 0 1 0 repeats with period 2 from 0, which ogsolve's bound would call proved; the theorem
    // needs a pre-period of at least 1, and the values go on 0 0.
    let values = nim_sequence(&code("0.1"), 2).unwrap();
    assert_eq!(values.values, [0, 1, 0]);
    assert_eq!(proved(values.period), None);
    let longer = nim_sequence(&code("0.1"), 10).unwrap();
    assert_eq!(
        every_value(&longer, 10),
        naive_sequence(&code("0.1"), 10).unwrap()
    );
    assert_eq!(proved(longer.period), Some((1, 2)));
}

#[test]
fn gangolli_and_plambeck_period_of_0_16() {
    // Gangolli and Plambeck (Int. J. Game Theory 18, 1989): 0.16 has period 149459 from 105351.
    let values = nim_sequence(&code("0.16"), 1 << 20).unwrap();
    assert_eq!(proved(values.period), Some((149_459, 105_351)));
    assert_eq!(
        values.values.len(),
        2 * (105_351 + 149_459) + 2,
        "stopped at the proof"
    );
}

/// ogsolve's results, third-party figures: `ogsolve CODE -m rc2 -n N` (P. Beling's
/// impartial-games, built from its repository), which prints the period it proves and a
/// Fletcher-32 checksum of the values of heaps 0 to N. Its lines, as it printed them:
///
/// ```text
/// ogsolve 0.77 -m rc2 -n 100000
///  found period of length 12 and pre-period 71
///  nimber of 100000: 1  losing positions: 0.00%  checksum: E740F9DF
/// ogsolve 0.77 -m rc2 -n 1048576
///  found period of length 12 and pre-period 71
///  nimber of 1048576: 1  losing positions: 0.00%  checksum: AAD8AA97
/// ogsolve 0.16 -m rc2 -n 1048576
///  found period of length 149459 and pre-period 105351
///  nimber of 1048576: 2  losing positions: 0.00%  checksum: 70EEE45F
/// ogsolve 0.6 -m rc2 -n 65536
///  nimber of 65536: 99  losing positions: 0.02%  checksum: EAC31E5C
/// ogsolve 0.07 -m rc2 -n 65536
///  found period of length 34 and pre-period 53
///  nimber of 65536: 9  losing positions: 14.71%  checksum: 6550B494
/// ogsolve 0.137 -m rc2 -n 65536
///  found period of length 34 and pre-period 52
///  nimber of 65536: 3  losing positions: 14.71%  checksum: 19E7B497
/// ogsolve 0.07 -m rc2 -n 1048576
///  found period of length 34 and pre-period 53
///  checksum: D6384B22
/// ogsolve 0.137 -m rc2 -n 1048576
///  found period of length 34 and pre-period 52
///  nimber of 1048576: 5  losing positions: 14.71%  checksum: 215F4B27
/// ```
#[test]
fn checksums_and_periods_match_ogsolve() {
    for (text, n, sum, period) in [
        ("0.77", 100_000, 0xE740F9DF, Some((12, 71))),
        ("0.77", 1 << 20, 0xAAD8AA97, Some((12, 71))),
        ("0.16", 1 << 20, 0x70EEE45F, Some((149_459, 105_351))),
        ("0.6", 1 << 16, 0xEAC31E5C, None),
        ("0.07", 1 << 16, 0x6550B494, Some((34, 53))),
        ("0.137", 1 << 16, 0x19E7B497, Some((34, 52))),
        ("0.07", 1 << 20, 0xD6384B22, Some((34, 53))),
        ("0.137", 1 << 20, 0x215F4B27, Some((34, 52))),
    ] {
        let values = nim_sequence(&code(text), n).unwrap();
        assert_eq!(values.checksum(n as u64), Some(sum), "{text} to {n}");
        assert_eq!(proved(values.period), period, "{text} to {n}");
    }
}

#[test]
fn an_unproved_period_says_how_many_values_would_prove_it() {
    // 0.16 to 250,000: its period has not come round once at the end, so nothing shows; to
    // 450,000 it has, and 509,622 values would prove it. Kayles to 150 repeats but needs 168.
    assert_eq!(nim_sequence(&code("0.16"), 250_000).unwrap().period, None);
    let later = nim_sequence(&code("0.16"), 450_000)
        .unwrap()
        .period
        .unwrap();
    assert_eq!((later.periodicity.period, later.proved), (149_459, false));
    assert_eq!(proof_length(&code("0.16"), later.periodicity), 509_622);
    let kayles = nim_sequence(&OctalCode::KAYLES, 150).unwrap();
    let period = kayles.period.expect("Kayles repeats by 150");
    assert!(!period.proved);
    assert_eq!(
        period.periodicity,
        Periodicity {
            preperiod: 71,
            period: 12
        }
    );
    assert_eq!(proof_length(&OctalCode::KAYLES, period.periodicity), 168);
}

#[test]
fn the_cost_grows_with_the_heaps_and_is_capped_per_heap() {
    let small = sequence_cost(&code("0.6"), 1_000).work.seconds();
    let large = sequence_cost(&code("0.6"), 1 << 20).work.seconds();
    let larger = sequence_cost(&code("0.6"), 1 << 21).work.seconds();
    assert!(small < large && large < larger);
    // Past the allowance the estimate is linear in the heaps.
    assert!((larger / large - 2.0).abs() < 0.1, "{large} {larger}");
    assert_eq!(sequence_cost(&code("0.33"), 999).memory, 6_000);
    assert_eq!(sequence_cost(&code("0.6"), 999).memory, 8_000);
}

#[test]
fn the_parser_names_the_problem() {
    let error = |text: &str| OctalCode::parse(text).unwrap_err();
    assert_eq!(error(""), OctalCodeError::Empty);
    assert_eq!(
        error("77").to_string(),
        "the octal code '77' has no point: write 0. before its digits, e.g. 0.77"
    );
    assert_eq!(
        error("5.7").to_string(),
        "the octal code '5.7' has '5' before the point: only 0 (or nothing) and 4 (a heap may \
         be split without taking) may stand there"
    );
    assert_eq!(
        error("0.78").to_string(),
        "the octal code '0.78' has '8' as digit 2 after the point: octal digits are 0 to 7"
    );
    assert!(matches!(
        error("0.7.7"),
        OctalCodeError::Digit {
            found: '.',
            place: 2,
            ..
        }
    ));
    assert_eq!(
        error("0.000").to_string(),
        "the octal code '0.000' allows no move: give at least one non-zero digit, e.g. 0.77"
    );
    let long = format!("0.{}", "7".repeat(256));
    assert!(matches!(
        error(&long),
        OctalCodeError::TooLong { count: 256, .. }
    ));
    // 255 digits, and trailing zeros beyond them, are fine.
    let longest = format!("0.{}000", "1".repeat(255));
    assert_eq!(OctalCode::parse(&longest).unwrap().largest_take(), 255);
}
