//! `gamelab losing-positions`: how many positions of a heap game are losing (Grundy value 0) up
//! to N — counted at every power of two and at N, with the power law c(n) ≈ a·n^b fitted to
//! the counts — as a table, with the counts as CSV, the positions as a list and a log-log chart.

use super::args::RuleArgs;
use super::plot::draw_charts;
use super::values::whole_number;
use super::{Format, commit, open_output, stage_outputs_and_plots};
use anyhow::Context;
use clap::Args;
use gamelab::base::error::SolveError;
use gamelab::cost::{Cost, Operation, Work};
use gamelab::games::{LosingSink, find_game};
use gamelab::present::plot::image_format;
use gamelab::present::plot::losing_counts::LosingCountsChart;
use gamelab::studies::grundy::{game_with_rule, sequence_of};
use gamelab::studies::losing::{LosingStudy, losing_positions, write_counts_csv};
use gamelab::util::digits::push_unsigned;
use gamelab::util::output::OutputFile;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct LosingArgs {
    /// The game: a heap game (divisor-game, stone-game-iv, nim, octal, kayles, dawsons-kayles,
    /// dawsons-chess)
    game: String,
    /// The largest position counted (1e9 and 2^30 are read too)
    #[arg(long, value_name = "N", default_value_t = 1 << 20, value_parser = whole_number, allow_negative_numbers = true)]
    n_max: u64,
    #[command(flatten)]
    rule: RuleArgs,
    /// Write the counts as CSV (`n,losing`: at every power of two and at N) to this file
    #[arg(long, value_name = "FILE.csv", value_parser = super::values::file_path)]
    out: Option<PathBuf>,
    /// Write the losing positions themselves, one per line, to this file
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path)]
    list: Option<PathBuf>,
    /// Draw the counts on log-log axes with the fitted power law: FILE.svg or FILE.png (give it
    /// again to draw both)
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path, action = clap::ArgAction::Append)]
    plot: Vec<PathBuf>,
    /// Output format of the summary
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(args: LosingArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?;
    for path in &args.plot {
        image_format(path)?;
    }
    let input = args.rule.input();
    if args.list.is_some() {
        let bound = sequence_of(game)?.losing_bound(&input, args.n_max)?;
        Cost::work(Work::of(Operation::WriteRow, u128::from(bound))).check(
            format_args!("writing up to {bound} losing positions"),
            "list a smaller --n-max",
        )?;
    }
    let ([csv, list], [pictures]) = stage_outputs_and_plots(
        [
            ("--out", args.out.as_deref()),
            ("--list", args.list.as_deref()),
        ],
        [("--plot", &args.plot)],
        &[],
    )?;
    let mut list_file = list.map(OutputFile::on).transpose()?;
    let mut write_list = list_file.as_mut().map(|file| {
        let mut line = Vec::with_capacity(24);
        move |chunk: &[u64]| {
            for &position in chunk {
                line.clear();
                push_unsigned(&mut line, position);
                line.push(b'\n');
                file.write_all(&line).map_err(list_error)?;
            }
            Ok(())
        }
    });
    let study = losing_positions(
        game,
        &input,
        args.n_max,
        write_list.as_mut().map(|write| write as LosingSink<'_>),
    )?;
    let mut written = Vec::new();
    if let Some(file) = list_file {
        written.push(file.written()?);
    }
    if let (Some(staged), Some(path)) = (csv, &args.out) {
        let mut file = OutputFile::on(staged)?;
        write_counts_csv(&study.counts, &mut file)
            .with_context(|| format!("writing {}", path.display()))?;
        written.push(file.written()?);
    }
    let mut charts = Vec::new();
    if !pictures.is_empty() {
        let chart = LosingCountsChart::of_study(&study)?;
        draw_charts(&chart, pictures, &args.plot, &mut written, &mut charts)?;
    }
    let mut out = open_output(None)?;
    match args.format {
        Format::Text => write_text(&mut out, &study)?,
        Format::Json => super::write_json_line(&mut out, &study)?,
    }
    out.flush()?;
    commit(written, &charts)?;
    Ok(ExitCode::SUCCESS)
}

/// A failed write of `--list` as an error that stops the stream: the output file's own error
/// already names the file.
fn list_error(error: std::io::Error) -> SolveError {
    SolveError::Output(error.to_string())
}

/// The summary for people: the total, the first positions, the counts and the fitted law.
fn write_text(out: &mut impl Write, study: &LosingStudy) -> std::io::Result<()> {
    let first: Vec<String> = study.first.iter().map(u64::to_string).collect();
    let more = if study.losing > study.first.len() as u64 {
        ", ..."
    } else {
        ""
    };
    writeln!(
        out,
        "{}: losing positions up to {}",
        game_with_rule(study.game, &study.rule),
        study.n_max
    )?;
    writeln!(
        out,
        "losing:    {} ({}{more})",
        study.losing,
        first.join(", ")
    )?;
    match &study.law {
        Some(law) => writeln!(
            out,
            "fit:       {law} (least squares on the counts at the powers of two)"
        )?,
        None => writeln!(out, "fit:       too few counts to fit a power law")?,
    }
    writeln!(out, "{:>20}  {:>14}", "n", "losing in 0..=n")?;
    for row in &study.counts {
        writeln!(out, "{:>20}  {:>14}", row.n, row.losing)?;
    }
    Ok(())
}
