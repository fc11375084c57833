//! Sweep random stone-game instances over n, write the tallies as CSV and draw the win-rate
//! chart: the library calls behind `gamelab sweep ... --out FILE.csv --plot FILE.svg`.
//!
//! Run with `cargo run --release --example sweep_to_csv [OUTPUT_DIR]` (default
//! `target/example-output`).

use gamelab::find_game;
use gamelab::present::plot::save;
use gamelab::present::plot::win_rate::WinRateChart;
use gamelab::studies::generate::{GeneratorSpec, SizeRange, ValueSpec};
use gamelab::studies::sweep::{Shard, SweepSpec, run_sweep, summarize_by_parity, write_csv};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out_dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "target/example-output".into()),
    );
    std::fs::create_dir_all(&out_dir)?;

    // 2,000 instances for every n in 1..=20, pile values uniform on 1..100, seed 7. The same
    // seed gives the same instances, and so the same bytes, on any machine and thread count.
    let game = find_game("stone-game")?;
    let spec = SweepSpec {
        generator: GeneratorSpec::new(SizeRange::new(1, 20), Some(ValueSpec::uniform(1, 100)), 7),
        trials: 2_000,
        shard: Shard::ALL,
    };
    // The closure is called with progress counts; a quiet sweep ignores them.
    let rows = run_sweep(game, &spec, &|_done| {})?;

    let csv_path = out_dir.join("sweep.csv");
    write_csv(&rows, std::fs::File::create(&csv_path)?)?;
    let chart_path = out_dir.join("win-rate.svg");
    save(&WinRateChart::new(rows.clone())?, &chart_path)?;

    // The headline: odd n against even n.
    for summary in summarize_by_parity(&rows) {
        let tally = summary.tally;
        println!(
            "{} n: first player wins {} of {} games, ties {}, loses {}",
            summary.parity.name(),
            tally.first_wins,
            tally.trials,
            tally.ties,
            tally.second_wins
        );
    }
    println!("wrote {} and {}", csv_path.display(), chart_path.display());
    Ok(())
}
