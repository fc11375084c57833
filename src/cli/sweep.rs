//! `gamelab sweep`: tally optimal-play outcomes over random instances for every n in a range,
//! in parallel; text table, CSV or JSON.

use super::generator_args::{DEFAULT_SEED, ExtraArgs, SizeArgs, ValueArgs, generator_spec};
use super::plot::write_chart;
use super::{open_output, values};
use anyhow::Context;
use clap::Args;
use gamelab::plot::image_format;
use gamelab::plot::outcome_shares::OutcomeSharesChart;
use gamelab::plot::win_rate::WinRateChart;
use gamelab::registry::{GameEntry, find_game};
use gamelab::sweep::{Shard, SweepRow, SweepSpec, run_sweep, summarize_by_parity, write_csv};
use indicatif::{ProgressBar, ProgressStyle};
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct SweepArgs {
    /// The game (see `gamelab games`)
    game: String,
    #[command(flatten)]
    sizes: SizeArgs,
    #[command(flatten)]
    values: ValueArgs,
    #[command(flatten)]
    extras: ExtraArgs,
    /// Instances per n [default: 1000; divisor-game has exactly one per N]
    #[arg(long, value_name = "T")]
    trials: Option<u64>,
    /// Random seed: the same seed and options give the same numbers on any thread count
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Run only shard K of N (e.g. 3/8); combine the shards' CSVs with `gamelab merge`
    #[arg(long, value_name = "K/N", value_parser = values::shard)]
    shard: Option<Shard>,
    /// What to print on standard output
    #[arg(long, value_enum, default_value_t = SweepFormat::Text)]
    format: SweepFormat,
    /// Also write the rows as CSV to this file
    #[arg(long, value_name = "FILE.csv")]
    out: Option<PathBuf>,
    /// Also draw the win-rate chart (odd and even n, 95% intervals, ties): FILE.svg or FILE.png
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Also draw the outcome-shares chart (stacked bars): FILE.svg or FILE.png
    #[arg(long, value_name = "FILE", alias = "plot-shares")]
    plot_outcome_shares: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum SweepFormat {
    /// A readable table with odd and even n summarised
    Text,
    /// CSV with a header row
    Csv,
    /// A JSON array of rows
    Json,
}

/// Sizes when none are given: 1..=20 piles, or N = 1..=100.
fn default_sizes(takes_piles: bool) -> (u64, u64) {
    if takes_piles { (1, 20) } else { (1, 100) }
}

/// The default trials per n.
const DEFAULT_TRIALS: u64 = 1000;

/// Sweeps smaller than this many instances run without a progress bar.
const PROGRESS_BAR_THRESHOLD: u64 = 20_000;

pub fn run(args: SweepArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?;
    // Check picture names before the work, not after.
    for path in [&args.plot, &args.plot_outcome_shares]
        .into_iter()
        .flatten()
    {
        image_format(path)?;
    }
    let rows = sweep(game, &args)?;
    if let Some(path) = &args.plot {
        write_chart(&WinRateChart::new(rows.clone())?, path)?;
    }
    if let Some(path) = &args.plot_outcome_shares {
        write_chart(&OutcomeSharesChart::new(rows.clone())?, path)?;
    }
    if let Some(path) = &args.out {
        let file = std::fs::File::create(path)
            .with_context(|| format!("cannot create output file '{}'", path.display()))?;
        write_csv(&rows, std::io::BufWriter::new(file))
            .with_context(|| format!("cannot write '{}'", path.display()))?;
    }
    let mut out = open_output(None)?;
    match args.format {
        SweepFormat::Text => out.write_all(render_text(game, &args, &rows).as_bytes())?,
        SweepFormat::Csv => write_csv(&rows, &mut out)?,
        SweepFormat::Json => {
            serde_json::to_writer(&mut out, &rows)?;
            writeln!(out)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn sweep(game: &GameEntry, args: &SweepArgs) -> anyhow::Result<Vec<SweepRow>> {
    let trials = args.trials.unwrap_or(if game.takes_piles() {
        DEFAULT_TRIALS
    } else {
        1
    });
    let shard = args.shard.unwrap_or(Shard::ALL);
    let spec = SweepSpec {
        generator: generator_spec(
            game,
            &args.sizes,
            &args.values,
            &args.extras,
            args.seed,
            default_sizes(game.takes_piles()),
        )?,
        trials,
        shard,
    };
    let total = spec.generator.sizes.count().saturating_mul(trials) / shard.count;
    let bar = if total >= PROGRESS_BAR_THRESHOLD {
        ProgressBar::new(total)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} instances, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let rows = run_sweep(game, &spec, &|done| bar.inc(done));
    bar.finish_and_clear();
    Ok(rows?)
}

fn render_text(game: &GameEntry, args: &SweepArgs, rows: &[SweepRow]) -> String {
    let mut out = String::new();
    let Some(first) = rows.first() else {
        return "no rows: this shard holds no instances\n".to_string();
    };
    let size_name = if game.takes_piles() { "n" } else { "N" };
    let _ = writeln!(
        out,
        "{} sweep: {} = {}..{}, {} instances per {size_name}, {}{}",
        game.name,
        size_name,
        first.n,
        rows[rows.len() - 1].n,
        first.trials,
        first.settings().describe(),
        args.shard.as_ref().map_or(String::new(), |shard| {
            format!(", shard {}/{}", shard.index, shard.count)
        })
    );
    let _ = writeln!(
        out,
        "{:>6}  {:>8}  {:>10}  {:>8}  {:>11}  {:>10}  {:>16}  {:>12}",
        size_name,
        "trials",
        "first wins",
        "ties",
        "second wins",
        "first rate",
        "95% interval",
        "mean margin"
    );
    for row in rows {
        let _ = writeln!(
            out,
            "{:>6}  {:>8}  {:>10}  {:>8}  {:>11}  {:>10.4}  [{:.4}, {:.4}]  {:>12.3}",
            row.n,
            row.trials,
            row.first_wins,
            row.ties,
            row.second_wins,
            row.first_win_rate,
            row.first_win_low,
            row.first_win_high,
            row.mean_margin
        );
    }
    for summary in summarize_by_parity(rows) {
        let tally = summary.tally;
        let percent = |count: u64| 100.0 * count as f64 / tally.trials.max(1) as f64;
        let _ = writeln!(
            out,
            "{:<4} {size_name} ({} sizes, {} instances): first wins {:.2}%, ties {:.2}%, second wins {:.2}%",
            summary.parity.name(),
            summary.sizes,
            tally.trials,
            percent(tally.first_wins),
            percent(tally.ties),
            percent(tally.second_wins)
        );
    }
    out
}
