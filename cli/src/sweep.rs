//! `gamelab sweep`: tally optimal-play outcomes over random instances for every n in a range,
//! in parallel; text table, CSV or JSON.

use super::args::{DefaultSizes, GeneratorArgs, SeedArg};
use super::plot::draw_charts;
use super::values::whole_number;
use super::{commit, open_output, stage_outputs_and_plots, values};
use clap::Args;
use gamelab::cost::{Cost, times};
use gamelab::games::{GameEntry, find_game};
use gamelab::present::plot::image_format;
use gamelab::present::plot::outcome_shares::OutcomeSharesChart;
use gamelab::present::plot::win_rate::WinRateChart;
use gamelab::studies::generate::{Generator, Parity};
use gamelab::studies::sweep::{
    CsvSink, ROW_BYTES, Shard, SweepRow, SweepSettings, SweepSpec, Tally, stream_sweep,
    write_csv_row,
};
use gamelab::util::output::OutputFile;
use gamelab::util::plural::counted;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct SweepArgs {
    /// The game (see `gamelab games`)
    game: String,
    #[command(flatten)]
    generator: GeneratorArgs,
    /// Instances per n [default: 1000; the number games (divisor-game, stone-game-iv, nim, ...)
    /// have exactly one per N]
    #[arg(long, value_name = "T", value_parser = whole_number, allow_negative_numbers = true)]
    trials: Option<u64>,
    #[command(flatten)]
    random: SeedArg,
    /// Run only shard K of N (e.g. 3/8); combine the shards' CSVs with `gamelab merge`
    #[arg(long, value_name = "K/N", value_parser = values::shard)]
    shard: Option<Shard>,
    /// What to print on standard output
    #[arg(long, value_enum, default_value_t = SweepFormat::Text)]
    format: SweepFormat,
    /// Also write the rows as CSV to this file
    #[arg(long, value_name = "FILE.csv", value_parser = super::values::file_path)]
    out: Option<PathBuf>,
    /// Also draw the win-rate chart (odd and even n, 95% intervals, ties): FILE.svg or FILE.png
    /// (give it again to draw both)
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path, action = clap::ArgAction::Append)]
    plot: Vec<PathBuf>,
    /// Also draw the outcome-shares chart (stacked bars): FILE.svg or FILE.png (give it again to
    /// draw both)
    #[arg(long, value_name = "FILE", alias = "plot-shares", value_parser = super::values::file_path, action = clap::ArgAction::Append)]
    plot_outcome_shares: Vec<PathBuf>,
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
const SWEEP_SIZES: DefaultSizes = DefaultSizes {
    piles: 20,
    number: 100,
};

/// The default trials per n.
const DEFAULT_TRIALS: u64 = 1000;

/// The text table lists every size up to this many; past it, the first and last
/// [`SHOWN_AT_EACH_END`] and a line saying where the full table is.
const TEXT_ROWS_IN_FULL: u64 = 40;
/// Rows shown at each end of a summarised text table.
const SHOWN_AT_EACH_END: usize = 10;

pub fn run(args: SweepArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?;
    // Check picture names before the work, not after.
    for path in args.plot.iter().chain(&args.plot_outcome_shares) {
        image_format(path)?;
    }
    let spec = sweep_spec(game, &args);
    // The settings are validated (a modulus of 0, an empty range) before anything counts them.
    let sizes = Generator::new(game, spec.generator.clone())?
        .spec()
        .sizes
        .count();
    let keep_rows = !args.plot.is_empty() || !args.plot_outcome_shares.is_empty();
    if keep_rows {
        // Charts need every row at once; everything else streams.
        Cost::memory(times(sizes as u128, ROW_BYTES)).check(
            format_args!("keeping the rows of {sizes} sizes for the charts"),
            "chart fewer sizes (or write --out FILE.csv and chart a part of it)",
        )?;
    }
    // Every output is reserved before the work and put in place only when all are written.
    let ([csv], [win_rate, shares]) = stage_outputs_and_plots(
        [("--out", args.out.as_deref())],
        [
            ("--plot", &args.plot),
            ("--plot-outcome-shares", &args.plot_outcome_shares),
        ],
        &[],
    )?;
    let mut file = match csv {
        Some(staged) => Some(CsvSink::new(OutputFile::on(staged)?)),
        None => None,
    };
    let mut out = open_output(None)?;
    let mut printer = Printer::new(game, args.format, sizes, args.out.as_deref());
    let mut rows = Vec::new();
    // Ctrl-C ends the whole process (see `interrupt`), so the sweep need not be asked to stop;
    // progress is counted by the library (see `progress`).
    let never = std::sync::atomic::AtomicBool::new(false);
    stream_sweep(game, &spec, &|_| {}, &never, &mut |row| {
        if let Some(file) = &mut file {
            file.write(&row)?;
        }
        printer.row(&mut out, &row)?;
        if keep_rows {
            rows.push(row);
        }
        Ok(())
    })?;
    let mut written = Vec::new();
    if let Some(file) = file {
        written.push(file.into_inner()?.written()?);
    }
    printer.finish(&mut out)?;
    out.flush()?;
    let mut charts = Vec::new();
    if !win_rate.is_empty() {
        let chart = WinRateChart::new(rows.clone())?;
        draw_charts(&chart, win_rate, &args.plot, &mut written, &mut charts)?;
    }
    if !shares.is_empty() {
        let chart = OutcomeSharesChart::new(rows)?;
        draw_charts(
            &chart,
            shares,
            &args.plot_outcome_shares,
            &mut written,
            &mut charts,
        )?;
    }
    commit(written, &charts)?;
    Ok(ExitCode::SUCCESS)
}

fn sweep_spec(game: &dyn GameEntry, args: &SweepArgs) -> SweepSpec {
    let trials = args.trials.unwrap_or(if game.takes_piles() {
        DEFAULT_TRIALS
    } else {
        1
    });
    SweepSpec {
        generator: args.generator.spec(game, args.random.seed, SWEEP_SIZES),
        trials,
        shard: args.shard.unwrap_or(Shard::ALL),
    }
}

/// Prints rows on standard output as they come, in the chosen format. A text table of more
/// than [`TEXT_ROWS_IN_FULL`] sizes shows its first and last rows and says where the full table
/// is (the CSV of `--out`, or `--format csv`).
struct Printer {
    format: SweepFormat,
    size_name: &'static str,
    rows: u64,
    /// Sizes the sweep has.
    sizes: u64,
    /// Where the full table is written, if anywhere.
    csv: Option<String>,
    /// The last rows of a summarised text table, written at the end.
    tail: std::collections::VecDeque<String>,
    /// Totals for odd and even n (text).
    by_parity: [(u64, Tally); 2],
}

impl Printer {
    fn new(
        game: &dyn GameEntry,
        format: SweepFormat,
        sizes: u64,
        csv: Option<&std::path::Path>,
    ) -> Printer {
        Printer {
            format,
            size_name: if game.takes_piles() { "n" } else { "N" },
            rows: 0,
            sizes,
            csv: csv.map(|path| path.display().to_string()),
            tail: std::collections::VecDeque::new(),
            by_parity: [(0, Tally::default()); 2],
        }
    }

    /// Whether the text table shows only its ends.
    fn summarised(&self) -> bool {
        self.sizes > TEXT_ROWS_IN_FULL
    }

    fn row(&mut self, out: &mut dyn Write, row: &SweepRow) -> std::io::Result<()> {
        let first = self.rows == 0;
        self.rows += 1;
        match self.format {
            SweepFormat::Csv => write_csv_row(out, row, first)?,
            SweepFormat::Json => {
                out.write_all(if first { b"[" } else { b"," })?;
                serde_json::to_writer(&mut *out, row).map_err(std::io::Error::from)?;
            }
            SweepFormat::Text => {
                if first {
                    self.text_header(out, row)?;
                }
                let parity = Parity::of(row.n as i128) == Parity::Even;
                let (sizes, tally) = &mut self.by_parity[parity as usize];
                *sizes += 1;
                *tally = tally.merged(row.tally());
                let counts = format!(
                    "{:>6}  {:>8}  {:>10}  {:>8}  {:>11}",
                    row.n, row.trials, row.first_wins, row.ties, row.second_wins,
                );
                // A shard may draw no instance of a size: no rate to show.
                let line = if row.trials == 0 {
                    format!("{counts}  {:>10}  {:>16}  {:>12}", "-", "-", "-")
                } else {
                    format!(
                        "{counts}  {:>10.4}  [{:.4}, {:.4}]  {:>12.3}",
                        row.first_win_rate, row.first_win_low, row.first_win_high, row.mean_margin
                    )
                };
                if !self.summarised() || self.rows <= SHOWN_AT_EACH_END as u64 {
                    writeln!(out, "{line}")?;
                } else {
                    self.tail.push_back(line);
                    if self.tail.len() > SHOWN_AT_EACH_END {
                        self.tail.pop_front();
                    }
                }
            }
        }
        Ok(())
    }

    fn text_header(&self, out: &mut dyn Write, row: &SweepRow) -> std::io::Result<()> {
        let size_name = self.size_name;
        let instances = SweepSettings::describe_instances(
            row.settings().as_ref(),
            &row.trials_per_n.to_string(),
            size_name,
        );
        writeln!(
            out,
            "{} sweep: {size_name} = {}..{}, {instances}",
            row.game, row.n_min, row.n_max,
        )?;
        writeln!(
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
        )
    }

    fn finish(&mut self, out: &mut dyn Write) -> std::io::Result<()> {
        match self.format {
            SweepFormat::Csv => Ok(()),
            SweepFormat::Json => writeln!(out, "{}", if self.rows == 0 { "[]" } else { "]" }),
            SweepFormat::Text => {
                let size_name = self.size_name;
                if self.summarised() {
                    let hidden = self.rows - SHOWN_AT_EACH_END as u64 - self.tail.len() as u64;
                    let full = match &self.csv {
                        Some(path) => format!("every row is in {path}"),
                        None => "--format csv or --out FILE.csv gives every row".to_string(),
                    };
                    if hidden > 0 {
                        writeln!(out, "{:>6}  ({hidden} more sizes; {full})", "...")?;
                    }
                    for line in self.tail.drain(..) {
                        writeln!(out, "{line}")?;
                    }
                }
                for (parity, (sizes, tally)) in [
                    (Parity::Odd, self.by_parity[0]),
                    (Parity::Even, self.by_parity[1]),
                ] {
                    if sizes == 0 {
                        continue;
                    }
                    if tally.trials == 0 {
                        writeln!(
                            out,
                            "{:<4} {size_name} ({}, no instances in this shard)",
                            parity.name(),
                            counted(sizes, "size"),
                        )?;
                        continue;
                    }
                    let percent = |count: u64| 100.0 * count as f64 / tally.trials.max(1) as f64;
                    writeln!(
                        out,
                        "{:<4} {size_name} ({}, {}): first wins {:.2}%, ties {:.2}%, second wins {:.2}%",
                        parity.name(),
                        counted(sizes, "size"),
                        counted(tally.trials, "instance"),
                        percent(tally.first_wins),
                        percent(tally.ties),
                        percent(tally.second_wins)
                    )?;
                }
                Ok(())
            }
        }
    }
}
