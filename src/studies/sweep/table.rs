//! Sweep tables on disk: rows written and read as CSV (errors name the file, line and column),
//! and the rows of several shards merged into those of the whole sweep.

use crate::base::error::InputError;
use crate::cost::{Cost, Operation, Work};
use crate::games::InputForm;
use crate::studies::sweep::tally::{SWEEP_FORMAT, SweepRow, SweepSettings};
use crate::util::plural::counted;
use std::io::{Read, Write};

/// The rows of one sweep table, with the file's name for messages.
#[derive(Clone, Debug)]
pub struct ShardFile {
    pub name: String,
    pub rows: Vec<SweepRow>,
}

/// Rows read from a table, which must all be rows of one sweep (one shard of it).
pub type CsvRows = Vec<SweepRow>;

/// Checks that `rows`, read from `file`, can be the rows of one run of one sweep: every row
/// consistent in itself ([`SweepRow::inconsistency`]), all with the same settings and shard,
/// each size at most once. Returns the settings.
pub fn check_rows(file: &str, rows: &[SweepRow]) -> Result<SweepSettings, InputError> {
    let Some(first) = rows.first() else {
        return Err(table_error(
            file,
            "holds no rows (a sweep table has at least one, even for an empty shard)",
        ));
    };
    let mut seen = std::collections::HashSet::new();
    let mut settings = None;
    for (index, row) in rows.iter().enumerate() {
        let line = index + 2;
        if let Some(reason) = row.inconsistency() {
            return Err(table_error(
                file,
                format!("line {line}: n = {}: {reason}", row.n),
            ));
        }
        let row_settings = row.settings();
        match &settings {
            None => settings = row_settings,
            Some(expected) if row_settings.as_ref() != Some(expected) => {
                return Err(table_error(
                    file,
                    format!(
                        "line {line}: the row's settings ({}) differ from line 2's ({})",
                        row_settings.map_or("?".into(), |s| s.describe_all()),
                        expected.describe_all()
                    ),
                ));
            }
            Some(_) => {}
        }
        if !seen.insert(row.n) {
            return Err(table_error(
                file,
                format!("line {line}: a second row for n = {}", row.n),
            ));
        }
    }
    settings.ok_or_else(|| {
        table_error(
            file,
            format!("line 2: n = {}: unreadable settings", first.n),
        )
    })
}

/// Combines the tables of the shards of one sweep into the rows one unsharded run gives, after
/// proving that they are exactly that: every table consistent ([`check_rows`]), all of one sweep
/// (the same game, sizes, values, trials, seed and subtraction set), all cut into the same
/// number N of shards, and every shard 1..N present exactly once. Otherwise the error says what
/// is mismatched, duplicated or missing. The merged rows are checked to hold every size of the
/// sweep with all its trials.
pub fn merge_files(files: &[ShardFile]) -> Result<Vec<SweepRow>, InputError> {
    if files.is_empty() {
        return Err(merge_error("nothing: no files given"));
    }
    let settings: Vec<SweepSettings> = files
        .iter()
        .map(|file| check_rows(&file.name, &file.rows))
        .collect::<Result<_, _>>()?;
    check_one_cut_of_one_sweep(files, &settings)?;
    check_every_shard_once(files, &settings)?;
    let whole = settings[0].whole();
    let merged = merged_rows(files, &whole);
    check_complete(&merged, &whole)?;
    Ok(merged)
}

/// Checks that the tables `files`, whose rows have `settings`, are of one sweep, cut into the
/// same number of shards.
fn check_one_cut_of_one_sweep(
    files: &[ShardFile],
    settings: &[SweepSettings],
) -> Result<(), InputError> {
    let first = &files[0];
    let whole = settings[0].whole();
    for (file, file_settings) in files.iter().zip(settings).skip(1) {
        if file_settings.whole() != whole {
            return Err(merge_error(format!(
                "tables of different sweeps: {} is {} but {} is {}",
                first.name,
                whole.describe_all(),
                file.name,
                file_settings.whole().describe_all()
            )));
        }
    }
    let count = settings[0].shard.1;
    if let Some((file, other)) = files.iter().zip(settings).find(|(_, s)| s.shard.1 != count) {
        return Err(merge_error(format!(
            "shards of different cuts: {} is shard {}/{} but {} is shard {}/{} (a whole sweep \
             is 1/1; merge the shards of one sharded run)",
            first.name, settings[0].shard.0, count, file.name, other.shard.0, other.shard.1
        )));
    }
    Ok(())
}

/// Checks that every shard of the cut is among the tables `files` (whose rows have `settings`)
/// exactly once.
fn check_every_shard_once(
    files: &[ShardFile],
    settings: &[SweepSettings],
) -> Result<(), InputError> {
    let count = settings[0].shard.1;
    let mut holders: std::collections::BTreeMap<u64, Vec<&str>> = Default::default();
    for (file, file_settings) in files.iter().zip(settings) {
        holders
            .entry(file_settings.shard.0)
            .or_default()
            .push(&file.name);
    }
    if let Some((index, names)) = holders.iter().find(|(_, names)| names.len() > 1) {
        return Err(merge_error(format!(
            "shard {index}/{count} twice: {}",
            names.join(" and ")
        )));
    }
    if holders.len() as u64 != count {
        let missing: Vec<String> = (1..=count)
            .filter(|index| !holders.contains_key(index))
            .take(10)
            .map(|index| format!("{index}/{count}"))
            .collect();
        let more = count - holders.len() as u64;
        return Err(merge_error(format!(
            "an incomplete sweep: {more} of its {count} shards missing ({}{})",
            missing.join(", "),
            if more > 10 { ", ..." } else { "" }
        )));
    }
    Ok(())
}

/// The rows of all `files` as rows of the `whole` sweep: one per size, its shards' tallies
/// merged, without empty shards' placeholders.
fn merged_rows(files: &[ShardFile], whole: &SweepSettings) -> Vec<SweepRow> {
    let mut rows: Vec<&SweepRow> = files.iter().flat_map(|file| &file.rows).collect();
    rows.sort_by_key(|row| row.n);
    let mut merged: Vec<SweepRow> = Vec::new();
    for row in rows {
        match merged.last_mut() {
            Some(last) if last.n == row.n => {
                *last = SweepRow::new(row.n, last.tally().merged(row.tally()), whole);
            }
            _ => merged.push(SweepRow::new(row.n, row.tally(), whole)),
        }
    }
    // An empty shard's placeholder row adds nothing.
    merged.retain(|row| row.trials > 0);
    merged
}

/// Checks that the `merged` rows hold every size of the `whole` sweep with all its trials.
fn check_complete(merged: &[SweepRow], whole: &SweepSettings) -> Result<(), InputError> {
    let sizes = whole.sizes.count();
    if let Some(short) = merged.iter().find(|row| row.trials != whole.trials_per_n) {
        return Err(merge_error(format!(
            "an incomplete sweep: n = {} holds {} of its {}",
            short.n,
            short.trials,
            counted(whole.trials_per_n, "trial")
        )));
    }
    if merged.len() as u64 != sizes {
        let absent = whole
            .sizes
            .iter()
            .find(|n| merged.binary_search_by_key(n, |row| row.n).is_err());
        return Err(merge_error(format!(
            "an incomplete sweep: rows for {} of its {}{}",
            merged.len(),
            counted(sizes, "size"),
            absent.map_or(String::new(), |n| format!(" (none for n = {n})"))
        )));
    }
    Ok(())
}

/// What reading and checking `bytes` bytes of sweep CSV costs: the rows are parsed, checked and
/// kept (a few hundred bytes each, from about a hundred and fifty of text).
pub fn read_cost(bytes: u64) -> Cost {
    let bytes = bytes as u128;
    Cost::new(bytes.saturating_mul(4), Work::of(Operation::CsvByte, bytes))
}

/// Reads a CSV that must hold a whole sweep (what a chart draws): read as [`read_csv`] does and
/// checked as [`merge_files`] checks its shards, so a table missing a size, a trial or a shard
/// is refused rather than drawn without them.
pub fn read_whole(reader: impl Read, name: &str) -> Result<Vec<SweepRow>, InputError> {
    let rows = read_csv(reader, name)?;
    merge_files(&[ShardFile {
        name: name.to_string(),
        rows,
    }])
    .map_err(|error| match error {
        InputError::Merge { reason } => table_error(
            name,
            format!(
                "not a whole sweep: {} (a chart needs every row: run the whole sweep, or \
                 combine its shards with gamelab merge)",
                reason.trim_start_matches("an ")
            ),
        ),
        other => other,
    })
}

/// [`merge_files`] for tables without names (messages call them `table 1`, `table 2`, ...).
pub fn merge_rows(shards: &[Vec<SweepRow>]) -> Result<Vec<SweepRow>, InputError> {
    let files: Vec<ShardFile> = shards
        .iter()
        .enumerate()
        .map(|(index, rows)| ShardFile {
            name: format!("table {}", index + 1),
            rows: rows.clone(),
        })
        .collect();
    merge_files(&files)
}

fn merge_error(reason: impl Into<String>) -> InputError {
    InputError::Merge {
        reason: reason.into(),
    }
}

/// Writes rows as CSV with a header row.
pub fn write_csv(rows: &[SweepRow], writer: impl Write) -> Result<(), csv::Error> {
    let mut csv = csv::Writer::from_writer(writer);
    for row in rows {
        csv.serialize(row)?;
    }
    csv.flush()?;
    Ok(())
}

/// Writes rows as CSV one at a time, the header before the first: for streamed sweeps.
pub struct CsvSink<W: Write> {
    csv: csv::Writer<W>,
}

impl<W: Write> CsvSink<W> {
    /// A sink writing to `writer`.
    pub fn new(writer: W) -> CsvSink<W> {
        CsvSink {
            csv: csv::Writer::from_writer(writer),
        }
    }

    /// Writes one row.
    pub fn write(&mut self, row: &SweepRow) -> Result<(), std::io::Error> {
        self.csv.serialize(row).map_err(csv_to_io)
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> Result<(), std::io::Error> {
        self.csv.flush()
    }

    /// Flushes what is buffered and hands back the writer (to put a finished file in place).
    pub fn into_inner(self) -> Result<W, std::io::Error> {
        self.csv
            .into_inner()
            .map_err(|error| std::io::Error::new(error.error().kind(), error.error().to_string()))
    }
}

/// Writes one row as CSV to `out`, preceded by the header when `header` is true: for printing
/// streamed rows into a writer the caller keeps.
pub fn write_csv_row(out: &mut dyn Write, row: &SweepRow, header: bool) -> std::io::Result<()> {
    let mut csv = csv::WriterBuilder::new()
        .has_headers(header)
        .buffer_capacity(1024)
        .from_writer(out);
    csv.serialize(row).map_err(csv_to_io)?;
    csv.flush()
}

/// A CSV error as the I/O error it wraps (a row of plain fields cannot fail otherwise).
fn csv_to_io(error: csv::Error) -> std::io::Error {
    match error.into_kind() {
        csv::ErrorKind::Io(error) => error,
        other => std::io::Error::other(format!("{other:?}")),
    }
}

/// Reads the rows of a sweep CSV; `name` (the file's name) prefixes error messages, which give
/// the line and the column at fault.
pub fn read_csv(reader: impl Read, name: &str) -> Result<Vec<SweepRow>, InputError> {
    let mut csv = csv::Reader::from_reader(reader);
    let headers = csv
        .headers()
        .map_err(|error| table_error(name, error))?
        .clone();
    // The columns every sweep table has; the first eight are format 1's whole header.
    let required = [
        "n",
        "trials",
        "first_wins",
        "ties",
        "second_wins",
        "margin_sum",
        "game",
        "seed",
        "subtract",
        "n_min",
        "n_max",
        "trials_per_n",
        "shard",
        "format",
    ];
    let has = |column: &str| headers.iter().any(|h| h == column);
    if !has("format") && required[..8].iter().all(|column| has(column)) {
        return Err(table_error(
            name,
            format!(
                "line 1: a sweep table of format 1 (no 'format' column), written by an older \
                 gamelab; this one reads format {SWEEP_FORMAT}: run the sweep again"
            ),
        ));
    }
    if headers.is_empty() {
        return Err(table_error(name, "the table is empty: no header, no rows"));
    }
    if let Some(missing) = required.iter().find(|column| !has(column)) {
        return Err(table_error(
            name,
            format!("line 1: the header has no '{missing}' column (is this a sweep table?)"),
        ));
    }
    let mut rows = Vec::new();
    // Progress is reported every few thousand rows, in the bytes read (as `read_cost` counts).
    let mut unreported = 0u128;
    for (index, record) in csv.records().enumerate() {
        let line = index + 2;
        let record = record.map_err(|error| table_error(name, error))?;
        unreported += record.as_slice().len() as u128 + record.len() as u128;
        if index % 4096 == 4095 {
            Work::of(Operation::CsvByte, std::mem::take(&mut unreported)).done();
        }
        let row: SweepRow = record
            .deserialize(Some(&headers))
            .map_err(|error| describe_csv_error(name, line, &headers, &record, &error))?;
        if row.format != SWEEP_FORMAT {
            return Err(table_error(
                name,
                format!(
                    "line {line}: format {} is not the format {SWEEP_FORMAT} this gamelab reads",
                    row.format
                ),
            ));
        }
        check_names(&row)
            .map_err(|problem| table_error(name, format!("line {line}: {problem}")))?;
        rows.push(row);
    }
    Work::of(Operation::CsvByte, unreported).done();
    Ok(rows)
}

/// Refuses a row whose text columns, which charts and messages show, say what no sweep writes:
/// a game gamelab does not know, a subtraction set that is not positive integers apart by
/// spaces or for a game without one, pile settings (distribution, value range, total's parity)
/// for a game without piles, or none or an empty range for one with them.
fn check_names(row: &SweepRow) -> Result<(), String> {
    let Ok(entry) = crate::games::find_game(&row.game) else {
        return Err(format!(
            "column 'game': '{}' is not a game gamelab knows",
            row.game
        ));
    };
    if let Some(set) = &row.subtract
        && !set
            .split(' ')
            .all(|amount| amount.parse::<u64>().is_ok_and(|amount| amount >= 1))
    {
        return Err(format!(
            "column 'subtract': '{set}' is not amounts of 1 or more apart by spaces"
        ));
    }
    // The columns of drawn piles and of a subtraction set belong to the games that have them.
    let takes_set = matches!(
        entry.input_form(),
        InputForm::Number {
            subtraction_set: true,
            ..
        }
    );
    if row.subtract.is_some() && !takes_set {
        return Err(format!(
            "column 'subtract': {} takes no subtraction set",
            entry.name()
        ));
    }
    if row.distribution.is_some() != entry.takes_piles() {
        return Err(match entry.takes_piles() {
            true => format!(
                "column 'distribution': {} draws piles, but none is named",
                entry.name()
            ),
            false => format!("column 'distribution': {} draws no piles", entry.name()),
        });
    }
    match (entry.takes_piles(), row.min_value, row.max_value) {
        (true, Some(min), Some(max)) if min <= max => {}
        (true, Some(min), Some(max)) => {
            return Err(format!(
                "columns 'min_value' and 'max_value': the values range from {min} to {max}, \
                 which is empty"
            ));
        }
        (true, _, _) => {
            return Err(format!(
                "columns 'min_value' and 'max_value': {} draws piles, but their range is not \
                 given",
                entry.name()
            ));
        }
        (false, None, None) if row.total_parity.is_none() => {}
        (false, _, _) => {
            return Err(format!(
                "columns 'min_value', 'max_value' and 'total_parity': {} draws no piles, so \
                 they are empty",
                entry.name()
            ));
        }
    }
    Ok(())
}

/// A row that does not read as a sweep row, said by its line, column and value where the CSV
/// reader knows them.
fn describe_csv_error(
    name: &str,
    line: usize,
    headers: &csv::StringRecord,
    record: &csv::StringRecord,
    error: &csv::Error,
) -> InputError {
    let csv::ErrorKind::Deserialize { err, .. } = error.kind() else {
        return table_error(name, format!("line {line}: {error}"));
    };
    match err.field() {
        Some(field) => {
            let column = headers.get(field as usize).unwrap_or("?");
            let value = record.get(field as usize).unwrap_or("");
            table_error(
                name,
                format!(
                    "line {line}: column '{column}': '{value}' does not read ({})",
                    err.kind()
                ),
            )
        }
        // The reader names no column for an unknown word (`unknown variant ...`).
        None => table_error(name, format!("line {line}: {}", err.kind())),
    }
}

/// An error in the table read from `file`.
fn table_error(file: &str, message: impl ToString) -> InputError {
    InputError::Table {
        file: file.to_string(),
        message: message.to_string(),
    }
}
