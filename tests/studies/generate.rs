//! The seeded generator: byte-stable output (golden values), regeneration of any instance
//! alone, every constraint met on every instance, and impossible constraints refused.

use gamelab::base::input::InstanceInput;
use gamelab::games::find_game;
use gamelab::studies::generate::{
    Distribution, Generator, GeneratorSpec, Parity, SizeRange, ValueSpec,
};
use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, SeedableRng};

fn stone_game_spec(sizes: SizeRange, values: ValueSpec, seed: u64) -> GeneratorSpec {
    GeneratorSpec::new(sizes, Some(values), seed)
}

#[test]
fn xoshiro_stream_is_the_documented_one() {
    // rand documents Xoshiro256PlusPlus as portable; these are its first outputs for
    // `seed_from_u64(42)` with rand 0.10. If a dependency update changes the stream, this
    // fails loudly, and every golden value below would move with it.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    assert_eq!(rng.next_u64(), 15021278609987233951);
    assert_eq!(rng.next_u64(), 5881210131331364753);
}

#[test]
fn generated_instances_are_pinned() {
    // Golden output of `gamelab generate stone-game --n 6 --seed 1`, instance 0, and of a
    // geometric draw: any change to the sampling shows up here.
    let game = find_game("stone-game").unwrap();
    let generator = Generator::new(
        game,
        stone_game_spec(SizeRange::new(6, 6), ValueSpec::uniform(1, 100), 1),
    )
    .unwrap();
    assert_eq!(
        generator.instance(0).piles.unwrap(),
        vec![4, 36, 6, 92, 95, 44]
    );
    let geometric = ValueSpec {
        distribution: Distribution::Geometric,
        ..ValueSpec::uniform(1, 1_000_000)
    };
    let generator =
        Generator::new(game, stone_game_spec(SizeRange::new(8, 8), geometric, 1)).unwrap();
    assert_eq!(
        generator.instance(0).piles.unwrap(),
        vec![1, 1, 1, 15, 1, 2, 1, 1]
    );
}

#[test]
fn any_instance_can_be_regenerated_alone() {
    let game = find_game("stone-game-iii").unwrap();
    let spec = stone_game_spec(SizeRange::new(3, 30), ValueSpec::uniform(-50, 50), 99);
    let generator = Generator::new(game, spec.clone()).unwrap();
    let batch: Vec<InstanceInput> = (0..50).map(|index| generator.instance(index)).collect();
    let again = Generator::new(game, spec).unwrap();
    for index in (0..50).rev() {
        assert_eq!(again.instance(index), batch[index as usize]);
    }
    // Instance i of size n is trial i of a sweep at size n.
    let mut piles = Vec::new();
    for (index, input) in batch.iter().enumerate() {
        let values = input.piles.as_ref().unwrap();
        generator.piles_into(values.len() as u64, index as u64, &mut piles);
        assert_eq!(&piles, values);
    }
}

fn parity_strategy() -> impl Strategy<Value = Option<Parity>> {
    prop_oneof![
        Just(None),
        Just(Some(Parity::Even)),
        Just(Some(Parity::Odd))
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_instance_meets_every_constraint(
        n_min in 1u64..12,
        n_extra in 0u64..12,
        n_parity in parity_strategy(),
        min_value in -1000i64..1000,
        value_extra in 0i64..2000,
        geometric in any::<bool>(),
        total_parity in parity_strategy(),
        seed in any::<u64>(),
    ) {
        let sizes = SizeRange { min: n_min, max: n_min + n_extra, parity: n_parity, residue: None };
        let values = ValueSpec {
            min: min_value,
            max: min_value + value_extra,
            distribution: if geometric { Distribution::Geometric } else { Distribution::Uniform },
            total_parity,
        };
        let game = find_game("stone-game").unwrap();
        let Ok(generator) = Generator::new(game, stone_game_spec(sizes, values, seed)) else {
            // Refused: then no size of the right parity exists, or the values cannot reach
            // the total's parity.
            let impossible_sizes = sizes.count() == 0;
            let fixed_total = values.min == values.max && total_parity.is_some();
            prop_assert!(impossible_sizes || fixed_total);
            return Ok(());
        };
        for index in 0..20 {
            let piles = generator.instance(index).piles.unwrap();
            let n = piles.len() as u64;
            prop_assert!(sizes.min <= n && n <= sizes.max);
            if let Some(parity) = n_parity {
                prop_assert_eq!(Parity::of(n as i128), parity);
            }
            prop_assert!(piles.iter().all(|&v| values.min <= v && v <= values.max));
            if let Some(parity) = total_parity {
                let total: i128 = piles.iter().map(|&v| v as i128).sum();
                prop_assert_eq!(Parity::of(total), parity);
            }
        }
    }
}

#[test]
fn impossible_constraints_are_refused_with_a_message() {
    let game = find_game("stone-game").unwrap();
    let refuse = |sizes: SizeRange, values: ValueSpec, needle: &str| {
        let message = Generator::new(game, stone_game_spec(sizes, values, 1))
            .unwrap_err()
            .to_string();
        assert!(message.contains(needle), "{message} lacks {needle}");
    };
    let even_three = SizeRange {
        min: 3,
        max: 3,
        parity: Some(Parity::Even),
        residue: None,
    };
    refuse(
        even_three,
        ValueSpec::uniform(1, 100),
        "no even number of piles",
    );
    refuse(
        SizeRange::new(2, 5),
        ValueSpec::uniform(9, 1),
        "the smallest pile value 9 is larger than the largest pile value 1",
    );
    refuse(
        SizeRange::new(5, 2),
        ValueSpec::uniform(1, 9),
        "the smallest size 5 is larger than the largest size 2",
    );
    refuse(SizeRange::new(0, 2), ValueSpec::uniform(1, 9), "at least 1");
    let all_even = ValueSpec {
        total_parity: Some(Parity::Odd),
        ..ValueSpec::uniform(2, 2)
    };
    refuse(SizeRange::new(1, 9), all_even, "always even");
    let all_odd = ValueSpec {
        total_parity: Some(Parity::Odd),
        ..ValueSpec::uniform(3, 3)
    };
    let even_sizes = SizeRange {
        min: 2,
        max: 8,
        parity: Some(Parity::Even),
        residue: None,
    };
    refuse(even_sizes, all_odd, "parity of n");
    refuse(
        SizeRange::new(2, 4),
        ValueSpec::uniform(i64::MIN, 0),
        "64 bits",
    );
}

#[test]
fn a_fixed_odd_value_forces_the_size_parity() {
    let game = find_game("stone-game").unwrap();
    let values = ValueSpec {
        total_parity: Some(Parity::Odd),
        ..ValueSpec::uniform(3, 3)
    };
    let generator = Generator::new(game, stone_game_spec(SizeRange::new(1, 9), values, 5)).unwrap();
    for index in 0..30 {
        assert_eq!(generator.instance(index).piles.unwrap().len() % 2, 1);
    }
}

#[test]
fn number_games_take_no_values() {
    let game = find_game("divisor-game").unwrap();
    let spec = GeneratorSpec {
        sizes: SizeRange::new(1, 50),
        values: None,
        seed: 3,
        extras: Default::default(),
    };
    let generator = Generator::new(game, spec.clone()).unwrap();
    let n = generator.instance(0).n.unwrap();
    assert!((1..=50).contains(&n));
    let with_values = GeneratorSpec {
        values: Some(ValueSpec::uniform(1, 2)),
        ..spec
    };
    assert!(
        Generator::new(game, with_values)
            .unwrap_err()
            .to_string()
            .contains("no pile values")
    );
}
