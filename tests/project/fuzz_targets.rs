//! The fuzz targets of `fuzz/` (every parser a user feeds, and the DOT/EFG round trips), driven
//! by proptest with arbitrary bytes — and with bytes shaped like the real inputs, so the
//! interesting paths are reached — in the normal test run, for a fixed budget: 400 inputs per
//! target (a fraction of a second in all), 20,000 with `GAMELAB_THOROUGH=1`. `cargo +nightly fuzz run
//! TARGET` in `fuzz/` runs the same functions under libFuzzer, where a nightly toolchain is at
//! hand.

#[path = "../../fuzz/src/targets.rs"]
mod targets;

use proptest::prelude::*;

/// Text made of the characters these formats are built from.
fn shaped(alphabet: &'static str, max: usize) -> impl Strategy<Value = Vec<u8>> {
    let chars: Vec<u8> = alphabet.bytes().collect();
    prop::collection::vec(prop::sample::select(chars), 0..max)
}

/// Inputs per target: the budget of the normal run, or of a thorough one.
fn cases() -> u32 {
    if crate::common::thorough() {
        20_000
    } else {
        400
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn pile_lists_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64),
                              shaped in shaped("0123456789,- +e", 40)) {
        targets::piles(&bytes);
        targets::piles(&shaped);
    }

    #[test]
    fn subtraction_sets_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..64),
                                    shaped in shaped("0123456789, -", 40)) {
        targets::subtract(&bytes);
        targets::subtract(&shaped);
    }

    #[test]
    fn json_instances_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..96),
                                  piles in prop::collection::vec(-50i64..50, 0..8),
                                  n in 0u64..200, key in 0usize..4) {
        targets::json_instance(&bytes);
        let keys = ["piles", "n", "subtract", "game"];
        let line = format!("{{\"{}\": {:?}, \"n\": {n}}}", keys[key], piles);
        targets::json_instance(line.as_bytes());
    }

    #[test]
    fn sweep_tables_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200),
                                cut in 0usize..2000, byte in any::<u8>()) {
        targets::sweep_csv(&bytes);
        // A real table with one byte changed.
        let mut table = REAL_TABLE.as_bytes().to_vec();
        let at = cut % table.len();
        table[at] = byte;
        targets::sweep_csv(&table);
    }

    #[test]
    fn graph_exports_round_trip(bytes in prop::collection::vec(any::<u8>(), 0..8)) {
        targets::graph_exports(&bytes, |efg| {
            gambit_parser::ExtensiveFormGame::try_from_str(efg).is_ok()
        });
    }
}

/// A sweep table as `gamelab sweep stone-game --n-max 3 --trials 4 --format csv` writes it.
const REAL_TABLE: &str = "\
n,trials,first_wins,ties,second_wins,first_win_rate,first_win_low,first_win_high,tie_rate,second_win_rate,mean_margin,margin_sum,first_score_sum,total_sum,first_share,lowest_first,lowest_total,lowest_first_share,game,distribution,min_value,max_value,total_parity,seed,subtract,n_min,n_max,n_parity,n_mod,n_residue,trials_per_n,shard,format
1,4,4,0,0,1.0,0.510109,1.0,0.0,0.0,59.75,239,239,239,1.0,10,10,1.0,stone-game,uniform,1,100,,1,,1,3,,,,4,1/1,2
2,4,4,0,0,1.0,0.510109,1.0,0.0,0.0,42.25,169,258,347,0.743516,48,76,0.631579,stone-game,uniform,1,100,,1,,1,3,,,,4,1/1,2
3,4,4,0,0,1.0,0.510109,1.0,0.0,0.0,42.25,169,360,551,0.653358,119,202,0.589109,stone-game,uniform,1,100,,1,,1,3,,,,4,1/1,2
";

#[test]
fn the_real_table_is_accepted_as_it_stands() {
    let rows = gamelab::studies::sweep::read_csv(REAL_TABLE.as_bytes(), "real.csv").unwrap();
    gamelab::studies::sweep::check_rows("real.csv", &rows).unwrap();
    targets::sweep_csv(REAL_TABLE.as_bytes());
}
