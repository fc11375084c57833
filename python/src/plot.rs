//! `gamelab.plot.*`: the CLI's charts (`gamelab plot KIND`, `sweep --plot`), drawn by the
//! library to SVG or PNG by the file's extension, from a sweep table or an instance.

use crate::errors::input_error;
use crate::options::{Options, game};
use gamelab::games::divisor_game::dp::win_table;
use gamelab::present::plot::heatmap::HeatmapChart;
use gamelab::present::plot::margins::MarginChart;
use gamelab::present::plot::outcome_shares::OutcomeSharesChart;
use gamelab::present::plot::score_share::ScoreShareChart;
use gamelab::present::plot::win_rate::WinRateChart;
use gamelab::present::plot::winner_strip::WinnerStripChart;
use gamelab::present::plot::{Chart, PlotError, image_format, save};
use gamelab::studies::generate::{GeneratorSpec, SizeRange};
use gamelab::studies::sweep::{SweepRow, margin_distribution_applies, margins_at, read_csv};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::{Path, PathBuf};

/// The largest N range the divisor chart draws (one cell per N), as the CLI.
const DIVISOR_CHART_LIMIT: u64 = 10_000;

/// A bad request is an `InputError`; a picture that could not be written is an `OSError`.
fn plot_error(path: &Path, error: PlotError) -> PyErr {
    match error {
        PlotError::Draw(_) => {
            PyOSError::new_err(format!("cannot draw '{}': {error}", path.display()))
        }
        other => input_error(other),
    }
}

fn write_chart(py: Python<'_>, chart: &(impl Chart + Sync), path: &Path) -> PyResult<()> {
    py.detach(|| save(chart, path))
        .map_err(|error| plot_error(path, error))
}

fn check_path(path: &Path) -> PyResult<()> {
    image_format(path)
        .map(|_| ())
        .map_err(|error| plot_error(path, error))
}

/// A chart drawn from a sweep table (CSV text from a DataFrame): `win-rate`,
/// `outcome-shares`, `score-share` or `winner-strip`.
#[pyfunction]
pub fn plot_table(py: Python<'_>, kind: &str, table: &str, path: PathBuf) -> PyResult<()> {
    check_path(&path)?;
    let rows: Vec<SweepRow> = read_csv(table.as_bytes(), "the frame").map_err(input_error)?;
    let failed = |error| plot_error(&path, error);
    match kind {
        "win-rate" => write_chart(py, &WinRateChart::new(rows).map_err(failed)?, &path),
        "outcome-shares" => write_chart(py, &OutcomeSharesChart::new(rows).map_err(failed)?, &path),
        "score-share" => {
            let bound = match rows.first() {
                Some(row) => game(&row.game)?.share_bound(),
                None => None,
            };
            write_chart(
                py,
                &ScoreShareChart::new(rows, bound).map_err(failed)?,
                &path,
            )
        }
        "winner-strip" => {
            let name = rows.first().map_or(String::new(), |row| row.game.clone());
            if let Some(row) = rows.first()
                && game(&row.game)?.takes_piles()
            {
                return Err(input_error(format!(
                    "winner_strip draws number games (one instance per N), but the rows are \
                     for {}, a pile game: use win_rate or outcome_shares",
                    row.game
                )));
            }
            let outcomes = rows.iter().map(|row| (row.n, row.first_wins > 0)).collect();
            write_chart(
                py,
                &WinnerStripChart::new(&name, outcomes).map_err(failed)?,
                &path,
            )
        }
        other => Err(input_error(format!("unknown chart '{other}'"))),
    }
}

/// The histogram of the margin over `trials` random instances of size `n`.
#[pyfunction]
pub fn plot_margins(name: &str, options: Bound<'_, PyDict>, path: PathBuf) -> PyResult<()> {
    check_path(&path)?;
    let (entry, options) = Options::for_game(name, options)?;
    margin_distribution_applies(entry).map_err(input_error)?;
    let py = options.py();
    let n = options
        .u64("n")?
        .ok_or_else(|| input_error("margins needs n, the number of piles"))?;
    let trials = options.u64("trials")?.unwrap_or(10_000);
    if trials == 0 {
        return Err(input_error("trials must be at least 1, got 0"));
    }
    let spec = GeneratorSpec {
        sizes: SizeRange::new(n, n),
        values: options.values(entry)?,
        seed: options.seed()?,
        extras: options.extras()?,
    };
    let margins = py
        .detach(|| margins_at(entry, spec.clone(), trials))
        .map_err(input_error)?;
    let settings = match &spec.values {
        Some(values) => format!("{}, seed {}", values.describe(), spec.seed),
        None => format!("seed {}", spec.seed),
    };
    let chart =
        MarginChart::new(entry.name(), n, &settings, margins).map_err(|e| plot_error(&path, e))?;
    write_chart(py, &chart, &path)
}

/// The heatmap of one instance's DP table (stone-game, stone-game-ii).
#[pyfunction]
pub fn plot_heatmap(name: &str, options: Bound<'_, PyDict>, path: PathBuf) -> PyResult<()> {
    check_path(&path)?;
    let (entry, options) = Options::for_game(name, options)?;
    let instance = entry.build(&options.instance()?).map_err(input_error)?;
    let table = instance.dp_table().ok_or_else(|| {
        input_error(format!(
            "{} has no two-dimensional DP table to draw (heatmaps: stone-game, stone-game-ii)",
            entry.name()
        ))
    })?;
    let chart = HeatmapChart::new(table).map_err(|e| plot_error(&path, e))?;
    write_chart(options.py(), &chart, &path)
}

/// divisor-game: who wins for every N in `n_min..=n_max`, solved by the DP.
#[pyfunction]
pub fn plot_divisor(py: Python<'_>, n_min: u64, n_max: u64, path: PathBuf) -> PyResult<()> {
    check_path(&path)?;
    if n_min < 1 || n_min > n_max {
        return Err(input_error(format!(
            "need 1 <= n_min <= n_max, got n_min {n_min} n_max {n_max}"
        )));
    }
    if n_max - n_min >= DIVISOR_CHART_LIMIT {
        return Err(input_error(format!(
            "the chart draws at most {DIVISOR_CHART_LIMIT} values of N (one cell each); narrow \
             n_min/n_max"
        )));
    }
    let wins = win_table(n_max as usize);
    let outcomes = (n_min..=n_max).map(|n| (n, wins[n as usize])).collect();
    let chart =
        WinnerStripChart::new("divisor-game", outcomes).map_err(|e| plot_error(&path, e))?;
    write_chart(py, &chart, &path)
}
