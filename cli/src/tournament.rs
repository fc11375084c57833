//! `gamelab tournament`: every strategy against every other on the same seeded instances; the
//! matrix as text, CSV or JSON, and optionally as a heatmap.

use super::args::MatchArgs;
use super::plot::draw_charts;
use super::{commit, open_output, stage_outputs_and_plots};
use clap::Args;
use gamelab::games::find_game;
use gamelab::present::plot::heatmap::{Grid, HeatmapChart};
use gamelab::present::plot::image_format;
use gamelab::strategy::StrategySpec;
use gamelab::studies::ratings::{Rating, Ratings};
use gamelab::studies::tournament::{Tournament, tournament, write_tournament_csv};
use gamelab::util::output::OutputFile;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct TournamentArgs {
    /// The game (see `gamelab games`)
    game: String,
    /// Strategies, comma-separated (e.g. optimal,greedy,parity,lookahead-2,random): optimal,
    /// greedy, random, lookahead-K, mcts-K, noisy-P or a game's own (parity), as `play` takes
    #[arg(long, value_name = "LIST", value_delimiter = ',', required = true)]
    strategies: Vec<StrategySpec>,
    #[command(flatten)]
    matches: MatchArgs,
    /// What to print on standard output
    #[arg(long, value_enum, default_value_t = TournamentFormat::Text)]
    format: TournamentFormat,
    /// Also write one CSV row per pairing to this file
    #[arg(long, value_name = "FILE.csv", value_parser = super::values::file_path)]
    out: Option<PathBuf>,
    /// Also draw the mean-margin matrix as a heatmap: FILE.svg or FILE.png (give it again to
    /// draw both)
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path, action = clap::ArgAction::Append)]
    plot: Vec<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum TournamentFormat {
    /// Matrices of mean margin and win rate, and the price of each heuristic
    Text,
    /// One row per pairing
    Csv,
    /// The tournament as one JSON object
    Json,
}

pub fn run(args: TournamentArgs) -> anyhow::Result<ExitCode> {
    let game = find_game(&args.game)?;
    for path in &args.plot {
        image_format(path)?;
    }
    let (generator, settings) = args.matches.instances(game)?;
    let ([csv], [pictures]) = stage_outputs_and_plots(
        [("--out", args.out.as_deref())],
        [("--plot", &args.plot)],
        &[],
    )?;
    let matches = &args.matches;
    let result = tournament(
        game,
        &args.strategies,
        &generator,
        matches.trials,
        matches.random.seed,
    )?;
    let mut written = Vec::new();
    if let Some(staged) = csv {
        let mut file = OutputFile::on(staged)?;
        write_tournament_csv(&result, &mut file)?;
        written.push(file.written()?);
    }
    let mut charts = Vec::new();
    if !pictures.is_empty() {
        let chart = HeatmapChart::new(Grid::from_tournament(&result, &settings))?;
        draw_charts(&chart, pictures, &args.plot, &mut written, &mut charts)?;
    }
    let mut out = open_output(None)?;
    match args.format {
        TournamentFormat::Text => out.write_all(render(&result, &settings).as_bytes())?,
        TournamentFormat::Csv => write_tournament_csv(&result, &mut out)?,
        TournamentFormat::Json => super::write_json_line(&mut out, &result)?,
    }
    out.flush()?;
    commit(written, &charts)?;
    Ok(ExitCode::SUCCESS)
}

/// The tournament for people: both matrices, the price of each strategy (when optimal play took
/// part), the ratings and the notes.
fn render(result: &Tournament, settings: &str) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "{} tournament, {settings}", result.game);
    let width = result
        .strategies
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(6)
        .max(8);
    matrix(
        &mut text,
        result,
        width,
        "mean margin of the first player (first minus second):",
        |r, c| format!("{:+.2}", result.pairing(r, c).mean_margin),
    );
    matrix(
        &mut text,
        result,
        width,
        "first player's win rate:",
        |r, c| format!("{:.3}", result.pairing(r, c).first_win_rate),
    );
    prices(&mut text, result, width);
    ratings(&mut text, &result.ratings, width);
    notes(&mut text, result);
    text
}

/// One matrix under `title`: a row per first player, a column per second, `cell` in each.
fn matrix(
    text: &mut String,
    result: &Tournament,
    width: usize,
    title: &str,
    cell: impl Fn(usize, usize) -> String,
) {
    const CORNER: &str = "first \\ second";
    // The row labels' column holds the corner's label too.
    let label_width = width.max(CORNER.len());
    let _ = writeln!(text, "\n{title}");
    let _ = write!(text, "{CORNER:<label_width$}");
    for name in &result.strategies {
        let _ = write!(text, "  {name:>width$}");
    }
    let _ = writeln!(text);
    for (row, name) in result.strategies.iter().enumerate() {
        let _ = write!(text, "{name:<label_width$}");
        for column in 0..result.strategies.len() {
            let _ = write!(text, "  {:>width$}", cell(row, column));
        }
        let _ = writeln!(text);
    }
}

/// What each strategy costs the first player against an optimal second player, when optimal
/// play is one of the strategies.
fn prices(text: &mut String, result: &Tournament, width: usize) {
    let Some(optimal) = result.strategies.iter().position(|name| name == "optimal") else {
        return;
    };
    let _ = writeln!(
        text,
        "\nprice of each strategy: the first player's mean shortfall against an optimal second player"
    );
    for (row, name) in result.strategies.iter().enumerate() {
        let _ = writeln!(
            text,
            "  {name:<width$}  {:+.3} points",
            result.pairing(row, optimal).mean_shortfall
        );
    }
}

/// The ratings, strongest first, then the first move's own.
fn ratings(text: &mut String, ratings: &Ratings, width: usize) {
    let _ = writeln!(
        text,
        "\nratings (Bradley-Terry by maximum likelihood, Elo points, mean 0; ties count half; 95% intervals from {} bootstrap resamples, seed {}):",
        ratings.replicates, ratings.seed
    );
    let mut order: Vec<&Rating> = ratings.ratings.iter().collect();
    order.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    // The first-move row's name ("moving first") is usually the longest.
    let name_width = width.max(ratings.first_move.strategy.len());
    for rating in order.into_iter().chain([&ratings.first_move]) {
        let _ = writeln!(
            text,
            "  {:<name_width$}  {:>+8.1}  ({:+.1} to {:+.1})",
            rating.strategy, rating.elo, rating.low, rating.high
        );
    }
}

/// The pairings' notes, each once.
fn notes(text: &mut String, result: &Tournament) {
    let mut distinct: Vec<&str> = result
        .matches
        .iter()
        .map(|stats| stats.notes.as_str())
        .filter(|notes| !notes.is_empty())
        .flat_map(|notes| notes.split("; "))
        .collect();
    if distinct.is_empty() {
        return;
    }
    distinct.sort_unstable();
    distinct.dedup();
    let _ = writeln!(text, "\nnotes:");
    for note in distinct {
        let _ = writeln!(text, "  {note}");
    }
}
