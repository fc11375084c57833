//! The octal-games study: the nim-sequences of the named octal games and a few more codes, each
//! with its period and pre-period, whether the octal periodicity theorem proves it, the largest
//! value seen and ogsolve's checksum, and a chart of Kayles' sequence around its pre-period.

use crate::base::input::InstanceInput;
use crate::cost::Cost;
use crate::games::find_game;
use crate::present::plot::nim_sequence::NimSequenceChart;
use crate::present::report::{ReportError, ReportWriter, Section, provenance, with_png};
use crate::studies::grundy::{SequenceSummary, nim_sequence, sequence_of, write_csv};
use std::fmt::Write as _;

/// The sequences of the table: the game, its code (given with `--code` to `octal`, the named
/// games' own), the heaps, and where the result is known from.
const ROWS: [(&str, &str, u64, &str); 10] = [
    ("kayles", "0.77", 1 << 20, "Winning Ways: period 12"),
    ("dawsons-kayles", "0.07", 1 << 20, "Winning Ways: period 34"),
    (
        "dawsons-chess",
        "0.137",
        1 << 20,
        "Dawson's Kayles one heap later",
    ),
    (
        "octal",
        "0.16",
        1 << 20,
        "Gangolli and Plambeck (1989): period 149,459",
    ),
    ("octal", "0.156", 1 << 16, ""),
    ("octal", "0.356", 1 << 16, ""),
    ("octal", "0.45", 1 << 16, ""),
    ("octal", "4.7", 1 << 16, "a leading 4: split without taking"),
    ("octal", "0.126", 1 << 16, "no period known"),
    (
        "octal",
        "0.6",
        1 << 16,
        "no period known (ogsolve checks 2^20 and more)",
    ),
];

/// The chart's game and heaps: Kayles' exceptional values up to 70 and two periods after.
const CHART: (&str, u64) = ("kayles", 120);

/// The chart's files' name, without the extension.
const CHART_STEM: &str = "octal-kayles-sequence";

/// What the study costs: every sequence of the table (the chart's is a small part of one).
pub(super) fn cost() -> Result<Cost, ReportError> {
    let mut total = Cost::default();
    for (game, code, n_max, _) in ROWS {
        let entry = find_game(game).map_err(ReportError::study)?;
        let sequence = sequence_of(entry).map_err(ReportError::study)?;
        let cost = sequence
            .cost(&rule_input(game, code), n_max)
            .map_err(ReportError::study)?;
        total = total.then(cost);
    }
    Ok(total)
}

/// The rule of a row: the code, given to `octal` only (the named games have their own).
fn rule_input(game: &str, code: &str) -> InstanceInput {
    InstanceInput {
        code: (game == "octal").then(|| code.to_string()),
        ..InstanceInput::default()
    }
}

/// The study's section.
pub fn write(writer: &ReportWriter) -> Result<Vec<Section>, ReportError> {
    let mut body = String::from(
        "An octal game is played on heaps of tokens; its code 0.d1d2d3... says, digit by digit, \
         how k tokens may be taken from one heap: bit 1 takes a whole heap of k, bit 2 leaves \
         one heap, bit 4 splits the rest in two. Every position is a sum of heaps, so a game is \
         known once its nim-sequence is, the Grundy value of every heap; for a finite code it is \
         eventually periodic once it repeats long enough (Guy and Smith's octal periodicity \
         theorem: values repeating with period p from n0 up to 2·n0 + p + t, t the largest \
         take, repeat forever). gamelab computes the sequence by rare and common values and \
         stops where the theorem proves a period, which then answers every heap.\n\n\
         | game | code | heaps | period | pre-period | proved | largest value | checksum | known from |\n\
         |---|---|---:|---:|---:|---|---:|---|---|\n",
    );
    let mut commands = Vec::new();
    for (game, code, n_max, source) in ROWS {
        let entry = find_game(game).map_err(ReportError::study)?;
        let input = rule_input(game, code);
        let values = nim_sequence(entry, &input, n_max).map_err(ReportError::study)?;
        let summary = SequenceSummary::of(entry, &input, &values, n_max);
        let number = |value: Option<usize>| value.map_or("—".to_string(), |v| v.to_string());
        let _ = writeln!(
            body,
            "| {game} | {code} | {n_max} | {} | {} | {} | {} | {} | {source} |",
            number(summary.period),
            number(summary.preperiod),
            match (summary.period, summary.proved) {
                (Some(_), true) => "yes",
                (Some(_), false) => "observed only",
                (None, _) => "—",
            },
            summary.largest,
            summary.checksum.unwrap_or_default(),
        );
        let flag = input
            .code
            .as_ref()
            .map_or(String::new(), |code| format!(" --code {code}"));
        commands.push(format!("gamelab grundy {game}{flag} --n-max {n_max}"));
    }
    body.push_str(
        "\nThe checksum is the Fletcher-32 sum of the values as 16-bit words, as P. Beling's \
         `ogsolve` prints it: the same for the same sequence. Kayles, Dawson's Kayles and \
         Dawson's chess are proved periodic within two hundred heaps; 0.16 needs 509,622 values \
         for its proof; the values of 0.6 and 0.126 keep growing, with no period in sight.\n\n",
    );
    let (game, n_max) = CHART;
    let entry = find_game(game).map_err(ReportError::study)?;
    let input = InstanceInput::default();
    let values = nim_sequence(entry, &input, n_max).map_err(ReportError::study)?;
    let summary = SequenceSummary::of(entry, &input, &values, n_max);
    let chart = NimSequenceChart::of_sequence(game, &summary.rule, &values, n_max)
        .map_err(ReportError::study)?;
    body.push_str(&writer.chart(
        CHART_STEM,
        "Kayles' Grundy values: irregular up to heap 70, then period 12",
        &chart,
    )?);
    let mut csv = Vec::new();
    write_csv(&values, 0, n_max, &mut csv).map_err(ReportError::study)?;
    writer.text(&format!("{CHART_STEM}.csv"), &String::from_utf8_lossy(&csv))?;
    commands.push(with_png(&format!(
        "gamelab grundy {game} --n-max {n_max} --out {CHART_STEM}.csv --plot {CHART_STEM}.svg"
    )));
    body.push('\n');
    body.push_str(&provenance(
        &format!("the table above and {CHART_STEM}.csv"),
        &commands,
    ));
    Ok(vec![Section {
        title: "Octal games: nim-sequences and their periods".to_string(),
        body,
    }])
}
