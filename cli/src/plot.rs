//! `gamelab plot KIND`: draw any chart to SVG or PNG (by the file extension), from a sweep CSV
//! (so charts redraw without recomputing) or from an instance.

use super::args::{DrawArgs, SeedArg};
use super::values::{PileList, pile_list, whole_number};
use anyhow::Context;
use clap::{Args, Subcommand};
use gamelab::base::input::InstanceInput;
use gamelab::games::divisor_game::dp::{TABLE_LIMIT as DIVISOR_TABLE_LIMIT, win_table};
use gamelab::games::find_game;
use gamelab::present::plot::heatmap::{HEATMAP_SIDE_LIMIT, HeatmapChart};
use gamelab::present::plot::margins::MarginChart;
use gamelab::present::plot::outcome_shares::OutcomeSharesChart;
use gamelab::present::plot::score_share::ScoreShareChart;
use gamelab::present::plot::win_rate::WinRateChart;
use gamelab::present::plot::winner_strip::WinnerStripChart;
use gamelab::present::plot::{Chart, PlotError, draw_staged, image_format};
use gamelab::studies::generate::SizeRange;
use gamelab::studies::sweep::{SweepRow, margin_distribution_applies, margins_at, read_whole};
use gamelab::util::output::Staged;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct PlotArgs {
    #[command(subcommand)]
    kind: PlotKind,
}

#[derive(Subcommand)]
enum PlotKind {
    /// First-player win rate against n, odd and even n apart, with 95% intervals and ties
    WinRate(FromCsv),
    /// Outcome shares (first wins, ties, second wins) against n as stacked bars
    #[command(alias = "shares")]
    OutcomeShares(FromCsv),
    /// The first player's share of the total against n, beside the game's known guarantee
    #[command(alias = "share")]
    ScoreShare(FromCsv),
    /// Histogram of the margin (first minus second) over random instances of one size (pile
    /// games; a number game has one instance per N: see winner-strip)
    Margins(MarginsArgs),
    /// Heatmap of one instance's DP table (stone-game, stone-game-ii, stone-game-vii)
    Heatmap(HeatmapArgs),
    /// divisor-game: who wins for every N in a range (computed with the DP)
    Divisor(DivisorArgs),
    /// Who wins for every N, from the sweep CSV of any number game (stone-game-iv, nim, ...)
    #[command(alias = "outcomes")]
    WinnerStrip(FromCsv),
}

#[derive(Args)]
struct FromCsv {
    /// A CSV written by `gamelab sweep --out` or `--format csv` ('-' for standard input)
    #[arg(long, value_name = "FILE.csv")]
    input: String,
    /// The picture: FILE.svg or FILE.png
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path)]
    out: PathBuf,
}

#[derive(Args)]
struct MarginsArgs {
    /// The game (see `gamelab games`)
    game: String,
    /// The number of piles
    #[arg(long, value_name = "N", value_parser = whole_number, allow_negative_numbers = true)]
    n: u64,
    /// How many random instances
    #[arg(long, default_value_t = 10_000, value_parser = whole_number, allow_negative_numbers = true)]
    trials: u64,
    #[command(flatten)]
    draws: DrawArgs,
    #[command(flatten)]
    random: SeedArg,
    /// The picture: FILE.svg or FILE.png
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path)]
    out: PathBuf,
}

#[derive(Args)]
struct HeatmapArgs {
    /// The game: stone-game, stone-game-ii or stone-game-vii (the games whose DP table is
    /// two-dimensional)
    game: String,
    /// Pile values, comma-separated (e.g. 3,9,1,2; negatives allowed)
    #[arg(long, value_name = "LIST", allow_hyphen_values = true, value_parser = pile_list)]
    piles: PileList,
    /// The picture: FILE.svg or FILE.png
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path)]
    out: PathBuf,
}

/// The games whose DP table is two-dimensional, which `plot heatmap` draws.
const HEATMAP_GAMES: [&str; 3] = ["stone-game", "stone-game-ii", "stone-game-vii"];

/// The largest N range the divisor chart draws (one cell per N).
const DIVISOR_CHART_LIMIT: u64 = 10_000;

#[derive(Args)]
struct DivisorArgs {
    /// Smallest N
    #[arg(long, default_value_t = 1, value_parser = whole_number, allow_negative_numbers = true)]
    n_min: u64,
    /// Largest N
    #[arg(long, default_value_t = 200, value_parser = whole_number, allow_negative_numbers = true)]
    n_max: u64,
    /// Draw from a divisor-game sweep CSV instead of solving
    #[arg(long, value_name = "FILE.csv", conflicts_with_all = ["n_min", "n_max"])]
    input: Option<String>,
    /// The picture: FILE.svg or FILE.png
    #[arg(long, value_name = "FILE", value_parser = super::values::file_path)]
    out: PathBuf,
}

pub fn run(args: PlotArgs) -> anyhow::Result<ExitCode> {
    match args.kind {
        PlotKind::WinRate(args) => {
            let picture = Picture::reserve(&args.out, Some(&args.input))?;
            picture.draw(&WinRateChart::new(read_rows(&args.input)?)?)?;
        }
        PlotKind::OutcomeShares(args) => {
            let picture = Picture::reserve(&args.out, Some(&args.input))?;
            picture.draw(&OutcomeSharesChart::new(read_rows(&args.input)?)?)?;
        }
        PlotKind::ScoreShare(args) => {
            let picture = Picture::reserve(&args.out, Some(&args.input))?;
            let rows = read_rows(&args.input)?;
            let bound = match rows.first() {
                Some(row) => find_game(&row.game)?.share_bound(),
                None => None,
            };
            picture.draw(&ScoreShareChart::new(rows, bound)?)?;
        }
        PlotKind::Margins(args) => margins(args)?,
        PlotKind::Heatmap(args) => {
            let picture = Picture::reserve(&args.out, None)?;
            let game = find_game(&args.game)?;
            if !HEATMAP_GAMES.contains(&game.name()) {
                anyhow::bail!(
                    "{} has no two-dimensional DP table to draw (heatmaps: {})",
                    game.name(),
                    HEATMAP_GAMES.join(", ")
                );
            }
            let instance = game.build(&InstanceInput::piles(args.piles.0.clone()))?;
            // The table is n x n (stone-game, stone-game-vii) or n x ceil(n/2) (stone-game-ii):
            // refuse a chart that cannot show it before computing it.
            let piles = args.piles.0.len();
            if piles > HEATMAP_SIDE_LIMIT {
                anyhow::bail!(
                    "a heatmap shows at most {HEATMAP_SIDE_LIMIT} rows and columns, and {piles} \
                     piles make a table of {piles} rows: use at most {HEATMAP_SIDE_LIMIT} piles"
                );
            }
            let table = instance.dp_table().with_context(|| {
                format!(
                    "{} has no two-dimensional DP table to draw (heatmaps: {})",
                    game.name(),
                    HEATMAP_GAMES.join(", ")
                )
            })?;
            picture.draw(&HeatmapChart::new(table)?)?;
        }
        PlotKind::Divisor(args) => divisor(args)?,
        PlotKind::WinnerStrip(args) => {
            let picture = Picture::reserve(&args.out, Some(&args.input))?;
            let rows = read_rows(&args.input)?;
            let game = rows.first().map_or(String::new(), |row| row.game.clone());
            if let Some(row) = rows.first()
                && find_game(&row.game)?.takes_piles()
            {
                anyhow::bail!(
                    "{}: plot winner-strip draws number games (one instance per N), but the \
                     rows are for {}, a pile game: use plot win-rate or plot outcome-shares",
                    args.input,
                    row.game
                );
            }
            let outcomes = rows.iter().map(|row| (row.n, row.first_wins > 0)).collect();
            picture.draw(&WinnerStripChart::new(&game, outcomes)?)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The picture a `plot` command draws: its format checked and its file reserved before any
/// input is read or computed, refused when it names the input itself.
struct Picture {
    staged: Staged,
    path: PathBuf,
}

impl Picture {
    fn reserve(path: &Path, input: Option<&str>) -> anyhow::Result<Picture> {
        image_format(path)?;
        let inputs: Vec<&Path> = input
            .filter(|input| *input != "-")
            .map(Path::new)
            .into_iter()
            .collect();
        let [staged] = super::stage_outputs([("--out", Some(path))], &inputs)?;
        let staged = staged.context("the picture was staged")?;
        Ok(Picture {
            staged,
            path: path.to_path_buf(),
        })
    }

    /// Draws `chart` and puts the file in place.
    fn draw(self, chart: &impl Chart) -> anyhow::Result<()> {
        draw_chart(chart, &self.staged, &self.path)?;
        super::commit(vec![self.staged], &[self.path.as_path()])
    }
}

/// Draws `chart` into a file reserved before (`path` as the user named it, for the format and
/// the messages); the caller puts it in place with the command's other files.
pub fn draw_chart(chart: &impl Chart, staged: &Staged, path: &Path) -> anyhow::Result<()> {
    let format = image_format(path)?;
    draw_staged(chart, staged, format).map_err(|error| match error {
        // Already names the file.
        PlotError::File(_) => anyhow::Error::from(error),
        other => anyhow::Error::from(other).context(format!("cannot draw '{}'", path.display())),
    })
}

/// Draws `chart` into each file reserved for a `--plot` flag (`paths` as the user named them, in
/// the order given), and adds them to the command's files to put in place and charts to announce.
pub fn draw_charts<'a>(
    chart: &impl Chart,
    staged: Vec<Staged>,
    paths: &'a [PathBuf],
    written: &mut Vec<Staged>,
    charts: &mut Vec<&'a Path>,
) -> anyhow::Result<()> {
    for (staged, path) in staged.into_iter().zip(paths) {
        draw_chart(chart, &staged, path)?;
        written.push(staged);
        charts.push(path);
    }
    Ok(())
}

fn read_rows(input: &str) -> anyhow::Result<Vec<SweepRow>> {
    super::check_tables(&[Path::new(input)])?;
    Ok(read_whole(
        super::open_input(input)?,
        super::input_name(input),
    )?)
}

fn margins(args: MarginsArgs) -> anyhow::Result<()> {
    let picture = Picture::reserve(&args.out, None)?;
    let game = find_game(&args.game)?;
    margin_distribution_applies(game)?;
    let spec = args
        .draws
        .spec(game, SizeRange::new(args.n, args.n), args.random.seed);
    if args.trials == 0 {
        anyhow::bail!("--trials must be at least 1, got 0");
    }
    let margins = margins_at(game, spec.clone(), args.trials)?;
    let settings = match &spec.values {
        Some(values) => format!("{}, seed {}", values.describe(), spec.seed),
        None => format!("seed {}", spec.seed),
    };
    picture.draw(&MarginChart::new(game.name(), args.n, &settings, margins)?)
}

fn divisor(args: DivisorArgs) -> anyhow::Result<()> {
    let picture = Picture::reserve(&args.out, args.input.as_deref())?;
    let outcomes: Vec<(u64, bool)> = match &args.input {
        Some(input) => {
            let rows = read_rows(input)?;
            if let Some(row) = rows.iter().find(|row| row.game != "divisor-game") {
                anyhow::bail!("{input}: the rows are for {}, not divisor-game", row.game);
            }
            rows.iter().map(|row| (row.n, row.first_wins > 0)).collect()
        }
        None => {
            if args.n_min < 1 || args.n_min > args.n_max {
                anyhow::bail!(
                    "need 1 <= --n-min <= --n-max, got --n-min {} --n-max {}",
                    args.n_min,
                    args.n_max
                );
            }
            if args.n_max - args.n_min >= DIVISOR_CHART_LIMIT {
                anyhow::bail!(
                    "the chart draws at most {DIVISOR_CHART_LIMIT} values of N (one cell each); \
                     narrow --n-min/--n-max"
                );
            }
            if args.n_max > DIVISOR_TABLE_LIMIT {
                anyhow::bail!(
                    "--n-max {} is above {DIVISOR_TABLE_LIMIT}, the largest N the divisor-game \
                     table goes up to (5 bytes per N); chart a sweep CSV (--input) instead",
                    args.n_max
                );
            }
            let wins = win_table(args.n_max as usize);
            (args.n_min..=args.n_max)
                .map(|n| (n, wins[n as usize]))
                .collect()
        }
    };
    picture.draw(&WinnerStripChart::new("divisor-game", outcomes)?)
}
