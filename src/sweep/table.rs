//! Sweep tables on disk: rows written and read as CSV (errors name the file, line and column),
//! and the rows of several shards merged into those of the whole sweep.

use super::tally::SweepRow;
use crate::error::InputError;
use std::io::{Read, Write};

/// Combines the rows of several shards of one sweep into the rows one unsharded run gives.
/// Every row must carry the same settings; rows of equal n are summed.
pub fn merge_rows(shards: &[Vec<SweepRow>]) -> Result<Vec<SweepRow>, InputError> {
    let mut rows: Vec<&SweepRow> = shards.iter().flatten().collect();
    let Some(first) = rows.first() else {
        return Err(InputError::Merge {
            reason: "nothing: the files hold no rows".into(),
        });
    };
    let settings = first.settings();
    if let Some(other) = rows.iter().find(|row| row.settings() != settings) {
        return Err(InputError::Merge {
            reason: format!(
                "rows of different sweeps: {} ({}) and {} ({})",
                settings.game,
                settings.describe(),
                other.game,
                other.settings().describe()
            ),
        });
    }
    rows.sort_by_key(|row| row.n);
    let mut merged: Vec<SweepRow> = Vec::new();
    for row in rows {
        match merged.last_mut() {
            Some(last) if last.n == row.n => {
                *last = SweepRow::new(row.n, last.tally().merged(row.tally()), &settings);
            }
            _ => merged.push(SweepRow::new(row.n, row.tally(), &settings)),
        }
    }
    Ok(merged)
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

/// Reads the rows of a sweep CSV; `name` (the file's name) prefixes error messages, which give
/// the line and the column at fault.
pub fn read_csv(reader: impl Read, name: &str) -> Result<Vec<SweepRow>, InputError> {
    let mut csv = csv::Reader::from_reader(reader);
    let headers = csv
        .headers()
        .map_err(|error| table_error(name, error))?
        .clone();
    let required = [
        "n",
        "trials",
        "first_wins",
        "ties",
        "second_wins",
        "margin_sum",
        "game",
        "seed",
    ];
    if let Some(missing) = required
        .iter()
        .find(|column| !headers.iter().any(|h| h == **column))
    {
        return Err(table_error(
            name,
            format!("line 1: the header has no '{missing}' column (is this a sweep table?)"),
        ));
    }
    let mut rows = Vec::new();
    for (index, record) in csv.records().enumerate() {
        let line = index + 2;
        let record = record.map_err(|error| table_error(name, error))?;
        let row: SweepRow = record
            .deserialize(Some(&headers))
            .map_err(|error| describe_csv_error(name, line, &headers, &error))?;
        rows.push(row);
    }
    Ok(rows)
}

fn describe_csv_error(
    name: &str,
    line: usize,
    headers: &csv::StringRecord,
    error: &csv::Error,
) -> InputError {
    if let csv::ErrorKind::Deserialize { err, .. } = error.kind()
        && let Some(field) = err.field()
    {
        let column = headers.get(field as usize).unwrap_or("?");
        return table_error(
            name,
            format!("line {line}: column '{column}': {}", err.kind()),
        );
    }
    table_error(name, format!("line {line}: {error}"))
}

/// An error in the table read from `file`.
fn table_error(file: &str, message: impl ToString) -> InputError {
    InputError::Table {
        file: file.to_string(),
        message: message.to_string(),
    }
}
