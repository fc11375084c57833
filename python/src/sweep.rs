//! `sweep` and `merge`: the CLI's sweep table, produced and written by the library's own CSV
//! writer (the Python layer reads it into a pandas DataFrame), and frames written back through
//! the same writer, so a frame saved from Python is byte-identical to the CLI's CSV.

use crate::errors::input_error;
use crate::options::Options;
use crate::stoppable::run_stoppable;
use gamelab::cost::{Cost, count};
use gamelab::games::GameEntry;
use gamelab::studies::generate::Generator;
use gamelab::studies::sweep::{
    Shard, SweepError, SweepRow, SweepSpec, merge_rows, read_csv, run_sweep_until, write_csv,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Sizes when none are given: 1..=20 piles, or N = 1..=100 (as `gamelab sweep`).
fn default_sizes(takes_piles: bool) -> (u64, u64) {
    if takes_piles { (1, 20) } else { (1, 100) }
}

/// Instances per n when `trials` is not given (number games have one per N).
const DEFAULT_TRIALS: u64 = 1000;

/// What a sweep's table costs here, per row, beyond the library's estimate (whose rows stream
/// to their writer): the row kept until the sweep ends, its CSV line, and the DataFrame pandas
/// reads from it. Measured: `gamelab.sweep("divisor-game", n_max=10**6)` peaked at 1.13 GB,
/// 1,055 bytes a row above an interpreter with gamelab and pandas loaded.
const FRAME_BYTES_PER_ROW: u128 = 1_100;

/// Runs a sweep without the GIL (Ctrl-C stops it); returns the CSV text and whether every
/// `margin_sum` fits in 64 bits (else the frame keeps it as Python ints).
#[pyfunction]
pub fn sweep(name: &str, options: Bound<'_, PyDict>) -> PyResult<(String, bool)> {
    let (entry, options) = Options::for_game(name, options)?;
    let py = options.py();
    let trials = options.u64("trials")?.unwrap_or(if entry.takes_piles() {
        DEFAULT_TRIALS
    } else {
        1
    });
    let shard = match options.string("shard")? {
        None => Shard::ALL,
        Some(text) => parse_shard(&text)?,
    };
    let spec = SweepSpec {
        generator: options.generator(entry, default_sizes(entry.takes_piles()))?,
        trials,
        shard,
    };
    let threads = options.threads("threads")?;
    check_frame_memory(entry, &spec)?;
    let rows = run_stoppable(py, |stop| {
        let run = || run_sweep_until(entry, &spec, &|_| {}, stop);
        match threads {
            None => Ok(run()),
            // A pool of its own for this call: a Dask worker runs one shard per worker thread,
            // so each shard on one thread keeps the cores busy without oversubscribing them.
            Some(count) => rayon::ThreadPoolBuilder::new()
                .num_threads(count)
                .build()
                .map(|pool| pool.install(run))
                .map_err(|error| format!("could not start {count} threads for the sweep: {error}")),
        }
    })?
    .map_err(input_error)?;
    let rows = match rows {
        Ok(rows) => rows,
        Err(SweepError::Stopped) => return Err(input_error("the sweep was stopped")),
        Err(error) => return Err(input_error(error)),
    };
    csv_text(&rows)
}

/// Refuses a sweep whose DataFrame (one row per size) would not fit the memory budget: the
/// command line streams its rows to a file, a frame holds them all.
fn check_frame_memory(entry: &dyn GameEntry, spec: &SweepSpec) -> PyResult<()> {
    let generator = Generator::new(entry, spec.generator.clone()).map_err(input_error)?;
    let rows = generator.spec().sizes.count() as u128;
    Cost::memory(rows.saturating_mul(FRAME_BYTES_PER_ROW))
        .check(
            format_args!("the DataFrame of this sweep ({} rows)", count(rows)),
            "use fewer sizes, or write the table with the command line's `gamelab sweep --out`, \
             which streams its rows",
        )
        .map_err(input_error)
}

/// `K/N` with 1 <= K <= N, as the CLI's `--shard`.
fn parse_shard(text: &str) -> PyResult<Shard> {
    let form = || {
        input_error(format!(
            "shard '{text}' is not of the form K/N with 1 <= K <= N (e.g. 2/8)"
        ))
    };
    let (index, count) = text.split_once('/').ok_or_else(form)?;
    let index: u64 = index.trim().parse().map_err(|_| form())?;
    let count: u64 = count.trim().parse().map_err(|_| form())?;
    Shard::new(index, count).map_err(|_| form())
}

fn csv_text(rows: &[SweepRow]) -> PyResult<(String, bool)> {
    let mut bytes = Vec::new();
    write_csv(rows, &mut bytes).map_err(input_error)?;
    let fits = rows.iter().all(|row| i64::try_from(row.margin_sum).is_ok());
    let text = String::from_utf8(bytes).map_err(input_error)?;
    Ok((text, fits))
}

/// Reads sweep tables (CSV text, one per frame, named in messages) with the library's strict
/// reader.
fn read_tables(tables: &[(String, String)]) -> PyResult<Vec<Vec<SweepRow>>> {
    tables
        .iter()
        .map(|(name, text)| read_csv(text.as_bytes(), name).map_err(input_error))
        .collect()
}

/// Merges the tables of a sharded sweep into the table of the whole sweep.
#[pyfunction]
pub fn merge_csv(tables: Vec<(String, String)>) -> PyResult<(String, bool)> {
    let shards = read_tables(&tables)?;
    let rows = merge_rows(&shards).map_err(input_error)?;
    csv_text(&rows)
}

/// A table read and written again by the library: the bytes the CLI writes for these rows.
#[pyfunction]
pub fn rewrite_csv(name: String, text: String) -> PyResult<String> {
    let rows = read_tables(&[(name, text)])?.remove(0);
    Ok(csv_text(&rows)?.0)
}
