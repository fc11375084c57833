//! The parity study: how often the first player of the row-of-piles game (LeetCode 877 / 486)
//! wins as the number of piles grows, odd n against even n, under two value distributions.

use crate::base::input::Extras;
use crate::present::report::charts::{ChartKind, draw_charts};
use crate::present::report::{ReportError, ReportWriter, Section, SweepStudy, percent, rows_table};
use crate::studies::generate::{Distribution, Parity, SizeRange, ValueSpec};
use crate::studies::sweep::{SweepRow, summarize_by_parity};
use crate::util::plural::counted;
use std::fmt::Write as _;

/// Instances per pile count: enough for intervals about ±1 percentage point wide.
const TRIALS: u64 = 10_000;

/// Pile counts shown in the tables: the small ones, and a few large ones of each parity.
const TABLE_SIZES: [u64; 12] = [1, 2, 3, 4, 5, 6, 9, 10, 31, 32, 59, 60];

/// The two sweeps: values uniform on 1..100 (LeetCode's range) and heavy-tailed values on
/// 1..1,000,000 (a few huge piles decide most games).
pub(super) fn studies() -> Vec<SweepStudy> {
    let study = |values: ValueSpec, stem| SweepStudy {
        game: "stone-game",
        sizes: SizeRange::new(1, 60),
        values: Some(values),
        trials: TRIALS,
        extras: Extras::default(),
        stem,
    };
    vec![
        study(ValueSpec::uniform(1, 100), "parity-uniform"),
        study(
            ValueSpec {
                distribution: Distribution::Geometric,
                ..ValueSpec::uniform(1, 1_000_000)
            },
            "parity-geometric",
        ),
    ]
}

pub(super) fn write(writer: &ReportWriter) -> Result<Vec<Section>, ReportError> {
    let mut sections = Vec::new();
    for study in studies() {
        let rows = study.run(writer)?;
        let values = study
            .values
            .as_ref()
            .map_or(String::new(), ValueSpec::describe);
        let mut body = format!(
            "`stone-game` (LeetCode 877 / 486, the gold pots): {TRIALS} random rows of piles for \
             every pile count n from {} to {}, {values}, each solved exactly.\n\n",
            study.sizes.min, study.sizes.max
        );
        body.push_str(&findings(&rows));
        body.push('\n');
        body.push_str(&rows_table(&rows, &TABLE_SIZES, "n"));
        let (charts, plot_commands) = draw_charts(
            writer,
            study.stem,
            &rows,
            &[ChartKind::WinRate, ChartKind::OutcomeShares],
        )?;
        body.push_str(&charts);
        let mut commands = vec![study.command()];
        commands.extend(plot_commands);
        body.push_str(&crate::present::report::provenance(
            &format!("[{0}.csv]({0}.csv)", study.stem),
            &commands,
        ));
        let title = match study.values.map(|values| values.distribution) {
            Some(Distribution::Geometric) => "Odd against even n: heavy-tailed values",
            _ => "Odd against even n: uniform values 1..100",
        };
        sections.push(Section {
            title: title.to_string(),
            body,
        });
    }
    Ok(sections)
}

/// What the sweep says, in sentences computed from its rows.
fn findings(rows: &[SweepRow]) -> String {
    let mut text = String::new();
    for summary in summarize_by_parity(rows) {
        let tally = summary.tally;
        let _ = write!(
            text,
            "- **{} n** ({}, {}): the first player wins {}, ties {}, loses {}.",
            summary.parity.name(),
            counted(summary.sizes, "pile count"),
            counted(tally.trials, "instance"),
            percent(tally.first_wins, tally.trials),
            percent(tally.ties, tally.trials),
            percent(tally.second_wins, tally.trials),
        );
        match (summary.parity, tally.second_wins, tally.ties) {
            (Parity::Even, 0, 0) => text.push_str(
                " The first player never lost and never tied, as the parity argument predicts \
                 (take every odd-position or every even-position pile, whichever set is \
                 heavier).",
            ),
            (Parity::Even, 0, ties) => {
                let _ = write!(
                    text,
                    " The first player never lost, as the parity argument predicts (take every \
                     odd-position or every even-position pile, whichever set is heavier), but \
                     {} — so \"an even pile count always wins\" holds only \
                     with LeetCode 877's extra condition that the total is odd.",
                    if ties == 1 {
                        "1 game was a tie".to_string()
                    } else {
                        format!("{ties} games were ties")
                    }
                );
            }
            (Parity::Even, losses, _) => {
                let _ = write!(
                    text,
                    " The first player lost {}: that would contradict the parity argument, so \
                     this is a bug — please report it.",
                    counted(losses, "game")
                );
            }
            (Parity::Odd, _, _) => text.push_str(
                " With an odd count the first player takes one pile more, but after its first \
                 move the second player faces an even row and can play the parity strategy on \
                 it, so the first player wins only when its extra pile outweighs that.",
            ),
        }
        text.push('\n');
    }
    // The odd-n trend, at sizes spread over the range.
    let trend: Vec<&SweepRow> = rows
        .iter()
        .filter(|row| [3, 9, 31, 59].contains(&row.n))
        .collect();
    if trend.len() > 1 {
        let falling = trend
            .windows(2)
            .all(|pair| pair[1].first_win_rate < pair[0].first_win_rate);
        let points: Vec<String> = trend
            .iter()
            .map(|row| format!("{} at n = {}", percent(row.first_wins, row.trials), row.n))
            .collect();
        let _ = writeln!(
            text,
            "- With odd n the first player's win rate {} as n grows: {}. (n = 1 is a certain \
             win: one pile, all of it.)",
            if falling { "falls" } else { "moves" },
            points.join(", ")
        );
    }
    text
}
