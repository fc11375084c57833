//! Sweeps: deterministic whatever the thread count, shards merged equal the whole sweep byte for
//! byte, counts add up, and the parity argument of the LeetCode 877 write-up shows in the data (even n: the
//! first player never loses).

use gamelab::games::find_game;
use gamelab::studies::generate::{Distribution, GeneratorSpec, Parity, SizeRange, ValueSpec};
use gamelab::studies::sweep::{
    Shard, SweepRow, SweepSpec, merge_rows, read_csv, run_sweep, write_csv,
};

fn spec(sizes: SizeRange, values: ValueSpec, trials: u64) -> SweepSpec {
    SweepSpec {
        generator: GeneratorSpec {
            sizes,
            values: Some(values),
            seed: 7,
            extras: Default::default(),
        },
        trials,
        shard: Shard::ALL,
    }
}

fn sweep_csv(game: &str, spec: &SweepSpec) -> Vec<u8> {
    let rows = run_sweep(find_game(game).unwrap(), spec, &|_| {}).unwrap();
    let mut bytes = Vec::new();
    write_csv(&rows, &mut bytes).unwrap();
    bytes
}

fn in_pool<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(work)
}

#[test]
fn same_seed_same_csv_on_one_thread_and_many() {
    for game in ["stone-game", "stone-game-ii", "stone-game-iii"] {
        let spec = spec(SizeRange::new(1, 12), ValueSpec::uniform(-20, 80), 700);
        let once = in_pool(1, || sweep_csv(game, &spec));
        let again = in_pool(1, || sweep_csv(game, &spec));
        let parallel = in_pool(4, || sweep_csv(game, &spec));
        assert_eq!(once, again, "{game}");
        assert_eq!(once, parallel, "{game}");
    }
}

#[test]
fn share_columns_are_the_same_on_any_thread_count() {
    let spec = spec(SizeRange::new(2, 20), ValueSpec::uniform(0, 30), 500);
    let once = in_pool(1, || sweep_csv("coins-in-a-circle", &spec));
    assert_eq!(once, in_pool(3, || sweep_csv("coins-in-a-circle", &spec)));
    let rows = read_csv(once.as_slice(), "coins").unwrap();
    assert!(
        rows.iter()
            .all(|row| row.first_share.is_some() && row.lowest_first.is_some())
    );
}

#[test]
fn shards_merged_equal_the_whole_sweep() {
    let whole_spec = spec(SizeRange::new(2, 11), ValueSpec::uniform(1, 9), 333);
    let whole = sweep_csv("stone-game", &whole_spec);
    for count in [2, 3, 7] {
        let shards: Vec<Vec<SweepRow>> = (1..=count)
            .map(|index| {
                let spec = SweepSpec {
                    shard: Shard { index, count },
                    ..whole_spec.clone()
                };
                // Round-trip each shard through its CSV, as `gamelab merge` does.
                let csv = sweep_csv("stone-game", &spec);
                read_csv(csv.as_slice(), "shard").unwrap()
            })
            .collect();
        let mut merged = Vec::new();
        write_csv(&merge_rows(&shards).unwrap(), &mut merged).unwrap();
        assert_eq!(
            String::from_utf8(merged).unwrap(),
            String::from_utf8(whole.clone()).unwrap(),
            "{count} shards"
        );
    }
}

#[test]
fn divisor_game_shards_cover_every_n_once() {
    let game = find_game("divisor-game").unwrap();
    let whole_spec = SweepSpec {
        generator: GeneratorSpec {
            sizes: SizeRange::new(1, 40),
            values: None,
            seed: 1,
            extras: Default::default(),
        },
        trials: 1,
        shard: Shard::ALL,
    };
    let whole = run_sweep(game, &whole_spec, &|_| {}).unwrap();
    let shards: Vec<Vec<SweepRow>> = (1..=3)
        .map(|index| {
            let spec = SweepSpec {
                shard: Shard { index, count: 3 },
                ..whole_spec.clone()
            };
            run_sweep(game, &spec, &|_| {}).unwrap()
        })
        .collect();
    assert!(shards.iter().all(|rows| rows.len() >= 13));
    assert_eq!(merge_rows(&shards).unwrap(), whole);
    // The Divisor Game: the first player wins exactly for even N.
    for row in &whole {
        assert_eq!(row.first_wins == 1, row.n % 2 == 0, "N = {}", row.n);
    }
}

#[test]
fn counts_add_up_on_every_row() {
    for game in ["stone-game", "stone-game-ii", "stone-game-iii"] {
        let values = ValueSpec {
            distribution: Distribution::Geometric,
            ..ValueSpec::uniform(-5, 500)
        };
        let rows = run_sweep(
            find_game(game).unwrap(),
            &spec(SizeRange::new(1, 15), values, 400),
            &|_| {},
        )
        .unwrap();
        assert_eq!(rows.len(), 15);
        for row in rows {
            assert_eq!(
                row.first_wins + row.ties + row.second_wins,
                row.trials,
                "{game} {row:?}"
            );
            assert!(
                row.first_win_low <= row.first_win_rate && row.first_win_rate <= row.first_win_high
            );
            let rate_sum = row.first_win_rate + row.tie_rate + row.second_win_rate;
            assert!((rate_sum - 1.0).abs() < 1e-5);
        }
    }
}

#[test]
fn even_pile_counts_never_lose_for_the_first_player() {
    // The parity argument (the LeetCode 877 write-up): with even n the first player can take all odd-position
    // or all even-position piles, whichever sum is larger, so never ends behind. That holds for
    // any values, negative ones included.
    for values in [
        ValueSpec::uniform(1, 100),
        ValueSpec::uniform(-50, 50),
        ValueSpec {
            distribution: Distribution::Geometric,
            ..ValueSpec::uniform(0, 100_000)
        },
    ] {
        let sizes = SizeRange {
            min: 2,
            max: 30,
            parity: Some(Parity::Even),
            residue: None,
        };
        let rows = run_sweep(
            find_game("stone-game").unwrap(),
            &spec(sizes, values, 500),
            &|_| {},
        )
        .unwrap();
        assert_eq!(rows.len(), 15);
        for row in rows {
            assert_eq!(row.second_wins, 0, "n = {} {values:?}", row.n);
        }
    }
}

#[test]
fn odd_pile_counts_do_lose_sometimes() {
    let sizes = SizeRange {
        min: 3,
        max: 9,
        parity: Some(Parity::Odd),
        residue: None,
    };
    let rows = run_sweep(
        find_game("stone-game").unwrap(),
        &spec(sizes, ValueSpec::uniform(1, 100), 500),
        &|_| {},
    )
    .unwrap();
    assert!(rows.iter().all(|row| row.second_wins > 0));
}

#[test]
fn merge_refuses_rows_of_different_sweeps() {
    let game = find_game("stone-game").unwrap();
    let a = run_sweep(
        game,
        &spec(SizeRange::new(1, 3), ValueSpec::uniform(1, 9), 10),
        &|_| {},
    )
    .unwrap();
    let mut other = spec(SizeRange::new(1, 3), ValueSpec::uniform(1, 9), 10);
    other.generator.seed = 8;
    let b = run_sweep(game, &other, &|_| {}).unwrap();
    let message = merge_rows(&[a, b]).unwrap_err().to_string();
    assert!(
        message.contains("seed 7") && message.contains("seed 8"),
        "{message}"
    );
}

#[test]
fn csv_errors_name_the_line_and_column() {
    let header = "n,trials,first_wins,ties,second_wins,first_win_rate,first_win_low,first_win_high,tie_rate,second_win_rate,mean_margin,margin_sum,game,distribution,min_value,max_value,total_parity,seed,subtract,n_min,n_max,n_parity,n_mod,n_residue,trials_per_n,shard,format\n";
    let bad_cell =
        format!("{header}1,10,x,0,0,1,1,1,0,0,1,1,stone-game,uniform,1,9,,7,,1,3,,,,10,1/1,2\n");
    let message = read_csv(bad_cell.as_bytes(), "s.csv")
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("s.csv: line 2: column 'first_wins'"),
        "{message}"
    );
    let missing = "n,trials\n1,2\n";
    let message = read_csv(missing.as_bytes(), "m.csv")
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("m.csv: line 1") && message.contains("'first_wins'"),
        "{message}"
    );
}
