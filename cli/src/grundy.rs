//! `gamelab grundy`: the nim-sequence of a heap game — the Grundy value of every heap from 0 to
//! N, the period and whether it is proved, the largest value, the losing heaps — as a summary,
//! with the values as CSV.

use super::args::RuleArgs;
use super::plot::draw_charts;
use super::values::whole_number;
use super::{Format, commit, open_output, stage_outputs_and_plots};
use anyhow::Context;
use clap::Args;
use gamelab::games::find_game;
use gamelab::present::plot::image_format;
use gamelab::present::plot::nim_sequence::{MOST_HEAPS, NimSequenceChart};
use gamelab::studies::grundy::{
    SequenceSummary, csv_cost, game_with_rule, nim_sequence, write_csv,
};
use gamelab::util::output::OutputFile;
use gamelab::util::plural::counted;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct GrundyArgs {
    /// The game: a heap game (divisor-game, stone-game-iv, nim, octal, kayles, dawsons-kayles,
    /// dawsons-chess)
    game: String,
    /// The largest heap
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = whole_number, allow_negative_numbers = true)]
    n_max: u64,
    #[command(flatten)]
    rule: RuleArgs,
    /// Write every value as CSV (`n,grundy`) to this file
    #[arg(long, value_name = "FILE.csv", value_parser = super::values::file_path)]
    out: Option<PathBuf>,
    /// Draw the values as dots, the period's start marked: FILE.svg or FILE.png (at most
    /// 5000 heaps; give it again to draw both)
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path, action = clap::ArgAction::Append)]
    plot: Vec<PathBuf>,
    /// Output format of the summary
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(args: GrundyArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?;
    let input = args.rule.input();
    if args.out.is_some() {
        csv_cost(args.n_max).check(
            format_args!("writing {} rows", args.n_max.saturating_add(1)),
            "write a smaller --n-max",
        )?;
    }
    for path in &args.plot {
        image_format(path)?;
    }
    if !args.plot.is_empty() && args.n_max > MOST_HEAPS {
        anyhow::bail!(
            "--plot draws at most {MOST_HEAPS} heaps, not {}: use a smaller --n-max",
            args.n_max
        );
    }
    let ([csv], [pictures]) = stage_outputs_and_plots(
        [("--out", args.out.as_deref())],
        [("--plot", &args.plot)],
        &[],
    )?;
    let values = nim_sequence(game, &input, args.n_max)?;
    let summary = SequenceSummary::of(game, &input, &values, args.n_max);
    let mut written = Vec::new();
    if let (Some(staged), Some(path)) = (csv, &args.out) {
        let mut file = OutputFile::on(staged)?;
        write_csv(&values, summary.first_heap, args.n_max, &mut file)
            .with_context(|| format!("writing {}", path.display()))?;
        written.push(file.written()?);
    }
    let mut charts = Vec::new();
    if !pictures.is_empty() {
        let chart = NimSequenceChart::of_sequence(game.name(), &summary.rule, &values, args.n_max)?;
        draw_charts(&chart, pictures, &args.plot, &mut written, &mut charts)?;
    }
    let mut out = open_output(None)?;
    match args.format {
        Format::Text => write_text(&mut out, &summary)?,
        Format::Json => super::write_json_line(&mut out, &summary)?,
    }
    out.flush()?;
    commit(written, &charts)?;
    Ok(ExitCode::SUCCESS)
}

/// The summary for people.
fn write_text(out: &mut impl Write, summary: &SequenceSummary) -> std::io::Result<()> {
    writeln!(
        out,
        "{}: Grundy values of heaps {} to {}",
        game_with_rule(summary.game, &summary.rule),
        summary.first_heap,
        summary.n_max
    )?;
    match (summary.period, summary.preperiod) {
        (Some(period), Some(preperiod)) => {
            let how = if summary.proved {
                "proved: it holds for every heap"
            } else {
                "observed over the values computed, not proved"
            };
            writeln!(
                out,
                "period:    {period} from heap {preperiod} (pre-period {preperiod}), {how}"
            )?;
        }
        _ => writeln!(out, "period:    none found")?,
    }
    writeln!(out, "largest:   {}", summary.largest)?;
    let first: Vec<String> = summary.first_zeros.iter().map(u64::to_string).collect();
    let more = if summary.zeros > summary.first_zeros.len() as u64 {
        ", ..."
    } else {
        ""
    };
    writeln!(
        out,
        "losing:    {} of value 0: {}{more}",
        counted(summary.zeros, "heap"),
        first.join(", ")
    )?;
    if let Some(checksum) = &summary.checksum {
        writeln!(
            out,
            "checksum:  {checksum} (Fletcher-32 of the values as 16-bit words, as ogsolve prints it)"
        )?;
    }
    Ok(())
}
