//! Check the `peaks` solver's merge lemma (proved in `docs/src/internals/peaks-proof.md`; a check of it) against
//! the one-row DP on every row of up to LONGEST piles with values LOW..=HIGH, and print the first
//! disagreement if there is one.
//!
//! Run with `cargo run --release --example peaks_exhaustive -- LOW HIGH LONGEST`, e.g.
//! `-- -3 3 10` (329,554,457 rows, about a minute on one core); without three numbers it checks
//! `-2 2 8` (488,281 rows, a fraction of a second; `tests/project/examples.rs` runs it so, with an
//! output folder it does not need).

use gamelab::games::stone_game::dp::rolling_margin_in;
use gamelab::games::stone_game::peaks::peaks_margin_in;
use std::process::ExitCode;

fn main() -> ExitCode {
    let numbers: Vec<i64> = std::env::args()
        .skip(1)
        .filter_map(|word| word.parse().ok())
        .collect();
    let [low, high, longest] = numbers[..] else {
        return check(-2, 2, 8);
    };
    check(low, high, longest)
}

/// Checks every row of up to `longest` piles from `low..=high`.
fn check(low: i64, high: i64, longest: i64) -> ExitCode {
    if low > high || !(0..=24).contains(&longest) {
        eprintln!("error: need LOW <= HIGH and LONGEST in 0..=24");
        return ExitCode::from(2);
    }
    let (mut stack, mut row_scratch) = (Vec::new(), Vec::new());
    let mut rows = 0u64;
    for n in 0..=longest as usize {
        // Odometer over the rows of n piles, lowest digit first.
        let mut row = vec![low; n];
        loop {
            rows += 1;
            let (peaks, dp) = (
                peaks_margin_in(&row, &mut stack),
                rolling_margin_in(&row, &mut row_scratch),
            );
            if peaks != dp {
                println!("disagreement on {row:?}: peaks {peaks}, DP {dp}");
                return ExitCode::from(1);
            }
            let Some(k) = row.iter().position(|&value| value < high) else {
                break;
            };
            row[k] += 1;
            row[..k].fill(low);
        }
    }
    println!("values {low}..={high}, up to {longest} piles: all {rows} rows agree");
    ExitCode::SUCCESS
}
