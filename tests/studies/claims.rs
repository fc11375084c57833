//! Claims: every catalogue verdict; refuted claims' counterexamples meet the conditions, refute
//! the claim under `brute`, and are minimal (checked here by our own enumeration of every smaller
//! instance); exhaustive and sampled checks agree; the CLI's exit statuses and formats.

use gamelab::base::input::{InstanceInput, InstanceRef};
use gamelab::games::find_game;
use gamelab::solve::SolverKind;
use gamelab::studies::claims::catalogue::{catalogue, find_claim};
use gamelab::studies::claims::{CheckOptions, Claim, Expectation, Minimality, check_claim};
use gamelab::studies::generate::{Parity, SizeRange, ValueSpec};

#[test]
fn catalogue_verdicts_are_the_known_ones() {
    let expected = [
        ("even-n-first-always-wins", false),
        ("even-n-first-never-loses", true),
        ("even-n-negative-values-first-never-loses", true),
        ("even-n-odd-total-first-wins", true),
        ("odd-n-first-never-loses", false),
        ("divisor-first-wins-iff-n-even", true),
        ("stone-game-ii-first-never-loses", false),
        ("stone-game-vii-bob-never-wins", true),
        ("nim-first-loses-iff-multiple-of-4", true),
        ("stone-game-iii-positive-first-never-loses", false),
    ];
    let names: Vec<&str> = catalogue().iter().map(|entry| entry.name).collect();
    assert_eq!(
        names,
        expected.iter().map(|(name, _)| *name).collect::<Vec<_>>()
    );
    for (name, holds) in expected {
        let result = find_claim(name).unwrap().run().unwrap();
        assert_eq!(result.holds, holds, "{name}");
    }
}

#[test]
fn refuted_claims_have_the_known_minimal_counterexamples() {
    for (name, piles) in [
        ("even-n-first-always-wins", vec![1, 1]),
        ("odd-n-first-never-loses", vec![1, 3, 1]),
        ("stone-game-ii-first-never-loses", vec![1, 1, 3]),
        (
            "stone-game-iii-positive-first-never-loses",
            vec![1, 1, 1, 4],
        ),
    ] {
        let entry = find_claim(name).unwrap();
        let verdict = &entry.run().unwrap().verdicts[0];
        let counterexample = verdict.counterexample.as_ref().unwrap();
        assert_eq!(counterexample.piles.as_ref(), Some(&piles), "{name}");
        assert_eq!(counterexample.minimality, Minimality::Global, "{name}");
        check_counterexample(&entry.parts[0], &piles);
    }
}

/// The counterexample meets the conditions, refutes the claim under brute, and no smaller
/// instance (fewer piles, or as many with a smaller sum, or an equal sum and lexicographically
/// smaller values) does.
fn check_counterexample(claim: &Claim, piles: &[i64]) {
    let values = claim.values.unwrap();
    let n = piles.len() as u64;
    assert!(claim.sizes.min <= n && n <= claim.sizes.max);
    assert!(
        claim
            .sizes
            .parity
            .is_none_or(|p| Parity::of(n as i128) == p)
    );
    assert!(piles.iter().all(|&v| values.min <= v && v <= values.max));
    let entry = find_game(claim.game).unwrap();
    let brute = entry
        .build(&InstanceInput::piles(piles.to_vec()))
        .unwrap()
        .solve(SolverKind::BRUTE)
        .unwrap();
    assert!(
        !claim.expect.holds_for(brute.margin),
        "{piles:?} does not refute under brute"
    );

    let span = (values.max - values.min) as u64;
    let offsets: Vec<u64> = piles.iter().map(|&v| (v - values.min) as u64).collect();
    let key = |o: &[u64]| (o.len(), o.iter().sum::<u64>(), o.to_vec());
    let mut scratch = Vec::new();
    let mut refutes = |o: &[u64]| {
        let piles: Vec<i64> = o.iter().map(|&x| values.min + x as i64).collect();
        let total: i64 = piles.iter().sum();
        let meets = claim
            .sizes
            .parity
            .is_none_or(|p| Parity::of(o.len() as i128) == p)
            && values
                .total_parity
                .is_none_or(|p| Parity::of(total as i128) == p);
        meets
            && !claim.expect.holds_for(
                entry
                    .first_margin(InstanceRef::Piles(&piles), &mut scratch)
                    .unwrap(),
            )
    };
    for size in claim.sizes.min..=n {
        // Fewer piles: every value; as many: only sums up to the counterexample's.
        let sum_bound = if size < n {
            u64::MAX
        } else {
            offsets.iter().sum()
        };
        let mut smaller = Vec::new();
        every_vector(
            size as usize,
            span,
            sum_bound,
            &mut Vec::new(),
            &mut smaller,
        );
        for candidate in smaller.iter().filter(|o| key(o) < key(&offsets)) {
            assert!(
                !refutes(candidate),
                "{candidate:?} is smaller than {offsets:?} and refutes too"
            );
        }
    }
}

/// Every offset vector of length `len` with entries in 0..=span and sum at most `bound`.
fn every_vector(len: usize, span: u64, bound: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
    if prefix.len() == len {
        out.push(prefix.clone());
        return;
    }
    let used: u64 = prefix.iter().sum();
    for x in 0..=span.min(bound.saturating_sub(used)) {
        prefix.push(x);
        every_vector(len, span, bound, prefix, out);
        prefix.pop();
    }
}

#[test]
fn exhaustive_and_sampled_checks_agree() {
    let small = |expect, parity, total| Claim {
        game: "stone-game",
        expect,
        sizes: SizeRange {
            min: 1,
            max: 4,
            parity,
            residue: None,
        },
        values: Some(ValueSpec {
            total_parity: total,
            ..ValueSpec::uniform(1, 6)
        }),
        solver: SolverKind::AUTO,
        extras: Default::default(),
    };
    let entry = find_game("stone-game").unwrap();
    let exhaustive = CheckOptions::default();
    let sampled = CheckOptions {
        exhaustive_limit: 0,
        samples: 3000,
        ..CheckOptions::default()
    };
    for claim in [
        small(Expectation::FirstNeverLoses, Some(Parity::Even), None),
        small(
            Expectation::FirstWins,
            Some(Parity::Even),
            Some(Parity::Odd),
        ),
        small(Expectation::FirstWins, None, None),
        small(Expectation::FirstNeverLoses, Some(Parity::Odd), None),
    ] {
        let a = check_claim(entry, &claim, &exhaustive).unwrap();
        let b = check_claim(entry, &claim, &sampled).unwrap();
        assert!(a.exhaustive && !b.exhaustive);
        assert_eq!(a.holds, b.holds, "{}", claim.describe());
        assert_eq!(
            a.counterexample.map(|c| c.piles),
            b.counterexample.map(|c| c.piles),
            "{}",
            claim.describe()
        );
    }
    // Holding: the exhaustive check covered the whole space (even n in 1..4: 6^2 + 6^4).
    let holds = check_claim(
        entry,
        &small(Expectation::FirstNeverLoses, Some(Parity::Even), None),
        &exhaustive,
    )
    .unwrap();
    assert_eq!(holds.checked, 36 + 1296);
}

#[test]
fn number_game_claims_find_the_smallest_n() {
    let claim = Claim {
        game: "divisor-game",
        expect: Expectation::FirstWins,
        sizes: SizeRange {
            min: 4,
            max: 60,
            parity: None,
            residue: None,
        },
        values: None,
        solver: SolverKind::MEMO,
        extras: Default::default(),
    };
    let verdict = check_claim(
        find_game("divisor-game").unwrap(),
        &claim,
        &CheckOptions::default(),
    )
    .unwrap();
    assert!(!verdict.holds && verdict.exhaustive);
    assert_eq!(verdict.counterexample.unwrap().n, Some(5));
}

/// A sampled counterexample of a long row is shrunk and walked within budgets that count its
/// piles: at one fixed size no pile may be dropped, so only values are lowered (the shrink used
/// to make every one- and two-pile drop, O(n^3) work, before the conditions refused them), and
/// a row of 100,001 piles stops at the pile budget and says so (`Partial`) instead of shrinking
/// for minutes.
#[test]
fn long_counterexamples_are_shrunk_within_their_pile_budgets() {
    let entry = find_game("stone-game").unwrap();
    let odd_row = |n: u64| Claim {
        game: "stone-game",
        expect: Expectation::FirstNeverLoses,
        sizes: SizeRange::new(n, n),
        values: Some(ValueSpec::uniform(1, 100)),
        solver: SolverKind::AUTO,
        extras: Default::default(),
    };
    let sampled = CheckOptions {
        samples: 50,
        ..CheckOptions::default()
    };
    let refutes = |piles: &[i64]| {
        let margin = entry
            .first_margin(InstanceRef::Piles(piles), &mut Vec::new())
            .unwrap();
        assert!(margin < 0, "the counterexample must refute the claim");
    };
    // 3,001 piles: the walk below the shrunk row completes, so it is the minimum: all ones but
    // for one pile of 3 second from the right.
    let verdict = check_claim(entry, &odd_row(3001), &sampled).unwrap();
    let counterexample = verdict.counterexample.unwrap();
    let piles = counterexample.piles.unwrap();
    let mut expected = vec![1; 3001];
    expected[2999] = 3;
    assert_eq!(piles, expected);
    assert_eq!(counterexample.minimality, Minimality::Global);
    refutes(&piles);
    // 100,001 piles: the shrink's pile budget (10^8 piles, 1,000 such rows) runs out first.
    let verdict = check_claim(entry, &odd_row(100_001), &sampled).unwrap();
    let counterexample = verdict.counterexample.unwrap();
    let piles = counterexample.piles.unwrap();
    assert_eq!(piles.len(), 100_001);
    assert_eq!(counterexample.minimality, Minimality::Partial);
    refutes(&piles);
}
