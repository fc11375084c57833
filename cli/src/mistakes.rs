//! `gamelab mistakes` and `gamelab strategy-curve`: where a strategy gives value away, by ply
//! and by n, and how a search-based strategy improves with its budget (library:
//! `gamelab::studies::mistakes`).

use super::args::MatchArgs;
use super::plot::draw_charts;
use super::values::choice;
use super::{commit, open_output, stage_outputs_and_plots};
use clap::Args;
use gamelab::games::find_game;
use gamelab::present::plot::mistakes::{MistakesChart, StrategyCurveChart};
use gamelab::present::plot::{Chart, image_format};
use gamelab::strategy::StrategySpec;
use gamelab::studies::generate::Generator;
use gamelab::studies::mistakes::{
    MistakeRow, MistakeSpec, Seat, mistake_rows, strategy_curve, study_mistakes, write_rows_csv,
};
use gamelab::studies::tournament::check_listed_once;
use gamelab::util::choice::Choice;
use gamelab::util::output::{OutputFile, Staged};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// The options both commands share: opponent, seat, instances, seed, outputs.
#[derive(Args)]
pub struct StudyArgs {
    /// The opponent's strategy: optimal, greedy, random, lookahead-K, mcts-K, noisy-P or a
    /// game's own (parity), as `play` takes
    #[arg(long, value_name = "STRATEGY", default_value = "optimal")]
    against: StrategySpec,
    /// The studied strategy's side
    #[arg(long, value_parser = choice::<Seat>(), default_value = "first")]
    seat: Seat,
    #[command(flatten)]
    matches: MatchArgs,
    /// Write the rows as CSV to this file
    #[arg(long, value_name = "FILE.csv", value_parser = super::values::file_path)]
    out: Option<PathBuf>,
    /// Also draw the chart: FILE.svg or FILE.png (give it again to draw both)
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path, action = clap::ArgAction::Append)]
    plot: Vec<PathBuf>,
}

#[derive(Args)]
pub struct MistakesArgs {
    /// The game (see `gamelab games`)
    game: String,
    /// The strategies to study, comma-separated (each in its own games): optimal, greedy,
    /// random, lookahead-K, mcts-K, noisy-P or a game's own (parity), as `play` takes
    #[arg(long, value_name = "LIST", value_delimiter = ',', required = true)]
    strategy: Vec<StrategySpec>,
    #[command(flatten)]
    study: StudyArgs,
}

#[derive(Args)]
pub struct CurveArgs {
    /// The game (see `gamelab games`)
    game: String,
    /// The strategy family: mcts (budget: simulations), noisy (probability), lookahead (depth)
    #[arg(long, value_name = "FAMILY")]
    strategy: String,
    /// The budgets, comma-separated (e.g. 10,100,1000,10000)
    #[arg(long, value_name = "LIST", value_delimiter = ',', required = true)]
    budgets: Vec<String>,
    #[command(flatten)]
    study: StudyArgs,
}

/// The study's settings, generator and instance description.
fn prepare(
    game: &str,
    study: &StudyArgs,
) -> anyhow::Result<(&'static dyn gamelab::games::GameEntry, Generator, String)> {
    let entry = find_game(game)?;
    for path in &study.plot {
        image_format(path)?;
    }
    let (generator, settings) = study.matches.instances(entry)?;
    Ok((entry, generator, settings))
}

fn mistake_spec(strategy: StrategySpec, study: &StudyArgs) -> MistakeSpec {
    MistakeSpec {
        strategy,
        against: study.against.clone(),
        seat: study.seat,
        trials: study.matches.trials,
        seed: study.matches.random.seed,
    }
}

/// The study's outputs (`--out`, each `--plot`), reserved before it runs.
struct Outputs {
    csv: Option<Staged>,
    pictures: Vec<Staged>,
}

impl Outputs {
    fn stage(study: &StudyArgs) -> anyhow::Result<Outputs> {
        let ([csv], [pictures]) = stage_outputs_and_plots(
            [("--out", study.out.as_deref())],
            [("--plot", &study.plot)],
            &[],
        )?;
        Ok(Outputs { csv, pictures })
    }

    /// Writes the rows and, if `--plot` names files (`plots`), the chart `chart` makes into
    /// each, and puts them all in place together.
    fn write<T: serde::Serialize, C: Chart>(
        self,
        rows: &[T],
        plots: &[PathBuf],
        chart: impl FnOnce() -> anyhow::Result<C>,
    ) -> anyhow::Result<()> {
        let mut written = Vec::new();
        if let Some(staged) = self.csv {
            let mut file = OutputFile::on(staged)?;
            write_rows_csv(rows, &mut file)?;
            written.push(file.written()?);
        }
        let mut charts = Vec::new();
        if !self.pictures.is_empty() {
            draw_charts(&chart()?, self.pictures, plots, &mut written, &mut charts)?;
        }
        commit(written, &charts)
    }
}

pub fn run(args: MistakesArgs) -> anyhow::Result<ExitCode> {
    let (entry, generator, settings) = prepare(&args.game, &args.study)?;
    check_listed_once(&args.strategy, "the strategies studied")?;
    let outputs = Outputs::stage(&args.study)?;
    let mut rows: Vec<MistakeRow> = Vec::new();
    for strategy in &args.strategy {
        let spec = mistake_spec(strategy.clone(), &args.study);
        let study = study_mistakes(entry, &generator, &spec)?;
        rows.extend(mistake_rows(entry, &spec, &study));
    }
    outputs.write(&rows, &args.study.plot, || {
        Ok(MistakesChart::new(&rows, &settings)?)
    })?;
    let mut out = open_output(None)?;
    writeln!(
        out,
        "{}: mistakes against {} (seat: {}), {settings}",
        entry.name(),
        args.study.against,
        args.study.seat.name()
    )?;
    let header = [
        "strategy",
        "ply",
        "moves",
        "mistake rate (95%)",
        "losing",
        "mean loss (95%)",
        "per mistake",
    ];
    let shown: Vec<&MistakeRow> = rows.iter().filter(|row| row.n == "all").collect();
    let lines: Vec<Vec<String>> = shown
        .iter()
        .map(|row| {
            vec![
                row.strategy.clone(),
                row.ply.clone(),
                row.moves.to_string(),
                over(row.moves, || {
                    interval(row.mistake_rate, row.mistake_low, row.mistake_high)
                }),
                row.losing_moves.to_string(),
                over(row.moves, || {
                    interval(row.mean_loss, row.mean_loss_low, row.mean_loss_high)
                }),
                over(row.mistakes, || format!("{:.3}", row.loss_per_mistake)),
            ]
        })
        .collect();
    write_table(&mut out, &header, &lines)?;
    note_no_moves(&mut out, &shown, |row| row.moves, &args.study)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

pub fn run_curve(args: CurveArgs) -> anyhow::Result<ExitCode> {
    let (entry, generator, settings) = prepare(&args.game, &args.study)?;
    let outputs = Outputs::stage(&args.study)?;
    let spec = mistake_spec(StrategySpec::Optimal, &args.study);
    let rows = strategy_curve(entry, &generator, &args.strategy, &args.budgets, &spec)?;
    outputs.write(&rows, &args.study.plot, || {
        Ok(StrategyCurveChart::new(&rows, &args.strategy, &settings)?)
    })?;
    let mut out = open_output(None)?;
    writeln!(
        out,
        "{}: {} against {} (seat: {}) by budget, {settings}",
        entry.name(),
        args.strategy,
        args.study.against,
        args.study.seat.name()
    )?;
    let header = [
        "strategy",
        "moves",
        "agreement (95%)",
        "mean regret/move (95%)",
        "per game",
    ];
    let lines: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            vec![
                row.strategy.clone(),
                row.moves.to_string(),
                over(row.moves, || {
                    interval(row.agreement, row.agreement_low, row.agreement_high)
                }),
                over(row.moves, || {
                    interval(row.mean_regret, row.mean_regret_low, row.mean_regret_high)
                }),
                format!("{:.3}", row.regret_per_game),
            ]
        })
        .collect();
    write_table(&mut out, &header, &lines)?;
    note_no_moves(&mut out, &rows, |row| row.moves, &args.study)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `0.144 (0.116-0.177)`: an estimate with its 95% interval.
fn interval(value: f64, low: f64, high: f64) -> String {
    format!("{value:.3} ({low:.3}-{high:.3})")
}

/// An estimate over `count` moves (or mistakes), `-` over none: a rate of 0.000 would read as
/// a finding where there is no information at all.
fn over(count: u64, estimate: impl FnOnce() -> String) -> String {
    if count == 0 {
        "-".to_string()
    } else {
        estimate()
    }
}

/// Says why a row has no estimate when the seat studied never moved (a game over before its
/// first turn, such as one pile with the second seat).
fn note_no_moves<R>(
    out: &mut impl Write,
    rows: &[R],
    moves: impl Fn(&R) -> u64,
    study: &StudyArgs,
) -> std::io::Result<()> {
    if rows.iter().any(|row| moves(row) == 0) {
        writeln!(
            out,
            "-: no estimate, the {} seat made no move in these instances",
            study.seat.name()
        )?;
    }
    Ok(())
}

/// Writes a table whose columns are as wide as their widest cell, two spaces apart: the first
/// column aligned left, the others right, so that no two columns ever run together.
fn write_table(
    out: &mut impl Write,
    header: &[&str],
    lines: &[Vec<String>],
) -> std::io::Result<()> {
    let mut widths: Vec<usize> = header.iter().map(|name| name.chars().count()).collect();
    for line in lines {
        for (width, cell) in widths.iter_mut().zip(line) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let header: Vec<String> = header.iter().map(|name| name.to_string()).collect();
    for line in std::iter::once(&header).chain(lines) {
        let cells: Vec<String> = line
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(column, (cell, &width))| {
                if column == 0 {
                    format!("{cell:<width$}")
                } else {
                    format!("{cell:>width$}")
                }
            })
            .collect();
        writeln!(out, "{}", cells.join("  ").trim_end())?;
    }
    Ok(())
}
