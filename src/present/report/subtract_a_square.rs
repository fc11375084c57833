//! The study "How rare are losing positions in subtract-a-square?": the losing positions of
//! stone-game-iv counted to 2^26 at every power of two, the power law fitted to the counts beside
//! D. Eppstein's n^0.7, charted on log-log axes, and the first positions checked against OEIS
//! A030193 as it lists them.

use crate::base::input::InstanceInput;
use crate::cost::Cost;
use crate::games::find_game;
use crate::present::plot::losing_counts::LosingCountsChart;
use crate::present::report::{ReportError, ReportWriter, Section, provenance, with_png};
use crate::studies::grundy::sequence_of;
use crate::studies::losing::{LosingCount, LosingStudy, losing_positions, write_counts_csv};
use std::fmt::Write as _;

/// The largest position counted: 2^26, about a second of the sieve on two cores.
const N_MAX: u64 = 1 << 26;

/// The data file's and the chart's name, without an extension.
const STEM: &str = "subtract-a-square-losing";

/// OEIS A030193 as its entry lists it (the terms shown on the page, 0 to 267): the losing
/// positions of subtract-a-square, computed by others.
const OEIS_A030193: [u64; 49] = [
    0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39, 44, 52, 57, 62, 65, 67, 72, 85, 95, 109, 119, 124,
    127, 130, 132, 137, 142, 147, 150, 170, 177, 180, 182, 187, 192, 197, 204, 210, 215, 238, 243,
    249, 255, 257, 260, 262, 267,
];

/// What the study costs: the sieve to 2^26.
pub(super) fn cost() -> Result<Cost, ReportError> {
    let game = find_game("stone-game-iv").map_err(ReportError::study)?;
    sequence_of(game)
        .and_then(|sequence| sequence.losing_cost(&InstanceInput::default(), N_MAX))
        .map_err(ReportError::study)
}

/// The study's section, its CSV (`n,losing`) and its chart.
pub(super) fn write(writer: &ReportWriter) -> Result<Vec<Section>, ReportError> {
    let game = find_game("stone-game-iv").map_err(ReportError::study)?;
    let mut first_terms: Vec<u64> = Vec::with_capacity(OEIS_A030193.len());
    let mut first = |chunk: &[u64]| {
        let room = OEIS_A030193.len() - first_terms.len();
        first_terms.extend(chunk.iter().take(room));
        Ok(())
    };
    let study = losing_positions(game, &InstanceInput::default(), N_MAX, Some(&mut first))
        .map_err(ReportError::study)?;
    if first_terms != OEIS_A030193 {
        return Err(ReportError::Study(format!(
            "subtract-a-square's first losing positions {first_terms:?} are not OEIS A030193's"
        )));
    }
    let mut csv = Vec::new();
    write_counts_csv(&study.counts, &mut csv).map_err(ReportError::study)?;
    writer.text(&format!("{STEM}.csv"), &String::from_utf8_lossy(&csv))?;
    let chart = LosingCountsChart::of_study(&study).map_err(ReportError::study)?;
    let picture = writer.chart(STEM, "Losing positions of subtract-a-square", &chart)?;
    let mut body = intro(&study);
    body.push_str(&counts_table(&study.counts));
    body.push('\n');
    body.push_str(&picture);
    let commands = [with_png(&format!(
        "gamelab losing-positions stone-game-iv --n-max {N_MAX} --out {STEM}.csv --plot {STEM}.svg"
    ))];
    body.push_str(&provenance(&format!("[{STEM}.csv]({STEM}.csv)"), &commands));
    Ok(vec![Section {
        title: "How rare are losing positions in subtract-a-square?".to_string(),
        body,
    }])
}

/// What the game is, what was counted, and what the counts say.
fn intro(study: &LosingStudy) -> String {
    let law = match &study.law {
        Some(law) => format!(
            "The least-squares line through the counts at the powers of two from 2^10 on is \
             **{law}**: the exponent D. Eppstein found up to 2^30 (\"Faster Evaluation of \
             Subtraction Games\", FUN 2018) is about 0.7. "
        ),
        None => String::new(),
    };
    format!(
        "Stone Game IV (LeetCode 1510) is *subtract-a-square*: a move takes a non-zero square \
         number of stones, and who cannot move loses. A position is *losing* when the player \
         to move loses with best play; they are rare, and nobody knows exactly how rare. \
         `gamelab losing-positions` finds them with a forward sieve (every losing p makes p + 1, \
         p + 4, p + 9, ... winning) and counts them in 0..=n at every power of two.\n\n\
         Of the {} positions 0..={} exactly {} are losing ({:.3}%). {law}The first {} of them \
         agree with OEIS A030193 as its entry lists them ({}, ..., {}).\n\n",
        u128::from(study.n_max) + 1,
        study.n_max,
        study.losing,
        100.0 * study.losing as f64 / (study.n_max as f64 + 1.0),
        OEIS_A030193.len(),
        OEIS_A030193[..6]
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        OEIS_A030193[OEIS_A030193.len() - 1],
    )
}

/// The counts at every fourth power of two and at N, as a markdown table with each count's ratio
/// to n^0.7.
fn counts_table(counts: &[LosingCount]) -> String {
    let mut text =
        String::from("| n | losing in 0..=n | share | c(n) / n^0.7 |\n|---:|---:|---:|---:|\n");
    let shown = counts
        .iter()
        .filter(|row| row.n >= 1 << 8 && (row.n.trailing_zeros() % 4 == 0 || row.n == N_MAX));
    for row in shown {
        let _ = writeln!(
            text,
            "| 2^{} | {} | {:.3}% | {:.3} |",
            row.n.trailing_zeros(),
            row.losing,
            100.0 * row.losing as f64 / (row.n as f64 + 1.0),
            row.losing as f64 / (row.n as f64).powf(0.7)
        );
    }
    text
}
